// aclnnUpsampleNearest1dV2: legacy nearest 1-D resize with a scale (PyTorch upsample_nearest1d).
// Runs as (N, C, 1, L) on the 2-D engine (the H axis copies its one row).
#include "aclnnop/aclnn_upsample_nearest_1d_v2.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 1 CheckNotNull(self, outputSize, out); 2-3 dtypes; 4 CheckShape (self 3-D, C and
// L > 0, outputSize[0] == out L and != 0); 5 formats equal and NCL; 6 N == 0: success. CANN never
// compares out's N and C; we do.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleNearest1dV2",
                                 "self",
                                 "out",
                                 resample::Direction::kForward,
                                 resample::Filter::kNearest,
                                 /*takes_input_size=*/false,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8},
                                 {ACL_FORMAT_NCL},
                                 ScaleSign::kNegativeIsUnset,
                                 EmptyRule::kBatchOnly,
                                 {Step::kNotNull, Step::kDtypes, Step::kRanks, Step::kPositiveSizes,
                                  Step::kShapes, Step::kFormats}};
    c->spatial = 1;
    c->scale_name = "scaleL";
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearest1dV2GetWorkspaceSize(const aclTensor* self,
                                                     const aclIntArray* outputSize, float scaleL,
                                                     aclTensor* out, uint64_t* workspaceSize,
                                                     aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearest1dV2GetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = self;
        call.destination = out;
        call.output_size = outputSize;
        call.scales_w = scaleL;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleNearest1dV2(void* workspace, uint64_t workspaceSize,
                                     aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearest1dV2", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearest1dV2", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
