/* aclnnUpsampleBilinear2dAABackward: gradient of anti-aliased bilinear 2-D resize (PyTorch
 * _upsample_bilinear2d_aa_backward). gradOutput has inputSize's N, C and outputSize's H, W; out has
 * the shape inputSize (both in the format's dim order). */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_BILINEAR2D_AA_BACKWARD_H_
#define ACLNNOP_ACLNN_UPSAMPLE_BILINEAR2D_AA_BACKWARD_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dAABackward(void* workspace,
                                                                  uint64_t workspaceSize,
                                                                  aclOpExecutor* executor,
                                                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_BILINEAR2D_AA_BACKWARD_H_ */
