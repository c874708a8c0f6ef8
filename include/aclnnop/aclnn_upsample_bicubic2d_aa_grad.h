/* aclnnUpsampleBicubic2dAAGrad: gradient of anti-aliased bicubic 2-D resize
 * (PyTorch's _upsample_bicubic2d_aa_backward). Contract: docs/ and the README.
 */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_BICUBIC2D_AA_GRAD_H_
#define ACLNNOP_ACLNN_UPSAMPLE_BICUBIC2D_AA_GRAD_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks every argument (statuses 161001 / 161002, message through
 * aclGetRecentErrMsg), builds the plan and reports the workspace it needs. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
    aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream) and returns;
 * aclrtSynchronizeStream waits for the result. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBicubic2dAAGrad(void* workspace,
                                                             uint64_t workspaceSize,
                                                             aclOpExecutor* executor,
                                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_BICUBIC2D_AA_GRAD_H_ */
