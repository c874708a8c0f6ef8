/* aclnnUpsampleBilinear2dAA: anti-aliased bilinear 2-D resize (PyTorch _upsample_bilinear2d_aa,
 * F.interpolate(mode="bilinear", antialias=True)). input is (N, C, H, W) (NHWC: (N, H, W, C)), out
 * has input's N, C and outputSize's H, W. */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_BILINEAR2D_AA_H_
#define ACLNNOP_ACLNN_UPSAMPLE_BILINEAR2D_AA_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dAAGetWorkspaceSize(
    const aclTensor* input, const aclIntArray* outputSize, bool alignCorners, double scalesH,
    double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dAA(void* workspace, uint64_t workspaceSize,
                                                          aclOpExecutor* executor,
                                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_BILINEAR2D_AA_H_ */
