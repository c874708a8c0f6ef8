// aclnnUpsampleLinear1d: linear 1-D resize (PyTorch upsample_linear1d). Runs as (N, C, 1, L) on the
// 2-D engine (the H axis copies its one row).
#include "aclnnop/aclnn_upsample_linear_1d.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 1 CheckNotNull; 2 CheckShape (ranks, C and L > 0, out shape, and off the Ascend
// 950 a scale >= 0 must give outputSize = trunc(L * scale), CANN's documented constraint, so 0 is
// refused: pass a negative scale for "not given"); 3 dtypes; 4 N == 0: success. CANN checks no
// format; we take NCL and ND.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleLinear1d",
                                 "self",
                                 "out",
                                 resample::Direction::kForward,
                                 resample::Filter::kLinear,
                                 /*takes_input_size=*/false,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                                 {ACL_FORMAT_NCL, ACL_FORMAT_ND},
                                 ScaleSign::kNegativeIsUnset,
                                 EmptyRule::kBatchOnly,
                                 {Step::kNotNull, Step::kRanks, Step::kPositiveSizes, Step::kShapes,
                                  Step::kScaleRatio, Step::kDtypes}};
    c->spatial = 1;
    c->scale_name = "scale";
    c->scale_fixes_size = true;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleLinear1dGetWorkspaceSize(const aclTensor* self,
                                                  const aclIntArray* outputSize, bool alignCorners,
                                                  double scale, aclTensor* out,
                                                  uint64_t* workspaceSize,
                                                  aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleLinear1dGetWorkspaceSize", [&]() -> aclnnStatus {
    aclnn_host::aclnn::ResizeCall call;
    call.source = self;
    call.destination = out;
    call.output_size = outputSize;
    call.align_corners = alignCorners;
    call.scales_w = scale;
    call.workspace_size = workspaceSize;
    call.executor = executor;
    return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
  });
}

aclnnStatus aclnnUpsampleLinear1d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                  aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleLinear1d", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleLinear1d", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
