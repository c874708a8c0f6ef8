// Native API of the whole resize family: every mode the library implements,
// forward and backward, over plain host buffers (no CANN surface). It is what
// the Python package calls. Same engine, numerics and determinism as the
// aclnn functions.
#ifndef ACLNN_HOST_RESIZE_H_
#define ACLNN_HOST_RESIZE_H_

#include <cstddef>
#include <cstdint>

#include "aclnn_host/upsample_bicubic2d_aa.h"  // Status, SetNumThreads, ACLNN_HOST_API

namespace aclnn_host {

// The modes of torch.nn.functional.interpolate that the library implements
// (with `antialias` for kLinear and kCubic). kLinear is bilinear on a 4-D view.
enum class ResizeMode : int { kNearest = 0, kNearestExact = 1, kLinear = 2, kCubic = 3 };

struct ResizeOptions {
  ResizeMode mode = ResizeMode::kNearest;
  bool antialias = false;
  bool align_corners = false;  // linear and cubic only
  double scales_h = 0.0;       // forward scale factors (out ~ in * scale); <= 0 or NaN: not given
  double scales_w = 0.0;
  double scales_d = 0.0;  // the depth axis of Resize3d
};

// y = interpolate(x) with PyTorch 1.13 CPU semantics: x is (N, C, Hi, Wi), y is
// (N, C, Ho, Wo); the sizes come from the views. dtypes: FLOAT32, FLOAT16,
// BFLOAT16 (fp32 arithmetic, rounded once), FLOAT64 (double), UINT8 (nearest
// modes: exact copies); x and y the same dtype. Synchronous, bitwise identical
// for any thread count.
ACLNN_HOST_API Status Resize(const TensorView& x, const MutableTensorView& y,
                             const ResizeOptions& options);

// grad_x = dL/dx for y = Resize(x): grad_y is (N, C, Ho, Wo), grad_x is
// (N, C, Hi, Wi). dtypes as Resize, except UINT8.
ACLNN_HOST_API Status ResizeBackward(const TensorView& grad_y, const MutableTensorView& grad_x,
                                     const ResizeOptions& options);

// The same for volumes (N, C, D, H, W): the modes F.interpolate has in 3-D
// (nearest, nearest-exact, linear = trilinear; no antialias), run as a depth
// pass and an H/W pass of the same engine.
ACLNN_HOST_API Status Resize3d(const VolumeView& x, const MutableVolumeView& y,
                               const ResizeOptions& options);
ACLNN_HOST_API Status Resize3dBackward(const VolumeView& grad_y, const MutableVolumeView& grad_x,
                                       const ResizeOptions& options);

// Whether Resize / ResizeBackward (rank 3 or 4) or Resize3d / Resize3dBackward
// (rank 5) take this combination (rank 3 = (N, C, L), read as H = 1).
ACLNN_HOST_API bool ResizeSupports(ResizeMode mode, bool antialias, bool backward, DataType dtype,
                                   int rank);

}  // namespace aclnn_host

extern "C" {

// The same for bindings that speak C (ctypes): views as data pointer, dtype
// (aclnn_host::DataType values), shape and strides in elements, `rank` dims
// each (3: (N, C, L); 4: (N, C, H, W); 5: (N, C, D, H, W)), and rank - 2
// forward scale factors
// (<= 0: not given); returns a StatusCode value and copies the message
// (NUL-terminated) into message[0..message_size). Never throws.
ACLNN_HOST_API int aclnn_host_resize(int mode, int antialias, int backward, int align_corners,
                                     int rank, const double* scales, const void* source,
                                     int source_dtype, const int64_t* source_shape,
                                     const int64_t* source_strides, void* destination,
                                     int destination_dtype, const int64_t* destination_shape,
                                     const int64_t* destination_strides, char* message,
                                     size_t message_size);
ACLNN_HOST_API int aclnn_host_resize_supports(int mode, int antialias, int backward, int dtype,
                                              int rank);
ACLNN_HOST_API void aclnn_host_set_num_threads(int n);
ACLNN_HOST_API int aclnn_host_get_num_threads(void);
// aclnn_host::UseOpenMP: 1 when OpenMP is used from now on, else 0.
ACLNN_HOST_API int aclnn_host_use_openmp(int on);
ACLNN_HOST_API const char* aclnn_host_simd_target(void);

}  // extern "C"

#endif  // ACLNN_HOST_RESIZE_H_
