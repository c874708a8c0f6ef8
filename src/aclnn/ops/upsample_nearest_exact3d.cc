// aclnnUpsampleNearestExact3d: nearest-exact 3-D resize (PyTorch _upsample_nearest_exact3d). Runs
// as a depth pass and an H/W pass of the engine (resample::VolumePlan).
#include "aclnnop/aclnn_upsample_nearest_exact3d.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 dtypes; 3 sizes > 0 and, with all
// three scales given, the sizes match them (CANN reads the dims before it checks the ranks; we
// check the ranks first); 4 ranks, out shape; 5 N == 0: success.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c =
        new ResizeContract{"aclnnUpsampleNearestExact3d",
                           "self",
                           "out",
                           resample::Direction::kForward,
                           resample::Filter::kNearestExact,
                           /*takes_input_size=*/false,
                           /*takes_output_size=*/true,
                           {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
                           {ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC, ACL_FORMAT_ND},
                           ScaleSign::kNegativeIsUnset,
                           EmptyRule::kBatchOnly,
                           {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kPositiveSizes,
                            Step::kScaleRatio, Step::kRanks, Step::kShapes}};
    c->spatial = 3;
    c->scales_match_sizes = true;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearestExact3dGetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, double scalesD, double scalesH,
    double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearestExact3dGetWorkspaceSize", [&]() -> aclnnStatus {
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

aclnnStatus aclnnUpsampleNearestExact3d(void* workspace, uint64_t workspaceSize,
                                        aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearestExact3d", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearestExact3d", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
