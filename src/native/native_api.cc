// The native C++ API (aclnn_host/upsample_bicubic2d_aa.h, aclnn_host/resize.h)
// and its C form for bindings: checks like the aclnn layer's, then the engine.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>

#include "aclnn_host/resize.h"
#include "aclnn_host/upsample_bicubic2d_aa.h"

#include "resample/filters.h"
#include "resample/kernels.h"
#include "resample/resample_plan.h"
#include "resample/thread_pool.h"
#include "resample/view_checks.h"
#include "resample/volume_plan.h"

namespace aclnn_host {
namespace {

bool IsFloat16Or32(DataType t) {
  return t == DataType::kFloat32 || t == DataType::kFloat16 || t == DataType::kBFloat16;
}

// The dtypes a filter and direction take (the same for source and
// destination): the fp32 engine's three, DOUBLE everywhere, UINT8 for the
// nearest forwards (copies).
bool Supported(resample::Filter filter, resample::Direction direction, DataType t) {
  if (IsFloat16Or32(t) || t == DataType::kFloat64) return true;
  return t == DataType::kUInt8 && resample::IsNearest(filter) &&
         direction == resample::Direction::kForward;
}

// What one native call asks for.
struct NativeRequest {
  const char* fn;        // the function's name, for messages
  const char* src_name;  // the source view's parameter name
  const char* dst_name;
  resample::Direction direction;
  resample::Filter filter;
  bool align_corners;
  double scales_d, scales_h, scales_w;  // scales_d: rank 5 only
  bool aa_limits;  // the bicubic AA functions' documented limits (upscale, sizes)
};

// A view of rank 4 (N, C, H, W) or 5 (N, C, D, H, W), as the checks read it.
struct AnyView {
  const void* data;
  DataType dtype;
  int rank;
  const int64_t* shape;
  const int64_t* strides;
};

std::string Dims(const int64_t* d, int rank) {
  std::string s = "[";
  for (int k = 0; k < rank; ++k) s += (k ? ", " : "") + std::to_string(d[k]);
  return s + "]";
}

// Checks one call's views and arguments; "" if fine.
std::string CheckRequest(const NativeRequest& r, const AnyView& src, const AnyView& dst,
                         StatusCode* code) {
  const std::string sn = r.src_name, dn = r.dst_name;
  const int rank = src.rank;
  *code = StatusCode::kNullPointer;
  if (src.data == nullptr) return sn + ".data is null";
  if (dst.data == nullptr) return dn + ".data is null";
  *code = StatusCode::kInvalidArgument;
  const bool aa = r.aa_limits;
  if (aa ? !IsFloat16Or32(src.dtype) : !Supported(r.filter, r.direction, src.dtype)) {
    return sn + ".dtype " + std::to_string(static_cast<int>(src.dtype)) +
           (aa ? " is not FLOAT32, FLOAT16 or BFLOAT16"
               : std::string(" is not supported by ") + resample::FilterName(r.filter) +
                     (r.direction == resample::Direction::kForward ? "" : " backward"));
  }
  if (dst.dtype != src.dtype) return dn + ".dtype differs from " + sn + ".dtype";
  const double scales[3] = {r.scales_d, r.scales_h, r.scales_w};
  static const char* kScaleNames[3] = {"scales_d", "scales_h", "scales_w"};
  for (int k = rank == 5 ? 0 : 1; k < 3; ++k) {
    if (scales[k] < 0.0)
      return std::string(kScaleNames[k]) + "=" + resample::NumberString(scales[k]) + " is negative";
  }
  for (int k = 0; k < rank; ++k) {
    if (src.shape[k] <= 0 || dst.shape[k] <= 0) {
      return "shapes must be positive: " + sn + " " + Dims(src.shape, rank) + ", " + dn + " " +
             Dims(dst.shape, rank);
    }
  }
  if (src.shape[0] != dst.shape[0] || src.shape[1] != dst.shape[1]) {
    return "N, C of " + sn + " " + Dims(src.shape, rank) + " and " + dn + " " +
           Dims(dst.shape, rank) + " differ";
  }
  // Forward sizes: in = the forward's input, out = the forward's output.
  const bool backward = r.direction == resample::Direction::kBackward;
  const int64_t* fin = backward ? dst.shape : src.shape;
  const int64_t* fout = backward ? src.shape : dst.shape;
  std::string why;
  if (aa) {
    why = resample::CheckUpscaleLimit("scales_h", r.scales_h, fin[2], fout[2]);
    if (why.empty()) why = resample::CheckUpscaleLimit("scales_w", r.scales_w, fin[3], fout[3]);
    if (why.empty()) {
      const std::string& fo = backward ? sn : dn;  // the forward's output view
      const std::string& fi = backward ? dn : sn;  // and its input view
      why = resample::CheckSizeLimits(fin[0], fin[1], fout[2], fout[3], fin[2], fin[3],
                                      {fo + ".shape[2] (Ho)", fo + ".shape[3] (Wo)",
                                       fi + ".shape[2] (Hi)", fi + ".shape[3] (Wi)"});
    }
  } else {
    for (int k = 0; k < rank && why.empty(); ++k) {
      if (std::max(fin[k], fout[k]) > std::numeric_limits<int32_t>::max()) {
        why = "dim " + std::to_string(k) + " exceeds INT32_MAX";
      }
    }
  }
  if (!why.empty()) return why;
  const int64_t esize = static_cast<int64_t>(DataTypeSize(src.dtype));
  if (reinterpret_cast<uintptr_t>(src.data) % esize != 0 ||
      reinterpret_cast<uintptr_t>(dst.data) % esize != 0) {
    return "data pointers must be aligned to the element size of " + std::to_string(esize) +
           " bytes";
  }
  resample::ByteSpan src_span, dst_span;
  resample::AddressRange src_bytes, dst_bytes;
  if (!resample::ViewByteSpan(src.shape, src.strides, rank, 0, esize, &src_span) ||
      !resample::ViewByteSpan(dst.shape, dst.strides, rank, 0, esize, &dst_span)) {
    return "a view's strides overflow 64-bit addressing";
  }
  if (!resample::SpanAddresses(src.data, src_span, &src_bytes) ||
      !resample::SpanAddresses(dst.data, dst_span, &dst_bytes)) {
    return "a view reaches outside the address space from its data pointer";
  }
  if (resample::ViewOverlapsItself(dst.shape, dst.strides, rank)) {
    return dn + " strides " + Dims(dst.strides, rank) + " make the view overlap itself";
  }
  if (src_bytes.Overlaps(dst_bytes)) return sn + " and " + dn + " overlap in memory";
  return "";
}

// The calling thread's scratch, kept between calls up to kKeptScratch bytes:
// a fresh buffer per call pays its page faults every time (a 3-D resize's
// intermediate can be tens of MiB).
constexpr uint64_t kKeptScratch = uint64_t{256} << 20;

char* ThreadScratch(uint64_t bytes, std::unique_ptr<char[]>* once) {
  thread_local std::unique_ptr<char[]> kept;
  thread_local uint64_t kept_bytes = 0;
  if (bytes > kKeptScratch) {
    once->reset(new (std::nothrow) char[bytes]);
    return once->get();
  }
  if (bytes > kept_bytes) {
    kept.reset();
    kept_bytes = 0;
    kept.reset(new (std::nothrow) char[bytes]);
    if (!kept) return nullptr;
    kept_bytes = bytes;
  }
  return kept.get();
}

template <typename Plan, typename Source, typename Destination>
Status RunPlan(const NativeRequest& r, const Plan* plan, const std::string& error,
               const Source& source, const Destination& destination) {
  if (!plan) return Status{StatusCode::kOutOfMemory, std::string(r.fn) + ": " + error};
  std::unique_ptr<char[]> once;
  char* scratch = ThreadScratch(plan->scratch_bytes(), &once);
  if (scratch == nullptr && plan->scratch_bytes() > 0) {
    return Status{StatusCode::kOutOfMemory, std::string(r.fn) + ": no memory for scratch"};
  }
  plan->Run(source, destination, scratch);
  return Status{};
}

// Checks and runs one direction (rank 4).
Status Resample(const NativeRequest& r, const TensorView& source,
                const MutableTensorView& destination) {
  StatusCode code;
  const std::string why = CheckRequest(
      r, {source.data, source.dtype, 4, source.shape, source.strides},
      {destination.data, destination.dtype, 4, destination.shape, destination.strides}, &code);
  if (!why.empty()) return Status{code, std::string(r.fn) + ": " + why};
  const bool backward = r.direction == resample::Direction::kBackward;
  const int64_t* fin = backward ? destination.shape : source.shape;
  const int64_t* fout = backward ? source.shape : destination.shape;
  resample::ResampleProblem problem{fin[0],     fin[1],      fout[2],         fout[3],
                                    fin[2],     fin[3],      r.align_corners, r.scales_h,
                                    r.scales_w, r.direction, r.filter};
  const std::string tables = resample::CheckTableSizes(problem);
  if (!tables.empty())
    return Status{StatusCode::kInvalidArgument, std::string(r.fn) + ": " + tables};
  TensorView src = source;
  MutableTensorView dst = destination;
  resample::ColumnsAsRows(&problem, src.shape, src.strides, dst.shape, dst.strides);
  std::string error;
  auto plan = resample::ResamplePlan::Create(
      problem, {src.dtype, src.strides[3], src.strides[1]},
      {dst.dtype, dst.strides[3], dst.strides[1]},
      resample::ResamplePlan::DefaultPartition(problem, src.dtype, dst.dtype,
                                               resample::ThreadPool::Global().num_threads()),
      &error);
  return RunPlan(r, plan.get(), error, src, dst);
}

// Checks and runs one direction (rank 5).
Status Resample(const NativeRequest& r, const VolumeView& source,
                const MutableVolumeView& destination) {
  StatusCode code;
  const std::string why = CheckRequest(
      r, {source.data, source.dtype, 5, source.shape, source.strides},
      {destination.data, destination.dtype, 5, destination.shape, destination.strides}, &code);
  if (!why.empty()) return Status{code, std::string(r.fn) + ": " + why};
  const bool backward = r.direction == resample::Direction::kBackward;
  const int64_t* fin = backward ? destination.shape : source.shape;
  const int64_t* fout = backward ? source.shape : destination.shape;
  resample::VolumeProblem problem;
  problem.batch = fin[0], problem.channels = fin[1];
  problem.in_d = fin[2], problem.in_h = fin[3], problem.in_w = fin[4];
  problem.out_d = fout[2], problem.out_h = fout[3], problem.out_w = fout[4];
  problem.align_corners = r.align_corners;
  problem.scales_d = r.scales_d, problem.scales_h = r.scales_h, problem.scales_w = r.scales_w;
  problem.direction = r.direction;
  problem.filter = r.filter;
  const std::string tables = resample::CheckTableSizes(problem);
  if (!tables.empty())
    return Status{StatusCode::kInvalidArgument, std::string(r.fn) + ": " + tables};
  std::string error;
  auto plan = resample::VolumePlan::Create(
      problem, {source.dtype, source.strides[4], source.strides[1]},
      {destination.dtype, destination.strides[4], destination.strides[1]},
      resample::ThreadPool::Global().num_threads(), &error);
  return RunPlan(r, plan.get(), error, source, destination);
}

// Resample, with whatever it throws (no host memory left, no thread could be
// started) as kOutOfMemory; the messages fit std::string's inline buffer, so
// forming them needs no memory.
template <typename Source, typename Destination>
Status GuardedResample(const NativeRequest& r, const Source& source,
                       const Destination& out) noexcept {
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
       resample::Filter::kCubicAA, align_corners, 0.0, scales_h, scales_w, /*aa_limits=*/true},
      grad_output, out);
}

Status UpsampleBicubic2dAA(const TensorView& x, const MutableTensorView& out, bool align_corners,
                           double scales_h, double scales_w) {
  return GuardedResample({"UpsampleBicubic2dAA", "x", "out", resample::Direction::kForward,
                          resample::Filter::kCubicAA, align_corners, 0.0, scales_h, scales_w,
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

// Volumes take the modes F.interpolate has in 3-D: nearest, nearest-exact,
// trilinear (no cubic, no antialias).
bool VolumeMode(ResizeMode mode, bool antialias) {
  return !antialias && mode != ResizeMode::kCubic;
}

template <typename Source, typename Destination>
Status RunResize(const char* fn, const char* src_name, const char* dst_name,
                 resample::Direction direction, const Source& source,
                 const Destination& destination, const ResizeOptions& o) {
  resample::Filter filter;
  constexpr bool kVolume = std::is_same_v<Source, VolumeView>;
  if (!FilterOf(o.mode, o.antialias, &filter) || (kVolume && !VolumeMode(o.mode, o.antialias))) {
    return Status{StatusCode::kInvalidArgument,
                  std::string(fn) + ": mode " + std::to_string(static_cast<int>(o.mode)) +
                      (o.antialias ? " with antialias" : "") + " is not supported"};
  }
  // align_corners means nothing to the nearest modes (PyTorch refuses it
  // there; the caller decides). A scale <= 0 is "not given" (resize.h, as
  // PyTorch's kernels read it); NaN stays NaN, which the engine reads so too.
  const auto given = [](double s) { return s < 0.0 ? 0.0 : s; };
  return GuardedResample(
      {fn, src_name, dst_name, direction, filter, o.align_corners && !resample::IsNearest(filter),
       kVolume ? given(o.scales_d) : 0.0, given(o.scales_h), given(o.scales_w),
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

Status Resize3d(const VolumeView& x, const MutableVolumeView& y, const ResizeOptions& options) {
  return RunResize("Resize3d", "x", "y", resample::Direction::kForward, x, y, options);
}

Status Resize3dBackward(const VolumeView& grad_y, const MutableVolumeView& grad_x,
                        const ResizeOptions& options) {
  return RunResize("Resize3dBackward", "grad_y", "grad_x", resample::Direction::kBackward, grad_y,
                   grad_x, options);
}

bool ResizeSupports(ResizeMode mode, bool antialias, bool backward, DataType dtype, int rank) {
  resample::Filter filter;
  return (rank == 3 || rank == 4 || (rank == 5 && VolumeMode(mode, antialias))) &&
         FilterOf(mode, antialias, &filter) &&
         Supported(filter,
                   backward ? resample::Direction::kBackward : resample::Direction::kForward,
                   dtype);
}

void SetNumThreads(int n) { resample::ThreadPool::Global().SetNumThreads(n); }

int GetNumThreads() { return resample::ThreadPool::Global().num_threads(); }

bool UseOpenMP(bool on) { return resample::ThreadPool::Global().UseOpenMP(on); }

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
  } else if (rank < 3 || rank > 5) {
    s = Status{StatusCode::kInvalidArgument,
               "aclnn_host_resize: rank " + std::to_string(rank) +
                   " is not supported (3: (N, C, L), 4: (N, C, H, W), 5: (N, C, D, H, W))"};
  } else if (rank == 5) {
    VolumeView src;
    MutableVolumeView dst;
    src.data = source;
    src.dtype = static_cast<DataType>(source_dtype);
    dst.data = destination;
    dst.dtype = static_cast<DataType>(destination_dtype);
    for (int k = 0; k < 5; ++k) {
      src.shape[k] = source_shape[k];
      src.strides[k] = source_strides[k];
      dst.shape[k] = destination_shape[k];
      dst.strides[k] = destination_strides[k];
    }
    ResizeOptions o;
    o.mode = static_cast<ResizeMode>(mode);
    o.antialias = antialias != 0;
    o.align_corners = align_corners != 0;
    o.scales_d = scales[0];
    o.scales_h = scales[1];
    o.scales_w = scales[2];
    s = backward ? Resize3dBackward(src, dst, o) : Resize3d(src, dst, o);
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
int aclnn_host_use_openmp(int on) { return aclnn_host::UseOpenMP(on != 0) ? 1 : 0; }
const char* aclnn_host_simd_target(void) { return aclnn_host::ActiveSimdTarget(); }

}  // extern "C"
