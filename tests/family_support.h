// Test helpers for the resize family: one table of the 2-D and 1-D functions that
// calls each through its own C signature, and device tensors of any dtype
// (FLOAT, FLOAT16, BFLOAT16, DOUBLE, UINT8) in NCHW, ND or NHWC format with
// arbitrary layouts and sentinel bytes around the view.
#ifndef ACLNN_HOST_TESTS_FAMILY_SUPPORT_H_
#define ACLNN_HOST_TESTS_FAMILY_SUPPORT_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_resize.h"
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
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "resample/half.h"

namespace aclnn_host::testing {

// The mode as PyTorch names it (the tests' own words, not the engine's).
enum class Mode { kNearest, kNearestExact, kBilinear, kBicubic, kBilinearAA, kResize };
enum class Scales { kNone, kDouble, kFloat, kFloatArray };

// One call's arguments; those a function does not take are ignored.
struct FamilyArgs {
  const aclTensor* source = nullptr;
  aclTensor* destination = nullptr;
  const aclIntArray* output_size = nullptr;
  const aclIntArray* input_size = nullptr;
  bool align_corners = false;
  double scales_h = 0.0;
  double scales_w = 0.0;
  const aclFloatArray* scales = nullptr;  // aclnnResize
  const char* mode = "nearest";           // aclnnResize
};

struct FamilyFunction {
  const char* name;
  Mode mode;
  bool backward;
  bool align_corners;  // takes alignCorners
  Scales scales;
  std::vector<aclDataType> dtypes;
  std::vector<aclFormat> formats;
  aclnnStatus (*phase1)(const FamilyArgs&, uint64_t*, aclOpExecutor**);
  aclnnStatus (*phase2)(void*, uint64_t, aclOpExecutor*, aclrtStream);
  // 1: the function takes (N, C, L) tensors (AnyTensor with H = 1, one_d),
  // a 1-value outputSize, a 3-value inputSize and one scale (scales_w).
  int spatial = 2;
};

inline const std::vector<FamilyFunction>& FamilyFunctions() {
  using A = const FamilyArgs&;
  using W = uint64_t*;
  using E = aclOpExecutor**;
  const aclDataType f32 = ACL_FLOAT, f16 = ACL_FLOAT16, bf16 = ACL_BF16, f64 = ACL_DOUBLE,
                    u8 = ACL_UINT8;
  const aclFormat nchw = ACL_FORMAT_NCHW, nhwc = ACL_FORMAT_NHWC, nd = ACL_FORMAT_ND,
                  ncl = ACL_FORMAT_NCL;
  static const std::vector<FamilyFunction> functions = {
      {"aclnnUpsampleNearest2d",
       Mode::kNearest,
       false,
       false,
       Scales::kNone,
       {f32, f16, bf16, f64, u8},
       {nchw, nhwc},
       [](A a, W w, E e) {
         return aclnnUpsampleNearest2dGetWorkspaceSize(a.source, a.output_size, a.destination, w,
                                                       e);
       },
       [](void* ws, uint64_t n, aclOpExecutor* e, aclrtStream s) {
         return aclnnUpsampleNearest2d(ws, n, e, s);
       }},
      {"aclnnUpsampleNearest2dV2",
       Mode::kNearest,
       false,
       false,
       Scales::kFloat,
       {f32, f16, bf16, f64, u8},
       {nchw, nhwc},
       [](A a, W w, E e) {
         return aclnnUpsampleNearest2dV2GetWorkspaceSize(
             a.source, a.output_size, static_cast<float>(a.scales_h),
             static_cast<float>(a.scales_w), a.destination, w, e);
       },
       aclnnUpsampleNearest2dV2},
      {"aclnnUpsampleNearest2dBackward",
       Mode::kNearest,
       true,
       false,
       Scales::kDouble,
       {f32, f16, bf16},
       {nchw, nhwc},
       [](A a, W w, E e) {
         return aclnnUpsampleNearest2dBackwardGetWorkspaceSize(
             a.source, a.output_size, a.input_size, a.scales_h, a.scales_w, a.destination, w, e);
       },
       aclnnUpsampleNearest2dBackward},
      {"aclnnUpsampleNearestExact2d",
       Mode::kNearestExact,
       false,
       false,
       Scales::kDouble,
       {f32, f16, bf16, u8},
       {nchw, nhwc, nd},
       [](A a, W w, E e) {
         return aclnnUpsampleNearestExact2dGetWorkspaceSize(a.source, a.output_size, a.scales_h,
                                                            a.scales_w, a.destination, w, e);
       },
       aclnnUpsampleNearestExact2d},
      {"aclnnUpsampleNearestExact2dBackward",
       Mode::kNearestExact,
       true,
       false,
       Scales::kDouble,
       {f32, f16, bf16},
       {nchw, nd},
       [](A a, W w, E e) {
         return aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(
             a.source, a.output_size, a.input_size, a.scales_h, a.scales_w, a.destination, w, e);
       },
       aclnnUpsampleNearestExact2dBackward},
      {"aclnnUpsampleBilinear2d",
       Mode::kBilinear,
       false,
       true,
       Scales::kDouble,
       {f32, f16, bf16, f64},
       {nchw, nhwc},
       [](A a, W w, E e) {
         return aclnnUpsampleBilinear2dGetWorkspaceSize(
             a.source, a.output_size, a.align_corners, a.scales_h, a.scales_w, a.destination, w, e);
       },
       aclnnUpsampleBilinear2d},
      {"aclnnUpsampleBilinear2dBackward",
       Mode::kBilinear,
       true,
       true,
       Scales::kDouble,
       {f32, f16, bf16},
       {nchw, nhwc},
       [](A a, W w, E e) {
         return aclnnUpsampleBilinear2dBackwardGetWorkspaceSize(
             a.source, a.output_size, a.input_size, a.align_corners, a.scales_h, a.scales_w,
             a.destination, w, e);
       },
       aclnnUpsampleBilinear2dBackward},
      {"aclnnUpsampleBilinear2dBackwardV2",
       Mode::kBilinear,
       true,
       true,
       Scales::kDouble,
       {f32, f16, bf16},
       {nchw, nhwc},
       [](A a, W w, E e) {
         return aclnnUpsampleBilinear2dBackwardV2GetWorkspaceSize(
             a.source, a.output_size, a.input_size, a.align_corners, a.scales_h, a.scales_w,
             a.destination, w, e);
       },
       aclnnUpsampleBilinear2dBackwardV2},
      {"aclnnUpsampleBilinear2dAA",
       Mode::kBilinearAA,
       false,
       true,
       Scales::kDouble,
       {f32, f16, bf16},
       {nchw, nd},
       [](A a, W w, E e) {
         return aclnnUpsampleBilinear2dAAGetWorkspaceSize(
             a.source, a.output_size, a.align_corners, a.scales_h, a.scales_w, a.destination, w, e);
       },
       aclnnUpsampleBilinear2dAA},
      {"aclnnUpsampleBilinear2dAABackward",
       Mode::kBilinearAA,
       true,
       true,
       Scales::kDouble,
       {f32, f16, bf16},
       {nchw, nd},
       [](A a, W w, E e) {
         return aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize(
             a.source, a.output_size, a.input_size, a.align_corners, a.scales_h, a.scales_w,
             a.destination, w, e);
       },
       aclnnUpsampleBilinear2dAABackward},
      {"aclnnUpsampleBicubic2d",
       Mode::kBicubic,
       false,
       true,
       Scales::kDouble,
       {f32, f16, bf16},
       {nchw, nd, nhwc},
       [](A a, W w, E e) {
         return aclnnUpsampleBicubic2dGetWorkspaceSize(a.source, a.output_size, a.align_corners,
                                                       a.scales_h, a.scales_w, a.destination, w, e);
       },
       aclnnUpsampleBicubic2d},
      {"aclnnUpsampleBicubic2dBackward",
       Mode::kBicubic,
       true,
       true,
       Scales::kDouble,
       {f32, f16, bf16},
       {nchw, nd, nhwc},
       [](A a, W w, E e) {
         return aclnnUpsampleBicubic2dBackwardGetWorkspaceSize(
             a.source, a.output_size, a.input_size, a.align_corners, a.scales_h, a.scales_w,
             a.destination, w, e);
       },
       aclnnUpsampleBicubic2dBackward},
      {"aclnnResize",
       Mode::kResize,
       false,
       false,
       Scales::kFloatArray,
       {f32, f16, bf16},
       {nchw, nhwc},
       [](A a, W w, E e) {
         return aclnnResizeGetWorkspaceSize(a.source, a.scales, a.mode, a.destination, w, e);
       },
       aclnnResize},
      // 1-D functions: (N, C, L), one scale (scales_w).
      {"aclnnUpsampleNearest1d",
       Mode::kNearest,
       false,
       false,
       Scales::kNone,
       {f32, f16, bf16, f64, u8},
       {ncl},
       [](A a, W w, E e) {
         return aclnnUpsampleNearest1dGetWorkspaceSize(a.source, a.output_size, a.destination, w,
                                                       e);
       },
       aclnnUpsampleNearest1d,
       1},
      {"aclnnUpsampleNearest1dV2",
       Mode::kNearest,
       false,
       false,
       Scales::kFloat,
       {f32, f16, bf16, f64, u8},
       {ncl},
       [](A a, W w, E e) {
         return aclnnUpsampleNearest1dV2GetWorkspaceSize(
             a.source, a.output_size, static_cast<float>(a.scales_w), a.destination, w, e);
       },
       aclnnUpsampleNearest1dV2,
       1},
      {"aclnnUpsampleNearest1dBackward",
       Mode::kNearest,
       true,
       false,
       Scales::kDouble,
       {f32, f16, bf16, f64},
       {ncl, nd},
       [](A a, W w, E e) {
         return aclnnUpsampleNearest1dBackwardGetWorkspaceSize(
             a.source, a.output_size, a.input_size, a.scales_w, a.destination, w, e);
       },
       aclnnUpsampleNearest1dBackward,
       1},
      {"aclnnUpsampleNearestExact1d",
       Mode::kNearestExact,
       false,
       false,
       Scales::kDouble,
       {f32, f16, bf16, u8},
       {ncl, nd},
       [](A a, W w, E e) {
         return aclnnUpsampleNearestExact1dGetWorkspaceSize(a.source, a.output_size, a.scales_w,
                                                            a.destination, w, e);
       },
       aclnnUpsampleNearestExact1d,
       1},
      {"aclnnUpsampleNearestExact1dBackward",
       Mode::kNearestExact,
       true,
       false,
       Scales::kDouble,
       {f32, f16, bf16},
       {ncl, nd},
       [](A a, W w, E e) {
         return aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
             a.source, a.output_size, a.input_size, a.scales_w, a.destination, w, e);
       },
       aclnnUpsampleNearestExact1dBackward,
       1},
      {"aclnnUpsampleLinear1d",
       Mode::kBilinear,
       false,
       true,
       Scales::kDouble,
       {f32, f16, bf16},
       {ncl, nd},
       [](A a, W w, E e) {
         return aclnnUpsampleLinear1dGetWorkspaceSize(a.source, a.output_size, a.align_corners,
                                                      a.scales_w, a.destination, w, e);
       },
       aclnnUpsampleLinear1d,
       1},
      {"aclnnUpsampleLinear1dBackward",
       Mode::kBilinear,
       true,
       true,
       Scales::kDouble,
       {f32, f16, bf16},
       {ncl, nd},
       [](A a, W w, E e) {
         return aclnnUpsampleLinear1dBackwardGetWorkspaceSize(a.source, a.output_size, a.input_size,
                                                              a.align_corners, a.scales_w,
                                                              a.destination, w, e);
       },
       aclnnUpsampleLinear1dBackward,
       1},
  };
  return functions;
}

inline const FamilyFunction& FindFamilyFunction(const std::string& name) {
  for (const FamilyFunction& f : FamilyFunctions()) {
    if (name == f.name) return f;
  }
  std::abort();
}

// ---- device tensors of any dtype and format -----------------------------

inline size_t ElementBytes(aclDataType t) {
  switch (t) {
    case ACL_DOUBLE:
      return 8;
    case ACL_FLOAT:
      return 4;
    case ACL_UINT8:
      return 1;
    default:
      return 2;
  }
}

enum class Storage { kContiguous, kChannelsLast, kPadded };

constexpr unsigned char kFamilySentinel = 0x5C;

// An (N, C, H, W) tensor in device memory. In NHWC format the aclTensor's view
// is (N, H, W, C) over the same elements (CANN's convention).
struct AnyTensor {
  int64_t shape[4] = {0, 0, 0, 0};  // N, C, H, W
  int64_t strides[4] = {0, 0, 0, 0};
  int64_t offset = 0;
  aclDataType dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_NCHW;
  bool one_d = false;  // the aclTensor is the (N, C, L) view of an H = 1 tensor
  void* block = nullptr;
  size_t block_bytes = 0;
  aclTensor* tensor = nullptr;

  AnyTensor() = default;
  AnyTensor(const AnyTensor&) = delete;
  AnyTensor& operator=(const AnyTensor&) = delete;
  ~AnyTensor() {
    if (tensor) aclDestroyTensor(tensor);
    if (block) aclrtFree(block);
  }
  int64_t Count() const { return shape[0] * shape[1] * shape[2] * shape[3]; }
  size_t ByteAt(int64_t n, int64_t c, int64_t h, int64_t w) const {
    return static_cast<size_t>(offset + n * strides[0] + c * strides[1] + h * strides[2] +
                               w * strides[3]) *
           ElementBytes(dtype);
  }
  // The view's dims as the aclTensor holds them (NHWC: N, H, W, C).
  std::vector<int64_t> ViewShape() const {
    if (one_d) return {shape[0], shape[1], shape[3]};
    return format == ACL_FORMAT_NHWC ? std::vector<int64_t>{shape[0], shape[2], shape[3], shape[1]}
                                     : std::vector<int64_t>{shape[0], shape[1], shape[2], shape[3]};
  }
};

// Allocates room for the storage, fills it with sentinel bytes and creates the
// tensor. kPadded pitches rows 3 elements wider, pads planes by 7 and starts
// at offset 5. A shape with a 0 dim still gets a (small) block.
// one_d: nchw must have H = 1 and the tensor's view is (N, C, L = W).
inline void MakeAnyTensor(AnyTensor* t, const std::vector<int64_t>& nchw, aclDataType dtype,
                          aclFormat format, Storage storage, bool one_d = false) {
  t->one_d = one_d;
  const int64_t N = nchw[0], C = nchw[1], H = nchw[2], W = nchw[3];
  for (int k = 0; k < 4; ++k) t->shape[k] = nchw[static_cast<size_t>(k)];
  t->dtype = dtype;
  t->format = format;
  int64_t elements = 0;
  switch (storage) {
    case Storage::kContiguous:
      t->strides[0] = C * H * W, t->strides[1] = H * W, t->strides[2] = W, t->strides[3] = 1;
      elements = N * C * H * W;
      break;
    case Storage::kChannelsLast:
      t->strides[0] = H * W * C, t->strides[1] = 1, t->strides[2] = W * C, t->strides[3] = C;
      elements = N * C * H * W;
      break;
    case Storage::kPadded: {
      const int64_t pitch = W + 3, plane = pitch * H + 7;
      t->strides[0] = plane * C, t->strides[1] = plane, t->strides[2] = pitch, t->strides[3] = 1;
      t->offset = 5;
      elements = 5 + plane * C * N + 4;
      break;
    }
  }
  if (elements < 1) elements = 1;
  t->block_bytes = static_cast<size_t>(elements) * ElementBytes(dtype);
  if (aclrtMalloc(&t->block, t->block_bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
    t->block = nullptr;
    return;
  }
  std::memset(t->block, kFamilySentinel, t->block_bytes);
  const std::vector<int64_t> view = t->ViewShape();
  const bool nhwc = format == ACL_FORMAT_NHWC && !one_d;
  const int64_t view_strides[4] = {t->strides[0], nhwc ? t->strides[2] : t->strides[1],
                                   one_d ? t->strides[3] : (nhwc ? t->strides[3] : t->strides[2]),
                                   nhwc ? t->strides[1] : t->strides[3]};
  const int64_t storage_dims[1] = {elements};
  t->tensor = aclCreateTensor(view.data(), view.size(), dtype, view_strides, t->offset, format,
                              storage_dims, 1, t->block);
}

// The value an element of the dtype holds for v (rounded once; uint8 clamps
// and rounds to nearest).
inline double QuantizeTo(double v, aclDataType t) {
  switch (t) {
    case ACL_FLOAT16:
      return resample::HalfToFloat(resample::FloatToHalf(static_cast<float>(v)));
    case ACL_BF16:
      return resample::BFloat16ToFloat(resample::FloatToBFloat16(static_cast<float>(v)));
    case ACL_FLOAT:
      return static_cast<float>(v);
    case ACL_UINT8:
      return v <= 0 ? 0 : (v >= 255 ? 255 : std::nearbyint(v));
    default:
      return v;
  }
}

// Writes v (N, C, H, W order, one value per element) converted to the dtype.
inline void WriteAny(AnyTensor* t, const std::vector<double>& v) {
  auto* bytes = static_cast<unsigned char*>(t->block);
  size_t i = 0;
  for (int64_t n = 0; n < t->shape[0]; ++n)
    for (int64_t c = 0; c < t->shape[1]; ++c)
      for (int64_t h = 0; h < t->shape[2]; ++h)
        for (int64_t w = 0; w < t->shape[3]; ++w, ++i) {
          unsigned char* at = bytes + t->ByteAt(n, c, h, w);
          const double x = v[i];
          switch (t->dtype) {
            case ACL_DOUBLE:
              std::memcpy(at, &x, 8);
              break;
            case ACL_FLOAT: {
              const float f = static_cast<float>(x);
              std::memcpy(at, &f, 4);
              break;
            }
            case ACL_UINT8:
              *at = static_cast<unsigned char>(QuantizeTo(x, ACL_UINT8));
              break;
            default: {
              const uint16_t b = t->dtype == ACL_FLOAT16
                                     ? resample::FloatToHalf(static_cast<float>(x))
                                     : resample::FloatToBFloat16(static_cast<float>(x));
              std::memcpy(at, &b, 2);
            }
          }
        }
}

// The view's values in (N, C, H, W) order, as doubles.
inline std::vector<double> ReadAny(const AnyTensor& t) {
  std::vector<double> v;
  v.reserve(static_cast<size_t>(t.Count()));
  const auto* bytes = static_cast<const unsigned char*>(t.block);
  for (int64_t n = 0; n < t.shape[0]; ++n)
    for (int64_t c = 0; c < t.shape[1]; ++c)
      for (int64_t h = 0; h < t.shape[2]; ++h)
        for (int64_t w = 0; w < t.shape[3]; ++w) {
          const unsigned char* at = bytes + t.ByteAt(n, c, h, w);
          switch (t.dtype) {
            case ACL_DOUBLE: {
              double d;
              std::memcpy(&d, at, 8);
              v.push_back(d);
              break;
            }
            case ACL_FLOAT: {
              float f;
              std::memcpy(&f, at, 4);
              v.push_back(f);
              break;
            }
            case ACL_UINT8:
              v.push_back(*at);
              break;
            default: {
              uint16_t b;
              std::memcpy(&b, at, 2);
              v.push_back(t.dtype == ACL_FLOAT16 ? resample::HalfToFloat(b)
                                                 : resample::BFloat16ToFloat(b));
            }
          }
        }
  return v;
}

// The raw bytes of the view, element by element in (N, C, H, W) order (for
// bit-for-bit comparisons).
inline std::vector<unsigned char> ReadAnyBytes(const AnyTensor& t) {
  std::vector<unsigned char> out;
  const size_t es = ElementBytes(t.dtype);
  const auto* bytes = static_cast<const unsigned char*>(t.block);
  for (int64_t n = 0; n < t.shape[0]; ++n)
    for (int64_t c = 0; c < t.shape[1]; ++c)
      for (int64_t h = 0; h < t.shape[2]; ++h)
        for (int64_t w = 0; w < t.shape[3]; ++w) {
          const unsigned char* at = bytes + t.ByteAt(n, c, h, w);
          out.insert(out.end(), at, at + es);
        }
  return out;
}

// True if every byte of a block outside the elements for_each visits (it
// calls its argument with each element's byte offset) still holds the
// sentinel.
template <class ForEachElement>
bool SentinelsIntactOutside(const void* block, size_t block_bytes, size_t element_bytes,
                            const ForEachElement& for_each) {
  std::vector<bool> in_view(block_bytes, false);
  for_each([&](size_t at) {
    for (size_t b = 0; b < element_bytes; ++b) in_view[at + b] = true;
  });
  const auto* bytes = static_cast<const unsigned char*>(block);
  for (size_t i = 0; i < block_bytes; ++i) {
    if (!in_view[i] && bytes[i] != kFamilySentinel) return false;
  }
  return true;
}

// True if every byte of the block outside the view still holds the sentinel.
inline bool AnySentinelsIntact(const AnyTensor& t) {
  return SentinelsIntactOutside(t.block, t.block_bytes, ElementBytes(t.dtype), [&](auto mark) {
    for (int64_t n = 0; n < t.shape[0]; ++n)
      for (int64_t c = 0; c < t.shape[1]; ++c)
        for (int64_t h = 0; h < t.shape[2]; ++h)
          for (int64_t w = 0; w < t.shape[3]; ++w) mark(t.ByteAt(n, c, h, w));
  });
}

struct FamilyResult {
  aclnnStatus phase1 = -1;
  aclnnStatus phase2 = -1;
  uint64_t workspace_size = 0;
  std::string message;
};

// Phase 1 with args, then (if it succeeded) phase 2 on stream with a workspace
// from aclrtMalloc, then synchronize: as a CANN program calls an op.
inline FamilyResult CallFamily(const FamilyFunction& f, const FamilyArgs& args,
                               aclrtStream stream = nullptr) {
  FamilyResult r;
  aclOpExecutor* exec = nullptr;
  r.phase1 = f.phase1(args, &r.workspace_size, &exec);
  if (r.phase1 != ACLNN_SUCCESS) {
    const char* m = aclGetRecentErrMsg();
    r.message = m ? m : "";
    return r;
  }
  void* ws = nullptr;
  if (r.workspace_size > 0) aclrtMalloc(&ws, r.workspace_size, ACL_MEM_MALLOC_HUGE_FIRST);
  r.phase2 = f.phase2(ws, r.workspace_size, exec, stream);
  if (r.phase2 != ACLNN_SUCCESS) {
    const char* m = aclGetRecentErrMsg();
    r.message = m ? m : "";
  }
  aclrtSynchronizeStream(stream);
  if (ws) aclrtFree(ws);
  return r;
}

}  // namespace aclnn_host::testing

#endif  // ACLNN_HOST_TESTS_FAMILY_SUPPORT_H_
