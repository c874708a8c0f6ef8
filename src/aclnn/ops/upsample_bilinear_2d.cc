// aclnnUpsampleBilinear2d: bilinear 2-D resize (PyTorch upsample_bilinear2d,
// F.interpolate(mode="bilinear")).
#include "aclnnop/aclnn_upsample_bilinear_2d.h"

#include "aclnn/ops/resample_op.h"
#include "aclnn/ops/resize_contract.h"

namespace aclnn_host::aclnn {
namespace {

// CANN's order: 1 CheckNotNull(self, out) (CANN returns 561103 for a null self; its doc says
// 161001, which we return; outputSize is checked at step 7); 2-3 dtypes; 4 formats, ranks, NCHW +
// DOUBLE refused; 5 N, C; 6 negative scales; 7 outputSize and out H, W; 8 empty: success.
const ResizeContract& Contract() {
  static const ResizeContract* contract = [] {
    auto* c = new ResizeContract{"aclnnUpsampleBilinear2d",
                                 "self",
                                 "out",
                                 resample::Direction::kForward,
                                 resample::Filter::kLinear,
                                 /*takes_input_size=*/false,
                                 /*takes_output_size=*/true,
                                 {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE},
                                 {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC},
                                 ScaleSign::kNegativeRefused,
                                 EmptyRule::kBatchOrChannels,
                                 {Step::kNotNull, Step::kDtypes, Step::kFormats, Step::kRanks,
                                  Step::kShapes, Step::kScaleSigns, Step::kPositiveSizes}};
    c->double_needs_nhwc = true;
    return c;
  }();
  return *contract;
}

}  // namespace
}  // namespace aclnn_host::aclnn

extern "C" {

aclnnStatus aclnnUpsampleBilinear2dGetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, bool alignCorners, double scalesH,
    double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return aclnn_host::aclnn::GuardOp(
      "aclnnUpsampleBilinear2dGetWorkspaceSize", [&]() -> aclnnStatus {
        aclnn_host::aclnn::ResizeCall call;
        call.source = self;
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

aclnnStatus aclnnUpsampleBilinear2d(void* workspace, uint64_t workspaceSize,
                                    aclOpExecutor* executor, aclrtStream stream) {
  return aclnn_host::aclnn::GuardOp("aclnnUpsampleBilinear2d", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::RunExecutor("aclnnUpsampleBilinear2d", workspace, workspaceSize,
                                          executor, stream);
  });
}

}  // extern "C"
