// aclnnUpsampleBicubic2dAAGrad: phase 1 reads like the contract's list of
// checks (docs/aclnnUpsampleBicubic2dAAGrad.md, section 5), then builds a
// plan; phase 2 only runs the plan on a stream.
#include "aclnnop/aclnn_upsample_bicubic2d_aa_grad.h"

#include <cmath>
#include <memory>
#include <string>

#include "aclnn/objects.h"
#include "resample/backward.h"
#include "resample/thread_pool.h"
#include "resample/view_checks.h"
#include "runtime/runtime.h"

namespace aclnn_host::aclnn {
namespace {

using resample::BackwardPlan;
using resample::BackwardProblem;

bool IsSupportedDtype(int32_t t) { return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16; }

DataType ToEngine(int32_t t) {
  return t == ACL_FLOAT ? DataType::kFloat32
                        : (t == ACL_FLOAT16 ? DataType::kFloat16 : DataType::kBFloat16);
}

// Byte range of a tensor's view inside its live aclrtMalloc block.
struct Placement {
  uintptr_t block = 0;
  uintptr_t lo = 0;  // first byte the view touches
  uintptr_t hi = 0;  // one past the last
};

std::string CheckPlacement(const char* name, const aclTensor* t, Placement* where) {
  const int64_t esize = static_cast<int64_t>(runtime::DataTypeBytes(t->dtype));
  int64_t lo = 0, hi = 0;
  if (!resample::ViewByteSpan(t->view_shape.data(), t->strides.data(), 4, t->offset, esize, &lo,
                              &hi)) {
    return std::string(name) + ": the view (offset " + std::to_string(t->offset) + ", strides " +
           ShapeString(t->strides) + ") overflows 64-bit addressing";
  }
  const uintptr_t base = reinterpret_cast<uintptr_t>(t->data);
  uintptr_t block = 0;
  if (t->data == nullptr || !runtime::FindBlock(t->data, 0, &block)) {
    return std::string(name) + ": data pointer " + std::to_string(base) +
           " is not inside a live aclrtMalloc block (not device memory)";
  }
  if (base % static_cast<uintptr_t>(esize) != 0) {
    return std::string(name) + ": data pointer " + std::to_string(base) +
           " is not aligned to its element size of " + std::to_string(esize) + " bytes";
  }
  // The view must stay inside the block that holds the data pointer.
  const uintptr_t first = base + static_cast<uintptr_t>(lo);
  const uint64_t bytes = static_cast<uint64_t>(hi - lo);
  uintptr_t view_block = 0;
  const bool before_base = lo < 0 && static_cast<uint64_t>(-lo) > base;
  if (before_base ||
      !runtime::FindBlock(reinterpret_cast<const void*>(first), bytes, &view_block) ||
      view_block != block) {
    return std::string(name) + ": the view (offset " + std::to_string(t->offset) +
           " elements, strides " + ShapeString(t->strides) + ", shape " +
           ShapeString(t->view_shape) + ") reaches bytes [" + std::to_string(lo) + ", " +
           std::to_string(hi) + ") from the data pointer, outside the aclrtMalloc block it lies in";
  }
  where->block = block;
  where->lo = first;
  where->hi = first + bytes;
  return "";
}

class BicubicAAGradExecutor : public aclOpExecutor {
 public:
  std::shared_ptr<const BackwardPlan> plan;
  TensorView grad_output;
  MutableTensorView out;
  Placement grad_output_at;
  Placement out_at;

  aclnnStatus Launch(const std::shared_ptr<aclOpExecutor>& self, void* workspace,
                     uint64_t given_bytes, void* stream) override {
    std::vector<uintptr_t> pins;
    for (const Placement* p : {&grad_output_at, &out_at}) {
      uintptr_t block = 0;
      if (!runtime::FindBlock(reinterpret_cast<const void*>(p->lo), p->hi - p->lo, &block) ||
          block != p->block) {
        return Fail(ACLNN_ERR_PARAM_INVALID, std::string("aclnnUpsampleBicubic2dAAGrad: the ") +
                                                 (p == &out_at ? "out" : "gradOutput") +
                                                 " memory was freed after phase 1");
      }
      pins.push_back(block);
    }
    const uint64_t need = plan->scratch_bytes();
    if (given_bytes < need) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  "aclnnUpsampleBicubic2dAAGrad: workspaceSize=" + std::to_string(given_bytes) +
                      " is smaller than the " + std::to_string(need) + " bytes phase 1 asked for");
    }
    uintptr_t ws_block = 0;
    if (need > 0) {
      if (!runtime::FindBlock(workspace, need, &ws_block)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnUpsampleBicubic2dAAGrad: workspace with " + std::to_string(need) +
                        " bytes is not inside one live aclrtMalloc block (not device memory)");
      }
      const uintptr_t ws_lo = reinterpret_cast<uintptr_t>(workspace);
      for (const Placement* p : {&grad_output_at, &out_at}) {
        if (ws_lo < p->hi && p->lo < ws_lo + need) {
          return Fail(ACLNN_ERR_PARAM_INVALID,
                      "aclnnUpsampleBicubic2dAAGrad: the workspace overlaps " +
                          std::string(p == &out_at ? "out" : "gradOutput"));
        }
      }
      pins.push_back(ws_block);
    }
    if (!runtime::IsLiveStream(stream)) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  "aclnnUpsampleBicubic2dAAGrad: stream is not a live stream");
    }
    auto keep = self;  // the work owns the executor until it has run
    const bool queued = runtime::Enqueue(
        stream, [keep, this, workspace] { plan->Run(grad_output, out, workspace); }, pins);
    if (!queued) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  "aclnnUpsampleBicubic2dAAGrad: memory or stream released concurrently");
    }
    return ACLNN_SUCCESS;
  }
};

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

  // 2. Data types.
  CHECK_OR_FAIL(!IsSupportedDtype(gradOutput->dtype), ACLNN_ERR_PARAM_INVALID,
                "gradOutput dtype " + std::to_string(gradOutput->dtype) + " (" +
                    DataTypeName(gradOutput->dtype) +
                    ") is not supported; expected FLOAT, FLOAT16 or BFLOAT16");
  CHECK_OR_FAIL(out->dtype != gradOutput->dtype, ACLNN_ERR_PARAM_INVALID,
                "out dtype " + std::to_string(out->dtype) + " (" + DataTypeName(out->dtype) +
                    ") differs from gradOutput dtype " + DataTypeName(gradOutput->dtype));

  // 3. Scales: negative is an error; NaN counts as "not given".
  CHECK_OR_FAIL(scalesH < 0.0, ACLNN_ERR_PARAM_INVALID,
                "scalesH=" + std::to_string(scalesH) + " must not be negative");
  CHECK_OR_FAIL(scalesW < 0.0, ACLNN_ERR_PARAM_INVALID,
                "scalesW=" + std::to_string(scalesW) + " must not be negative");

  // 4. Formats and ranks.
  CHECK_OR_FAIL(gradOutput->format != out->format, ACLNN_ERR_PARAM_INVALID,
                std::string("gradOutput format ") + FormatName(gradOutput->format) + " (" +
                    std::to_string(gradOutput->format) + ") differs from out format " +
                    FormatName(out->format) + " (" + std::to_string(out->format) + ")");
  CHECK_OR_FAIL(gradOutput->format != ACL_FORMAT_NCHW && gradOutput->format != ACL_FORMAT_ND,
                ACLNN_ERR_PARAM_INVALID,
                std::string("format ") + FormatName(gradOutput->format) + " (" +
                    std::to_string(gradOutput->format) + ") is not supported; expected NCHW or ND");
  CHECK_OR_FAIL(gradOutput->view_shape.size() != 4, ACLNN_ERR_PARAM_INVALID,
                "gradOutput must be 4-D, got " + std::to_string(gradOutput->view_shape.size()) +
                    "-D shape " + ShapeString(gradOutput->view_shape));
  CHECK_OR_FAIL(out->view_shape.size() != 4, ACLNN_ERR_PARAM_INVALID,
                "out must be 4-D, got " + std::to_string(out->view_shape.size()) + "-D shape " +
                    ShapeString(out->view_shape));
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
  std::string why = resample::CheckUpscaleLimit("scalesH", scalesH, in[2], go[2]);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);
  why = resample::CheckUpscaleLimit("scalesW", scalesW, in[3], go[3]);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);

  // 8. Documented size limits.
  why = resample::CheckSizeLimits(in[0], in[1], go[2], go[3], in[2], in[3]);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);

  // 9. Memory: views inside their aclrtMalloc blocks, out writes each element
  // once, and gradOutput and out do not overlap.
  Placement go_at, out_at;
  why = CheckPlacement("gradOutput", gradOutput, &go_at);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);
  why = CheckPlacement("out", out, &out_at);
  CHECK_OR_FAIL(!why.empty(), ACLNN_ERR_PARAM_INVALID, why);
  CHECK_OR_FAIL(resample::ViewOverlapsItself(out->view_shape.data(), out->strides.data(), 4),
                ACLNN_ERR_PARAM_INVALID,
                "out strides " + ShapeString(out->strides) + " make the view of shape " +
                    ShapeString(out->view_shape) + " overlap itself");
  CHECK_OR_FAIL(go_at.lo < out_at.hi && out_at.lo < go_at.hi, ACLNN_ERR_PARAM_INVALID,
                "gradOutput and out overlap in memory");

  // The plan.
  BackwardProblem problem;
  problem.batch = in[0];
  problem.channels = in[1];
  problem.out_h = go[2];
  problem.out_w = go[3];
  problem.in_h = in[2];
  problem.in_w = in[3];
  problem.align_corners = alignCorners;
  problem.scales_h = scalesH;
  problem.scales_w = scalesW;
  const resample::ViewLayout go_layout{ToEngine(gradOutput->dtype), gradOutput->strides[3]};
  const resample::ViewLayout out_layout{ToEngine(out->dtype), out->strides[3]};
  std::string error;
  std::shared_ptr<const BackwardPlan> plan = BackwardPlan::Create(
      problem, go_layout, out_layout, resample::ThreadPool::Global().num_threads(), &error);
  CHECK_OR_FAIL(!plan, ACLNN_ERR_INNER, error);

  auto exec = std::make_shared<BicubicAAGradExecutor>();
  exec->plan = plan;
  const int64_t go_esize = static_cast<int64_t>(runtime::DataTypeBytes(gradOutput->dtype));
  exec->grad_output.data =
      static_cast<const char*>(gradOutput->data) + gradOutput->offset * go_esize;
  exec->grad_output.dtype = go_layout.dtype;
  exec->out.data = static_cast<char*>(out->data) + out->offset * go_esize;
  exec->out.dtype = out_layout.dtype;
  for (int k = 0; k < 4; ++k) {
    exec->grad_output.shape[k] = go[k];
    exec->grad_output.strides[k] = gradOutput->strides[k];
    exec->out.shape[k] = in[k];
    exec->out.strides[k] = out->strides[k];
  }
  exec->grad_output_at = go_at;
  exec->out_at = out_at;
  exec->workspace_size = plan->scratch_bytes();
  *workspaceSize = exec->workspace_size;
  *executor = exec.get();
  RegisterExecutor(std::move(exec));
  return ACLNN_SUCCESS;
}

aclnnStatus Run(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                aclrtStream stream) {
  constexpr const char* kRun = "aclnnUpsampleBicubic2dAAGrad";
  if (executor == nullptr)
    return Fail(ACLNN_ERR_PARAM_NULLPTR, std::string(kRun) + ": executor is nullptr");
  std::shared_ptr<aclOpExecutor> exec = FindExecutor(executor);
  if (!exec) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(kRun) +
                    ": executor is not live (already run without aclSetAclOpExecutorRepeatable, "
                    "destroyed, or never created)");
  }
  if (workspaceSize > 0 && workspace == nullptr) {
    if (!exec->repeatable) ReleaseExecutor(executor);  // as CANN does
    return Fail(ACLNN_ERR_PARAM_NULLPTR,
                std::string(kRun) +
                    ": workspace is nullptr with workspaceSize=" + std::to_string(workspaceSize));
  }
  const aclnnStatus status = exec->Launch(exec, workspace, workspaceSize, stream);
  if (status == ACLNN_SUCCESS && !exec->repeatable) ReleaseExecutor(executor);
  return status;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclnn_host::aclnn::GetWorkspaceSize(gradOutput, outputSize, inputSize, alignCorners,
                                             scalesH, scalesW, out, workspaceSize, executor);
}

aclnnStatus aclnnUpsampleBicubic2dAAGrad(void* workspace, uint64_t workspaceSize,
                                         aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::Run(workspace, workspaceSize, executor, stream);
}

}  // extern "C"
