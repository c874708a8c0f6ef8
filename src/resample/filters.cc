#include "resample/filters.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace aclnn_host::resample {
namespace {

constexpr double kCubicA = -0.75;  // PyTorch's non-antialiased bicubic

// Builds the table output by output: `taps(o, add)` calls add(index, weight)
// for each tap of output o, indices ascending (equal indices summed).
template <typename Taps>
AxisWeights BuildTable(const AxisRule& rule, int64_t taps_bound, Taps taps) {
  AxisWeights t;
  t.in_size = rule.in_size;
  t.out_size = rule.out_size;
  t.scale = ForwardAxisScale(rule.in_size, rule.out_size, rule.align_corners, rule.user_scale);
  const size_t n = static_cast<size_t>(rule.out_size);
  t.first.resize(n);
  t.count.resize(n);
  t.offset.resize(n + 1);
  t.weights.reserve(static_cast<size_t>(taps_bound));
  t.weights64.reserve(static_cast<size_t>(taps_bound));
  for (int64_t o = 0; o < rule.out_size; ++o) {
    const size_t so = static_cast<size_t>(o);
    t.offset[so] = static_cast<int64_t>(t.weights64.size());
    int64_t first = -1, last = -1;
    taps(o, [&](int64_t index, double w) {
      if (first < 0) first = index;
      if (index == last) {
        t.weights64.back() += w;
        return;
      }
      last = index;
      t.weights64.push_back(w);
    });
    t.first[so] = first < 0 ? 0 : first;
    t.count[so] = first < 0 ? 0 : last - first + 1;
  }
  t.offset[n] = static_cast<int64_t>(t.weights64.size());
  for (double w : t.weights64) t.weights.push_back(static_cast<float>(w));
  return t;
}

// A float index from PyTorch's float arithmetic, as int64 in [0, in_size):
// floorf of a value that may be huge (a tiny user scale) or NaN (0 * inf)
// is clamped before the cast instead of being undefined.
int64_t ClampedFloorIndex(float v, int64_t in_size) {
  const float f = std::floor(v);
  if (!(f > 0.0f)) return 0;  // also NaN
  if (f >= static_cast<float>(in_size - 1)) return in_size - 1;
  return static_cast<int64_t>(f);
}

// compute_scales_value<float>: the nearest rules' scale is a float.
float NearestScale(const AxisRule& r) {
  return r.user_scale > 0.0 ? static_cast<float>(1.0 / r.user_scale)
                            : static_cast<float>(r.in_size) / static_cast<float>(r.out_size);
}

// The double scale of a DOUBLE tensor's nearest forward (compute_scales_value<double>).
double NearestScaleDouble(const AxisRule& r) {
  return r.user_scale > 0.0 ? 1.0 / r.user_scale
                            : static_cast<double>(r.in_size) / static_cast<double>(r.out_size);
}

int64_t NearestIndex(const AxisRule& r, int64_t o) {
  if (r.backward && r.out_size == r.in_size) return o;  // nearest_idx's shortcuts
  if (r.backward && r.out_size == 2 * r.in_size) return o >> 1;
  // floorf(dst_index * scale): the product is a float (a double for DOUBLE
  // tensors, rounded to float by floorf's parameter).
  const float v = r.double_index
                      ? static_cast<float>(static_cast<double>(o) * NearestScaleDouble(r))
                      : static_cast<float>(o) * NearestScale(r);
  return ClampedFloorIndex(v, r.in_size);
}

int64_t NearestExactIndex(const AxisRule& r, int64_t o) {
  // floorf((dst_index + 0.5) * scale): the product is a double, rounded to
  // float by floorf's parameter.
  const double scale =
      r.double_index ? NearestScaleDouble(r) : static_cast<double>(NearestScale(r));
  return ClampedFloorIndex(static_cast<float>((static_cast<double>(o) + 0.5) * scale), r.in_size);
}

// area_pixel_compute_source_index.
double SourceIndex(double scale, int64_t o, bool align_corners, bool cubic) {
  if (align_corners) return scale * static_cast<double>(o);
  const double src = scale * (static_cast<double>(o) + 0.5) - 0.5;
  return (!cubic && src < 0.0) ? 0.0 : src;
}

// The base index and fraction of a two- or four-tap rule, clamped to the axis
// (guard_index_and_lambda). PyTorch leaves a base past the input (an explicit
// scale inconsistent with the sizes) undefined for linear; we clamp it as its
// cubic forward does.
void GuardIndex(double real, int64_t in_size, int64_t* index, double* lambda) {
  if (!(real >= -4.0)) real = std::isnan(real) ? 0.0 : -4.0;
  if (real > static_cast<double>(in_size) + 4.0) real = static_cast<double>(in_size) + 4.0;
  const int64_t i = std::min(static_cast<int64_t>(std::floor(real)), in_size - 1);
  *index = i;
  *lambda = std::clamp(real - static_cast<double>(i), 0.0, 1.0);
}

double CubicConvolution1(double x) { return ((kCubicA + 2) * x - (kCubicA + 3)) * x * x + 1; }
double CubicConvolution2(double x) {
  return ((kCubicA * x - 5 * kCubicA) * x + 8 * kCubicA) * x - 4 * kCubicA;
}

// Antialiased rules: PyTorch's _compute_weights_span and weights, with the
// window clamped in double first so that every scale gives a defined window.
struct AAWindow {
  double scale, support, invscale;
};

AAWindow MakeAAWindow(double scale, double interp_size) {
  const bool shrink = scale >= 1.0;
  const double half = interp_size / 2.0;
  return {scale, shrink ? half * scale : half, shrink ? 1.0 / scale : 1.0};
}

int64_t ClampToAxis(double v, int64_t in_size) {
  if (!(v > 0.0)) return 0;  // also NaN
  if (v >= static_cast<double>(in_size)) return in_size;
  return static_cast<int64_t>(v);
}

void AAWindowOf(const AAWindow& f, int64_t o, int64_t in_size, int64_t* lo, int64_t* hi) {
  const double center = f.scale * (static_cast<double>(o) + 0.5);
  if (!std::isfinite(center)) {
    *lo = *hi = 0;
    return;
  }
  *lo = ClampToAxis(std::trunc(center - f.support + 0.5), in_size);
  *hi = std::max(*lo, ClampToAxis(std::trunc(center + f.support + 0.5), in_size));
}

AxisWeights AntialiasedTable(const AxisRule& rule, double interp_size, double (*kernel)(double)) {
  const double scale =
      ForwardAxisScale(rule.in_size, rule.out_size, rule.align_corners, rule.user_scale);
  const AAWindow f = MakeAAWindow(scale, interp_size);
  std::vector<double> w;
  return BuildTable(rule, CountAxisTaps(rule), [&](int64_t o, auto add) {
    int64_t lo, hi;
    AAWindowOf(f, o, rule.in_size, &lo, &hi);
    const double center = f.scale * (static_cast<double>(o) + 0.5);
    w.assign(static_cast<size_t>(hi - lo), 0.0);
    double total = 0.0;
    for (int64_t j = 0; j < hi - lo; ++j) {
      const double t_j = static_cast<double>(lo + j) - center;
      w[static_cast<size_t>(j)] = kernel((t_j + 0.5) * f.invscale);
      total += w[static_cast<size_t>(j)];
    }
    // PyTorch leaves an all-zero window unnormalised (exact test).
    for (int64_t j = 0; j < hi - lo; ++j) {
      add(lo + j, total != 0.0 ? w[static_cast<size_t>(j)] / total : w[static_cast<size_t>(j)]);
    }
  });
}

}  // namespace

const char* FilterName(Filter f) {
  switch (f) {
    case Filter::kNearest:
      return "nearest";
    case Filter::kNearestExact:
      return "nearest-exact";
    case Filter::kLinear:
      return "linear";
    case Filter::kCubic:
      return "cubic";
    case Filter::kLinearAA:
      return "linear (antialiased)";
    case Filter::kCubicAA:
      return "cubic (antialiased)";
  }
  return "?";
}

double ForwardAxisScale(int64_t in_size, int64_t out_size, bool align_corners, double user_scale) {
  if (align_corners) {
    return out_size > 1 ? static_cast<double>(in_size - 1) / static_cast<double>(out_size - 1)
                        : 0.0;
  }
  if (user_scale > 0.0) return 1.0 / user_scale;  // NaN compares false
  return static_cast<double>(in_size) / static_cast<double>(out_size);
}

double BicubicAAFilter(double x) {
  // Pillow's form, which PyTorch 1.13 uses: a = -0.5.
  x = std::fabs(x);
  if (x < 1.0) return ((1.5 * x - 2.5) * x) * x + 1.0;
  if (x < 2.0) return (((x - 5.0) * x + 8.0) * x - 4.0) * -0.5;
  return 0.0;
}

double TriangleFilter(double x) {
  x = std::fabs(x);
  return x < 1.0 ? 1.0 - x : 0.0;
}

int64_t CountAxisTaps(const AxisRule& rule) {
  switch (rule.filter) {
    case Filter::kNearest:
    case Filter::kNearestExact:
      return rule.out_size;
    case Filter::kLinear:
      return 2 * rule.out_size;
    case Filter::kCubic:
      return 4 * rule.out_size;
    case Filter::kLinearAA:
    case Filter::kCubicAA:
      break;
  }
  const double scale =
      ForwardAxisScale(rule.in_size, rule.out_size, rule.align_corners, rule.user_scale);
  const AAWindow f = MakeAAWindow(scale, rule.filter == Filter::kLinearAA ? 2.0 : 4.0);
  int64_t taps = 0;
  for (int64_t o = 0; o < rule.out_size; ++o) {
    int64_t lo, hi;
    AAWindowOf(f, o, rule.in_size, &lo, &hi);
    taps += hi - lo;
  }
  return taps;
}

int64_t AxisTapsBound(const AxisRule& rule) {
  if (rule.filter != Filter::kLinearAA && rule.filter != Filter::kCubicAA) {
    return CountAxisTaps(rule);
  }
  const double scale =
      ForwardAxisScale(rule.in_size, rule.out_size, rule.align_corners, rule.user_scale);
  const AAWindow f = MakeAAWindow(scale, rule.filter == Filter::kLinearAA ? 2.0 : 4.0);
  // AAWindowOf's window: at most 2 * support + 2 sources, and never more
  // than the axis holds.
  int64_t per = rule.in_size;
  if (2.0 * f.support + 2.0 < static_cast<double>(per)) {
    per = static_cast<int64_t>(2.0 * f.support) + 2;
  }
  const __int128 bound = static_cast<__int128>(rule.out_size) * std::max<int64_t>(per, 0);
  return bound > INT64_MAX ? INT64_MAX : static_cast<int64_t>(bound);
}

bool IsCopyAxis(const AxisRule& rule) {
  if (rule.in_size != rule.out_size) return false;
  switch (rule.filter) {
    case Filter::kNearest:  // nearest_idx's shortcut (the backward's)
      return rule.backward;
    case Filter::kLinear:  // compute_source_index_and_lambda's shortcut
      return true;
    case Filter::kNearestExact:  // no shortcut: the table says whether it copies
      return false;
    case Filter::kCubic:
      return rule.whole_copy;
    case Filter::kLinearAA:
    case Filter::kCubicAA:
      return ForwardAxisScale(rule.in_size, rule.out_size, rule.align_corners, rule.user_scale) ==
             1.0;
  }
  return false;
}

AxisWeights ComputeAxisWeights(const AxisRule& rule) {
  const int64_t in = rule.in_size;
  if (IsCopyAxis(rule)) {
    AxisWeights t = BuildTable(rule, rule.out_size, [](int64_t o, auto add) { add(o, 1.0); });
    t.identity = true;
    return t;
  }
  switch (rule.filter) {
    case Filter::kNearest:
    case Filter::kNearestExact: {
      const bool exact = rule.filter == Filter::kNearestExact;
      AxisWeights t = BuildTable(rule, rule.out_size, [&](int64_t o, auto add) {
        add(exact ? NearestExactIndex(rule, o) : NearestIndex(rule, o), 1.0);
      });
      t.identity = rule.in_size == rule.out_size;  // every output reads its own index
      for (int64_t o = 0; t.identity && o < rule.out_size; ++o) {
        t.identity = t.first[static_cast<size_t>(o)] == o;
      }
      return t;
    }
    case Filter::kLinear: {
      const double scale = ForwardAxisScale(in, rule.out_size, rule.align_corners, rule.user_scale);
      return BuildTable(rule, 2 * rule.out_size, [&](int64_t o, auto add) {
        int64_t i0;
        double lambda1;
        GuardIndex(SourceIndex(scale, o, rule.align_corners, false), in, &i0, &lambda1);
        add(i0, 1.0 - lambda1);
        add(i0 < in - 1 ? i0 + 1 : i0, lambda1);
      });
    }
    case Filter::kCubic: {
      const double scale = ForwardAxisScale(in, rule.out_size, rule.align_corners, rule.user_scale);
      return BuildTable(rule, 4 * rule.out_size, [&](int64_t o, auto add) {
        int64_t i;
        double t;
        GuardIndex(SourceIndex(scale, o, rule.align_corners, true), in, &i, &t);
        const double w[4] = {CubicConvolution2(t + 1.0), CubicConvolution1(t),
                             CubicConvolution1(1.0 - t), CubicConvolution2(2.0 - t)};
        // Taps past either end read the edge sample (upsample_get_value_bounded).
        for (int k = 0; k < 4; ++k) add(std::clamp<int64_t>(i - 1 + k, 0, in - 1), w[k]);
      });
    }
    case Filter::kLinearAA:
      return AntialiasedTable(rule, 2.0, TriangleFilter);
    case Filter::kCubicAA:
      return AntialiasedTable(rule, 4.0, BicubicAAFilter);
  }
  return {};
}

}  // namespace aclnn_host::resample
