#include "aclnn_host/upsample_bicubic2d_aa.h"

#include <cmath>
#include <memory>
#include <new>

#include "resample/backward.h"
#include "resample/kernels.h"
#include "resample/thread_pool.h"
#include "resample/view_checks.h"

namespace aclnn_host {
namespace {

Status Error(StatusCode code, std::string message) {
  return Status{code, "UpsampleBicubic2dAABackward: " + std::move(message)};
}

bool ValidDtype(DataType t) {
  return t == DataType::kFloat32 || t == DataType::kFloat16 || t == DataType::kBFloat16;
}

std::string Dims(const int64_t* d) {
  return "[" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " + std::to_string(d[2]) +
         ", " + std::to_string(d[3]) + "]";
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
  if (grad_output.data == nullptr)
    return Error(StatusCode::kNullPointer, "grad_output.data is null");
  if (out.data == nullptr) return Error(StatusCode::kNullPointer, "out.data is null");
  if (!ValidDtype(grad_output.dtype)) {
    return Error(StatusCode::kInvalidArgument,
                 "grad_output.dtype " + std::to_string(static_cast<int>(grad_output.dtype)) +
                     " is not FLOAT32, FLOAT16 or BFLOAT16");
  }
  if (out.dtype != grad_output.dtype) {
    return Error(StatusCode::kInvalidArgument, "out.dtype differs from grad_output.dtype");
  }
  if (scales_h < 0.0)
    return Error(StatusCode::kInvalidArgument,
                 "scales_h=" + std::to_string(scales_h) + " is negative");
  if (scales_w < 0.0)
    return Error(StatusCode::kInvalidArgument,
                 "scales_w=" + std::to_string(scales_w) + " is negative");
  for (int k = 0; k < 4; ++k) {
    if (grad_output.shape[k] <= 0 || out.shape[k] <= 0) {
      return Error(StatusCode::kInvalidArgument, "shapes must be positive: grad_output " +
                                                     Dims(grad_output.shape) + ", out " +
                                                     Dims(out.shape));
    }
  }
  if (grad_output.shape[0] != out.shape[0] || grad_output.shape[1] != out.shape[1]) {
    return Error(StatusCode::kInvalidArgument, "N, C of grad_output " + Dims(grad_output.shape) +
                                                   " and out " + Dims(out.shape) + " differ");
  }
  std::string why =
      resample::CheckUpscaleLimit("scales_h", scales_h, out.shape[2], grad_output.shape[2]);
  if (why.empty())
    why = resample::CheckUpscaleLimit("scales_w", scales_w, out.shape[3], grad_output.shape[3]);
  if (why.empty()) {
    why = resample::CheckSizeLimits(out.shape[0], out.shape[1], grad_output.shape[2],
                                    grad_output.shape[3], out.shape[2], out.shape[3]);
  }
  if (!why.empty()) return Error(StatusCode::kInvalidArgument, why);
  const int64_t esize = grad_output.dtype == DataType::kFloat32 ? 4 : 2;
  if (reinterpret_cast<uintptr_t>(grad_output.data) % esize != 0 ||
      reinterpret_cast<uintptr_t>(out.data) % esize != 0) {
    return Error(
        StatusCode::kInvalidArgument,
        "data pointers must be aligned to the element size of " + std::to_string(esize) + " bytes");
  }
  int64_t go_lo, go_hi, out_lo, out_hi;
  if (!resample::ViewByteSpan(grad_output.shape, grad_output.strides, 4, 0, esize, &go_lo,
                              &go_hi) ||
      !resample::ViewByteSpan(out.shape, out.strides, 4, 0, esize, &out_lo, &out_hi)) {
    return Error(StatusCode::kInvalidArgument, "a view's strides overflow 64-bit addressing");
  }
  if (resample::ViewOverlapsItself(out.shape, out.strides, 4)) {
    return Error(StatusCode::kInvalidArgument,
                 "out strides " + Dims(out.strides) + " make the view overlap itself");
  }
  const auto go_base = reinterpret_cast<intptr_t>(grad_output.data);
  const auto out_base = reinterpret_cast<intptr_t>(out.data);
  if (go_base + go_lo < out_base + out_hi && out_base + out_lo < go_base + go_hi) {
    return Error(StatusCode::kInvalidArgument, "grad_output and out overlap in memory");
  }

  resample::BackwardProblem problem;
  problem.batch = out.shape[0];
  problem.channels = out.shape[1];
  problem.out_h = grad_output.shape[2];
  problem.out_w = grad_output.shape[3];
  problem.in_h = out.shape[2];
  problem.in_w = out.shape[3];
  problem.align_corners = align_corners;
  problem.scales_h = scales_h;
  problem.scales_w = scales_w;
  std::string error;
  auto plan = resample::BackwardPlan::Create(problem, {grad_output.dtype, grad_output.strides[3]},
                                             {out.dtype, out.strides[3]},
                                             resample::ThreadPool::Global().num_threads(), &error);
  if (!plan) return Error(StatusCode::kOutOfMemory, error);
  std::unique_ptr<char[]> scratch(new (std::nothrow) char[plan->scratch_bytes()]);
  if (!scratch) return Error(StatusCode::kOutOfMemory, "no memory for scratch");
  plan->Run(grad_output, out, scratch.get());
  return Status{};
}

void SetNumThreads(int n) { resample::ThreadPool::Global().SetNumThreads(n); }

int GetNumThreads() { return resample::ThreadPool::Global().num_threads(); }

const char* ActiveSimdTarget() { return resample::kernels::ActiveTarget(); }

}  // namespace aclnn_host
