/* aclnnUpsampleBilinear2dBackwardV2: gradient of bilinear 2-D resize honouring the scales (PyTorch
 * upsample_bilinear2d_backward). gradOut has inputSize's N, C and outputSize's H, W; out has the
 * shape inputSize (both in the format's dim order). */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_BILINEAR_2D_BACKWARD_V2_H_
#define ACLNNOP_ACLNN_UPSAMPLE_BILINEAR_2D_BACKWARD_V2_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dBackwardV2GetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dBackwardV2(void* workspace,
                                                                  uint64_t workspaceSize,
                                                                  aclOpExecutor* executor,
                                                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_BILINEAR_2D_BACKWARD_V2_H_ */
