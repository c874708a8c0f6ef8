#include "resample/view_checks.h"

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <vector>

namespace aclnn_host::resample {

std::string CheckUpscaleLimit(const char* scales_name, double user_scale, int64_t in_size,
                              int64_t out_size) {
  const double real = user_scale > 0.0
                          ? 1.0 / user_scale
                          : static_cast<double>(in_size) / static_cast<double>(out_size);
  if (real < kMinRealScale) {
    return std::string("forward upscale exceeds 50x: ") + scales_name + "=" +
           std::to_string(user_scale) + " gives input/output ratio " + std::to_string(real) +
           " (input " + std::to_string(in_size) + ", output " + std::to_string(out_size) +
           "); the minimum is 0.02";
  }
  return "";
}

std::string CheckSizeLimits(int64_t n, int64_t c, int64_t out_h, int64_t out_w, int64_t in_h,
                            int64_t in_w) {
  const std::pair<const char*, int64_t> dims[] = {{"N", n},
                                                  {"C", c},
                                                  {"outputSize[0] (Ho)", out_h},
                                                  {"outputSize[1] (Wo)", out_w},
                                                  {"inputSize[2] (Hi)", in_h},
                                                  {"inputSize[3] (Wi)", in_w}};
  for (const auto& d : dims) {
    if (d.second > kMaxDim) {
      return std::string(d.first) + "=" + std::to_string(d.second) +
             " exceeds the limit 2^20 = 1048576";
    }
  }
  // All factors <= 2^20 here, so these products fit in 128 bits easily.
  const __int128 nc = static_cast<__int128>(n) * c;
  if (nc * out_h >= (static_cast<__int128>(1) << 31)) {
    return "N*C*Ho = " + std::to_string(static_cast<long long>(nc * out_h)) + " must be < 2^31";
  }
  const __int128 elems =
      (static_cast<__int128>(out_h) * out_w + static_cast<__int128>(in_h) * in_w +
       static_cast<__int128>(out_h) * in_w) *
      nc;
  const __int128 limit = static_cast<__int128>(60) << 30;
  if (elems * 4 >= limit) {
    return "(Ho*Wo + Hi*Wi + Ho*Wi)*N*C*4 = " +
           std::to_string(static_cast<long double>(elems * 4)) + " bytes must be < 60 GiB";
  }
  return "";
}

bool ViewByteSpan(const int64_t* shape, const int64_t* strides, int rank, int64_t offset,
                  int64_t element_size, int64_t* lo, int64_t* hi) {
  int64_t min_e = offset, max_e = offset;
  for (int k = 0; k < rank; ++k) {
    if (shape[k] <= 0) return false;
    int64_t reach;
    if (__builtin_mul_overflow(shape[k] - 1, strides[k], &reach)) return false;
    if (reach < 0) {
      if (__builtin_add_overflow(min_e, reach, &min_e)) return false;
    } else {
      if (__builtin_add_overflow(max_e, reach, &max_e)) return false;
    }
  }
  int64_t lo_b, hi_b;
  if (__builtin_mul_overflow(min_e, element_size, &lo_b)) return false;
  if (__builtin_add_overflow(max_e, int64_t{1}, &max_e)) return false;
  if (__builtin_mul_overflow(max_e, element_size, &hi_b)) return false;
  *lo = lo_b;
  *hi = hi_b;
  return true;
}

bool ViewOverlapsItself(const int64_t* shape, const int64_t* strides, int rank) {
  // Sort the dims that have more than one index by |stride|; the view is
  // injective if each stride clears the whole extent of the smaller ones.
  std::vector<std::pair<int64_t, int64_t>> dims;  // (|stride|, size)
  for (int k = 0; k < rank; ++k) {
    if (shape[k] > 1) dims.emplace_back(strides[k] < 0 ? -strides[k] : strides[k], shape[k]);
  }
  std::sort(dims.begin(), dims.end());
  __int128 extent = 0;  // max offset reachable by the smaller dims
  for (const auto& d : dims) {
    if (static_cast<__int128>(d.first) <= extent) return true;
    extent += static_cast<__int128>(d.first) * (d.second - 1);
  }
  return false;
}

}  // namespace aclnn_host::resample
