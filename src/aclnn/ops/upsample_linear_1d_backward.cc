// aclnnUpsampleLinear1dBackward: gradient of linear 1-D resize (PyTorch
// upsample_linear1d_backward). Runs as (N, C, 1, L) on the 2-D engine (the H axis copies its one
// row).
#include "aclnnop/aclnn_upsample_linear_1d_backward.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 1 CheckNotNull; 2 ranks and lengths; 3 dtypes; 4 L > 0, gradOut shape; 5 N, C; 6
// INT32 limits; 7 empty: success. (CANN's A2/A3 limit of a 500x scale is a product limit we do
// not copy.)
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleLinear1dBackward",
                                 "gradOut",
                                 "out",
                                 resample::Direction::kBackward,
                                 resample::Filter::kLinear,
                                 /*takes_input_size=*/true,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                                 {ACL_FORMAT_NCL, ACL_FORMAT_ND},
                                 ScaleSign::kNegativeIsUnset,
                                 EmptyRule::kBatchOrChannels,
                                 {Step::kNotNull, Step::kRanks, Step::kDtypes, Step::kPositiveSizes,
                                  Step::kShapes, Step::kDimLimits}};
    c->spatial = 1;
    c->scale_name = "scales";
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleLinear1dBackwardGetWorkspaceSize(const aclTensor* gradOut,
                                                          const aclIntArray* outputSize,
                                                          const aclIntArray* inputSize,
                                                          bool alignCorners, double scales,
                                                          aclTensor* out, uint64_t* workspaceSize,
                                                          aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleLinear1dBackwardGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = gradOut;
        call.destination = out;
        call.output_size = outputSize;
        call.input_size = inputSize;
        call.align_corners = alignCorners;
        call.scales_w = scales;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleLinear1dBackward(void* workspace, uint64_t workspaceSize,
                                          aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleLinear1dBackward", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleLinear1dBackward", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
