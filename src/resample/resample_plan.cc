#include "resample/resample_plan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "resample/half.h"
#include "resample/kernels.h"
#include "resample/rows.h"
#include "resample/thread_pool.h"

namespace aclnn_host::resample {
namespace {

constexpr int64_t kRowsPerWidthPass = kernels::kMaxWidthRows;
// Tables are O(in + out) taps for every scale; this only guards memory.
constexpr int64_t kMaxTableTaps = int64_t{1} << 30;
constexpr uint64_t kAlign = 64;
constexpr uint64_t kSmallPlaneBytes = uint64_t{128} << 10;
// Small planes run in batches of about this many bytes of intermediate and
// result rows (an L1/L2-sized working set).
constexpr uint64_t kSmallBatchBytes = uint64_t{64} << 10;
// Small planes go width-first (see the pass order) where destination rows are
// at most this many floats, or the width pass has at most this many taps per
// destination element on average (on planes of half the budget at most).
constexpr int64_t kShortRowFloats = 32;
constexpr int64_t kCheapWidthTaps = 4;
// ... unless the model costs the width-first order more than this many times
// the height-first order (see the pass order); the second where destination
// rows are at most kOneVectorRowFloats (one AVX2 vector: height-first pays
// its per-row cost on the fewest elements).
constexpr double kMaxSmallPlaneModelRatio = 2.0;
constexpr double kMaxSmallPlaneModelRatioOneVectorRows = 3.0;
constexpr int64_t kOneVectorRowFloats = 8;
constexpr int64_t kMaxBatchPlanes = 256;
// The transposed width pass only for source rows of at least this many
// floats: on shorter ones its transposes and tails cost more than the model
// counts. AVX2, forward of many small planes, 1 thread, hot, transposed
// against blocked: 14 -> 7 0.72 against 0.43 ms, 28 -> 14 1.80 against 1.71,
// 56 -> 28 0.65 against 0.87.
constexpr int64_t kMinTransposedRowFloats = 48;
// Small 16-bit planes that form one run are converted to fp32 up to this
// many floats at a time (16 KiB; one plane at least): one call per plane
// left the 16-bit backward of 3x3 -> 9x9 on 16x16 planes at 1.4-1.5x fp32's
// time once fp32 ran many planes per width-pass call.
constexpr int64_t kSmallStageFloats = 4096;
constexpr int64_t kPrefetchRowsAhead = 2;
// Streamed destination rows summed in pairs (height_combine_streamed_pair)
// are at least this long: the pairs' gains were measured on rows of 512-2048
// floats; on rows of 64 (Trilinear3dBackward, (2, 8, 64, 64, 64) of a 2x
// shrink, family_bench, 2 threads, two alternated rounds) they took 0.505-0.537
// -> 0.565-0.584 ms.
constexpr int64_t kMinRowPairFloats = 256;
constexpr int64_t kCacheLine = 64;
// Nearest forwards (element copies) whose source rows have unit stride and
// kMinCopyPrefetchBytes to kMaxCopyPrefetchBytes prefetch the source row of
// the destination row this many rows ahead: a shrink reads short rows apart,
// which the hardware prefetchers follow poorly. Measured on AMD Zen 4
// (AVX-512), 2 threads, caches cold, medians of 40 calls in six alternated
// rounds: (8, 3, 512, 512) -> 224 (rows of 2 KiB) 0.86-1.28 -> 0.48-1.00 ms
// (median of the six 1.17 -> 0.56); 1080x1920 RGB -> 540x960 (7.5 KiB rows)
// 0.66-0.88 -> 0.56-0.98 (0.72 -> 0.79), so longer rows are left to the
// hardware; rows of 14 floats were slower (0.24 -> 0.25-0.28 ms).
constexpr int64_t kCopyPrefetchRowsAhead = 2;
constexpr uintptr_t kMinCopyPrefetchBytes = 256;
constexpr uintptr_t kMaxCopyPrefetchBytes = 4096;
// Small planes whose rows form one run are prefetched about this many bytes
// ahead of the plane the width pass reads (at least one plane ahead): planes
// of a few hundred bytes each give the hardware prefetchers too little to
// train on. Measured on AMD Zen 4 with cold caches, AVX2: 64x64 planes of
// 7x7 (backward of 14 -> 7) 0.61 -> 0.50 ms, 64 planes of 64x64 0.89 -> 0.70
// ms; unchanged with warm caches.
// On Intel the planes are left to the hardware: on an Intel Xeon VM
// (Sapphire Rapids class, AVX-512) the prefetches cost more than they gained
// (the width pass waited on them: perf put 27% of the samples on the
// prefetch loop). Measured there, both builds alternated: Nearest2dBackward
// of (4, 256, 28, 28) -> 14x14, calls back to back, 1 thread 0.32-0.33 ->
// 0.23-0.24 ms, 2 threads 0.13-0.14 -> 0.11-0.12, 10 ms apart (the family
// bench's pause) 0.38-0.43 -> 0.26-0.37; engine_benchmark with warm caches,
// AA bicubic backward, AVX-512, 1 thread: small maps 0.37-0.38 -> 0.30,
// feature 2x down 0.32 -> 0.28; AVX2 and caches emptied within the noise.
constexpr int64_t kSmallPlanePrefetchBytes = 4096;

// On Intel the height pass leaves source rows of this many bytes or more
// (a page: the hardware prefetchers follow a row across it) to the hardware,
// and prefetches the rows ahead (RowsAhead) only where they are shorter. On
// the Intel Xeon VM, AVX2, caches emptied before each call, both builds
// alternated, 1 / 2 threads: forward 4032x3024 -> 1024x768 (rows of 16 KiB)
// 7.2, 6.2 / 3.8, 2.9 -> 5.0, 5.5 / 2.8, 3.0 ms, 1080x1920 -> 224 0.76,
// 0.72 / 0.50, 0.51 -> 0.64, 0.73 / 0.46, 0.50; a calmer run, 3 rounds:
// photo 4.6-6.2 / 2.6-3.1 -> 4.8-5.3 / 2.6-2.7, 2048x2048 -> 512 1.56-1.68 /
// 0.90-0.94 -> 1.38-1.45 / 0.82-0.86 (the backward 224 -> 512, which the
// rule leaves as it was, 5-7% faster in the second slot too). With no rows
// prefetched at all the backward 224 -> 512 (rows of 2 KiB) lost: 3.6, 4.8
// / 2.0, 2.3 -> 6.2, 6.2 / 3.0, 3.0.
constexpr int64_t kIntelMaxPrefetchRowBytes = 4096;

// In the height-first order each group of kRowsPerWidthPass destination rows
// is written by its width pass (in place, or rounded to 16 bits in place, or
// copied from the result rows): where those rows have unit stride, regular
// stores and at most this many bytes each, all their lines are prefetched for
// writing as the group begins, before its height pass. A store to a line that
// is not cached waits for its read for ownership, and the short streams of
// stores (8 rows) give the hardware prefetchers too little to train on.
// Longer rows are left to them (and to the L1's size: 8 rows of 4 KiB are 32
// KiB of lines). First measured on the Intel Xeon VM (Sapphire Rapids class),
// for the transposed width pass (AVX2) with the burst just before the pass,
// through ResizeBackward, 256 MiB written before each call, medians of 40
// calls, the two builds alternated in 3 rounds, 1 / 2 threads: AA bicubic
// backward of 224 -> 512 (8x3 planes, rows of 224 floats) 4.33-4.66 ->
// 3.75-3.81 / 2.33-2.45 -> 2.01-2.08 ms, caches warm 2.44-2.49 -> 2.36-2.40 /
// 1.26-1.32 -> 1.23-1.29; bilinear backward of the same 4.24-4.33 -> 3.41-3.45
// / 2.27-2.30 -> 1.81-1.92. The same lines prefetched from inside the pass,
// spread over its source transposes, gained as much; AVX-512's blocked pass,
// which stores whole lines, was within the noise with the same burst. Then on
// the AMD EPYC Zen 5 VM, for every width pass form, the burst moved to the
// group's start (its height pass then hides the reads): AA bicubic backward
// of (1, 64, 128, 128) -> 256 (feature 2x up: the decimated pass on AVX2,
// which had no prefetch; rows of 512 bytes, 8 lines each), caches emptied,
// medians of 20, the two builds alternated in 3 rounds, AVX2 1 / 2 threads
// 1.99-2.09 -> 1.64-1.73 / 1.16-1.23 -> 1.07-1.10 ms (in a quieter spell,
// with an environment switch: 1.50-1.58 -> 1.31-1.38 / 0.86-0.94 ->
// 0.79-0.89), warm 2 threads 0.67-0.71 -> 0.67-0.70; AVX-512 1.33-1.37 ->
// 1.30-1.32 / 0.81-0.83 -> 0.74-0.81. The burst just before the width pass
// gained less there (1.43-1.48 / 0.85-0.90). The backward 224 -> 512
// (transposed) and the forwards that take this order (4032x3024 -> 1024x768,
// 1080x1920 -> 224, 2048 -> 512) within the noise of that VM either way.
constexpr int64_t kMaxWritePrefetchRowBytes = 4096;

// In the width-first order the height pass writes the destination's rows in
// place one after another (fp32 or rounded to 16 bits, under the streaming
// threshold); before each row, on Intel CPUs, the first this many bytes of
// the next one are prefetched for writing.
// Each row starts a new stream of stores (rows of 4 KiB: a page each) that
// the hardware prefetchers take some lines to pick up, and a store to a line
// not in the caches waits for its read for ownership. Measured on the Intel
// Xeon VM, through Resize, 256 MiB written before each call, medians of 60-80
// calls, alternated, 2-3 rounds, 1 / 2 threads: AA bicubic 512 -> 1024 AVX2
// 0.71-0.81 -> 0.58-0.69 / 0.44-0.66 -> 0.35-0.42 ms, AVX-512 0.77-0.79 ->
// 0.62-0.66 / 0.48 -> 0.40, caches warm within the noise (AVX2 0.30-0.32 /
// 0.16-0.19 -> 0.28-0.33 / 0.15-0.22); bilinear (1, 3, 512, 512) -> 1024
// AVX2 2.17-2.18 -> 1.79 / 1.18-1.21 -> 1.08-1.10, warm 0.87-1.08 ->
// 0.82-0.88 / 0.45-0.48 -> 0.45-0.47. The whole next row gained as much cold
// but cost 15-20% warm (AVX2 0.31 -> 0.36-0.40 ms at 1 thread); its first
// 256 bytes gained less cold (0.67-0.69 ms). Rows under 256 bytes are left
// alone, as in the small-plane height pass (kernels_planes.cc). Other CPUs
// prefetch the whole next row, up to kMaxNextRowWritePrefetchBytes; 16-bit
// destination rows the same (so that they never take longer than fp32's: with
// no prefetch, fp16 / bf16 512 -> 1024 took 1.08-1.2x fp32's time). Measured
// on the AMD EPYC Zen 5 VM, AVX2, medians of 20-30 calls, the two lengths
// alternated in 2-3 rounds, caches emptied, 1 / 2 threads: AA bicubic 512 ->
// 1024 0.45-0.52 -> 0.31-0.42 / 0.26-0.39 -> 0.21-0.30 ms, warm 0.169-0.173
// -> 0.179-0.181 / 0.093-0.096 -> 0.097-0.100 (medians of 100; the one cost
// seen); bilinear (1, 3, 512, 512) -> 1024 1.05-1.09 -> 0.84-0.88 /
// 0.65-0.83 -> 0.60-0.61, warm within the noise; AA bicubic 1024x768 ->
// 2048x1536 (rows of 8 KiB) 1.22-1.25 -> 0.97-1.02 / 0.76-0.82 -> 0.70-0.74.
// Two or four rows ahead gained no more.
constexpr int64_t kNextRowWritePrefetchBytes = 1024;
constexpr int64_t kMaxNextRowWritePrefetchBytes = 8192;
constexpr int64_t kMinNextRowWritePrefetchBytes = 256;

// Whether the CPU is Intel's (CPUID leaf 0 reads "GenuineIntel"), read once.
bool IntelCpu() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool intel = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (__get_cpuid(0, &eax, &ebx, &ecx, &edx) == 0) return false;
    return ebx == 0x756e6547u && edx == 0x49656e69u && ecx == 0x6c65746eu;
  }();
  return intel;
#else
  return false;
#endif
}

// The height-first order sweeps fp32 source rows read in place (HeightRowsBySweep) where it pays:
// sums of kMaxFusedTaps rows or more (the gathered form reads that many rows side by side from
// memory, which the hardware prefetchers follow poorly, and passes over its stage row once per 8 of
// them), source rows of at least kMinSweepRowFloats (shorter ones are few bytes per call, and a
// plane of them stays in L2 for the gathered form), source rows that feed at least kMinSweepFanOut
// stage rows on average (each stage-row step is a load and a store; one source load replaces that
// many), stage rows of a width-pass group of at most kSweepStageBytes (read and written once per
// source row, so they must stay in L1), and sums shorter than those the row pairs take (16 KiB, on
// Intel 4 KiB: kIntelMinPairSourceBytes, where the sweep never runs). Measured on AMD Zen 4,
// medians of 5-9 rounds against the gathered sums: backward 224 -> 512 (8x3 planes, 10-tap sums of
// rows of 512 floats, fan-out 4.4), AVX2, warm 4.45 -> 4.18 ms at 1 thread and 2.14 -> 1.96 at 2,
// cold 4.64 -> 4.32 at 1 thread; backward 128 -> 256 (64 planes, 8-tap sums of rows of 256 floats),
// cold, at 2 threads: AVX2 1.20 -> 1.11 ms, AVX-512 0.96 -> 0.86 ms (bicubic, not antialiased: 1.48
// -> 1.28 ms); bicubic backwards of 2x upsampling, AVX2, cold: rows of 192 floats 0.237 -> 0.215
// ms, of 128 within the noise, of 96, 64 and 28 floats slower (0.27 -> 0.30, 0.23 -> 0.26, 0.20 ->
// 0.24 ms), 12-tap sums of rows of 64 and 128 floats too (0.19 -> 0.23, 0.17 -> 0.18 ms). Not kept
// where it lost: fp16 and bf16 sources (converted once per load either way; warm 1.37 -> 1.51 ms at
// 2 threads), wide rows (forward 4032x3024 -> 1024x768, 128 KiB of stage rows: 3.2 -> 3.7 ms).
constexpr uint64_t kSweepStageBytes = 16 << 10;
constexpr int64_t kMinSweepRowFloats = 192;
// Where the width pass runs transposed (AVX2), its scratch (8 source and 8
// destination rows) shares L1 with the stage rows: source rows of more than
// this many floats take the gathered sums there. Measured on AMD Zen 4, warm,
// backward 224 -> 512 (10-tap sums of rows of 512 floats: 16 KiB of stage rows
// and 23 KiB of transposed scratch, likely overfilling a 32 KiB L1), the two
// forms in alternated rounds, best of 5 per round: AVX2 gathered faster at 2
// threads in 7 of 8, 5 of 6 and 3 of 3 rounds (best 1.27 -> 1.09, 1.24 ->
// 1.16, 1.21 -> 1.09 ms), at 1 thread in 6 of 8, 4 of 6, 2 of 3 (within 2-4%).
// AVX-512 (blocked width pass, no such scratch) keeps the sweep: its A/Bs
// disagreed (gathered faster in 10 of 12 rounds of one, slower in 5 of 6 of
// another). 128 -> 256 (8-tap sums of rows of 256 floats) stays swept (AVX2
// gathered 13-15% slower).
constexpr int64_t kMaxSweepRowFloatsTransposed = 256;
constexpr int64_t kMinSweepFanOut = 2;
// Two consecutive rows of the height-first pass are summed together
// (HeightRowPairFromSource) where their sums share at least kMinSharedRows
// source rows and read at least kMinPairSourceBytes: sums whose rows stay in
// L1 gain nothing from loading them once instead of twice, and lose the
// single sums' weights held in registers.
constexpr int64_t kMinSharedRows = 2;
constexpr int64_t kMinPairSourceBytes = 16 << 10;
// On Intel, row pairs from sums of this many bytes on (and, where they
// apply, no sweep): on the Intel Xeon VM (Sapphire Rapids class) they beat
// both the single sums and the sweep well below 16 KiB. engine_benchmark,
// warm caches, 2 threads, pairs from 0 bytes against the rule above,
// alternated, 3 rounds (AVX2) / 2 (AVX-512): AA bicubic backward 128 -> 256
// on 64 planes (8-tap sums of rows of 1 KiB, swept before) AVX2 fp32
// 0.69-0.72 -> 0.61-0.62 ms, fp16 0.67-0.69 -> 0.56-0.57, bf16 0.73 ->
// 0.59-0.63, AVX-512 bf16 0.67-0.70 -> 0.59-0.60; on 256 planes AVX2 fp32
// 3.2-3.6 -> 2.65-2.8; 224 -> 512 on 8x3 planes (10-tap sums of 16-bit rows
// of 512: 10 KiB, single sums before) AVX2 fp16 1.09-1.10 -> 0.88-0.90, bf16
// 1.18-1.20 -> 0.99-1.01, AVX-512 fp16 1.15-1.17 -> 0.96-1.00. Sums of 1-4
// KiB (backward 128 -> 64, 512 -> 224, 1080x1920 -> 224) were within the
// noise or up to 4% slower, hence 4 KiB. With this rule, through
// ResizeBackward, 64 planes 128 -> 256, medians of 300 calls, 3 rounds, 1 / 2
// threads: AVX2 bicubic 1.35-1.38 -> 1.27-1.28 / 0.69-0.70 -> 0.67-0.71 ms,
// bilinear 1.01-1.04 -> 0.95-0.98 / 0.52-0.53 -> 0.48-0.49, AA bicubic
// 1.36-1.40 -> 1.27-1.32 / 0.76-0.87 -> 0.66-0.67; AVX-512 AA bicubic
// 1.55-1.58 -> 1.45-1.58 / 0.79-0.85 -> 0.73-0.75, bilinear 0.98-1.02 ->
// 0.87-0.90 / 0.51-0.56 -> 0.45-0.50; AA bicubic 64 -> 128 (sums of 5 KiB)
// AVX2 0.40 -> 0.38-0.40 / 0.21-0.22 -> 0.20 (caches emptied: within the noise).
constexpr int64_t kIntelMinPairSourceBytes = 4 << 10;
// A height-pass sum of at most kernels::kMaxFusedTaps rows spreads the
// prefetches of the rows ahead over itself (CombineAhead) where they are at
// least this many lines and the row at least kMinSpreadVectors blocks;
// fewer go in one burst before it.
constexpr int64_t kMinSpreadLines = 16;
constexpr int64_t kMinSpreadVectors = 4;
// Destinations of at least this many elements (16 MiB as fp32, half the L3
// of a Zen 4 CCD: such an output would not stay cached for its reader anyway)
// are written with non-temporal stores where the height pass writes them in
// place. Measured on AMD Zen 4: a 4-row sum into a 25 MB destination 2.5x
// faster. 16-bit destinations follow the same rule, so that they never take
// longer than fp32 ones.
constexpr double kStreamedDestinationElements = 4.0 * (1 << 20);

int64_t PaddedRow(int64_t n) {
  return (n + BlockedTable::kWidth - 1) / BlockedTable::kWidth * BlockedTable::kWidth;
}

uint64_t AlignUp(uint64_t v) { return (v + kAlign - 1) / kAlign * kAlign; }

// After a width pass that met something non-finite, one of its rows: a row
// whose sources are finite is exact already (its Inf came from overflow);
// the others take the sparse gather.
void RedoIfNotFinite(const kernels::KernelTable& k, const GatherTable& width, const float* src,
                     float* dst) {
  if (!k.row_is_finite(src, width.src_size)) k.width_row_sparse(width, src, dst);
}

// The width pass of `rows` rows (transposed where `transposed` is the pass's
// scratch and the rows are a whole group), then the exact redo of the rows
// that met something non-finite.
void CheckedWidthPass(const kernels::KernelTable& k, const GatherTable& width,
                      const BlockedTable& blocked, bool phased, float* transposed,
                      const float* const* src, float* const* dst, int64_t rows, bool from_memory) {
  bool finite = false;
  if (transposed != nullptr && rows == kRowsPerWidthPass) {
    finite = k.width_pass_transposed(width, src, dst, transposed, from_memory);
  } else {
    finite = k.width_pass(blocked, src, dst, rows, from_memory, phased);
  }
  if (finite) return;
  for (int64_t r = 0; r < rows; ++r) RedoIfNotFinite(k, width, src[r], dst[r]);
}

// The width pass of one pixel row (W pixels of the plan's C channels) of a
// pixel-rows plan through planes (ResamplePlan::pixel_planar): its channels
// split into planar rows (planes_in: C rows of PaddedRow(W) floats), the
// blocked width pass a contiguous layout runs over them (rows with Inf or
// NaN redone by the sparse gather, as there: the same bits), joined into
// `out` (planes_out: C rows of PaddedRow(the destination W) floats).
void PlanarWidthPass(const kernels::KernelTable& k, const ResamplePlan& plan, const float* row,
                     float* out, float* planes_in, float* planes_out) {
  const GatherTable& w = plan.width();
  const int64_t c = plan.problem().channels;
  const int64_t in_stride = PaddedRow(w.src_size), out_stride = PaddedRow(w.size);
  k.split_pixels(row, w.src_size, c, planes_in, in_stride);
  const float* in[kernels::kMaxPlanarChannels];
  float* planar_out[kernels::kMaxPlanarChannels];
  for (int64_t i = 0; i < c; ++i) {
    in[i] = planes_in + i * in_stride;
    planar_out[i] = planes_out + i * out_stride;
  }
  if (!k.width_pass(plan.width_blocked(), in, planar_out, c, false, plan.width_phased())) {
    for (int64_t i = 0; i < c; ++i) RedoIfNotFinite(k, w, in[i], planar_out[i]);
  }
  k.join_pixels(planes_out, out_stride, w.size, c, out);
}

// The width pass of one pixel row of a pixel-rows plan into fp32 `out`
// (regular stores): through planes (PlanarWidthPass, same scratch) for
// pixel_planar plans, else each destination pixel the sum of its source
// pixels, C channels at a time (height_pass_planes over the row's pixels).
void PixelWidthPass(const kernels::KernelTable& k, const ResamplePlan& plan, const float* row,
                    float* out, float* planes_in, float* planes_out) {
  if (plan.pixel_planar()) return PlanarWidthPass(k, plan, row, out, planes_in, planes_out);
  const GatherTable& w = plan.width();
  const int64_t c = plan.problem().channels;
  k.height_pass_planes(w, 0, w.size, row, c, 0, 0, &out, c, 1, c, false, false);
}

// Whether a blocked table has a phased, periodic lane8 or decimated form (the
// width pass takes it where the target has a kernel for it: the same bits).
bool HasPhasedForm(const BlockedTable& b) {
  return b.phase_period > 0 || b.lane8_period > 0 || b.decim_taps > 0;
}

// What the blocked width pass of an expanding table costs AVX2 per 8 rows,
// in the units of the transposed pass's model (ResamplePlan::Create): a half
// block in the lane8 form a permute and an FMA per tap and row, a dense one
// a broadcast and an FMA per source and row.
double Lane8BlockedCost(const BlockedTable& b) {
  double cost = 0.0;
  for (int64_t half = 0; half < 2 * b.num_blocks; ++half) {
    const int64_t taps = b.lane8_taps[static_cast<size_t>(half)];
    cost +=
        16.0 * static_cast<double>(taps > 0 ? taps : b.src_count[static_cast<size_t>(half / 2)]);
  }
  return cost;
}

// The scratch of the transposed width pass: a vector of 8 floats per source
// and per destination column, each count rounded up to a multiple of 8.
int64_t TransposedWidthFloats(const GatherTable& t) {
  constexpr int64_t r = kRowsPerWidthPass;
  return ((t.src_size + r - 1) / r + (t.size + r - 1) / r) * r * r;
}

// Ring caches index slots with a mask: a divide per lookup costs more than
// the arithmetic of a short row.
int64_t PowerOfTwoAtLeast(int64_t v) {
  int64_t p = 1;
  while (p < v) p *= 2;
  return p;
}

// The source rows [*lo, *hi) that destination rows [ih0, ih1) of a table
// read (*lo = src_size, *hi = 0 where they read none).
void SourceRange(const GatherTable& t, int64_t ih0, int64_t ih1, int64_t* lo, int64_t* hi) {
  *lo = t.src_size;
  *hi = 0;
  for (int64_t ih = ih0; ih < ih1; ++ih) {
    const size_t si = static_cast<size_t>(ih);
    if (t.count[si] == 0) continue;
    *lo = std::min(*lo, t.first[si]);
    *hi = std::max(*hi, t.first[si] + t.count[si]);
  }
}

size_t ElementSize(DataType t) { return DataTypeSize(t); }

// The kernels of a plan reading `source`: a bf16 source's sums store bf16
// without the test for NaN (KernelTable::for_bfloat16_data). Not a copy
// order's rows: they reach the store without arithmetic, so a signalling NaN
// there is still signalling, and the NaN path quiets it.
const kernels::KernelTable& KernelsFor(DataType source, PassOrder order) {
  const kernels::KernelTable& k = kernels::CurrentKernels();
  return source == DataType::kBFloat16 && order != PassOrder::kCopy ? *k.for_bfloat16_data : k;
}

}  // namespace

std::string AxisTableLimit(const AxisRule& rule, const char* axis) {
  if (AxisTapsBound(rule) <= kMaxTableTaps) return "";  // (no walk over the axis)
  const int64_t taps = CountAxisTaps(rule);
  if (taps <= kMaxTableTaps) return "";
  return std::string("the ") + axis + " axis (forward size " + std::to_string(rule.in_size) +
         " -> " + std::to_string(rule.out_size) + ") needs " + std::to_string(taps) +
         " weight taps; the limit is 2^30 = " + std::to_string(kMaxTableTaps);
}

std::string CheckTableSizes(const ResampleProblem& f, const char* w_axis) {
  const std::string why =
      AxisTableLimit(AxisRule{f.filter, f.in_h, f.out_h, f.align_corners, f.scales_h}, "H");
  return why.empty() ? AxisTableLimit(
                           AxisRule{f.filter, f.in_w, f.out_w, f.align_corners, f.scales_w}, w_axis)
                     : why;
}

// Weight tables of one axis in the form a direction needs (null if they
// would exceed kMaxTableTaps), shared between plans: a network calls the op with the same few
// shapes over and over, and building tables is most of phase 1 on small problems.
std::shared_ptr<const AxisTables> CachedAxisTables(const AxisRule& rule, Direction direction,
                                                   bool blocked) {
  struct Key {
    AxisRule rule;
    uint64_t scale_bits;
    Direction direction;
    bool blocked;
    bool operator==(const Key& o) const {
      return rule.filter == o.rule.filter && rule.in_size == o.rule.in_size &&
             rule.out_size == o.rule.out_size && rule.align_corners == o.rule.align_corners &&
             rule.whole_copy == o.rule.whole_copy && rule.backward == o.rule.backward &&
             rule.double_index == o.rule.double_index && scale_bits == o.scale_bits &&
             direction == o.direction && blocked == o.blocked;
    }
  };
  static std::mutex mutex;
  static auto* cache = new std::vector<std::pair<Key, std::shared_ptr<const AxisTables>>>();
  constexpr size_t kEntries = 32;
  Key key{rule, 0, direction, blocked};
  std::memcpy(&key.scale_bits, &rule.user_scale, sizeof rule.user_scale);
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto& entry : *cache) {
      if (entry.first == key) return entry.second;
    }
  }
  // Tables are O(in + out) taps for every scale; this only guards memory
  // (the ops refuse such axes first, with AxisTableLimit's message).
  if (!AxisTableLimit(rule, "").empty()) return nullptr;
  // One source of weights for both directions: the forward gathers with the
  // forward tables, the backward with their transposes.
  auto tables = std::make_shared<AxisTables>();
  const AxisWeights w = ComputeAxisWeights(rule);
  tables->identity = w.identity;
  tables->gather = direction == Direction::kForward ? AsGatherTable(w) : TransposeAxisWeights(w);
  // Only the fp32 engine's width pass reads the blocked form.
  if (blocked) tables->blocked = BlockGatherTable(tables->gather);
  std::lock_guard<std::mutex> lock(mutex);
  if (cache->size() >= kEntries) cache->erase(cache->begin());
  cache->emplace_back(key, tables);
  return tables;
}

// A copy of height tables (gather form only: the height pass reads no
// blocked form) with every weight times `gain`: no longer an identity.
// Scaling keeps equal weights equal, so the periodic runs stay valid.
static std::shared_ptr<const AxisTables> ScaledTables(const AxisTables& tables, float gain) {
  auto scaled = std::make_shared<AxisTables>(tables);
  scaled->identity = false;
  for (float& w : scaled->gather.weights) w *= gain;
  for (double& w : scaled->gather.weights64) w *= static_cast<double>(gain);
  return scaled;
}

double JobBytes(double planes, double in_elements, double out_elements, bool backward,
                DataType source, DataType destination) {
  return planes *
         ((backward ? out_elements : in_elements) * static_cast<double>(ElementSize(source)) +
          (backward ? in_elements : out_elements) * static_cast<double>(ElementSize(destination)));
}

bool PixelLayouts(const ViewLayout& source, const ViewLayout& destination, int64_t channels,
                  bool copy) {
  return channels >= (copy ? kMinPixelCopyChannels : ResamplePlan::kMinPixelChannels) &&
         source.c_stride == 1 && destination.c_stride == 1 && source.w_stride == channels &&
         destination.w_stride == channels;
}

void ColumnsAsRows(ResampleProblem* problem, int64_t source_shape[4], int64_t source_strides[4],
                   int64_t destination_shape[4], int64_t destination_strides[4]) {
  ResampleProblem& f = *problem;
  if (f.in_w != 1 || f.out_w != 1 || (f.in_h == 1 && f.out_h == 1)) return;
  std::swap(f.in_h, f.in_w);
  std::swap(f.out_h, f.out_w);
  std::swap(f.scales_h, f.scales_w);
  std::swap(source_shape[2], source_shape[3]);
  std::swap(source_strides[2], source_strides[3]);
  std::swap(destination_shape[2], destination_shape[3]);
  std::swap(destination_strides[2], destination_strides[3]);
}

Partition ResamplePlan::DefaultPartition(const ResampleProblem& problem, DataType source,
                                         DataType destination, int threads,
                                         bool part_of_larger_job) {
  const ResampleProblem& f = problem;
  const double bytes = JobBytes(static_cast<double>(f.batch) * static_cast<double>(f.channels),
                                static_cast<double>(f.in_h) * static_cast<double>(f.in_w),
                                static_cast<double>(f.out_h) * static_cast<double>(f.out_w),
                                f.direction == Direction::kBackward, source, destination);
  Partition part;
  part.threads = std::max(threads, 1);
  // Also at 1 thread: it decides whether a launch on an idle stream runs on
  // the caller (small_job()).
  part.job_size = SizeOfJob(bytes);
  if (part.job_size == JobSize::kMicro && !part_of_larger_job) part.threads = 1;
  if (part.threads == 1) return part;
  const double by_size = std::ceil(bytes / static_cast<double>(kChunkBytes));
  part.chunks = std::max<int64_t>(part.threads * kChunksPerThread,
                                  static_cast<int64_t>(std::min(by_size, double{kMaxChunks})));
  return part;
}

// Channels-last views (pixel_rows_): row (n, h) of either view is its W
// pixels of C channels, W * C contiguous elements. The height pass sums whole
// rows (height_combine over W * C elements); the width pass sums pixels: it is
// a height pass over the row's pixels as rows of C elements
// (height_pass_planes, one plane). Every element gets the chain a contiguous
// view gives it: the gather table's taps in ascending order (the blocked and
// transposed width passes give those bits on finite rows and redo the others
// that way), in the same pass order, so the bytes do not depend on the layout
// (but for a NaN's sign and payload: a sum that meets two NaNs, or makes one
// from Inf - Inf, may keep either; see the README's numerics). Rows are
// (n, h) flattened; the views' strides along N and H are any.
class ResamplePlan::PixelRunner {
 public:
  // Ring-cache slots: converted source rows (height-first, 16-bit sources
  // the target cannot sum in place) or width-passed rows (width-first). As
  // many as one sum's rows, within row_cache_bytes (a power of two, one at
  // least); longer sums go in groups of that many rows, accumulated: the
  // same chains.
  static int64_t RingSlots(const ResamplePlan& plan, uint64_t row_cache_bytes) {
    const int64_t max_h = std::max<int64_t>(1, plan.height().max_count);
    const bool ring =
        plan.order_ == PassOrder::kHeightFirst
            ? !plan.source_direct_ && !plan.h_identity_
            : plan.order_ == PassOrder::kWidthFirst && !(plan.w_identity_ && plan.source_direct_);
    if (!ring) return 0;
    const uint64_t slot_bytes = static_cast<uint64_t>(SlotFloats(plan)) * sizeof(float);
    const int64_t fit = static_cast<int64_t>(row_cache_bytes / std::max<uint64_t>(slot_bytes, 1));
    int64_t slots = 1;
    while (slots * 2 <= std::min(fit, PowerOfTwoAtLeast(max_h))) slots *= 2;
    return slots;
  }

  static uint64_t ScratchBytes(const ResamplePlan& plan) {
    Parts parts;
    return Carve(plan, nullptr, &parts);
  }

  PixelRunner(const ResamplePlan& plan, const TensorView& source,
              const MutableTensorView& destination, char* scratch)
      : plan_(plan), src_(source), dst_(destination), k_(KernelsFor(source.dtype, plan.order_)) {
    Carve(plan, scratch, &parts_);
    std::fill(parts_.keys, parts_.keys + plan.pixel_slots_, int64_t{-1});
    combine16_ = kernels::SixteenBitRowCombinesOf(k_, source.dtype).combine;
    src_size_ = static_cast<int64_t>(ElementSize(source.dtype));
    dst_size_ = static_cast<int64_t>(ElementSize(destination.dtype));
    slot_floats_ = SlotFloats(plan);
    slot_mask_ = plan.pixel_slots_ - 1;
  }

  void Run(int64_t begin, int64_t end) {
    const int64_t rows = plan_.extent_.dst_h;
    for (int64_t r = begin; r < end; ++r) {
      const int64_t n = r / rows, ih = r % rows;
      switch (plan_.order_) {
        case PassOrder::kCopy:
          Store(SourceRow(n, ih, parts_.row), n, ih);
          break;
        case PassOrder::kHeightFirst: {
          const float* mid = plan_.h_identity_ ? SourceRow(n, ih, parts_.row) : HeightSum(n, ih);
          if (plan_.w_identity_) {
            Store(mid, n, ih);
          } else {
            WidthPass(mid, DestinationRow(n, ih), plan_.destination_streamed_);
          }
          break;
        }
        case PassOrder::kWidthFirst:
          HeightFromWidthRows(n, ih);
          break;
      }
    }
    if (streamed_) k_.flush_streamed_stores();
  }

 private:
  struct Parts {
    float* ring = nullptr;        // pixel_slots_ rows
    float* row = nullptr;         // a source row as fp32, or a height sum
    float* result = nullptr;      // a destination row as fp32 (16-bit, long sums; planar)
    float* planes_in = nullptr;   // a row's channels as planar rows (pixel_planar_)
    float* planes_out = nullptr;  // their width pass
    const float** ptrs = nullptr;
    const uint16_t** ptrs16 = nullptr;
    int64_t* keys = nullptr;  // the key each ring slot holds, -1: none
  };

  // Lays out the scratch from base (or counts it, base null); returns its
  // bytes. The one place for both.
  static uint64_t Carve(const ResamplePlan& plan, char* base, Parts* parts) {
    const int64_t channels = plan.problem_.channels;
    const uint64_t src_row = static_cast<uint64_t>(plan.extent_.src_w * channels);
    const uint64_t dst_row = static_cast<uint64_t>(plan.extent_.dst_w * channels);
    const uint64_t slots = static_cast<uint64_t>(plan.pixel_slots_);
    const uint64_t group = static_cast<uint64_t>(std::max<int64_t>(1, plan.height().max_count));
    const bool width_first = plan.order_ == PassOrder::kWidthFirst;
    uint64_t used = 0;
    auto take = [&](uint64_t bytes) {
      char* at = base == nullptr ? nullptr : base + used;
      used += AlignUp(bytes);
      return at;
    };
    parts->ring = reinterpret_cast<float*>(
        take(slots * static_cast<uint64_t>(SlotFloats(plan)) * sizeof(float)));
    parts->row = reinterpret_cast<float*>(take(src_row * sizeof(float)));
    parts->result = reinterpret_cast<float*>(
        take(((width_first && plan.destination_fused16_) || plan.pixel_planar_ ? dst_row : 0) *
             sizeof(float)));
    const uint64_t planes = plan.pixel_planar_ ? static_cast<uint64_t>(channels) : 0;
    parts->planes_in = reinterpret_cast<float*>(
        take(planes * static_cast<uint64_t>(PaddedRow(plan.extent_.src_w)) * sizeof(float)));
    parts->planes_out = reinterpret_cast<float*>(
        take(planes * static_cast<uint64_t>(PaddedRow(plan.extent_.dst_w)) * sizeof(float)));
    parts->ptrs = reinterpret_cast<const float**>(take(group * sizeof(const float*)));
    parts->ptrs16 = reinterpret_cast<const uint16_t**>(take(group * sizeof(const uint16_t*)));
    parts->keys = reinterpret_cast<int64_t*>(take(slots * sizeof(int64_t)));
    return used;
  }

  int64_t RowElements(bool source) const {
    return (source ? plan_.extent_.src_w : plan_.extent_.dst_w) * plan_.problem_.channels;
  }
  // Kept apart: stride * size can overflow on a dim of size 1, where any
  // stride passes the view checks; row * stride * size cannot.
  const char* SourceRowAddr(int64_t n, int64_t oh) const {
    return static_cast<const char*>(src_.data) + n * src_.strides[0] * src_size_ +
           oh * src_.strides[2] * src_size_;
  }
  char* DestinationRow(int64_t n, int64_t ih) const {
    return static_cast<char*>(dst_.data) + n * dst_.strides[0] * dst_size_ +
           ih * dst_.strides[2] * dst_size_;
  }
  // A ring slot's floats: a source row (height-first) or a destination
  // row (width-first), padded to whole lines.
  static int64_t SlotFloats(const ResamplePlan& plan) {
    const int64_t w =
        plan.order_ == PassOrder::kWidthFirst ? plan.extent_.dst_w : plan.extent_.src_w;
    const uint64_t bytes = static_cast<uint64_t>(w * plan.problem_.channels) * sizeof(float);
    return static_cast<int64_t>(AlignUp(bytes) / sizeof(float));
  }
  // Ring slot of `key` and the key it holds (-1: none).
  float* Slot(int64_t key) const { return parts_.ring + (key & slot_mask_) * slot_floats_; }
  int64_t& Held(int64_t key) const { return parts_.keys[key & slot_mask_]; }

  // Source row (n, oh) as fp32: in place, or converted into buf.
  const float* SourceRow(int64_t n, int64_t oh, float* buf) const {
    const char* at = SourceRowAddr(n, oh);
    if (plan_.source_direct_) return reinterpret_cast<const float*>(at);
    LoadRow(k_, src_.dtype, at, 1, RowElements(true), buf);
    return buf;
  }

  void Store(const float* row, int64_t n, int64_t ih) {
    streamed_ = streamed_ || plan_.destination_streamed_;
    StoreRow(k_, row, RowElements(false), dst_.dtype, DestinationRow(n, ih), 1,
             plan_.destination_streamed_);
  }

  // The height pass of destination row (n, ih) over whole source rows.
  const float* HeightSum(int64_t n, int64_t ih) {
    const GatherTable& t = plan_.height();
    const size_t si = static_cast<size_t>(ih);
    const int64_t count = t.count[si], first = t.first[si], len = RowElements(true);
    const float* w = t.weights.data() + t.offset[si];
    float* sum = parts_.row;
    if (plan_.source_direct_ || count == 0) {
      for (int64_t j = 0; j < count; ++j) {
        parts_.ptrs[j] = reinterpret_cast<const float*>(SourceRowAddr(n, first + j));
      }
      k_.height_combine(parts_.ptrs, w, count, len, sum, false);
      return sum;
    }
    if (combine16_ != nullptr) {
      for (int64_t j = 0; j < count; ++j) {
        parts_.ptrs16[j] = reinterpret_cast<const uint16_t*>(SourceRowAddr(n, first + j));
      }
      combine16_(parts_.ptrs16, w, count, len, sum, false);
      return sum;
    }
    const int64_t base_key = n * plan_.extent_.src_h, group = plan_.pixel_slots_;
    for (int64_t k0 = 0; k0 < count; k0 += group) {
      const int64_t g = std::min(group, count - k0);
      for (int64_t j = 0; j < g; ++j) {
        const int64_t key = base_key + first + k0 + j;
        float* slot = Slot(key);
        if (Held(key) != key) {
          LoadRow(k_, src_.dtype, SourceRowAddr(n, first + k0 + j), 1, len, slot);
          Held(key) = key;
        }
        parts_.ptrs[j] = slot;
      }
      k_.height_combine(parts_.ptrs, w + k0, g, len, sum, k0 > 0);
    }
    return sum;
  }

  // The width pass of one row: each destination pixel the sum of its source
  // pixels, C channels at a time.
  void WidthPass(const float* row, char* out, bool streamed) {
    const GatherTable& w = plan_.width();
    const int64_t c = plan_.problem_.channels;
    streamed_ = streamed_ || streamed;
    if (plan_.pixel_planar_) {
      const bool direct = dst_.dtype == DataType::kFloat32 && !streamed;
      float* joined = direct ? reinterpret_cast<float*>(out) : parts_.result;
      WidthPlanar(row, joined);
      if (!direct) StoreRow(k_, joined, RowElements(false), dst_.dtype, out, 1, streamed);
      return;
    }
    switch (dst_.dtype) {
      case DataType::kFloat16: {
        uint16_t* d = reinterpret_cast<uint16_t*>(out);
        k_.height_pass_planes_half(w, 0, w.size, row, c, 0, 0, &d, c, 1, c, streamed, false);
        return;
      }
      case DataType::kBFloat16: {
        uint16_t* d = reinterpret_cast<uint16_t*>(out);
        k_.height_pass_planes_bfloat16(w, 0, w.size, row, c, 0, 0, &d, c, 1, c, streamed, false);
        return;
      }
      default: {
        float* d = reinterpret_cast<float*>(out);
        k_.height_pass_planes(w, 0, w.size, row, c, 0, 0, &d, c, 1, c, streamed, false);
        return;
      }
    }
  }

  // The width pass of one pixel row through planes (pixel_planar_): its
  // channels split into planar rows, the blocked width pass a contiguous
  // layout runs over them (rows with Inf or NaN redone by the sparse gather,
  // as there: the same bits), joined into `out` (dst_w * C floats).
  void WidthPlanar(const float* row, float* out) {
    PlanarWidthPass(k_, plan_, row, out, parts_.planes_in, parts_.planes_out);
  }

  // Width-passed source row (n, oh), from the ring cache.
  const float* WidthRow(int64_t n, int64_t oh) {
    if (plan_.w_identity_ && plan_.source_direct_) {
      return reinterpret_cast<const float*>(SourceRowAddr(n, oh));
    }
    const int64_t key = n * plan_.extent_.src_h + oh;
    float* slot = Slot(key);
    int64_t& held = Held(key);
    if (held == key) return slot;
    if (plan_.w_identity_) {
      SourceRow(n, oh, slot);
    } else {
      PixelWidthPass(k_, plan_, SourceRow(n, oh, parts_.row), slot, parts_.planes_in,
                     parts_.planes_out);
    }
    held = key;
    return slot;
  }

  // Destination row (n, ih) as the sum of its width-passed source rows: in
  // one go into the destination (rounded to 16 bits in registers, or
  // streamed) where the ring holds them all and they are few, else in
  // groups of the ring's size into the fp32 row (the destination's own, or
  // the result row for 16 bits).
  void HeightFromWidthRows(int64_t n, int64_t ih) {
    const GatherTable& t = plan_.height();
    const size_t si = static_cast<size_t>(ih);
    const int64_t count = t.count[si], first = t.first[si], len = RowElements(false);
    const int64_t group = plan_.w_identity_ && plan_.source_direct_ ? count : plan_.pixel_slots_;
    const float* w = t.weights.data() + t.offset[si];
    char* out = DestinationRow(n, ih);
    const bool streamed = plan_.destination_streamed_;
    if (count == 0 && streamed) {
      streamed_ = true;
      k_.zero_row_streamed(out, len * dst_size_);
      return;
    }
    if (count >= 1 && count <= std::min(group, kernels::kMaxFusedTaps) &&
        (streamed || plan_.destination_fused16_)) {
      for (int64_t j = 0; j < count; ++j) parts_.ptrs[j] = WidthRow(n, first + j);
      streamed_ = streamed_ || streamed;
      if (!plan_.destination_fused16_) {
        k_.height_combine_streamed(parts_.ptrs, w, count, len, reinterpret_cast<float*>(out));
        return;
      }
      const bool half = dst_.dtype == DataType::kFloat16;
      const auto combine =
          streamed ? (half ? k_.height_combine_half_streamed : k_.height_combine_bfloat16_streamed)
                   : (half ? k_.height_combine_half : k_.height_combine_bfloat16);
      combine(parts_.ptrs, w, count, len, reinterpret_cast<uint16_t*>(out));
      return;
    }
    float* acc = plan_.destination_fused16_ ? parts_.result : reinterpret_cast<float*>(out);
    if (count == 0) k_.height_combine(nullptr, nullptr, 0, len, acc, false);
    for (int64_t k0 = 0; k0 < count; k0 += group) {
      const int64_t g = std::min(group, count - k0);
      for (int64_t j = 0; j < g; ++j) parts_.ptrs[j] = WidthRow(n, first + k0 + j);
      k_.height_combine(parts_.ptrs, w + k0, g, len, acc, k0 > 0);
    }
    if (plan_.destination_fused16_) {
      streamed_ = streamed_ || streamed;
      StoreRow(k_, acc, len, dst_.dtype, out, 1, streamed);
    }
  }

  const ResamplePlan& plan_;
  const TensorView& src_;
  const MutableTensorView& dst_;
  const kernels::KernelTable& k_;
  Parts parts_;
  int64_t src_size_ = 0;
  int64_t dst_size_ = 0;
  int64_t slot_floats_ = 0;
  int64_t slot_mask_ = 0;
  // Sums over 16-bit source rows in place, where the target converts in
  // registers; null: rows are converted into the ring cache.
  void (*combine16_)(const uint16_t* const*, const float*, int64_t, int64_t, float*,
                     bool) = nullptr;
  bool streamed_ = false;  // non-temporal stores to flush at the end
};

std::unique_ptr<ResamplePlan> ResamplePlan::Create(const ResampleProblem& problem,
                                                   const ViewLayout& source,
                                                   const ViewLayout& destination,
                                                   const Partition& partition, std::string* error,
                                                   uint64_t row_cache_bytes) {
  const ResampleProblem& f = problem;  // forward sizes: in -> out
  const bool backward = f.direction == Direction::kBackward;
  const bool nearest = IsNearest(f.filter);
  Arithmetic arithmetic = Arithmetic::kFloat32;
  if (nearest && !backward) {
    arithmetic = Arithmetic::kCopy;
  } else if (source.dtype == DataType::kFloat64 || destination.dtype == DataType::kFloat64) {
    arithmetic = Arithmetic::kFloat64;
  }
  const auto is_float = [](DataType t) {
    return t == DataType::kFloat32 || t == DataType::kFloat16 || t == DataType::kBFloat16;
  };
  const bool dtypes_fit = arithmetic == Arithmetic::kCopy ? source.dtype == destination.dtype
                          : arithmetic == Arithmetic::kFloat64
                              ? source.dtype == destination.dtype
                              : is_float(source.dtype) && is_float(destination.dtype);
  if (!dtypes_fit) {
    if (error) *error = std::string("no ") + FilterName(f.filter) + " path for these dtypes";
    return nullptr;
  }
  const bool whole_copy =
      f.filter == Filter::kCubic && backward && f.in_h == f.out_h && f.in_w == f.out_w;
  const bool double_index = arithmetic == Arithmetic::kCopy && source.dtype == DataType::kFloat64;
  const AxisRule rule_h{f.filter,   f.in_h,     f.out_h,  f.align_corners,
                        f.scales_h, whole_copy, backward, double_index};
  const AxisRule rule_w{f.filter,   f.in_w,     f.out_w,  f.align_corners,
                        f.scales_w, whole_copy, backward, double_index};
  std::shared_ptr<const AxisTables> height = CachedAxisTables(rule_h, f.direction, false);
  std::shared_ptr<const AxisTables> width =
      CachedAxisTables(rule_w, f.direction, arithmetic == Arithmetic::kFloat32);
  if (!height || !width) {
    if (error) *error = CheckTableSizes(f);
    return nullptr;
  }
  if (f.gain != 1.0f) {
    if (arithmetic != Arithmetic::kFloat32 || !std::isfinite(f.gain)) {
      if (error) *error = "a gain needs the fp32 engine and a finite value";
      return nullptr;
    }
    height = ScaledTables(*height, f.gain);
  }
  std::unique_ptr<ResamplePlan> plan(new ResamplePlan());
  plan->problem_ = f;
  plan->arithmetic_ = arithmetic;
  // Pixel rows (channels-last views) are rows of unit stride too: the plan
  // takes the decisions a contiguous layout gets (the same pass order, so the
  // same bits), and PixelRunner runs them over whole rows of W * C elements.
  // Copies (nearest forwards) copy whole pixels from 2 channels on.
  plan->pixel_rows_ =
      (arithmetic == Arithmetic::kFloat32 || arithmetic == Arithmetic::kCopy) &&
      PixelLayouts(source, destination, f.channels, arithmetic == Arithmetic::kCopy);
  const bool source_rows = source.w_stride == 1 || plan->pixel_rows_;
  const bool destination_rows = destination.w_stride == 1 || plan->pixel_rows_;
  plan->source_direct_ = source.dtype == DataType::kFloat32 && source_rows;
  plan->destination_direct_ = destination.dtype == DataType::kFloat32 && destination_rows;
  plan->destination_fused16_ = destination.dtype != DataType::kFloat32 && destination_rows;
  plan->h_identity_ = height->identity;
  plan->w_identity_ = width->identity;
  plan->height_tables_ = std::move(height);
  plan->width_tables_ = std::move(width);
  plan->extent_ = f.direction == Direction::kForward ? Extent{f.in_h, f.in_w, f.out_h, f.out_w}
                                                     : Extent{f.out_h, f.out_w, f.in_h, f.in_w};
  const Extent& p = plan->extent_;
  const double destination_elements = static_cast<double>(f.batch) *
                                      static_cast<double>(f.channels) *
                                      static_cast<double>(p.dst_h) * static_cast<double>(p.dst_w);
  plan->destination_streamed_ =
      (plan->destination_direct_ || plan->destination_fused16_) &&
      std::max(destination_elements, partition.whole_destination_elements) >=
          kStreamedDestinationElements;
  plan->num_chunks_ = std::max<int64_t>(1, partition.chunks);
  plan->num_threads_ = std::max(1, partition.threads);
  plan->job_size_ = partition.job_size;
  if (arithmetic != Arithmetic::kFloat32) {
    // The exact paths: a copy needs no scratch; double arithmetic one
    // destination row of doubles per thread.
    plan->chunk_bytes_ =
        arithmetic == Arithmetic::kFloat64 ? AlignUp(static_cast<uint64_t>(p.dst_w) * 8) : 0;
    plan->scratch_bytes_ =
        plan->chunk_bytes_ == 0
            ? 0
            : plan->chunk_bytes_ * static_cast<uint64_t>(plan->num_threads_) + kAlign;
    if (arithmetic == Arithmetic::kCopy && !plan->w_identity_) {
      plan->copy_first32_ = GatherRowIndices(plan->width().first, plan->width().src_size);
    }
    return plan;
  }

  // Pass order from a cost model in vector-lane FMAs: the height pass costs a
  // tap per element of each row it forms; the blocked width pass costs
  // kWidth lanes per block tap per row; each intermediate element costs a
  // store and a load.
  const double taps_h = static_cast<double>(plan->height().offset.back());
  const double w_row = 16.0 * static_cast<double>(plan->width_blocked().pass_cost);
  constexpr double kIntermediateCost = 2.0;
  const double ho = static_cast<double>(p.src_h), wo = static_cast<double>(p.src_w);
  const double hi = static_cast<double>(p.dst_h), wi = static_cast<double>(p.dst_w);
  const double h_pass_h_first = plan->h_identity_ ? 0.0 : taps_h * wo;
  const double w_pass_h_first = plan->w_identity_ ? 0.0 : hi * w_row;
  const double cost_h_first = h_pass_h_first + w_pass_h_first + kIntermediateCost * hi * wo;
  const double w_pass_w_first = plan->w_identity_ ? 0.0 : ho * w_row;
  const double h_pass_w_first = plan->h_identity_ ? 0.0 : taps_h * wi;
  const double cost_w_first = w_pass_w_first + h_pass_w_first + kIntermediateCost * ho * wi;
  // Width-first small planes: all of a plane's dY.Ww rows and dX rows (16-bit
  // destination rows with unit stride are written by the height pass itself,
  // rounded in registers: no fp32 result rows) fit the budget, so the height
  // pass runs over whole planes in one kernel call instead of paying per-row
  // overhead on short rows. Only for planes well inside L2: larger planes run
  // faster row by row, where computing dY.Ww rows overlaps with writing dX
  // rows.
  const bool result_rows = !plan->destination_direct_ && !plan->destination_fused16_;
  const uint64_t small_plane_floats = static_cast<uint64_t>(p.src_h + (result_rows ? p.dst_h : 0)) *
                                      static_cast<uint64_t>(PaddedRow(p.dst_w));
  const uint64_t small_plane_bytes = small_plane_floats * sizeof(float);
  const bool small_plane = small_plane_bytes <= kSmallPlaneBytes;
  const bool width_first_small_planes =
      !plan->w_identity_ && small_plane && small_plane_bytes <= row_cache_bytes;
  // Width-first, small planes run whole (RunWidthFirstSmallPlanes: one
  // height-pass call per batch of planes); height-first runs row by row and
  // pays a per-row cost the model above leaves out. On short destination rows,
  // or where the width pass is cheap, that cost outweighs the arithmetic
  // height-first saves (measured on AMD Zen 4 from Python, fp32, best of 200:
  // backward of 14x14 -> 28x28 on 4x256 planes, AVX-512 / AVX2, height-first
  // against width-first: nearest 0.24 / 0.23 ms against 0.21 / 0.12, bicubic
  // 0.43 / 0.57 against 0.18 / 0.32; bilinear AA 64 -> 128 on 64 planes 0.15 /
  // 0.24 against 0.12 / 0.18; but bicubic, 8 taps a row, 64 -> 128 0.19 / 0.25
  // against 0.20 / 0.38). Cheap width passes only on planes up to half the
  // small-plane budget: at 128 -> 256 (64 planes of 128 KiB) the family bench
  // gave bilinear 0.76 -> 0.90 ms and nearest-exact 0.63 -> 0.74 ms width-first.
  // Neither rule where the model costs width-first more than twice height-
  // first (the cases above: 1.5-1.75 times): strongly shrinking width passes
  // (few taps a destination, but the blocked pass's dense blocks span the
  // whole window, and width-first passes every source row of the plane where
  // height-first reads only the rows it sums) and the backwards of large
  // upsamplings (20-30 taps a destination). AMD Zen 5, AVX2, 2 threads, hot /
  // emptied caches, medians of 20, width-first against height-first (model
  // ratio): forwards of (64, 3) 224x224 -> 32x32 bilinear (2.9) 1.68 / 2.61
  // -> 0.27 / 0.51 ms, bicubic 0.99 / 1.62 -> 0.37 / 0.79, AA bicubic (2.75)
  // 1.61-1.86 / 2.11 -> 1.00-1.02 / 1.18-1.34; (64, 3) 256x256 -> 64x64
  // bilinear (2.3) 1.99 / 2.06 -> 0.79 / 1.17; (256, 1) 128x128 -> 16x16
  // bilinear (3.0) 0.44 / 1.42 -> 0.13 / 0.40; AA bicubic backwards of (64, 3)
  // 32x32 -> 224x224 (2.75) 1.76-1.86 / 2.16-2.26 -> 1.03-1.18 / 1.22-1.24
  // (AVX-512 1.35 / 1.86 -> 0.92-0.95 / 1.27-1.30), of (16, 3) 32x32 ->
  // 160x160 (2.4) 0.15-0.16 / 0.36-0.39 -> 0.13-0.14 / 0.21. From 1.6 to 2.2
  // the orders were within 10-20% of each other (width-first ahead hot,
  // height-first cold). Rows of one vector pay height-first's per-row cost on
  // the fewest elements: AA bicubic forwards of (32, 16) 32x32 -> 8x8 (2.2)
  // 0.06-0.08 / 0.18-0.19 -> 0.09-0.11 / 0.17-0.18 and of (256, 1) 64x64 ->
  // 8x8 (2.9) 0.17 / 0.33 -> 0.21 / 0.36 stay width-first, the bilinear one
  // (4.3) goes height-first: 0.072 / 0.197 -> 0.031 / 0.130.
  // The order sets the bits, so it depends on the problem only, not on the
  // row cache budget (which only chooses between paths of the same bits).
  const GatherTable& width_table = plan->width();
  const double max_model_ratio = p.dst_w <= kOneVectorRowFloats
                                     ? kMaxSmallPlaneModelRatioOneVectorRows
                                     : kMaxSmallPlaneModelRatio;
  const bool small_planes_first =
      small_plane && cost_w_first <= max_model_ratio * cost_h_first &&
      (p.dst_w <= kShortRowFloats ||
       (width_table.offset.back() <= kCheapWidthTaps * width_table.size &&
        small_plane_bytes <= kSmallPlaneBytes / 2));
  if (plan->h_identity_ && plan->w_identity_) {
    plan->order_ = PassOrder::kCopy;
  } else if (plan->h_identity_) {
    plan->order_ = PassOrder::kHeightFirst;  // rows go straight to the width pass
  } else if (plan->w_identity_) {
    plan->order_ = PassOrder::kWidthFirst;  // rows go straight to the height pass
  } else {
    plan->order_ = cost_w_first < cost_h_first || small_planes_first ? PassOrder::kWidthFirst
                                                                     : PassOrder::kHeightFirst;
  }

  if (plan->pixel_rows_) {
    // Planar where the width pass keeps or adds columns (the backwards of
    // shrinks, upsampling forwards), and for 2 channels: on shrinking passes
    // of 3 and 4 channels the blocked pass over 3 or 4 planar rows lost to
    // the pixels (AVX2, 2 threads, hot, AA bilinear (8, C, 512, 512) -> 224:
    // C 3 1.86 -> 2.41 ms, C 4 1.92 -> 2.83).
    const GatherTable& w = plan->width();
    plan->pixel_planar_ = !plan->w_identity_ && f.channels <= kernels::kMaxPlanarChannels &&
                          (f.channels == 2 || w.size >= w.src_size);
    plan->width_phased_ = plan->pixel_planar_ && HasPhasedForm(plan->width_blocked());
    plan->pixel_slots_ = PixelRunner::RingSlots(*plan, row_cache_bytes);
    plan->chunk_bytes_ = PixelRunner::ScratchBytes(*plan);
    plan->scratch_bytes_ = plan->chunk_bytes_ * static_cast<uint64_t>(plan->num_threads_) + kAlign;
    return plan;
  }

  // Scratch per thread, in floats.
  const uint64_t row_o = static_cast<uint64_t>(PaddedRow(p.src_w));
  const uint64_t row_i = static_cast<uint64_t>(PaddedRow(p.dst_w));
  const uint64_t r = static_cast<uint64_t>(kRowsPerWidthPass);
  uint64_t bytes = 0;
  auto add = [&](uint64_t floats) { bytes += AlignUp(floats * sizeof(float)); };
  const int64_t max_h = std::max<int64_t>(1, plan->height().max_count);
  switch (plan->order_) {
    case PassOrder::kCopy:
      add(row_i);
      break;
    case PassOrder::kHeightFirst: {
      const int64_t fit = static_cast<int64_t>(row_cache_bytes / (row_o * sizeof(float)));
      plan->row_cache_slots_ =
          plan->source_direct_ ? 0 : PowerOfTwoAtLeast(std::clamp<int64_t>(fit, 1, max_h));
      const GatherTable& h = plan->height();
      plan->pair_min_source_bytes_ = IntelCpu() ? kIntelMinPairSourceBytes : kMinPairSourceBytes;
      plan->prefetch_rows_ahead_ =
          !IntelCpu() ||
          p.src_w * static_cast<int64_t>(ElementSize(source.dtype)) < kIntelMaxPrefetchRowBytes;
      plan->sweep_capable_ = plan->source_direct_ && !plan->h_identity_ &&
                             r * row_o * sizeof(float) <= kSweepStageBytes;
      // (Where two rows' sums read pair_min_source_bytes_, the row pairs
      // beat the sweep.)
      plan->height_sweep_ = plan->sweep_capable_ && h.max_count >= kernels::kMaxFusedTaps &&
                            p.src_w >= kMinSweepRowFloats &&
                            h.offset.back() >= kMinSweepFanOut * h.src_size &&
                            h.max_count * p.src_w * static_cast<int64_t>(sizeof(float)) <
                                plan->pair_min_source_bytes_;
      add(static_cast<uint64_t>(plan->row_cache_slots_) * row_o);  // dY rows
      add(r * row_o);                                              // Wh^T.dY rows
      add(r * row_i);                                              // dX rows
      break;
    }
    case PassOrder::kWidthFirst: {
      const int64_t fit = static_cast<int64_t>(row_cache_bytes / (row_i * sizeof(float)));
      const bool cache_needed = !(plan->w_identity_ && plan->source_direct_);
      plan->row_cache_slots_ = cache_needed
                                   ? PowerOfTwoAtLeast(std::clamp<int64_t>(
                                         fit, kRowsPerWidthPass, max_h + kRowsPerWidthPass - 1))
                                   : 0;
      plan->small_planes_ = width_first_small_planes;  // see above
      if (plan->small_planes_) {
        plan->row_cache_slots_ = 0;
        SourceRange(plan->height(), 0, p.dst_h, &plan->whole_lo_, &plan->whole_hi_);
        // No more planes than a chunk holds whole: the workspace of a small
        // problem stays small.
        const int64_t planes_per_chunk =
            (f.batch * f.channels + plan->num_chunks_ - 1) / plan->num_chunks_;
        plan->batch_planes_ =
            std::clamp<int64_t>(static_cast<int64_t>(kSmallBatchBytes / small_plane_bytes), 1,
                                std::min(kMaxBatchPlanes, planes_per_chunk));
        const uint64_t batch = static_cast<uint64_t>(plan->batch_planes_);
        add(batch * static_cast<uint64_t>(p.src_h) * row_i);  // the planes' dY.Ww rows
        if (result_rows) add(batch * static_cast<uint64_t>(p.dst_h) * row_i);  // their dX rows
        // dY rows: whole planes converted at once when the source is 16-bit
        // with contiguous planes (as many as kSmallStageFloats hold, one at
        // least), else a few rows at a time.
        const int64_t plane_src = plan->source_direct_ ? 0 : p.src_h * p.src_w;
        const int64_t staged_planes =
            plane_src == 0
                ? 0
                : std::clamp<int64_t>(kSmallStageFloats / plane_src, 1, plan->batch_planes_);
        plan->stage_floats_ = std::max(static_cast<int64_t>(r * row_o), staged_planes * plane_src);
        plan->prefetch_planes_ = !IntelCpu();
        plan->stagger_4kib_apart_planes_ = IntelCpu();
        add(static_cast<uint64_t>(plan->stage_floats_));
        break;
      }
      add(static_cast<uint64_t>(plan->row_cache_slots_) * row_i);  // dY.Ww rows
      add(r * row_o);                                              // dY rows
      add(row_i);                                                  // dX row
      break;
    }
  }
  // The transposed width pass (AVX2) for shrinking passes (and some
  // expanding ones, below) where it does less work than the blocked one, per
  // 8 rows in 8-lane vector instructions: the blocked pass a broadcast and an
  // FMA per row and tap of each 8-lane half block (32 * pass_cost); the
  // transposed one a broadcast, a load and an FMA per tap of the gather
  // table, and about 5 per source and destination column for the transposes
  // and their loads and stores. Expanding passes with a phased, periodic
  // lane8 or decimated form (HasPhasedForm) keep the blocked pass: their lane
  // forms take a few permutes per block, which pass_cost does not count
  // (measured on AMD Zen 4: backward 224 -> 512 1.75 -> 2.30 ms transposed,
  // forward 512 -> 1024 0.30 -> 0.41 ms). Shrinks by 2 with a decimated form
  // (BlockedTable::decim_taps) keep the blocked pass too, which takes that
  // form on AVX2 (8 rows from L1, ns a row, transposed -> decimated: bicubic
  // AA 1920 -> 960 425 -> 325, the backward of 512 -> 1024 linear 165 -> 133,
  // of 128 -> 256 bicubic AA 52 -> 56; in the op, feature 2x up at 2 threads
  // 0.77-1.00 -> 0.67-0.79 ms).
  // Expanding passes without those forms (ratios near 1: 224 -> 256, 480 ->
  // 640, the backwards of the same shrinks), whose windows are mostly too
  // wide for the lane8 form, leave the blocked pass 20-30% useful FMAs; they
  // take the transposed pass where the model, with the lane8 halves counted
  // as such (Lane8BlockedCost), gives it kExpandingMargin: at 1.5x (a margin
  // of 2-4%) it won on rows of 200-640 and lost on rows of 1000-1280.
  // Measured on the Intel Xeon VM, AVX2, medians of 20 calls in three
  // alternated rounds, blocked against transposed, 2 threads: backward of
  // (16, 3, 256, 256) -> 224 1.16-1.35 -> 1.01-1.12 ms, of (4, 3, 640, 640)
  // -> 480 1.58-1.70 -> 1.33-1.43, of (1, 3, 1024, 2048) -> (1024, 1792)
  // 2.50-2.65 -> 2.36-2.41, of (1, 3, 1440, 1920) -> (1080, 1440) 2.65-2.89
  // -> 2.68-2.79; forward of (8, 3, 224, 224) -> 256 0.68-0.69 -> 0.54-0.56,
  // of (4, 3, 480, 480) -> 640 1.56-1.66 -> 1.25-1.29. 1 thread, at 1.5x:
  // backward (1, 3, 600, 1500) -> (600, 1000) 1.11-1.13 -> 1.25-1.32, (1, 3,
  // 1080, 1920) -> (720, 1280) 2.74-2.83 -> 2.91-2.92; backward (4, 3, 300,
  // 300) -> 200 0.52-0.54 -> 0.47-0.49.
  constexpr double kExpandingMargin = 0.8;
  if (plan->order_ != PassOrder::kCopy && !plan->w_identity_) {
    const GatherTable& w = plan->width();
    const BlockedTable& b = plan->width_blocked();
    const double transposed =
        3.0 * static_cast<double>(w.offset.back()) + 5.0 * static_cast<double>(w.src_size + w.size);
    const bool cheaper =
        w.size < w.src_size
            ? transposed < 32.0 * static_cast<double>(b.pass_cost)
            : !HasPhasedForm(b) && transposed < kExpandingMargin * Lane8BlockedCost(b);
    plan->width_transposed_ = cheaper && w.src_size >= kMinTransposedRowFloats && b.decim_taps == 0;
    plan->width_phased_ = HasPhasedForm(b);
    if (plan->width_transposed_) add(static_cast<uint64_t>(TransposedWidthFloats(w)));
  }
  // Sums of two fp32 rows read in place whose width pass has a two-tap
  // decimated form (the backwards of 2x nearest upsampling, bilinear 2x
  // shrinks) take both passes in one kernel call a row
  // (kernels::pair_decimated_row): no stage row, no separate width pass, no
  // finiteness probe (every destination is its own chain). Measured on AMD
  // EPYC (Zen 4 class), the two builds in separate processes alternated:
  // Nearest2dBackward (1, 64, 256, 256) -> 128 x 128 at 1 thread, calls back
  // to back, medians AVX2 0.74-1.06 -> 0.60-0.73 ms, AVX-512 0.87-1.16 ->
  // 0.63-0.77; family bench (2 threads, AVX-512, cold calls): that shape
  // 0.60-0.71 -> 0.41-0.56 ms, NearestExact2dBackward 0.58-0.86 -> 0.51-0.52,
  // Bilinear2d 1080x1920 -> 540x960 0.79-0.81 -> 0.58-0.63.
  // fp16 and bf16 rows of unit stride too, read in place as the 16-bit
  // height sums read them (where the target has no such form, the runner
  // takes the two passes).
  const bool rows_in_place =
      plan->source_direct_ ||
      ((source.dtype == DataType::kFloat16 || source.dtype == DataType::kBFloat16) &&
       source.w_stride == 1);
  plan->pair_decimated_ = plan->order_ == PassOrder::kHeightFirst && rows_in_place &&
                          !plan->h_identity_ && !plan->w_identity_ && !plan->height_sweep_ &&
                          !plan->width_transposed_ && plan->height().max_count == 2 &&
                          plan->width_blocked().decim_taps == 2;
  // Rows that go straight to the width pass (an identity height axis, the
  // 1-D functions among them), 16 bits in and out with unit strides, whose
  // width table has a decimated form: read, summed and rounded in registers
  // by one kernel call per 8 rows (kernels::decimated_half_rows), instead of
  // converted into fp32 stage rows, width-passed into fp32 result rows and
  // converted again. Streamed destinations keep the converted rows (their
  // non-temporal stores). Measured on AMD EPYC (2 threads, calls back to
  // back, medians of 300, two rounds in alternated processes, fp16 / bf16
  // ms): Linear1dBackward (4, 256, 1024) -> 512 AVX2 0.159-0.163 /
  // 0.163-0.165 -> 0.074-0.100 / 0.110, AVX-512 0.165-0.187 / 0.166-0.191 ->
  // 0.087-0.092 / 0.092-0.097; Nearest1dBackward, same shape, AVX2
  // 0.091-0.113 / 0.120-0.125 -> 0.070-0.072 / 0.072, AVX-512 0.134-0.143 /
  // 0.135-0.141 -> 0.045-0.060 / 0.045-0.058 (fp32 0.08-0.12 on both).
  const bool sixteen_bit =
      source.dtype == DataType::kFloat16 || source.dtype == DataType::kBFloat16;
  plan->decimated16_ = plan->order_ == PassOrder::kHeightFirst && plan->h_identity_ &&
                       !plan->w_identity_ && sixteen_bit && source.w_stride == 1 &&
                       destination.dtype == source.dtype && plan->destination_fused16_ &&
                       !plan->destination_streamed_ && plan->width_phased_ &&
                       plan->width_blocked().decim_taps > 0;
  // Height-first rows into fp16 or bf16 destination rows of unit stride
  // (not streamed) whose width table has a phased or periodic lane8 run
  // (expanding passes): the run's sums rounded to 16 bits as they are stored
  // (kernels::width_pass_to_half), the few blocks around it through the fp32
  // result rows, instead of the whole row width-passed into them and
  // converted in a pass of its own. Measured on AMD EPYC (Zen 4), 2 threads,
  // calls back to back, medians of 200, two rounds of the two builds
  // alternated, fp16 / bf16 ms: Linear1d (4, 256, 512) -> 1024, AVX2
  // 0.141-0.158 / 0.140-0.184 -> 0.111-0.116 / 0.153-0.159 (fp32 0.09-0.12),
  // AVX-512 0.121-0.128 / 0.123-0.137 -> 0.095-0.113 / 0.102-0.107 (fp32
  // 0.096); Nearest1dBackward (8, 2, 16000) -> 8000, AVX2 0.024-0.025 / 0.029
  // -> 0.021-0.023 / 0.025-0.026 (fp32 0.017-0.021). The bf16 rounding, about
  // a dozen instructions a vector on AVX2, stays the larger part of bf16's
  // excess there (1 thread: the run's kernel 5x the source conversion).
  const bool destination16 =
      destination.dtype == DataType::kFloat16 || destination.dtype == DataType::kBFloat16;
  // (Those runs are on expanding tables only: the transposed and decimated
  // forms, for shrinking ones, never meet them.)
  plan->width16_ =
      plan->order_ == PassOrder::kHeightFirst && !plan->w_identity_ && destination16 &&
      plan->destination_fused16_ && destination.w_stride == 1 && !plan->destination_streamed_ &&
      plan->width_phased_ &&
      (plan->width_blocked().phase_period > 0 || plan->width_blocked().lane8_period > 0);
  // The runner's bookkeeping, also in the scratch: phase 2 never allocates.
  const uint64_t group = static_cast<uint64_t>(max_h);
  const uint64_t batch = static_cast<uint64_t>(plan->small_planes_ ? plan->batch_planes_ : 0);
  bytes += AlignUp(static_cast<uint64_t>(plan->row_cache_slots_) * sizeof(int64_t));  // cache keys
  bytes += AlignUp(2 * group * sizeof(const float*));     // row pointers, and shifted copies
  bytes += AlignUp(2 * group * sizeof(const uint16_t*));  // the same for 16-bit source rows
  bytes += AlignUp(batch * sizeof(float*));               // destination planes (fp32)
  bytes += AlignUp(batch * sizeof(uint16_t*));            // destination planes (16-bit)
  plan->chunk_bytes_ = bytes;
  plan->scratch_bytes_ = bytes * static_cast<uint64_t>(plan->num_threads_) + kAlign;
  return plan;
}

namespace {

// Whether the rows of all the source's planes form one run: unit W stride,
// rows and planes packed (strides of dims of size 1 do not matter).
bool PlanesFormOneRun(const TensorView& v, int64_t batch, int64_t channels, int64_t h, int64_t w) {
  return (w == 1 || v.strides[3] == 1) && (h == 1 || v.strides[2] == w) &&
         (channels == 1 || v.strides[1] == h * w) &&
         (batch == 1 || v.strides[0] == channels * h * w);
}

// Stage rows that a step of the height sweep feeds, with their weights (and
// the next source row's, for the rows two source rows feed).
struct SweepRows {
  float* acc[kRowsPerWidthPass];
  float weights[kRowsPerWidthPass];
  float next_weights[kRowsPerWidthPass];
  int64_t rows = 0;
  void Add(float* row, float weight, float next_weight) {
    acc[rows] = row;
    weights[rows] = weight;
    next_weights[rows] = next_weight;
    ++rows;
  }
};

}  // namespace

// Runs one contiguous range of dX rows, the (plane, row) pairs flattened.
class ResamplePlan::ChunkRunner {
 public:
  ChunkRunner(const ResamplePlan& plan, const TensorView& source,
              const MutableTensorView& destination, char* scratch)
      : plan_(plan), src_(source), dst_(destination), k_(KernelsFor(source.dtype, plan.order_)) {
    const Extent& p = plan.extent_;
    row_o_ = PaddedRow(p.src_w);
    row_i_ = PaddedRow(p.dst_w);
    char* next = scratch;
    auto take_bytes = [&](uint64_t bytes) {
      char* r = next;
      next += AlignUp(bytes);
      return r;
    };
    auto take = [&](int64_t floats) {
      return reinterpret_cast<float*>(take_bytes(static_cast<uint64_t>(floats) * sizeof(float)));
    };
    const int64_t r = kRowsPerWidthPass;
    switch (plan.order_) {
      case PassOrder::kCopy:
        row_buffer_ = take(row_i_);
        break;
      case PassOrder::kHeightFirst:
        cache_ = take(plan.row_cache_slots_ * row_o_);
        cache_stride_ = row_o_;
        stage_ = take(r * row_o_);
        result_ = take(r * row_i_);
        break;
      case PassOrder::kWidthFirst:
        if (plan.small_planes_) {
          plane_mid_ = take(plan.batch_planes_ * plan.extent_.src_h * row_i_);
          plane_out_ = plan.destination_direct_ || plan.destination_fused16_
                           ? nullptr
                           : take(plan.batch_planes_ * plan.extent_.dst_h * row_i_);
          stage_ = take(plan.stage_floats_);  // as Create counted it
          planes_run_ = PlanesFormOneRun(source, plan.problem_.batch, plan.problem_.channels,
                                         plan.extent_.src_h, plan.extent_.src_w);
          out_contiguous_ =
              destination.strides[3] == 1 &&
              (destination.strides[2] == plan.extent_.dst_w || plan.extent_.dst_h == 1);
          in_contiguous_ = !plan.source_direct_ && source.strides[3] == 1 &&
                           (source.strides[2] == plan.extent_.src_w || plan.extent_.src_h == 1);
          ahead_planes_ = std::max<int64_t>(
              1, kSmallPlanePrefetchBytes /
                     std::max<int64_t>(1, plan.extent_.src_h * plan.extent_.src_w *
                                              static_cast<int64_t>(ElementSize(source.dtype))));
          break;
        }
        cache_ = take(plan.row_cache_slots_ * row_i_);
        cache_stride_ = row_i_;
        stage_ = take(r * row_o_);
        row_buffer_ = take(row_i_);
        break;
    }
    if (plan.width_transposed_ && k_.width_pass_transposed != nullptr) {
      transposed_ = take(TransposedWidthFloats(plan.width()));
    }
    sweep_ = plan.height_sweep_ &&
             (transposed_ == nullptr || plan.extent_.src_w <= kMaxSweepRowFloatsTransposed);
    // Bookkeeping, in the order Create counted it.
    const int64_t group = std::max<int64_t>(plan.height().max_count, 1);
    const uint64_t batch = static_cast<uint64_t>(plan.small_planes_ ? plan.batch_planes_ : 0);
    cache_keys_ = reinterpret_cast<int64_t*>(
        take_bytes(static_cast<uint64_t>(plan.row_cache_slots_) * sizeof(int64_t)));
    std::fill(cache_keys_, cache_keys_ + plan.row_cache_slots_, int64_t{-1});
    row_ptrs_ = reinterpret_cast<const float**>(
        take_bytes(2 * static_cast<uint64_t>(group) * sizeof(const float*)));
    ahead_ptrs_ = row_ptrs_ + group;
    row16_ptrs_ = reinterpret_cast<const uint16_t**>(
        take_bytes(2 * static_cast<uint64_t>(group) * sizeof(const uint16_t*)));
    ahead16_ptrs_ = row16_ptrs_ + group;
    ahead_capacity_ = group;
    if (source.strides[3] == 1) {
      const kernels::SixteenBitRowCombines forms =
          kernels::SixteenBitRowCombinesOf(k_, source.dtype);
      combine16_ = forms.combine;
      fetch16_ = forms.fetch;
      pair16_ = forms.pair;
      overlapping_pair16_ = forms.overlapping_pair;
      if (destination.strides[3] == 1) decimated16_ = forms.decimated;
    }
    if (plan.width16_) {
      width_pass16_ = destination.dtype == DataType::kFloat16 ? k_.width_pass_to_half
                                                              : k_.width_pass_to_bfloat16;
    }
    dst_planes_ = reinterpret_cast<float**>(take_bytes(batch * sizeof(float*)));
    dst16_planes_ = reinterpret_cast<uint16_t**>(take_bytes(batch * sizeof(uint16_t*)));
    slot_mask_ = plan.row_cache_slots_ - 1;
    // Kept apart: stride * size can overflow on a dim of size 1, where any
    // stride passes the view checks; row * stride * size cannot.
    src_row_stride_ = source.strides[2];
    src_size_ = static_cast<int64_t>(ElementSize(source.dtype));
    src_row_lines_ = (plan.extent_.src_w * src_size_ + kCacheLine - 1) / kCacheLine;
    dst_row_stride_ = destination.strides[2];
    dst_size_ = static_cast<int64_t>(ElementSize(destination.dtype));
  }

  void Run(int64_t begin, int64_t end) {
    switch (plan_.order_) {
      case PassOrder::kCopy:
        RunCopy(begin, end);
        break;
      case PassOrder::kHeightFirst:
        RunHeightFirst(begin, end);
        break;
      case PassOrder::kWidthFirst:
        RunWidthFirst(begin, end);
        break;
    }
    if (streamed_) k_.flush_streamed_stores();
  }

 private:
  // Element (n, c, 0, 0) of plane p = n*C + c. Planes are visited in order,
  // so the next plane is a step, not a division.
  template <typename Byte>
  struct PlaneCursor {
    int64_t plane = -1, n = 0, c = -1;  // before plane 0
    Byte* base = nullptr;
    template <typename View>
    Byte* Seek(const View& v, int64_t channels, int64_t p) {
      if (p == plane) return base;
      if (p == plane + 1) {
        if (++c == channels) {
          c = 0;
          ++n;
        }
      } else {
        n = p / channels;
        c = p % channels;
      }
      plane = p;
      base = static_cast<Byte*>(v.data) +
             (n * v.strides[0] + c * v.strides[1]) * static_cast<int64_t>(ElementSize(v.dtype));
      return base;
    }
  };

  const char* SourceRowAddr(int64_t p, int64_t oh) {
    return src_plane_.Seek(src_, plan_.problem_.channels, p) + oh * src_row_stride_ * src_size_;
  }
  char* DestinationRowAddr(int64_t p, int64_t ih) {
    return dst_plane_.Seek(dst_, plan_.problem_.channels, p) + ih * dst_row_stride_ * dst_size_;
  }

  // Source row as fp32: in place when possible, else converted into buf.
  const float* SourceRow(int64_t p, int64_t oh, float* buf) {
    const char* src = SourceRowAddr(p, oh);
    if (plan_.source_direct_) return reinterpret_cast<const float*>(src);
    LoadRow(k_, src_.dtype, src, src_.strides[3], plan_.extent_.src_w, buf);
    return buf;
  }

  // streamed: with non-temporal stores (StoreRow's), flushed at the end.
  void StoreResult(const float* row, int64_t p, int64_t ih, bool streamed = false) {
    streamed_ = streamed_ || streamed;
    StoreRow(k_, row, plan_.extent_.dst_w, dst_.dtype, DestinationRowAddr(p, ih), dst_.strides[3],
             streamed);
  }

  float* Slot(int64_t key) { return cache_ + (key & slot_mask_) * cache_stride_; }
  bool Cached(int64_t key) const { return cache_keys_[key & slot_mask_] == key; }
  void MarkCached(int64_t key) { cache_keys_[key & slot_mask_] = key; }

  // from_memory: src are the source tensor's own rows (prefetched ahead).
  void WidthPassChecked(const float* const* src, float* const* dst, int64_t rows,
                        bool from_memory) {
    CheckedWidthPass(k_, plan_.width(), plan_.width_blocked(), plan_.width_phased_, transposed_,
                     src, dst, rows, from_memory);
  }

  // WidthPassChecked for `rows` rows evenly spaced in both buffers (strides
  // in floats).
  void WidthPassStridedChecked(const float* src, int64_t src_stride, float* dst, int64_t dst_stride,
                               int64_t rows, bool from_memory) {
    if (transposed_ != nullptr) {  // the plan's transposed pass, 8 rows per call
      for (; rows >= kRowsPerWidthPass; rows -= kRowsPerWidthPass) {
        const float* src_rows[kRowsPerWidthPass];
        float* dst_rows[kRowsPerWidthPass];
        for (int64_t r = 0; r < kRowsPerWidthPass; ++r) {
          src_rows[r] = src + r * src_stride;
          dst_rows[r] = dst + r * dst_stride;
        }
        WidthPassChecked(src_rows, dst_rows, kRowsPerWidthPass, from_memory);
        src += kRowsPerWidthPass * src_stride;
        dst += kRowsPerWidthPass * dst_stride;
      }
      if (rows == 0) return;
    }
    if (k_.width_pass_strided(plan_.width_blocked(), src, src_stride, dst, dst_stride, rows,
                              from_memory, plan_.width_phased_)) {
      return;
    }
    for (int64_t r = 0; r < rows; ++r) {
      RedoIfNotFinite(k_, plan_.width(), src + r * src_stride, dst + r * dst_stride);
    }
  }

  // (plane, row) of the flattened dX row index, walked without dividing per row.
  struct RowCursor {
    int64_t plane = 0;
    int64_t row = 0;
    int64_t rows_per_plane = 1;
    RowCursor() = default;
    RowCursor(int64_t flat, int64_t rows)
        : plane(flat / rows), row(flat % rows), rows_per_plane(rows) {}
    void Next() {
      if (++row == rows_per_plane) {
        row = 0;
        ++plane;
      }
    }
  };

  void RunCopy(int64_t begin, int64_t end) {
    RowCursor at(begin, plan_.extent_.dst_h);
    for (int64_t r = begin; r < end; ++r, at.Next()) {
      StoreResult(SourceRow(at.plane, at.row, row_buffer_), at.plane, at.row);
    }
  }

  // The source rows that destination row ih + kPrefetchRowsAhead reads and
  // the row before it does not: [*begin, *end) of plane p (none past the
  // table, and none where the rows are left to the hardware:
  // prefetch_rows_ahead_, kIntelMaxPrefetchRowBytes).
  void RowsAhead(int64_t ih, int64_t* begin, int64_t* end) const {
    if (!plan_.prefetch_rows_ahead_) {
      *begin = *end = 0;  // left to the hardware
      return;
    }
    NewSourceRows(plan_.height(), ih + kPrefetchRowsAhead, begin, end);
  }

  // Pointers to the source rows [begin, end) of plane p in ahead[] (for the
  // kernels that prefetch them); returns their number.
  template <typename T>
  int64_t PointAhead(int64_t p, int64_t begin, int64_t end, const T** ahead) {
    for (int64_t j = begin; j < end; ++j) {
      ahead[j - begin] = reinterpret_cast<const T*>(SourceRowAddr(p, j));
    }
    return end - begin;
  }

  // Prefetches lines [line_begin, line_end) of the source rows
  // [row_begin, ...) of plane p, counted as one run.
  void PrefetchLines(int64_t p, int64_t row_begin, int64_t line_begin, int64_t line_end) {
    const int64_t row_lines = src_row_lines_;
    if (line_begin >= line_end) return;
    int64_t row = row_begin + line_begin / row_lines, l = line_begin % row_lines;
    const char* at = SourceRowAddr(p, row) + l * kCacheLine;
    for (int64_t left = line_end - line_begin; left > 0; --left) {
      __builtin_prefetch(at);
      at += kCacheLine;
      if (++l == row_lines && left > 1) {
        l = 0;
        at = SourceRowAddr(p, ++row);
      }
    }
  }

  // Source rows with unit stride: the rows that destination row
  // ih + kPrefetchRowsAhead adds are fetched ahead of their loads. Rows read
  // in place (fp32) get the prefetches spread over the parts of this row's
  // sum, a few lines per part; a burst of them stalls on the queue of misses
  // (measured on AMD Zen 4, 2x upsampling backward, caches cold: 2.2 ms with
  // one burst per row, 1.6 ms spread, 3.0 ms without).
  void PrefetchAllAhead(int64_t p, int64_t ih) {
    int64_t begin = 0, end = 0;
    RowsAhead(ih, &begin, &end);
    PrefetchLines(p, begin, 0, (end - begin) * src_row_lines_);
  }

  // The sum of `count` rows in place (rows[], fp32 or 16-bit) with the rows
  // ahead prefetched: by `fetch` itself, spread over the sum (ahead[]:
  // scratch for their pointers), or in one burst before `combine`. The same
  // chain per element.
  template <typename T, typename Combine, typename Fetch>
  void CombineAhead(int64_t p, int64_t ih, const float* w, int64_t count, int64_t n, float* out,
                    const T** rows, const T** ahead, Combine combine, Fetch fetch) {
    int64_t begin = 0, end = 0;
    RowsAhead(ih, &begin, &end);
    const int64_t lines = (end - begin) * src_row_lines_;
    const int64_t vectors = (n + BlockedTable::kWidth - 1) / BlockedTable::kWidth;
    // Sums of more than 8 rows run as several chains per call (CombineRows);
    // split in parts to spread their prefetches, they paid more in calls
    // than the spread prefetches gained (forward 4032x3024 -> 1024x768: 5.3
    // -> 6.6 ms). The shorter sums spread them in one call (a call, a
    // prefetch loop and a dispatch per part of the row had been most of the
    // time on rows of 1 KiB: Nearest2dBackward of (1, 64, 256, 256) into
    // 128 x 128, AVX2, 1 thread, calls back to back: 0.96-1.03 -> 0.72-0.74
    // ms).
    if (count > kernels::kMaxFusedTaps || lines < kMinSpreadLines || vectors < kMinSpreadVectors) {
      PrefetchLines(p, begin, 0, lines);
      combine(rows, w, count, n, out, false);
      return;
    }
    fetch(rows, w, count, n, out, ahead, PointAhead(p, begin, end, ahead));
  }

  // Height pass of one dX row: out = sum over its dY rows, ascending.
  void HeightRowFromSource(int64_t p, int64_t ih, float* out) {
    const GatherTable& t = plan_.height();
    const size_t si = static_cast<size_t>(ih);
    const int64_t count = t.count[si], first = t.first[si];
    const float* w = t.weights.data() + t.offset[si];
    const int64_t wo = plan_.extent_.src_w;
    if (count == 0) {
      k_.height_combine(nullptr, nullptr, 0, wo, out, false);
      return;
    }
    if (plan_.source_direct_) {
      for (int64_t j = 0; j < count; ++j) {
        row_ptrs_[j] = reinterpret_cast<const float*>(SourceRowAddr(p, first + j));
      }
      CombineAhead(p, ih, w, count, wo, out, row_ptrs_, ahead_ptrs_, k_.height_combine,
                   k_.height_combine_fetch);
      return;
    }
    if (combine16_ != nullptr) {
      for (int64_t j = 0; j < count; ++j) {
        row16_ptrs_[j] = reinterpret_cast<const uint16_t*>(SourceRowAddr(p, first + j));
      }
      CombineAhead(p, ih, w, count, wo, out, row16_ptrs_, ahead16_ptrs_, combine16_, fetch16_);
      return;
    }
    const int64_t group = plan_.row_cache_slots_;
    const int64_t base_key = p * plan_.extent_.src_h;
    if (src_.strides[3] == 1) PrefetchAllAhead(p, ih);
    for (int64_t k0 = 0; k0 < count; k0 += group) {
      const int64_t g = std::min(group, count - k0);
      for (int64_t j = 0; j < g; ++j) {
        const int64_t oh = first + k0 + j;
        const int64_t key = base_key + oh;
        if (!Cached(key)) {
          SourceRow(p, oh, Slot(key));
          MarkCached(key);
        }
        row_ptrs_[j] = Slot(key);
      }
      k_.height_combine(row_ptrs_, w + k0, g, wo, out, k0 > 0);
    }
  }

  // The height pass of group rows [0, g) (consecutive rows of the chunk,
  // planes in order) into their stage rows, by sweeping (fp32 source rows in
  // place): each source row of a plane's share of the group is read once, in
  // address order, and added into every stage row it feeds, two source rows
  // at a time (height_sweep_pair: the stage rows that both feed are loaded
  // and stored once for both; height_sweep for the rows only one of them
  // feeds). The same chains as HeightRowFromSource, so the same bits.
  void HeightRowsBySweep(const RowCursor* group, int64_t g) {
    const GatherTable& t = plan_.height();
    const int64_t wo = plan_.extent_.src_w;
    for (int64_t a = 0; a < g;) {
      int64_t b = a + 1;
      while (b < g && group[b].plane == group[a].plane) ++b;
      const int64_t p = group[a].plane;
      for (int64_t i = a; i < b; ++i) {
        std::memset(stage_ + i * row_o_, 0, static_cast<size_t>(wo) * sizeof(float));
      }
      int64_t lo = 0, hi = 0;
      SourceRange(t, group[a].row, group[b - 1].row + 1, &lo, &hi);
      // Rows a..b-1 are the plane's consecutive rows row0..: the stage rows
      // that source rows [o, end) can feed are a + [j_lo, j_hi), past the
      // rows whose windows ended before o and short of those that start at
      // or after end (window starts and ends are monotone in the row; empty
      // windows feed nothing), so each step looks at a few rows, not at all
      // of the group's. The table's arrays in locals: the stores into the
      // row lists would otherwise reload them.
      const int64_t* const first = t.first.data() + group[a].row;
      const int64_t* const count = t.count.data() + group[a].row;
      const int64_t* const offset = t.offset.data() + group[a].row;
      const float* const table = t.weights.data();
      float* const stage = stage_ + a * row_o_;
      const int64_t stride = row_o_, n = b - a;
      int64_t j_lo = 0, j_hi = 0;
      for (int64_t o = lo; o < hi;) {
        const int64_t end = std::min(o + 2, hi);
        while (j_hi < n && (count[j_hi] == 0 || first[j_hi] < end)) ++j_hi;
        while (j_lo < j_hi && (count[j_lo] == 0 || first[j_lo] + count[j_lo] <= o)) ++j_lo;
        SweepRows only_o, both, only_next;
        for (int64_t j = j_lo; j < j_hi; ++j) {
          const int64_t tap = o - first[j];  // source row o's tap of row j
          const bool feeds_o = tap >= 0 && tap < count[j];
          const bool feeds_next = end > o + 1 && tap + 1 >= 0 && tap + 1 < count[j];
          float* const row = stage + j * stride;
          const int64_t w = offset[j] + tap;  // row o's weight (w + 1: row o + 1's)
          if (feeds_o && feeds_next) {
            both.Add(row, table[w], table[w + 1]);
          } else if (feeds_o) {
            only_o.Add(row, table[w], 0.0f);
          } else if (feeds_next) {
            only_next.Add(row, table[w + 1], 0.0f);
          }
        }
        const float* const src = reinterpret_cast<const float*>(SourceRowAddr(p, o));
        if (only_o.rows > 0) {
          k_.height_sweep(src, only_o.weights, only_o.rows, wo, only_o.acc);
        }
        if (end > o + 1) {
          const float* const next = reinterpret_cast<const float*>(SourceRowAddr(p, o + 1));
          if (both.rows > 0) {
            k_.height_sweep_pair(src, next, both.weights, both.next_weights, both.rows, wo,
                                 both.acc);
          }
          if (only_next.rows > 0) {
            k_.height_sweep(next, only_next.weights, only_next.rows, wo, only_next.acc);
          }
        }
        o = end;
      }
      a = b;
    }
  }

  // Height pass of dX rows ih and ih + 1 of plane p (into out_a and out_b)
  // in one pass over their source rows where their sums share at least
  // kMinSharedRows of them, read in place (height_combine_overlapping_pair:
  // each shared row loaded once for both, the same bits as two
  // HeightRowFromSource calls); false where not (nothing done).
  bool HeightRowPairFromSource(int64_t p, int64_t ih, float* out_a, float* out_b) {
    const GatherTable& t = plan_.height();
    if (ih + 1 >= t.size || (!plan_.source_direct_ && overlapping_pair16_ == nullptr)) {
      return false;
    }
    const size_t a = static_cast<size_t>(ih), b = a + 1;
    const int64_t count_a = t.count[a], count_b = t.count[b];
    const int64_t shift = t.first[b] - t.first[a];
    const int64_t wo = plan_.extent_.src_w;
    if (count_a < 1 || count_b < 1 || shift < 0 || count_a - shift < kMinSharedRows ||
        count_a > shift + count_b ||
        (shift + count_b) * wo * src_size_ < plan_.pair_min_source_bytes_) {
      return false;
    }
    // The rows that rows ih + 2 and ih + 3 add: one run (consecutive rows'
    // new rows follow each other).
    int64_t begin = 0, end = 0, begin_b = 0, end_b = 0;
    RowsAhead(ih, &begin, &end);
    RowsAhead(ih + 1, &begin_b, &end_b);
    if (begin_b < end_b) {
      if (begin >= end) begin = begin_b;
      end = end_b;
    }
    const int64_t ahead = std::clamp<int64_t>(end - begin, 0, ahead_capacity_);
    const float* weights_a = t.weights.data() + t.offset[a];
    const float* weights_b = t.weights.data() + t.offset[b];
    const char* row0 = SourceRowAddr(p, t.first[a]);
    if (plan_.source_direct_) {
      k_.height_combine_overlapping_pair(reinterpret_cast<const float*>(row0), src_row_stride_,
                                         weights_a, count_a, weights_b, shift, count_b, wo, out_a,
                                         out_b, ahead_ptrs_,
                                         PointAhead(p, begin, begin + ahead, ahead_ptrs_));
    } else {
      overlapping_pair16_(reinterpret_cast<const uint16_t*>(row0), src_row_stride_, weights_a,
                          count_a, weights_b, shift, count_b, wo, out_a, out_b, ahead16_ptrs_,
                          PointAhead(p, begin, begin + ahead, ahead16_ptrs_));
    }
    return true;
  }

  // Height-first rows by pair_decimated_row (fp32 rows, or 16-bit ones by
  // `pair`, the 16-bit form) where a row sums two source rows, by the two
  // passes for the others (one-row sums at the edges).
  template <typename T, class Pair>
  void RunPairDecimated(int64_t begin, int64_t end, Pair pair, const T** rows, const T** ahead) {
    const GatherTable& t = plan_.height();
    const BlockedTable& width = plan_.width_blocked();
    const bool streamed = plan_.destination_streamed_;
    const bool in_place = plan_.destination_direct_ && !streamed;
    RowCursor at(begin, plan_.extent_.dst_h);
    for (int64_t r = begin; r < end; ++r, at.Next()) {
      float* dst =
          in_place ? reinterpret_cast<float*>(DestinationRowAddr(at.plane, at.row)) : result_;
      const size_t si = static_cast<size_t>(at.row);
      if (t.count[si] == 2) {
        const int64_t first = t.first[si];
        rows[0] = reinterpret_cast<const T*>(SourceRowAddr(at.plane, first));
        rows[1] = reinterpret_cast<const T*>(SourceRowAddr(at.plane, first + 1));
        int64_t ahead_begin = 0, ahead_end = 0;
        RowsAhead(at.row, &ahead_begin, &ahead_end);
        pair(width, rows, t.weights.data() + t.offset[si], dst, ahead,
             PointAhead(at.plane, ahead_begin, ahead_end, ahead));
      } else {
        HeightRowFromSource(at.plane, at.row, stage_);
        const float* mid[1] = {stage_};
        float* out[1] = {dst};
        WidthPassChecked(mid, out, 1, false);
      }
      if (!in_place) StoreResult(dst, at.plane, at.row, streamed);
    }
  }

  // Height-identity rows of 16 bits by the decimated width form in place,
  // up to kRowsPerWidthPass rows a call.
  void RunDecimated16(int64_t begin, int64_t end) {
    const uint16_t* src[kRowsPerWidthPass] = {};
    uint16_t* dst[kRowsPerWidthPass] = {};
    RowCursor at(begin, plan_.extent_.dst_h);
    for (int64_t r = begin; r < end;) {
      const int64_t g = std::min<int64_t>(kRowsPerWidthPass, end - r);
      for (int64_t i = 0; i < g; ++i, at.Next()) {
        src[i] = reinterpret_cast<const uint16_t*>(SourceRowAddr(at.plane, at.row));
        dst[i] = reinterpret_cast<uint16_t*>(DestinationRowAddr(at.plane, at.row));
      }
      decimated16_(plan_.width_blocked(), src, dst, g);
      r += g;
    }
  }

  void RunHeightFirst(int64_t begin, int64_t end) {
    if (plan_.decimated16_ && decimated16_ != nullptr) {  // (else a target without the form)
      RunDecimated16(begin, end);
      return;
    }
    if (plan_.pair_decimated_ && !sweep_) {  // (a test may turn the sweep on)
      if (plan_.source_direct_) {
        RunPairDecimated(begin, end, k_.pair_decimated_row, row_ptrs_, ahead_ptrs_);
        return;
      }
      if (pair16_ != nullptr) {  // (else a target without the 16-bit form)
        RunPairDecimated(begin, end, pair16_, row16_ptrs_, ahead16_ptrs_);
        return;
      }
    }
    const float* mid[kRowsPerWidthPass] = {};
    float* dst[kRowsPerWidthPass] = {};
    // Destination rows of unit stride that regular stores write
    // (kMaxWritePrefetchRowBytes): prefetched for writing as a group begins.
    const int64_t row_bytes = plan_.extent_.dst_w * dst_size_;
    const bool prefetch_rows = (plan_.destination_direct_ || plan_.destination_fused16_) &&
                               !plan_.destination_streamed_ &&
                               row_bytes <= kMaxWritePrefetchRowBytes;
    RowCursor at(begin, plan_.extent_.dst_h);
    for (int64_t r = begin; r < end;) {
      const int64_t g = std::min<int64_t>(kRowsPerWidthPass, end - r);
      if (prefetch_rows) {
        RowCursor row = at;
        for (int64_t i = 0; i < g; ++i, row.Next()) {
          kernels::PrefetchForWriting(DestinationRowAddr(row.plane, row.row), row_bytes);
        }
      }
      std::array<RowCursor, kRowsPerWidthPass> group;
      group.fill(at);
      for (int64_t i = 0; i < g; ++i, at.Next()) {
        group[i] = at;
        float* stage = stage_ + i * row_o_;
        mid[i] = stage;
        if (plan_.h_identity_) {
          mid[i] = SourceRow(at.plane, at.row, stage);
        } else if (!sweep_) {
          if (i + 1 < g && HeightRowPairFromSource(at.plane, at.row, stage, stage + row_o_)) {
            at.Next();
            group[++i] = at;
            mid[i] = stage + row_o_;
          } else {
            HeightRowFromSource(at.plane, at.row, stage);
          }
        }
      }
      if (sweep_) HeightRowsBySweep(group.data(), g);
      // A streamed destination gets the width pass's rows from L1 with
      // non-temporal stores (its regular stores would each wait for the
      // line's read for ownership).
      const bool streamed = plan_.destination_streamed_;
      if (plan_.w_identity_) {
        for (int64_t i = 0; i < g; ++i) {
          StoreResult(mid[i], group[i].plane, group[i].row, streamed);
        }
      } else {
        const bool in_place = plan_.destination_direct_ && !streamed;
        for (int64_t i = 0; i < g; ++i) {
          dst[i] = in_place
                       ? reinterpret_cast<float*>(DestinationRowAddr(group[i].plane, group[i].row))
                       : result_ + i * row_i_;
        }
        if (width_pass16_ != nullptr) {
          uint16_t* dst16[kRowsPerWidthPass] = {};
          for (int64_t i = 0; i < g; ++i) {
            dst16[i] =
                reinterpret_cast<uint16_t*>(DestinationRowAddr(group[i].plane, group[i].row));
          }
          if (width_pass16_(plan_.width_blocked(), mid, dst, dst16, g)) {
            r += g;
            continue;
          }
          // A sum is not finite: the rows again through the fp32 result rows.
        }
        WidthPassChecked(mid, dst, g, plan_.h_identity_ && plan_.source_direct_);
        if (!in_place) {
          for (int64_t i = 0; i < g; ++i) {
            StoreResult(dst[i], group[i].plane, group[i].row, streamed);
          }
        }
      }
      r += g;
    }
  }

  // dY.Ww row of plane p, output row oh: computed in batches of up to
  // kRowsPerWidthPass consecutive rows into the ring cache.
  const float* WidthRow(int64_t p, int64_t oh) {
    if (plan_.w_identity_ && plan_.source_direct_) {
      return reinterpret_cast<const float*>(SourceRowAddr(p, oh));
    }
    const int64_t base_key = p * plan_.extent_.src_h;
    const int64_t key = base_key + oh;
    if (Cached(key)) return Slot(key);
    if (plan_.w_identity_) {
      SourceRow(p, oh, Slot(key));
      MarkCached(key);
      return Slot(key);
    }
    const float* src[kRowsPerWidthPass] = {};
    float* dst[kRowsPerWidthPass] = {};
    int64_t n = 0;
    for (int64_t o = oh; o < plan_.extent_.src_h && n < kRowsPerWidthPass; ++o, ++n) {
      if (n > 0 && Cached(base_key + o)) break;
      src[n] = SourceRow(p, o, stage_ + n * row_o_);
      dst[n] = Slot(base_key + o);
    }
    WidthPassChecked(src, dst, n, plan_.source_direct_);
    for (int64_t j = 0; j < n; ++j) MarkCached(base_key + oh + j);
    return Slot(key);
  }

  // Small planes whose rows [lo, lo + rows) form one run: the lines of that
  // run in the plane kSmallPlanePrefetchBytes ahead of plane p, each line
  // once (consecutive planes' runs share lines).
  void PrefetchPlaneAhead(int64_t p, int64_t lo, int64_t rows) {
    if (!plan_.prefetch_planes_) return;
    const int64_t ahead = p + ahead_planes_;
    if (ahead >= plan_.problem_.batch * plan_.problem_.channels) return;
    const auto from = reinterpret_cast<uintptr_t>(
        ahead_plane_.Seek(src_, plan_.problem_.channels, ahead) + lo * src_row_stride_ * src_size_);
    const uintptr_t to = from + static_cast<uintptr_t>(rows * plan_.extent_.src_w * src_size_);
    const uintptr_t first = from & ~uintptr_t{kCacheLine - 1};
    uintptr_t line = fetched_to_ > to ? first : std::max(first, fetched_to_);
    for (; line < to; line += kCacheLine) __builtin_prefetch(reinterpret_cast<const void*>(line));
    fetched_to_ = line;
  }

  // Batches of whole planes (or one part of a plane where a chunk starts or
  // ends mid-plane): the width pass over all their rows, then one height-pass
  // call for all of them, so short rows do not pay per-row overhead.
  void RunWidthFirstSmallPlanes(int64_t begin, int64_t end) {
    const Extent& p = plan_.extent_;
    const GatherTable& t = plan_.height();
    for (int64_t r = begin; r < end;) {
      const int64_t plane = r / p.dst_h, ih0 = r % p.dst_h;
      int64_t ih1 = p.dst_h, planes = 1;
      if (ih0 == 0 && end - r >= p.dst_h) {
        planes = std::min(plan_.batch_planes_, (end - r) / p.dst_h);
      } else {
        ih1 = std::min(p.dst_h, ih0 + (end - r));
      }
      int64_t lo = plan_.whole_lo_, hi = plan_.whole_hi_;  // a whole plane's source rows
      if (ih1 - ih0 != p.dst_h) SourceRange(t, ih0, ih1, &lo, &hi);
      const int64_t mid_rows = std::max<int64_t>(hi - lo, 0);
      if (planes > 1 && planes_run_ && lo == 0 && hi == p.src_h) {
        // Whole planes whose rows form one run across planes: their rows are
        // evenly spaced, so one strided width pass covers many planes
        // (16-bit: as many as one conversion into stage_ holds). Tiny planes
        // paid the per-call cost once per plane.
        const int64_t plane_floats = p.src_h * p.src_w;
        const int64_t group = plan_.source_direct_ ? planes : plan_.stage_floats_ / plane_floats;
        for (int64_t q = 0; q < planes; ++q) PrefetchPlaneAhead(plane + q, lo, mid_rows);
        for (int64_t q0 = 0; q0 < planes; q0 += group) {
          const int64_t n = std::min(group, planes - q0);
          const char* first = SourceRowAddr(plane + q0, 0);
          const float* rows = reinterpret_cast<const float*>(first);
          if (!plan_.source_direct_) {
            LoadRow(k_, src_.dtype, first, 1, n * plane_floats, stage_);
            rows = stage_;
          }
          WidthPassStridedChecked(rows, p.src_w, plane_mid_ + q0 * mid_rows * row_i_, row_i_,
                                  n * mid_rows, false);
        }
      } else if (plan_.source_direct_ && mid_rows > 0) {
        // fp32 rows, evenly spaced within a plane: no row pointers to load.
        // Rows that form one run are prefetched planes ahead, line by line
        // (the kernel's per-row prefetches would repeat lines of short rows).
        const bool run = src_row_stride_ == p.src_w;
        for (int64_t q = 0; q < planes; ++q) {
          if (run) PrefetchPlaneAhead(plane + q, lo, mid_rows);
          WidthPassStridedChecked(reinterpret_cast<const float*>(SourceRowAddr(plane + q, lo)),
                                  src_row_stride_, plane_mid_ + q * mid_rows * row_i_, row_i_,
                                  mid_rows, !run);
        }
      } else if (in_contiguous_ && mid_rows > 0) {
        // 16-bit planes whose rows form one run: one conversion per plane,
        // not per short row, then the same strided pass.
        for (int64_t q = 0; q < planes; ++q) {
          PrefetchPlaneAhead(plane + q, lo, mid_rows);
          LoadRow(k_, src_.dtype, SourceRowAddr(plane + q, lo), 1, mid_rows * p.src_w, stage_);
          WidthPassStridedChecked(stage_, p.src_w, plane_mid_ + q * mid_rows * row_i_, row_i_,
                                  mid_rows, false);
        }
      } else {
        const float* src[kRowsPerWidthPass] = {};
        float* dst[kRowsPerWidthPass] = {};
        int64_t n = 0;
        for (int64_t q = 0; q < planes; ++q) {
          for (int64_t oh = lo; oh < hi; ++oh) {
            src[n] = SourceRow(plane + q, oh, stage_ + n * row_o_);
            dst[n] = plane_mid_ + (q * mid_rows + oh - lo) * row_i_;
            if (++n == kRowsPerWidthPass) {
              WidthPassChecked(src, dst, n, plan_.source_direct_);
              n = 0;
            }
          }
        }
        if (n > 0) WidthPassChecked(src, dst, n, plan_.source_direct_);
      }
      const int64_t rows = ih1 - ih0;
      int64_t out_stride = rows > 1 ? dst_row_stride_ : 0;  // in place: elements
      // A streamed destination is written in place (fp32 or fused 16-bit).
      streamed_ = streamed_ || plan_.destination_streamed_;
      if (plan_.destination_fused16_) {
        for (int64_t q = 0; q < planes; ++q) {
          dst16_planes_[q] = reinterpret_cast<uint16_t*>(DestinationRowAddr(plane + q, ih0));
        }
        const auto pass = dst_.dtype == DataType::kFloat16 ? k_.height_pass_planes_half
                                                           : k_.height_pass_planes_bfloat16;
        pass(t, ih0, ih1, plane_mid_, row_i_, mid_rows * row_i_, lo, dst16_planes_, out_stride,
             planes, p.dst_w, plan_.destination_streamed_, plan_.stagger_4kib_apart_planes_);
        r += planes * rows;
        continue;
      }
      if (!plan_.destination_direct_) out_stride = out_contiguous_ ? p.dst_w : row_i_;
      for (int64_t q = 0; q < planes; ++q) {
        dst_planes_[q] = plan_.destination_direct_
                             ? reinterpret_cast<float*>(DestinationRowAddr(plane + q, ih0))
                             : plane_out_ + q * rows * out_stride;
      }
      k_.height_pass_planes(t, ih0, ih1, plane_mid_, row_i_, mid_rows * row_i_, lo, dst_planes_,
                            out_stride, planes, p.dst_w, plan_.destination_streamed_,
                            plan_.stagger_4kib_apart_planes_);
      if (!plan_.destination_direct_) {
        for (int64_t q = 0; q < planes; ++q) {
          const float* out = dst_planes_[q];
          if (out_contiguous_) {  // the rows are one run in the destination
            StoreRow(k_, out, rows * p.dst_w, dst_.dtype, DestinationRowAddr(plane + q, ih0), 1);
            continue;
          }
          for (int64_t ih = ih0; ih < ih1; ++ih) {
            StoreResult(out + (ih - ih0) * out_stride, plane + q, ih);
          }
        }
      }
      r += planes * rows;
    }
  }

  void RunWidthFirst(int64_t begin, int64_t end) {
    if (plan_.small_planes_) {
      RunWidthFirstSmallPlanes(begin, end);
      return;
    }
    const Extent& p = plan_.extent_;
    const GatherTable& t = plan_.height();
    // Rows of one group must stay cached together with the batch that fills
    // the last of them: slots >= group + kRowsPerWidthPass - 1.
    const int64_t group = plan_.row_cache_slots_ == 0
                              ? std::max<int64_t>(t.max_count, 1)
                              : plan_.row_cache_slots_ - kRowsPerWidthPass + 1;
    // Destination rows of unit stride that regular stores write: the next
    // one prefetched for writing before each (kNextRowWritePrefetchBytes).
    const int64_t row_bytes = p.dst_w * dst_size_;
    const int64_t next_row_bytes =
        (plan_.destination_direct_ || plan_.destination_fused16_) && !plan_.destination_streamed_ &&
                row_bytes >= kMinNextRowWritePrefetchBytes
            ? std::min(row_bytes,
                       IntelCpu() ? kNextRowWritePrefetchBytes : kMaxNextRowWritePrefetchBytes)
            : 0;
    RowCursor at(begin, p.dst_h);
    for (int64_t r = begin; r < end; ++r, at.Next()) {
      const int64_t plane = at.plane, ih = at.row;
      const size_t si = static_cast<size_t>(ih);
      const int64_t count = t.count[si], first = t.first[si];
      const float* w = t.weights.data() + t.offset[si];
      if (next_row_bytes > 0 && r + 1 < end) {
        RowCursor next = at;
        next.Next();
        kernels::PrefetchForWriting(DestinationRowAddr(next.plane, next.row), next_row_bytes);
      }
      // One chain per element straight into the destination row: rounded to
      // 16 bits in registers, or streamed (both when both).
      if ((plan_.destination_fused16_ || plan_.destination_streamed_) && count > 0 &&
          count <= std::min(group, kernels::kMaxFusedTaps)) {
        for (int64_t j = 0; j < count; ++j) {
          row_ptrs_[j] = WidthRow(plane, first + j);
        }
        char* out = DestinationRowAddr(plane, ih);
        streamed_ = streamed_ || plan_.destination_streamed_;
        // The next row of the plane summed from the same source rows (runs of
        // them in the upsampling backwards): both rows from one load of each
        // source vector (fp32 and bf16; the same bits as one at a time).
        const bool pair = plan_.destination_streamed_ && p.dst_w >= kMinRowPairFloats &&
                          r + 1 < end && ih + 1 < p.dst_h && t.first[si + 1] == first &&
                          t.count[si + 1] == count && dst_.dtype != DataType::kFloat16;
        const float* w_next = pair ? t.weights.data() + t.offset[si + 1] : nullptr;
        char* out_next = pair ? DestinationRowAddr(plane, ih + 1) : nullptr;
        if (pair) {
          ++r;
          at.Next();
        }
        if (!plan_.destination_fused16_) {
          if (pair) {
            k_.height_combine_streamed_pair(row_ptrs_, w, w_next, count, p.dst_w,
                                            reinterpret_cast<float*>(out),
                                            reinterpret_cast<float*>(out_next));
          } else {
            k_.height_combine_streamed(row_ptrs_, w, count, p.dst_w, reinterpret_cast<float*>(out));
          }
          continue;
        }
        if (pair) {
          k_.height_combine_bfloat16_streamed_pair(row_ptrs_, w, w_next, count, p.dst_w,
                                                   reinterpret_cast<uint16_t*>(out),
                                                   reinterpret_cast<uint16_t*>(out_next));
          continue;
        }
        const bool half = dst_.dtype == DataType::kFloat16;
        const auto combine =
            plan_.destination_streamed_
                ? (half ? k_.height_combine_half_streamed : k_.height_combine_bfloat16_streamed)
                : (half ? k_.height_combine_half : k_.height_combine_bfloat16);
        combine(row_ptrs_, w, count, p.dst_w, reinterpret_cast<uint16_t*>(out));
        continue;
      }
      if (count == 0 && plan_.destination_streamed_) {
        // No source row (nearest backwards of shrinks): zeros, streamed too.
        k_.zero_row_streamed(DestinationRowAddr(plane, ih),
                             p.dst_w * static_cast<int64_t>(ElementSize(dst_.dtype)));
        streamed_ = true;
        continue;
      }
      float* acc = plan_.destination_direct_
                       ? reinterpret_cast<float*>(DestinationRowAddr(plane, ih))
                       : row_buffer_;
      if (count == 0) k_.height_combine(nullptr, nullptr, 0, p.dst_w, acc, false);
      for (int64_t k0 = 0; k0 < count; k0 += group) {
        const int64_t g = std::min(group, count - k0);
        for (int64_t j = 0; j < g; ++j) {
          row_ptrs_[j] = WidthRow(plane, first + k0 + j);
        }
        k_.height_combine(row_ptrs_, w + k0, g, p.dst_w, acc, k0 > 0);
      }
      if (!plan_.destination_direct_) StoreResult(acc, plane, ih);
    }
  }

  const ResamplePlan& plan_;
  const TensorView& src_;
  const MutableTensorView& dst_;
  const kernels::KernelTable& k_;
  int64_t row_o_ = 0;
  int64_t row_i_ = 0;
  float* cache_ = nullptr;
  int64_t cache_stride_ = 0;
  float* stage_ = nullptr;
  float* result_ = nullptr;
  float* row_buffer_ = nullptr;
  int64_t* cache_keys_ = nullptr;  // the key each ring-cache slot holds, -1: none
  float* transposed_ = nullptr;    // the transposed width pass's columns; null: blocked pass
  bool sweep_ = false;             // the height pass sweeps (HeightRowsBySweep)
  float* plane_mid_ = nullptr;
  float* plane_out_ = nullptr;
  float** dst_planes_ = nullptr;       // per plane of a small-plane batch
  uint16_t** dst16_planes_ = nullptr;  // the same, 16-bit destinations
  bool out_contiguous_ = false;        // each destination plane's rows form one run
  bool in_contiguous_ = false;         // 16-bit source planes whose rows form one run
  bool planes_run_ = false;            // source planes whose rows form one run together
  int64_t slot_mask_ = 0;
  PlaneCursor<const char> src_plane_;
  PlaneCursor<const char> ahead_plane_;  // the plane PrefetchPlaneAhead reads
  int64_t ahead_planes_ = 1;             // how far ahead, in planes
  uintptr_t fetched_to_ = 0;             // the end of the lines it prefetched last
  PlaneCursor<char> dst_plane_;
  int64_t src_row_stride_ = 0;
  int64_t src_size_ = 0;
  int64_t src_row_lines_ = 0;  // cache lines of a unit-stride source row
  int64_t dst_row_stride_ = 0;
  int64_t dst_size_ = 0;
  const float** row_ptrs_ = nullptr;       // the source rows of one height-pass sum
  const float** ahead_ptrs_ = nullptr;     // the rows a later sum reads (CombineAhead)
  const uint16_t** row16_ptrs_ = nullptr;  // 16-bit source rows read in place
  const uint16_t** ahead16_ptrs_ = nullptr;
  int64_t ahead_capacity_ = 0;  // entries of ahead_ptrs_ and ahead16_ptrs_
  // Sums over 16-bit source rows in place (unit stride, where the target
  // converts in registers); null: rows are converted into the ring cache.
  void (*combine16_)(const uint16_t* const*, const float*, int64_t, int64_t, float*,
                     bool) = nullptr;
  // Its form that prefetches the rows ahead itself (CombineAhead).
  void (*fetch16_)(const uint16_t* const*, const float*, int64_t, int64_t, float*,
                   const uint16_t* const*, int64_t) = nullptr;
  // pair_decimated_row over those rows (RunPairDecimated).
  decltype(kernels::KernelTable::pair_decimated_half_rows) pair16_ = nullptr;
  // Two rows' sums over shared 16-bit source rows (HeightRowPairFromSource).
  decltype(kernels::KernelTable::height_combine_half_rows_overlapping_pair) overlapping_pair16_ =
      nullptr;
  decltype(kernels::KernelTable::decimated_half_rows) decimated16_ = nullptr;
  decltype(kernels::KernelTable::width_pass_to_half) width_pass16_ = nullptr;  // (plan width16_)
  bool streamed_ = false;  // non-temporal stores to flush at the end
};

void ResamplePlan::Run(const TensorView& source, const MutableTensorView& destination,
                       void* scratch) const {
  RunChunks(source, destination, scratch, false);
}

void ResamplePlan::RunOnThisThread(const TensorView& source, const MutableTensorView& destination,
                                   void* scratch) const {
  RunChunks(source, destination, scratch, true);
}

int64_t ResamplePlan::width_scratch_floats() const {
  if (pixel_rows_) {
    return pixel_planar_ ? problem_.channels * (PaddedRow(extent_.src_w) + PaddedRow(extent_.dst_w))
                         : 0;
  }
  return width_transposed_ ? TransposedWidthFloats(width()) : 0;
}

void ResamplePlan::WidthPassRows(const float* const* src, float* const* dst, int64_t rows,
                                 bool from_memory, float* scratch) const {
  const kernels::KernelTable& k = kernels::CurrentKernels();
  if (pixel_rows_) {  // as PixelRunner runs it
    float* planes_out = scratch + problem_.channels * PaddedRow(extent_.src_w);
    for (int64_t r = 0; r < rows; ++r)
      PixelWidthPass(k, *this, src[r], dst[r], scratch, planes_out);
    return;
  }
  const bool transposed = width_transposed_ && k.width_pass_transposed != nullptr;
  CheckedWidthPass(k, width(), width_blocked(), width_phased_, transposed ? scratch : nullptr, src,
                   dst, rows, from_memory);
}

int64_t ResamplePlan::DestinationRows() const {
  return problem_.batch * (pixel_rows_ ? 1 : problem_.channels) * extent_.dst_h;
}

int64_t ResamplePlan::pieces() const {
  return std::min(num_chunks_, std::max<int64_t>(DestinationRows(), 1));
}

void ResamplePlan::RunPiece(const TensorView& source, const MutableTensorView& destination,
                            int64_t k, int slot, uint64_t slot_stride, void* scratch) const {
  char* base = reinterpret_cast<char*>(AlignUp(reinterpret_cast<uintptr_t>(scratch)));
  RunChunk(source, destination, k, pieces(), base + static_cast<uint64_t>(slot) * slot_stride);
}

void ResamplePlan::RunChunks(const TensorView& source, const MutableTensorView& destination,
                             void* scratch, bool on_this_thread) const {
  const int64_t chunks = pieces();
  char* base = reinterpret_cast<char*>(AlignUp(reinterpret_cast<uintptr_t>(scratch)));
  if (on_this_thread) {
    RunChunk(source, destination, 0, 1, base);
    return;
  }
  // A thread that runs every chunk runs them as one: chunks of a few rows
  // each cost the width pass its rows-at-once forms (the same bits either way).
  const auto whole = [&](int64_t, int) { RunChunk(source, destination, 0, 1, base); };
  const TaskRef alone(whole);
  ThreadPool::Global().ParallelFor(
      chunks, num_threads_,
      [&](int64_t k, int slot) {
        RunChunk(source, destination, k, chunks, base + static_cast<uint64_t>(slot) * chunk_bytes_);
      },
      job_size_, &alone);
}

void ResamplePlan::RunChunk(const TensorView& source, const MutableTensorView& destination,
                            int64_t k, int64_t chunks, char* chunk_scratch) const {
  const int64_t total_rows = DestinationRows();
  // Height-first, the width pass takes 8 rows at a time (the transposed
  // pass, the blocked pass's 8-row form); a chunk of 8k + r rows leaves r
  // rows to its slower forms, so chunks split whole groups of 8 where each
  // gets one at least. The same bits (the forms agree). Measured on the
  // Intel Xeon VM, AVX2, 2 threads, medians of 20-60 calls in three
  // alternated rounds, rows split evenly against groups of 8: forward 1080x1920
  // -> 224 (9 chunks of 24-25 rows) 0.728-0.745 -> 0.675-0.708 ms cold,
  // 0.357-0.362 -> 0.329-0.345 hot; 2048 -> 512 1.17-1.21 -> 1.09-1.16 cold;
  // 4032x3024 -> 1024x768 (50 chunks of 15-16 rows) 3.30-3.31 -> 3.22-3.31;
  // the backwards inverse and feature 2x up (chunks of 185 and 410 rows)
  // within the noise.
  const bool grouped =
      order_ == PassOrder::kHeightFirst && !pixel_rows_ && total_rows >= kRowsPerWidthPass * chunks;
  const int64_t unit_rows = grouped ? kRowsPerWidthPass : 1;
  const int64_t units = (total_rows + unit_rows - 1) / unit_rows;
  const auto first_row = [&](int64_t c) {
    return std::min(total_rows, (units / chunks * c + std::min(c, units % chunks)) * unit_rows);
  };
  const int64_t begin = first_row(k), end = first_row(k + 1);
  switch (arithmetic_) {
    case Arithmetic::kCopy:
      CopyRows(source, destination, begin, end);
      break;
    case Arithmetic::kFloat64:
      Float64Rows(source, destination, begin, end, reinterpret_cast<double*>(chunk_scratch));
      break;
    case Arithmetic::kFloat32: {
      if (pixel_rows_) {
        PixelRunner runner(*this, source, destination, chunk_scratch);
        runner.Run(begin, end);
        break;
      }
      ChunkRunner runner(*this, source, destination, chunk_scratch);
      runner.Run(begin, end);
      break;
    }
  }
}

namespace {

// Element (n, c, h, 0) of a view, typed; every index stays inside the view
// the checks validated, so the sums cannot overflow.
template <typename T, typename View, typename Ptr>
Ptr RowStart(const View& v, int64_t plane, int64_t channels, int64_t h) {
  const int64_t n = plane / channels, c = plane % channels;
  return static_cast<Ptr>(v.data) + (n * v.strides[0] + c * v.strides[1] + h * v.strides[2]);
}

template <typename T>
void CopyRowsOf(const GatherTable& height, const GatherTable& width, bool width_identity,
                const std::vector<int32_t>& first32, const TensorView& src,
                const MutableTensorView& dst, int64_t channels, int64_t begin, int64_t end) {
  const kernels::KernelTable& k = kernels::CurrentKernels();
  const int64_t rows = height.size, cols = width.size;
  const int64_t ss = src.strides[3], ds = dst.strides[3];
  const int64_t* first = width.first.data();
  const bool whole_rows = width_identity && ss == 1 && ds == 1;  // a volume's depth pass
  const uintptr_t row_bytes = static_cast<uintptr_t>(width.src_size) * sizeof(T);
  const bool prefetch =
      ss == 1 && row_bytes >= kMinCopyPrefetchBytes && row_bytes <= kMaxCopyPrefetchBytes;
  for (int64_t r = begin; r < end; ++r) {
    const int64_t p = r / rows, i = r % rows;
    const int64_t source_row = height.first[static_cast<size_t>(i)];
    if (prefetch && r + kCopyPrefetchRowsAhead < end) {
      // The source row that row r + kCopyPrefetchRowsAhead reads, unless
      // its predecessor reads it too (upsampling repeats rows).
      const int64_t ra = r + kCopyPrefetchRowsAhead, pa = ra / rows, ia = ra % rows;
      const int64_t row_a = height.first[static_cast<size_t>(ia)];
      if (ia == 0 || height.first[static_cast<size_t>(ia - 1)] != row_a) {
        const auto from = reinterpret_cast<uintptr_t>(
            RowStart<T, TensorView, const T*>(src, pa, channels, row_a));
        for (uintptr_t line = from & ~uintptr_t{kCacheLine - 1}; line < from + row_bytes;
             line += kCacheLine) {
          __builtin_prefetch(reinterpret_cast<const void*>(line));
        }
      }
    }
    T* d = RowStart<T, MutableTensorView, T*>(dst, p, channels, i);
    if (ds == 1 && r > begin && i > 0 && height.first[static_cast<size_t>(i - 1)] == source_row) {
      // Upsampling repeats source rows: copy the row just written.
      std::memcpy(d, RowStart<T, MutableTensorView, T*>(dst, p, channels, i - 1),
                  static_cast<size_t>(cols) * sizeof(T));
      continue;
    }
    const T* s = RowStart<T, TensorView, const T*>(src, p, channels, source_row);
    if (whole_rows) {
      std::memcpy(d, s, static_cast<size_t>(cols) * sizeof(T));
    } else {
      GatherRow(k, s, ss, width.src_size, first, first32, d, ds, cols);
    }
  }
}

// CopyRowsOf for pixel rows (channels-last views, ResamplePlan::pixel_rows):
// rows (n, h) flattened, each destination pixel its source pixel's C
// elements.
template <typename T>
void CopyPixelRowsOf(const GatherTable& height, const GatherTable& width, bool width_identity,
                     const TensorView& src, const MutableTensorView& dst, int64_t channels,
                     int64_t begin, int64_t end) {
  const int64_t rows = height.size, cols = width.size, c = channels;
  const size_t pixel_bytes = static_cast<size_t>(c) * sizeof(T);
  const int64_t* first = width.first.data();
  for (int64_t r = begin; r < end; ++r) {
    const int64_t n = r / rows, i = r % rows;
    const int64_t source_row = height.first[static_cast<size_t>(i)];
    T* d = static_cast<T*>(dst.data) + n * dst.strides[0] + i * dst.strides[2];
    if (r > begin && i > 0 && height.first[static_cast<size_t>(i - 1)] == source_row) {
      std::memcpy(d, d - dst.strides[2], static_cast<size_t>(cols) * pixel_bytes);
      continue;
    }
    const T* s = static_cast<const T*>(src.data) + n * src.strides[0] + source_row * src.strides[2];
    if (width_identity) {
      std::memcpy(d, s, static_cast<size_t>(cols) * pixel_bytes);
      continue;
    }
    CopyPixels(reinterpret_cast<const char*>(s), first, cols, pixel_bytes,
               reinterpret_cast<char*>(d));
  }
}

template <typename T>
void CopyRowsAs(bool pixel_rows, const GatherTable& height, const GatherTable& width,
                bool width_identity, const std::vector<int32_t>& first32, const TensorView& src,
                const MutableTensorView& dst, int64_t channels, int64_t begin, int64_t end) {
  if (pixel_rows) {
    CopyPixelRowsOf<T>(height, width, width_identity, src, dst, channels, begin, end);
  } else {
    CopyRowsOf<T>(height, width, width_identity, first32, src, dst, channels, begin, end);
  }
}

}  // namespace

void ResamplePlan::CopyRows(const TensorView& source, const MutableTensorView& destination,
                            int64_t begin, int64_t end) const {
  // Nearest forwards: one source element per destination element, copied
  // bit for bit (uint8 and double too; NaN payloads and -0 kept).
  const int64_t channels = problem_.channels;
  switch (DataTypeSize(source.dtype)) {
    case 1:
      return CopyRowsAs<uint8_t>(pixel_rows_, height(), width(), w_identity_, copy_first32_, source,
                                 destination, channels, begin, end);
    case 2:
      return CopyRowsAs<uint16_t>(pixel_rows_, height(), width(), w_identity_, copy_first32_,
                                  source, destination, channels, begin, end);
    case 4:
      return CopyRowsAs<uint32_t>(pixel_rows_, height(), width(), w_identity_, copy_first32_,
                                  source, destination, channels, begin, end);
    default:
      return CopyRowsAs<uint64_t>(pixel_rows_, height(), width(), w_identity_, copy_first32_,
                                  source, destination, channels, begin, end);
  }
}

void ResamplePlan::Float64Rows(const TensorView& source, const MutableTensorView& destination,
                               int64_t begin, int64_t end, double* acc) const {
  // DOUBLE tensors, in double with the double weights: each destination row
  // is the height taps' sum of width-gathered source rows, in ascending order
  // (PyTorch's order for the two-tap modes).
  const GatherTable& h = height();
  const GatherTable& w = width();
  const int64_t channels = problem_.channels;
  const int64_t cols = w.size;
  const int64_t ss = source.strides[3], ds = destination.strides[3];
  for (int64_t r = begin; r < end; ++r) {
    const int64_t p = r / h.size, i = r % h.size;
    const size_t si = static_cast<size_t>(i);
    std::fill(acc, acc + cols, 0.0);
    for (int64_t k = 0; k < h.count[si]; ++k) {
      const double wh = h.weights64[static_cast<size_t>(h.offset[si] + k)];
      const double* s =
          RowStart<double, TensorView, const double*>(source, p, channels, h.first[si] + k);
      for (int64_t x = 0; x < cols; ++x) {
        const size_t sx = static_cast<size_t>(x);
        const double* ww = w.weights64.data() + w.offset[sx];
        const double* sx0 = s + w.first[sx] * ss;
        double v = 0.0;
        for (int64_t t = 0; t < w.count[sx]; ++t) v += ww[t] * sx0[t * ss];
        acc[x] += wh * v;
      }
    }
    double* d = RowStart<double, MutableTensorView, double*>(destination, p, channels, i);
    for (int64_t x = 0; x < cols; ++x) d[x * ds] = acc[x];
  }
}

}  // namespace aclnn_host::resample
