// aclnnUpsampleNearest2dV2: legacy nearest 2-D resize with scales (PyTorch upsample_nearest2d).
#include "aclnnop/aclnn_upsample_nearest_2d_v2.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 1 CheckNotNull(self, out) (outputSize is not checked: CANN crashes on it at step
// 5); 2 empty: success; 3-4 dtype, out == self; 5 CheckShape; 6 N, C; 7 out format and H, W.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleNearest2dV2",
                                 "self",
                                 "out",
                                 resample::Direction::kForward,
                                 resample::Filter::kNearest,
                                 /*takes_input_size=*/false,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8},
                                 {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC},
                                 ScaleSign::kNegativeIsUnset,
                                 EmptyRule::kAtItsStep,
                                 {Step::kNotNull, Step::kEmpty, Step::kDtypes, Step::kRanks,
                                  Step::kPositiveSizes, Step::kShapes, Step::kFormats}};
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearest2dV2GetWorkspaceSize(const aclTensor* self,
                                                     const aclIntArray* outputSize, float scalesH,
                                                     float scalesW, aclTensor* out,
                                                     uint64_t* workspaceSize,
                                                     aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearest2dV2GetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = self;
        call.destination = out;
        call.output_size = outputSize;
        call.scales_h = scalesH;
        call.scales_w = scalesW;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleNearest2dV2(void* workspace, uint64_t workspaceSize,
                                     aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearest2dV2", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearest2dV2", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
