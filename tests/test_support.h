// Shared test helpers: an independent float64 reference written straight from
// the contract's math (scatter form), device tensors with arbitrary layouts and
// sentinel bytes, and the contract's accuracy bars.
#ifndef ACLNN_HOST_TESTS_TEST_SUPPORT_H_
#define ACLNN_HOST_TESTS_TEST_SUPPORT_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa_grad.h"
#include "resample/half.h"

namespace aclnn_host::testing {

// ---- Reference (spec section 2, scatter form, all in double) -------------

inline double RefFilter(double x) {
  const double a = -0.5;
  x = std::fabs(x);
  if (x < 1.0) return (a + 2) * x * x * x - (a + 3) * x * x + 1;
  if (x < 2.0) return a * x * x * x - 5 * a * x * x + 8 * a * x - 4 * a;
  return 0.0;
}

struct RefRow {
  int64_t xmin = 0;
  std::vector<double> w;
};

inline std::vector<RefRow> RefAxis(int64_t in, int64_t out, bool align_corners, double user_scale) {
  double scale;
  if (align_corners) {
    scale = out > 1 ? double(in - 1) / double(out - 1) : 0.0;
  } else {
    scale = user_scale > 0 ? 1.0 / user_scale : double(in) / double(out);
  }
  const double support = scale >= 1 ? 2 * scale : 2;
  const double invscale = scale >= 1 ? 1 / scale : 1;
  std::vector<RefRow> rows(static_cast<size_t>(out));
  for (int64_t i = 0; i < out; ++i) {
    const double center = scale * (i + 0.5);
    const int64_t xmin = std::max<int64_t>(int64_t(std::trunc(center - support + 0.5)), 0);
    const int64_t xmax = std::min<int64_t>(int64_t(std::trunc(center + support + 0.5)), in);
    RefRow& r = rows[static_cast<size_t>(i)];
    r.xmin = xmin;
    double sum = 0;
    for (int64_t j = 0; j < xmax - xmin; ++j) {
      r.w.push_back(RefFilter((xmin + j - center + 0.5) * invscale));
      sum += r.w.back();
    }
    if (sum != 0) {
      for (double& v : r.w) v /= sum;
    }
  }
  return rows;
}

// g is (N, C, Ho, Wo) contiguous; returns (N, C, Hi, Wi) contiguous.
inline std::vector<double> ReferenceBackward(const std::vector<double>& g, int64_t n, int64_t c,
                                             int64_t ho, int64_t wo, int64_t hi, int64_t wi,
                                             bool align_corners, double scales_h, double scales_w) {
  const auto wy = RefAxis(hi, ho, align_corners, scales_h);
  const auto wx = RefAxis(wi, wo, align_corners, scales_w);
  std::vector<double> gi(static_cast<size_t>(n * c * hi * wi), 0.0);
  for (int64_t p = 0; p < n * c; ++p) {
    for (int64_t oh = 0; oh < ho; ++oh) {
      const RefRow& ry = wy[static_cast<size_t>(oh)];
      for (int64_t ow = 0; ow < wo; ++ow) {
        const RefRow& rx = wx[static_cast<size_t>(ow)];
        const double v = g[static_cast<size_t>((p * ho + oh) * wo + ow)];
        for (size_t y = 0; y < ry.w.size(); ++y) {
          for (size_t x = 0; x < rx.w.size(); ++x) {
            gi[static_cast<size_t>((p * hi + ry.xmin + int64_t(y)) * wi + rx.xmin + int64_t(x))] +=
                ry.w[y] * rx.w[x] * v;
          }
        }
      }
    }
  }
  return gi;
}

// x is (N, C, Hi, Wi) contiguous; returns y (N, C, Ho, Wo) contiguous.
inline std::vector<double> ReferenceForward(const std::vector<double>& x, int64_t n, int64_t c,
                                            int64_t hi, int64_t wi, int64_t ho, int64_t wo,
                                            bool align_corners, double scales_h, double scales_w) {
  const auto wy = RefAxis(hi, ho, align_corners, scales_h);
  const auto wx = RefAxis(wi, wo, align_corners, scales_w);
  std::vector<double> y(static_cast<size_t>(n * c * ho * wo), 0.0);
  for (int64_t p = 0; p < n * c; ++p) {
    for (int64_t oh = 0; oh < ho; ++oh) {
      const RefRow& ry = wy[static_cast<size_t>(oh)];
      for (int64_t ow = 0; ow < wo; ++ow) {
        const RefRow& rx = wx[static_cast<size_t>(ow)];
        double acc = 0;
        for (size_t yy = 0; yy < ry.w.size(); ++yy) {
          for (size_t xx = 0; xx < rx.w.size(); ++xx) {
            acc += ry.w[yy] * rx.w[xx] *
                   x[static_cast<size_t>((p * hi + ry.xmin + int64_t(yy)) * wi + rx.xmin +
                                         int64_t(xx))];
          }
        }
        y[static_cast<size_t>((p * ho + oh) * wo + ow)] = acc;
      }
    }
  }
  return y;
}

// The first element of storage on a 64-byte (cache line) boundary: storage
// holds 64 bytes more than what is used from there.
template <class T>
T* AtLineBoundary(std::vector<T>& storage) {
  const uintptr_t address = reinterpret_cast<uintptr_t>(storage.data());
  return storage.data() + (64 - address % 64) % 64 / sizeof(T);
}

// ---- dtypes ------------------------------------------------------------

inline size_t DtypeSize(aclDataType t) { return t == ACL_FLOAT ? 4 : 2; }

inline const char* DtypeName(aclDataType t) {
  return t == ACL_FLOAT ? "float32" : (t == ACL_FLOAT16 ? "float16" : "bfloat16");
}

// Rounds v to the dtype and back (the value a tensor of that dtype holds).
inline float Quantize(float v, aclDataType t) {
  if (t == ACL_FLOAT16) return resample::HalfToFloat(resample::FloatToHalf(v));
  if (t == ACL_BF16) return resample::BFloat16ToFloat(resample::FloatToBFloat16(v));
  return v;
}

// Spacing of the dtype's values near |x|.
inline double UlpOf(double x, aclDataType t) {
  const int mant = t == ACL_FLOAT ? 23 : (t == ACL_FLOAT16 ? 10 : 7);
  const int emin = t == ACL_FLOAT16 ? -14 : -126;
  int e = x == 0 ? emin : std::ilogb(std::fabs(x));
  if (e < emin) e = emin;
  return std::ldexp(1.0, e - mant);
}

// Spec section 3: fp32 |err| <= 2e-6|ref| + 1e-5 max|ref|; 16-bit: half an ulp
// of the dtype plus that fp32 error.
inline double AllowedError(double ref, double max_abs_ref, aclDataType t) {
  const double fp32 = 2e-6 * std::fabs(ref) + 1e-5 * max_abs_ref;
  return t == ACL_FLOAT ? fp32 : 0.5 * UlpOf(ref, t) + fp32;
}

// ---- device tensors ----------------------------------------------------

enum class Layout { kContiguous, kChannelsLast, kPaddedOffset };

inline const char* LayoutName(Layout l) {
  return l == Layout::kContiguous
             ? "contiguous"
             : (l == Layout::kChannelsLast ? "channels_last" : "padded+offset");
}

constexpr unsigned char kSentinel = 0xA5;

struct DeviceTensor {
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  int64_t offset = 0;
  aclDataType dtype = ACL_FLOAT;
  void* block = nullptr;
  size_t block_bytes = 0;
  aclTensor* tensor = nullptr;

  DeviceTensor() = default;
  DeviceTensor(const DeviceTensor&) = delete;
  DeviceTensor& operator=(const DeviceTensor&) = delete;
  ~DeviceTensor() {
    if (tensor) aclDestroyTensor(tensor);
    if (block) aclrtFree(block);
  }

  int64_t ElementIndex(int64_t n, int64_t c, int64_t h, int64_t w) const {
    return offset + n * strides[0] + c * strides[1] + h * strides[2] + w * strides[3];
  }
  int64_t Count() const { return shape[0] * shape[1] * shape[2] * shape[3]; }
};

// Allocates a block with room for the layout, fills it with kSentinel bytes
// and creates the tensor. Padded layout: rows pitched 3 elements wider,
// planes padded too, and a 5-element offset.
inline void MakeDeviceTensor(DeviceTensor* t, std::vector<int64_t> shape, aclDataType dtype,
                             Layout layout, aclFormat format = ACL_FORMAT_NCHW) {
  t->shape = shape;
  t->dtype = dtype;
  const int64_t N = shape[0], C = shape[1], H = shape[2], W = shape[3];
  int64_t storage = 0;
  switch (layout) {
    case Layout::kContiguous:
      t->strides = {C * H * W, H * W, W, 1};
      t->offset = 0;
      storage = N * C * H * W;
      break;
    case Layout::kChannelsLast:
      t->strides = {H * W * C, 1, W * C, C};
      t->offset = 0;
      storage = N * C * H * W;
      break;
    case Layout::kPaddedOffset: {
      const int64_t pitch = W + 3, plane = pitch * H + 7;
      t->strides = {plane * C, plane, pitch, 1};
      t->offset = 5;
      storage = 5 + plane * C * N + 4;
      break;
    }
  }
  t->block_bytes = static_cast<size_t>(storage) * DtypeSize(dtype);
  if (aclrtMalloc(&t->block, t->block_bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    t->block = nullptr;
    return;
  }
  std::memset(t->block, kSentinel, t->block_bytes);
  const int64_t storage_dims[1] = {storage};
  t->tensor = aclCreateTensor(shape.data(), 4, dtype, t->strides.data(), t->offset, format,
                              storage_dims, 1, t->block);
}

inline void WriteValues(DeviceTensor* t, const std::vector<float>& v) {
  auto* bytes = static_cast<unsigned char*>(t->block);
  size_t i = 0;
  for (int64_t n = 0; n < t->shape[0]; ++n)
    for (int64_t c = 0; c < t->shape[1]; ++c)
      for (int64_t h = 0; h < t->shape[2]; ++h)
        for (int64_t w = 0; w < t->shape[3]; ++w, ++i) {
          const size_t at = static_cast<size_t>(t->ElementIndex(n, c, h, w)) * DtypeSize(t->dtype);
          if (t->dtype == ACL_FLOAT) {
            std::memcpy(bytes + at, &v[i], 4);
          } else {
            const uint16_t b = t->dtype == ACL_FLOAT16 ? resample::FloatToHalf(v[i])
                                                       : resample::FloatToBFloat16(v[i]);
            std::memcpy(bytes + at, &b, 2);
          }
        }
}

inline std::vector<float> ReadValues(const DeviceTensor& t) {
  std::vector<float> v;
  const auto* bytes = static_cast<const unsigned char*>(t.block);
  for (int64_t n = 0; n < t.shape[0]; ++n)
    for (int64_t c = 0; c < t.shape[1]; ++c)
      for (int64_t h = 0; h < t.shape[2]; ++h)
        for (int64_t w = 0; w < t.shape[3]; ++w) {
          const size_t at = static_cast<size_t>(t.ElementIndex(n, c, h, w)) * DtypeSize(t.dtype);
          if (t.dtype == ACL_FLOAT) {
            float f;
            std::memcpy(&f, bytes + at, 4);
            v.push_back(f);
          } else {
            uint16_t b;
            std::memcpy(&b, bytes + at, 2);
            v.push_back(t.dtype == ACL_FLOAT16 ? resample::HalfToFloat(b)
                                               : resample::BFloat16ToFloat(b));
          }
        }
  return v;
}

// True if every byte of the block that is not an element of the view still
// holds kSentinel.
inline bool SentinelsIntact(const DeviceTensor& t) {
  std::vector<bool> in_view(t.block_bytes, false);
  const size_t es = DtypeSize(t.dtype);
  for (int64_t n = 0; n < t.shape[0]; ++n)
    for (int64_t c = 0; c < t.shape[1]; ++c)
      for (int64_t h = 0; h < t.shape[2]; ++h)
        for (int64_t w = 0; w < t.shape[3]; ++w) {
          const size_t at = static_cast<size_t>(t.ElementIndex(n, c, h, w)) * es;
          for (size_t b = 0; b < es; ++b) in_view[at + b] = true;
        }
  const auto* bytes = static_cast<const unsigned char*>(t.block);
  for (size_t i = 0; i < t.block_bytes; ++i) {
    if (!in_view[i] && bytes[i] != kSentinel) return false;
  }
  return true;
}

struct OpCall {
  aclnnStatus phase1 = -1;
  aclnnStatus phase2 = -1;
  std::string message;
};

// Phase 1 of aclnnUpsampleBicubic2dAAGrad (alignCorners false, no scales)
// into *exec, and the workspace it asks for from aclrtMalloc (null if none):
// call as ASSERT_NO_FATAL_FAILURE(PlanBackward(...)).
inline void PlanBackward(const DeviceTensor& go, const aclIntArray* osz, const aclIntArray* isz,
                         const DeviceTensor& out, aclOpExecutor** exec, uint64_t* ws_size,
                         void** ws) {
  *ws = nullptr;
  ASSERT_EQ(aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(go.tensor, osz, isz, false, 0, 0,
                                                         out.tensor, ws_size, exec),
            ACLNN_SUCCESS);
  if (*ws_size > 0) {
    ASSERT_EQ(aclrtMalloc(ws, *ws_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  }
}

// Both phases on `stream`, workspace allocated as a CANN program does, then
// synchronize.
inline OpCall RunBackward(DeviceTensor* go, DeviceTensor* out, std::vector<int64_t> output_size,
                          std::vector<int64_t> input_size, bool align_corners, double scales_h,
                          double scales_w, aclrtStream stream = nullptr) {
  OpCall call;
  aclIntArray* osz = aclCreateIntArray(output_size.data(), output_size.size());
  aclIntArray* isz = aclCreateIntArray(input_size.data(), input_size.size());
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  call.phase1 = aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(
      go->tensor, osz, isz, align_corners, scales_h, scales_w, out->tensor, &ws_size, &exec);
  if (call.phase1 != ACLNN_SUCCESS) {
    const char* m = aclGetRecentErrMsg();
    call.message = m ? m : "";
  } else {
    void* ws = nullptr;
    if (ws_size > 0) aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST);
    call.phase2 = aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, stream);
    if (call.phase2 != ACLNN_SUCCESS) {
      const char* m = aclGetRecentErrMsg();
      call.message = m ? m : "";
    }
    aclrtSynchronizeStream(stream);
    if (ws) aclrtFree(ws);
  }
  aclDestroyIntArray(osz);
  aclDestroyIntArray(isz);
  return call;
}

// The forward op's two phases, like RunBackward.
inline OpCall RunForward(DeviceTensor* x, DeviceTensor* out, std::vector<int64_t> output_size,
                         bool align_corners, double scales_h, double scales_w,
                         aclrtStream stream = nullptr) {
  OpCall call;
  aclIntArray* osz = aclCreateIntArray(output_size.data(), output_size.size());
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  call.phase1 = aclnnUpsampleBicubic2dAAGetWorkspaceSize(x->tensor, osz, align_corners, scales_h,
                                                         scales_w, out->tensor, &ws_size, &exec);
  if (call.phase1 != ACLNN_SUCCESS) {
    const char* m = aclGetRecentErrMsg();
    call.message = m ? m : "";
  } else {
    void* ws = nullptr;
    if (ws_size > 0) aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST);
    call.phase2 = aclnnUpsampleBicubic2dAA(ws, ws_size, exec, stream);
    if (call.phase2 != ACLNN_SUCCESS) {
      const char* m = aclGetRecentErrMsg();
      call.message = m ? m : "";
    }
    aclrtSynchronizeStream(stream);
    if (ws) aclrtFree(ws);
  }
  aclDestroyIntArray(osz);
  return call;
}

}  // namespace aclnn_host::testing

#endif  // ACLNN_HOST_TESTS_TEST_SUPPORT_H_
