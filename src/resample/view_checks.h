// Checks on problems and strided views shared by the aclnn layer and the
// native API, in overflow-safe arithmetic. Each returns "" when the input is
// fine, else a message naming the parameter and the value.
#ifndef ACLNN_HOST_RESAMPLE_VIEW_CHECKS_H_
#define ACLNN_HOST_RESAMPLE_VIEW_CHECKS_H_

#include <cstdint>
#include <string>

namespace aclnn_host::resample {

constexpr int64_t kMaxDim = int64_t{1} << 20;
constexpr double kMinRealScale = 0.02;  // forward upscale at most 50x

// user_scale is scalesH/scalesW as given (<= 0 or NaN: not given).
std::string CheckUpscaleLimit(const char* scales_name, double user_scale, int64_t in_size,
                              int64_t out_size);

// The documented limits: each dim <= 2^20, N*C*Ho < 2^31 and
// (Ho*Wo + Hi*Wi + Ho*Wi) * N*C * sizeof(float) < 60 GiB.
std::string CheckSizeLimits(int64_t n, int64_t c, int64_t out_h, int64_t out_w, int64_t in_h,
                            int64_t in_w);

// Byte range [lo, hi) that a view touches, relative to its base pointer,
// offset and strides in elements. False if any step overflows int64.
bool ViewByteSpan(const int64_t* shape, const int64_t* strides, int rank, int64_t offset,
                  int64_t element_size, int64_t* lo, int64_t* hi);

// True if two distinct indices of the view address the same element.
bool ViewOverlapsItself(const int64_t* shape, const int64_t* strides, int rank);

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_VIEW_CHECKS_H_
