/* aclnnUpsampleNearest1dV2: legacy nearest 1-D resize with a scale (PyTorch upsample_nearest1d).
 * self is (N, C, L); out is (N, C, outputSize[0]). */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_NEAREST_1D_V2_H_
#define ACLNNOP_ACLNN_UPSAMPLE_NEAREST_1D_V2_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1dV2GetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, float scaleL, aclTensor* out,
    uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest1dV2(void* workspace, uint64_t workspaceSize,
                                                         aclOpExecutor* executor,
                                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_NEAREST_1D_V2_H_ */
