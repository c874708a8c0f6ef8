#include "resample/view_checks.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
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
           NumberString(user_scale) + " gives input/output ratio " + NumberString(real) +
           " (input " + std::to_string(in_size) + ", output " + std::to_string(out_size) +
           "); the minimum is 0.02";
  }
  return "";
}

std::string NumberString(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

std::string CheckSizeLimits(int64_t n, int64_t c, int64_t out_h, int64_t out_w, int64_t in_h,
                            int64_t in_w, const SizeNames& names) {
  const std::pair<const std::string*, int64_t> dims[] = {
      {nullptr, n},          {nullptr, c},        {&names.out_h, out_h},
      {&names.out_w, out_w}, {&names.in_h, in_h}, {&names.in_w, in_w}};
  for (size_t k = 0; k < std::size(dims); ++k) {
    if (dims[k].second > kMaxDim) {
      const std::string name = k == 0 ? "N" : k == 1 ? "C" : *dims[k].first;
      return name + "=" + std::to_string(dims[k].second) + " exceeds the limit 2^20 = 1048576";
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
    return "(Ho*Wo + Hi*Wi + Ho*Wi)*N*C*4 = " + Int128String(elems * 4) + " bytes must be < 60 GiB";
  }
  return "";
}

bool ViewByteSpan(const int64_t* shape, const int64_t* strides, int rank, int64_t offset,
                  int64_t element_size, ByteSpan* span) {
  __int128 min_e = offset, max_e = offset;
  for (int k = 0; k < rank; ++k) {
    if (shape[k] <= 0) return false;
    __int128 reach;
    if (__builtin_mul_overflow(static_cast<__int128>(shape[k] - 1), strides[k], &reach)) {
      return false;
    }
    __int128& end = reach < 0 ? min_e : max_e;
    if (__builtin_add_overflow(end, reach, &end)) return false;
  }
  ByteSpan s;
  if (__builtin_mul_overflow(min_e, element_size, &s.lo) ||
      __builtin_mul_overflow(max_e + 1, element_size, &s.hi) || s.lo < INT64_MIN ||
      s.hi > INT64_MAX) {
    return false;
  }
  *span = s;
  return true;
}

bool SpanAddresses(const void* data, const ByteSpan& span, AddressRange* range) {
  const __int128 base = static_cast<__int128>(reinterpret_cast<uintptr_t>(data));
  __int128 begin, end;
  if (__builtin_add_overflow(base, span.lo, &begin) ||
      __builtin_add_overflow(base, span.hi, &end) || begin < 0 || end < begin ||
      end > static_cast<__int128>(UINTPTR_MAX)) {
    return false;
  }
  range->begin = static_cast<uintptr_t>(begin);
  range->end = static_cast<uintptr_t>(end);
  return true;
}

std::string Int128String(__int128 v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  unsigned __int128 m =
      negative ? 0 - static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string digits;
  while (m != 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  }
  if (negative) digits.push_back('-');
  return std::string(digits.rbegin(), digits.rend());
}

bool ViewOverlapsItself(const int64_t* shape, const int64_t* strides, int rank) {
  // Sort the dims that have more than one index by |stride|; the view is
  // injective if each stride clears the whole extent of the smaller ones.
  // |stride| as unsigned: negating INT64_MIN is undefined in int64.
  std::vector<std::pair<uint64_t, int64_t>> dims;  // (|stride|, size)
  for (int k = 0; k < rank; ++k) {
    if (shape[k] > 1) {
      const uint64_t s = static_cast<uint64_t>(strides[k]);
      dims.emplace_back(strides[k] < 0 ? 0 - s : s, shape[k]);
    }
  }
  std::sort(dims.begin(), dims.end());
  // Max offset reachable by the smaller dims, saturated: a stride (< 2^64)
  // never clears a saturated extent.
  unsigned __int128 extent = 0;
  for (const auto& d : dims) {
    if (static_cast<unsigned __int128>(d.first) <= extent) return true;
    unsigned __int128 reach;
    if (__builtin_mul_overflow(static_cast<unsigned __int128>(d.first),
                               static_cast<uint64_t>(d.second - 1), &reach) ||
        __builtin_add_overflow(extent, reach, &extent)) {
      extent = ~static_cast<unsigned __int128>(0);
    }
  }
  return false;
}

}  // namespace aclnn_host::resample
