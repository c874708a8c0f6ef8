// aclnnUpsampleBilinear2dAA: anti-aliased bilinear 2-D resize (PyTorch _upsample_bilinear2d_aa,
// F.interpolate(mode="bilinear", antialias=True)).
#include "aclnnop/aclnn_upsample_bilinear2d_aa.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 0 workspaceSize, executor; 1 CheckNotNull; 2 dtypes; 3 formats and ranks; 4 N, C
// (NCHW only there; we compare for ND too, and out H, W too); 5 negative scales; 6 dims > 0,
// INT32 limits.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{
        "aclnnUpsampleBilinear2dAA",
        "input",
        "out",
        resample::Direction::kForward,
        resample::Filter::kLinearAA,
        /*takes_input_size=*/false,
        /*takes_output_size=*/true,
        {ACL_FLOAT, ACL_FLOAT16, ACL_BF16},
        {ACL_FORMAT_NCHW, ACL_FORMAT_ND},
        ScaleSign::kNegativeRefused,
        EmptyRule::kRefused,
        {Step::kOutputArgs, Step::kNotNull, Step::kDtypes, Step::kFormats, Step::kRanks,
         Step::kShapes, Step::kScaleSigns, Step::kPositiveSizes, Step::kDimLimits}};
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBilinear2dAAGetWorkspaceSize(
    const aclTensor* input, const aclIntArray* outputSize, bool alignCorners, double scalesH,
    double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleBilinear2dAAGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = input;
        call.destination = out;
        call.output_size = outputSize;
        call.align_corners = alignCorners;
        call.scales_h = scalesH;
        call.scales_w = scalesW;
        call.workspace_size = workspaceSize;
        call.executor = executor;
        return aclnn_host::aclnn::ResizeGetWorkspaceSize(aclnn_host::aclnn::Contract(), call);
      });
}

aclnnStatus aclnnUpsampleBilinear2dAA(void* workspace, uint64_t workspaceSize,
                                      aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBilinear2dAA", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleBilinear2dAA", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
