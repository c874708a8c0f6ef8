// aclnnUpsampleBilinear2dAABackward: gradient of anti-aliased bilinear 2-D resize (PyTorch
// _upsample_bilinear2d_aa_backward).
#include "aclnnop/aclnn_upsample_bilinear2d_aa_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull (not outputSize: CANN crashes on it at
// step 3); 2 dtypes; 3 formats, ranks; 4 N, C; 5 negative scales; 6 sizes > 0.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c =
        new ResizeContract{"aclnnUpsampleBilinear2dAABackward",
                           "gradOutput",
                           "out",
                           resample::Direction::kBackward,
                           resample::Filter::kLinearAA,
                           /*takes_input_size=*/true,
                           /*takes_output_size=*/true,
                           {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                           {ACL_FORMAT_NCHW, ACL_FORMAT_ND},
                           ScaleSign::kNegativeRefused,
                           EmptyRule::kRefused,
                           {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kFormats,
                            Step::kRanks, Step::kShapes, Step::kScaleSigns, Step::kPositiveSizes}};
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = gradOutput;
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

aclnnStatus aclnnUpsampleBilinear2dAABackward(void* workspace, uint64_t workspaceSize,
                                              aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBilinear2dAABackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleBilinear2dAABackward", workspace,
                                          workspaceSize, executor, stream);
  });
}

}  // extern "C"
