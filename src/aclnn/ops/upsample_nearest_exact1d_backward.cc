// aclnnUpsampleNearestExact1dBackward: gradient of nearest-exact 1-D resize (PyTorch
// _upsample_nearest_exact1d_backward). Runs as (N, C, 1, L) on the 2-D engine (the H axis copies
// its one row).
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull (not outputSize: CANN crashes on it at
// step 3); 2 dtypes; 3 formats, ranks; 4 N, C; 5 negative scales; 6 upscale <= 50x, sizes > 0.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{
        "aclnnUpsampleNearestExact1dBackward",
        "gradOutput",
        "out",
        resample::Direction::kBackward,
        resample::Filter::kNearestExact,
        /*takes_input_size=*/true,
        /*takes_output_size=*/true,
        {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
        {ACL_FORMAT_NCL, ACL_FORMAT_ND},
        ScaleSign::kNegativeRefused,
        EmptyRule::kRefused,
        {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kFormats, Step::kRanks,
         Step::kShapes, Step::kScaleSigns, Step::kUpscaleLimit, Step::kPositiveSizes}};
    c->spatial = 1;
    c->scale_name = "scales";
    c->upscale_limit = true;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
    double scales, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = gradOutput;
        call.destination = out;
        call.output_size = outputSize;
        call.input_size = inputSize;
        call.scales_w = scales;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleNearestExact1dBackward(void* workspace, uint64_t workspaceSize,
                                                aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearestExact1dBackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearestExact1dBackward", workspace,
                                          workspaceSize, executor, stream);
  });
}

}  // extern "C"
