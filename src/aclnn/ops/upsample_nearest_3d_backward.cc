// aclnnUpsampleNearest3dBackward: gradient of legacy nearest 3-D resize (PyTorch
// upsample_nearest3d_backward). Runs as a depth pass and an H/W pass of the engine
// (resample::VolumePlan).
#include "aclnnop/aclnn_upsample_nearest_3d_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 dtypes; 3 ranks and lengths; 4 D, H,
// W and outputSize > 0, gradOut and gradInput shapes (inputSize read as (N, C, D, H, W) whatever
// the format: CANN's code; its doc says (N, D, H, W, C) for NDHWC); 5 empty: success.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleNearest3dBackward",
                                 "gradOut",
                                 "gradInput",
                                 resample::Direction::kBackward,
                                 resample::Filter::kNearest,
                                 /*takes_input_size=*/true,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE},
                                 {ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC, ACL_FORMAT_ND},
                                 ScaleSign::kNegativeIsUnset,
                                 EmptyRule::kBatchOrChannels,
                                 {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kRanks,
                                  Step::kPositiveSizes, Step::kShapes}};
    c->spatial = 3;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearest3dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    double scalesD, double scalesH, double scalesW, aclTensor* gradInput, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearest3dBackwardGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = gradOut;
        call.destination = gradInput;
        call.output_size = outputSize;
        call.input_size = inputSize;
        call.scales_d = scalesD;
        call.scales_h = scalesH;
        call.scales_w = scalesW;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleNearest3dBackward(void* workspace, uint64_t workspaceSize,
                                           aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearest3dBackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearest3dBackward", workspace,
                                          workspaceSize, executor, stream);
  });
}

}  // extern "C"
