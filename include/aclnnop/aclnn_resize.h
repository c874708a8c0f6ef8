/* aclnnResize: 2-D resize by scale factors, mode "nearest" (legacy nearest) or
 * "bilinear" (half-pixel, no align_corners): F.interpolate(x, scale_factor=...,
 * mode=...). self is (N, C, H, W) (NHWC: (N, H, W, C)); scales holds one factor
 * per dim of self (N and C: 1); out's H, W = floor(self's H, W * scales). */
#ifndef ACLNNOP_ACLNN_RESIZE_H_
#define ACLNNOP_ACLNN_RESIZE_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: checks the arguments and plans the work (README, "The resize family"). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnResizeGetWorkspaceSize(const aclTensor* self,
                                                            const aclFloatArray* scales,
                                                            const char* mode, aclTensor* out,
                                                            uint64_t* workspaceSize,
                                                            aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnResize(void* workspace, uint64_t workspaceSize,
                                            aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_RESIZE_H_ */
