// aclnnUpsampleBicubic2d: bicubic 2-D resize, a = -0.75 (PyTorch upsample_bicubic2d,
// F.interpolate(mode="bicubic")).
#include "aclnnop/aclnn_upsample_bicubic_2d.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 dtypes; 3 formats; 4 ranks, C, H, W
// and outputSize > 0, out shape, INT32 limits; 6 N == 0: success. (Off the Ascend 950 CANN also
// refuses scales inconsistent with the sizes; the 950 and PyTorch accept them, and so do we.)
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c =
        new ResizeContract{"aclnnUpsampleBicubic2d",
                           "self",
                           "out",
                           resample::Direction::kForward,
                           resample::Filter::kCubic,
                           /*takes_input_size=*/false,
                           /*takes_output_size=*/true,
                           {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                           {ACL_FORMAT_NCHW, ACL_FORMAT_ND, ACL_FORMAT_NHWC},
                           ScaleSign::kNegativeIsUnset,
                           EmptyRule::kBatchOnly,
                           {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kFormats,
                            Step::kRanks, Step::kPositiveSizes, Step::kShapes, Step::kDimLimits}};
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBicubic2dGetWorkspaceSize(const aclTensor* self,
                                                   const aclIntArray* outputSize, bool alignCorners,
                                                   double scalesH, double scalesW, aclTensor* out,
                                                   uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBicubic2dGetWorkspaceSize", [&]() -> aclnnStatus {
    aclnn_host::aclnn::ResizeCall call;
    call.source = self;
    call.destination = out;
    call.output_size = outputSize;
    call.align_corners = alignCorners;
    call.scales_h = scalesH;
    call.scales_w = scalesW;
    call.workspace_size = workspaceSize;
    call.executor = executor;
    return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
  });
}

aclnnStatus aclnnUpsampleBicubic2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBicubic2d", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleBicubic2d", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
