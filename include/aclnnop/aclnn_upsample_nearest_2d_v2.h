/* aclnnUpsampleNearest2dV2: legacy nearest 2-D resize with scales (PyTorch upsample_nearest2d).
 * self is (N, C, H, W) (NHWC: (N, H, W, C)), out has self's N, C and outputSize's H, W. */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_NEAREST_2D_V2_H_
#define ACLNNOP_ACLNN_UPSAMPLE_NEAREST_2D_V2_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2dV2GetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, float scalesH, float scalesW,
    aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2dV2(void* workspace, uint64_t workspaceSize,
                                                         aclOpExecutor* executor,
                                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_NEAREST_2D_V2_H_ */
