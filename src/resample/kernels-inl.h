// What the kernels' translation units share, once per SIMD target: included
// by kernels.cc and kernels_width.cc, each compiled for every target by
// Highway's foreach_target (so the guard toggles with HWY_TARGET_TOGGLE).
// The width passes live in kernels_width.cc, the rest in kernels.cc: two
// compiler processes where a build runs two jobs.
#if defined(ACLNN_HOST_RESAMPLE_KERNELS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLNN_HOST_RESAMPLE_KERNELS_INL_H_
#undef ACLNN_HOST_RESAMPLE_KERNELS_INL_H_
#else
#define ACLNN_HOST_RESAMPLE_KERNELS_INL_H_
#endif

#include <hwy/highway.h>

#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "resample/axis_weights.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host::resample::kernels {
namespace HWY_NAMESPACE {

// {nullptr, make(1), ..., make(kTaps)}: a kernel per tap count, one table,
// built at compile time (make returns the instantiation for its constant).
template <class Fn, class Make, size_t... K>
constexpr std::array<Fn, sizeof...(K) + 1> TapTableOf(Make make, std::index_sequence<K...>) {
  return {nullptr, make(std::integral_constant<int, static_cast<int>(K) + 1>())...};
}
template <class Fn, int64_t kTaps, class Make>
constexpr std::array<Fn, kTaps + 1> TapTable(Make make) {
  return TapTableOf<Fn>(make, std::make_index_sequence<static_cast<size_t>(kTaps)>());
}

#if HWY_TARGET <= HWY_AVX2
// Targets whose masked loads and stores are instructions (never touching the
// masked-off lanes): a short row or a tail is one masked strip.
constexpr bool kNativeMasks = true;
#else
constexpr bool kNativeMasks = false;
#endif

// The width passes (kernels_width.cc); KernelTable documents them.
bool WidthPass(const BlockedTable& t, const float* const* src, float* const* dst, int64_t num_rows,
               bool from_memory, bool phased);
bool WidthPassStrided(const BlockedTable& t, const float* src, int64_t src_stride, float* dst,
                      int64_t dst_stride, int64_t num_rows, bool from_memory, bool phased);
#if HWY_TARGET == HWY_AVX2
bool WidthPassTransposed(const GatherTable& t, const float* const* src, float* const* dst,
                         float* scratch, bool from_memory);
#endif
void WidthRowSparse(const GatherTable& t, const float* src, float* dst);

}  // namespace HWY_NAMESPACE
}  // namespace aclnn_host::resample::kernels
HWY_AFTER_NAMESPACE();

#endif  // ACLNN_HOST_RESAMPLE_KERNELS_INL_H_
