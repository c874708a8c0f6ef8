// What the resample ops (aclnnUpsampleBicubic2dAA and its Grad) share: dtype
// mapping, the memory-placement checks (row 9 of the contract), building the
// plan and executor, and phase 2.
#ifndef ACLNN_HOST_ACLNN_OPS_RESAMPLE_OP_H_
#define ACLNN_HOST_ACLNN_OPS_RESAMPLE_OP_H_

#include <cstdint>
#include <string>

#include "aclnn/objects.h"
#include "resample/resample_plan.h"
#include "resample/volume_plan.h"

namespace aclnn_host::aclnn {

bool IsSupportedDtype(int32_t data_type);

// Rows 2-4 of the checks, in order, for a source tensor (`src_name` is
// "gradOutput" or "x") and out: dtypes, negative scales, formats, 4-D ranks.
// Returns "" or the message of the first failure (status 161002).
std::string CheckTensorsAndScales(const char* src_name, const aclTensor* src, const aclTensor* out,
                                  double scalesH, double scalesW);

// A tensor's view as the engine reads it: (N, C, H, W) order whatever the
// format (an NHWC tensor's view shape is (N, H, W, C); an (N, C, L) view is
// (N, C, 1, L)).
struct EngineView {
  int64_t shape[4] = {0, 0, 0, 0};
  int64_t strides[4] = {0, 0, 0, 0};
};
EngineView NchwView(const aclTensor* t, bool nhwc);

// Phase 1's last checks and the plan: both views inside the aclrtMalloc blocks
// their data pointers lie in and aligned, the destination's view not
// overlapping itself, source and destination disjoint. On success fills
// *workspaceSize and *executor. `op`, `src_name` and `dst_name` name things in
// messages; `run_op` is the phase-2 function.
aclnnStatus PlaceAndPlan(const char* op, const char* run_op, const char* src_name,
                         const char* dst_name, const aclTensor* source, const EngineView& src_view,
                         aclTensor* destination, const EngineView& dst_view,
                         const resample::ResampleProblem& problem, uint64_t* workspaceSize,
                         aclOpExecutor** executor);

// The same for two 4-D NCHW tensors, the destination named "out".
aclnnStatus PlaceAndPlan(const char* op, const char* run_op, const char* src_name,
                         const aclTensor* source, aclTensor* destination,
                         const resample::ResampleProblem& problem, uint64_t* workspaceSize,
                         aclOpExecutor** executor);

// The same for volumes: (N, C, D, H, W) engine order (NDHWC views are
// (N, D, H, W, C)), planned as a resample::VolumePlan.
struct VolumeEngineView {
  int64_t shape[5] = {0, 0, 0, 0, 0};
  int64_t strides[5] = {0, 0, 0, 0, 0};
};
VolumeEngineView NcdhwView(const aclTensor* t, bool channels_last);
aclnnStatus PlaceAndPlanVolume(const char* op, const char* run_op, const char* src_name,
                               const char* dst_name, const aclTensor* source,
                               const VolumeEngineView& src_view, aclTensor* destination,
                               const VolumeEngineView& dst_view,
                               const resample::VolumeProblem& problem, uint64_t* workspaceSize,
                               aclOpExecutor** executor);

// Phase 1's result for an empty tensor: success, no workspace, and an
// executor whose phase 2 runs nothing (CANN's empty-tensor shortcut).
aclnnStatus PlanNothing(const char* run_op, uint64_t* workspaceSize, aclOpExecutor** executor);

// Phase 2 of a resample op (the contract's phase-2 rules).
aclnnStatus RunExecutor(const char* op, void* workspace, uint64_t workspaceSize,
                        aclOpExecutor* executor, aclrtStream stream);

}  // namespace aclnn_host::aclnn

#endif  // ACLNN_HOST_ACLNN_OPS_RESAMPLE_OP_H_
