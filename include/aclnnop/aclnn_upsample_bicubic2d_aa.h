/* aclnnUpsampleBicubic2dAA: anti-aliased bicubic 2-D resize (PyTorch's
 * _upsample_bicubic2d_aa, F.interpolate(mode="bicubic", antialias=True)).
 * The adjoint of aclnnUpsampleBicubic2dAAGrad; same weights, dtypes, layouts,
 * numerics and determinism. */
#ifndef ACLNNOP_ACLNN_UPSAMPLE_BICUBIC2D_AA_H_
#define ACLNNOP_ACLNN_UPSAMPLE_BICUBIC2D_AA_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Phase 1: x is (N, C, Hi, Wi), out is (N, C, outputSize[0], outputSize[1]).
 * scalesH/scalesW are the scale factors (0 or NaN: not given). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBicubic2dAAGetWorkspaceSize(
    const aclTensor* x, const aclIntArray* outputSize, bool alignCorners, double scalesH,
    double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/* Phase 2: enqueues the plan on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBicubic2dAA(void* workspace, uint64_t workspaceSize,
                                                         aclOpExecutor* executor,
                                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_UPSAMPLE_BICUBIC2D_AA_H_ */
