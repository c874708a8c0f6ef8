// The filter layer: one rule per resize mode turns (mode, input size, output
// size, align_corners, scale) into an axis's forward weights. Each rule is
// PyTorch 1.13 CPU's (UpSample.h: area_pixel_compute_scale,
// area_pixel_compute_source_index, nearest_idx, nearest_exact_idx; the
// HelperInterpNearest/Linear/Cubic structs of UpSampleKernel.cpp; the
// antialiased separable kernel). Everything after the tables (transposition
// for backwards, pass order, SIMD kernels, threads, dtypes) is shared.
#ifndef ACLNN_HOST_RESAMPLE_FILTERS_H_
#define ACLNN_HOST_RESAMPLE_FILTERS_H_

#include <cstdint>

#include "resample/axis_weights.h"

namespace aclnn_host::resample {

enum class Filter : int {
  kNearest,       // legacy nearest: floorf(dst * scale_f32) (backward: with shortcuts)
  kNearestExact,  // floorf((dst + 0.5) * scale_f32)
  kLinear,        // two taps, source index clamped at 0 (align_corners aware)
  kCubic,         // Keys cubic a = -0.75, four taps with indices clamped to the axis
  kLinearAA,      // antialiased triangle filter (support stretched when shrinking)
  kCubicAA,       // antialiased Keys cubic a = -0.5
};

const char* FilterName(Filter f);

// Nearest and nearest-exact: one source element per output, no weights.
inline bool IsNearest(Filter f) { return f == Filter::kNearest || f == Filter::kNearestExact; }

// One axis of a resize, in the forward op's terms: the forward reads in_size
// inputs and writes out_size outputs. user_scale is the forward scale factor
// (out ~ in * scale); <= 0 or NaN means "not given". align_corners is
// ignored by the nearest rules.
struct AxisRule {
  Filter filter = Filter::kCubicAA;
  int64_t in_size = 0;
  int64_t out_size = 0;
  bool align_corners = false;
  double user_scale = 0.0;
  // PyTorch 1.13's bicubic backward copies a problem whose H and W both keep
  // their size, whatever the scales (its forward filters with an explicit
  // scale != 1): set by the plan for such a problem; kCubic only.
  bool whole_copy = false;
  // The table serves a backward op. PyTorch 1.13's nearest backward maps with
  // nearest_idx (out == in and out == 2*in shortcuts, whatever the scale); its
  // NCHW forward computes floorf(dst * scale) always.
  bool backward = false;
  // The nearest forwards compute the source index in the tensor's type:
  // float32 for every dtype but DOUBLE, whose index PyTorch computes in double
  // (floorf of the double product: 84 -> 72 maps output 54 to input 63, not 62).
  bool double_index = false;
};

// PyTorch's area_pixel_compute_scale in double: the forward's input step per
// output step. align_corners ignores user_scale.
double ForwardAxisScale(int64_t in_size, int64_t out_size, bool align_corners, double user_scale);

// Pillow's / PyTorch's antialiasing kernels, evaluated in double.
double BicubicAAFilter(double x);  // Keys cubic, a = -0.5
double TriangleFilter(double x);

// Upper bound of the taps the axis table holds, without building it:
// O(in_size + out_size) for every rule and scale (guards memory first).
int64_t CountAxisTaps(const AxisRule& rule);

// An upper bound of CountAxisTaps in O(1) (the antialiased filters' count
// walks every destination): the same for the other filters.
int64_t AxisTapsBound(const AxisRule& rule);

// The forward weights: output o reads inputs [first[o], first[o] + count[o])
// (ascending, contiguous; taps a rule clamps onto the same index are summed).
// Where PyTorch copies the axis (IsCopyAxis) the table is the identity and
// `identity` is set; also where a nearest rule maps every index to itself.
AxisWeights ComputeAxisWeights(const AxisRule& rule);

// PyTorch's copy shortcuts for equal sizes: the nearest backward and linear
// always, antialiased modes with scale exactly 1, cubic where whole_copy says.
bool IsCopyAxis(const AxisRule& rule);

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_FILTERS_H_
