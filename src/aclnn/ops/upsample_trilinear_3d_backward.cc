// aclnnUpsampleTrilinear3dBackward: gradient of trilinear 3-D resize (PyTorch
// upsample_trilinear3d_backward). Runs as a depth pass and an H/W pass of the engine
// (resample::VolumePlan).
#include "aclnnop/aclnn_upsample_trilinear_3d_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 dtypes; 3 ranks and lengths; 4
// gradOut format; 5 sizes > 0, gradOut and gradInput shapes (inputSize read as (N, C, D, H, W));
// 6 INT32 limits; 7 empty: success.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c =
        new ResizeContract{"aclnnUpsampleTrilinear3dBackward",
                           "gradOut",
                           "gradInput",
                           resample::Direction::kBackward,
                           resample::Filter::kLinear,
                           /*takes_input_size=*/true,
                           /*takes_output_size=*/true,
                           {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE},
                           {ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC, ACL_FORMAT_ND},
                           ScaleSign::kNegativeIsUnset,
                           EmptyRule::kBatchOrChannels,
                           {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kRanks,
                            Step::kFormats, Step::kPositiveSizes, Step::kShapes, Step::kDimLimits}};
    c->spatial = 3;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesD, double scalesH, double scalesW, aclTensor* gradInput,
    uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = gradOut;
        call.destination = gradInput;
        call.output_size = outputSize;
        call.input_size = inputSize;
        call.align_corners = alignCorners;
        call.scales_d = scalesD;
        call.scales_h = scalesH;
        call.scales_w = scalesW;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleTrilinear3dBackward(void* workspace, uint64_t workspaceSize,
                                             aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleTrilinear3dBackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleTrilinear3dBackward", workspace,
                                          workspaceSize, executor, stream);
  });
}

}  // extern "C"
