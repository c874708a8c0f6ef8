// libFuzzer target: builds arbitrary CANN call sequences from bytes and drives
// the whole resize family through its C API. The bytes pick one of 28
// functions (kFunctions: the 2-D nearest, nearest-exact, bilinear,
// bilinear-AA, bicubic and bicubic-AA, forward and backward, aclnnResize, the
// 1-D nearest, nearest V2, nearest-exact and linear, forward and backward, and
// the 3-D nearest, nearest-exact and trilinear, forward and backward) and
// build the arguments it takes: source and destination tensors (4-D, 3-D
// (N, C, L) for the 1-D functions, 5-D (N, C, D, H, W) for the 3-D ones),
// outputSize / inputSize arrays, alignCorners, double or float scales (one for
// the 1-D functions; Linear1d's mostly negative or giving the size, as its
// rule wants; three for the 3-D functions, mostly all given and giving the
// sizes or all not given, sometimes mixed or any), aclnnResize's aclFloatArray
// (any length; NaN, Inf, 0, negative values) and mode string. Dtypes are
// mostly ones the function supports (FLOAT, FLOAT16, BF16, DOUBLE, UINT8),
// formats mostly NCHW, NHWC (view (N, H, W, C)), NCL, NCDHW, NDHWC (view
// (N, D, H, W, C)) or ND; shapes mostly agree with the function, so phase 2
// runs often, and sometimes not; 0 dims (empty tensors) are common. Beyond
// that: shapes of 0, negative, 2^20+-1 and overflowing sizes, arbitrary
// strides and offsets, invalid enums, null pointers, data pointers inside,
// across and outside blocks, short workspaces, bogus streams, source values
// NaN/Inf/denormal/any bits.
//
// Every outcome must be a status, a failure with a message
// (aclGetRecentErrMsg). Under ASan+UBSan any crash, leak, out-of-bounds access
// or undefined behaviour is a finding. Sentinel bytes check that nothing
// writes a host buffer, that the source's values are unchanged, and that no
// byte of the device blocks outside the destination's view changes (none at
// all unless phase 2 succeeded).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_resize.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa_grad.h"
#include "aclnnop/aclnn_upsample_bicubic_2d.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_backward.h"
#include "aclnnop/aclnn_upsample_bilinear2d_aa.h"
#include "aclnnop/aclnn_upsample_bilinear2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_backward_v2.h"
#include "aclnnop/aclnn_upsample_linear_1d.h"
#include "aclnnop/aclnn_upsample_linear_1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_1d.h"
#include "aclnnop/aclnn_upsample_nearest_1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_1d_v2.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d_v2.h"
#include "aclnnop/aclnn_upsample_nearest_3d.h"
#include "aclnnop/aclnn_upsample_nearest_3d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact3d.h"
#include "aclnnop/aclnn_upsample_nearest_exact3d_backward.h"
#include "aclnnop/aclnn_upsample_trilinear_3d.h"
#include "aclnnop/aclnn_upsample_trilinear_3d_backward.h"

extern "C" aclTensor* FuzzCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, int dataType,
                                       const int64_t* stride, int64_t offset, int format,
                                       const int64_t* storageDims, uint64_t storageDimsNum,
                                       void* tensorData);

namespace {

constexpr unsigned char kSentinel = 0x5A;
constexpr size_t kMaxBlock = 64 << 10;

// ---- the functions -------------------------------------------------------

// Dtypes and formats a function accepts, as bits of kDtypes / kFormats. The
// harness only uses them to draw mostly valid calls; anything may be passed.
constexpr int kDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8};
enum : unsigned { kF32 = 1, kF16 = 2, kBf16 = 4, kF64 = 8, kU8 = 16 };
constexpr int kFormats[] = {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC,  ACL_FORMAT_ND,
                            ACL_FORMAT_NCL,  ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC};
enum : unsigned { kNchw = 1, kNhwc = 2, kNd = 4, kNcl = 8, kNcdhw = 16, kNdhwc = 32 };

// The parameters a function takes besides its source, destination and
// outputSize (aclnnResize takes no outputSize: kScaleArray). kLength: a 1-D
// function: (N, C, L) tensors, outputSize (Lo), inputSize (N, C, Li), one
// scale (scales_w / float_w). kScaleFixesSize: a scale >= 0 must give
// outputSize = trunc(L * scale) (aclnnUpsampleLinear1d). kVolume: a 3-D
// function: (N, C, D, H, W) tensors ((N, D, H, W, C) views in NDHWC),
// outputSize (Do, Ho, Wo), inputSize (N, C, Di, Hi, Wi) in every format, three
// scales (scales_d, scales_h, scales_w).
enum : unsigned {
  kInputSize = 1,
  kAlignCorners = 2,
  kDoubleScales = 4,
  kFloatScales = 8,
  kScaleArray = 16,
  kLength = 32,
  kScaleFixesSize = 64,
  kVolume = 128,
};

// One call's arguments; each function passes those it takes.
struct Args {
  const aclTensor* source = nullptr;
  aclTensor* destination = nullptr;
  const aclIntArray* output_size = nullptr;
  const aclIntArray* input_size = nullptr;
  bool align_corners = false;
  double scales_d = 0.0, scales_h = 0.0, scales_w = 0.0;
  float float_h = 0.0f, float_w = 0.0f;
  const aclFloatArray* scales = nullptr;
  const char* mode = nullptr;
};

using A = const Args&;
using W = uint64_t*;
using E = aclOpExecutor**;

struct Function {
  bool backward;  // source = (N, C, [Do,] Ho, Wo) gradient, destination = (N, C, [Di,] Hi, Wi)
  unsigned takes, dtypes, formats;
  aclnnStatus (*phase1)(A, W, E);
  aclnnStatus (*phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream);
};

const Function kFunctions[] = {
    {false, 0, kF32 | kF16 | kBf16 | kF64 | kU8, kNchw | kNhwc,
     [](A a, W w, E e) {
       return aclnnUpsampleNearest2dGetWorkspaceSize(a.source, a.output_size, a.destination, w, e);
     },
     aclnnUpsampleNearest2d},
    {false, kFloatScales, kF32 | kF16 | kBf16 | kF64 | kU8, kNchw | kNhwc,
     [](A a, W w, E e) {
       return aclnnUpsampleNearest2dV2GetWorkspaceSize(a.source, a.output_size, a.float_h,
                                                       a.float_w, a.destination, w, e);
     },
     aclnnUpsampleNearest2dV2},
    {true, kInputSize | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNhwc,
     [](A a, W w, E e) {
       return aclnnUpsampleNearest2dBackwardGetWorkspaceSize(
           a.source, a.output_size, a.input_size, a.scales_h, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleNearest2dBackward},
    {false, kDoubleScales, kF32 | kF16 | kBf16 | kU8, kNchw | kNhwc | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleNearestExact2dGetWorkspaceSize(a.source, a.output_size, a.scales_h,
                                                          a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleNearestExact2d},
    {true, kInputSize | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(
           a.source, a.output_size, a.input_size, a.scales_h, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleNearestExact2dBackward},
    {false, kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16 | kF64, kNchw | kNhwc,
     [](A a, W w, E e) {
       return aclnnUpsampleBilinear2dGetWorkspaceSize(a.source, a.output_size, a.align_corners,
                                                      a.scales_h, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleBilinear2d},
    {true, kInputSize | kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNhwc,
     [](A a, W w, E e) {
       return aclnnUpsampleBilinear2dBackwardGetWorkspaceSize(a.source, a.output_size, a.input_size,
                                                              a.align_corners, a.scales_h,
                                                              a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleBilinear2dBackward},
    {true, kInputSize | kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNhwc,
     [](A a, W w, E e) {
       return aclnnUpsampleBilinear2dBackwardV2GetWorkspaceSize(
           a.source, a.output_size, a.input_size, a.align_corners, a.scales_h, a.scales_w,
           a.destination, w, e);
     },
     aclnnUpsampleBilinear2dBackwardV2},
    {false, kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleBilinear2dAAGetWorkspaceSize(
           a.source, a.output_size, a.align_corners, a.scales_h, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleBilinear2dAA},
    {true, kInputSize | kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize(
           a.source, a.output_size, a.input_size, a.align_corners, a.scales_h, a.scales_w,
           a.destination, w, e);
     },
     aclnnUpsampleBilinear2dAABackward},
    {false, kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNhwc | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleBicubic2dGetWorkspaceSize(a.source, a.output_size, a.align_corners,
                                                     a.scales_h, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleBicubic2d},
    {true, kInputSize | kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNhwc | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleBicubic2dBackwardGetWorkspaceSize(a.source, a.output_size, a.input_size,
                                                             a.align_corners, a.scales_h,
                                                             a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleBicubic2dBackward},
    {false, kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleBicubic2dAAGetWorkspaceSize(a.source, a.output_size, a.align_corners,
                                                       a.scales_h, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleBicubic2dAA},
    {true, kInputSize | kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16, kNchw | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(a.source, a.output_size, a.input_size,
                                                           a.align_corners, a.scales_h, a.scales_w,
                                                           a.destination, w, e);
     },
     aclnnUpsampleBicubic2dAAGrad},
    {false, kScaleArray, kF32 | kF16 | kBf16, kNchw | kNhwc,
     [](A a, W w, E e) {
       return aclnnResizeGetWorkspaceSize(a.source, a.scales, a.mode, a.destination, w, e);
     },
     aclnnResize},
    {false, kLength, kF32 | kF16 | kBf16 | kF64 | kU8, kNcl,
     [](A a, W w, E e) {
       return aclnnUpsampleNearest1dGetWorkspaceSize(a.source, a.output_size, a.destination, w, e);
     },
     aclnnUpsampleNearest1d},
    {false, kLength | kFloatScales, kF32 | kF16 | kBf16 | kF64 | kU8, kNcl,
     [](A a, W w, E e) {
       return aclnnUpsampleNearest1dV2GetWorkspaceSize(a.source, a.output_size, a.float_w,
                                                       a.destination, w, e);
     },
     aclnnUpsampleNearest1dV2},
    {true, kLength | kInputSize | kDoubleScales, kF32 | kF16 | kBf16 | kF64, kNcl | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleNearest1dBackwardGetWorkspaceSize(a.source, a.output_size, a.input_size,
                                                             a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleNearest1dBackward},
    {false, kLength | kDoubleScales, kF32 | kF16 | kBf16 | kU8, kNcl | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleNearestExact1dGetWorkspaceSize(a.source, a.output_size, a.scales_w,
                                                          a.destination, w, e);
     },
     aclnnUpsampleNearestExact1d},
    {true, kLength | kInputSize | kDoubleScales, kF32 | kF16 | kBf16, kNcl | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
           a.source, a.output_size, a.input_size, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleNearestExact1dBackward},
    {false, kLength | kAlignCorners | kDoubleScales | kScaleFixesSize, kF32 | kF16 | kBf16,
     kNcl | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleLinear1dGetWorkspaceSize(a.source, a.output_size, a.align_corners,
                                                    a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleLinear1d},
    {true, kLength | kInputSize | kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16, kNcl | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleLinear1dBackwardGetWorkspaceSize(
           a.source, a.output_size, a.input_size, a.align_corners, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleLinear1dBackward},
    {false, kVolume | kDoubleScales, kF32 | kF16 | kBf16 | kF64 | kU8, kNcdhw | kNdhwc | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleNearest3dGetWorkspaceSize(a.source, a.output_size, a.scales_d,
                                                     a.scales_h, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleNearest3d},
    {true, kVolume | kInputSize | kDoubleScales, kF32 | kF16 | kBf16 | kF64, kNcdhw | kNdhwc | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleNearest3dBackwardGetWorkspaceSize(a.source, a.output_size, a.input_size,
                                                             a.scales_d, a.scales_h, a.scales_w,
                                                             a.destination, w, e);
     },
     aclnnUpsampleNearest3dBackward},
    {false, kVolume | kDoubleScales, kF32 | kF16 | kBf16, kNcdhw | kNdhwc | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleNearestExact3dGetWorkspaceSize(
           a.source, a.output_size, a.scales_d, a.scales_h, a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleNearestExact3d},
    {true, kVolume | kInputSize | kDoubleScales, kF32 | kF16 | kBf16, kNcdhw | kNdhwc | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleNearestExact3dBackwardGetWorkspaceSize(
           a.source, a.output_size, a.input_size, a.scales_d, a.scales_h, a.scales_w, a.destination,
           w, e);
     },
     aclnnUpsampleNearestExact3dBackward},
    {false, kVolume | kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16 | kF64,
     kNcdhw | kNdhwc | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleTrilinear3dGetWorkspaceSize(a.source, a.output_size, a.align_corners,
                                                       a.scales_d, a.scales_h, a.scales_w,
                                                       a.destination, w, e);
     },
     aclnnUpsampleTrilinear3d},
    {true, kVolume | kInputSize | kAlignCorners | kDoubleScales, kF32 | kF16 | kBf16 | kF64,
     kNcdhw | kNdhwc | kNd,
     [](A a, W w, E e) {
       return aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(
           a.source, a.output_size, a.input_size, a.align_corners, a.scales_d, a.scales_h,
           a.scales_w, a.destination, w, e);
     },
     aclnnUpsampleTrilinear3dBackward},
};

// ---- values --------------------------------------------------------------

// True one time in n. When the bytes run out every draw returns its lowest
// value: then this is false, and every other draw below falls on the common,
// valid choice, so that a short input makes a call that phase 2 runs.
bool OneIn(FuzzedDataProvider& p, int n) { return p.ConsumeIntegralInRange<int>(1, n) == n; }

// A dimension: mostly 1..8 (1..24 one time in 4); for a 3-D function, whose
// tensors have five dimensions, 1..6 (1..16).
int64_t Dim(FuzzedDataProvider& p, bool volume) {
  static const int64_t special[] = {0,
                                    -1,
                                    1,
                                    (int64_t{1} << 20) - 1,
                                    int64_t{1} << 20,
                                    (int64_t{1} << 20) + 1,
                                    int64_t{1} << 31,
                                    int64_t{1} << 40,
                                    std::numeric_limits<int64_t>::max(),
                                    std::numeric_limits<int64_t>::min()};
  if (OneIn(p, 16)) return p.PickValueInArray(special);
  return p.ConsumeIntegralInRange<int64_t>(1, OneIn(p, 4) ? (volume ? 16 : 24) : (volume ? 6 : 8));
}

// out / in as the forward's scale (0 when in is not positive).
double Ratio(int64_t out, int64_t in) {
  return in > 0 ? static_cast<double>(out) / static_cast<double>(in) : 0.0;
}

// A double scale; `ratio` is the one consistent with the sizes.
double Scale(FuzzedDataProvider& p, double ratio) {
  static const double special[] = {0.0,
                                   -0.0,
                                   -1.0,
                                   std::numeric_limits<double>::quiet_NaN(),
                                   std::numeric_limits<double>::infinity(),
                                   -std::numeric_limits<double>::infinity(),
                                   1e300,
                                   1e-300,
                                   4.9e-324,
                                   0.02,
                                   50.0,
                                   1.0};
  switch (p.ConsumeIntegralInRange<int>(0, 4)) {
    case 0:
      return p.PickValueInArray(special);
    case 1:
      return p.ConsumeFloatingPointInRange<double>(0.01, 60.0);
    case 2:
      return p.ConsumeFloatingPoint<double>();
    case 3:
      return ratio;
    default:
      return 0.0;
  }
}

// aclnnUpsampleLinear1d's scale, whose rule is that a scale >= 0 gives
// out = trunc(in * scale): mostly negative ("not given") or one that gives the
// size (out + f) / in with f in [0, 0.9], sometimes any.
double LengthScale(FuzzedDataProvider& p, int64_t out, int64_t in) {
  static const double negative[] = {-1.0, -0.5, -1e300, -std::numeric_limits<double>::infinity()};
  switch (p.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      return -1.0;
    case 1:
      return p.PickValueInArray(negative);
    case 2:
      if (in > 0 && out >= 0) {
        return (static_cast<double>(out) + p.ConsumeFloatingPointInRange<double>(0.0, 0.9)) /
               static_cast<double>(in);
      }
      return -1.0;
    default:
      return Scale(p, Ratio(out, in));
  }
}

// A 3-D function's three scales (D, H, W), which it uses only when all three
// are > 0 (NearestExact3d then wants out = floor(in * scale) per axis): all
// not given (0, sometimes negative), all given and giving the sizes (out / in
// or (out + f) / in with f in [0, 0.9]), all given and any positive value
// (tiny, huge, Inf), or each drawn alone (mixed; NaN, negative, any bits).
void VolumeScales(FuzzedDataProvider& p, const int64_t out[3], const int64_t in[3],
                  double scales[3]) {
  static const double unset[] = {0.0, -0.0, -1.0, -1e300};
  static const double positive[] = {
      1e300, 1e-300, 4.9e-324, std::numeric_limits<double>::infinity(), 0.02, 50.0, 1.0};
  switch (p.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      for (int k = 0; k < 3; ++k) scales[k] = OneIn(p, 4) ? p.PickValueInArray(unset) : 0.0;
      break;
    case 1:
      for (int k = 0; k < 3; ++k) {
        if (in[k] > 0 && out[k] >= 0 && p.ConsumeBool()) {
          scales[k] =
              (static_cast<double>(out[k]) + p.ConsumeFloatingPointInRange<double>(0.0, 0.9)) /
              static_cast<double>(in[k]);
        } else {
          scales[k] = Ratio(out[k], in[k]);
        }
      }
      break;
    case 2:
      for (int k = 0; k < 3; ++k) {
        scales[k] = OneIn(p, 4) ? p.PickValueInArray(positive)
                                : p.ConsumeFloatingPointInRange<double>(0.01, 60.0);
      }
      break;
    default:
      for (int k = 0; k < 3; ++k) scales[k] = Scale(p, Ratio(out[k], in[k]));
  }
}

float FloatScale(FuzzedDataProvider& p, double ratio) {
  static const float special[] = {0.0f,
                                  -0.0f,
                                  -1.0f,
                                  std::numeric_limits<float>::quiet_NaN(),
                                  std::numeric_limits<float>::infinity(),
                                  -std::numeric_limits<float>::infinity(),
                                  std::numeric_limits<float>::max(),
                                  std::numeric_limits<float>::min(),
                                  std::numeric_limits<float>::denorm_min(),
                                  0.02f,
                                  50.0f,
                                  1.0f};
  switch (p.ConsumeIntegralInRange<int>(0, 4)) {
    case 0:
      return p.PickValueInArray(special);
    case 1:
      return p.ConsumeFloatingPointInRange<float>(0.01f, 60.0f);
    case 2:
      return p.ConsumeFloatingPoint<float>();
    case 3:
      return static_cast<float>(ratio);
    default:
      return 0.0f;
  }
}

// One of the values whose bits are set in `mask` (a function's own).
int Pick(FuzzedDataProvider& p, const int* values, size_t count, unsigned mask) {
  int chosen[8];
  size_t n = 0;
  for (size_t i = 0; i < count; ++i) {
    if (mask & (1u << i)) chosen[n++] = values[i];
  }
  return chosen[p.ConsumeIntegralInRange<size_t>(0, n - 1)];
}

// Mostly one the function supports, sometimes another of the family's, rarely
// anything.
int Dtype(FuzzedDataProvider& p, unsigned supported) {
  static const int odd[] = {ACL_INT32, ACL_INT8, ACL_INT64, ACL_BOOL, -1, 999};
  const int r = p.ConsumeIntegralInRange<int>(0, 15);
  if (r == 15) return p.PickValueInArray(odd);
  if (r >= 12) return p.PickValueInArray(kDtypes);
  return Pick(p, kDtypes, std::size(kDtypes), supported);
}

int Format(FuzzedDataProvider& p, unsigned supported) {
  static const int odd[] = {ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_NZ, -1, 12345};
  const int r = p.ConsumeIntegralInRange<int>(0, 15);
  if (r == 15) return p.PickValueInArray(odd);
  if (r >= 12) return p.PickValueInArray(kFormats);
  return Pick(p, kFormats, std::size(kFormats), supported);
}

size_t ElementBytes(int dtype) {
  switch (dtype) {
    case ACL_DOUBLE:
      return 8;
    case ACL_FLOAT:
      return 4;
    case ACL_FLOAT16:
    case ACL_BF16:
      return 2;
    case ACL_UINT8:
      return 1;
    default:
      return 0;
  }
}

// (N, C, H, W) in the order of a view: (N, H, W, C) for NHWC.
std::vector<int64_t> Layout(int64_t n, int64_t c, int64_t h, int64_t w, bool nhwc) {
  return nhwc ? std::vector<int64_t>{n, h, w, c} : std::vector<int64_t>{n, c, h, w};
}

// (N, C, D, H, W) in the order of a view: (N, D, H, W, C) for NDHWC.
std::vector<int64_t> Layout3d(int64_t n, int64_t c, int64_t d, int64_t h, int64_t w, bool ndhwc) {
  return ndhwc ? std::vector<int64_t>{n, d, h, w, c} : std::vector<int64_t>{n, c, d, h, w};
}

// (N, C, L), or (N, L, C) when `swapped` (disagreeing with the sizes unless C == L).
std::vector<int64_t> Layout1d(int64_t n, int64_t c, int64_t l, bool swapped) {
  return swapped ? std::vector<int64_t>{n, l, c} : std::vector<int64_t>{n, c, l};
}

// ---- memory and tensors --------------------------------------------------

struct Block {
  void* ptr = nullptr;
  size_t size = 0;
};

struct FuzzTensor {
  aclTensor* tensor = nullptr;
  std::vector<int64_t> shape, strides;  // strides as the tensor holds them
  int64_t offset = 0;
  void* data = nullptr;
};

// Wrapping arithmetic: the harness must not have undefined behaviour itself.
int64_t Mul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
int64_t Add(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

// `nhwc`: the shape is in (N, H, W, C) order ((N, D, H, W, C) for a 5-D one).
// The data lies mostly in a block, by default at the start of
// blocks[first_block].
void MakeTensor(FuzzedDataProvider& p, FuzzTensor* t, const std::vector<int64_t>& shape, int dtype,
                int format, bool nhwc, const std::vector<Block>& blocks, size_t first_block,
                unsigned char* host) {
  t->shape = shape;
  const size_t rank = shape.size();
  const int layout = p.ConsumeIntegralInRange<int>(0, 4);
  t->strides.assign(rank, 1);
  for (size_t i = rank; i-- > 1;) t->strides[i - 1] = Mul(t->strides[i], shape[i]);
  const std::vector<int64_t> contiguous = t->strides;
  if (layout == 1 && rank == 4) {  // the other memory order: channels-last / channels-first
    if (nhwc) {
      t->strides = {Mul(Mul(shape[3], shape[1]), shape[2]), shape[2], 1, Mul(shape[1], shape[2])};
    } else {
      t->strides = {Mul(Mul(shape[1], shape[2]), shape[3]), 1, Mul(shape[3], shape[1]), shape[1]};
    }
  } else if (layout == 1 && rank == 5) {  // the same for volumes
    const int64_t dhw = Mul(Mul(nhwc ? shape[1] : shape[2], nhwc ? shape[2] : shape[3]),
                            nhwc ? shape[3] : shape[4]);
    if (nhwc) {  // (N, D, H, W, C) view, channels-first memory
      t->strides = {Mul(dhw, shape[4]), Mul(shape[2], shape[3]), shape[3], 1, dhw};
    } else {  // (N, C, D, H, W) view, channels-last memory
      t->strides = {Mul(dhw, shape[1]), 1, Mul(Mul(shape[3], shape[4]), shape[1]),
                    Mul(shape[4], shape[1]), shape[1]};
    }
  } else if (layout == 1 && rank == 3) {  // (N, C, L) channels-last: (N, L, C) in memory
    t->strides = {Mul(shape[1], shape[2]), 1, shape[1]};
  } else if (layout == 2) {  // padded rows
    for (size_t i = 0; i + 1 < rank; ++i) {
      t->strides[i] = Add(t->strides[i], p.ConsumeIntegralInRange<int64_t>(0, 3));
    }
  } else if (layout == 3) {  // anything
    for (auto& s : t->strides) {
      s = p.ConsumeBool() ? p.ConsumeIntegralInRange<int64_t>(-64, 64)
                          : p.ConsumeIntegral<int64_t>();
    }
  }
  switch (p.ConsumeIntegralInRange<int>(0, 7)) {
    case 6:
      t->offset = p.ConsumeIntegral<int64_t>();
      break;
    case 7:
      t->offset = -p.ConsumeIntegralInRange<int64_t>(1, 8);
      break;
    default:
      t->offset = p.ConsumeIntegralInRange<int64_t>(0, 64);
  }
  switch (p.ConsumeIntegralInRange<int>(0, 9)) {
    case 8:
      t->data = nullptr;
      break;
    case 9:
      t->data = host;  // not device memory
      break;
    default: {
      const Block& b =
          blocks[(first_block + p.ConsumeIntegralInRange<size_t>(0, blocks.size() - 1)) %
                 blocks.size()];
      size_t at = p.ConsumeIntegralInRange<size_t>(0, OneIn(p, 2) ? b.size + 64 : 256);
      const size_t es = ElementBytes(dtype);
      if (es > 1 && !OneIn(p, 4)) at -= at % es;  // aligned as the dtype needs
      t->data = static_cast<char*>(b.ptr) + at - (p.ConsumeBool() ? 32 : 0);
    }
  }
  const bool null_strides = OneIn(p, 5);
  if (null_strides) t->strides = contiguous;  // what the library assumes
  t->tensor =
      FuzzCreateTensor(shape.data(), rank, dtype, null_strides ? nullptr : t->strides.data(),
                       t->offset, format, shape.data(), rank, t->data);
}

// Calls fn(bytes) with where each element of t's view lies, for those lying
// wholly in a block. False, calling nothing, if the dtype has no size or the
// view has more elements than the blocks have bytes (only a broadcast view
// can). Not instrumented for coverage: these loops are the harness's, not the
// library's, and would cost most of the time.
template <typename Fn>
__attribute__((no_sanitize("coverage"))) bool ForEachElement(const FuzzTensor& t, size_t es,
                                                             const std::vector<Block>& blocks,
                                                             Fn fn) {
  constexpr int64_t kMaxElements = 3 * kMaxBlock;
  if (es == 0) return false;
  int64_t count = 1;
  for (int64_t d : t.shape) {
    if (d < 0 || d > kMaxElements) return false;
    count *= d;
    if (count > kMaxElements) return false;
  }
  const uint64_t base = reinterpret_cast<uintptr_t>(t.data);
  std::vector<int64_t> index(t.shape.size(), 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t element = t.offset;
    for (size_t k = 0; k < index.size(); ++k) element = Add(element, Mul(index[k], t.strides[k]));
    const uint64_t at = base + static_cast<uint64_t>(element) * es;
    for (const Block& b : blocks) {
      const uint64_t from = at - reinterpret_cast<uintptr_t>(b.ptr);  // wraps if below
      if (from < b.size && es <= b.size - from) fn(static_cast<unsigned char*>(b.ptr) + from);
    }
    for (size_t k = index.size(); k-- > 0;) {  // next index, last dim fastest
      if (++index[k] < t.shape[k]) break;
      index[k] = 0;
    }
  }
  return true;
}

// The bits of a special value of the dtype (little-endian, low bytes): NaN,
// +Inf, -Inf, -0, the largest finite, the smallest denormal, 1.
uint64_t SpecialBits(FuzzedDataProvider& p, int dtype) {
  static const uint64_t f64[] = {0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000,
                                 0x8000000000000000, 0x7FEFFFFFFFFFFFFF, 1,
                                 0x3FF0000000000000};
  static const uint64_t f32[] = {0x7FC00000, 0x7F800000, 0xFF800000, 0x80000000,
                                 0x7F7FFFFF, 1,          0x3F800000};
  static const uint64_t f16[] = {0x7E00, 0x7C00, 0xFC00, 0x8000, 0x7BFF, 1, 0x3C00};
  static const uint64_t bf16[] = {0x7FC0, 0x7F80, 0xFF80, 0x8000, 0x7F7F, 1, 0x3F80};
  static const uint64_t u8[] = {0, 255, 128, 1};
  switch (dtype) {
    case ACL_DOUBLE:
      return p.PickValueInArray(f64);
    case ACL_FLOAT:
      return p.PickValueInArray(f32);
    case ACL_FLOAT16:
      return p.PickValueInArray(f16);
    case ACL_BF16:
      return p.PickValueInArray(bf16);
    default:
      return p.PickValueInArray(u8);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  FuzzedDataProvider p(bytes, size);
  const Function& f = kFunctions[p.ConsumeIntegralInRange<size_t>(0, std::size(kFunctions) - 1)];
  std::vector<Block> blocks(3 - p.ConsumeIntegralInRange<size_t>(0, 2));
  for (Block& b : blocks) {
    b.size = OneIn(p, 2) ? p.ConsumeIntegralInRange<size_t>(1, kMaxBlock) : kMaxBlock;
    if (aclrtMalloc(&b.ptr, b.size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
      for (Block& allocated : blocks) {
        if (allocated.ptr) aclrtFree(allocated.ptr);
      }
      return 0;
    }
    std::memset(b.ptr, kSentinel, b.size);
  }
  unsigned char host[256];
  std::memset(host, kSentinel, sizeof host);

  // The forward resizes (N, C, Hi, Wi) to (N, C, Ho, Wo); a backward maps the
  // gradient (N, C, Ho, Wo) back to (N, C, Hi, Wi). A 1-D function resizes
  // (N, C, Wi) to (N, C, Wo) (Hi and Ho unused); a 3-D one (N, C, Di, Hi, Wi)
  // to (N, C, Do, Ho, Wo).
  const bool one_d = (f.takes & kLength) != 0;
  const bool volume = (f.takes & kVolume) != 0;
  int64_t n = Dim(p, volume), c = Dim(p, volume), ho = Dim(p, volume), wo = Dim(p, volume),
          hi = Dim(p, volume), wi = Dim(p, volume);
  int64_t d_o = 1, di = 1;
  if (volume) {
    d_o = Dim(p, volume);
    di = Dim(p, volume);
  }
  if (OneIn(p, 16)) {  // an empty tensor
    int64_t* dims[] = {&n, &c, &ho, &wo, &hi, &wi, &d_o, &di};
    *dims[p.ConsumeIntegralInRange<size_t>(0, p.ConsumeBool() ? 1 : (volume ? 7 : 5))] = 0;
  }
  const int src_dtype = Dtype(p, f.dtypes);
  const int dst_dtype = OneIn(p, 8) ? Dtype(p, f.dtypes) : src_dtype;
  const int src_format = Format(p, f.formats);
  const int dst_format = OneIn(p, 8) ? Format(p, f.formats) : src_format;
  // Shapes in the source format's order, rarely in the other one.
  const bool nhwc = (src_format == (volume ? ACL_FORMAT_NDHWC : ACL_FORMAT_NHWC)) != OneIn(p, 16);
  const std::vector<int64_t> in_shape = one_d    ? Layout1d(n, c, wi, nhwc)
                                        : volume ? Layout3d(n, c, di, hi, wi, nhwc)
                                                 : Layout(n, c, hi, wi, nhwc);
  const std::vector<int64_t> out_shape = one_d    ? Layout1d(n, c, wo, nhwc)
                                         : volume ? Layout3d(n, c, d_o, ho, wo, nhwc)
                                                  : Layout(n, c, ho, wo, nhwc);
  std::vector<int64_t> src_shape = f.backward ? out_shape : in_shape;
  std::vector<int64_t> dst_shape = f.backward ? in_shape : out_shape;
  if (OneIn(p, 16)) src_shape.resize(p.ConsumeIntegralInRange<size_t>(0, 5), 2);
  if (OneIn(p, 16)) dst_shape.resize(p.ConsumeIntegralInRange<size_t>(0, 5), 2);
  FuzzTensor src, dst;
  MakeTensor(p, &src, src_shape, src_dtype, src_format, nhwc, blocks, 0, host);
  MakeTensor(p, &dst, dst_shape, dst_dtype, dst_format, nhwc, blocks, blocks.size() - 1, host);

  std::vector<int64_t> osz = one_d    ? std::vector<int64_t>{wo}
                             : volume ? std::vector<int64_t>{d_o, ho, wo}
                                      : std::vector<int64_t>{ho, wo};
  // A 3-D backward reads inputSize as (N, C, D, H, W) whatever the format;
  // rarely it gets the view's order.
  std::vector<int64_t> isz =
      volume && !OneIn(p, 16) ? std::vector<int64_t>{n, c, di, hi, wi} : in_shape;
  if (OneIn(p, 8)) osz.resize(p.ConsumeIntegralInRange<size_t>(0, volume ? 4 : 3), 3);
  if (OneIn(p, 8)) isz.resize(p.ConsumeIntegralInRange<size_t>(0, volume ? 6 : 5), 3);
  if (!osz.empty() && OneIn(p, 8))
    osz[p.ConsumeIntegralInRange<size_t>(0, osz.size() - 1)] = Dim(p, volume);
  Args args;
  aclIntArray *output_size = nullptr, *input_size = nullptr;
  if (!(f.takes & kScaleArray) && !OneIn(p, 16))
    output_size = aclCreateIntArray(osz.data(), osz.size());
  if ((f.takes & kInputSize) && !OneIn(p, 16))
    input_size = aclCreateIntArray(isz.data(), isz.size());
  args.output_size = output_size;
  args.input_size = input_size;
  if (f.takes & kAlignCorners) args.align_corners = p.ConsumeBool();
  if ((f.takes & kDoubleScales) && volume) {
    const int64_t out3[] = {d_o, ho, wo}, in3[] = {di, hi, wi};
    double s[3];
    VolumeScales(p, out3, in3, s);
    args.scales_d = s[0];
    args.scales_h = s[1];
    args.scales_w = s[2];
  } else if (f.takes & kDoubleScales) {
    if (!one_d) args.scales_h = Scale(p, Ratio(ho, hi));
    args.scales_w = (f.takes & kScaleFixesSize) ? LengthScale(p, wo, wi) : Scale(p, Ratio(wo, wi));
  }
  if (f.takes & kFloatScales) {
    if (!one_d) args.float_h = FloatScale(p, Ratio(ho, hi));
    args.float_w = FloatScale(p, Ratio(wo, wi));
  }
  aclFloatArray* scales = nullptr;
  if (f.takes & kScaleArray) {
    // Per dim of the view: 1 for N and C, out / in for H and W.
    std::vector<float> v = {1.0f, 1.0f, static_cast<float>(Ratio(ho, hi)),
                            static_cast<float>(Ratio(wo, wi))};
    if (nhwc) v = {1.0f, v[2], v[3], 1.0f};
    if (OneIn(p, 8)) v.resize(p.ConsumeIntegralInRange<size_t>(0, 6), 1.0f);
    for (float& x : v) {
      if (OneIn(p, 16)) x = FloatScale(p, 1.0);
    }
    if (!OneIn(p, 16)) scales = aclCreateFloatArray(v.data(), v.size());
    args.scales = scales;
    static const char* const modes[] = {"nearest",   "bilinear", "nearest_x",
                                        "trilinear", "",         nullptr};
    args.mode = modes[p.ConsumeIntegralInRange<size_t>(0, p.ConsumeBool() ? 1 : 5)];
  }
  // The source's values: sentinels, or a pattern of up to 4 values (NaN, Inf,
  // denormals, any bits) repeating along memory.
  std::vector<uint64_t> pattern(p.ConsumeIntegralInRange<size_t>(0, 4));
  for (uint64_t& v : pattern) {
    v = OneIn(p, 2) ? SpecialBits(p, src_dtype) : p.ConsumeIntegral<uint64_t>();
  }
  const size_t src_es = ElementBytes(src_dtype);
  const auto value = [&](const unsigned char* at) {  // by address: views may alias
    return pattern[reinterpret_cast<uintptr_t>(at) / src_es % pattern.size()];
  };
  if (!pattern.empty()) {
    ForEachElement(src, src_es, blocks, [&](unsigned char* at) {
      const uint64_t v = value(at);
      std::memcpy(at, &v, src_es);
    });
  }
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  const bool null_out_args = OneIn(p, 32);
  args.source = OneIn(p, 32) ? nullptr : src.tensor;
  args.destination = OneIn(p, 32) ? nullptr : dst.tensor;
  const aclnnStatus s1 = f.phase1(args, null_out_args ? nullptr : &ws_size, &exec);
  if (s1 != ACLNN_SUCCESS && aclGetRecentErrMsg() == nullptr) __builtin_trap();  // must explain
  aclnnStatus s2 = -1;
  if (s1 == ACLNN_SUCCESS) {
    // Bound the work of one input; phase 1 has already checked everything.
    // The product over axes of the larger extent bounds both tensors' element
    // counts (N*C*D*H*W for a volume) and a volume's intermediate.
    double work = 1.0;
    for (size_t k = 0; k < std::max(src_shape.size(), dst_shape.size()); ++k) {
      work *= std::max(k < src_shape.size() ? std::fabs(static_cast<double>(src_shape[k])) : 1.0,
                       k < dst_shape.size() ? std::fabs(static_cast<double>(dst_shape[k])) : 1.0);
    }
    if (work > (1 << 20) || OneIn(p, 16)) {
      aclDestroyAclOpExecutor(exec);
    } else {
      void* ws = nullptr;
      uint64_t given = ws_size;
      // Half the time the workspace phase 1 asked for, else one misuse.
      enum { kAsked, kNone, kShort, kLong, kHost };
      const int ws_mode = std::max(0, p.ConsumeIntegralInRange<int>(-3, 4));
      if (ws_size > 0 && ws_mode != kNone &&
          aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        ws = nullptr;
      if (ws_mode == kShort && given > 0) given -= 1;
      if (ws_mode == kLong) given += 1;  // claims more than allocated
      void* ws_arg = ws_mode == kHost ? static_cast<void*>(host) : ws;
      aclrtStream stream = nullptr;
      const int stream_mode = p.ConsumeIntegralInRange<int>(0, 3);
      if (stream_mode == 1) aclrtCreateStream(&stream);
      if (stream_mode == 2) stream = host;  // not a stream
      s2 = f.phase2(ws_arg, given, exec, stream);
      if (s2 != ACLNN_SUCCESS) {
        if (aclGetRecentErrMsg() == nullptr) __builtin_trap();
        aclDestroyAclOpExecutor(exec);  // may already be gone: must just return a status
      }
      if (stream_mode == 1 && stream) aclrtDestroyStream(stream);  // runs what is still queued
      aclrtSynchronizeStream(nullptr);
      if (ws) aclrtFree(ws);
    }
  }
  // The host buffer is never device memory: nothing may have touched it.
  for (unsigned char b : host) {
    if (b != kSentinel) __builtin_trap();
  }
  // The source is read-only: its values must be as written. Then only a
  // successful phase 2 may have written, only into the destination's view,
  // so with both views back to sentinels the blocks must hold nothing else.
  const auto to_sentinels = [](size_t es) {
    return [es](unsigned char* at) { std::memset(at, kSentinel, es); };
  };
  if (!pattern.empty()) {
    ForEachElement(src, src_es, blocks, [&](unsigned char* at) {
      const uint64_t v = value(at);
      if (std::memcmp(at, &v, src_es) != 0) __builtin_trap();
    });
    ForEachElement(src, src_es, blocks, to_sentinels(src_es));  // after: elements may alias
  }
  const size_t dst_es = ElementBytes(dst_dtype);
  if (s2 != ACLNN_SUCCESS || ForEachElement(dst, dst_es, blocks, to_sentinels(dst_es))) {
    static const std::vector<unsigned char> sentinels(kMaxBlock, kSentinel);
    for (const Block& b : blocks) {
      if (std::memcmp(b.ptr, sentinels.data(), b.size) != 0) __builtin_trap();
    }
  }
  aclDestroyTensor(src.tensor);
  aclDestroyTensor(dst.tensor);
  aclDestroyIntArray(output_size);
  aclDestroyIntArray(input_size);
  aclDestroyFloatArray(scales);
  for (Block& b : blocks) {
    if (b.ptr) aclrtFree(b.ptr);
  }
  return 0;
}
