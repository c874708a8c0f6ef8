// The table-driven part of CANN's resize family: a function is a contract
// (its parameter names, mode, dtypes, formats, scale and empty-tensor rules,
// and the order in which CANN's own code runs its checks) plus a short file
// that declares it. One runner executes every function's phase 1: the checks
// in the function's order, then every check CANN forgets (we refuse where it
// crashes or leaves a case undefined), then the shared planning.
#ifndef ACLNN_HOST_ACLNN_OPS_RESIZE_CONTRACT_H_
#define ACLNN_HOST_ACLNN_OPS_RESIZE_CONTRACT_H_

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "aclnn/objects.h"
#include "resample/filters.h"
#include "resample/resample_plan.h"

namespace aclnn_host::aclnn {

// The checks of phase 1, one rule each. Statuses: kOutputArgs and kNotNull
// 161001, kEmpty success, all others 161002.
enum class Step {
  kOutputArgs,     // workspaceSize / executor null
  kNotNull,        // the function's pointer parameters null (then: live handles)
  kEmpty,          // an empty source or destination: success, nothing to do
  kMode,           // aclnnResize's mode string
  kDtypes,         // source dtype supported; destination dtype matches
  kFormats,        // source format supported; destination format equal
  kRanks,          // tensors 4-D (1-D: 3-D); outputSize 2 (1) values; inputSize 4 (3); scales 4
  kScaleSigns,     // negative scales refused (where the function refuses them)
  kPositiveSizes,  // H, W, outputSize and inputSize values > 0 (N, C per rule)
  kShapes,         // N, C equal; destination (and a backward's source) shapes agree
  kScaleRatio,     // explicit scales consistent with the sizes (aclnnResize, Linear1d)
  kUpscaleLimit,   // the forward upscales at most 50x per axis (where documented)
  kDimLimits,      // every dim <= INT32_MAX
};

enum class ScaleSign {
  kNoScales,         // the function takes no scales (PyTorch's None)
  kNegativeIsUnset,  // <= 0 (or NaN) means "not given"
  kNegativeRefused,  // negative is 161002; 0 (or NaN) means "not given"
};

enum class EmptyRule {
  kRefused,          // every dim must be > 0
  kAtItsStep,        // kEmpty in `order` marks where CANN returns success
  kBatchOrChannels,  // N or C may be 0; success after all checks
  kBatchOnly,        // N may be 0; success after all checks
};

struct ResizeContract {
  const char* name;         // phase 2's name, e.g. "aclnnUpsampleNearest2d"
  const char* source;       // parameter names, as CANN's header spells them
  const char* destination;  //
  resample::Direction direction;
  resample::Filter filter;
  bool takes_input_size;         // the backwards
  bool takes_output_size;        // all but aclnnResize
  std::vector<int32_t> dtypes;   // accepted source dtypes
  std::vector<int32_t> formats;  // accepted formats (ND reads as NCHW)
  ScaleSign scales;
  EmptyRule empty;
  std::vector<Step> order;          // CANN's order; the runner adds the checks CANN skips
  bool double_needs_nhwc = false;   // aclnnUpsampleBilinear2d: DOUBLE only as NHWC
  bool float_to_16bit_out = false;  // a FLOAT source may write FLOAT16/BFLOAT16
  bool upscale_limit = false;       // forward upscale <= 50x per axis
  // Spatial dims: 2 for (N, C, H, W), 1 for (N, C, L) (run as H = 1), 3 for
  // (N, C, D, H, W) (NCDHW, NDHWC, ND; a VolumePlan; the scales used only when
  // all three are given, and a backward's inputSize read as (N, C, D, H, W)
  // whatever the format, as CANN's code does). A 1-D function's one scale is
  // ResizeCall::scales_w, named `scale_name`.
  int spatial = 2;
  const char* scale_name = "scales";
  // aclnnUpsampleLinear1d (CANN's documented rule): a scale >= 0 must give
  // outputSize = trunc(L * scale), so 0 is refused; negative means "not given".
  bool scale_fixes_size = false;
  // aclnnUpsampleNearestExact3d: with all three scales given, the output
  // sizes must match them.
  bool scales_match_sizes = false;
};

// One call's arguments; parameters a function does not take stay null/0.
struct ResizeCall {
  const aclTensor* source = nullptr;
  aclTensor* destination = nullptr;
  const aclIntArray* output_size = nullptr;
  const aclIntArray* input_size = nullptr;
  const aclFloatArray* scales = nullptr;  // aclnnResize
  const char* mode = nullptr;             // aclnnResize
  bool align_corners = false;
  double scales_d = 0.0;  // volumes
  double scales_h = 0.0;
  double scales_w = 0.0;
  uint64_t* workspace_size = nullptr;
  aclOpExecutor** executor = nullptr;
};

// Phase 1 of any function of the family.
aclnnStatus ResizeGetWorkspaceSize(const ResizeContract& contract, const ResizeCall& call);

}  // namespace aclnn_host::aclnn

#endif  // ACLNN_HOST_ACLNN_OPS_RESIZE_CONTRACT_H_
