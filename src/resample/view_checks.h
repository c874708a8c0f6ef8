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

// What the messages of CheckSizeLimits call Ho, Wo, Hi and Wi: the
// parameters (or tensor dims) the call took them from.
struct SizeNames {
  std::string out_h, out_w, in_h, in_w;
};

// The documented limits: each dim <= 2^20, N*C*Ho < 2^31 and
// (Ho*Wo + Hi*Wi + Ho*Wi) * N*C * sizeof(float) < 60 GiB.
std::string CheckSizeLimits(int64_t n, int64_t c, int64_t out_h, int64_t out_w, int64_t in_h,
                            int64_t in_w, const SizeNames& names);

// A double as messages print it: up to 9 significant digits, in exponent
// form where fixed would lose them ("-1e-09", "0.25", "1.5e+300", "nan").
std::string NumberString(double v);

// The bytes a view touches, relative to its data pointer: [lo, hi). Held in
// 128 bits and built with checked arithmetic, so that differences such as
// hi - lo and negations such as -lo are exact for every view that passes
// (a 64-bit span can exceed 2^63 bytes when lo is far below the pointer and
// hi far above it).
struct ByteSpan {
  __int128 lo = 0;
  __int128 hi = 0;
};

// The span of a view given shape, strides and offset in elements. False if a
// dim is <= 0 or either end lies beyond int64 bytes from the pointer (their
// difference may still exceed int64: that is what the 128 bits are for).
bool ViewByteSpan(const int64_t* shape, const int64_t* strides, int rank, int64_t offset,
                  int64_t element_size, ByteSpan* span);

// Absolute addresses [begin, end) of a span from a data pointer.
struct AddressRange {
  uintptr_t begin = 0;
  uintptr_t end = 0;
  uint64_t size() const { return end - begin; }
  bool Overlaps(const AddressRange& o) const { return begin < o.end && o.begin < end; }
};

// False if part of the span lies below address 0 or past the top of the
// address space.
bool SpanAddresses(const void* data, const ByteSpan& span, AddressRange* range);

// Decimal text of a 128-bit value (for messages).
std::string Int128String(__int128 v);

// True if two distinct indices of the view address the same element.
bool ViewOverlapsItself(const int64_t* shape, const int64_t* strides, int rank);

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_VIEW_CHECKS_H_
