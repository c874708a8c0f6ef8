#include "aclnn_host/upsample_bicubic2d_aa.h"

#include <cmath>
#include <memory>
#include <new>

#include "resample/kernels.h"
#include "resample/resample_plan.h"
#include "resample/thread_pool.h"
#include "resample/view_checks.h"

namespace aclnn_host {
namespace {

bool ValidDtype(DataType t) {
  return t == DataType::kFloat32 || t == DataType::kFloat16 || t == DataType::kBFloat16;
}

std::string Dims(const int64_t* d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) +
         ", " + std::to_string(d[3]) + "]";
}

// Checks and runs one direction. Forward sizes: in = x / out-of-backward,
// out = y / gradOutput.
Status Resample(const char* fn, const char* src_name, resample::Direction direction,
                const TensorView& source, const MutableTensorView& destination, bool align_corners,
                double scales_h, double scales_w) {
  auto Error = [fn](StatusCode code, const std::string& message) {
    return Status{code, std::string(fn) + ": " + message};
  };
  const TensorView& grad_output = source;
  const MutableTensorView& out = destination;
  const std::string sn = src_name;
  if (grad_output.data == nullptr) return Error(StatusCode::kNullPointer, sn + ".data is null");
  if (out.data == nullptr) return Error(StatusCode::kNullPointer, "out.data is null");
  if (!ValidDtype(grad_output.dtype)) {
    return Error(StatusCode::kInvalidArgument,
                 sn + ".dtype " + std::to_string(static_cast<int>(grad_output.dtype)) +
                     " is not FLOAT32, FLOAT16 or BFLOAT16");
  }
  if (out.dtype != grad_output.dtype) {
    return Error(StatusCode::kInvalidArgument, "out.dtype differs from " + sn + ".dtype");
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
  std::string why = resample::CheckUpscaleLimit("scales_h", scales_h, fin[2], fout[2]);
  if (why.empty()) why = resample::CheckUpscaleLimit("scales_w", scales_w, fin[3], fout[3]);
  if (why.empty())
    why = resample::CheckSizeLimits(fin[0], fin[1], fout[2], fout[3], fin[2], fin[3]);
  if (!why.empty()) return Error(StatusCode::kInvalidArgument, why);
  const int64_t esize = grad_output.dtype == DataType::kFloat32 ? 4 : 2;
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
                 "out strides " + Dims(out.strides) + " make the view overlap itself");
  }
  if (go_bytes.Overlaps(out_bytes)) {
    return Error(StatusCode::kInvalidArgument, sn + " and out overlap in memory");
  }

  const resample::ResampleProblem problem{fin[0], fin[1],        fout[2],  fout[3],  fin[2],
                                          fin[3], align_corners, scales_h, scales_w, direction};
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
Status GuardedResample(const char* fn, const char* src_name, resample::Direction direction,
                       const TensorView& source, const MutableTensorView& out, bool align_corners,
                       double scales_h, double scales_w) noexcept {
  try {
    return Resample(fn, src_name, direction, source, out, align_corners, scales_h, scales_w);
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
  return GuardedResample("UpsampleBicubic2dAABackward", "grad_output",
                         resample::Direction::kBackward, grad_output, out, align_corners, scales_h,
                         scales_w);
}

Status UpsampleBicubic2dAA(const TensorView& x, const MutableTensorView& out, bool align_corners,
                           double scales_h, double scales_w) {
  return GuardedResample("UpsampleBicubic2dAA", "x", resample::Direction::kForward, x, out,
                         align_corners, scales_h, scales_w);
}

void SetNumThreads(int n) { resample::ThreadPool::Global().SetNumThreads(n); }

int GetNumThreads() { return resample::ThreadPool::Global().num_threads(); }

const char* ActiveSimdTarget() { return resample::kernels::CurrentKernels().target_name; }

}  // namespace aclnn_host
