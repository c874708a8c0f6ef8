// aclnnUpsampleBicubic2dBackward: gradient of bicubic 2-D resize, a = -0.75 (PyTorch
// upsample_bicubic2d_backward); deterministic, unlike CANN's.
#include "aclnnop/aclnn_upsample_bicubic_2d_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 ranks, H, W > 0, gradOut and
// gradInput shapes; 3 formats; 4 dtypes; 5 INT32 limits; 6 N or C == 0: success.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c =
        new ResizeContract{"aclnnUpsampleBicubic2dBackward",
                           "gradOut",
                           "gradInput",
                           resample::Direction::kBackward,
                           resample::Filter::kCubic,
                           /*takes_input_size=*/true,
                           /*takes_output_size=*/true,
                           {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                           {ACL_FORMAT_NCHW, ACL_FORMAT_ND, ACL_FORMAT_NHWC},
                           ScaleSign::kNegativeIsUnset,
                           EmptyRule::kBatchOrChannels,
                           {Step::kOutputArgs, Step::kNotNull, Step::kRanks, Step::kPositiveSizes,
                            Step::kShapes, Step::kFormats, Step::kDtypes, Step::kDimLimits}};
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBicubic2dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* gradInput,
    uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleBicubic2dBackwardGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = gradOut;
        call.destination = gradInput;
        call.output_size = outputSize;
        call.input_size = inputSize;
        call.align_corners = alignCorners;
        call.scales_h = scalesH;
        call.scales_w = scalesW;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleBicubic2dBackward(void* workspace, uint64_t workspaceSize,
                                           aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBicubic2dBackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleBicubic2dBackward", workspace,
                                          workspaceSize, executor, stream);
  });
}

}  // extern "C"
