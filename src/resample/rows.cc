#include "resample/rows.h"

#include <cstring>

#include "resample/half.h"

namespace aclnn_host::resample {

void LoadRow(const kernels::KernelTable& k, DataType dtype, const char* src, int64_t stride,
             int64_t n, float* dst) {
  if (stride == 1) {
    switch (dtype) {
      case DataType::kFloat32:
        std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
        return;
      case DataType::kFloat16:
        k.load_half_row(reinterpret_cast<const uint16_t*>(src), dst, n);
        return;
      case DataType::kBFloat16:
        k.load_bfloat16_row(reinterpret_cast<const uint16_t*>(src), dst, n);
        return;
      case DataType::kFloat64:  // the fp32 engine never sees these (Create)
      case DataType::kUInt8:
        return;
    }
  }
  // x * stride * size stays within the extent the view checks validated; a
  // stride alone may not (any stride passes on a dim of size 1).
  const int64_t size = static_cast<int64_t>(DataTypeSize(dtype));
  for (int64_t x = 0; x < n; ++x) {
    const char* at = src + x * stride * size;
    if (dtype == DataType::kFloat32) {
      std::memcpy(&dst[x], at, sizeof(float));
    } else {
      uint16_t h;
      std::memcpy(&h, at, sizeof h);
      dst[x] = dtype == DataType::kFloat16 ? HalfToFloat(h) : BFloat16ToFloat(h);
    }
  }
}

void StoreRow(const kernels::KernelTable& k, const float* src, int64_t n, DataType dtype, char* dst,
              int64_t stride, bool streamed) {
  if (stride == 1) {
    switch (dtype) {
      case DataType::kFloat32:
        if (streamed) {
          k.store_row_streamed(src, reinterpret_cast<float*>(dst), n);
        } else {
          std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
        }
        return;
      case DataType::kFloat16:
        (streamed ? k.store_half_row_streamed : k.store_half_row)(
            src, reinterpret_cast<uint16_t*>(dst), n);
        return;
      case DataType::kBFloat16:
        (streamed ? k.store_bfloat16_row_streamed : k.store_bfloat16_row)(
            src, reinterpret_cast<uint16_t*>(dst), n);
        return;
      case DataType::kFloat64:  // the fp32 engine never sees these (Create)
      case DataType::kUInt8:
        return;
    }
  }
  const int64_t size = static_cast<int64_t>(DataTypeSize(dtype));
  for (int64_t x = 0; x < n; ++x) {
    char* at = dst + x * stride * size;
    if (dtype == DataType::kFloat32) {
      std::memcpy(at, &src[x], sizeof(float));
    } else {
      const uint16_t h =
          dtype == DataType::kFloat16 ? FloatToHalf(src[x]) : FloatToBFloat16(src[x]);
      std::memcpy(at, &h, sizeof h);
    }
  }
}

namespace {

// CopyPixels with pixels of kBytes: small pixels (RGB, RGBA, up to 16 bytes)
// as moves of a size known here, not a call.
template <size_t kBytes>
void CopyPixelsOf(const char* src, const int64_t* first, int64_t cols, char* dst) {
  for (int64_t x = 0; x < cols; ++x) {
    std::memcpy(dst + x * static_cast<int64_t>(kBytes),
                src + first[x] * static_cast<int64_t>(kBytes), kBytes);
  }
}

}  // namespace

void CopyPixels(const char* src, const int64_t* first, int64_t cols, size_t bytes, char* dst) {
  switch (bytes) {
    case 2:
      return CopyPixelsOf<2>(src, first, cols, dst);
    case 3:
      return CopyPixelsOf<3>(src, first, cols, dst);
    case 4:
      return CopyPixelsOf<4>(src, first, cols, dst);
    case 6:
      return CopyPixelsOf<6>(src, first, cols, dst);
    case 8:
      return CopyPixelsOf<8>(src, first, cols, dst);
    case 12:
      return CopyPixelsOf<12>(src, first, cols, dst);
    case 16:
      return CopyPixelsOf<16>(src, first, cols, dst);
    default:
      for (int64_t x = 0; x < cols; ++x) {
        std::memcpy(dst + x * static_cast<int64_t>(bytes),
                    src + first[x] * static_cast<int64_t>(bytes), bytes);
      }
  }
}

}  // namespace aclnn_host::resample
