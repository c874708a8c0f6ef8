// aclnnUpsampleTrilinear3d: trilinear 3-D resize (PyTorch upsample_trilinear3d). Runs as a depth
// pass and an H/W pass of the engine (resample::VolumePlan).
#include "aclnnop/aclnn_upsample_trilinear_3d.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 dtypes; 3 ranks, lengths, self
// format; 4 sizes > 0 and out shape; 5 INT32 limits; 6 N == 0: success. CANN never checks out's
// format; we require it equal to self's.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c =
        new ResizeContract{"aclnnUpsampleTrilinear3d",
                           "self",
                           "out",
                           resample::Direction::kForward,
                           resample::Filter::kLinear,
                           /*takes_input_size=*/false,
                           /*takes_output_size=*/true,
                           {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE},
                           {ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC, ACL_FORMAT_ND},
                           ScaleSign::kNegativeIsUnset,
                           EmptyRule::kBatchOnly,
                           {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kRanks,
                            Step::kFormats, Step::kPositiveSizes, Step::kShapes, Step::kDimLimits}};
    c->spatial = 3;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleTrilinear3dGetWorkspaceSize(const aclTensor* self,
                                                     const aclIntArray* outputSize,
                                                     bool alignCorners, double scalesD,
                                                     double scalesH, double scalesW, aclTensor* out,
                                                     uint64_t* workspaceSize,
                                                     aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleTrilinear3dGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = self;
        call.destination = out;
        call.output_size = outputSize;
        call.align_corners = alignCorners;
        call.scales_d = scalesD;
        call.scales_h = scalesH;
        call.scales_w = scalesW;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleTrilinear3d(void* workspace, uint64_t workspaceSize,
                                     aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleTrilinear3d", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleTrilinear3d", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
