// aclnnUpsampleNearestExact1d: nearest-exact 1-D resize (PyTorch _upsample_nearest_exact1d). Runs
// as (N, C, 1, L) on the 2-D engine (the H axis copies its one row).
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 dtypes; 3 N, C, L, outputSize[0] > 0
// (CANN reads them before it checks the ranks; we check the ranks first); 4 ranks. CANN never
// checks out's shape or the formats; we do.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{
        "aclnnUpsampleNearestExact1d",
        "self",
        "out",
        resample::Direction::kForward,
        resample::Filter::kNearestExact,
        /*takes_input_size=*/false,
        /*takes_output_size=*/true,
        {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_UINT8},
        {ACL_FORMAT_NCL, ACL_FORMAT_ND},
        ScaleSign::kNegativeIsUnset,
        EmptyRule::kRefused,
        {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kPositiveSizes, Step::kRanks}};
    c->spatial = 1;
    c->scale_name = "scales";
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearestExact1dGetWorkspaceSize(const aclTensor* self,
                                                        const aclIntArray* outputSize,
                                                        double scales, aclTensor* out,
                                                        uint64_t* workspaceSize,
                                                        aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearestExact1dGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = self;
        call.destination = out;
        call.output_size = outputSize;
        call.scales_w = scales;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleNearestExact1d(void* workspace, uint64_t workspaceSize,
                                        aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearestExact1d", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearestExact1d", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
