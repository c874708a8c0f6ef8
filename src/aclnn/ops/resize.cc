// aclnnResize: 2-D resize by scale factors, "nearest" or "bilinear"
// (F.interpolate(scale_factor=..., mode=...)). The mode picks the filter at
// phase 1; the scales are the forward multipliers PyTorch receives (CANN's
// kernel uses the size ratio, which differs when in * scale is not whole).
#include "aclnnop/aclnn_resize.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull (self, scales, out;
// a null mode is 161001 too); 2 mode; 3 dtypes; 4 formats; 5 N, C and out
// H, W = floor(in * scale) within 1e-5 (CANN reads the dims and scales before
// it checks ranks and lengths; we check those first); 6 ranks, scales length.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    return new ResizeContract{"aclnnResize",
                              "self",
                              "out",
                              resample::Direction::kForward,
                              resample::Filter::kNearest,  // or kLinear, by mode
                              /*takes_input_size=*/false,
                              /*takes_output_size=*/false,
                              {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                              {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC},
                              ScaleSign::kNoScales,
                              EmptyRule::kBatchOrChannels,
                              {Step::kOutputArgs, Step::kNotNull, Step::kMode, Step::kDtypes,
                               Step::kFormats, Step::kShapes, Step::kScaleRatio, Step::kRanks}};
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnResizeGetWorkspaceSize(const aclTensor* self, const aclFloatArray* scales,
                                        const char* mode, aclTensor* out, uint64_t* workspaceSize,
                                        aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp("aclnnResizeGetWorkspaceSize", [&]() -> aclnnStatus {
    aclnn_host::aclnn::ResizeCall call;
    call.source = self;
    call.destination = out;
    call.scales = scales;
    call.mode = mode;
    call.workspace_size = workspaceSize;
    call.executor = executor;
    return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
  });
}

aclnnStatus aclnnResize(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                        aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnResize", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnResize", workspace, workspaceSize, executor,
                                          stream);
  });
}

}  // extern "C"
