/* aclnnUpsampleNearestExact2d: nearest-exact 2-D resize (PyTorch _upsample_nearest_exact2d,
 * F.interpolate(mode="nearest-exact")). self is (N, C, H, W) (NHWC: (N, H, W, C)), out has self's
 * N, C and outputSize's H, W. */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT2D_H_
#define ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT2D_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact2dGetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, double scalesH, double scalesW,
    aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact2d(void* workspace, uint64_t workspaceSize,
                                                            aclOpExecutor* executor,
                                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT2D_H_ */
