/* aclnnUpsampleTrilinear3dBackward: gradient of trilinear 3-D resize (PyTorch
 * upsample_trilinear3d_backward). gradOut has inputSize's N, C and outputSize's D, H, W; gradInput
 * has the shape inputSize, which is (N, C, D, H, W) in every format. The scales are used only when
 * all three are > 0 (CANN's rule). */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_TRILINEAR_3D_BACKWARD_H_
#define ACLNNOP_ACLNN_UPSAMPLE_TRILINEAR_3D_BACKWARD_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesD, double scalesH, double scalesW, aclTensor* gradInput,
    uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleTrilinear3dBackward(void* workspace,
                                                                 uint64_t workspaceSize,
                                                                 aclOpExecutor* executor,
                                                                 aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_TRILINEAR_3D_BACKWARD_H_ */
