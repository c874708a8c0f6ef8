/* aclnnUpsampleBilinear2d: bilinear 2-D resize (PyTorch upsample_bilinear2d,
 * F.interpolate(mode="bilinear")). self is (N, C, H, W) (NHWC: (N, H, W, C)), out has self's N, C
 * and outputSize's H, W. */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_BILINEAR_2D_H_
#define ACLNNOP_ACLNN_UPSAMPLE_BILINEAR_2D_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dGetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, bool alignCorners, double scalesH,
    double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2d(void* workspace, uint64_t workspaceSize,
                                                        aclOpExecutor* executor,
                                                        aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_BILINEAR_2D_H_ */
