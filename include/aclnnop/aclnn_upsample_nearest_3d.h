/* aclnnUpsampleNearest3d: legacy nearest 3-D resize (PyTorch upsample_nearest3d).
 * self is (N, C, D, H, W) (NDHWC: (N, D, H, W, C)); out has its N, C and outputSize's D, H, W.
 * The scales are used only when all three are > 0 (CANN's rule). */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_NEAREST_3D_H_
#define ACLNNOP_ACLNN_UPSAMPLE_NEAREST_3D_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest3dGetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, double scalesD, double scalesH,
    double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest3d(void* workspace, uint64_t workspaceSize,
                                                       aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_NEAREST_3D_H_ */
