// aclnnUpsampleNearestExact2d: nearest-exact 2-D resize (PyTorch _upsample_nearest_exact2d,
// F.interpolate(mode="nearest-exact")).
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 self or out empty: success; 3
// dtypes; 4 ranks; 5 H, W, outputSize > 0 and N, C; 6 formats. Negative scales: refused, as its
// doc says (its code treats them as unset).
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c =
        new ResizeContract{"aclnnUpsampleNearestExact2d",
                           "self",
                           "out",
                           resample::Direction::kForward,
                           resample::Filter::kNearestExact,
                           /*takes_input_size=*/false,
                           /*takes_output_size=*/true,
                           {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_UINT8},
                           {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_ND},
                           ScaleSign::kNegativeRefused,
                           EmptyRule::kAtItsStep,
                           {Step::kOutputArgs, Step::kNotNull, Step::kEmpty, Step::kDtypes,
                            Step::kRanks, Step::kPositiveSizes, Step::kShapes, Step::kFormats}};
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleNearestExact2dGetWorkspaceSize(const aclTensor* self,
                                                        const aclIntArray* outputSize,
                                                        double scalesH, double scalesW,
                                                        aclTensor* out, uint64_t* workspaceSize,
                                                        aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleNearestExact2dGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = self;
        call.destination = out;
        call.output_size = outputSize;
        call.scales_h = scalesH;
        call.scales_w = scalesW;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleNearestExact2d(void* workspace, uint64_t workspaceSize,
                                        aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleNearestExact2d", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleNearestExact2d", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
