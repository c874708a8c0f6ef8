/* aclnnUpsampleLinear1dBackward: gradient of linear 1-D resize (PyTorch
 * upsample_linear1d_backward). gradOut is (N, C, outputSize[0]) with inputSize's N, C; out has the
 * shape inputSize (N, C, L). */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_LINEAR_1D_BACKWARD_H_
#define ACLNNOP_ACLNN_UPSAMPLE_LINEAR_1D_BACKWARD_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleLinear1dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scales, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleLinear1dBackward(void* workspace,
                                                              uint64_t workspaceSize,
                                                              aclOpExecutor* executor,
                                                              aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_LINEAR_1D_BACKWARD_H_ */
