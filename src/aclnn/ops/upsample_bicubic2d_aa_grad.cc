// aclnnUpsampleBicubic2dAAGrad: phase 1 reads like the contract's list of
// checks (docs/aclnnUpsampleBicubic2dAAGrad.md, section 5), then builds a
// plan; phase 2 only runs the plan on a stream.
#include "aclnnop/aclnn_upsample_bicubic2d_aa_grad.h"

#include <cmath>
#include <memory>
#include <string>

#include "aclnn/objects.h"
#include "aclnn/ops/resample_op.h"
#include "resample/view_checks.h"

namespace aclnn_host::aclnn {
namespace {

using resample::ResampleProblem;

#define CHECK_OR_FAIL(cond, status, msg) \
  if (cond) return Fail(status, std::string(kOp) + ": " + (msg))

constexpr const char* kOp = "aclnnUpsampleBicubic2dAAGradGetWorkspaceSize";

aclnnStatus GetWorkspaceSize(const aclTensor* gradOutput, const aclIntArray* outputSize,
                             const aclIntArray* inputSize, bool alignCorners, double scalesH,
                             double scalesW, aclTensor* out, uint64_t* workspaceSize,
                             aclOpExecutor** executor) {
  // 0. Where the results go.
  CHECK_OR_FAIL(workspaceSize == nullptr, ACLNN_ERR_PARAM_NULLPTR, "workspaceSize is nullptr");
  CHECK_OR_FAIL(executor == nullptr, ACLNN_ERR_PARAM_NULLPTR, "executor is nullptr");
  // 1. Required inputs (CANN forgets outputSize and crashes; we do not).
  CHECK_OR_FAIL(gradOutput == nullptr, ACLNN_ERR_PARAM_NULLPTR, "gradOutput is nullptr");
  CHECK_OR_FAIL(outputSize == nullptr, ACLNN_ERR_PARAM_NULLPTR, "outputSize is nullptr");
  CHECK_OR_FAIL(inputSize == nullptr, ACLNN_ERR_PARAM_NULLPTR, "inputSize is nullptr");
  CHECK_OR_FAIL(out == nullptr, ACLNN_ERR_PARAM_NULLPTR, "out is nullptr");
  CHECK_OR_FAIL(!IsLiveTensor(gradOutput), ACLNN_ERR_PARAM_INVALID,
                "gradOutput is not a live aclTensor (destroyed or never created)");
  CHECK_OR_FAIL(!IsLiveTensor(out), ACLNN_ERR_PARAM_INVALID,
                "out is not a live aclTensor (destroyed or never created)");
  CHECK_OR_FAIL(!IsLiveIntArray(outputSize), ACLNN_ERR_PARAM_INVALID,
                "outputSize is not a live aclIntArray");
  CHECK_OR_FAIL(!IsLiveIntArray(inputSize), ACLNN_ERR_PARAM_INVALID,
                "inputSize is not a live aclIntArray");

  // 2.-4. Data types, scales, formats and ranks (shared with the forward).
  std::string why = CheckTensorsAndScales("gradOutput", gradOutput, out, scalesH, scalesW);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);
  CHECK_OR_FAIL(inputSize->values.size() != 4, ACLNN_ERR_PARAM_INVALID,
                "inputSize must have 4 values, got " + std::to_string(inputSize->values.size()));
  CHECK_OR_FAIL(outputSize->values.size() != 2, ACLNN_ERR_PARAM_INVALID,
                "outputSize must have 2 values, got " + std::to_string(outputSize->values.size()));

  // 5. No empty tensors.
  const std::vector<int64_t>& go = gradOutput->view_shape;
  const std::vector<int64_t>& in = inputSize->values;
  for (int k = 0; k < 4; ++k) {
    CHECK_OR_FAIL(go[k] <= 0, ACLNN_ERR_PARAM_INVALID,
                  "gradOutput dim " + std::to_string(k) + " is " + std::to_string(go[k]) +
                      " in shape " + ShapeString(go) + "; every dim must be > 0");
  }
  for (int k = 0; k < 4; ++k) {
    CHECK_OR_FAIL(in[k] <= 0, ACLNN_ERR_PARAM_INVALID,
                  "inputSize[" + std::to_string(k) + "] is " + std::to_string(in[k]) + " in " +
                      ShapeString(in) + "; every value must be > 0");
  }

  // 6. Shapes agree (CANN leaves a mismatch undefined; we refuse).
  const std::vector<int64_t> expected_go = {in[0], in[1], outputSize->values[0],
                                            outputSize->values[1]};
  CHECK_OR_FAIL(go != expected_go, ACLNN_ERR_PARAM_INVALID,
                "gradOutput shape " + ShapeString(go) +
                    " must equal (inputSize[0], inputSize[1], outputSize[0], outputSize[1]) = " +
                    ShapeString(expected_go));
  CHECK_OR_FAIL(
      out->view_shape != in, ACLNN_ERR_PARAM_INVALID,
      "out shape " + ShapeString(out->view_shape) + " must equal inputSize " + ShapeString(in));

  // 7. Forward upscale at most 50x per axis (also under alignCorners).
  why = resample::CheckUpscaleLimit("scalesH", scalesH, in[2], go[2]);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);
  why = resample::CheckUpscaleLimit("scalesW", scalesW, in[3], go[3]);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);

  // 8. Documented size limits.
  why = resample::CheckSizeLimits(
      in[0], in[1], go[2], go[3], in[2], in[3],
      {"outputSize[0] (Ho)", "outputSize[1] (Wo)", "inputSize[2] (Hi)", "inputSize[3] (Wi)"});
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);

  const ResampleProblem problem{
      in[0], in[1],        go[2],   go[3],   in[2],
      in[3], alignCorners, scalesH, scalesW, resample::Direction::kBackward};
  return PlaceAndPlan(kOp, "aclnnUpsampleBicubic2dAAGrad", "gradOutput", gradOutput, out, problem,
                      workspaceSize, executor);
}

aclnnStatus Run(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                aclrtStream stream) {
  return RunExecutor("aclnnUpsampleBicubic2dAAGrad", workspace, workspaceSize, executor, stream);
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleBicubic2dAAGradGetWorkspaceSize", [&]() -> aclnnStatus {
        return aclnn_host::aclnn::GetWorkspaceSize(gradOutput, outputSize, inputSize, alignCorners,
                                                   scalesH, scalesW, out, workspaceSize, executor);
      });
}

aclnnStatus aclnnUpsampleBicubic2dAAGrad(void* workspace, uint64_t workspaceSize,
                                         aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBicubic2dAAGrad", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::Run(workspace, workspaceSize, executor, stream);
  });
}

}  // extern "C"
