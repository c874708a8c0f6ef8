// What the kernels' translation units share, once per SIMD target: included
// by kernels.cc, kernels_width.cc and kernels_planes.cc, each compiled for
// every target by Highway's foreach_target (so the guard toggles with
// HWY_TARGET_TOGGLE). The width passes live in kernels_width.cc, the
// small-plane height pass in kernels_planes.cc, the rest in kernels.cc: a
// build running two jobs compiles them side by side. Here: the helpers more
// than one of them uses (tap tables, streamed parts of rows, the 16-bit
// stores and the height strips) and the kernels one of them takes from
// another.
#if defined(ACLNN_HOST_RESAMPLE_KERNELS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLNN_HOST_RESAMPLE_KERNELS_INL_H_
#undef ACLNN_HOST_RESAMPLE_KERNELS_INL_H_
#else
#define ACLNN_HOST_RESAMPLE_KERNELS_INL_H_
#endif

#include <hwy/highway.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "resample/axis_weights.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host::resample::kernels {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

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

// How source rows are read as fp32 vectors: fp32 rows, or fp16 / bf16 rows
// converted in registers (exactly: every fp16 and bf16 value is a float).
struct FloatIn {
  using T = float;
  template <class D>
  static HWY_INLINE hn::Vec<D> Load(D d, const float* p) {
    return hn::LoadU(d, p);
  }
  // The even and the odd elements of p[0, 2 * Lanes(d)), in order.
  template <class D>
  static HWY_INLINE void LoadPairs(D d, const float* p, hn::Vec<D>& even, hn::Vec<D>& odd) {
    hn::LoadInterleaved2(d, p, even, odd);
  }
};
#if HWY_TARGET <= HWY_AVX2  // F16C
struct HalfIn {
  using T = uint16_t;
  template <class D>
  static HWY_INLINE hn::Vec<D> Load(D d, const uint16_t* p) {
    const hn::Rebind<hwy::float16_t, D> dh;
    return hn::PromoteTo(d, hn::LoadU(dh, reinterpret_cast<const hwy::float16_t*>(p)));
  }
  // Two vectors converted, then their even and their odd elements.
  template <class D>
  static HWY_INLINE void LoadPairs(D d, const uint16_t* p, hn::Vec<D>& even, hn::Vec<D>& odd) {
    const auto lo = Load(d, p), hi = Load(d, p + hn::Lanes(d));
    even = hn::ConcatEven(d, hi, lo);
    odd = hn::ConcatOdd(d, hi, lo);
  }
};
#endif
struct BFloat16In {
  using T = uint16_t;
  template <class D>
  static HWY_INLINE hn::Vec<D> Load(D d, const uint16_t* p) {
    const hn::RebindToUnsigned<D> du;
    const hn::Rebind<uint16_t, D> du16;
    return hn::BitCast(d, hn::ShiftLeft<16>(hn::PromoteTo(du, hn::LoadU(du16, p))));
  }
  // Each 32-bit lane holds a pair: the even element in its low half.
  template <class D>
  static HWY_INLINE void LoadPairs(D d, const uint16_t* p, hn::Vec<D>& even, hn::Vec<D>& odd) {
    const hn::RebindToUnsigned<D> du;
    const auto pairs = hn::LoadU(du, reinterpret_cast<const uint32_t*>(p));
    even = hn::BitCast(d, hn::ShiftLeft<16>(pairs));
    odd = hn::BitCast(d, hn::And(pairs, hn::Set(du, 0xFFFF0000u)));
  }
};

#if HWY_TARGET <= HWY_AVX2
// Targets whose masked loads and stores are instructions (never touching the
// masked-off lanes): a short row or a tail is one masked strip.
constexpr bool kNativeMasks = true;
#else
constexpr bool kNativeMasks = false;
#endif

// The part of a row of n elements of `element_bytes` at `address` that
// non-temporal stores may write: whole 64-byte lines only, so that no line
// is written both by them and by the regular stores of the part before
// (`head` elements) or after (a partial line shared with a neighbouring row
// would be flushed from the write-combining buffer half written: measured on
// AMD Zen 4, 3x slower). `body` is a multiple of any vector of at most 64
// bytes.
struct StreamedPart {
  int64_t head = 0;
  int64_t body = 0;
};

HWY_INLINE StreamedPart StreamedPartOf(uintptr_t address, int64_t n, size_t element_bytes) {
  constexpr uintptr_t kLine = 64;
  StreamedPart part;
  if (address % element_bytes != 0) return part;
  part.head = std::min<int64_t>(
      n, static_cast<int64_t>(((kLine - address % kLine) % kLine) / element_bytes));
  const int64_t per_line = static_cast<int64_t>(kLine / element_bytes);
  part.body = (n - part.head) / per_line * per_line;
  return part;
}

// The 32-bit lanes whose upper halves are the bf16 bits of v, which holds no
// NaN: rounded to nearest even.
template <class D>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<D>> BFloat16RoundedFinite32(D /* tag */, hn::Vec<D> v) {
  const hn::RebindToUnsigned<D> du;
  const auto bits = hn::BitCast(du, v);
  const auto odd = hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 1u));
  return hn::Add(hn::Add(bits, hn::Set(du, 0x7FFFu)), odd);
}

// The 32-bit lanes whose upper halves are v's bf16 bits: rounded to nearest
// even, NaN quieted (its upper half with the quiet bit set).
template <class D>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<D>> BFloat16Rounded32(D d, hn::Vec<D> v) {
  const hn::RebindToUnsigned<D> du;
  // IsNaN, not Ne(v, v): Highway 1.0 compares NEQ_OQ on AVX-512, false for NaN.
  const auto is_nan = hn::RebindMask(du, hn::IsNaN(v));
  return hn::IfThenElse(is_nan, hn::Or(hn::BitCast(du, v), hn::Set(du, 0x400000u)),
                        BFloat16RoundedFinite32(d, v));
}

// The bf16 bits of v, which holds no NaN.
template <class D>
HWY_INLINE hn::Vec<hn::Rebind<uint16_t, D>> BFloat16BitsFinite(D d, hn::Vec<D> v) {
  const hn::RebindToSigned<D> di;
  return hn::DemoteTo(hn::Rebind<uint16_t, D>(),
                      hn::BitCast(di, hn::ShiftRight<16>(BFloat16RoundedFinite32(d, v))));
}

// Highway 1.0's bf16 demotion truncates; round to nearest even here. Vectors
// without NaN (almost all) skip the NaN lanes' fix-up: the same bits, fewer
// instructions per element where the 16-bit store is the bound.
template <class D>
HWY_INLINE hn::Vec<hn::Rebind<uint16_t, D>> BFloat16Bits(D d, hn::Vec<D> v) {
  const hn::RebindToSigned<D> di;
  const hn::Rebind<uint16_t, D> du16;
#if HWY_TARGET != HWY_SCALAR  // one lane: nothing to skip (and GCC 12 warns there)
  if (hn::AllFalse(d, hn::IsNaN(v))) return BFloat16BitsFinite(d, v);
#endif
  return hn::DemoteTo(du16, hn::BitCast(di, hn::ShiftRight<16>(BFloat16Rounded32(d, v))));
}

#if HWY_TARGET <= HWY_AVX2
// The bf16 bits of two vectors that hold no NaN, lo's lanes first: the upper
// halves of their rounded lanes in one permute instead of a shift and a
// demotion per vector.
template <class D>
HWY_INLINE hn::Vec<hn::Repartition<uint16_t, D>> BFloat16PairBitsFinite(D d, hn::Vec<D> lo,
                                                                        hn::Vec<D> hi) {
  const hn::Repartition<uint16_t, D> du16;
  return hn::ConcatOdd(du16, hn::BitCast(du16, BFloat16RoundedFinite32(d, hi)),
                       hn::BitCast(du16, BFloat16RoundedFinite32(d, lo)));
}
#endif

void StoreHalfRow(const float* src, uint16_t* dst, int64_t n);
void StoreBFloat16Row(const float* src, uint16_t* dst, int64_t n);

// Through a buffer and the row conversions (which round like the vectors):
// for lane counts or targets without a vector form.
template <class D>
HWY_INLINE void StoreHalfViaBuffer(D d, hn::Vec<D> v, size_t valid, uint16_t* p) {
  HWY_ALIGN float buffer[hn::MaxLanes(d)];
  hn::Store(v, d, buffer);
  StoreHalfRow(buffer, p, static_cast<int64_t>(valid));
}

template <class D>
HWY_INLINE void StoreBFloat16ViaBuffer(D d, hn::Vec<D> v, size_t valid, uint16_t* p) {
  HWY_ALIGN float buffer[hn::MaxLanes(d)];
  hn::Store(v, d, buffer);
  StoreBFloat16Row(buffer, p, static_cast<int64_t>(valid));
}

// How a kernel stores finished fp32 vectors: as float, or rounded to 16 bits
// in registers (the same rounding as store_half_row / store_bfloat16_row).
// Store writes all lanes of v at p; StoreFirst only the first `valid`.
struct FloatOut {
  using T = float;
  template <class D>
  static HWY_INLINE void Store(D d, hn::Vec<D> v, float* p) {
    hn::StoreU(v, d, p);
  }
  template <class D>
  static HWY_INLINE void StoreFirst(D d, hn::Vec<D> v, size_t valid, float* p) {
    hn::BlendedStore(v, hn::FirstN(d, valid), d, p);
  }
  // A non-temporal Store to a vector-aligned p.
  static constexpr bool kStreams = true;
  template <class D>
  static HWY_INLINE void Stream(D d, hn::Vec<D> v, float* p) {
    hn::Stream(v, d, p);
  }
};

struct HalfOut {
  using T = uint16_t;
  template <class D>
  static HWY_INLINE void Store(D d, hn::Vec<D> v, uint16_t* p) {
#if HWY_TARGET <= HWY_AVX2  // F16C: rounds to nearest even
    const hn::Rebind<hwy::float16_t, D> dh;
    hn::StoreU(hn::DemoteTo(dh, v), dh, reinterpret_cast<hwy::float16_t*>(p));
#else
    StoreHalfViaBuffer(d, v, hn::Lanes(d), p);
#endif
  }
  template <class D>
  static HWY_INLINE void StoreFirst(D d, hn::Vec<D> v, size_t valid, uint16_t* p) {
#if HWY_TARGET <= HWY_AVX3  // 16-bit masked stores are instructions
    const hn::Rebind<hwy::float16_t, D> dh;
    const hn::Rebind<uint16_t, D> du16;
    hn::BlendedStore(hn::BitCast(du16, hn::DemoteTo(dh, v)), hn::FirstN(du16, valid), du16, p);
#else
    StoreHalfViaBuffer(d, v, valid, p);
#endif
  }
  // A non-temporal Store to a vector-aligned p, where the 16-bit vector is at
  // least 16 bytes (narrower ones would be widened to 16 bytes by Highway).
  static constexpr bool kStreams = HWY_TARGET <= HWY_AVX2;
  template <class D>
  static HWY_INLINE void Stream(D d, hn::Vec<D> v, uint16_t* p) {
#if HWY_TARGET <= HWY_AVX2
    const hn::Rebind<hwy::float16_t, D> dh;
    const hn::Rebind<uint16_t, D> du16;
    hn::Stream(hn::BitCast(du16, hn::DemoteTo(dh, v)), du16, p);
#else
    Store(d, v, p);
#endif
  }
};

// bf16 stores. kOfBFloat16Data: the sums are of bf16 data (a plan whose
// source is bf16), so every NaN among them is quiet with a zero lower half:
// bf16 values widen with zero lower halves, and x86 arithmetic returns a NaN
// operand quieted with its payload or the default NaN (0xFFC00000). The
// finite rounding leaves such a NaN's upper half as it is, which is the
// quieted upper half the NaN path gives, so these stores skip the test for
// NaN: the same bits, fewer instructions where the store bounds the pass.
// Sums of fp32 or fp16 data (whose NaN payloads reach the lower half) take
// the test.
template <bool kOfBFloat16Data>
struct BFloat16OutOf {
  using T = uint16_t;
  static constexpr bool kNaNFree = kOfBFloat16Data;
  template <class D>
  static HWY_INLINE hn::Vec<hn::Rebind<uint16_t, D>> Bits(D d, hn::Vec<D> v) {
    if constexpr (kOfBFloat16Data) {
      return BFloat16BitsFinite(d, v);
    } else {
      return BFloat16Bits(d, v);
    }
  }
  template <class D>
  static HWY_INLINE void Store(D d, hn::Vec<D> v, uint16_t* p) {
    const hn::Rebind<uint16_t, D> du16;
    hn::StoreU(Bits(d, v), du16, p);
  }
  template <class D>
  static HWY_INLINE void StoreFirst(D d, hn::Vec<D> v, size_t valid, uint16_t* p) {
#if HWY_TARGET <= HWY_AVX3  // 16-bit masked stores are instructions
    const hn::Rebind<uint16_t, D> du16;
    hn::BlendedStore(Bits(d, v), hn::FirstN(du16, valid), du16, p);
#else
    StoreBFloat16ViaBuffer(d, v, valid, p);
#endif
  }
  static constexpr bool kStreams = HWY_TARGET <= HWY_AVX2;
  template <class D>
  static HWY_INLINE void Stream(D d, hn::Vec<D> v, uint16_t* p) {
    if constexpr (kStreams) {
      const hn::Rebind<uint16_t, D> du16;
      hn::Stream(Bits(d, v), du16, p);
    } else {
      Store(d, v, p);
    }
  }
};
using BFloat16Out = BFloat16OutOf<false>;
using BFloat16DataOut = BFloat16OutOf<true>;

template <class Out>
constexpr bool kIsBFloat16Out =
    std::is_same_v<Out, BFloat16Out> || std::is_same_v<Out, BFloat16DataOut>;

// Out's non-temporal stores as its Store: for whole vectors at vector-aligned
// addresses (the body of a StreamedPart, which holds whole vectors).
template <class Out>
struct StreamedOut {
  using T = typename Out::T;
  template <class D>
  static HWY_INLINE void Store(D d, hn::Vec<D> v, T* p) {
    Out::Stream(d, v, p);
  }
  template <class D>
  static HWY_INLINE void StoreFirst(D d, hn::Vec<D> v, size_t valid, T* p) {
    Out::StoreFirst(d, v, valid, p);  // not reached in a body of whole vectors
  }
};

template <int kVectors, class V>
HWY_INLINE V StripSum(const V* acc) {
  V sum = hn::Add(acc[0], acc[1]);
  for (int v = 2; v < kVectors; ++v) sum = hn::Add(sum, acc[v]);
  return sum;
}

// The kVectors finished vectors acc[v] of a strip of whole vectors stored at
// out + v * lanes as Out::Store stores each. bf16 (AVX2 and up): one test for
// NaN for the whole strip (their sum is NaN where any is, or where
// infinities of opposite signs meet, which then takes Out::Store's path and
// gets the same bits), and two vectors' bits joined with one permute
// (BFloat16PairBitsFinite): the same rounding in fewer instructions, where
// the 16-bit store is a large part of a short sum. Measured on AMD Zen 4,
// backwards through the small-plane height pass's strips, hot caches, 1
// thread, bf16 time over fp32 time in the same rounds: AVX2, gradOutput
// (1, 32, 56, 56) of 112x112 inputs 1.15-1.17x -> 1.05-1.08x, (2, 8, 17, 23)
// of 64x48 1.11-1.13x -> 1.00-1.01x; AVX-512 the first 1.21x -> 1.04-1.06x.
// The same form in the paired short rows of one plane (HeightStripPair) made
// the small maps' bf16 backward 4-5% slower (AVX2, 0.35 -> 0.37 ms), so those
// keep Out::Store per vector; the same row of two planes
// (HeightStripPlanePair) joins them (AVX2 bf16 tiny planes 0.100 -> 0.092
// ms). Stores of bf16 data (Out::kNaNFree) skip the test. kStream:
// non-temporal stores (Out::kStreams, a vector-aligned out).
template <class Out, int kVectors, bool kStream = false, class D>
HWY_INLINE void StoreStrip(D d, const hn::Vec<D>* acc, typename Out::T* out) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
#if HWY_TARGET <= HWY_AVX2
  if constexpr (kIsBFloat16Out<Out> && kVectors >= 2) {
    if (Out::kNaNFree || hn::AllFalse(d, hn::IsNaN(StripSum<kVectors>(acc)))) {
      const hn::Repartition<uint16_t, D> du16;
      for (int v = 0; v + 1 < kVectors; v += 2) {
        const auto bits = BFloat16PairBitsFinite(d, acc[v], acc[v + 1]);
        if constexpr (kStream) {
          hn::Stream(bits, du16, out + v * lanes);
        } else {
          hn::StoreU(bits, du16, out + v * lanes);
        }
      }
      if constexpr (kVectors % 2 == 1) {
        static_assert(!kStream, "streamed strips are whole pairs");
        const int v = kVectors - 1;
        hn::StoreU(BFloat16BitsFinite(d, acc[v]), hn::Rebind<uint16_t, D>(), out + v * lanes);
      }
      return;
    }
  }
  // fp16 rows streamed where a converted vector is 16 bytes (AVX2): two
  // vectors' halves joined into one full vector, one non-temporal store
  // instead of two (the same conversions, so the same bits). Measured on AMD
  // Zen 5, engine_benchmark, hot, AVX2, medians of 5 in 4 alternated rounds:
  // fp16 4x down 0.94-1.35 -> 0.93-1.00 ms at 1 thread, 0.60-0.67 -> 0.50-0.59
  // at 2 (fp32 there 0.52-0.58; an earlier run of 4 rounds 0.63-0.67 ->
  // 0.56-0.68); single plane within the noise. AVX-512 (halves of 32 bytes,
  // two stores a line already) gained nothing: 4x down 0.41-0.47 -> 0.41-0.58,
  // HD 0.69-0.85 -> 0.71-0.80 ms at 2 threads. Joining the fp16 row pairs
  // from shared source loads too (as bf16's) added nothing on AVX2 (4x down
  // 0.54-0.59 ms at 2 threads).
  if constexpr (std::is_same_v<Out, HalfOut> && kStream && kVectors % 2 == 0 &&
                hn::MaxLanes(D()) * sizeof(uint16_t) == 16) {
    const hn::Repartition<uint16_t, D> du16;
    const hn::Rebind<hwy::float16_t, D> dh;
    const hn::Rebind<uint16_t, D> dhu;
    for (int v = 0; v < kVectors; v += 2) {
      const auto lo = hn::BitCast(dhu, hn::DemoteTo(dh, acc[v]));
      const auto hi = hn::BitCast(dhu, hn::DemoteTo(dh, acc[v + 1]));
      hn::Stream(hn::Combine(du16, hi, lo), du16, out + v * lanes);
    }
    return;
  }
#endif
  for (int v = 0; v < kVectors; ++v) {
    if constexpr (kStream) {
      Out::Stream(d, acc[v], out + v * lanes);
    } else {
      Out::Store(d, acc[v], out + v * lanes);
    }
  }
}

// The vectors of tag D whose 16-bit stores fill one 64-byte line: a streamed
// 16-bit row stores a whole line per step, its stores back to back (AVX2:
// four vectors, AVX-512: two).
template <class D>
constexpr int LineVectors16(D d) {
  return static_cast<int>(64 / (hn::MaxLanes(d) * sizeof(uint16_t)));
}

// One strip of kVectors vectors of tag D of a destination row: the sum over
// k < count of w[k] times source row k (rows `stride` floats apart, the first
// at src), each element one FMA chain in ascending k, kept in registers.
// The last vector may start at `last` instead of (kVectors - 1) * lanes,
// overlapping the one before (a row of n floats, not a multiple of the
// vector: last = n - lanes); the elements both hold get the same chains, so
// the same values are stored twice.
// kJoin: a strip of whole vectors (last < 0) stored by StoreStrip.
template <class Out, int kVectors, bool kJoin = false, class D>
HWY_INLINE void HeightStrip(D d, const float* src, int64_t stride, const float* w, int64_t count,
                            typename Out::T* out, int64_t last = -1) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto at = [&](int v) { return v == kVectors - 1 && last >= 0 ? last : v * lanes; };
  using V = hn::Vec<D>;
  V acc[kVectors];
  for (int v = 0; v < kVectors; ++v) acc[v] = hn::Zero(d);
  for (int64_t k = 0; k < count; ++k, src += stride) {
    const V wk = hn::Set(d, w[k]);
    for (int v = 0; v < kVectors; ++v) {
      acc[v] = hn::MulAdd(wk, hn::LoadU(d, src + at(v)), acc[v]);
    }
  }
  if constexpr (kJoin) {
    StoreStrip<Out, kVectors>(d, acc, out);
  } else {
    for (int v = 0; v < kVectors; ++v) Out::Store(d, acc[v], out + at(v));
  }
}

// HeightStrip of two rows at once (a and b, each with its own source rows,
// weights and tap count): twice the independent FMA chains for rows too short
// to keep the FMA units busy alone. Each row keeps its own chain, so the same
// bits as two HeightStrip calls (last as HeightStrip's).
template <class Out, int kVectors, class D>
HWY_INLINE void HeightStripPair(D d, int64_t stride, const float* src_a, const float* w_a,
                                int64_t count_a, typename Out::T* out_a, const float* src_b,
                                const float* w_b, int64_t count_b, typename Out::T* out_b,
                                int64_t last) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto at = [&](int v) { return v == kVectors - 1 ? last : v * lanes; };
  using V = hn::Vec<D>;
  V a[kVectors], b[kVectors];
  for (int v = 0; v < kVectors; ++v) a[v] = b[v] = hn::Zero(d);
  const int64_t common = std::min(count_a, count_b);
  int64_t k = 0;
  for (; k < common; ++k, src_a += stride, src_b += stride) {
    const V wa = hn::Set(d, w_a[k]);
    const V wb = hn::Set(d, w_b[k]);
    for (int v = 0; v < kVectors; ++v) {
      a[v] = hn::MulAdd(wa, hn::LoadU(d, src_a + at(v)), a[v]);
      b[v] = hn::MulAdd(wb, hn::LoadU(d, src_b + at(v)), b[v]);
    }
  }
  for (int64_t j = k; j < count_a; ++j, src_a += stride) {
    const V wa = hn::Set(d, w_a[j]);
    for (int v = 0; v < kVectors; ++v) a[v] = hn::MulAdd(wa, hn::LoadU(d, src_a + at(v)), a[v]);
  }
  for (int64_t j = k; j < count_b; ++j, src_b += stride) {
    const V wb = hn::Set(d, w_b[j]);
    for (int v = 0; v < kVectors; ++v) b[v] = hn::MulAdd(wb, hn::LoadU(d, src_b + at(v)), b[v]);
  }
  for (int v = 0; v < kVectors; ++v) {
    Out::Store(d, a[v], out_a + at(v));
    Out::Store(d, b[v], out_b + at(v));
  }
}

// AVX-512's masked stores cost about a store; AVX2's (vmaskmovps) are
// microcoded on AMD CPUs, so rows of a vector or more end with an
// overlapping full vector there instead.
constexpr bool kFastMaskedStores = HWY_TARGET <= HWY_AVX3;

// HeightStrip over the first `valid` lanes of one vector (native masks only).
template <class Out, class D>
HWY_INLINE void HeightStripMasked(D d, size_t valid, const float* src, int64_t stride,
                                  const float* w, int64_t count, typename Out::T* out) {
  const auto m = hn::FirstN(d, valid);
  auto acc = hn::Zero(d);
  for (int64_t k = 0; k < count; ++k, src += stride) {
    acc = hn::MulAdd(hn::Set(d, w[k]), hn::MaskedLoad(m, d, src), acc);
  }
  Out::StoreFirst(d, acc, valid, out);
}

// One destination row of n floats, strips of up to four full vectors, then
// the tail: masked, or narrower vectors of the same target.
template <class Out>
HWY_INLINE void HeightRow(const float* src, int64_t stride, const float* w, int64_t count,
                          int64_t n, typename Out::T* out) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t x = 0;
  for (; x + 4 * lanes <= n; x += 4 * lanes)
    HeightStrip<Out, 4, true>(d, src + x, stride, w, count, out + x);
  switch ((n - x) / lanes) {
    case 3:
      HeightStrip<Out, 3, true>(d, src + x, stride, w, count, out + x);
      break;
    case 2:
      HeightStrip<Out, 2, true>(d, src + x, stride, w, count, out + x);
      break;
    case 1:
      HeightStrip<Out, 1>(d, src + x, stride, w, count, out + x);
      break;
    default:
      break;
  }
  x += (n - x) / lanes * lanes;
  if (x == n) return;
  if (!kFastMaskedStores && n >= lanes) {
    // The last full vector of the row again, overlapping the strips before:
    // the same chains write the same values (AVX2's masked stores are slow
    // on AMD CPUs: small maps 14->7 ran 2.4x the AVX-512 time).
    HeightStrip<Out, 1>(d, src + n - lanes, stride, w, count, out + n - lanes);
    return;
  }
  if (kNativeMasks) {
    HeightStripMasked<Out>(d, static_cast<size_t>(n - x), src + x, stride, w, count, out + x);
    return;
  }
  const hn::CappedTag<float, 8> d8;
  if (lanes > 8 && x + 8 <= n) {
    HeightStrip<Out, 1>(d8, src + x, stride, w, count, out + x);
    x += 8;
  }
  const hn::CappedTag<float, 4> d4;
  if (lanes > 4 && x + 4 <= n) {
    HeightStrip<Out, 1>(d4, src + x, stride, w, count, out + x);
    x += 4;
  }
  const hn::CappedTag<float, 1> d1;
  for (; x < n; ++x) HeightStrip<Out, 1>(d1, src + x, stride, w, count, out + x);
}

// Rows the small-plane height pass streams (where the destination is
// streamed) are whole lines and at least this long. Measured on AMD Zen 4,
// cold caches, 16-67 MB destinations: rows of 32, 64 and 128 floats 1.2-1.7x
// faster at 1 and 2 threads, AVX-512 and AVX2; rows of 16 floats (one line)
// no faster. Rows streamed over their whole lines with regular stores at
// one or both ends were slower: 100 floats 1.6x, 28 floats 1.5x.
constexpr uintptr_t kMinStreamedRowBytes = 128;

// The small-plane height pass (kernels_planes.cc), instantiated there for
// FloatOut, HalfOut, BFloat16Out and BFloat16DataOut; KernelTable documents
// height_pass_planes.
template <class Out>
void HeightPassPlanes(const GatherTable& t, int64_t row_begin, int64_t row_end, const float* src,
                      int64_t src_stride, int64_t src_plane_stride, int64_t src_first,
                      typename Out::T* const* dst, int64_t dst_stride, int64_t planes, int64_t n,
                      bool streamed, bool stagger_4kib_apart);

// The width passes (kernels_width.cc); KernelTable documents them.
bool WidthPass(const BlockedTable& t, const float* const* src, float* const* dst, int64_t num_rows,
               bool from_memory, bool phased);
bool WidthPassStrided(const BlockedTable& t, const float* src, int64_t src_stride, float* dst,
                      int64_t dst_stride, int64_t num_rows, bool from_memory, bool phased);
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET <= HWY_AVX3
bool WidthPassToHalf(const BlockedTable& t, const float* const* src, float* const* scratch,
                     uint16_t* const* dst, int64_t num_rows);
bool WidthPassToBFloat16(const BlockedTable& t, const float* const* src, float* const* scratch,
                         uint16_t* const* dst, int64_t num_rows);
bool WidthPassToBFloat16Data(const BlockedTable& t, const float* const* src, float* const* scratch,
                             uint16_t* const* dst, int64_t num_rows);
#endif
#if HWY_TARGET == HWY_AVX2
bool WidthPassTransposed(const GatherTable& t, const float* const* src, float* const* dst,
                         float* scratch, bool from_memory);
#endif
void WidthRowSparse(const GatherTable& t, const float* src, float* dst);
void PairDecimatedRow(const BlockedTable& t, const float* const* rows, const float* weights,
                      float* dst, const float* const* ahead, int64_t ahead_rows);
#if HWY_TARGET <= HWY_AVX2
void PairDecimatedHalfRows(const BlockedTable& t, const uint16_t* const* rows, const float* weights,
                           float* dst, const uint16_t* const* ahead, int64_t ahead_rows);
#endif
void PairDecimatedBFloat16Rows(const BlockedTable& t, const uint16_t* const* rows,
                               const float* weights, float* dst, const uint16_t* const* ahead,
                               int64_t ahead_rows);
#if HWY_TARGET <= HWY_AVX2
void DecimatedHalfRows(const BlockedTable& t, const uint16_t* const* src, uint16_t* const* dst,
                       int64_t num_rows);
#endif
void DecimatedBFloat16Rows(const BlockedTable& t, const uint16_t* const* src, uint16_t* const* dst,
                           int64_t num_rows);
void DecimatedBFloat16DataRows(const BlockedTable& t, const uint16_t* const* src,
                               uint16_t* const* dst, int64_t num_rows);

}  // namespace HWY_NAMESPACE
}  // namespace aclnn_host::resample::kernels
HWY_AFTER_NAMESPACE();

#endif  // ACLNN_HOST_RESAMPLE_KERNELS_INL_H_
