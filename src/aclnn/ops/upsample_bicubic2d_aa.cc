// aclnnUpsampleBicubic2dAA: the forward op. Phase 1 mirrors the backward's
// checks wherever the forward has the same parameter (README, "Checks and
// statuses"), then builds a forward plan on the shared engine.
#include "aclnnop/aclnn_upsample_bicubic2d_aa.h"

#include <string>
#include <vector>

#include "aclnn/objects.h"
#include "aclnn/ops/resample_op.h"
#include "resample/view_checks.h"

namespace aclnn_host::aclnn {
namespace {

constexpr const char* kOp = "aclnnUpsampleBicubic2dAAGetWorkspaceSize";

#define CHECK_OR_FAIL(cond, status, msg) \
  if (cond) return Fail(status, std::string(kOp) + ": " + (msg))

aclnnStatus GetWorkspaceSize(const aclTensor* x, const aclIntArray* outputSize, bool alignCorners,
                             double scalesH, double scalesW, aclTensor* out,
                             uint64_t* workspaceSize, aclOpExecutor** executor) {
  // 0. Where the results go.
  CHECK_OR_FAIL(workspaceSize == nullptr, ACLNN_ERR_PARAM_NULLPTR, "workspaceSize is nullptr");
  CHECK_OR_FAIL(executor == nullptr, ACLNN_ERR_PARAM_NULLPTR, "executor is nullptr");
  // 1. Required inputs.
  CHECK_OR_FAIL(x == nullptr, ACLNN_ERR_PARAM_NULLPTR, "x is nullptr");
  CHECK_OR_FAIL(outputSize == nullptr, ACLNN_ERR_PARAM_NULLPTR, "outputSize is nullptr");
  CHECK_OR_FAIL(out == nullptr, ACLNN_ERR_PARAM_NULLPTR, "out is nullptr");
  CHECK_OR_FAIL(!IsLiveTensor(x), ACLNN_ERR_PARAM_INVALID,
                "x is not a live aclTensor (destroyed or never created)");
  CHECK_OR_FAIL(!IsLiveTensor(out), ACLNN_ERR_PARAM_INVALID,
                "out is not a live aclTensor (destroyed or never created)");
  CHECK_OR_FAIL(!IsLiveIntArray(outputSize), ACLNN_ERR_PARAM_INVALID,
                "outputSize is not a live aclIntArray");

  // 2.-4. Data types, scales, formats and ranks (shared with the gradient).
  std::string why = CheckTensorsAndScales("x", x, out, scalesH, scalesW);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);
  CHECK_OR_FAIL(outputSize->values.size() != 2, ACLNN_ERR_PARAM_INVALID,
                "outputSize must have 2 values, got " + std::to_string(outputSize->values.size()));

  // 5. No empty tensors.
  const std::vector<int64_t>& in = x->view_shape;
  const std::vector<int64_t>& osz = outputSize->values;
  for (int k = 0; k < 4; ++k) {
    CHECK_OR_FAIL(in[k] <= 0, ACLNN_ERR_PARAM_INVALID,
                  "x dim " + std::to_string(k) + " is " + std::to_string(in[k]) + " in shape " +
                      ShapeString(in) + "; every dim must be > 0");
  }
  for (int k = 0; k < 2; ++k) {
    CHECK_OR_FAIL(osz[k] <= 0, ACLNN_ERR_PARAM_INVALID,
                  "outputSize[" + std::to_string(k) + "] is " + std::to_string(osz[k]) + " in " +
                      ShapeString(osz) + "; every value must be > 0");
  }

  // 6. out has the output shape.
  const std::vector<int64_t> expected = {in[0], in[1], osz[0], osz[1]};
  CHECK_OR_FAIL(out->view_shape != expected, ACLNN_ERR_PARAM_INVALID,
                "out shape " + ShapeString(out->view_shape) +
                    " must equal (N, C, outputSize[0], outputSize[1]) = " + ShapeString(expected));

  // 7. Upscale at most 50x per axis (also under alignCorners).
  why = resample::CheckUpscaleLimit("scalesH", scalesH, in[2], osz[0]);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);
  why = resample::CheckUpscaleLimit("scalesW", scalesW, in[3], osz[1]);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);

  // 8. Documented size limits (the backward's, with the same H and W).
  why = resample::CheckSizeLimits(
      in[0], in[1], osz[0], osz[1], in[2], in[3],
      {"outputSize[0] (Ho)", "outputSize[1] (Wo)", "x H (Hi)", "x W (Wi)"});
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);

  const resample::ResampleProblem problem{
      in[0], in[1],        osz[0],  osz[1],  in[2],
      in[3], alignCorners, scalesH, scalesW, resample::Direction::kForward};
  // 9. Memory, then the plan.
  return PlaceAndPlan(kOp, "aclnnUpsampleBicubic2dAA", "x", x, out, problem, workspaceSize,
                      executor);
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBicubic2dAAGetWorkspaceSize(
    const aclTensor* x, const aclIntArray* outputSize, bool alignCorners, double scalesH,
    double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleBicubic2dAAGetWorkspaceSize", [&]() -> aclnnStatus {
        return aclnn_host::aclnn::GetWorkspaceSize(x, outputSize, alignCorners, scalesH, scalesW,
                                                   out, workspaceSize, executor);
      });
}

aclnnStatus aclnnUpsampleBicubic2dAA(void* workspace, uint64_t workspaceSize,
                                     aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBicubic2dAA", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleBicubic2dAA", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
