// The small-plane height pass of the kernels (HeightPassPlanes; the rest:
// kernels.cc and kernels_width.cc), compiled once per SIMD target by
// Highway's foreach_target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "resample/kernels_planes.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "resample/axis_weights.h"
#include "resample/kernels-inl.h"
#include "resample/kernels.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host::resample::kernels {
namespace HWY_NAMESPACE {

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

// Where two planes' destinations lie a multiple of 4 KiB apart (their
// stores then share the low 12 bits of every address), AVX2 staggers the pair
// by a row (StaggeredPlanePair) where the caller asks for it: on Intel CPUs.
constexpr bool kStaggeredPlanePairs = HWY_TARGET == HWY_AVX2;

HWY_INLINE bool ApartBy4KiB(const void* a, const void* b) {
  const auto x = reinterpret_cast<uintptr_t>(a), y = reinterpret_cast<uintptr_t>(b);
  return (x > y ? x - y : y - x) % 4096 == 0;
}

// The chunk's rows of two planes, staggered by a row: row j of plane a with
// row j - 1 of plane b (HeightStripPair, each row its own taps and chain),
// plane a's first row and plane b's last alone (HeightStrip). Measured on the
// Intel Xeon VM (AVX2, one build switched at run time, alternated) against
// the pairs of HeightStripPlanePair, 256 planes 4 KiB apart: 32x32 planes
// from 8x8 (rows of 4 vectors), medians of 3,000 calls hot at 1 thread
// 0.069-0.075 -> 0.066-0.074 ms, of 100 after 256 MiB written 0.196-0.215 ->
// 0.189-0.195 (1 thread) and 0.196-0.219 -> 0.190-0.195 (2); 64x16 planes
// (rows of 2 vectors) hot 0.069-0.074 -> 0.069-0.071, cold 0.204-0.239 ->
// 0.166-0.178 and 0.201-0.242 -> 0.173-0.184; the tiny planes (512 of 32x32)
// in the bench's protocol at 2 threads, medians of four rounds, in three A/Bs
// 0.112 -> 0.101, 0.110 -> 0.106 and 0.115 -> 0.117 ms (1 thread 0.204 ->
// 0.176, 0.201 -> 0.197, 0.198 -> 0.217): within that protocol's noise, where
// the caches are only partly cold; fp16 64x32 planes (4 KiB apart) hot within
// the noise, cold 0.217-0.229 -> 0.202-0.214 at 1 thread. Two rows of one
// plane at a time instead: 10% faster hot, 10% slower cold. AVX-512's pairs
// (rows of 2 vectors of 16) measured 12% slower hot staggered and no faster
// cold, so they stay paired.
template <class Out, int kVectors, class D>
HWY_INLINE void StaggeredPlanePair(D d, const RowTaps* rows, int64_t chunk_rows,
                                   const float* plane_a, const float* plane_b, int64_t src_stride,
                                   typename Out::T* out_a, typename Out::T* out_b,
                                   int64_t dst_stride, int64_t last) {
  HeightStrip<Out, kVectors>(d, plane_a + rows[0].src, src_stride, rows[0].w, rows[0].count, out_a,
                             last);
  for (int64_t j = 1; j < chunk_rows; ++j) {
    const RowTaps& a = rows[j];
    const RowTaps& b = rows[j - 1];
    HeightStripPair<Out, kVectors>(d, src_stride, plane_a + a.src, a.w, a.count,
                                   out_a + j * dst_stride, plane_b + b.src, b.w, b.count,
                                   out_b + (j - 1) * dst_stride, last);
  }
  const RowTaps& z = rows[chunk_rows - 1];
  HeightStrip<Out, kVectors>(d, plane_b + z.src, src_stride, z.w, z.count,
                             out_b + (chunk_rows - 1) * dst_stride, last);
}

// HeightPassPlanes for rows of kVectors vectors, the last starting at
// `last` (short rows, no write prefetch): planes two at a time, row by row
// (HeightStripPlanePair, or StaggeredPlanePair where stagger_4kib_apart);
// an odd last plane two rows at a time (HeightStripPair). Measured on AMD Zen
// 5, engine_benchmark, hot caches, best of 3-4 alternated rounds, against two
// rows of one plane at a time: AVX2 tiny planes (the backward of 32 -> 8 on
// 512 planes, rows of 4 vectors) fp32 0.094 -> 0.082 ms at 1 thread, 0.059 ->
// 0.054 at 2; small maps (14 -> 7, rows of 14 floats) 0.267 -> 0.239 and
// 0.145 -> 0.123; bf16 tiny planes 0.099 -> 0.092 with its joined stores
// (0.100 without); AVX-512 tiny planes 0.066 -> 0.058 and 0.040 -> 0.037.
template <class Out, int kVectors>
void HeightPassPlanesInPairs(const GatherTable& t, int64_t row_begin, int64_t row_end,
                             const float* src, int64_t src_stride, int64_t src_plane_stride,
                             int64_t src_first, typename Out::T* const* dst, int64_t dst_stride,
                             int64_t planes, int64_t last, bool stagger_4kib_apart) {
  const hn::ScalableTag<float> d;
  RowTaps rows[kRowsAtOnce];
  for (int64_t r0 = row_begin; r0 < row_end; r0 += kRowsAtOnce) {
    const int64_t chunk_rows = LookUpRows(t, r0, row_end, src_first, src_stride, rows);
    int64_t q = 0;
    for (; q + 1 < planes; q += 2) {
      const float* plane = src + q * src_plane_stride;
      typename Out::T* out_a = dst[q] + (r0 - row_begin) * dst_stride;
      typename Out::T* out_b = dst[q + 1] + (r0 - row_begin) * dst_stride;
      if (kStaggeredPlanePairs && stagger_4kib_apart && chunk_rows > 1 &&
          ApartBy4KiB(dst[q], dst[q + 1])) {
        StaggeredPlanePair<Out, kVectors>(d, rows, chunk_rows, plane, plane + src_plane_stride,
                                          src_stride, out_a, out_b, dst_stride, last);
        continue;
      }
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
                      bool streamed, bool stagger_4kib_apart) {
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
                                        src_first, dst, dst_stride, planes, last,
                                        stagger_4kib_apart);
        return;
      case 2:
        HeightPassPlanesInPairs<Out, 2>(t, row_begin, row_end, src, src_stride, src_plane_stride,
                                        src_first, dst, dst_stride, planes, last,
                                        stagger_4kib_apart);
        return;
      case 3:
        HeightPassPlanesInPairs<Out, 3>(t, row_begin, row_end, src, src_stride, src_plane_stride,
                                        src_first, dst, dst_stride, planes, last,
                                        stagger_4kib_apart);
        return;
      default:
        HeightPassPlanesInPairs<Out, 4>(t, row_begin, row_end, src, src_stride, src_plane_stride,
                                        src_first, dst, dst_stride, planes, last,
                                        stagger_4kib_apart);
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
          PrefetchForWriting(out_a + dst_stride, static_cast<int64_t>(row_bytes));
          PrefetchForWriting(out_b + dst_stride, static_cast<int64_t>(row_bytes));
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
        if (next != nullptr) PrefetchForWriting(next, static_cast<int64_t>(row_bytes));
      }
      HeightRow<Out>(row, src_stride, w, t.count[si], n, out);
    }
  }
}

template void HeightPassPlanes<FloatOut>(const GatherTable& t, int64_t row_begin, int64_t row_end,
                                         const float* src, int64_t src_stride,
                                         int64_t src_plane_stride, int64_t src_first,
                                         typename FloatOut::T* const* dst, int64_t dst_stride,
                                         int64_t planes, int64_t n, bool streamed,
                                         bool stagger_4kib_apart);
template void HeightPassPlanes<HalfOut>(const GatherTable& t, int64_t row_begin, int64_t row_end,
                                        const float* src, int64_t src_stride,
                                        int64_t src_plane_stride, int64_t src_first,
                                        typename HalfOut::T* const* dst, int64_t dst_stride,
                                        int64_t planes, int64_t n, bool streamed,
                                        bool stagger_4kib_apart);
template void HeightPassPlanes<BFloat16Out>(const GatherTable& t, int64_t row_begin,
                                            int64_t row_end, const float* src, int64_t src_stride,
                                            int64_t src_plane_stride, int64_t src_first,
                                            typename BFloat16Out::T* const* dst, int64_t dst_stride,
                                            int64_t planes, int64_t n, bool streamed,
                                            bool stagger_4kib_apart);
template void HeightPassPlanes<BFloat16DataOut>(
    const GatherTable& t, int64_t row_begin, int64_t row_end, const float* src, int64_t src_stride,
    int64_t src_plane_stride, int64_t src_first, typename BFloat16DataOut::T* const* dst,
    int64_t dst_stride, int64_t planes, int64_t n, bool streamed, bool stagger_4kib_apart);

}  // namespace HWY_NAMESPACE
}  // namespace aclnn_host::resample::kernels
HWY_AFTER_NAMESPACE();
