// aclnnUpsampleBilinear2dBackwardV2: gradient of bilinear 2-D resize honouring the scales (PyTorch
// upsample_bilinear2d_backward).
#include "aclnnop/aclnn_upsample_bilinear_2d_backward_v2.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 1 CheckNotNull; 2 ranks; 3 out format; 4 sizes > 0 and gradOut shape; 5 N, C; 6
// dtypes; 7 dims <= INT32_MAX; 8 empty: success.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c =
        new ResizeContract{"aclnnUpsampleBilinear2dBackwardV2",
                           "gradOut",
                           "out",
                           resample::Direction::kBackward,
                           resample::Filter::kLinear,
                           /*takes_input_size=*/true,
                           /*takes_output_size=*/true,
                           {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                           {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC},
                           ScaleSign::kNegativeIsUnset,
                           EmptyRule::kBatchOrChannels,
                           {Step::kNotNull, Step::kRanks, Step::kFormats, Step::kPositiveSizes,
                            Step::kShapes, Step::kDtypes, Step::kDimLimits}};
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBilinear2dBackwardV2GetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleBilinear2dBackwardV2GetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = gradOut;
        call.destination = out;
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

aclnnStatus aclnnUpsampleBilinear2dBackwardV2(void* workspace, uint64_t workspaceSize,
                                              aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBilinear2dBackwardV2", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleBilinear2dBackwardV2", workspace,
                                          workspaceSize, executor, stream);
  });
}

}  // extern "C"
