/* aclnnUpsampleNearestExact1dBackward: gradient of nearest-exact 1-D resize (PyTorch
 * _upsample_nearest_exact1d_backward). gradOutput is (N, C, outputSize[0]) with inputSize's N, C;
 * out has the shape inputSize (N, C, L). */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_BACKWARD_H_
#define ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_BACKWARD_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
    double scales, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearestExact1dBackward(void* workspace,
                                                                    uint64_t workspaceSize,
                                                                    aclOpExecutor* executor,
                                                                    aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_NEAREST_EXACT1D_BACKWARD_H_ */
