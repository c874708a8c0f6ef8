// Rows of any engine dtype and W stride to and from fp32: the conversions
// every pass that reads a source row or writes a destination row shares.
#ifndef ACLNN_HOST_RESAMPLE_ROWS_H_
#define ACLNN_HOST_RESAMPLE_ROWS_H_

#include <cstdint>
#include <limits>
#include <vector>

#include "aclnn_host/tensor_view.h"
#include "resample/kernels.h"

namespace aclnn_host::resample {

// dst[x] = element x of the row at src (stride in elements), as fp32, for
// FLOAT, FLOAT16 and BFLOAT16 (the fp32 engine's dtypes).
void LoadRow(const kernels::KernelTable& k, DataType dtype, const char* src, int64_t stride,
             int64_t n, float* dst);

// Element x of the row at dst = src[x], rounded once to nearest even for the
// 16-bit dtypes. streamed: a contiguous row takes the kernels' non-temporal
// row stores (the same bits; flush_streamed_stores before it is read).
void StoreRow(const kernels::KernelTable& k, const float* src, int64_t n, DataType dtype, char* dst,
              int64_t stride, bool streamed = false);

// The source indices of a nearest copy's row as int32 for
// kernels::gather_row32, or none where the row is too long for them.
inline std::vector<int32_t> GatherRowIndices(const std::vector<int64_t>& first, int64_t src_n) {
  if (src_n > std::numeric_limits<int32_t>::max()) return {};
  return std::vector<int32_t>(first.begin(), first.end());
}

// The nearest forwards' row copy: element x of the row at dst (stride ds) is
// element first[x] of the row at src (stride ss, src_n elements), bit for
// bit. first32 (GatherRowIndices of first, or empty): rows of 8-, 16- or
// 32-bit elements with unit strides go through k.gather_row8/16/32.
template <typename T>
void GatherRow(const kernels::KernelTable& k, const T* src, int64_t ss, int64_t src_n,
               const int64_t* first, const std::vector<int32_t>& first32, T* dst, int64_t ds,
               int64_t n) {
  if (!first32.empty() && ss == 1 && ds == 1) {
    if constexpr (sizeof(T) == 4) {
      k.gather_row32(reinterpret_cast<const uint32_t*>(src), src_n, first32.data(), n,
                     reinterpret_cast<uint32_t*>(dst));
      return;
    } else if constexpr (sizeof(T) == 2) {
      k.gather_row16(reinterpret_cast<const uint16_t*>(src), src_n, first32.data(), n,
                     reinterpret_cast<uint16_t*>(dst));
      return;
    } else if constexpr (sizeof(T) == 1) {
      k.gather_row8(reinterpret_cast<const uint8_t*>(src), src_n, first32.data(), n,
                    reinterpret_cast<uint8_t*>(dst));
      return;
    }
  }
  if (ss == 1 && ds == 1) {
    for (int64_t x = 0; x < n; ++x) dst[x] = src[first[x]];
  } else {
    for (int64_t x = 0; x < n; ++x) dst[x * ds] = src[first[x] * ss];
  }
}

// Pixel copies of channels-last rows (the nearest forwards): dst pixel x is
// src pixel first[x], pixels of `bytes` bytes, bit for bit.
void CopyPixels(const char* src, const int64_t* first, int64_t cols, size_t bytes, char* dst);

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_ROWS_H_
