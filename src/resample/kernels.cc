// One source, compiled once per SIMD target by Highway's foreach_target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "resample/kernels.cc"
#include <hwy/cache_control.h>
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "resample/axis_weights.h"
#include "resample/half.h"
#include "resample/kernels-inl.h"
#include "resample/kernels.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host::resample::kernels {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// How source rows are read as fp32 vectors: fp32 rows, or fp16 / bf16 rows
// converted in registers (exactly: every fp16 and bf16 value is a float).
struct FloatIn {
  using T = float;
  template <class D>
  static HWY_INLINE hn::Vec<D> Load(D d, const float* p) {
    return hn::LoadU(d, p);
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
};

// The sums of kGroup source rows with vectors of tag D from element x on,
// each vector handed to store(v, x); returns where it stopped. A sum starts
// from init[x] (or +0 where init is null). The weights are broadcast once.
// Every element gets one FMA chain, terms in order g = 0, 1, ..., whatever its
// position or the vector width (or the source rows' dtype: In converts
// exactly).
template <int kGroup, class In = FloatIn, class D, class Store>
HWY_INLINE int64_t ChainSpan(D d, const typename In::T* const* rows, const float* weights,
                             int64_t x, int64_t n, const float* init, const Store& store) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  using V = hn::Vec<D>;
  V w[kGroup];
  // Local copies: vector stores may alias anything, so pointers read through
  // `rows` would be reloaded after every store.
  const typename In::T* row[kGroup];
  for (int g = 0; g < kGroup; ++g) {
    w[g] = hn::Set(d, weights[g]);
    row[g] = rows[g];
  }
  for (; x + lanes <= n; x += lanes) {
    V v = init != nullptr ? hn::LoadU(d, init + x) : hn::Zero(d);
    for (int g = 0; g < kGroup; ++g) v = hn::MulAdd(w[g], In::Load(d, row[g] + x), v);
    store(v, x);
  }
  return x;
}

// ChainSpan kVectors vectors at a time (no init): store(acc, x) gets the
// sums of elements [x, x + kVectors * lanes), acc[v] those from x + v * lanes.
// The same chain per element as ChainSpan.
template <int kGroup, int kVectors, class D, class Store>
HWY_INLINE int64_t ChainSpanStrips(D d, const float* const* rows, const float* weights, int64_t x,
                                   int64_t n, const Store& store) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  using V = hn::Vec<D>;
  V w[kGroup];
  const float* row[kGroup];
  for (int g = 0; g < kGroup; ++g) {
    w[g] = hn::Set(d, weights[g]);
    row[g] = rows[g];
  }
  for (; x + kVectors * lanes <= n; x += kVectors * lanes) {
    V acc[kVectors];
    for (int v = 0; v < kVectors; ++v) acc[v] = hn::Zero(d);
    for (int g = 0; g < kGroup; ++g) {
      for (int v = 0; v < kVectors; ++v) {
        acc[v] = hn::MulAdd(w[g], hn::LoadU(d, row[g] + x + v * lanes), acc[v]);
      }
    }
    store(acc, x);
  }
  return x;
}

// acc[x] = (accumulate ? acc[x] : +0) + the sum, from element x on.
template <int kGroup, class In = FloatIn, class D>
int64_t CombineSpan(D d, const typename In::T* const* rows, const float* weights, int64_t x,
                    int64_t n, float* acc, bool accumulate) {
  return ChainSpan<kGroup, In>(d, rows, weights, x, n, accumulate ? acc : nullptr,
                               [&](hn::Vec<D> v, int64_t at) { hn::StoreU(v, d, acc + at); });
}

// Short rows and tails use narrower vectors of the same target.
template <int kGroup, class In = FloatIn>
void CombineGroup(const typename In::T* const* rows, const float* weights, int64_t n, float* acc,
                  bool accumulate) {
  int64_t x =
      CombineSpan<kGroup, In>(hn::ScalableTag<float>(), rows, weights, 0, n, acc, accumulate);
  if (x == n) return;
  x = CombineSpan<kGroup, In>(hn::CappedTag<float, 8>(), rows, weights, x, n, acc, accumulate);
  x = CombineSpan<kGroup, In>(hn::CappedTag<float, 4>(), rows, weights, x, n, acc, accumulate);
  if (x == n) return;
  CombineSpan<kGroup, In>(hn::CappedTag<float, 1>(), rows, weights, x, n, acc, accumulate);
}

constexpr int64_t kMaxGroup = 8;

// The chain is continued through acc between groups: storing an fp32 partial
// sum and loading it back is exact, so grouping never changes bits.
template <class In>
void CombineRows(const typename In::T* const* rows, const float* weights, int64_t count, int64_t n,
                 float* acc, bool accumulate) {
  using Group = void (*)(const typename In::T* const*, const float*, int64_t, float*, bool);
  static constexpr auto kGroups = TapTable<Group, kMaxGroup>(
      [](auto taps) -> Group { return &CombineGroup<decltype(taps)::value, In>; });
  for (int64_t k = 0; k < count; k += kMaxGroup) {
    kGroups[std::min(kMaxGroup, count - k)](rows + k, weights + k, n, acc, accumulate || k > 0);
  }
}

template <class In = FloatIn>
void HeightCombine(const typename In::T* const* rows, const float* weights, int64_t count,
                   int64_t n, float* acc, bool accumulate) {
  if (count == 0 && !accumulate) {
    std::memset(acc, 0, static_cast<size_t>(n) * sizeof(float));
    return;
  }
  CombineRows<In>(rows, weights, count, n, acc, accumulate);
}

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

// The sweep reads its source rows one after another; the hardware
// prefetchers alone left the loads waiting on memory (perf: 61% of the
// kernel's samples on the source load). Lines this many bytes ahead are
// prefetched, which runs into the next rows where the plane's rows form one
// run. Measured on AMD Zen 4, AVX2, warm caches, backward 224 -> 512 (8x3
// planes): 4.09 -> 3.44 ms at 1 thread, 2.08 -> 1.66 ms at 2; 1 KiB and 8 or
// 16 KiB ahead gained less (with cold caches 4 to 16 KiB were alike).
constexpr int64_t kSweepPrefetchBytes = 4096;

// One source row added into the kRows destination rows it feeds: acc[j][x]
// = acc[j][x] + weights[j] * src[x], from element x on, with vectors of tag
// D; returns where it stopped. Each is one step of that element's FMA chain,
// so sweeping the source rows in ascending order forms the chains of
// CombineSpan (a row set to +0 first, then its terms in order).
template <int kRows, class D>
HWY_INLINE int64_t SweepSpan(D d, const float* src, const float* weights, int64_t x, int64_t n,
                             float* const* acc) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  using V = hn::Vec<D>;
  V w[kRows];
  float* row[kRows];
  for (int j = 0; j < kRows; ++j) {
    w[j] = hn::Set(d, weights[j]);
    row[j] = acc[j];
  }
  for (; x + 2 * lanes <= n; x += 2 * lanes) {
    const char* ahead = reinterpret_cast<const char*>(src + x) + kSweepPrefetchBytes;
    for (int64_t b = 0; b < 2 * lanes * static_cast<int64_t>(sizeof(float)); b += 64) {
      __builtin_prefetch(ahead + b);
    }
    const V s0 = hn::LoadU(d, src + x);
    const V s1 = hn::LoadU(d, src + x + lanes);
    for (int j = 0; j < kRows; ++j) {
      hn::StoreU(hn::MulAdd(w[j], s0, hn::LoadU(d, row[j] + x)), d, row[j] + x);
      hn::StoreU(hn::MulAdd(w[j], s1, hn::LoadU(d, row[j] + x + lanes)), d, row[j] + x + lanes);
    }
  }
  for (; x + lanes <= n; x += lanes) {
    const V s0 = hn::LoadU(d, src + x);
    for (int j = 0; j < kRows; ++j) {
      hn::StoreU(hn::MulAdd(w[j], s0, hn::LoadU(d, row[j] + x)), d, row[j] + x);
    }
  }
  return x;
}

template <int kRows>
void SweepGroup(const float* src, const float* weights, int64_t n, float* const* acc) {
  int64_t x = SweepSpan<kRows>(hn::ScalableTag<float>(), src, weights, 0, n, acc);
  if (x == n) return;
  x = SweepSpan<kRows>(hn::CappedTag<float, 8>(), src, weights, x, n, acc);
  x = SweepSpan<kRows>(hn::CappedTag<float, 4>(), src, weights, x, n, acc);
  if (x == n) return;
  SweepSpan<kRows>(hn::CappedTag<float, 1>(), src, weights, x, n, acc);
}

void HeightSweep(const float* src, const float* weights, int64_t rows, int64_t n,
                 float* const* acc) {
  using Group = void (*)(const float*, const float*, int64_t, float* const*);
  static constexpr auto kGroups = TapTable<Group, kMaxGroup>(
      [](auto taps) -> Group { return &SweepGroup<decltype(taps)::value>; });
  for (int64_t k = 0; k < rows; k += kMaxGroup) {
    kGroups[std::min(kMaxGroup, rows - k)](src, weights + k, n, acc + k);
  }
}

// HeightCombine's sums (accumulate = false) written with non-temporal
// stores over the whole lines of the row (StreamedPartOf); the head and the
// tail take CombineGroup's regular stores. Every element gets the same chain
// as there.
template <int kGroup>
void CombineGroupStreamed(const float* const* rows, const float* weights, int64_t n, float* dst) {
  const hn::ScalableTag<float> d;
  static_assert(hn::MaxLanes(d) * sizeof(float) <= 64, "a vector fills at most a line");
  const StreamedPart part = StreamedPartOf(reinterpret_cast<uintptr_t>(dst), n, sizeof(float));
  if (part.body == 0) {
    CombineGroup<kGroup>(rows, weights, n, dst, false);
    return;
  }
  if (part.head > 0) CombineGroup<kGroup>(rows, weights, part.head, dst, false);
  const float* shifted[kGroup];
  for (int g = 0; g < kGroup; ++g) shifted[g] = rows[g] + part.head;
  float* lines = dst + part.head;
  ChainSpan<kGroup>(d, shifted, weights, 0, part.body, nullptr,
                    [&](hn::Vec<decltype(d)> v, int64_t at) { hn::Stream(v, d, lines + at); });
  const int64_t done = part.head + part.body;
  if (done == n) return;
  for (int g = 0; g < kGroup; ++g) shifted[g] += part.body;
  CombineGroup<kGroup>(shifted, weights, n - done, lines + part.body, false);
}

void HeightCombineStreamed(const float* const* rows, const float* weights, int64_t count, int64_t n,
                           float* dst) {
  using Group = void (*)(const float* const*, const float*, int64_t, float*);
  static constexpr auto kGroups = TapTable<Group, kMaxFusedTaps>(
      [](auto taps) -> Group { return &CombineGroupStreamed<decltype(taps)::value>; });
  kGroups[count](rows, weights, n, dst);
}

// Two rows from the same source rows, each source vector loaded once for
// both sums (the upsampling backwards: 2x and more gives runs of destination
// rows with the same source rows). Rows that are not whole lines from a line
// boundary go one at a time. Measured on AMD Zen 4, engine_benchmark, hot
// caches, AVX2, best of 5 rounds, 1 / 2 threads: backward model input 1.52 ->
// 1.31 / 0.85 -> 0.68 ms, 4x down 1.17 -> 0.98 / 0.60 -> 0.57, single plane
// 0.85 -> 0.73 / 0.44 -> 0.45, HD 2.9 -> 2.0 / 1.24 -> 1.23; AVX-512, best of
// 3: model input 1.25 -> 1.07 / 0.64 -> 0.57, 4x down 0.91 -> 0.86 / 0.51 ->
// 0.50, single plane 0.76 -> 0.71 / 0.42 -> 0.40, HD 1.61 -> 1.70 / 0.91 -> 0.92.
template <int kGroup>
void CombineGroupStreamedPair(const float* const* rows, const float* weights_a,
                              const float* weights_b, int64_t n, float* dst_a, float* dst_b) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  constexpr int64_t kLineFloats = 64 / sizeof(float);
  if (reinterpret_cast<uintptr_t>(dst_a) % 64 != 0 ||
      reinterpret_cast<uintptr_t>(dst_b) % 64 != 0 || n % kLineFloats != 0) {
    CombineGroupStreamed<kGroup>(rows, weights_a, n, dst_a);
    CombineGroupStreamed<kGroup>(rows, weights_b, n, dst_b);
    return;
  }
  using V = hn::Vec<decltype(d)>;
  V wa[kGroup], wb[kGroup];
  const float* row[kGroup];  // local copies (see ChainSpan)
  for (int g = 0; g < kGroup; ++g) {
    wa[g] = hn::Set(d, weights_a[g]);
    wb[g] = hn::Set(d, weights_b[g]);
    row[g] = rows[g];
  }
  for (int64_t x = 0; x < n; x += lanes) {
    V a = hn::Zero(d), b = hn::Zero(d);
    for (int g = 0; g < kGroup; ++g) {
      const V v = hn::LoadU(d, row[g] + x);
      a = hn::MulAdd(wa[g], v, a);
      b = hn::MulAdd(wb[g], v, b);
    }
    hn::Stream(a, d, dst_a + x);
    hn::Stream(b, d, dst_b + x);
  }
}

void HeightCombineStreamedPair(const float* const* rows, const float* weights_a,
                               const float* weights_b, int64_t count, int64_t n, float* dst_a,
                               float* dst_b) {
  using Group = void (*)(const float* const*, const float*, const float*, int64_t, float*, float*);
  static constexpr auto kGroups = TapTable<Group, kMaxFusedTaps>(
      [](auto taps) -> Group { return &CombineGroupStreamedPair<decltype(taps)::value>; });
  kGroups[count](rows, weights_a, weights_b, n, dst_a, dst_b);
}

void FlushStreamedStores() { hwy::FlushStream(); }

void ZeroRowStreamed(void* dst, int64_t bytes) {
  const hn::ScalableTag<float> d;
  static_assert(hn::MaxLanes(d) * sizeof(float) <= 64, "a vector fills at most a line");
  const StreamedPart part = StreamedPartOf(reinterpret_cast<uintptr_t>(dst), bytes, 1);
  char* p = static_cast<char*>(dst);
  std::memset(p, 0, static_cast<size_t>(part.head));
  float* lines = reinterpret_cast<float*>(p + part.head);  // on a line boundary
  const int64_t floats = part.body / static_cast<int64_t>(sizeof(float));
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  for (int64_t x = 0; x < floats; x += lanes) hn::Stream(hn::Zero(d), d, lines + x);
  std::memset(p + part.head + part.body, 0, static_cast<size_t>(bytes - part.head - part.body));
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

// A masked chain of exactly kTaps taps, unrolled: short rows of small
// planes have a few taps each, and a loop whose trip count changes from row
// to row costs more in branches than the arithmetic.
template <int kTaps, class D, class M>
HWY_INLINE hn::Vec<D> MaskedChain(D d, M m, const float* src, int64_t stride, const float* w) {
  auto acc = hn::Zero(d);
  for (int k = 0; k < kTaps; ++k) {
    acc = hn::MulAdd(hn::Set(d, w[k]), hn::MaskedLoad(m, d, src + k * stride), acc);
  }
  return acc;
}

// Destination rows' source offsets (in floats from the plane's row
// src_first), weights and tap counts, looked up once for all the planes of a
// height-pass call, kRowsAtOnce rows at a time: on short rows the lookups
// and their address arithmetic per row and plane cost about as much as the
// row's FMAs.
struct RowTaps {
  int64_t src;
  const float* w;
  int64_t count;
};
constexpr int64_t kRowsAtOnce = 64;  // even: rows paired from the first stay paired

HWY_INLINE int64_t LookUpRows(const GatherTable& t, int64_t r0, int64_t row_end, int64_t src_first,
                              int64_t src_stride, RowTaps* rows) {
  const int64_t chunk_rows = std::min(kRowsAtOnce, row_end - r0);
  for (int64_t j = 0; j < chunk_rows; ++j) {
    const size_t si = static_cast<size_t>(r0 + j);
    rows[j] = {(t.first[si] - src_first) * src_stride, t.weights.data() + t.offset[si],
               t.count[si]};
  }
  return chunk_rows;
}

// Calls f(std::integral_constant<int, count>()) for counts of 1 to 6 taps
// (the short rows' unrolled chains) and returns true; false for others.
template <class F>
HWY_INLINE bool WithShortTaps(int64_t count, const F& f) {
  switch (count) {
    case 1:
      f(std::integral_constant<int, 1>());
      return true;
    case 2:
      f(std::integral_constant<int, 2>());
      return true;
    case 3:
      f(std::integral_constant<int, 3>());
      return true;
    case 4:
      f(std::integral_constant<int, 4>());
      return true;
    case 5:
      f(std::integral_constant<int, 5>());
      return true;
    case 6:
      f(std::integral_constant<int, 6>());
      return true;
    default:
      return false;
  }
}

// A short row's sum stored: as a whole vector where `whole` (the lanes past
// n land on rows written after it), else its first n lanes.
template <class Out, class D>
HWY_INLINE void StoreShortRow(D d, hn::Vec<D> acc, int64_t n, typename Out::T* out, bool whole) {
  if (whole) {
    Out::Store(d, acc, out);
  } else {
    Out::StoreFirst(d, acc, static_cast<size_t>(n), out);
  }
}

// One row of HeightPassShortRows; `whole` as StoreShortRow's.
template <class Out, class D, class M>
HWY_INLINE void ShortRow(D d, M m, int64_t n, const float* row, int64_t src_stride, const float* w,
                         int64_t count, typename Out::T* out, bool whole) {
  auto acc = hn::Zero(d);
  if (count > 0 && !WithShortTaps(count, [&](auto taps) {
        acc = MaskedChain<decltype(taps)::value>(d, m, row, src_stride, w);
      })) {
    HeightStripMasked<Out>(d, static_cast<size_t>(n), row, src_stride, w, count, out);
    return;
  }
  StoreShortRow<Out>(d, acc, n, out, whole);
}

// ShortRow of the same row in two planes (sources row_a and row_b, the same
// taps and weights): one broadcast per tap for both chains.
template <class Out, class D, class M>
HWY_INLINE void ShortRowPlanePair(D d, M m, int64_t n, const float* row_a, const float* row_b,
                                  int64_t src_stride, const float* w, int64_t count,
                                  typename Out::T* out_a, typename Out::T* out_b, bool whole_a,
                                  bool whole_b) {
  auto a = hn::Zero(d), b = hn::Zero(d);
  if (count > 0 && !WithShortTaps(count, [&](auto taps) {
        for (int k = 0; k < decltype(taps)::value; ++k) {
          const auto wk = hn::Set(d, w[k]);
          a = hn::MulAdd(wk, hn::MaskedLoad(m, d, row_a + k * src_stride), a);
          b = hn::MulAdd(wk, hn::MaskedLoad(m, d, row_b + k * src_stride), b);
        }
      })) {
    // More taps than the unrolled chains: ShortRow's loop, without its dispatch again.
    HeightStripMasked<Out>(d, static_cast<size_t>(n), row_a, src_stride, w, count, out_a);
    HeightStripMasked<Out>(d, static_cast<size_t>(n), row_b, src_stride, w, count, out_b);
    return;
  }
  StoreShortRow<Out>(d, a, n, out_a, whole_a);
  StoreShortRow<Out>(d, b, n, out_b, whole_b);
}

// Rows shorter than one vector (native masks only): one masked vector per
// row, the same chain as HeightStripMasked, the same row of two planes at a
// time (ShortRowPlanePair; an odd last plane alone). Where masked stores are
// slow (AVX2) and a plane's rows in the range are adjacent (dst_stride == n,
// or one row), a row is stored as a whole vector where its lanes past n fall
// on rows this call writes later: rows go in ascending order within a plane,
// and pair of planes after pair where the range is one look-up chunk, so
// where the planes' ranges also follow one another the second plane of a
// pair runs on into the next pair (the first plane's run ends with its own
// rows: the second's are written with them). Rows whose vector would reach
// past their run keep the mask: nothing lands outside the range's rows.
// Measured on AMD Zen 5 against one plane at a time: AVX-512 small maps
// (rows of 14 floats), engine_benchmark, hot, best of 4 rounds, 1 / 2
// threads, fp32 0.191 -> 0.173 / 0.103 -> 0.095 ms, bf16 0.195 -> 0.180 /
// 0.110 -> 0.100; AVX2 rows of 7 floats (the backward of 7 -> 14 on 64x64
// planes) 2-5% faster.
template <class Out>
void HeightPassShortRows(const GatherTable& t, int64_t row_begin, int64_t row_end, const float* src,
                         int64_t src_stride, int64_t src_plane_stride, int64_t src_first,
                         typename Out::T* const* dst, int64_t dst_stride, int64_t planes,
                         int64_t n) {
  const hn::ScalableTag<float> d;
  const auto m = hn::FirstN(d, static_cast<size_t>(n));
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const int64_t range = (row_end - row_begin) * n;  // a plane's rows, where adjacent
  // (Rows of one element keep the mask: eight-lane stores that each leave one
  // element were slower there, gradOutput (64, 64, 7, 7) of 1x1 0.149 -> 0.155 ms.)
  const bool adjacent =
      !kFastMaskedStores && n > 1 && (dst_stride == n || row_end - row_begin == 1);
  bool one_run = adjacent && row_end - row_begin <= kRowsAtOnce;
  for (int64_t q = 1; one_run && q < planes; ++q) one_run = dst[q] == dst[q - 1] + range;
  RowTaps rows[kRowsAtOnce];
  for (int64_t r0 = row_begin; r0 < row_end; r0 += kRowsAtOnce) {
    const int64_t chunk_rows = LookUpRows(t, r0, row_end, src_first, src_stride, rows);
    int64_t q = 0;
    for (; q + 1 < planes; q += 2) {
      const float* plane = src + q * src_plane_stride;
      typename Out::T* out_a = dst[q] + (r0 - row_begin) * dst_stride;
      typename Out::T* out_b = dst[q + 1] + (r0 - row_begin) * dst_stride;
      // Plane q + 1's rows are written with plane q's: plane q's run ends
      // with its own rows.
      const typename Out::T* end_a = dst[q] + range;
      const typename Out::T* end_b = (one_run ? dst[planes - 1] : dst[q + 1]) + range;
      for (int64_t j = 0; j < chunk_rows; ++j, out_a += dst_stride, out_b += dst_stride) {
        const RowTaps& r = rows[j];
        ShortRowPlanePair<Out>(d, m, n, plane + r.src, plane + src_plane_stride + r.src, src_stride,
                               r.w, r.count, out_a, out_b, adjacent && end_a - out_a >= lanes,
                               adjacent && end_b - out_b >= lanes);
      }
    }
    for (; q < planes; ++q) {
      const float* plane = src + q * src_plane_stride;
      typename Out::T* out = dst[q] + (r0 - row_begin) * dst_stride;
      const typename Out::T* run_end = (one_run ? dst[planes - 1] : dst[q]) + range;
      for (int64_t j = 0; j < chunk_rows; ++j, out += dst_stride) {
        ShortRow<Out>(d, m, n, plane + rows[j].src, src_stride, rows[j].w, rows[j].count, out,
                      adjacent && run_end - out >= lanes);
      }
    }
  }
}

// Destination rows of at least kMinWritePrefetchBytes written with regular
// stores are prefetched for writing a row ahead: with cold caches each store
// otherwise waits for its line's read for ownership (measured on AMD Zen 4,
// backward of 64 planes 128 -> 64, cold, AVX2: 0.79 -> 0.70 ms at 1 thread,
// 0.48 -> 0.40 ms at 2; 2-3% slower with warm caches). Shorter rows lost more
// with warm caches than they gained with cold ones.
constexpr uintptr_t kMinWritePrefetchBytes = 256;

// Rows the small-plane height pass streams (where the destination is
// streamed) are whole lines and at least this long. Measured on AMD Zen 4,
// cold caches, 16-67 MB destinations: rows of 32, 64 and 128 floats 1.2-1.7x
// faster at 1 and 2 threads, AVX-512 and AVX2; rows of 16 floats (one line)
// no faster. Rows streamed over their whole lines with regular stores at
// one or both ends were slower: 100 floats 1.6x, 28 floats 1.5x.
constexpr uintptr_t kMinStreamedRowBytes = 128;

HWY_INLINE void PrefetchForWriting(const void* p, uintptr_t bytes) {
  const char* at = static_cast<const char*>(p);
  for (uintptr_t b = 0; b < bytes; b += 64) __builtin_prefetch(at + b, 1);
}

// HeightStrip of the same row in two planes (sources src_a and src_b, the
// same weights and tap count): one broadcast per tap for twice the chains,
// and no tails where two rows' tap counts differ. Each row keeps its own
// chain, so the same bits as two HeightStrip calls (last as HeightStrip's;
// rows of whole vectors, last = (kVectors - 1) * lanes, are stored by
// StoreStrip).
template <class Out, int kVectors, class D>
HWY_INLINE void HeightStripPlanePair(D d, int64_t stride, const float* src_a, const float* src_b,
                                     const float* w, int64_t count, typename Out::T* out_a,
                                     typename Out::T* out_b, int64_t last) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto at = [&](int v) { return v == kVectors - 1 ? last : v * lanes; };
  using V = hn::Vec<D>;
  V a[kVectors], b[kVectors];
  for (int v = 0; v < kVectors; ++v) a[v] = b[v] = hn::Zero(d);
  for (int64_t k = 0; k < count; ++k, src_a += stride, src_b += stride) {
    const V wk = hn::Set(d, w[k]);
    for (int v = 0; v < kVectors; ++v) {
      a[v] = hn::MulAdd(wk, hn::LoadU(d, src_a + at(v)), a[v]);
      b[v] = hn::MulAdd(wk, hn::LoadU(d, src_b + at(v)), b[v]);
    }
  }
  if (last == (kVectors - 1) * lanes) {
    StoreStrip<Out, kVectors>(d, a, out_a);
    StoreStrip<Out, kVectors>(d, b, out_b);
    return;
  }
  for (int v = 0; v < kVectors; ++v) {
    Out::Store(d, a[v], out_a + at(v));
    Out::Store(d, b[v], out_b + at(v));
  }
}

// HeightPassPlanes for rows of kVectors vectors, the last starting at
// `last` (short rows, no write prefetch): planes two at a time, row by row
// (HeightStripPlanePair); an odd last plane two rows at a time
// (HeightStripPair). Measured on AMD Zen 5, engine_benchmark, hot caches, best
// of 3-4 alternated rounds, against two rows of one plane at a time: AVX2
// tiny planes (the backward of 32 -> 8 on 512 planes, rows of 4 vectors) fp32
// 0.094 -> 0.082 ms at 1 thread, 0.059 -> 0.054 at 2; small maps (14 -> 7,
// rows of 14 floats) 0.267 -> 0.239 and 0.145 -> 0.123; bf16 tiny planes
// 0.099 -> 0.092 with its joined stores (0.100 without); AVX-512 tiny planes
// 0.066 -> 0.058 and 0.040 -> 0.037.
template <class Out, int kVectors>
void HeightPassPlanesInPairs(const GatherTable& t, int64_t row_begin, int64_t row_end,
                             const float* src, int64_t src_stride, int64_t src_plane_stride,
                             int64_t src_first, typename Out::T* const* dst, int64_t dst_stride,
                             int64_t planes, int64_t last) {
  const hn::ScalableTag<float> d;
  RowTaps rows[kRowsAtOnce];
  for (int64_t r0 = row_begin; r0 < row_end; r0 += kRowsAtOnce) {
    const int64_t chunk_rows = LookUpRows(t, r0, row_end, src_first, src_stride, rows);
    int64_t q = 0;
    for (; q + 1 < planes; q += 2) {
      const float* plane = src + q * src_plane_stride;
      typename Out::T* out_a = dst[q] + (r0 - row_begin) * dst_stride;
      typename Out::T* out_b = dst[q + 1] + (r0 - row_begin) * dst_stride;
      for (int64_t j = 0; j < chunk_rows; ++j, out_a += dst_stride, out_b += dst_stride) {
        const RowTaps& r = rows[j];
        HeightStripPlanePair<Out, kVectors>(d, src_stride, plane + r.src,
                                            plane + src_plane_stride + r.src, r.w, r.count, out_a,
                                            out_b, last);
      }
    }
    for (; q < planes; ++q) {
      const float* plane = src + q * src_plane_stride;
      typename Out::T* out = dst[q] + (r0 - row_begin) * dst_stride;
      int64_t j = 0;
      for (; j + 1 < chunk_rows; j += 2, out += 2 * dst_stride) {
        const RowTaps& a = rows[j];
        const RowTaps& b = rows[j + 1];
        HeightStripPair<Out, kVectors>(d, src_stride, plane + a.src, a.w, a.count, out,
                                       plane + b.src, b.w, b.count, out + dst_stride, last);
      }
      if (j < chunk_rows) {
        HeightStrip<Out, kVectors>(d, plane + rows[j].src, src_stride, rows[j].w, rows[j].count,
                                   out, last);
      }
    }
  }
}

// Plane by plane, row by row: destinations are written in address order
// (planes apart in memory would each be a separate store stream), except that
// rows of at most 4 vectors (HeightPassPlanesInPairs) and rows of whole strips
// of 4 vectors go two planes at a time (two store streams).
// `streamed`: rows of at least kMinStreamedRowBytes that are whole 64-byte
// lines are written with non-temporal stores (the same chains; such short
// rows one at a time instead of in pairs).
template <class Out>
void HeightPassPlanes(const GatherTable& t, int64_t row_begin, int64_t row_end, const float* src,
                      int64_t src_stride, int64_t src_plane_stride, int64_t src_first,
                      typename Out::T* const* dst, int64_t dst_stride, int64_t planes, int64_t n,
                      bool streamed) {
  if (kNativeMasks && n < static_cast<int64_t>(hn::Lanes(hn::ScalableTag<float>()))) {
    HeightPassShortRows<Out>(t, row_begin, row_end, src, src_stride, src_plane_stride, src_first,
                             dst, dst_stride, planes, n);
    return;
  }
  const uintptr_t row_bytes = static_cast<uintptr_t>(n) * sizeof(typename Out::T);
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  // Rows of 1 to 4 vectors; on AVX2 also those between (their last vector
  // overlapping the one before, as HeightRow ends them: no masked stores).
  // Rows that are whole lines where they start on one.
  streamed = streamed && Out::kStreams && row_bytes >= kMinStreamedRowBytes && row_bytes % 64 == 0;
  if ((n % lanes == 0 || !kFastMaskedStores) && n >= lanes && n <= 4 * lanes &&
      row_bytes < kMinWritePrefetchBytes && !streamed) {
    const int64_t last = n - lanes;
    switch ((n + lanes - 1) / lanes) {
      case 1:
        HeightPassPlanesInPairs<Out, 1>(t, row_begin, row_end, src, src_stride, src_plane_stride,
                                        src_first, dst, dst_stride, planes, last);
        return;
      case 2:
        HeightPassPlanesInPairs<Out, 2>(t, row_begin, row_end, src, src_stride, src_plane_stride,
                                        src_first, dst, dst_stride, planes, last);
        return;
      case 3:
        HeightPassPlanesInPairs<Out, 3>(t, row_begin, row_end, src, src_stride, src_plane_stride,
                                        src_first, dst, dst_stride, planes, last);
        return;
      default:
        HeightPassPlanesInPairs<Out, 4>(t, row_begin, row_end, src, src_stride, src_plane_stride,
                                        src_first, dst, dst_stride, planes, last);
        return;
    }
  }
  // Rows of whole strips of 4 vectors: the same row of two planes at a time
  // (HeightStripPlanePair, the strips' chains and stores). Measured on AMD
  // Zen 5, backward of 128 -> 64 on 64 planes (rows of 128 floats),
  // engine_benchmark, best of 3-5 alternated rounds, 1 / 2 threads: AVX2 fp32
  // 0.246 -> 0.232 / 0.135 -> 0.130 ms hot, 0.316 -> 0.286 / 0.207 -> 0.197
  // cold, bf16 0.250 -> 0.241 / 0.145 -> 0.136; AVX-512 fp32 0.171 -> 0.160 /
  // 0.095 -> 0.091, bf16 0.169 -> 0.157 / 0.093 -> 0.085.
  int64_t q0 = 0;
  if (!streamed && n % (4 * lanes) == 0) {
    for (; q0 + 1 < planes; q0 += 2) {
      const float* plane = src + q0 * src_plane_stride;
      for (int64_t i = row_begin; i < row_end; ++i) {
        const size_t si = static_cast<size_t>(i);
        typename Out::T* out_a = dst[q0] + (i - row_begin) * dst_stride;
        typename Out::T* out_b = dst[q0 + 1] + (i - row_begin) * dst_stride;
        const float* row = plane + (t.first[si] - src_first) * src_stride;
        const float* w = t.weights.data() + t.offset[si];
        if (row_bytes >= kMinWritePrefetchBytes && i + 1 < row_end) {
          PrefetchForWriting(out_a + dst_stride, row_bytes);
          PrefetchForWriting(out_b + dst_stride, row_bytes);
        }
        for (int64_t x = 0; x < n; x += 4 * lanes) {
          HeightStripPlanePair<Out, 4>(d, src_stride, row + x, row + src_plane_stride + x, w,
                                       t.count[si], out_a + x, out_b + x, 3 * lanes);
        }
      }
    }
  }
  for (int64_t q = q0; q < planes; ++q) {
    const float* plane = src + q * src_plane_stride;
    for (int64_t i = row_begin; i < row_end; ++i) {
      const size_t si = static_cast<size_t>(i);
      typename Out::T* out = dst[q] + (i - row_begin) * dst_stride;
      const float* row = plane + (t.first[si] - src_first) * src_stride;
      const float* w = t.weights.data() + t.offset[si];
      if (streamed && reinterpret_cast<uintptr_t>(out) % 64 == 0) {
        HeightRow<StreamedOut<Out>>(row, src_stride, w, t.count[si], n, out);
        continue;
      }
      // The next destination row's lines, ahead of its stores.
      if (row_bytes >= kMinWritePrefetchBytes) {
        const typename Out::T* next = i + 1 < row_end  ? out + dst_stride
                                      : q + 1 < planes ? dst[q + 1]
                                                       : nullptr;
        if (next != nullptr) PrefetchForWriting(next, row_bytes);
      }
      HeightRow<Out>(row, src_stride, w, t.count[si], n, out);
    }
  }
}

// A vector of destination elements whose sources lie within kMaxCopyWindows
// vectors of the row from its first source on (shrinking by up to about
// that factor) is that many loads and lane permutes and a blend per window.
constexpr int64_t kMaxCopyWindows = 4;

void GatherRow32(const uint32_t* src, int64_t src_n, const int32_t* first, int64_t n,
                 uint32_t* dst) {
  const hn::ScalableTag<uint32_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t x = 0;
  for (; x + lanes <= n; x += lanes) {
    const int32_t base = first[x];
    if (base + lanes <= src_n) {
      const auto idx = hn::Sub(hn::LoadU(di, first + x), hn::Set(di, base));
      // Unsigned: a lane before base wraps to a large value and is never
      // inside a window.
      const auto uidx = hn::BitCast(d, idx);
      // Each lane's place in its window (lanes is a power of two).
      const auto lane =
          hn::IndicesFromVec(d, hn::And(idx, hn::Set(di, static_cast<int32_t>(lanes - 1))));
      const auto step = hn::Set(d, static_cast<uint32_t>(lanes));
      auto out = hn::TableLookupLanes(hn::LoadU(d, src + base), lane);
      auto bound = step;  // lanes whose index is below bound are formed
      for (int64_t at = lanes; !hn::AllTrue(d, hn::Lt(uidx, bound)) &&
                               at < kMaxCopyWindows * lanes && base + at + lanes <= src_n;
           at += lanes) {
        out = hn::IfThenElse(hn::Lt(uidx, bound), out,
                             hn::TableLookupLanes(hn::LoadU(d, src + base + at), lane));
        bound = hn::Add(bound, step);
      }
      if (hn::AllTrue(d, hn::Lt(uidx, bound))) {
        hn::StoreU(out, d, dst + x);
        continue;
      }
    }
    for (int64_t k = x; k < x + lanes; ++k) dst[k] = src[first[k]];
  }
  for (; x < n; ++x) dst[x] = src[first[x]];
}

bool RowIsFinite(const float* row, int64_t n) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  // x * 0 is 0 for finite x and NaN for Inf or NaN; NaN survives the sum.
  auto probe = hn::Zero(d);
  int64_t x = 0;
  for (; x + lanes <= n; x += lanes) {
    probe = hn::Add(probe, hn::Mul(hn::LoadU(d, row + x), hn::Zero(d)));
  }
  bool finite = hn::AllTrue(d, hn::Eq(probe, probe));
  for (; x < n; ++x) finite = finite && std::isfinite(row[x]);
  return finite;
}

// Row conversions: full vectors, then narrower vectors of the same target for
// the tail (short rows are common: 8-wide planes), then scalars.
// fp16 / bf16 values of a contiguous row as fp32, with vectors of tag D from
// element x on (In converts exactly); returns where it stopped.
template <class In, class D>
int64_t LoadSpan(D d, const uint16_t* src, float* dst, int64_t x, int64_t n) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  for (; x + lanes <= n; x += lanes) hn::StoreU(In::Load(d, src + x), d, dst + x);
  return x;
}

#if HWY_TARGET <= HWY_AVX2  // F16C: exact widening, narrowing rounds to nearest even

template <class D>
int64_t StoreHalfSpan(D d, const float* src, uint16_t* dst, int64_t x, int64_t n) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  for (; x + lanes <= n; x += lanes) HalfOut::Store(d, hn::LoadU(d, src + x), dst + x);
  return x;
}
#endif

void LoadHalfRow(const uint16_t* src, float* dst, int64_t n) {
  int64_t x = 0;
#if HWY_TARGET <= HWY_AVX2
  x = LoadSpan<HalfIn>(hn::ScalableTag<float>(), src, dst, x, n);
  x = LoadSpan<HalfIn>(hn::CappedTag<float, 8>(), src, dst, x, n);
  x = LoadSpan<HalfIn>(hn::CappedTag<float, 4>(), src, dst, x, n);
#endif
  for (; x < n; ++x) dst[x] = HalfToFloat(src[x]);
}

void StoreHalfRow(const float* src, uint16_t* dst, int64_t n) {
  int64_t x = 0;
#if HWY_TARGET <= HWY_AVX2
  x = StoreHalfSpan(hn::ScalableTag<float>(), src, dst, x, n);
  x = StoreHalfSpan(hn::CappedTag<float, 8>(), src, dst, x, n);
  x = StoreHalfSpan(hn::CappedTag<float, 4>(), src, dst, x, n);
#endif
  // Highway's software f16 demotion truncates; ours rounds to nearest even.
  for (; x < n; ++x) dst[x] = FloatToHalf(src[x]);
}

void LoadBFloat16Row(const uint16_t* src, float* dst, int64_t n) {
  int64_t x = LoadSpan<BFloat16In>(hn::ScalableTag<float>(), src, dst, 0, n);
  x = LoadSpan<BFloat16In>(hn::CappedTag<float, 8>(), src, dst, x, n);
  x = LoadSpan<BFloat16In>(hn::CappedTag<float, 4>(), src, dst, x, n);
  for (; x < n; ++x) dst[x] = BFloat16ToFloat(src[x]);
}

template <class Out, class D>
int64_t StoreBFloat16Span(D d, const float* src, uint16_t* dst, int64_t x, int64_t n) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  for (; x + lanes <= n; x += lanes) Out::Store(d, hn::LoadU(d, src + x), dst + x);
  return x;
}

template <class Out>
void StoreBFloat16RowOf(const float* src, uint16_t* dst, int64_t n) {
  int64_t x = StoreBFloat16Span<Out>(hn::ScalableTag<float>(), src, dst, 0, n);
  x = StoreBFloat16Span<Out>(hn::CappedTag<float, 8>(), src, dst, x, n);
  x = StoreBFloat16Span<Out>(hn::CappedTag<float, 4>(), src, dst, x, n);
  for (; x < n; ++x) dst[x] = FloatToBFloat16(src[x]);
}

void StoreBFloat16Row(const float* src, uint16_t* dst, int64_t n) {
  StoreBFloat16RowOf<BFloat16Out>(src, dst, n);
}

// One FMA chain per element as CombineSpan<kGroup> forms it (accumulate =
// false), each vector stored as Out stores it (rounded to 16 bits in
// registers). The tail, shorter than a vector, is formed with narrower
// vectors into a buffer: the same chains, the same rounding.
template <int kGroup, class Out>
void CombineGroupTo16(const float* const* rows, const float* weights, int64_t n, uint16_t* dst) {
  const hn::ScalableTag<float> d;
  using V = hn::Vec<decltype(d)>;
  int64_t x = ChainSpanStrips<kGroup, 2>(d, rows, weights, 0, n, [&](const V* acc, int64_t at) {
    StoreStrip<Out, 2>(d, acc, dst + at);
  });
  x = ChainSpan<kGroup>(d, rows, weights, x, n, nullptr,
                        [&](V v, int64_t at) { Out::Store(d, v, dst + at); });
  if (x == n) return;
  HWY_ALIGN float buffer[hn::MaxLanes(d)] = {};
  const float* shifted[kGroup];
  for (int g = 0; g < kGroup; ++g) shifted[g] = rows[g] + x;
  CombineGroup<kGroup>(shifted, weights, n - x, buffer, false);
  Out::StoreFirst(d, hn::Load(d, buffer), static_cast<size_t>(n - x), dst + x);
}

// CombineGroupTo16 with non-temporal stores over the whole lines of the row
// (as CombineGroupStreamed does for fp32), for rows that start on a line:
// measured on AMD Zen 4 (25 MB fp16 destination, rows 16 bytes past a line),
// 16-bit rows that do not were 1.5x slower streamed than with regular stores,
// where aligned ones were 1.4x faster.
template <int kGroup, class Out>
void CombineGroupTo16Streamed(const float* const* rows, const float* weights, int64_t n,
                              uint16_t* dst) {
  const hn::ScalableTag<float> d;
  const uintptr_t address = reinterpret_cast<uintptr_t>(dst);
  const StreamedPart part = Out::kStreams && address % 64 == 0
                                ? StreamedPartOf(address, n, sizeof(uint16_t))
                                : StreamedPart{};
  if (part.body == 0) {
    CombineGroupTo16<kGroup, Out>(rows, weights, n, dst);
    return;
  }
  if (part.head > 0) CombineGroupTo16<kGroup, Out>(rows, weights, part.head, dst);
  const float* shifted[kGroup];
  for (int g = 0; g < kGroup; ++g) shifted[g] = rows[g] + part.head;
  uint16_t* lines = dst + part.head;
  // A whole line per step (the body is whole lines).
  using V = hn::Vec<decltype(d)>;
  constexpr int kLine = LineVectors16(d);
  ChainSpanStrips<kGroup, kLine>(d, shifted, weights, 0, part.body, [&](const V* acc, int64_t at) {
    StoreStrip<Out, kLine, true>(d, acc, lines + at);
  });
  const int64_t done = part.head + part.body;
  if (done == n) return;
  for (int g = 0; g < kGroup; ++g) shifted[g] += part.body;
  CombineGroupTo16<kGroup, Out>(shifted, weights, n - done, lines + part.body);
}

// CombineGroupStreamedPair for 16-bit destinations: a whole line of each
// row per step, stored as CombineGroupTo16Streamed stores it. Measured as
// there, bf16: 4x down 1.24 -> 1.13 / 0.68 -> 0.63 ms, single plane 0.94 ->
// 0.87 / 0.48 -> 0.48, HD 2.24 -> 2.21 / 1.25 -> 1.18.
template <int kGroup, class Out>
void CombineGroupTo16StreamedPair(const float* const* rows, const float* weights_a,
                                  const float* weights_b, int64_t n, uint16_t* dst_a,
                                  uint16_t* dst_b) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  constexpr int kLine = LineVectors16(d);
  if (!Out::kStreams || reinterpret_cast<uintptr_t>(dst_a) % 64 != 0 ||
      reinterpret_cast<uintptr_t>(dst_b) % 64 != 0 || n % (kLine * lanes) != 0) {
    CombineGroupTo16Streamed<kGroup, Out>(rows, weights_a, n, dst_a);
    CombineGroupTo16Streamed<kGroup, Out>(rows, weights_b, n, dst_b);
    return;
  }
  using V = hn::Vec<decltype(d)>;
  const float* row[kGroup];
  for (int g = 0; g < kGroup; ++g) row[g] = rows[g];
  for (int64_t x = 0; x < n; x += kLine * lanes) {
    V a[kLine], b[kLine];
    for (int v = 0; v < kLine; ++v) a[v] = b[v] = hn::Zero(d);
    for (int g = 0; g < kGroup; ++g) {
      const V wa = hn::Set(d, weights_a[g]);
      const V wb = hn::Set(d, weights_b[g]);
      for (int v = 0; v < kLine; ++v) {
        const V s = hn::LoadU(d, row[g] + x + v * lanes);
        a[v] = hn::MulAdd(wa, s, a[v]);
        b[v] = hn::MulAdd(wb, s, b[v]);
      }
    }
    StoreStrip<Out, kLine, true>(d, a, dst_a + x);
    StoreStrip<Out, kLine, true>(d, b, dst_b + x);
  }
}

template <class Out>
void HeightCombineTo16StreamedPair(const float* const* rows, const float* weights_a,
                                   const float* weights_b, int64_t count, int64_t n,
                                   uint16_t* dst_a, uint16_t* dst_b) {
  using Group =
      void (*)(const float* const*, const float*, const float*, int64_t, uint16_t*, uint16_t*);
  static constexpr auto kGroups = TapTable<Group, kMaxFusedTaps>(
      [](auto taps) -> Group { return &CombineGroupTo16StreamedPair<decltype(taps)::value, Out>; });
  kGroups[count](rows, weights_a, weights_b, n, dst_a, dst_b);
}

template <class Out>
void HeightCombineTo16Streamed(const float* const* rows, const float* weights, int64_t count,
                               int64_t n, uint16_t* dst) {
  using Group = void (*)(const float* const*, const float*, int64_t, uint16_t*);
  static constexpr auto kGroups = TapTable<Group, kMaxFusedTaps>(
      [](auto taps) -> Group { return &CombineGroupTo16Streamed<decltype(taps)::value, Out>; });
  kGroups[count](rows, weights, n, dst);
}

template <class Out>
void HeightCombineTo16(const float* const* rows, const float* weights, int64_t count, int64_t n,
                       uint16_t* dst) {
  using Group = void (*)(const float* const*, const float*, int64_t, uint16_t*);
  static constexpr auto kGroups = TapTable<Group, kMaxFusedTaps>(
      [](auto taps) -> Group { return &CombineGroupTo16<decltype(taps)::value, Out>; });
  kGroups[count](rows, weights, n, dst);
}

// A finished fp32 row of n elements stored at dst as Out stores it (fp32 as
// it is, 16-bit rounded as store_half_row / store_bfloat16_row round), with
// non-temporal stores where the row is whole 64-byte lines and at least
// kMinStreamedRowBytes long (the small-plane height pass's rule), regular
// ones otherwise. Measured on AMD Zen 4, cold, height-first backwards with
// 17-67 MB destinations, 1 and 2 threads: rows of 128 and 512 floats 3-21%
// faster; rows of 252 and 500 floats streamed over their whole lines,
// regular stores at the ends, no faster. The same bits as the regular row
// stores.
template <class Out>
void StoreRowStreamed(const float* src, typename Out::T* dst, int64_t n) {
  using T = typename Out::T;
  const hn::ScalableTag<float> d;
  static_assert(hn::MaxLanes(d) * sizeof(float) <= 64, "a vector fills at most a line");
  const uintptr_t row_bytes = static_cast<uintptr_t>(n) * sizeof(T);
  if (!Out::kStreams || reinterpret_cast<uintptr_t>(dst) % 64 != 0 || row_bytes % 64 != 0 ||
      row_bytes < kMinStreamedRowBytes) {
    if constexpr (sizeof(T) == sizeof(float)) {
      std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
    } else if constexpr (std::is_same_v<Out, HalfOut>) {
      StoreHalfRow(src, dst, n);
    } else {
      StoreBFloat16RowOf<Out>(src, dst, n);
    }
    return;
  }
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  if constexpr (sizeof(T) == sizeof(float)) {
    for (int64_t x = 0; x < n; x += lanes) Out::Stream(d, hn::LoadU(d, src + x), dst + x);
  } else {  // a whole line per step, as CombineGroupTo16Streamed stores it
    constexpr int kLine = LineVectors16(d);
    for (int64_t x = 0; x < n; x += kLine * lanes) {
      hn::Vec<decltype(d)> line[kLine];
      for (int v = 0; v < kLine; ++v) line[v] = hn::LoadU(d, src + x + v * lanes);
      StoreStrip<Out, kLine, true>(d, line, dst + x);
    }
  }
}

// Pixels of kC contiguous floats split into kC planar rows and joined back:
// one LoadInterleaved / StoreInterleaved per vector of pixels, element by
// element for the rest. Bit-exact moves.
template <int kC>
void SplitPixelsOf(const float* row, int64_t pixels, float* planes, int64_t stride) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t x = 0;
  for (; x + lanes <= pixels; x += lanes) {
    hn::Vec<decltype(d)> v[kC];
    const float* at = row + x * kC;
    if constexpr (kC == 2) hn::LoadInterleaved2(d, at, v[0], v[1]);
    if constexpr (kC == 3) hn::LoadInterleaved3(d, at, v[0], v[1], v[2]);
    if constexpr (kC == 4) hn::LoadInterleaved4(d, at, v[0], v[1], v[2], v[3]);
    for (int c = 0; c < kC; ++c) hn::StoreU(v[c], d, planes + c * stride + x);
  }
  for (; x < pixels; ++x) {
    for (int c = 0; c < kC; ++c) planes[c * stride + x] = row[x * kC + c];
  }
}

template <int kC>
void JoinPixelsOf(const float* planes, int64_t stride, int64_t pixels, float* row) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t x = 0;
  for (; x + lanes <= pixels; x += lanes) {
    hn::Vec<decltype(d)> v[kC];
    for (int c = 0; c < kC; ++c) v[c] = hn::LoadU(d, planes + c * stride + x);
    float* at = row + x * kC;
    if constexpr (kC == 2) hn::StoreInterleaved2(v[0], v[1], d, at);
    if constexpr (kC == 3) hn::StoreInterleaved3(v[0], v[1], v[2], d, at);
    if constexpr (kC == 4) hn::StoreInterleaved4(v[0], v[1], v[2], v[3], d, at);
  }
  for (; x < pixels; ++x) {
    for (int c = 0; c < kC; ++c) row[x * kC + c] = planes[c * stride + x];
  }
}

void SplitPixels(const float* row, int64_t pixels, int64_t channels, float* planes,
                 int64_t stride) {
  switch (channels) {
    case 2:
      return SplitPixelsOf<2>(row, pixels, planes, stride);
    case 3:
      return SplitPixelsOf<3>(row, pixels, planes, stride);
    default:
      return SplitPixelsOf<4>(row, pixels, planes, stride);
  }
}

void JoinPixels(const float* planes, int64_t stride, int64_t pixels, int64_t channels, float* row) {
  switch (channels) {
    case 2:
      return JoinPixelsOf<2>(planes, stride, pixels, row);
    case 3:
      return JoinPixelsOf<3>(planes, stride, pixels, row);
    default:
      return JoinPixelsOf<4>(planes, stride, pixels, row);
  }
}

// BFloat16Store: the bf16 stores of the table (BFloat16Out, or
// BFloat16DataOut for for_bfloat16_data).
template <class BFloat16Store>
KernelTable MakeTable(const KernelTable* for_bfloat16_data) {
  KernelTable t{};
  t.height_combine = &HeightCombine<FloatIn>;
#if HWY_TARGET <= HWY_AVX2
  t.height_combine_half_rows = &HeightCombine<HalfIn>;
#else
  t.height_combine_half_rows = nullptr;  // no F16C: rows are converted first
#endif
  t.height_combine_bfloat16_rows = &HeightCombine<BFloat16In>;
  t.height_sweep = &HeightSweep;
  t.height_combine_streamed = &HeightCombineStreamed;
  t.height_combine_streamed_pair = &HeightCombineStreamedPair;
  t.zero_row_streamed = &ZeroRowStreamed;
  t.flush_streamed_stores = &FlushStreamedStores;
  t.width_pass = &WidthPass;
  t.width_pass_strided = &WidthPassStrided;
#if HWY_TARGET == HWY_AVX2
  t.width_pass_transposed = &WidthPassTransposed;
#else
  t.width_pass_transposed = nullptr;
#endif
  t.height_combine_half = &HeightCombineTo16<HalfOut>;
  t.height_combine_bfloat16 = &HeightCombineTo16<BFloat16Store>;
  t.height_combine_half_streamed = &HeightCombineTo16Streamed<HalfOut>;
  t.height_combine_bfloat16_streamed = &HeightCombineTo16Streamed<BFloat16Store>;
  t.height_combine_bfloat16_streamed_pair = &HeightCombineTo16StreamedPair<BFloat16Store>;
  t.row_is_finite = &RowIsFinite;
  t.gather_row32 = &GatherRow32;
  t.width_row_sparse = &WidthRowSparse;
  t.split_pixels = &SplitPixels;
  t.join_pixels = &JoinPixels;
  t.height_pass_planes = &HeightPassPlanes<FloatOut>;
  t.height_pass_planes_half = &HeightPassPlanes<HalfOut>;
  t.height_pass_planes_bfloat16 = &HeightPassPlanes<BFloat16Store>;
  t.load_half_row = &LoadHalfRow;
  t.load_bfloat16_row = &LoadBFloat16Row;
  t.store_half_row = &StoreHalfRow;
  t.store_bfloat16_row = &StoreBFloat16RowOf<BFloat16Store>;
  t.store_row_streamed = &StoreRowStreamed<FloatOut>;
  t.store_half_row_streamed = &StoreRowStreamed<HalfOut>;
  t.store_bfloat16_row_streamed = &StoreRowStreamed<BFloat16Store>;
  t.target_name = hwy::TargetName(HWY_TARGET);
  t.for_bfloat16_data = for_bfloat16_data;
  return t;
}

const KernelTable* Table() {
  static const KernelTable bfloat16_data = MakeTable<BFloat16DataOut>(&bfloat16_data);
  static const KernelTable table = MakeTable<BFloat16Out>(&bfloat16_data);
  return &table;
}

}  // namespace HWY_NAMESPACE
}  // namespace aclnn_host::resample::kernels
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclnn_host::resample::kernels {

HWY_EXPORT(Table);

int64_t TargetsAboveCeiling(const char* ceiling) {
  if (ceiling == nullptr) return 0;
  std::string name(ceiling);
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // Highway numbers targets best first: every bit below a target's bit is a
  // better target. Every x86 target is AVX-512 or lower.
  if (name == "avx512") return 0;
  if (name == "avx2") return HWY_AVX2 - 1;
  if (name == "sse4") return HWY_SSE4 - 1;
  if (name == "scalar") return (HWY_TARGETS & HWY_EMU128) != 0 ? HWY_EMU128 - 1 : HWY_SCALAR - 1;
  return 0;  // unset, empty or not one of the four: no ceiling
}

namespace {

// The dispatch is ours, not Highway's ChosenTarget: Highway 1.0's
// SupportedTargets() resets ChosenTarget to every CPU target on each call
// (DisableTargets is lost again), and a process may hold other Highway users.
// The targets this build has and this CPU supports, less those above
// ACLNN_HOST_SIMD's ceiling (read once, at the first kernel use).
int64_t AllowedTargets() {
  static const int64_t allowed = [] {
    const int64_t cpu = hwy::SupportedTargets() & HWY_TARGETS;
    const int64_t below = cpu & ~TargetsAboveCeiling(std::getenv("ACLNN_HOST_SIMD"));
    // The scalar fallback is always compiled and never above a ceiling.
    return below != 0 ? below : (HWY_TARGETS & (HWY_EMU128 | HWY_SCALAR));
  }();
  return allowed;
}

// The table of the best target in `targets` (a Highway target mask): the
// entry HWY_DYNAMIC_DISPATCH would take with these targets chosen.
const KernelTable* TableOf(int64_t targets) {
  const int64_t chosen = (HWY_CHOSEN_TARGET_SHIFT(targets) | HWY_CHOSEN_TARGET_MASK_SCALAR) &
                         HWY_CHOSEN_TARGET_MASK_TARGETS;
  const size_t index = hwy::Num0BitsBelowLS1Bit_Nonzero64(static_cast<uint64_t>(chosen));
  return HWY_DISPATCH_TABLE(Table)[index]();
}

std::atomic<const KernelTable*> forced{nullptr};

}  // namespace

const KernelTable& CurrentKernels() {
  if (const KernelTable* table = forced.load(std::memory_order_acquire)) return *table;
  static const KernelTable* const best = TableOf(AllowedTargets());
  return *best;
}

std::vector<int64_t> AvailableTargets() {
  std::vector<int64_t> targets;
  for (int64_t left = AllowedTargets(); left != 0; left &= left - 1)
    targets.push_back(left & -left);
  return targets;
}
std::string TargetNameOf(int64_t target) { return hwy::TargetName(target); }

void ForceTarget(int64_t target) {
  const bool allowed =
      target != 0 && (target & (target - 1)) == 0 && (target & AllowedTargets()) != 0;
  forced.store(allowed ? TableOf(target) : nullptr, std::memory_order_release);
}

}  // namespace aclnn_host::resample::kernels
#endif  // HWY_ONCE
