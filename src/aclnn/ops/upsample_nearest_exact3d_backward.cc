// aclnnUpsampleNearestExact3dBackward: gradient of nearest-exact 3-D resize (PyTorch
// _upsample_nearest_exact3d_backward). Runs as a depth pass and an H/W pass of the engine
// (resample::VolumePlan).
#include "aclnnop/aclnn_upsample_nearest_exact3d_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 dtypes; 3 ranks and lengths; 4 sizes
// > 0, gradOut and gradInput shapes (inputSize read as (N, C, D, H, W)), upscale <= 50x per axis;
// 5 INT32 limits; 6 N or C == 0: success.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{
        "aclnnUpsampleNearestExact3dBackward",
        "gradOut",
        "gradInput",
        resample::Direction::kBackward,
        resample::Filter::kNearestExact,
        /*takes_input_size=*/true,
        /*takes_output_size=*/true,
        {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
        {ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC, ACL_FORMAT_ND},
        ScaleSign::kNegativeIsUnset,
        EmptyRule::kBatchOrChannels,
        {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kRanks, Step::kPositiveSizes,
         Step::kShapes, Step::kUpscaleLimit, Step::kDimLimits}};
    c->spatial = 3;
    c->upscale_limit = true;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearestExact3dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    double scalesD, double scalesH, double scalesW, aclTensor* gradInput, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearestExact3dBackwardGetWorkspaceSize", [&]() -> aclnnStatus {
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

aclnnStatus aclnnUpsampleNearestExact3dBackward(void* workspace, uint64_t workspaceSize,
                                                aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearestExact3dBackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearestExact3dBackward", workspace,
                                          workspaceSize, executor, stream);
  });
}

}  // extern "C"
