// aclnnUpsampleNearest3d: legacy nearest 3-D resize (PyTorch upsample_nearest3d). Runs as a depth
// pass and an H/W pass of the engine (resample::VolumePlan).
#include "aclnnop/aclnn_upsample_nearest_3d.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 dtypes; 3 D, H, W, outputSize and C
// > 0 (CANN reads them before it checks the ranks; we check the ranks first); 4 ranks, out shape;
// 5 N == 0: success. CANN checks no format; we take NCDHW, NDHWC and ND and require equal
// formats.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleNearest3d",
                                 "self",
                                 "out",
                                 resample::Direction::kForward,
                                 resample::Filter::kNearest,
                                 /*takes_input_size=*/false,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8},
                                 {ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC, ACL_FORMAT_ND},
                                 ScaleSign::kNegativeIsUnset,
                                 EmptyRule::kBatchOnly,
                                 {Step::kOutputArgs, Step::kNotNull, Step::kDtypes,
                                  Step::kPositiveSizes, Step::kRanks, Step::kShapes}};
    c->spatial = 3;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearest3dGetWorkspaceSize(const aclTensor* self,
                                                   const aclIntArray* outputSize, double scalesD,
                                                   double scalesH, double scalesW, aclTensor* out,
                                                   uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearest3dGetWorkspaceSize", [&]() -> aclnnStatus {
    aclnn_host::aclnn::ResizeCall call;
    call.source = self;
    call.destination = out;
    call.output_size = outputSize;
    call.scales_d = scalesD;
    call.scales_h = scalesH;
    call.scales_w = scalesW;
    call.workspace_size = workspaceSize;
    call.executor = executor;
    return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
  });
}

aclnnStatus aclnnUpsampleNearest3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearest3d", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearest3d", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
