// aclnnUpsampleNearest2d: legacy nearest 2-D resize (PyTorch upsample_nearest2d without scales,
// F.interpolate(mode="nearest")).
#include "aclnnop/aclnn_upsample_nearest_2d.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 1 CheckNotNull(self, outputSize, out); 2-3 dtype, out == self; 4 CheckShape
// (outputSize size 2, self 4-D, H, W, C and outputSize non-zero); 5-6 formats; 7-8 N, C and out
// H, W; 9 dims <= INT32_MAX; 10 N == 0: success.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleNearest2d",
                                 "self",
                                 "out",
                                 resample::Direction::kForward,
                                 resample::Filter::kNearest,
                                 /*takes_input_size=*/false,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8},
                                 {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC},
                                 ScaleSign::kNoScales,
                                 EmptyRule::kBatchOnly,
                                 {Step::kNotNull, Step::kDtypes, Step::kRanks, Step::kPositiveSizes,
                                  Step::kFormats, Step::kShapes, Step::kDimLimits}};
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearest2dGetWorkspaceSize(const aclTensor* self,
                                                   const aclIntArray* outputSize, aclTensor* out,
                                                   uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearest2dGetWorkspaceSize", [&]() -> aclnnStatus {
    aclnn_host::aclnn::ResizeCall call;
    call.source = self;
    call.destination = out;
    call.output_size = outputSize;
    call.workspace_size = workspaceSize;
    call.executor = executor;
    return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
  });
}

aclnnStatus aclnnUpsampleNearest2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   const aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearest2d", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearest2d", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
