// aclnnUpsampleNearestExact2dBackward: gradient of nearest-exact 2-D resize (PyTorch
// _upsample_nearest_exact2d_backward).
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull (not outputSize: CANN crashes on it at
// step 4); 2 empty: success; 3 dtypes; 4 formats, ranks; 5 N, C; 6 negative scales; 7 upscale <=
// 50 and sizes > 0.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleNearestExact2dBackward",
                                 "gradOutput",
                                 "out",
                                 resample::Direction::kBackward,
                                 resample::Filter::kNearestExact,
                                 /*takes_input_size=*/true,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                                 {ACL_FORMAT_NCHW, ACL_FORMAT_ND},
                                 ScaleSign::kNegativeRefused,
                                 EmptyRule::kAtItsStep,
                                 {Step::kOutputArgs, Step::kNotNull, Step::kEmpty, Step::kDtypes,
                                  Step::kFormats, Step::kRanks, Step::kShapes, Step::kScaleSigns,
                                  Step::kUpscaleLimit, Step::kPositiveSizes}};
    c->upscale_limit = true;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
    double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = gradOutput;
        call.destination = out;
        call.output_size = outputSize;
        call.input_size = inputSize;
        call.scales_h = scalesH;
        call.scales_w = scalesW;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleNearestExact2dBackward(void* workspace, uint64_t workspaceSize,
                                                aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearestExact2dBackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearestExact2dBackward", workspace,
                                          workspaceSize, executor, stream);
  });
}

}  // extern "C"
