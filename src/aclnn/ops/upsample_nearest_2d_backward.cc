// aclnnUpsampleNearest2dBackward: gradient of legacy nearest 2-D resize (PyTorch
// upsample_nearest2d_backward).
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 1 CheckNotNull; 2 dtypes; 3 CheckShape (ranks, sizes); 4 N, C (format from
// gradInput); 5 H, W and outputSize > 0, gradOut shape; 6 N or C == 0: success.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleNearest2dBackward",
                                 "gradOut",
                                 "gradInput",
                                 resample::Direction::kBackward,
                                 resample::Filter::kNearest,
                                 /*takes_input_size=*/true,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                                 {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC},
                                 ScaleSign::kNegativeIsUnset,
                                 EmptyRule::kBatchOrChannels,
                                 {Step::kNotNull, Step::kDtypes, Step::kRanks, Step::kFormats,
                                  Step::kPositiveSizes, Step::kShapes}};
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearest2dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    double scalesH, double scalesW, aclTensor* gradInput, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearest2dBackwardGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = gradOut;
        call.destination = gradInput;
        call.output_size = outputSize;
        call.input_size = inputSize;
        call.scales_h = scalesH;
        call.scales_w = scalesW;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleNearest2dBackward(void* workspace, uint64_t workspaceSize,
                                           aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearest2dBackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearest2dBackward", workspace,
                                          workspaceSize, executor, stream);
  });
}

}  // extern "C"
