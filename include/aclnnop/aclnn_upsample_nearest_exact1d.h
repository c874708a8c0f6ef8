/* aclnnUpsampleNearestExact1d: nearest-exact 1-D resize (PyTorch _upsample_nearest_exact1d).
 * self is (N, C, L); out is (N, C, outputSize[0]). */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_H_
#define ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact1dGetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, double scales, aclTensor* out,
    uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact1d(void* workspace, uint64_t workspaceSize,
                                                            aclOpExecutor* executor,
                                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_H_ */
