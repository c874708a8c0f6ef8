// The native C++ API (aclnn_host/upsample_bicubic2d_aa.h, aclnn_host/resize.h)
// and its C form for bindings: checks like the aclnn layer's, then the engine.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <new>

#include "aclnn_host/resize.h"
#include "aclnn_host/upsample_bicubic2d_aa.h"

#include "resample/kernels.h"
#include "resample/resample_plan.h"
#include "resample/thread_pool.h"
#include "resample/view_checks.h"

namespace aclnn_host {
namespace {

bool IsFloat16Or32(DataType t) {
  return t == DataType::kFloat32 || t == DataType::kFloat16 || t == DataType::kBFloat16;
}

bool IsNearest(resample::Filter f) {
  return f == resample::Filter::kNearest || f == resample::Filter::kNearestExact;
}

// The dtypes a filter and direction take (the same for source and
// destination): the fp32 engine's three, DOUBLE everywhere, UINT8 for the
// nearest forwards (copies).
bool Supported(resample::Filter filter, resample::Direction direction, DataType t) {
  if (IsFloat16Or32(t) || t == DataType::kFloat64) return true;
  return t == DataType::kUInt8 && IsNearest(filter) && direction == resample::Direction::kForward;
}

// What one native call asks for.
struct NativeRequest {
  const char* fn;        // the function's name, for messages
  const char* src_name;  // the source view's parameter name
  const char* dst_name;
  resample::Direction direction;
  resample::Filter filter;
  bool align_corners;
  double scales_h, scales_w;
  bool aa_limits;  // the bicubic AA functions' documented limits (upscale, sizes)
};

std::string Dims(const int64_t* d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) +
         ", " + std::to_string(d[3]) + "]";
}

// Checks and runs one direction. Forward sizes: in = x / out-of-backward,
// out = y / gradOutput.
Status Resample(const NativeRequest& r, const TensorView& source,
                const MutableTensorView& destination) {
  auto Error = [&r](StatusCode code, const std::string& message) {
    return Status{code, std::string(r.fn) + ": " + message};
  };
  const TensorView& grad_output = source;
  const MutableTensorView& out = destination;
  const std::string sn = r.src_name, dn = r.dst_name;
  const resample::Direction direction = r.direction;
  const bool align_corners = r.align_corners;
  const double scales_h = r.scales_h, scales_w = r.scales_w;
  if (grad_output.data == nullptr) return Error(StatusCode::kNullPointer, sn + ".data is null");
  if (out.data == nullptr) return Error(StatusCode::kNullPointer, dn + ".data is null");
  const bool aa = r.aa_limits;
  if (aa ? !IsFloat16Or32(grad_output.dtype) : !Supported(r.filter, direction, grad_output.dtype)) {
    return Error(StatusCode::kInvalidArgument,
                 sn + ".dtype " + std::to_string(static_cast<int>(grad_output.dtype)) +
                     (aa ? " is not FLOAT32, FLOAT16 or BFLOAT16"
                         : std::string(" is not supported by ") + resample::FilterName(r.filter) +
                               (direction == resample::Direction::kForward ? "" : " backward")));
  }
  if (out.dtype != grad_output.dtype) {
    return Error(StatusCode::kInvalidArgument, dn + ".dtype differs from " + sn + ".dtype");
  }
  if (scales_h < 0.0)
    return Error(StatusCode::kInvalidArgument,
                 "scales_h=" + std::to_string(scales_h) + " is negative");
  if (scales_w < 0.0)
    return Error(StatusCode::kInvalidArgument,
                 "scales_w=" + std::to_string(scales_w) + " is negative");
  for (int k = 0; k < 4; ++k) {
    if (grad_output.shape[k] <= 0 || out.shape[k] <= 0) {
      return Error(StatusCode::kInvalidArgument, "shapes must be positive: " + sn + " " +
                                                     Dims(grad_output.shape) + ", out " +
                                                     Dims(out.shape));
    }
  }
  if (grad_output.shape[0] != out.shape[0] || grad_output.shape[1] != out.shape[1]) {
    return Error(StatusCode::kInvalidArgument, "N, C of " + sn + " " + Dims(grad_output.shape) +
                                                   " and out " + Dims(out.shape) + " differ");
  }
  // Forward sizes: in = the forward's input, out = the forward's output.
  const bool backward = direction == resample::Direction::kBackward;
  const int64_t* fin = backward ? destination.shape : source.shape;
  const int64_t* fout = backward ? source.shape : destination.shape;
  std::string why;
  if (aa) {
    why = resample::CheckUpscaleLimit("scales_h", scales_h, fin[2], fout[2]);
    if (why.empty()) why = resample::CheckUpscaleLimit("scales_w", scales_w, fin[3], fout[3]);
    if (why.empty())
      why = resample::CheckSizeLimits(fin[0], fin[1], fout[2], fout[3], fin[2], fin[3]);
  } else {
    for (int k = 0; k < 4 && why.empty(); ++k) {
      if (std::max(fin[k], fout[k]) > std::numeric_limits<int32_t>::max()) {
        why = "dim " + std::to_string(k) + " exceeds INT32_MAX";
      }
    }
  }
  if (!why.empty()) return Error(StatusCode::kInvalidArgument, why);
  const int64_t esize = static_cast<int64_t>(DataTypeSize(grad_output.dtype));
  if (reinterpret_cast<uintptr_t>(grad_output.data) % esize != 0 ||
      reinterpret_cast<uintptr_t>(out.data) % esize != 0) {
    return Error(
        StatusCode::kInvalidArgument,
        "data pointers must be aligned to the element size of " + std::to_string(esize) + " bytes");
  }
  resample::ByteSpan go_span, out_span;
  resample::AddressRange go_bytes, out_bytes;
  if (!resample::ViewByteSpan(grad_output.shape, grad_output.strides, 4, 0, esize, &go_span) ||
      !resample::ViewByteSpan(out.shape, out.strides, 4, 0, esize, &out_span)) {
    return Error(StatusCode::kInvalidArgument, "a view's strides overflow 64-bit addressing");
  }
  if (!resample::SpanAddresses(grad_output.data, go_span, &go_bytes) ||
      !resample::SpanAddresses(out.data, out_span, &out_bytes)) {
    return Error(StatusCode::kInvalidArgument,
                 "a view reaches outside the address space from its data pointer");
  }
  if (resample::ViewOverlapsItself(out.shape, out.strides, 4)) {
    return Error(StatusCode::kInvalidArgument,
                 dn + " strides " + Dims(out.strides) + " make the view overlap itself");
  }
  if (go_bytes.Overlaps(out_bytes)) {
    return Error(StatusCode::kInvalidArgument, sn + " and " + dn + " overlap in memory");
  }

  const resample::ResampleProblem problem{fin[0],   fin[1],    fout[2],       fout[3],
                                          fin[2],   fin[3],    align_corners, scales_h,
                                          scales_w, direction, r.filter};
  std::string error;
  auto plan = resample::ResamplePlan::Create(
      problem, {grad_output.dtype, grad_output.strides[3]}, {out.dtype, out.strides[3]},
      resample::ResamplePlan::DefaultPartition(problem, grad_output.dtype, out.dtype,
                                               resample::ThreadPool::Global().num_threads()),
      &error);
  if (!plan) return Error(StatusCode::kOutOfMemory, error);
  std::unique_ptr<char[]> scratch(new (std::nothrow) char[plan->scratch_bytes()]);
  if (!scratch) return Error(StatusCode::kOutOfMemory, "no memory for scratch");
  plan->Run(grad_output, out, scratch.get());
  return Status{};
}

// Resample, with whatever it throws (no host memory left, no thread could be
// started) as kOutOfMemory; the messages fit std::string's inline buffer, so
// forming them needs no memory.
Status GuardedResample(const NativeRequest& r, const TensorView& source,
                       const MutableTensorView& out) noexcept {
  try {
    return Resample(r, source, out);
  } catch (const std::bad_alloc&) {
    return Status{StatusCode::kOutOfMemory, "out of memory"};
  } catch (...) {
    return Status{StatusCode::kOutOfMemory, "no resources"};
  }
}

}  // namespace

void ContiguousStrides(const int64_t shape[4], int64_t strides[4]) {
  int64_t acc = 1;
  for (int k = 3; k >= 0; --k) {
    strides[k] = acc;
    acc *= shape[k];
  }
}

Status UpsampleBicubic2dAABackward(const TensorView& grad_output, const MutableTensorView& out,
                                   bool align_corners, double scales_h, double scales_w) {
  return GuardedResample(
      {"UpsampleBicubic2dAABackward", "grad_output", "out", resample::Direction::kBackward,
       resample::Filter::kCubicAA, align_corners, scales_h, scales_w, /*aa_limits=*/true},
      grad_output, out);
}

Status UpsampleBicubic2dAA(const TensorView& x, const MutableTensorView& out, bool align_corners,
                           double scales_h, double scales_w) {
  return GuardedResample({"UpsampleBicubic2dAA", "x", "out", resample::Direction::kForward,
                          resample::Filter::kCubicAA, align_corners, scales_h, scales_w,
                          /*aa_limits=*/true},
                         x, out);
}

namespace {

bool FilterOf(ResizeMode mode, bool antialias, resample::Filter* filter) {
  switch (mode) {
    case ResizeMode::kNearest:
      *filter = resample::Filter::kNearest;
      return !antialias;
    case ResizeMode::kNearestExact:
      *filter = resample::Filter::kNearestExact;
      return !antialias;
    case ResizeMode::kLinear:
      *filter = antialias ? resample::Filter::kLinearAA : resample::Filter::kLinear;
      return true;
    case ResizeMode::kCubic:
      *filter = antialias ? resample::Filter::kCubicAA : resample::Filter::kCubic;
      return true;
  }
  return false;
}

Status RunResize(const char* fn, const char* src_name, const char* dst_name,
                 resample::Direction direction, const TensorView& source,
                 const MutableTensorView& destination, const ResizeOptions& o) {
  resample::Filter filter;
  if (!FilterOf(o.mode, o.antialias, &filter)) {
    return Status{StatusCode::kInvalidArgument,
                  std::string(fn) + ": mode " + std::to_string(static_cast<int>(o.mode)) +
                      (o.antialias ? " with antialias" : "") + " is not supported"};
  }
  // align_corners means nothing to the nearest modes (PyTorch refuses it
  // there; the caller decides).
  return GuardedResample({fn, src_name, dst_name, direction, filter,
                          o.align_corners && !IsNearest(filter), o.scales_h, o.scales_w,
                          /*aa_limits=*/false},
                         source, destination);
}

}  // namespace

Status Resize(const TensorView& x, const MutableTensorView& y, const ResizeOptions& options) {
  return RunResize("Resize", "x", "y", resample::Direction::kForward, x, y, options);
}

Status ResizeBackward(const TensorView& grad_y, const MutableTensorView& grad_x,
                      const ResizeOptions& options) {
  return RunResize("ResizeBackward", "grad_y", "grad_x", resample::Direction::kBackward, grad_y,
                   grad_x, options);
}

bool ResizeSupports(ResizeMode mode, bool antialias, bool backward, DataType dtype, int rank) {
  resample::Filter filter;
  return (rank == 3 || rank == 4) && FilterOf(mode, antialias, &filter) &&
         Supported(filter,
                   backward ? resample::Direction::kBackward : resample::Direction::kForward,
                   dtype);
}

void SetNumThreads(int n) { resample::ThreadPool::Global().SetNumThreads(n); }

int GetNumThreads() { return resample::ThreadPool::Global().num_threads(); }

const char* ActiveSimdTarget() { return resample::kernels::CurrentKernels().target_name; }

}  // namespace aclnn_host

namespace {

bool KnownDtype(int d) { return d >= 0 && d <= static_cast<int>(aclnn_host::DataType::kUInt8); }
bool KnownMode(int m) { return m >= 0 && m <= static_cast<int>(aclnn_host::ResizeMode::kCubic); }

}  // namespace

extern "C" {

int aclnn_host_resize(int mode, int antialias, int backward, int align_corners, int rank,
                      const double* scales, const void* source, int source_dtype,
                      const int64_t* source_shape, const int64_t* source_strides, void* destination,
                      int destination_dtype, const int64_t* destination_shape,
                      const int64_t* destination_strides, char* message, size_t message_size) {
  using namespace aclnn_host;
  Status s;
  if (source_shape == nullptr || source_strides == nullptr || destination_shape == nullptr ||
      destination_strides == nullptr || scales == nullptr) {
    s = Status{StatusCode::kNullPointer,
               "aclnn_host_resize: a shape, strides or scales pointer is null"};
  } else if (!KnownDtype(source_dtype) || !KnownDtype(destination_dtype)) {
    s = Status{StatusCode::kInvalidArgument,
               "aclnn_host_resize: dtype " + std::to_string(source_dtype) + " / " +
                   std::to_string(destination_dtype) + " is not an aclnn_host::DataType"};
  } else if (!KnownMode(mode)) {
    s = Status{StatusCode::kInvalidArgument,
               "aclnn_host_resize: mode " + std::to_string(mode) + " is not a ResizeMode"};
  } else if (rank != 3 && rank != 4) {
    s = Status{StatusCode::kInvalidArgument,
               "aclnn_host_resize: rank " + std::to_string(rank) +
                   " is not supported (3: (N, C, L), 4: (N, C, H, W))"};
  } else {
    TensorView src;
    MutableTensorView dst;
    src.data = source;
    src.dtype = static_cast<DataType>(source_dtype);
    dst.data = destination;
    dst.dtype = static_cast<DataType>(destination_dtype);
    // (N, C, L) is (N, C, 1, L): the H axis copies its one row.
    const int skip = 4 - rank;
    for (int k = 0; k < 4; ++k) {
      const bool inserted = k == 2 && skip == 1;
      const int from = k < 2 ? k : k - skip;
      src.shape[k] = inserted ? 1 : source_shape[from];
      src.strides[k] = inserted ? 0 : source_strides[from];
      dst.shape[k] = inserted ? 1 : destination_shape[from];
      dst.strides[k] = inserted ? 0 : destination_strides[from];
    }
    ResizeOptions o;
    o.mode = static_cast<ResizeMode>(mode);
    o.antialias = antialias != 0;
    o.align_corners = align_corners != 0;
    // One scale per spatial axis; (N, C, L)'s one axis is W.
    o.scales_h = rank == 3 ? 0.0 : scales[0];
    o.scales_w = rank == 3 ? scales[0] : scales[1];
    s = backward ? ResizeBackward(src, dst, o) : Resize(src, dst, o);
  }
  if (message != nullptr && message_size > 0) {
    const size_t n = std::min(message_size - 1, s.message.size());
    std::memcpy(message, s.message.data(), n);
    message[n] = '\0';
  }
  return static_cast<int>(s.code);
}

int aclnn_host_resize_supports(int mode, int antialias, int backward, int dtype, int rank) {
  return KnownMode(mode) && KnownDtype(dtype) &&
         aclnn_host::ResizeSupports(static_cast<aclnn_host::ResizeMode>(mode), antialias != 0,
                                    backward != 0, static_cast<aclnn_host::DataType>(dtype), rank);
}

void aclnn_host_set_num_threads(int n) { aclnn_host::SetNumThreads(n); }
int aclnn_host_get_num_threads(void) { return aclnn_host::GetNumThreads(); }
const char* aclnn_host_simd_target(void) { return aclnn_host::ActiveSimdTarget(); }

}  // extern "C"
