// aclnnUpsampleBilinear2dBackward: gradient of bilinear 2-D resize (PyTorch
// upsample_bilinear2d_backward).
#include "aclnnop/aclnn_upsample_bilinear_2d_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 1 CheckNotNull; 2 CheckShape (ranks, H, W > 0, gradOut and out shapes); 3 dtypes
// (Ascend 950: a FLOAT gradOut may write FLOAT16/BFLOAT16 out); 4-6 N, C and formats; 7 N or C ==
// 0: success. Scales are used as PyTorch does (CANN ignores them off the 950).
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleBilinear2dBackward",
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
                                 {Step::kNotNull, Step::kRanks, Step::kPositiveSizes, Step::kShapes,
                                  Step::kDtypes, Step::kFormats}};
    c->float_to_16bit_out = true;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBilinear2dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleBilinear2dBackwardGetWorkspaceSize", [&]() -> aclnnStatus {
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

aclnnStatus aclnnUpsampleBilinear2dBackward(void* workspace, uint64_t workspace_size,
                                            aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBilinear2dBackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleBilinear2dBackward", workspace,
                                          workspace_size, executor, stream);
  });
}

}  // extern "C"
