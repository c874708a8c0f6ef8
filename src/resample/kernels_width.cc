// The width passes of the kernels (the rest: kernels.cc and kernels_planes.cc),
// compiled once per SIMD target by Highway's foreach_target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "resample/kernels_width.cc"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "resample/axis_weights.h"
#include "resample/kernels-inl.h"
#include "resample/kernels.h"

HWY_BEFORE_NAMESPACE();
namespace aclnn_host::resample::kernels {
namespace HWY_NAMESPACE {

// Where the rows of one width-pass call are: a pointer per row, or a first
// row and a stride (no pointer loads: with eight rows the pointer form
// reloads pointers after each block's stores, which on short rows made the
// time follow the stack's address, most likely through 4 KiB aliasing).
// kFetch (kPrefetch): the source rows are the tensor's own, not scratch rows
// (see kWidthPrefetchAhead); a template argument, so that the scratch-row form
// compiles to the same loop as without prefetching (a run-time flag cost 8% on
// small rows with warm caches). kSkip (kSkipRun): the blocks that the
// target's phased or periodic lane8 form takes (RunFormOf) are left to the
// caller, who writes their destinations elsewhere (WidthRowsTo16).
template <bool kFetch, bool kSkip = false>
struct RowPointers {
  static constexpr bool kPaddedDst = false;
  static constexpr bool kPrefetch = kFetch;
  static constexpr bool kSkipRun = kSkip;
  const float* const* src;
  float* const* dst;
  HWY_INLINE const float* Src(int r) const { return src[r]; }
  HWY_INLINE float* Dst(int r) const { return dst[r]; }
};
// Destination rows of the strided form are scratch rows padded to a multiple
// of BlockedTable::kWidth floats: a block's last vector is stored whole.
template <bool kFetch>
struct RowStrides {
  static constexpr bool kPaddedDst = true;
  static constexpr bool kPrefetch = kFetch;
  static constexpr bool kSkipRun = false;
  const float* src;
  int64_t src_stride;
  float* dst;
  int64_t dst_stride;
  HWY_INLINE const float* Src(int r) const { return src + r * src_stride; }
  HWY_INLINE float* Dst(int r) const { return dst + r * dst_stride; }
};

// The window form of a gathered block (BlockedTable::window_*): per tap,
// loads of the row's window and permutes across them give every lane its
// source; the FMAs are the gather form's, so are the bits. Returns false
// (nothing done) where the target or the block has no window form.
template <int kRows, class Rows, class V>
HWY_INLINE bool WindowTaps(const BlockedTable& t, const Rows& rows, size_t sb, int64_t lane0,
                           int64_t gtaps, V* acc) {
  constexpr int64_t kW = BlockedTable::kWidth;
  const hn::CappedTag<float, kW> d;
  const hn::RebindToSigned<decltype(d)> di;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const int64_t at0 = t.gather_offset[sb] + lane0;
  const float* gw = t.gather_weights.data() + at0;
#if HWY_TARGET <= HWY_AVX3
  const int vectors = lanes == kW ? t.window_vectors[sb] : 0;
  if (vectors == 0) return false;
  const int32_t* wi = t.window_index.data() + at0;
  const int64_t* wf = t.window_first.data() + at0 / kW;
  const __m512i bit5 = _mm512_set1_epi32(32);
  // A row shorter than the window (which then starts at 0): each vector of
  // the window loaded masked to the row's sources.
  const bool whole = t.src_size >= vectors * kW;
  auto taps = [&](auto load) {
    for (int64_t k = 0; k < gtaps; ++k) {
      const auto idx = hn::LoadU(di, wi + k * kW);
      const V wv = hn::LoadU(d, gw + k * kW);
      // Sources 32..63 of a 4-vector window: the indices with bit 5 set.
      const __mmask16 upper = _mm512_test_epi32_mask(idx.raw, bit5);
      for (int r = 0; r < kRows; ++r) {
        const float* win = rows.Src(r) + wf[k];
        __m512 v = _mm512_permutex2var_ps(load(win, 0), idx.raw, load(win, 1));
        if (vectors == 4) {
          const __m512 v2 = _mm512_permutex2var_ps(load(win, 2), idx.raw, load(win, 3));
          v = _mm512_mask_blend_ps(upper, v, v2);
        }
        acc[r] = hn::MulAdd(V{v}, wv, acc[r]);
      }
    }
  };
  if (whole) {
    taps([](const float* win, int j) { return _mm512_loadu_ps(win + j * kW); });
  } else {
    // Only a window's last vector can lie wholly past the row (a gathered
    // block spans more than 16 sources: a short row of 17..31 takes a window
    // of two vectors, one of 33..63 four): it loads nothing (mask 0) from the
    // row's start, no address past the row is formed.
    __mmask16 part[4];
    for (int j = 0; j < 4; ++j) {
      part[j] =
          hn::FirstN(d, static_cast<size_t>(std::clamp<int64_t>(t.src_size - j * kW, 0, kW))).raw;
    }
    const int64_t last = 3 * kW < t.src_size ? 3 * kW : 0;
    taps([&](const float* win, int j) {
      return _mm512_maskz_loadu_ps(part[j], win + (j == 3 ? last : j * kW));
    });
  }
  return true;
#elif HWY_TARGET == HWY_AVX2
  constexpr int64_t kHalf = BlockedTable::kHalf;
  const size_t sh = 2 * sb + static_cast<size_t>(lane0 / kHalf);
  const int vectors = lanes == kHalf ? t.window8_vectors[sh] : 0;
  if (vectors == 0) return false;
  const int32_t* wi = t.window8_index.data() + at0;
  const int64_t* wf = t.window8_first.data() + at0 / kHalf;
  const auto seven = hn::Set(di, 7);
  // A row shorter than the window (which then starts at 0): each vector of
  // the window loaded masked to the row's sources.
  const bool whole = t.src_size >= vectors * lanes;
  auto taps = [&](auto load) {
    for (int64_t k = 0; k < gtaps; ++k) {
      const auto iv = hn::LoadU(di, wi + k * kW);
      const auto idx = hn::IndicesFromVec(d, hn::And(iv, seven));
      const auto odd = hn::RebindMask(d, hn::Ne(hn::And(iv, hn::Set(di, 8)), hn::Zero(di)));
      const auto upper = hn::RebindMask(d, hn::Ne(hn::And(iv, hn::Set(di, 16)), hn::Zero(di)));
      const V wv = hn::LoadU(d, gw + k * kW);
      // window8_first holds an entry per kHalf table slots: tap k's is 2k on.
      const int64_t start = wf[k * (kW / kHalf)];
      for (int r = 0; r < kRows; ++r) {
        const float* win = rows.Src(r) + start;
        V v = hn::IfThenElse(odd, hn::TableLookupLanes(load(win, 1), idx),
                             hn::TableLookupLanes(load(win, 0), idx));
        if (vectors == 4) {
          const V v2 = hn::IfThenElse(odd, hn::TableLookupLanes(load(win, 3), idx),
                                      hn::TableLookupLanes(load(win, 2), idx));
          v = hn::IfThenElse(upper, v2, v);
        }
        acc[r] = hn::MulAdd(v, wv, acc[r]);
      }
    }
  };
  if (whole) {
    taps([&](const float* win, int j) { return hn::LoadU(d, win + j * lanes); });
  } else {
    // Only a window's last vector can lie wholly past the row (a gathered
    // block spans more than 16 sources: a short row, 17..31 of them, takes
    // four vectors): it loads nothing (mask 0) from the row's start, no
    // address past the row is formed.
    hn::Mask<decltype(d)> part[4];
    for (int j = 0; j < 4; ++j) {
      part[j] =
          hn::FirstN(d, static_cast<size_t>(std::clamp<int64_t>(t.src_size - j * lanes, 0, lanes)));
    }
    const int64_t last = 3 * lanes < t.src_size ? 3 * lanes : 0;
    taps([&](const float* win, int j) {
      return hn::MaskedLoad(part[j], d, win + (j == 3 ? last : j * lanes));
    });
  }
  return true;
#else
  (void)t, (void)rows, (void)sb, (void)lane0, (void)gtaps, (void)acc, (void)di, (void)lanes,
      (void)gw;
  return false;
#endif
}

// Rows read from the source tensor itself (not from scratch) are prefetched
// this many floats ahead of each block's window: eight rows read side by side
// are eight streams, and gathers and broadcasts do not train the hardware
// prefetchers as plain loads do (measured on AMD Zen 4 with cold caches, AVX2,
// forward 512x512 -> 1024x1024 in width-first order: 0.88 -> 0.74 ms). Rows
// that come from scratch are in L1/L2 already; prefetching them would only
// cost issue slots.
constexpr int64_t kWidthPrefetchAhead = 128;
constexpr int64_t kFloatsPerLine = 16;

#if HWY_TARGET == HWY_AVX2 || HWY_TARGET <= HWY_AVX3
// Stores the sums of four destination columns, `stride` floats apart, and
// ORs x * 0 of each into probe (x * 0 is +-0 for finite x and NaN
// otherwise; OR-ed, the NaNs stay).
HWY_INLINE void StoreFourColumns(__m256 a0, __m256 a1, __m256 a2, __m256 a3, float* out,
                                 int64_t stride, __m256& probe) {
  const __m256 zero = _mm256_setzero_ps();
  probe = _mm256_or_ps(probe, _mm256_or_ps(_mm256_mul_ps(a0, zero), _mm256_mul_ps(a1, zero)));
  probe = _mm256_or_ps(probe, _mm256_or_ps(_mm256_mul_ps(a2, zero), _mm256_mul_ps(a3, zero)));
  _mm256_storeu_ps(out, a0);
  _mm256_storeu_ps(out + stride, a1);
  _mm256_storeu_ps(out + 2 * stride, a2);
  _mm256_storeu_ps(out + 3 * stride, a3);
}

// Four rows of eight floats r[0..3]: u[j] holds, in each 128-bit half h,
// element 4h + j of the four rows (the first two steps of a transpose).
HWY_INLINE void InterleaveFour(const __m256* r, __m256* u) {
  const __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
  const __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
  u[0] = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0));
  u[1] = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2));
  u[2] = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0));
  u[3] = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2));
}

// kN consecutive vectors of eight sums c[v] stored at out + 8 * v as
// StoreStrip stores them (bf16: pairs rounded and joined in one permute),
// each ORed into probe as StoreFourColumns does.
template <class Out, int kN>
HWY_INLINE void StoreConsecutive(const __m256* c, typename Out::T* out, __m256& probe) {
  const hn::CappedTag<float, 8> d8;
  hn::Vec<decltype(d8)> v[kN];
  for (int i = 0; i < kN; ++i) {
    probe = _mm256_or_ps(probe, _mm256_mul_ps(c[i], _mm256_setzero_ps()));
    v[i] = hn::Vec<decltype(d8)>{c[i]};
  }
  StoreStrip<Out, kN>(d8, v, out);
}

// StoreFourColumns for a single column, stored as Out stores it (FloatOut:
// as it is; the 16-bit writers round it as store_half_row /
// store_bfloat16_row do).
template <class Out>
HWY_INLINE void StoreColumn(__m256 acc, typename Out::T* out, __m256& probe) {
  probe = _mm256_or_ps(probe, _mm256_mul_ps(acc, _mm256_setzero_ps()));
  const hn::CappedTag<float, 8> d8;
  Out::Store(d8, hn::Vec<decltype(d8)>{acc}, out);
}

// The phased form (BlockedTable::phase_period) of rows src[r] -> dst[r],
// r < num_rows: for 8 periods at a time, each phase's sum over its taps
// (weights held in registers for all the rows, the 8 periods' sources one
// unaligned load per tap), then the phases' sums interleaved into the
// destination's order. The lane form's chains, without its permute per tap.
// probe as StoreColumn's; Out: how the sums are stored.
template <int kPeriod, int kTaps, bool kFetch, class Out>
void PhasedRows(const BlockedTable& t, const float* const* src, typename Out::T* const* dst,
                int64_t num_rows, __m256& rows_probe) {
  constexpr int64_t kMax = BlockedTable::kMaxPhaseTaps;
  __m256 w[kPeriod][kTaps];
  int64_t at[kPeriod][kTaps];
  for (int p = 0; p < kPeriod; ++p) {
    for (int j = 0; j < kTaps; ++j) {
      w[p][j] = _mm256_broadcast_ss(&t.phase_weights[static_cast<size_t>(p * kMax + j)]);
      at[p][j] = t.phase_source[static_cast<size_t>(p * kMax + j)];
    }
  }
  const int64_t periods = t.phase_periods;  // >= 8
  const int64_t d0 = t.phase_block_begin * BlockedTable::kWidth;
  const __m256 zero = _mm256_setzero_ps();
  __m256 probe = zero;  // in a register: the stores could alias rows_probe
  for (int64_t r = 0; r < num_rows; ++r) {
    const float* const row = src[r];
    typename Out::T* const out = dst[r] + d0;
    for (int64_t k0 = 0; k0 < periods; k0 += 8) {
      const int64_t k = std::min(k0, periods - 8);  // the last 8 may overlap the previous
      if constexpr (kFetch) {
        if (k0 % kFloatsPerLine == 0) __builtin_prefetch(row + at[0][0] + k + kWidthPrefetchAhead);
      }
      __m256 e[kPeriod];
      for (int p = 0; p < kPeriod; ++p) {
        e[p] = zero;
        for (int j = 0; j < kTaps; ++j) {
          e[p] = _mm256_fmadd_ps(w[p][j], _mm256_loadu_ps(row + at[p][j] + k), e[p]);
        }
      }
      typename Out::T* o = out + kPeriod * k;
      if constexpr (kPeriod == 2) {
        const __m256 lo = _mm256_unpacklo_ps(e[0], e[1]), hi = _mm256_unpackhi_ps(e[0], e[1]);
        const __m256 c[2] = {_mm256_permute2f128_ps(lo, hi, 0x20),
                             _mm256_permute2f128_ps(lo, hi, 0x31)};
        StoreConsecutive<Out, 2>(c, o, probe);
      } else {
        static_assert(kPeriod == 4, "2 or 4 phases");
        __m256 u[4];  // periods 0 | 4, 1 | 5, 2 | 6, 3 | 7
        InterleaveFour(e, u);
        const __m256 c[4] = {
            _mm256_permute2f128_ps(u[0], u[1], 0x20), _mm256_permute2f128_ps(u[2], u[3], 0x20),
            _mm256_permute2f128_ps(u[0], u[1], 0x31), _mm256_permute2f128_ps(u[2], u[3], 0x31)};
        StoreConsecutive<Out, 4>(c, o, probe);
      }
    }
  }
  rows_probe = _mm256_or_ps(rows_probe, probe);
}

template <bool kFetch, class Out = FloatOut>
auto PhasedRowsOf(const BlockedTable& t) {
  using Fn =
      void (*)(const BlockedTable&, const float* const*, typename Out::T* const*, int64_t, __m256&);
  constexpr int64_t kMax = BlockedTable::kMaxPhaseTaps;
  static constexpr auto kTwo = TapTable<Fn, kMax>(
      [](auto taps) -> Fn { return &PhasedRows<2, decltype(taps)::value, kFetch, Out>; });
  static constexpr auto kFour = TapTable<Fn, kMax>(
      [](auto taps) -> Fn { return &PhasedRows<4, decltype(taps)::value, kFetch, Out>; });
  return (t.phase_period == 2 ? kTwo : kFour)[static_cast<size_t>(t.phase_taps)];
}

// One group of the periodic lane8 form (BlockedTable::lane8_period): the
// half at `half` and its repeats every lane8_period halves, over rows
// src[r] -> dst[r], r < num_rows. The half's indices and weights stay in
// registers; each period loads its 8-source window and does the lane8 form's
// permutes and FMAs (from zero, ascending taps: the same bits). probe as
// StoreColumn's; Out: how the sums are stored.
template <int kTaps, bool kFetch, class Out>
void PeriodicLane8Group(const BlockedTable& t, int64_t half, const float* const* src,
                        typename Out::T* const* dst, int64_t num_rows, __m256& rows_probe) {
  constexpr int64_t kHalf = BlockedTable::kHalf;
  const size_t sh = static_cast<size_t>(half);
  const int32_t* li = t.lane8_index.data() + t.lane8_offset[sh];
  const float* lw = t.lane8_weights.data() + t.lane8_offset[sh];
  __m256i idx[kTaps];
  __m256 w[kTaps];
  for (int j = 0; j < kTaps; ++j) {
    idx[j] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(li + j * kHalf));
    w[j] = _mm256_loadu_ps(lw + j * kHalf);
  }
  const int64_t first = t.lane8_first[sh], step = t.lane8_period_step;
  const int64_t out_step = t.lane8_period * kHalf, periods = t.lane8_run_periods;
  const __m256 zero = _mm256_setzero_ps();
  __m256 probe = zero;  // in a register: the stores could alias rows_probe
  for (int64_t r = 0; r < num_rows; ++r) {
    const float* row = src[r] + first;
    typename Out::T* out = dst[r] + half * kHalf;
    for (int64_t k = 0; k < periods; ++k, row += step, out += out_step) {
      if constexpr (kFetch) __builtin_prefetch(row + kWidthPrefetchAhead);
      const __m256 win = _mm256_loadu_ps(row);
      __m256 acc = zero;
      for (int j = 0; j < kTaps; ++j) {
        acc = _mm256_fmadd_ps(_mm256_permutevar8x32_ps(win, idx[j]), w[j], acc);
      }
      StoreColumn<Out>(acc, out, probe);
    }
  }
  rows_probe = _mm256_or_ps(rows_probe, probe);
}

// The periodic lane8 form of blocks [lane8_run_block_begin,
// lane8_run_block_end), group by group.
template <bool kFetch, class Out = FloatOut>
void PeriodicLane8Rows(const BlockedTable& t, const float* const* src, typename Out::T* const* dst,
                       int64_t num_rows, __m256& probe) {
  using Fn = void (*)(const BlockedTable&, int64_t, const float* const*, typename Out::T* const*,
                      int64_t, __m256&);
  static constexpr auto kGroups = TapTable<Fn, BlockedTable::kMaxLane8Taps>(
      [](auto taps) -> Fn { return &PeriodicLane8Group<decltype(taps)::value, kFetch, Out>; });
  for (int64_t g = 0; g < t.lane8_period; ++g) {
    const int64_t half = 2 * t.lane8_run_block_begin + g;
    kGroups[static_cast<size_t>(t.lane8_taps[static_cast<size_t>(half)])](t, half, src, dst,
                                                                          num_rows, probe);
  }
}
#endif

#if HWY_TARGET <= HWY_AVX3
// The most taps a phase has where AVX-512 takes the phased form (WidthRows).
constexpr int64_t kMaxPhaseTaps16 = 2;
// The most taps of a periodic lane8 run (BlockedTable::lane8_period) where
// AVX-512 takes that 8-lane form (WidthRows) instead of its 16-lane blocks:
// with its indices and weights in registers it no longer loads them, nor a
// block's bookkeeping, for every block of one or two taps. Measured on AMD
// EPYC (Zen 4), calls back to back, best of 200 in 3 rounds of the two
// builds alternated: 1 thread, Nearest1dBackward (8, 2, 16000) -> 8000 (one
// tap) 0.026-0.028 -> 0.022-0.023 ms (AVX2 0.024), Nearest2dBackward (1, 3,
// 1080 x 1920) -> 540 x 960 0.69-0.73 -> 0.62-0.66 ms; 2 threads, 0.026-0.027
// -> 0.015-0.016 and 0.35-0.40 -> 0.31-0.36 ms. Two taps (Bilinear2d 224 ->
// 512, (8, 3) planes) within the noise; four taps slower (Bicubic2d, same
// shape, 1.04-1.07 -> 1.10-1.35 ms), so they keep the blocks.
constexpr int64_t kMaxPeriodicLane8Taps16 = 2;

// PhasedRows on 16-lane vectors: 16 periods at a time (phase_periods >= 16;
// the last 16 may overlap the previous), the phases' sums interleaved into
// the destination's order by two-source lane permutes. Same products, same
// order: the same bits as the lane form. probe as PhasedRows'; Out: how the
// sums are stored.
template <int kPeriod, int kTaps, bool kFetch, class Out>
void PhasedRows16(const BlockedTable& t, const float* const* src, typename Out::T* const* dst,
                  int64_t num_rows, __m512& rows_probe) {
  constexpr int64_t kMax = BlockedTable::kMaxPhaseTaps;
  __m512 w[kPeriod][kTaps];
  int64_t at[kPeriod][kTaps];
  for (int p = 0; p < kPeriod; ++p) {
    for (int j = 0; j < kTaps; ++j) {
      w[p][j] = _mm512_set1_ps(t.phase_weights[static_cast<size_t>(p * kMax + j)]);
      at[p][j] = t.phase_source[static_cast<size_t>(p * kMax + j)];
    }
  }
  // Lanes 0-7 (low) and 8-15 (high) of a and b, interleaved: a0 b0 a1 b1 ...
  const __m512i low = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const __m512i high =
      _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  // The same for pairs of floats (as 64-bit lanes): pairs 0-3 and 4-7.
  const __m512i low2 = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
  const __m512i high2 = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
  const int64_t periods = t.phase_periods;  // >= 16
  const int64_t d0 = t.phase_block_begin * BlockedTable::kWidth;
  const __m512 zero = _mm512_setzero_ps();
  __m512 probe = zero;  // in a register: the stores could alias rows_probe
  // kN consecutive vectors as StoreStrip stores them (bf16: pairs rounded
  // and joined in one permute).
  const hn::CappedTag<float, 16> d16;
  using V16 = hn::Vec<decltype(d16)>;
  auto store = [&](typename Out::T* o, auto... c) {
    V16 v[] = {V16{c}...};
    for (const V16& x : v) probe = _mm512_or_ps(probe, _mm512_mul_ps(x.raw, zero));
    StoreStrip<Out, sizeof...(c)>(d16, v, o);
  };
  for (int64_t r = 0; r < num_rows; ++r) {
    const float* const row = src[r];
    typename Out::T* const out = dst[r] + d0;
    for (int64_t k0 = 0; k0 < periods; k0 += 16) {
      const int64_t k = std::min(k0, periods - 16);
      if constexpr (kFetch) __builtin_prefetch(row + at[0][0] + k + kWidthPrefetchAhead);
      __m512 e[kPeriod];
      for (int p = 0; p < kPeriod; ++p) {
        e[p] = zero;
        for (int j = 0; j < kTaps; ++j) {
          e[p] = _mm512_fmadd_ps(w[p][j], _mm512_loadu_ps(row + at[p][j] + k), e[p]);
        }
      }
      typename Out::T* o = out + kPeriod * k;
      if constexpr (kPeriod == 2) {
        store(o, _mm512_permutex2var_ps(e[0], low, e[1]), _mm512_permutex2var_ps(e[0], high, e[1]));
      } else {
        static_assert(kPeriod == 4, "2 or 4 phases");
        // Pairs (phase 0, 1) and (2, 3) of each period, then pairs of pairs.
        const __m512d a0 = _mm512_castps_pd(_mm512_permutex2var_ps(e[0], low, e[1]));
        const __m512d a1 = _mm512_castps_pd(_mm512_permutex2var_ps(e[0], high, e[1]));
        const __m512d b0 = _mm512_castps_pd(_mm512_permutex2var_ps(e[2], low, e[3]));
        const __m512d b1 = _mm512_castps_pd(_mm512_permutex2var_ps(e[2], high, e[3]));
        store(o, _mm512_castpd_ps(_mm512_permutex2var_pd(a0, low2, b0)),
              _mm512_castpd_ps(_mm512_permutex2var_pd(a0, high2, b0)),
              _mm512_castpd_ps(_mm512_permutex2var_pd(a1, low2, b1)),
              _mm512_castpd_ps(_mm512_permutex2var_pd(a1, high2, b1)));
      }
    }
  }
  rows_probe = _mm512_or_ps(rows_probe, probe);
}

template <bool kFetch, class Out = FloatOut>
auto PhasedRows16Of(const BlockedTable& t) {
  using Fn =
      void (*)(const BlockedTable&, const float* const*, typename Out::T* const*, int64_t, __m512&);
  static constexpr auto kTwo = TapTable<Fn, kMaxPhaseTaps16>(
      [](auto taps) -> Fn { return &PhasedRows16<2, decltype(taps)::value, kFetch, Out>; });
  static constexpr auto kFour = TapTable<Fn, kMaxPhaseTaps16>(
      [](auto taps) -> Fn { return &PhasedRows16<4, decltype(taps)::value, kFetch, Out>; });
  return (t.phase_period == 2 ? kTwo : kFour)[static_cast<size_t>(t.phase_taps)];
}
#endif

#if HWY_TARGET == HWY_AVX2 || HWY_TARGET <= HWY_AVX3
// The blocks [begin, end) of a width pass that the target's phased form
// (phases) or periodic lane8 form (otherwise) takes; begin = end = num_blocks
// where none does. lanes: the width pass's vector lanes (8 on AVX2, 16 on
// AVX-512).
struct RunForm {
  bool phases = false;
  int64_t begin = 0;
  int64_t end = 0;
};
HWY_INLINE RunForm RunFormOf(const BlockedTable& t, bool phased, int64_t lanes) {
#if HWY_TARGET == HWY_AVX2
  const bool phases = phased && lanes == BlockedTable::kHalf && t.phase_period > 0;
  const bool periodic = phased && lanes == BlockedTable::kHalf && t.lane8_period > 0;
#else
  // The phased form where its phases have 1 or 2 taps: with more, a phase's
  // unaligned loads of 16 sources (each across two cache lines) cost more
  // than the lane form's permutes (feature 2x down, AA bicubic backward, 4
  // taps: 0.096 -> 0.11 ms).
  const bool phases = phased && lanes == BlockedTable::kWidth && t.phase_period > 0 &&
                      t.phase_periods >= 16 && t.phase_taps <= kMaxPhaseTaps16;
  const bool periodic = phased && lanes == BlockedTable::kWidth && t.lane8_period > 0 &&
                        t.lane8_run_taps <= kMaxPeriodicLane8Taps16;
#endif
  if (phases) return {true, t.phase_block_begin, t.phase_block_end};
  if (periodic) return {false, t.lane8_run_block_begin, t.lane8_run_block_end};
  return {false, t.num_blocks, t.num_blocks};
}

// The run's blocks of rows src[r] -> dst[r] (destinations stored as Out
// stores them), r < num_rows, by its form; returns whether every sum was
// finite.
template <bool kFetch, class Out>
bool RunFormRows(const BlockedTable& t, const RunForm& run, const float* const* src,
                 typename Out::T* const* dst, int64_t num_rows) {
  __m256 probe = _mm256_setzero_ps();
#if HWY_TARGET == HWY_AVX2
  if (run.phases) {
    PhasedRowsOf<kFetch, Out>(t)(t, src, dst, num_rows, probe);
  } else {
    PeriodicLane8Rows<kFetch, Out>(t, src, dst, num_rows, probe);
  }
#else
  if (run.phases) {
    __m512 probe16 = _mm512_setzero_ps();
    PhasedRows16Of<kFetch, Out>(t)(t, src, dst, num_rows, probe16);
    probe = _mm256_or_ps(_mm512_castps512_ps256(probe16),
                         _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(probe16), 1)));
  } else {
    PeriodicLane8Rows<kFetch, Out>(t, src, dst, num_rows, probe);
  }
#endif
  const __m256i magnitude = _mm256_set1_epi32(0x7FFFFFFF);
  return _mm256_testz_si256(_mm256_castps_si256(probe), magnitude) != 0;
}
#endif

// Destinations per chunk of the decimated form (the last chunk of a run takes
// up to kWidth more, so that none is shorter than a vector): a chunk's
// sources are split into their even and odd ones in stack buffers, then
// read back unaligned.
constexpr int64_t kDecimChunk = 256;

// The decimated form (BlockedTable::decim_taps) of whole rows src[r] ->
// dst[r], r < num_rows (<= kMaxWidthRows). The run goes in chunks: the
// chunk's sources split into even and odd ones (a load pair and two permutes
// per 2 * lanes sources), then each vector of destinations is the sum over
// the taps (weights held in registers) of the even (tap j even) or odd
// sources from j / 2 on, one unaligned load each, four vectors side by side
// (four chains in flight); the last vector of a chunk may overlap the
// previous one. The edge destinations gather their taps one by one, the
// rows' chains side by side. Every destination is its sparse chain
// (ascending taps from zero): the same bits, whatever the values. probe as
// WidthRows' (In, Out: fp32 rows; for 16-bit rows read and stored in
// registers, see DecimatedRowsTo16, it stays as it is).
template <int kTaps, bool kFetch, class In, class Out, class D>
void DecimatedRows(D d, const BlockedTable& t, const typename In::T* const* src,
                   typename Out::T* const* dst, int num_rows,
                   hn::Vec<hn::RebindToUnsigned<D>>& rows_probe) {
  using V = hn::Vec<D>;
  using TIn = typename In::T;
  constexpr bool kProbe = std::is_same_v<Out, FloatOut>;
  // Lines and prefetch distance in elements of the source (the same bytes
  // ahead for 16-bit rows as for fp32 ones).
  constexpr int64_t kLineElements = 64 / static_cast<int64_t>(sizeof(TIn));
  constexpr int64_t kAhead = kWidthPrefetchAhead * 4 / static_cast<int64_t>(sizeof(TIn));
  const hn::RebindToUnsigned<D> du;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  constexpr int64_t kPairsPast = (kTaps + 1) / 2 - 1;  // pairs a chunk needs past its end
  constexpr int64_t kBuffer = kDecimChunk + BlockedTable::kWidth + kPairsPast;
  HWY_ALIGN float even[kBuffer];
  HWY_ALIGN float odd[kBuffer];
  V w[kTaps];
  for (int j = 0; j < kTaps; ++j) w[j] = hn::Set(d, t.decim_weights[static_cast<size_t>(j)]);
  const int64_t begin = t.decim_begin, n = t.decim_end - begin;  // n >= kWidth >= lanes
  auto probe = hn::Zero(du);  // in a register: the stores could alias rows_probe
  const auto finish = [&](V acc, typename Out::T* p) {
    if constexpr (kProbe) probe = hn::Or(probe, hn::BitCast(du, hn::Mul(acc, hn::Zero(d))));
    Out::Store(d, acc, p);
  };
  // Two taps read each pair once: the sums come straight from the pair loads'
  // registers, with no split into the buffers. Measured, the two forms
  // alternated in one process, calls back to back, AVX2, split -> registers
  // with either loaded first: Nearest2dBackward of (1, 64, 256, 256) at 1
  // thread 0.89-1.04 -> 0.83-0.92 ms and 0.84-0.92 -> 0.76-0.80 (SSE4 alike);
  // Bilinear2d 1080x1920 -> 540x960 at 2 threads 0.69-0.71 -> 0.55-0.58 and
  // 0.70-0.78 -> 0.61-0.70.
  constexpr bool kPairsInRegisters = kTaps == 2;
  // The pairs from source 2 * m of a row (pair0) on, split into e (even
  // sources) and o; with kFetch first the row's lines a little ahead, and the
  // next row's (next0) at the same place: a row goes faster than memory, so
  // most of each row is fetched while the previous one is done.
  const auto load_pairs = [&](int r, const TIn* pair0, const TIn* next0, int64_t m, V& e, V& o) {
    if constexpr (kFetch) {
      for (int64_t f = 0; f < 2 * lanes; f += kLineElements) {
        __builtin_prefetch(pair0 + 2 * m + f + kAhead);
        if (r + 1 < num_rows) __builtin_prefetch(next0 + 2 * m + f);
      }
    }
    In::LoadPairs(d, pair0 + 2 * m, e, o);
  };
  const hn::CappedTag<float, 1> d1;
  if constexpr (kPairsInRegisters) {
    for (int r = 0; r < num_rows; ++r) {
      const TIn* const pair0 = src[r] + t.decim_source;
      const TIn* const next0 = src[std::min(r + 1, num_rows - 1)] + t.decim_source;
      typename Out::T* const out = dst[r] + begin;
      for (int64_t k = 0; k < n; k += lanes) {
        const int64_t at = std::min(k, n - lanes);
        V e, o;
        load_pairs(r, pair0, next0, at, e, o);
        finish(hn::MulAdd(w[1], o, hn::MulAdd(w[0], e, hn::Zero(d))), out + at);
      }
    }
  } else {
    for (int r = 0; r < num_rows; ++r) {
      const TIn* const row = src[r] + t.decim_source;
      typename Out::T* const out = dst[r] + begin;
      for (int64_t c0 = 0, cn = 0; c0 < n; c0 += cn) {
        cn = n - c0 <= kDecimChunk + BlockedTable::kWidth ? n - c0 : kDecimChunk;  // >= lanes
        // Pairs m < pairs: sources 2 * (c0 + m) and the next, all inside the
        // row (BlockedTable::decim_source).
        const TIn* const pair0 = row + 2 * c0;
        const TIn* const next0 = src[std::min(r + 1, num_rows - 1)] + t.decim_source + 2 * c0;
        const int64_t pairs = cn + kPairsPast;
        int64_t m = 0;
        for (; m + lanes <= pairs; m += lanes) {
          V e, o;
          load_pairs(r, pair0, next0, m, e, o);
          hn::Store(e, d, even + m);
          hn::Store(o, d, odd + m);
        }
        if (m < pairs && pairs >= lanes) {  // the last vector of pairs overlaps the previous
          V e, o;
          In::LoadPairs(d, pair0 + 2 * (pairs - lanes), e, o);
          hn::StoreU(e, d, even + pairs - lanes);
          hn::StoreU(o, d, odd + pairs - lanes);
        } else {
          for (; m < pairs; ++m) {
            even[m] = hn::GetLane(In::Load(d1, pair0 + 2 * m));
            odd[m] = hn::GetLane(In::Load(d1, pair0 + 2 * m + 1));
          }
        }
        int64_t k = 0;
        for (; k + 4 * lanes <= cn; k += 4 * lanes) {
          V acc[4];
          for (int v = 0; v < 4; ++v) acc[v] = hn::Zero(d);
          for (int j = 0; j < kTaps; ++j) {
            const float* half = (j % 2 == 0 ? even : odd) + k + j / 2;
            for (int v = 0; v < 4; ++v) {
              acc[v] = hn::MulAdd(w[j], hn::LoadU(d, half + v * lanes), acc[v]);
            }
          }
          for (int v = 0; v < 4; ++v) finish(acc[v], out + c0 + k + v * lanes);
        }
        for (; k < cn; k += lanes) {
          const int64_t at = std::min(k, cn - lanes);
          V acc = hn::Zero(d);
          for (int j = 0; j < kTaps; ++j) {
            acc = hn::MulAdd(w[j], hn::LoadU(d, (j % 2 == 0 ? even : odd) + at + j / 2), acc);
          }
          finish(acc, out + c0 + at);
        }
      }
    }
  }
  // The edges: per destination, the rows' chains side by side.
  const hn::RebindToUnsigned<decltype(d1)> du1;
  auto edge_probe = hn::Zero(du1);
  const int64_t edges = static_cast<int64_t>(t.decim_edge_first.size());
  for (int64_t e = 0; e < edges; ++e) {
    const size_t se = static_cast<size_t>(e);
    const int64_t first = t.decim_edge_first[se], count = t.decim_edge_count[se];
    const float* ew = t.decim_edge_weights.data() + t.decim_edge_offset[se];
    const int64_t at = e < begin ? e : e - begin + t.decim_end;
    hn::Vec<decltype(d1)> acc[kMaxWidthRows];
    for (int r = 0; r < kMaxWidthRows; ++r) acc[r] = hn::Zero(d1);
    for (int64_t j = 0; j < count; ++j) {
      const auto wj = hn::Set(d1, ew[j]);
      for (int r = 0; r < num_rows; ++r) {
        acc[r] = hn::MulAdd(wj, In::Load(d1, src[r] + first + j), acc[r]);
      }
    }
    for (int r = 0; r < num_rows; ++r) {
      if constexpr (kProbe) {
        edge_probe = hn::Or(edge_probe, hn::BitCast(du1, hn::Mul(acc[r], hn::Zero(d1))));
        hn::StoreU(acc[r], d1, dst[r] + at);
      } else {
        Out::StoreFirst(d, hn::Set(d, hn::GetLane(acc[r])), 1, dst[r] + at);
      }
    }
  }
  rows_probe = hn::Or(rows_probe, hn::Or(probe, hn::Set(du, hn::GetLane(edge_probe))));
}

template <bool kFetch, class In, class Out, class D>
auto DecimatedRowsOf(D, const BlockedTable& t) {
  using Fn = void (*)(D, const BlockedTable&, const typename In::T* const*, typename Out::T* const*,
                      int, hn::Vec<hn::RebindToUnsigned<D>>&);
  // By tap count: a kernel for exactly the counts BlockedTable::IsDecimTaps
  // allows (only those are instantiated), none for the others.
  static constexpr auto kByTaps = TapTable<Fn, BlockedTable::kMaxDecimTaps>([](auto taps) -> Fn {
    if constexpr (BlockedTable::IsDecimTaps(decltype(taps)::value)) {
      return &DecimatedRows<decltype(taps)::value, kFetch, In, Out, D>;
    } else {
      return nullptr;
    }
  });
  return kByTaps[static_cast<size_t>(t.decim_taps)];
}

// KernelTable::decimated_half_rows / decimated_bfloat16_rows: the decimated
// form over 16-bit rows of the tensors themselves, read and rounded in
// registers (every destination is its own chain, so no finiteness probe and
// no redo).
template <class In, class Out>
void DecimatedRowsTo16(const BlockedTable& t, const uint16_t* const* src, uint16_t* const* dst,
                       int64_t num_rows) {
  const hn::ScalableTag<float> d;
  auto probe = hn::Zero(hn::RebindToUnsigned<decltype(d)>());
  const int rows = static_cast<int>(std::clamp<int64_t>(num_rows, 0, kMaxWidthRows));
  DecimatedRowsOf<true, In, Out>(d, t)(d, t, src, dst, rows, probe);
}

#if HWY_TARGET <= HWY_AVX2
void DecimatedHalfRows(const BlockedTable& t, const uint16_t* const* src, uint16_t* const* dst,
                       int64_t num_rows) {
  DecimatedRowsTo16<HalfIn, HalfOut>(t, src, dst, num_rows);
}
#endif
void DecimatedBFloat16Rows(const BlockedTable& t, const uint16_t* const* src, uint16_t* const* dst,
                           int64_t num_rows) {
  DecimatedRowsTo16<BFloat16In, BFloat16Out>(t, src, dst, num_rows);
}
void DecimatedBFloat16DataRows(const BlockedTable& t, const uint16_t* const* src,
                               uint16_t* const* dst, int64_t num_rows) {
  DecimatedRowsTo16<BFloat16In, BFloat16DataOut>(t, src, dst, num_rows);
}

// KernelTable::pair_decimated_row: the sum of two rows and the two-tap
// decimated width pass of that sum in one. Each vector of destinations
// loads its pairs of sources from both rows (In::LoadPairs), sums them
// as height_combine does (tap 0 on +0, then tap 1) into the even and the odd
// sources of the stage row it never stores, then takes the decimated chain
// (even tap on +0, then odd): the bits of the two passes. The edge
// destinations gather their taps one by one from sums made the same way.
// The ahead rows are prefetched as one run in address order, ahead_rows
// lines of it per line of each row's progress (CombineGroupFetch's scheme).
// In: the source rows' dtype (fp16 and bf16 converted in registers,
// exactly, as height_combine's 16-bit row forms do).
//
// GCC places the vector loop at 64 bytes (its prefetch loop then stays in one
// line of code): as placed by the code around it, the fp32 form of the same
// instructions ran 13% slower on AVX2 (AMD EPYC, Nearest2dBackward (1, 64,
// 256, 256) -> 128 x 128, 2 threads, calls back to back, medians of 300 in
// alternated processes: 0.32-0.33 ms as placed before, 0.38-0.42 as the
// 16-bit forms' code moved it, 0.34-0.35 aligned). Clang has no such
// attribute; its builds are the sanitizer and fuzz ones.
template <class In>
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("align-loops=64")))
#endif
void PairDecimatedRowOf(const BlockedTable& t, const typename In::T* const* rows,
                        const float* weights, float* dst, const typename In::T* const* ahead,
                        int64_t ahead_rows) {
  using T = typename In::T;
  constexpr int64_t kLineElements = 64 / static_cast<int64_t>(sizeof(T));
  const hn::ScalableTag<float> d;
  using V = hn::Vec<decltype(d)>;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const V h0 = hn::Set(d, weights[0]), h1 = hn::Set(d, weights[1]);
  const V w0 = hn::Set(d, t.decim_weights[0]), w1 = hn::Set(d, t.decim_weights[1]);
  const int64_t row_size = t.src_size;
  // The run's next line: row r of the ahead rows, element c of it. (The
  // cursor of CombineGroupFetch; one class for both made this loop spill
  // registers on AVX2: Nearest2dBackward (1, 64, 256, 256), 1 thread, 13%
  // slower.)
  int64_t r = 0, c = 0;
  const auto fetch_next = [&](int64_t lines) {
    for (; lines > 0 && r < ahead_rows; --lines) {
      __builtin_prefetch(ahead[r] + c);
      c += kLineElements;
      if (c >= row_size) {
        c = 0;
        ++r;
      }
    }
  };
  const T* const a = rows[0] + t.decim_source;
  const T* const b = rows[1] + t.decim_source;
  const int64_t begin = t.decim_begin, n = t.decim_end - begin;  // n >= kWidth >= lanes
  float* const out = dst + begin;
  int64_t progress = 0;  // source elements of each row read since the last fetch
  for (int64_t k = 0; k < n; k += lanes) {
    const int64_t at = std::min(k, n - lanes);
    progress += 2 * lanes;
    for (; progress >= kLineElements; progress -= kLineElements) fetch_next(ahead_rows);
    V ea, oa, eb, ob;
    In::LoadPairs(d, a + 2 * at, ea, oa);
    In::LoadPairs(d, b + 2 * at, eb, ob);
    const V even = hn::MulAdd(h1, eb, hn::MulAdd(h0, ea, hn::Zero(d)));
    const V odd = hn::MulAdd(h1, ob, hn::MulAdd(h0, oa, hn::Zero(d)));
    hn::StoreU(hn::MulAdd(w1, odd, hn::MulAdd(w0, even, hn::Zero(d))), d, out + at);
  }
  fetch_next(ahead_rows * (row_size / kLineElements + 2));  // the rest of the run
  const hn::CappedTag<float, 1> d1;
  const auto g0 = hn::Set(d1, weights[0]), g1 = hn::Set(d1, weights[1]);
  const int64_t edges = static_cast<int64_t>(t.decim_edge_first.size());
  for (int64_t e = 0; e < edges; ++e) {
    const size_t se = static_cast<size_t>(e);
    const int64_t first = t.decim_edge_first[se], count = t.decim_edge_count[se];
    const float* ew = t.decim_edge_weights.data() + t.decim_edge_offset[se];
    auto acc = hn::Zero(d1);
    for (int64_t j = 0; j < count; ++j) {
      const auto sum = hn::MulAdd(g1, In::Load(d1, rows[1] + first + j),
                                  hn::MulAdd(g0, In::Load(d1, rows[0] + first + j), hn::Zero(d1)));
      acc = hn::MulAdd(hn::Set(d1, ew[j]), sum, acc);
    }
    hn::StoreU(acc, d1, dst + (e < begin ? e : e - begin + t.decim_end));
  }
}

void PairDecimatedRow(const BlockedTable& t, const float* const* rows, const float* weights,
                      float* dst, const float* const* ahead, int64_t ahead_rows) {
  PairDecimatedRowOf<FloatIn>(t, rows, weights, dst, ahead, ahead_rows);
}
#if HWY_TARGET <= HWY_AVX2
void PairDecimatedHalfRows(const BlockedTable& t, const uint16_t* const* rows, const float* weights,
                           float* dst, const uint16_t* const* ahead, int64_t ahead_rows) {
  PairDecimatedRowOf<HalfIn>(t, rows, weights, dst, ahead, ahead_rows);
}
#endif
void PairDecimatedBFloat16Rows(const BlockedTable& t, const uint16_t* const* rows,
                               const float* weights, float* dst, const uint16_t* const* ahead,
                               int64_t ahead_rows) {
  PairDecimatedRowOf<BFloat16In>(t, rows, weights, dst, ahead, ahead_rows);
}

// Returns whether every value written is finite. A non-finite source inside a
// block's range reaches all of that block's lanes (0 * Inf is NaN), so
// "all finite" also proves the sources were.
template <int kRows, class Rows>
bool WidthRows(const BlockedTable& t, const Rows& rows, bool phased) {
  constexpr int64_t kW = BlockedTable::kWidth;
  const hn::CappedTag<float, kW> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  using V = hn::Vec<decltype(d)>;
  // x * 0 is +-0 for finite x and NaN otherwise; OR-ing the bits (latency 1,
  // unlike an add chain) keeps the NaN exponent bits of any non-finite value.
  const hn::RebindToUnsigned<decltype(d)> du;
  auto probe = hn::Zero(du);
  // The whole row by the decimated form, on vectors of under 16 lanes, and
  // on AVX-512 where it has two taps (or one). AVX-512 keeps the blocks for
  // more taps: its 16-lane dense and window forms were as fast or faster in
  // the ops (2 threads, the two builds alternated in one process: linear 1-D
  // backward of 512 -> 1024, (4, 256) rows, medians of 16 rounds
  // 0.217-0.297 ms against 0.226-0.322 decimated; AA bicubic backward of 128
  // -> 256, 64 planes, 0.60-0.71 against 0.68-0.86; later, with the two-tap
  // pairs in registers, 1 thread, Bilinear2dBackward (8, 32, 128 x 128) ->
  // 64 x 64, 4 taps, 1.27-1.47 against 1.38-1.65), though slower alone on
  // rows in L1 (8 rows of 1920 -> 960, AA bicubic: 489 against 260 ns a row).
  // Two taps gained (AMD EPYC, 2 threads, calls back to back, medians of 300,
  // two rounds in alternated processes): Linear1d (8, 2, 16000) -> 8000
  // 0.036-0.038 -> 0.022-0.027 ms, Nearest1dBackward (4, 256, 1024) -> 512
  // 0.109-0.111 -> 0.088-0.089.
  if (phased && t.decim_taps > 0 && (lanes < kW || t.decim_taps <= 2)) {
    const float* src[kRows];
    float* dst[kRows];
    for (int r = 0; r < kRows; ++r) src[r] = rows.Src(r), dst[r] = rows.Dst(r);
    // A probe of its own: passing `probe` by reference would let the
    // destination stores of the block loop below alias it, and GCC then kept
    // it on the stack, a store and a reload per row and block (AVX-512,
    // Nearest1dBackward (8, 2, 16000) -> 8000, 1 thread: 2.5x the time).
    auto decim_probe = hn::Zero(du);
    DecimatedRowsOf<Rows::kPrefetch, FloatIn, FloatOut>(d, t)(d, t, src, dst, kRows, decim_probe);
    return hn::AllTrue(du, hn::Eq(hn::And(decim_probe, hn::Set(du, 0x7FFFFFFFu)), hn::Zero(du)));
  }
  [[maybe_unused]] int64_t fetched = 0;  // source columns [0, fetched) of each row prefetched
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET <= HWY_AVX3
  // Blocks [run.begin, run.end) by the phased or the periodic lane8 form,
  // row by row (none where run.begin == num_blocks).
  const RunForm run = RunFormOf(t, phased, lanes);
  bool run_finite = true;
#else
  (void)phased;
#endif
  for (int64_t b = 0; b < t.num_blocks; ++b) {
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET <= HWY_AVX3
    if (b == run.begin) {
      if constexpr (!Rows::kSkipRun) {
        const float* src[kRows];
        float* dst[kRows];
        for (int r = 0; r < kRows; ++r) src[r] = rows.Src(r), dst[r] = rows.Dst(r);
        run_finite = RunFormRows<Rows::kPrefetch, FloatOut>(t, run, src, dst, kRows);
      }
      if constexpr (Rows::kPrefetch) {
        if (run.end < t.num_blocks) {
          fetched = std::max(
              fetched, t.src_first[static_cast<size_t>(run.end)] / kFloatsPerLine * kFloatsPerLine);
        }
      }
      b = run.end - 1;
      continue;
    }
#endif
    const size_t sb = static_cast<size_t>(b);
    const float* w = t.weights.data() + t.offset[sb];
    const int64_t taps = t.src_count[sb];
    const int64_t s0 = t.src_first[sb];
    if constexpr (Rows::kPrefetch) {
      const int64_t want = std::min(t.src_size, s0 + taps + kWidthPrefetchAhead);
      for (; fetched < want; fetched += kFloatsPerLine) {
        for (int r = 0; r < kRows; ++r) __builtin_prefetch(rows.Src(r) + fetched);
      }
    }
    const int64_t base = b * kW;
    const int64_t valid = std::min(kW, t.size - base);
#if HWY_TARGET <= HWY_AVX3
    // One vector holds the block's whole source window: gather each
    // destination's taps with lane permutes (K FMAs per row instead of one per
    // source in the window). Same products, same order: the same bits.
    if (lanes == kW && t.lane_taps[sb] > 0) {
      const int64_t ktaps = t.lane_taps[sb];
      const int32_t* li = t.lane_index.data() + t.lane_offset[sb];
      const float* lw = t.lane_weights.data() + t.lane_offset[sb];
      const auto in_row = hn::FirstN(d, static_cast<size_t>(std::min(kW, t.src_size - s0)));
      V acc[kRows], win[kRows];
      for (int r = 0; r < kRows; ++r) {
        win[r] = hn::MaskedLoad(in_row, d, rows.Src(r) + s0);  // never reads past the row
        acc[r] = hn::Zero(d);
      }
      for (int64_t k = 0; k < ktaps; ++k) {
        const auto idx = hn::SetTableIndices(d, li + k * kW);
        const V wv = hn::LoadU(d, lw + k * kW);
        for (int r = 0; r < kRows; ++r) {
          acc[r] = hn::MulAdd(hn::TableLookupLanes(win[r], idx), wv, acc[r]);
        }
      }
      for (int r = 0; r < kRows; ++r) {
        probe = hn::Or(probe, hn::BitCast(du, hn::Mul(acc[r], hn::Zero(d))));
        if (valid == kW || Rows::kPaddedDst) {
          hn::StoreU(acc[r], d, rows.Dst(r) + base);
        } else {
          hn::BlendedStore(acc[r], hn::FirstN(d, static_cast<size_t>(valid)), d,
                           rows.Dst(r) + base);
        }
      }
      continue;
    }
#endif
    const int64_t gtaps = t.gather_taps[sb];
    for (int64_t lane0 = 0; lane0 < valid; lane0 += lanes) {
      V acc[kRows];
      for (int r = 0; r < kRows; ++r) acc[r] = hn::Zero(d);
#if HWY_TARGET == HWY_AVX2
      // Eight destinations whose sources fit one 8-lane vector: their taps
      // by lane permutes, as the 16-lane form above does on AVX-512.
      const size_t sh = 2 * sb + static_cast<size_t>(lane0 / BlockedTable::kHalf);
      const int64_t htaps = lanes == BlockedTable::kHalf ? t.lane8_taps[sh] : 0;
#else
      const size_t sh = 0;
      const int64_t htaps = 0;
#endif
      if (htaps > 0) {
        const int64_t h0 = t.lane8_first[sh];
        const int32_t* li = t.lane8_index.data() + t.lane8_offset[sh];
        const float* lw = t.lane8_weights.data() + t.lane8_offset[sh];
        V win[kRows];
        if (h0 + lanes <= t.src_size) {
          // A plain load where the vector lies in the row (AVX2's masked
          // loads cost more on AMD CPUs).
          for (int r = 0; r < kRows; ++r) win[r] = hn::LoadU(d, rows.Src(r) + h0);
        } else {
          const auto in_row = hn::FirstN(d, static_cast<size_t>(t.src_size - h0));
          for (int r = 0; r < kRows; ++r) win[r] = hn::MaskedLoad(in_row, d, rows.Src(r) + h0);
        }
        for (int64_t k = 0; k < htaps; ++k) {
          const auto idx = hn::SetTableIndices(d, li + k * lanes);
          const V wv = hn::LoadU(d, lw + k * lanes);
          for (int r = 0; r < kRows; ++r) {
            acc[r] = hn::MulAdd(hn::TableLookupLanes(win[r], idx), wv, acc[r]);
          }
        }
      } else if (gtaps > 0 && WindowTaps<kRows>(t, rows, sb, lane0, gtaps, acc)) {
        // Done by the window form.
      } else if (gtaps > 0) {
        // Each lane gathers its own few sources (see BlockedTable).
        const hn::RebindToSigned<decltype(d)> di;
        const int32_t* gi = t.gather_index.data() + t.gather_offset[sb] + lane0;
        const float* gw = t.gather_weights.data() + t.gather_offset[sb] + lane0;
        for (int64_t k = 0; k < gtaps; ++k) {
          const auto idx = hn::LoadU(di, gi + k * kW);
          const V wv = hn::LoadU(d, gw + k * kW);
          for (int r = 0; r < kRows; ++r) {
            acc[r] = hn::MulAdd(hn::GatherIndex(d, rows.Src(r), idx), wv, acc[r]);
          }
        }
      } else {
        for (int64_t j = 0; j < taps; ++j) {
          const V wv = hn::LoadU(d, w + j * kW + lane0);
          for (int r = 0; r < kRows; ++r) {
            acc[r] = hn::MulAdd(hn::Set(d, rows.Src(r)[s0 + j]), wv, acc[r]);
          }
        }
      }
      for (int r = 0; r < kRows; ++r) {
        probe = hn::Or(probe, hn::BitCast(du, hn::Mul(acc[r], hn::Zero(d))));
      }
      if (lane0 + lanes <= valid || Rows::kPaddedDst) {
        for (int r = 0; r < kRows; ++r) hn::StoreU(acc[r], d, rows.Dst(r) + base + lane0);
      } else if (kNativeMasks) {
        const auto m = hn::FirstN(d, static_cast<size_t>(valid - lane0));
        for (int r = 0; r < kRows; ++r) hn::BlendedStore(acc[r], m, d, rows.Dst(r) + base + lane0);
      } else {
        HWY_ALIGN float tmp[kW];
        for (int r = 0; r < kRows; ++r) {
          hn::Store(acc[r], d, tmp);
          std::memcpy(rows.Dst(r) + base + lane0, tmp,
                      static_cast<size_t>(valid - lane0) * sizeof(float));
        }
      }
    }
  }
  const bool finite =
      hn::AllTrue(du, hn::Eq(hn::And(probe, hn::Set(du, 0x7FFFFFFFu)), hn::Zero(du)));
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET <= HWY_AVX3
  return finite && run_finite;
#else
  return finite;
#endif
}

// WidthRows for 1 <= num_rows <= kMaxWidthRows rows. Up to eight rows share
// each weight vector and give eight independent FMA chains, enough to hide
// the FMA latency.
template <class Rows>
bool WidthRowsOf(const BlockedTable& t, const Rows& rows, int64_t num_rows, bool phased) {
  using Fn = bool (*)(const BlockedTable&, const Rows&, bool);
  static constexpr Fn kRows[kMaxWidthRows + 1] = {nullptr,
                                                  &WidthRows<1, Rows>,
                                                  &WidthRows<2, Rows>,
                                                  &WidthRows<3, Rows>,
                                                  &WidthRows<4, Rows>,
                                                  &WidthRows<5, Rows>,
                                                  &WidthRows<6, Rows>,
                                                  &WidthRows<7, Rows>,
                                                  &WidthRows<8, Rows>};
  return kRows[std::clamp<int64_t>(num_rows, 1, kMaxWidthRows)](t, rows, phased);
}

bool WidthPass(const BlockedTable& t, const float* const* src, float* const* dst, int64_t num_rows,
               bool from_memory, bool phased) {
  return from_memory ? WidthRowsOf(t, RowPointers<true>{src, dst}, num_rows, phased)
                     : WidthRowsOf(t, RowPointers<false>{src, dst}, num_rows, phased);
}

template <bool kFetch>
bool WidthPassStridedOf(const BlockedTable& t, const float* src, int64_t src_stride, float* dst,
                        int64_t dst_stride, int64_t num_rows, bool phased) {
  bool finite = true;
  for (int64_t r = 0; r < num_rows; r += kMaxWidthRows) {
    finite &= WidthRowsOf(
        t, RowStrides<kFetch>{src + r * src_stride, src_stride, dst + r * dst_stride, dst_stride},
        std::min(kMaxWidthRows, num_rows - r), phased);
  }
  return finite;
}

bool WidthPassStrided(const BlockedTable& t, const float* src, int64_t src_stride, float* dst,
                      int64_t dst_stride, int64_t num_rows, bool from_memory, bool phased) {
  return from_memory
             ? WidthPassStridedOf<true>(t, src, src_stride, dst, dst_stride, num_rows, phased)
             : WidthPassStridedOf<false>(t, src, src_stride, dst, dst_stride, num_rows, phased);
}

#if HWY_TARGET == HWY_AVX2 || HWY_TARGET <= HWY_AVX3
// KernelTable::width_pass_to_half / width_pass_to_bfloat16: the run of the
// phased or periodic lane8 form rounded to 16 bits as it is stored (no fp32
// result row, no separate conversion pass), the blocks around it into the
// scratch rows and rounded from there. Out: the run's 16-bit writer; the
// blocks' destinations take store_half_row / store_bfloat16_row (the same
// bits for finite sums; a non-finite one makes it return false).
template <class Out>
bool WidthRowsTo16(const BlockedTable& t, const float* const* src, float* const* scratch,
                   uint16_t* const* dst, int64_t num_rows) {
  constexpr int64_t kW = BlockedTable::kWidth;
  const int64_t rows = std::clamp<int64_t>(num_rows, 1, kMaxWidthRows);
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(hn::CappedTag<float, kW>()));
  const RunForm run = RunFormOf(t, true, lanes);
  bool finite = WidthRowsOf(t, RowPointers<false, true>{src, scratch}, rows, true);
  if (run.begin < run.end) finite &= RunFormRows<false, Out>(t, run, src, dst, rows);
  const int64_t head = std::min(run.begin * kW, t.size), tail = std::min(run.end * kW, t.size);
  for (int64_t r = 0; r < rows; ++r) {
    if constexpr (std::is_same_v<Out, HalfOut>) {
      StoreHalfRow(scratch[r], dst[r], head);
      StoreHalfRow(scratch[r] + tail, dst[r] + tail, t.size - tail);
    } else {
      StoreBFloat16Row(scratch[r], dst[r], head);
      StoreBFloat16Row(scratch[r] + tail, dst[r] + tail, t.size - tail);
    }
  }
  return finite;
}

bool WidthPassToHalf(const BlockedTable& t, const float* const* src, float* const* scratch,
                     uint16_t* const* dst, int64_t num_rows) {
  return WidthRowsTo16<HalfOut>(t, src, scratch, dst, num_rows);
}
bool WidthPassToBFloat16(const BlockedTable& t, const float* const* src, float* const* scratch,
                         uint16_t* const* dst, int64_t num_rows) {
  return WidthRowsTo16<BFloat16Out>(t, src, scratch, dst, num_rows);
}
bool WidthPassToBFloat16Data(const BlockedTable& t, const float* const* src, float* const* scratch,
                             uint16_t* const* dst, int64_t num_rows) {
  return WidthRowsTo16<BFloat16DataOut>(t, src, scratch, dst, num_rows);
}
#endif

#if HWY_TARGET == HWY_AVX2
// Eight rows of eight floats in r[] become eight columns (r[j] = column j).
HWY_INLINE void Transpose8x8(__m256* r) {
  __m256 u[8];
  InterleaveFour(r, u);
  InterleaveFour(r + 4, u + 4);
  for (int j = 0; j < 4; ++j) {
    r[j] = _mm256_permute2f128_ps(u[j], u[j + 4], 0x20);
    r[j + 4] = _mm256_permute2f128_ps(u[j], u[j + 4], 0x31);
  }
}

// Destination columns [begin, end) of the transposed width pass from the
// source columns (one 8-lane vector per column): kColumns at a time, their
// chains interleaved over the taps they all have (one chain alone waits on
// the FMA latency), then each column's remaining taps; every chain keeps its
// own order (the gather table's taps, ascending, from +0). probe collects
// x * 0 of every sum (NaN where one is not finite).
HWY_INLINE void TransposedColumns(const GatherTable& t, const float* columns, int64_t begin,
                                  int64_t end, float* out, __m256& probe) {
  constexpr int64_t kR = kMaxWidthRows;
  constexpr int64_t kColumns = 4;
  const float* const weights = t.weights.data();
  // Tap k of a column: weight w[k] times source column c + k.
  const auto tap = [](__m256 acc, const float* w, const float* c, int64_t k) {
    return _mm256_fmadd_ps(_mm256_broadcast_ss(w + k), _mm256_loadu_ps(c + k * kR), acc);
  };
  int64_t i = begin;
  for (; i + kColumns <= end; i += kColumns) {
    const size_t si = static_cast<size_t>(i);
    const float* w0 = weights + t.offset[si];
    const float* w1 = weights + t.offset[si + 1];
    const float* w2 = weights + t.offset[si + 2];
    const float* w3 = weights + t.offset[si + 3];
    const float* c0 = columns + t.first[si] * kR;
    const float* c1 = columns + t.first[si + 1] * kR;
    const float* c2 = columns + t.first[si + 2] * kR;
    const float* c3 = columns + t.first[si + 3] * kR;
    const int64_t n0 = t.count[si], n1 = t.count[si + 1], n2 = t.count[si + 2],
                  n3 = t.count[si + 3];
    const int64_t common = std::min(std::min(n0, n1), std::min(n2, n3));
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps(), a2 = _mm256_setzero_ps(),
           a3 = _mm256_setzero_ps();
    for (int64_t k = 0; k < common; ++k) {
      a0 = tap(a0, w0, c0, k);
      a1 = tap(a1, w1, c1, k);
      a2 = tap(a2, w2, c2, k);
      a3 = tap(a3, w3, c3, k);
    }
    for (int64_t k = common; k < n0; ++k) a0 = tap(a0, w0, c0, k);
    for (int64_t k = common; k < n1; ++k) a1 = tap(a1, w1, c1, k);
    for (int64_t k = common; k < n2; ++k) a2 = tap(a2, w2, c2, k);
    for (int64_t k = common; k < n3; ++k) a3 = tap(a3, w3, c3, k);
    StoreFourColumns(a0, a1, a2, a3, out + i * kR, kR, probe);
  }
  for (; i < end; ++i) {
    const size_t si = static_cast<size_t>(i);
    const float* w = weights + t.offset[si];
    const float* col = columns + t.first[si] * kR;
    const int64_t count = t.count[si];
    __m256 acc = _mm256_setzero_ps();
    for (int64_t k = 0; k < count; ++k) acc = tap(acc, w, col, k);
    StoreColumn<FloatOut>(acc, out + i * kR, probe);
  }
}

// The transposed width pass takes each phase of a periodic run
// (GatherTable::periodic_begin) on its own: its destinations share one set
// of weights and their windows lie period_step sources apart. With at most 8
// taps the weights stay in registers for the whole phase (16 AVX2 registers:
// 8 weights, 4 chains); with up to 16, each weight is broadcast once per 4
// destination columns instead of once per column. Measured on AMD Zen 4
// (AVX2): the broadcasts were half the loads of a pass that issues two loads
// per FMA.
constexpr int64_t kMaxHeldTaps = 8;
constexpr int64_t kMaxPhaseTaps = 16;

// Taps [k0, k0 + kCount) of four chains whose windows start at c, c + step,
// c + 2 * step, c + 3 * step (in floats), with weights wv.
template <int kCount>
HWY_INLINE void PhaseTaps(const __m256* wv, const float* c, int64_t step, int k0, __m256& a0,
                          __m256& a1, __m256& a2, __m256& a3) {
  constexpr int64_t kR = kMaxWidthRows;
  for (int j = 0; j < kCount; ++j) {
    const int64_t at = (k0 + j) * kR;
    a0 = _mm256_fmadd_ps(wv[j], _mm256_loadu_ps(c + at), a0);
    a1 = _mm256_fmadd_ps(wv[j], _mm256_loadu_ps(c + step + at), a1);
    a2 = _mm256_fmadd_ps(wv[j], _mm256_loadu_ps(c + 2 * step + at), a2);
    a3 = _mm256_fmadd_ps(wv[j], _mm256_loadu_ps(c + 3 * step + at), a3);
  }
}

// TransposedColumns over the `size` destinations of one phase, kTaps taps
// each: weights w, destination j's window starting at source column first +
// j * step and its sum stored at out + j * out_step (in floats). The same
// chains, so the same bits.
template <int kTaps>
void PhaseColumns(const float* w, const float* first, int64_t step, int64_t size, float* out,
                  int64_t out_step, __m256& probe) {
  constexpr int64_t kR = kMaxWidthRows;
  constexpr bool kHeld = kTaps <= kMaxHeldTaps;
  constexpr int kFirst = kHeld ? kTaps : kMaxHeldTaps;  // taps of the first batch
  __m256 wv[kMaxHeldTaps];
  if constexpr (kHeld) {
    for (int k = 0; k < kTaps; ++k) wv[k] = _mm256_broadcast_ss(w + k);
  }
  int64_t j = 0;
  for (; j + 4 <= size; j += 4) {
    const float* c = first + j * step;
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps(), a2 = _mm256_setzero_ps(),
           a3 = _mm256_setzero_ps();
    if constexpr (kHeld) {
      PhaseTaps<kTaps>(wv, c, step, 0, a0, a1, a2, a3);
    } else {
      for (int k = 0; k < kFirst; ++k) wv[k] = _mm256_broadcast_ss(w + k);
      PhaseTaps<kFirst>(wv, c, step, 0, a0, a1, a2, a3);
      for (int k = 0; k < kTaps - kFirst; ++k) wv[k] = _mm256_broadcast_ss(w + kFirst + k);
      PhaseTaps<kTaps - kFirst>(wv, c, step, kFirst, a0, a1, a2, a3);
    }
    StoreFourColumns(a0, a1, a2, a3, out + j * out_step, out_step, probe);
  }
  for (; j < size; ++j) {
    const float* c = first + j * step;
    __m256 acc = _mm256_setzero_ps();
    for (int k = 0; k < kTaps; ++k) {
      acc = _mm256_fmadd_ps(_mm256_broadcast_ss(w + k), _mm256_loadu_ps(c + k * kR), acc);
    }
    StoreColumn<FloatOut>(acc, out + j * out_step, probe);
  }
}

using PhaseColumnsFn = void (*)(const float*, const float*, int64_t, int64_t, float*, int64_t,
                                __m256&);
constexpr auto kPhaseColumns = TapTable<PhaseColumnsFn, kMaxPhaseTaps>(
    [](auto taps) -> PhaseColumnsFn { return &PhaseColumns<decltype(taps)::value>; });

// Whether every phase of t's periodic run has at most kMaxPhaseTaps taps.
bool PhasesFit(const GatherTable& t) {
  if (t.periodic_end <= t.periodic_begin) return false;
  for (int64_t p = 0; p < t.period; ++p) {
    if (t.count[static_cast<size_t>(t.periodic_begin + p)] > kMaxPhaseTaps) return false;
  }
  return true;
}

// The width pass of exactly kMaxWidthRows rows through their columns: 8x8
// blocks of the rows are transposed into columns (scratch: one vector per
// source column, the eight rows' values), each destination column is the FMA
// chain of its own taps over the source columns (a broadcast weight per tap,
// no zero-weight taps), and the destination columns are transposed back into
// the rows. Each element gets WidthRowSparse's chain (the taps of the gather
// table, ascending, from +0), which is what the blocked pass gives a finite
// row, so the same bits. Returns false where a value written is not finite,
// as the blocked pass does, so that the caller redoes the same rows the same
// way. scratch: 8 * (src_size + size) floats, each rounded up to a multiple
// of 8.
template <bool kFetch>
bool WidthPassTransposedOf(const GatherTable& t, const float* const* src, float* const* dst,
                           float* scratch) {
  constexpr int64_t kR = kMaxWidthRows;
  static_assert(kR == 8, "one 8-lane vector per column");
  const int64_t n_src = t.src_size, n_dst = t.size;
  const hn::CappedTag<float, kR> d8;  // the rows' tails: masked loads and stores
  using V8 = hn::Vec<decltype(d8)>;
  float* columns = scratch;
  float* out = scratch + (n_src + kR - 1) / kR * kR * kR;
  __m256 r[kR];
  for (int64_t c = 0; c < n_src; c += kR) {
    if (c + kR <= n_src) {
      for (int i = 0; i < kR; ++i) {
        if constexpr (kFetch) {
          if (c % kFloatsPerLine == 0) __builtin_prefetch(src[i] + c + kWidthPrefetchAhead);
        }
        r[i] = _mm256_loadu_ps(src[i] + c);
      }
    } else {  // the last columns, read only up to the row's end (masked lanes: +0)
      const auto m = hn::FirstN(d8, static_cast<size_t>(n_src - c));
      for (int i = 0; i < kR; ++i) r[i] = hn::MaskedLoad(m, d8, src[i] + c).raw;
    }
    Transpose8x8(r);
    for (int j = 0; j < kR; ++j) _mm256_storeu_ps(columns + (c + j) * kR, r[j]);
  }
  // x * 0 is +-0 for finite x and NaN otherwise; OR-ed, the NaNs stay.
  __m256 probe = _mm256_setzero_ps();
  // The periodic run phase by phase, the rest as gathered.
  const bool phases = PhasesFit(t);
  const int64_t pb = phases ? t.periodic_begin : n_dst;
  const int64_t pe = phases ? t.periodic_end : n_dst;
  TransposedColumns(t, columns, 0, pb, out, probe);
  for (int64_t i = pb; i < pb + t.period && i < pe; ++i) {
    const size_t si = static_cast<size_t>(i);
    kPhaseColumns[static_cast<size_t>(t.count[si])](
        t.weights.data() + t.offset[si], columns + t.first[si] * kR, t.period_step * kR,
        (pe - i + t.period - 1) / t.period, out + i * kR, t.period * kR, probe);
  }
  TransposedColumns(t, columns, pe, n_dst, out, probe);
  float* rows_out[kR];
  for (int j = 0; j < kR; ++j) rows_out[j] = dst[j];
  for (int64_t c = 0; c < n_dst; c += kR) {
    const int64_t valid = std::min(kR, n_dst - c);
    for (int j = 0; j < kR; ++j) {
      r[j] = j < valid ? _mm256_loadu_ps(out + (c + j) * kR) : _mm256_setzero_ps();
    }
    Transpose8x8(r);
    if (valid == kR) {
      for (int i = 0; i < kR; ++i) _mm256_storeu_ps(rows_out[i] + c, r[i]);
    } else {
      const auto m = hn::FirstN(d8, static_cast<size_t>(valid));
      for (int i = 0; i < kR; ++i) hn::BlendedStore(V8{r[i]}, m, d8, rows_out[i] + c);
    }
  }
  return _mm256_movemask_ps(_mm256_cmp_ps(probe, probe, _CMP_UNORD_Q)) == 0;
}

bool WidthPassTransposed(const GatherTable& t, const float* const* src, float* const* dst,
                         float* scratch, bool from_memory) {
  return from_memory ? WidthPassTransposedOf<true>(t, src, dst, scratch)
                     : WidthPassTransposedOf<false>(t, src, dst, scratch);
}
#endif

// The exact sparse gather of one row for rows holding Inf or NaN (the
// blocked pass multiplies them by the zero weights of neighbouring
// destinations): each element the chain of its own taps with this target's
// MulAdd, so that its finite elements get the blocked pass's bits on every
// target, fused or not (std::fma here gave other bits than SSE4's multiply and
// add, and which rows are redone depends on how rows are grouped).
void WidthRowSparse(const GatherTable& t, const float* src, float* dst) {
  const hn::CappedTag<float, 1> d;
  for (int64_t i = 0; i < t.size; ++i) {
    const size_t si = static_cast<size_t>(i);
    const float* w = t.weights.data() + t.offset[si];
    const float* s = src + t.first[si];
    auto acc = hn::Zero(d);
    for (int64_t k = 0; k < t.count[si]; ++k) {
      acc = hn::MulAdd(hn::Set(d, w[k]), hn::LoadU(d, s + k), acc);
    }
    hn::StoreU(acc, d, dst + i);
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace aclnn_host::resample::kernels
HWY_AFTER_NAMESPACE();
