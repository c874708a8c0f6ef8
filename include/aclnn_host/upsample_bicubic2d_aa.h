// Native C++ API of aclnn-host: the anti-aliased bicubic backward over plain
// host buffers, for C++ users who do not want the CANN surface. It shares the
// engine (weights, passes, threading) with aclnnUpsampleBicubic2dAAGrad.
#ifndef ACLNN_HOST_UPSAMPLE_BICUBIC2D_AA_H_
#define ACLNN_HOST_UPSAMPLE_BICUBIC2D_AA_H_

#include <cstdint>
#include <string>

#include "aclnn_host/tensor_view.h"

#if defined(_MSC_VER)
#define ACLNN_HOST_API __declspec(dllexport)
#else
#define ACLNN_HOST_API __attribute__((visibility("default")))
#endif

namespace aclnn_host {

// Contiguous NCHW strides for a shape.
ACLNN_HOST_API void ContiguousStrides(const int64_t shape[4], int64_t strides[4]);

enum class StatusCode : int {
  kOk = 0,
  kNullPointer = 1,
  kInvalidArgument = 2,
  kOutOfMemory = 3,  // host memory ran out (or no thread could be started)
};

struct Status {
  StatusCode code = StatusCode::kOk;
  std::string message;
  bool ok() const { return code == StatusCode::kOk; }
};

// out = dL/dx of y = interpolate(x, mode="bicubic", antialias=True). The
// forward sizes are taken from the views: grad_output is (N, C, Ho, Wo), out is
// (N, C, Hi, Wi). scales_h/scales_w are the forward scale factors; 0 (or NaN)
// means "not given"; they are ignored when align_corners is true.
// Synchronous; uses the library's thread pool; bitwise identical for any
// thread count.
ACLNN_HOST_API Status UpsampleBicubic2dAABackward(const TensorView& grad_output,
                                                  const MutableTensorView& out, bool align_corners,
                                                  double scales_h, double scales_w);

// y = interpolate(x, size=(Ho, Wo), mode="bicubic", antialias=True): x is
// (N, C, Hi, Wi), out is (N, C, Ho, Wo); the forward whose adjoint is
// UpsampleBicubic2dAABackward (same weights, dtypes, numerics, determinism).
ACLNN_HOST_API Status UpsampleBicubic2dAA(const TensorView& x, const MutableTensorView& out,
                                          bool align_corners, double scales_h, double scales_w);

// Threads used by every call from now on (ACLNN_HOST_NUM_THREADS sets the
// initial value; the default is all cores). n < 1 is treated as 1.
ACLNN_HOST_API void SetNumThreads(int n);
ACLNN_HOST_API int GetNumThreads();

// on = true: parallel calls run on the calling thread's OpenMP team (the
// process's libgomp, as PyTorch's CPU ops run) instead of the library's own
// threads, the team's thread i taking the i-th share of the work; results
// are the same bytes. For programs whose own OpenMP threads keep spinning
// between their ops (PyTorch's do for milliseconds), which the library's
// threads would otherwise share cores with. Returns whether OpenMP is used
// from now on: false when the process has no libgomp loaded (nothing
// changes then). on = false returns to the library's threads.
ACLNN_HOST_API bool UseOpenMP(bool on);

// The SIMD target the engine dispatches to ("AVX3", "AVX2", "SSE4", ...).
ACLNN_HOST_API const char* ActiveSimdTarget();

}  // namespace aclnn_host

#endif  // ACLNN_HOST_UPSAMPLE_BICUBIC2D_AA_H_
