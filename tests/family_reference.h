// An independent float64 reference for the 2-D resize family, written from
// PyTorch 1.13 CPU's rules (UpSample.h, UpSampleKernel.cpp, UpSampleMoreKernel.cpp,
// UpSampleBicubic2d.cpp), not from the engine: each axis is a dense out x in
// matrix of FORWARD weights, the forward is y = Wh x Ww^T per plane and the
// backward dX = Wh^T dY Ww.
#ifndef ACLNN_HOST_TESTS_FAMILY_REFERENCE_H_
#define ACLNN_HOST_TESTS_FAMILY_REFERENCE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "family_support.h"

namespace aclnn_host::testing {

// A scale is "given" only when it is > 0 (NaN and <= 0: not given), as
// compute_scales_value's `scale.value() > 0.` test.
inline bool RefScaleGiven(double scale) { return scale > 0.0; }

// area_pixel_compute_scale<double>.
inline double RefAreaScale(int64_t in, int64_t out, bool align_corners, double scale) {
  if (align_corners) {
    return out > 1 ? static_cast<double>(in - 1) / static_cast<double>(out - 1) : 0.0;
  }
  return RefScaleGiven(scale) ? 1.0 / scale : static_cast<double>(in) / static_cast<double>(out);
}

// compute_scales_value<float> (the nearest modes compute their scale in float).
inline float RefNearestScale(int64_t in, int64_t out, double scale) {
  return RefScaleGiven(scale) ? static_cast<float>(1.0 / scale)
                              : static_cast<float>(in) / static_cast<float>(out);
}

// nearest_neighbor_compute_source_index: int64 * float in float, floorf.
inline int64_t RefNearestIndex(int64_t o, int64_t in, float sf) {
  const float src = static_cast<float>(o) * sf;
  return std::min(static_cast<int64_t>(std::floor(src)), in - 1);
}

// nearest_neighbor_exact_compute_source_index: (o + 0.5) * sf in double, then
// floorf of that value rounded to float.
inline int64_t RefNearestExactIndex(int64_t o, int64_t in, float sf) {
  const double src = (static_cast<double>(o) + 0.5) * static_cast<double>(sf);
  return std::min(static_cast<int64_t>(std::floor(static_cast<float>(src))), in - 1);
}

// get_cubic_upsample_coefficients with A = -0.75.
inline void RefCubicCoefficients(double t, double w[4]) {
  const double a = -0.75;
  auto cc1 = [a](double x) { return ((a + 2) * x - (a + 3)) * x * x + 1; };
  auto cc2 = [a](double x) { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a; };
  w[0] = cc2(t + 1.0);
  w[1] = cc1(t);
  w[2] = cc1(1.0 - t);
  w[3] = cc2(2.0 - t);
}

// The triangle filter of the antialiased bilinear mode.
inline double RefTriangle(double x) {
  x = std::fabs(x);
  return x < 1.0 ? 1.0 - x : 0.0;
}

// The out x in matrix (row-major) of one axis's FORWARD weights: row o holds
// the weight of each input index in output o. `in` and `out` are the forward
// input and output sizes whatever the direction; `backward` selects the rules
// PyTorch uses in the backward kernel (nearest_idx's shortcuts); `whole_copy`
// is the bicubic backward's whole-gradient copy (both axes keep their size).
// Mode::kResize is not a filter: map it with RefResizeMode first.
inline std::vector<double> RefAxisMatrix(Mode mode, bool backward, int64_t in, int64_t out,
                                         bool align_corners, double scale, bool whole_copy) {
  std::vector<double> m(static_cast<size_t>(out * in), 0.0);
  auto at = [&](int64_t o, int64_t i) -> double& { return m[static_cast<size_t>(o * in + i)]; };
  auto identity = [&]() {
    for (int64_t o = 0; o < out; ++o) at(o, o) = 1.0;
  };
  switch (mode) {
    case Mode::kNearest: {
      const float sf = RefNearestScale(in, out, scale);
      for (int64_t o = 0; o < out; ++o) {
        int64_t i;
        if (backward && out == in) {
          i = o;  // nearest_idx: scale 1, copy
        } else if (backward && out == 2 * in) {
          i = o >> 1;  // nearest_idx: scale 2, shift
        } else {
          i = RefNearestIndex(o, in, sf);
        }
        at(o, i) = 1.0;
      }
      break;
    }
    case Mode::kNearestExact: {
      const float sf = RefNearestScale(in, out, scale);
      for (int64_t o = 0; o < out; ++o) at(o, RefNearestExactIndex(o, in, sf)) = 1.0;
      break;
    }
    case Mode::kBilinear: {
      if (out == in) {  // compute_source_index_and_lambda: same size, copy
        identity();
        break;
      }
      const double s = RefAreaScale(in, out, align_corners, scale);
      for (int64_t o = 0; o < out; ++o) {
        double src =
            align_corners ? s * static_cast<double>(o) : s * (static_cast<double>(o) + 0.5) - 0.5;
        if (!align_corners && src < 0.0) src = 0.0;
        const int64_t i0 = std::min(static_cast<int64_t>(std::floor(src)), in - 1);
        const double lambda = std::min(std::max(src - static_cast<double>(i0), 0.0), 1.0);
        const int64_t i1 = i0 + (i0 < in - 1 ? 1 : 0);
        at(o, i0) += 1.0 - lambda;
        at(o, i1) += lambda;
      }
      break;
    }
    case Mode::kBicubic: {
      if (whole_copy) {  // upsample_bicubic2d_backward: same size on both axes, copy
        identity();
        break;
      }
      const double s = RefAreaScale(in, out, align_corners, scale);
      for (int64_t o = 0; o < out; ++o) {
        const double src =
            align_corners ? s * static_cast<double>(o) : s * (static_cast<double>(o) + 0.5) - 0.5;
        const int64_t i = std::min(static_cast<int64_t>(std::floor(src)), in - 1);
        const double t = std::min(std::max(src - static_cast<double>(i), 0.0), 1.0);
        double w[4];
        RefCubicCoefficients(t, w);
        for (int64_t k = 0; k < 4; ++k) {
          const int64_t j = std::max<int64_t>(std::min<int64_t>(i - 1 + k, in - 1), 0);
          at(o, j) += w[k];
        }
      }
      break;
    }
    case Mode::kBilinearAA: {
      const double s = RefAreaScale(in, out, align_corners, scale);
      if (in == out && s == 1.0) {
        identity();
        break;
      }
      const double support = s >= 1.0 ? s : 1.0;
      const double invscale = s >= 1.0 ? 1.0 / s : 1.0;
      for (int64_t o = 0; o < out; ++o) {
        const double center = s * (static_cast<double>(o) + 0.5);
        const int64_t xmin = std::max<int64_t>(static_cast<int64_t>(center - support + 0.5), 0);
        const int64_t xmax = std::min<int64_t>(static_cast<int64_t>(center + support + 0.5), in);
        double total = 0.0;
        for (int64_t j = xmin; j < xmax; ++j) {
          const double w = RefTriangle((static_cast<double>(j) - center + 0.5) * invscale);
          at(o, j) = w;
          total += w;
        }
        if (total != 0.0) {
          for (int64_t j = xmin; j < xmax; ++j) at(o, j) /= total;
        }
      }
      break;
    }
    case Mode::kResize:
      std::abort();  // not a filter: RefResizeMode maps it
  }
  return m;
}

// aclnnResize's filter for its mode string: "nearest" is legacy nearest,
// "bilinear" is linear without align_corners.
inline Mode RefResizeMode(const char* mode) {
  return std::strcmp(mode, "nearest") == 0 ? Mode::kNearest : Mode::kBilinear;
}

// A problem in forward terms: the forward maps (N, C, in_h, in_w) to
// (N, C, out_h, out_w); a backward maps a gradient of the output shape to one
// of the input shape. mode is a filter (not kResize).
struct RefProblem {
  Mode mode = Mode::kNearest;
  bool backward = false;
  int64_t n = 1, c = 1, in_h = 1, in_w = 1, out_h = 1, out_w = 1;
  bool align_corners = false;
  double scale_h = 0.0, scale_w = 0.0;  // <= 0 or NaN: not given
};

// The bicubic backward copies the whole gradient when neither axis changes size.
inline bool RefWholeCopy(const RefProblem& p) {
  return p.backward && p.mode == Mode::kBicubic && p.in_h == p.out_h && p.in_w == p.out_w;
}

inline std::vector<double> RefMatrixH(const RefProblem& p) {
  return RefAxisMatrix(p.mode, p.backward, p.in_h, p.out_h, p.align_corners, p.scale_h,
                       RefWholeCopy(p));
}

inline std::vector<double> RefMatrixW(const RefProblem& p) {
  return RefAxisMatrix(p.mode, p.backward, p.in_w, p.out_w, p.align_corners, p.scale_w,
                       RefWholeCopy(p));
}

// y = Wh x Ww^T per plane; x is (N, C, in_h, in_w) in NCHW order, y is
// (N, C, out_h, out_w).
inline std::vector<double> RefForward(const RefProblem& p, const std::vector<double>& x) {
  const std::vector<double> wh = RefMatrixH(p), ww = RefMatrixW(p);
  const int64_t planes = p.n * p.c;
  std::vector<double> y(static_cast<size_t>(planes * p.out_h * p.out_w), 0.0);
  std::vector<double> rows(static_cast<size_t>(p.out_h * p.in_w));
  for (int64_t q = 0; q < planes; ++q) {
    const double* xp = x.data() + q * p.in_h * p.in_w;
    std::fill(rows.begin(), rows.end(), 0.0);
    for (int64_t oh = 0; oh < p.out_h; ++oh) {
      for (int64_t ih = 0; ih < p.in_h; ++ih) {
        const double w = wh[static_cast<size_t>(oh * p.in_h + ih)];
        if (w == 0.0) continue;
        for (int64_t iw = 0; iw < p.in_w; ++iw) {
          rows[static_cast<size_t>(oh * p.in_w + iw)] += w * xp[ih * p.in_w + iw];
        }
      }
    }
    double* yp = y.data() + q * p.out_h * p.out_w;
    for (int64_t oh = 0; oh < p.out_h; ++oh) {
      for (int64_t ow = 0; ow < p.out_w; ++ow) {
        double acc = 0.0;
        for (int64_t iw = 0; iw < p.in_w; ++iw) {
          acc += ww[static_cast<size_t>(ow * p.in_w + iw)] *
                 rows[static_cast<size_t>(oh * p.in_w + iw)];
        }
        yp[oh * p.out_w + ow] = acc;
      }
    }
  }
  return y;
}

// dX = Wh^T dY Ww per plane; dy is (N, C, out_h, out_w), dX (N, C, in_h, in_w).
inline std::vector<double> RefBackward(const RefProblem& p, const std::vector<double>& dy) {
  const std::vector<double> wh = RefMatrixH(p), ww = RefMatrixW(p);
  const int64_t planes = p.n * p.c;
  std::vector<double> dx(static_cast<size_t>(planes * p.in_h * p.in_w), 0.0);
  std::vector<double> rows(static_cast<size_t>(p.out_h * p.in_w));
  for (int64_t q = 0; q < planes; ++q) {
    const double* gp = dy.data() + q * p.out_h * p.out_w;
    // rows = dY Ww: (out_h x out_w) (out_w x in_w)
    for (int64_t oh = 0; oh < p.out_h; ++oh) {
      for (int64_t iw = 0; iw < p.in_w; ++iw) {
        double acc = 0.0;
        for (int64_t ow = 0; ow < p.out_w; ++ow) {
          acc += gp[oh * p.out_w + ow] * ww[static_cast<size_t>(ow * p.in_w + iw)];
        }
        rows[static_cast<size_t>(oh * p.in_w + iw)] = acc;
      }
    }
    double* dp = dx.data() + q * p.in_h * p.in_w;
    for (int64_t oh = 0; oh < p.out_h; ++oh) {
      for (int64_t ih = 0; ih < p.in_h; ++ih) {
        const double w = wh[static_cast<size_t>(oh * p.in_h + ih)];
        if (w == 0.0) continue;
        for (int64_t iw = 0; iw < p.in_w; ++iw) {
          dp[ih * p.in_w + iw] += w * rows[static_cast<size_t>(oh * p.in_w + iw)];
        }
      }
    }
  }
  return dx;
}

// The forward or the backward, as p says.
inline std::vector<double> RefRun(const RefProblem& p, const std::vector<double>& source) {
  return p.backward ? RefBackward(p, source) : RefForward(p, source);
}

// For a matrix with one nonzero per row (the nearest forwards): that column.
inline int64_t RefPickedIndex(const std::vector<double>& m, int64_t in, int64_t row) {
  for (int64_t i = 0; i < in; ++i) {
    if (m[static_cast<size_t>(row * in + i)] != 0.0) return i;
  }
  return -1;
}

}  // namespace aclnn_host::testing

#endif  // ACLNN_HOST_TESTS_FAMILY_REFERENCE_H_
