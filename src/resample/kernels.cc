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

// Prefetches the lines of `rows` rows of n elements at ahead[] as one run in
// address order, row after row, the next `lines` of it per Next call.
template <typename T>
class RunPrefetcher {
 public:
  RunPrefetcher(const T* const* ahead, int64_t rows, int64_t n)
      : ahead_(ahead), rows_(rows), n_(n) {}
  void Next(int64_t lines) {
    for (; lines > 0 && r_ < rows_; --lines) {
      __builtin_prefetch(ahead_[r_] + c_);
      c_ += kLineElements;
      if (c_ >= n_) {
        c_ = 0;
        ++r_;
      }
    }
  }

 private:
  static constexpr int64_t kLineElements = 64 / static_cast<int64_t>(sizeof(T));
  const T* const* ahead_;
  int64_t rows_, n_;
  int64_t r_ = 0, c_ = 0;  // the run's next line: row r_ of the rows, element c_ of it
};

// CombineGroup (accumulate = false) that prefetches the lines of the
// ahead_rows rows at ahead[j] (rows a later call reads) as one run in address
// order, row after row: ahead_rows lines of the run at the start of each
// cache line's worth of elements, the rest after the last whole line. (The
// same lines taken column by column, the rows side by side, left the loads
// of the next rows waiting: Nearest2dBackward 256 -> 128, cold caches.) The
// vectors are CombineGroup's, the tail its narrower ones: the same chains,
// the same bits.
template <int kGroup, class In>
void CombineGroupFetch(const typename In::T* const* rows, const float* weights, int64_t n,
                       float* acc, const typename In::T* const* ahead, int64_t ahead_rows) {
  using T = typename In::T;
  constexpr int64_t kLineElements = 64 / static_cast<int64_t>(sizeof(T));
  const hn::ScalableTag<float> d;
  using V = hn::Vec<decltype(d)>;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));  // divides kLineElements
  V w[kGroup];
  const T* row[kGroup];
  for (int g = 0; g < kGroup; ++g) {
    w[g] = hn::Set(d, weights[g]);
    row[g] = rows[g];
  }
  RunPrefetcher<T> fetch(ahead, ahead_rows, n);
  int64_t x = 0;
  for (; x + kLineElements <= n; x += kLineElements) {
    fetch.Next(ahead_rows);
    for (int64_t v = x; v < x + kLineElements; v += lanes) {
      V sum = hn::Zero(d);
      for (int g = 0; g < kGroup; ++g) sum = hn::MulAdd(w[g], In::Load(d, row[g] + v), sum);
      hn::StoreU(sum, d, acc + v);
    }
  }
  fetch.Next(ahead_rows * (n / kLineElements + 2));  // the rest of the run
  if (x == n) return;
  for (int g = 0; g < kGroup; ++g) row[g] += x;
  CombineGroup<kGroup, In>(row, weights, n - x, acc + x, false);
}

template <class In>
void HeightCombineFetch(const typename In::T* const* rows, const float* weights, int64_t count,
                        int64_t n, float* acc, const typename In::T* const* ahead,
                        int64_t ahead_rows) {
  using Group = void (*)(const typename In::T* const*, const float*, int64_t, float*,
                         const typename In::T* const*, int64_t);
  static constexpr auto kGroups = TapTable<Group, kMaxFusedTaps>(
      [](auto taps) -> Group { return &CombineGroupFetch<decltype(taps)::value, In>; });
  kGroups[count](rows, weights, n, acc, ahead, ahead_rows);
}

// kVectors vectors of tag D from element x of two destination rows whose sums
// share source rows (HeightCombineOverlappingPair): a from rows [0, count_a),
// b from rows [shift, shift + count_b), row k at row0 + k * stride. The shared
// rows' vectors are loaded once for both sums. Each element gets
// height_combine's chain: from +0, the terms in ascending row order.
template <class In, int kVectors, class D>
HWY_INLINE void OverlappingPairStrip(D d, const typename In::T* row0, int64_t stride,
                                     const float* weights_a, int64_t count_a,
                                     const float* weights_b, int64_t shift, int64_t count_b,
                                     int64_t x, float* acc_a, float* acc_b) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  using V = hn::Vec<D>;
  V a[kVectors], b[kVectors];
  for (int v = 0; v < kVectors; ++v) a[v] = b[v] = hn::Zero(d);
  const typename In::T* row = row0 + x;
  int64_t k = 0;
  for (; k < shift; ++k, row += stride) {  // a's rows alone
    const V w = hn::Set(d, weights_a[k]);
    for (int v = 0; v < kVectors; ++v) a[v] = hn::MulAdd(w, In::Load(d, row + v * lanes), a[v]);
  }
  for (; k < count_a; ++k, row += stride) {  // the shared rows
    const V wa = hn::Set(d, weights_a[k]);
    const V wb = hn::Set(d, weights_b[k - shift]);
    for (int v = 0; v < kVectors; ++v) {
      const V s = In::Load(d, row + v * lanes);
      a[v] = hn::MulAdd(wa, s, a[v]);
      b[v] = hn::MulAdd(wb, s, b[v]);
    }
  }
  for (; k < shift + count_b; ++k, row += stride) {  // b's rows alone
    const V w = hn::Set(d, weights_b[k - shift]);
    for (int v = 0; v < kVectors; ++v) b[v] = hn::MulAdd(w, In::Load(d, row + v * lanes), b[v]);
  }
  for (int v = 0; v < kVectors; ++v) {
    hn::StoreU(a[v], d, acc_a + x + v * lanes);
    hn::StoreU(b[v], d, acc_b + x + v * lanes);
  }
}

// Two destination rows of the height pass whose sums share source rows, in
// one pass over them (see KernelTable::height_combine_overlapping_pair): a
// source row loaded once for both sums instead of once per sum, which halves
// what the rows shared by both cost in loads from L2 (the height pass of a
// 4x downscale re-reads each source row from L2 for 4 destination rows).
// Blocks of whole cache lines first, ahead_rows lines of the run of rows at
// ahead[] prefetched per line of the block (as CombineGroupFetch spreads
// them), then the tail with narrower vectors: the same chain per element.
// Measured on an Intel Xeon (AVX-512, 2 MiB L2 a core), engine_benchmark,
// caches emptied before each call, 3 alternated rounds: forward 4032x3024 ->
// 1024x768 (16-tap sums of rows of 4032 floats) 7.8-8.5 -> 7.5-8.1 ms at 1
// thread, bf16 5.3-5.9 -> 4.8-5.1; 2048 -> 512 bf16 at 2 threads 0.97-0.99 ->
// 0.83-0.93; backward 224 -> 512 (10-tap sums of rows of 512 floats, which
// it takes from the sweep) 4.4-4.6 -> 3.5-4.1 at 1 thread, 2.2-2.4 -> 1.7-2.0
// at 2. On AVX2, strips of one line (2 vectors, each weight broadcast for 2
// FMAs) lost to the single sums in one round of two (their weights stay in
// registers).
template <class In>
void HeightCombineOverlappingPair(const typename In::T* row0, int64_t stride,
                                  const float* weights_a, int64_t count_a, const float* weights_b,
                                  int64_t shift, int64_t count_b, int64_t n, float* acc_a,
                                  float* acc_b, const typename In::T* const* ahead,
                                  int64_t ahead_rows) {
  using T = typename In::T;
  constexpr int64_t kLineElements = 64 / static_cast<int64_t>(sizeof(T));
  const hn::ScalableTag<float> d;
  constexpr int64_t kLanes = static_cast<int64_t>(hn::MaxLanes(d));
  // Strips of 4 vectors (their 8 sums stay in registers; a weight broadcast
  // serves 4 FMAs), in blocks of whole lines.
  constexpr int kVectors = 4;
  constexpr int64_t kBlock = std::max<int64_t>(kLineElements, kVectors * kLanes);
  static_assert(kBlock % kLineElements == 0 && kBlock % (kVectors * kLanes) == 0,
                "strips tile whole lines");
  RunPrefetcher<T> fetch(ahead, ahead_rows, n);
  int64_t x = 0;
  for (; x + kBlock <= n; x += kBlock) {
    fetch.Next(ahead_rows * (kBlock / kLineElements));
    for (int64_t s = x; s < x + kBlock; s += kVectors * kLanes) {
      OverlappingPairStrip<In, kVectors>(d, row0, stride, weights_a, count_a, weights_b, shift,
                                         count_b, s, acc_a, acc_b);
    }
  }
  fetch.Next(ahead_rows * (n / kLineElements + 2));  // the rest of the run
  for (; x + kLanes <= n; x += kLanes) {
    OverlappingPairStrip<In, 1>(d, row0, stride, weights_a, count_a, weights_b, shift, count_b, x,
                                acc_a, acc_b);
  }
  const hn::CappedTag<float, 8> d8;
  const hn::CappedTag<float, 4> d4;
  const hn::CappedTag<float, 1> d1;
  for (; x + static_cast<int64_t>(hn::Lanes(d8)) <= n; x += static_cast<int64_t>(hn::Lanes(d8))) {
    OverlappingPairStrip<In, 1>(d8, row0, stride, weights_a, count_a, weights_b, shift, count_b, x,
                                acc_a, acc_b);
  }
  for (; x + static_cast<int64_t>(hn::Lanes(d4)) <= n; x += static_cast<int64_t>(hn::Lanes(d4))) {
    OverlappingPairStrip<In, 1>(d4, row0, stride, weights_a, count_a, weights_b, shift, count_b, x,
                                acc_a, acc_b);
  }
  for (; x < n; ++x) {
    OverlappingPairStrip<In, 1>(d1, row0, stride, weights_a, count_a, weights_b, shift, count_b, x,
                                acc_a, acc_b);
  }
}

// The sweep reads its source rows one after another; the hardware
// prefetchers alone left the loads waiting on memory (perf: 61% of the
// kernel's samples on the source load). Lines this many bytes ahead are
// prefetched, which runs into the next rows where the plane's rows form one
// run. Measured on AMD Zen 4, AVX2, warm caches, backward 224 -> 512 (8x3
// planes): 4.09 -> 3.44 ms at 1 thread, 2.08 -> 1.66 ms at 2; 1 KiB and 8 or
// 16 KiB ahead gained less (with cold caches 4 to 16 KiB were alike).
constexpr int64_t kSweepPrefetchBytes = 4096;

// kSources consecutive source rows (1, or 2) added into the kRows
// destination rows they all feed: acc[j][x] = acc[j][x] + weights[0][j] *
// src[0][x] (then + weights[1][j] * src[1][x]), from element x on, with
// vectors of tag D; returns where it stopped. Each is one step (or two, in
// order) of that element's FMA chain, so sweeping the source rows in
// ascending order forms the chains of CombineSpan (a row set to +0 first,
// then its terms in order).
// kSources = 2 (KernelTable::height_sweep_pair): two source rows' steps at
// once, each destination vector loaded and stored once for both. The sweep
// of the backward of a 2x upsampling stores once per FMA (each source row
// feeds 4 stage rows); in pairs, the 4 rows that both rows feed take one
// store per two FMAs. Measured on the AMD EPYC Zen 5 VM, AVX2, AA bicubic
// backward of (1, 64, 128, 128) -> 256, the two forms alternated in 3 rounds
// (an environment switch in one build), medians of 30, warm 1 / 2 threads:
// 1.19-1.25 -> 1.05-1.14 / 0.62-0.66 -> 0.51-0.55 ms (perf: the sweep 49%
// -> 38% of a 1-thread call); caches emptied, within the noise (1.34-1.35 ->
// 1.33-1.45 at 1 thread). Later rounds (6 alternated, medians of 30-50) had
// the two within the noise hot too (1 thread 0.99-1.25 against 0.99-1.22
// ms; 2 threads cold 0.75-0.95 against 0.72-0.90); perf of one 1-thread call
// each: the sweep 0.61 -> 0.49 ms. Tried at earlier stops and not kept (no
// gain cold at 2 threads, and the inverse 224 -> 512 lost on AVX-512); it
// stays now that it never measured slower and the inverse no longer sweeps
// (its sums read more than pair_min_source_bytes_).
template <int kRows, int kSources, class D>
HWY_INLINE int64_t SweepSpan(D d, const float* const* sources, const float* const* weights,
                             int64_t x, int64_t n, float* const* acc) {
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  using V = hn::Vec<D>;
  V w[kSources][kRows];
  const float* src[kSources];
  for (int i = 0; i < kSources; ++i) src[i] = sources[i];
  float* row[kRows];
  for (int j = 0; j < kRows; ++j) {
    for (int i = 0; i < kSources; ++i) w[i][j] = hn::Set(d, weights[i][j]);
    row[j] = acc[j];
  }
  for (; x + 2 * lanes <= n; x += 2 * lanes) {
    V s0[kSources], s1[kSources];
    for (int i = 0; i < kSources; ++i) {
      const char* ahead = reinterpret_cast<const char*>(src[i] + x) + kSweepPrefetchBytes;
      for (int64_t b = 0; b < 2 * lanes * static_cast<int64_t>(sizeof(float)); b += 64) {
        __builtin_prefetch(ahead + b);
      }
    }
    for (int i = 0; i < kSources; ++i) {
      s0[i] = hn::LoadU(d, src[i] + x);
      s1[i] = hn::LoadU(d, src[i] + x + lanes);
    }
    for (int j = 0; j < kRows; ++j) {
      V a0 = hn::LoadU(d, row[j] + x);
      V a1 = hn::LoadU(d, row[j] + x + lanes);
      for (int i = 0; i < kSources; ++i) {
        a0 = hn::MulAdd(w[i][j], s0[i], a0);
        a1 = hn::MulAdd(w[i][j], s1[i], a1);
      }
      hn::StoreU(a0, d, row[j] + x);
      hn::StoreU(a1, d, row[j] + x + lanes);
    }
  }
  for (; x + lanes <= n; x += lanes) {
    V s0[kSources];
    for (int i = 0; i < kSources; ++i) s0[i] = hn::LoadU(d, src[i] + x);
    for (int j = 0; j < kRows; ++j) {
      V a0 = hn::LoadU(d, row[j] + x);
      for (int i = 0; i < kSources; ++i) a0 = hn::MulAdd(w[i][j], s0[i], a0);
      hn::StoreU(a0, d, row[j] + x);
    }
  }
  return x;
}

template <int kRows, int kSources>
void SweepGroup(const float* const* src, const float* const* weights, int64_t n,
                float* const* acc) {
  int64_t x = SweepSpan<kRows, kSources>(hn::ScalableTag<float>(), src, weights, 0, n, acc);
  if (x == n) return;
  x = SweepSpan<kRows, kSources>(hn::CappedTag<float, 8>(), src, weights, x, n, acc);
  x = SweepSpan<kRows, kSources>(hn::CappedTag<float, 4>(), src, weights, x, n, acc);
  if (x == n) return;
  SweepSpan<kRows, kSources>(hn::CappedTag<float, 1>(), src, weights, x, n, acc);
}

// The sweep's step from kSources source rows into `rows` destination rows,
// kMaxGroup rows a call.
template <int kSources>
void SweepRowsOf(const float* const* src, const float* const* weights, int64_t rows, int64_t n,
                 float* const* acc) {
  using Group = void (*)(const float* const*, const float* const*, int64_t, float* const*);
  static constexpr auto kGroups = TapTable<Group, kMaxGroup>(
      [](auto taps) -> Group { return &SweepGroup<decltype(taps)::value, kSources>; });
  for (int64_t k = 0; k < rows; k += kMaxGroup) {
    const float* w[kSources];
    for (int i = 0; i < kSources; ++i) w[i] = weights[i] + k;
    kGroups[std::min(kMaxGroup, rows - k)](src, w, n, acc + k);
  }
}

void HeightSweep(const float* src, const float* weights, int64_t rows, int64_t n,
                 float* const* acc) {
  SweepRowsOf<1>(&src, &weights, rows, n, acc);
}

void HeightSweepPair(const float* src0, const float* src1, const float* weights0,
                     const float* weights1, int64_t rows, int64_t n, float* const* acc) {
  const float* const src[2] = {src0, src1};
  const float* const weights[2] = {weights0, weights1};
  SweepRowsOf<2>(src, weights, rows, n, acc);
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

// A vector of destination elements whose sources lie within kMaxCopyWindows
// vectors of the row from its first source on (shrinking by up to about
// that factor) is that many loads and lane permutes and a blend per window.
constexpr int64_t kMaxCopyWindows = 4;

// T: the elements' bits (uint8_t, uint16_t or uint32_t), moved in 32-bit
// lanes: each window's elements widened as they are loaded, the vector
// narrowed back for its store.
template <typename T>
void GatherRowOf(const T* src, int64_t src_n, const int32_t* first, int64_t n, T* dst) {
  const hn::ScalableTag<uint32_t> d;
  const hn::RebindToSigned<decltype(d)> di;
  const hn::Rebind<T, decltype(d)> dt;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto load = [&](const T* at) {
    if constexpr (sizeof(T) == sizeof(uint32_t)) {
      return hn::LoadU(d, at);
    } else {
      return hn::PromoteTo(d, hn::LoadU(dt, at));
    }
  };
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
      auto out = hn::TableLookupLanes(load(src + base), lane);
      auto bound = step;  // lanes whose index is below bound are formed
      for (int64_t at = lanes; !hn::AllTrue(d, hn::Lt(uidx, bound)) &&
                               at < kMaxCopyWindows * lanes && base + at + lanes <= src_n;
           at += lanes) {
        out = hn::IfThenElse(hn::Lt(uidx, bound), out,
                             hn::TableLookupLanes(load(src + base + at), lane));
        bound = hn::Add(bound, step);
      }
      if (hn::AllTrue(d, hn::Lt(uidx, bound))) {
        if constexpr (sizeof(T) == sizeof(uint32_t)) {
          hn::StoreU(out, d, dst + x);
        } else {
          hn::StoreU(hn::TruncateTo(dt, out), dt, dst + x);
        }
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
  t.height_combine_fetch = &HeightCombineFetch<FloatIn>;
#if HWY_TARGET <= HWY_AVX2
  t.height_combine_half_rows_fetch = &HeightCombineFetch<HalfIn>;
#else
  t.height_combine_half_rows_fetch = nullptr;
#endif
  t.height_combine_bfloat16_rows_fetch = &HeightCombineFetch<BFloat16In>;
  t.height_combine_overlapping_pair = &HeightCombineOverlappingPair<FloatIn>;
#if HWY_TARGET <= HWY_AVX2
  t.height_combine_half_rows_overlapping_pair = &HeightCombineOverlappingPair<HalfIn>;
#else
  t.height_combine_half_rows_overlapping_pair = nullptr;
#endif
  t.height_combine_bfloat16_rows_overlapping_pair = &HeightCombineOverlappingPair<BFloat16In>;
  t.height_sweep = &HeightSweep;
  t.height_sweep_pair = &HeightSweepPair;
  t.height_combine_streamed = &HeightCombineStreamed;
  t.height_combine_streamed_pair = &HeightCombineStreamedPair;
  t.zero_row_streamed = &ZeroRowStreamed;
  t.flush_streamed_stores = &FlushStreamedStores;
  t.width_pass = &WidthPass;
  t.width_pass_strided = &WidthPassStrided;
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET <= HWY_AVX3
  t.width_pass_to_half = &WidthPassToHalf;
  t.width_pass_to_bfloat16 = std::is_same_v<BFloat16Store, BFloat16DataOut>
                                 ? &WidthPassToBFloat16Data
                                 : &WidthPassToBFloat16;
#else
  t.width_pass_to_half = nullptr;
  t.width_pass_to_bfloat16 = nullptr;
#endif
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
  t.gather_row32 = &GatherRowOf<uint32_t>;
  t.gather_row16 = &GatherRowOf<uint16_t>;
  t.gather_row8 = &GatherRowOf<uint8_t>;
  t.width_row_sparse = &WidthRowSparse;
  t.pair_decimated_row = &PairDecimatedRow;
#if HWY_TARGET <= HWY_AVX2
  t.pair_decimated_half_rows = &PairDecimatedHalfRows;
#else
  t.pair_decimated_half_rows = nullptr;
#endif
  t.pair_decimated_bfloat16_rows = &PairDecimatedBFloat16Rows;
#if HWY_TARGET <= HWY_AVX2
  t.decimated_half_rows = &DecimatedHalfRows;
#else
  t.decimated_half_rows = nullptr;
#endif
  t.decimated_bfloat16_rows = std::is_same_v<BFloat16Store, BFloat16DataOut>
                                  ? &DecimatedBFloat16DataRows
                                  : &DecimatedBFloat16Rows;
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
