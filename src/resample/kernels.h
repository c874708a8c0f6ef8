// SIMD kernels of the engine: small functions with no policy, compiled for
// several targets from one source (Google Highway) and dispatched at run time.
#ifndef ACLNN_HOST_RESAMPLE_KERNELS_H_
#define ACLNN_HOST_RESAMPLE_KERNELS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn_host/tensor_view.h"
#include "resample/axis_weights.h"

namespace aclnn_host::resample::kernels {

constexpr int64_t kMaxWidthRows = 8;
constexpr int64_t kMaxFusedTaps = 8;
// The most channels split_pixels / join_pixels take.
constexpr int64_t kMaxPlanarChannels = 4;

// Prefetches for writing every cache line that the `bytes` bytes at p touch
// (stores to a line not in the caches otherwise wait for its read for
// ownership).
inline void PrefetchForWriting(const void* p, int64_t bytes) {
  constexpr uintptr_t kLine = 64;
  const auto from = reinterpret_cast<uintptr_t>(p);
  const uintptr_t to = from + static_cast<uintptr_t>(bytes);
  for (uintptr_t line = from & ~(kLine - 1); line < to; line += kLine) {
    __builtin_prefetch(reinterpret_cast<const void*>(line), 1, 3);
  }
}

// The kernels of one target, resolved once (CurrentKernels) so that hot loops
// do not pay a dispatch per row.
struct KernelTable {
  // acc[x] = (accumulate ? acc[x] : +0) + sum_k weights[k] * rows[k][x], the
  // terms added in order k = 0, 1, ... as one FMA chain per element.
  void (*height_combine)(const float* const* rows, const float* weights, int64_t count, int64_t n,
                         float* acc, bool accumulate);
  // height_combine over fp16 / bf16 source rows, converted in registers:
  // the same bits as converting the rows to fp32 first. Null where the target
  // has no fast conversion (fp16 below AVX2).
  void (*height_combine_half_rows)(const uint16_t* const* rows, const float* weights, int64_t count,
                                   int64_t n, float* acc, bool accumulate);
  void (*height_combine_bfloat16_rows)(const uint16_t* const* rows, const float* weights,
                                       int64_t count, int64_t n, float* acc, bool accumulate);
  // The three above with accumulate = false and 1 <= count <= kMaxFusedTaps,
  // which also prefetch the lines of the ahead_rows rows of n elements at
  // ahead[j] (rows a later call reads), as one run in address order,
  // ahead_rows lines of it per line of progress: the prefetches spread over
  // the row without splitting it into calls. The same bits. Null where the
  // plain form is.
  void (*height_combine_fetch)(const float* const* rows, const float* weights, int64_t count,
                               int64_t n, float* acc, const float* const* ahead,
                               int64_t ahead_rows);
  void (*height_combine_half_rows_fetch)(const uint16_t* const* rows, const float* weights,
                                         int64_t count, int64_t n, float* acc,
                                         const uint16_t* const* ahead, int64_t ahead_rows);
  void (*height_combine_bfloat16_rows_fetch)(const uint16_t* const* rows, const float* weights,
                                             int64_t count, int64_t n, float* acc,
                                             const uint16_t* const* ahead, int64_t ahead_rows);
  // Two destination rows whose sums share source rows of one plane: a sums
  // rows [0, count_a) (row k at row0 + k * stride elements) with weights_a,
  // b rows [shift, shift + count_b) with weights_b, where count_a >= 1,
  // count_b >= 1 and 0 <= shift <= count_a <= shift + count_b. acc_a and
  // acc_b get height_combine's sums (accumulate = false), the same bits, each
  // shared source vector loaded once for both; n elements each. Prefetches
  // the ahead_rows rows at ahead[] as height_combine_fetch does. fp16 / bf16
  // rows as height_combine_half_rows / _bfloat16_rows read them (null where
  // those are).
  void (*height_combine_overlapping_pair)(const float* row0, int64_t stride, const float* weights_a,
                                          int64_t count_a, const float* weights_b, int64_t shift,
                                          int64_t count_b, int64_t n, float* acc_a, float* acc_b,
                                          const float* const* ahead, int64_t ahead_rows);
  void (*height_combine_half_rows_overlapping_pair)(const uint16_t* row0, int64_t stride,
                                                    const float* weights_a, int64_t count_a,
                                                    const float* weights_b, int64_t shift,
                                                    int64_t count_b, int64_t n, float* acc_a,
                                                    float* acc_b, const uint16_t* const* ahead,
                                                    int64_t ahead_rows);
  void (*height_combine_bfloat16_rows_overlapping_pair)(const uint16_t* row0, int64_t stride,
                                                        const float* weights_a, int64_t count_a,
                                                        const float* weights_b, int64_t shift,
                                                        int64_t count_b, int64_t n, float* acc_a,
                                                        float* acc_b, const uint16_t* const* ahead,
                                                        int64_t ahead_rows);
  // One source row's step of the sums of the `rows` destination rows it
  // feeds: acc[j][x] = acc[j][x] + weights[j] * src[x], x < n. Called for the
  // source rows in ascending order on rows set to +0, it forms height_combine's
  // chains (the same bits), reading each source row once and in address
  // order.
  void (*height_sweep)(const float* src, const float* weights, int64_t rows, int64_t n,
                       float* const* acc);
  // Two consecutive source rows' steps at once into the `rows` destination
  // rows that both feed: acc[j][x] = (acc[j][x] + weights0[j] * src0[x]) +
  // weights1[j] * src1[x], the two steps height_sweep would take (the same
  // bits), each destination vector loaded and stored once for both.
  void (*height_sweep_pair)(const float* src0, const float* src1, const float* weights0,
                            const float* weights1, int64_t rows, int64_t n, float* const* acc);
  // height_combine (accumulate = false, 1 <= count <= kMaxFusedTaps), the
  // same bits, with non-temporal stores for a destination far larger than
  // the caches; flush_streamed_stores orders them before the work is
  // published to another thread.
  void (*height_combine_streamed)(const float* const* rows, const float* weights, int64_t count,
                                  int64_t n, float* dst);
  // Two destination rows summed from the same source rows (weights_a into
  // dst_a, weights_b into dst_b): each source vector loaded once for both.
  // The bits of height_combine_streamed on each (which it calls where a row
  // is not whole lines from a line boundary).
  void (*height_combine_streamed_pair)(const float* const* rows, const float* weights_a,
                                       const float* weights_b, int64_t count, int64_t n,
                                       float* dst_a, float* dst_b);
  void (*flush_streamed_stores)();
  // Zero bytes [dst, dst + bytes): the whole 64-byte lines with non-temporal
  // stores, the parts of lines at either end with regular ones (as
  // height_combine_streamed splits a row). All-zero bits are +0 in every
  // float dtype.
  void (*zero_row_streamed)(void* dst, int64_t bytes);
  // dst[r][i] = sum over the block's sources j (ascending) of
  // weight(j, i) * src[r][j], for 1 <= num_rows <= kMaxWidthRows rows at once.
  // Writes exactly table.size floats per destination row. Returns true if
  // every value written is finite, which also proves every source read was;
  // on false the caller redoes rows with non-finite sources exactly (the
  // dense blocks multiply them by zero weights of neighbouring destinations).
  // from_memory: the source rows are the tensor's own, likely not cached, and
  // are prefetched ahead of the loads (no effect on the values). phased: the
  // table's phased form (BlockedTable::phase_period) or periodic lane8 form
  // (lane8_period) is taken where it has one and the target takes it (AVX2;
  // AVX-512 for phases and runs of one or two taps): the same bits.
  bool (*width_pass)(const BlockedTable& table, const float* const* src, float* const* dst,
                     int64_t num_rows, bool from_memory, bool phased);
  // width_pass over any number of rows, row r at src + r * src_stride and
  // dst + r * dst_stride (in floats): the same bits, no row pointers to load.
  bool (*width_pass_strided)(const BlockedTable& table, const float* src, int64_t src_stride,
                             float* dst, int64_t dst_stride, int64_t num_rows, bool from_memory,
                             bool phased);
  // width_pass (phased) of 1 <= num_rows <= kMaxWidthRows fp32 rows into
  // fp16 (bf16) destination rows dst[r] of table.size elements, each sum
  // rounded as store_half_row (store_bfloat16_row) rounds it: where the
  // table has a phased or periodic lane8 run that the target takes, the run's
  // sums are rounded as they are stored; the other blocks go through the
  // scratch rows (table.size floats each, padded as width_pass's destination
  // rows) and are rounded from there. For finite sums, the bits of width_pass
  // and store_half_row (store_bfloat16_row). Returns false where a sum is not
  // finite: the destination rows are then to be redone (as width_pass's
  // rows with non-finite sources are). Null on targets without those forms
  // (below AVX2).
  bool (*width_pass_to_half)(const BlockedTable& table, const float* const* src,
                             float* const* scratch, uint16_t* const* dst, int64_t num_rows);
  bool (*width_pass_to_bfloat16)(const BlockedTable& table, const float* const* src,
                                 float* const* scratch, uint16_t* const* dst, int64_t num_rows);
  // width_pass of exactly kMaxWidthRows rows from the gather table, through
  // the rows' columns (8x8 transposes, one FMA per tap, no zero-weight taps):
  // the bits the blocked pass gives finite rows; returns false where a value
  // written is not finite (the caller redoes those rows as for width_pass).
  // scratch: 8 * (table.src_size + table.size) floats, each size rounded up
  // to a multiple of 8. Null where the target has no 8-lane form worth it
  // (AVX2 only: AVX-512's 16-lane blocked pass does half the work per row).
  bool (*width_pass_transposed)(const GatherTable& table, const float* const* src,
                                float* const* dst, float* scratch, bool from_memory);
  // height_combine with accumulate = false and 1 <= count <= kMaxFusedTaps,
  // each sum rounded to 16 bits as store_half_row / store_bfloat16_row round
  // it and stored at dst[x] (contiguous): no fp32 row in between.
  void (*height_combine_half)(const float* const* rows, const float* weights, int64_t count,
                              int64_t n, uint16_t* dst);
  void (*height_combine_bfloat16)(const float* const* rows, const float* weights, int64_t count,
                                  int64_t n, uint16_t* dst);
  // The same two with non-temporal stores (see height_combine_streamed).
  void (*height_combine_half_streamed)(const float* const* rows, const float* weights,
                                       int64_t count, int64_t n, uint16_t* dst);
  void (*height_combine_bfloat16_streamed)(const float* const* rows, const float* weights,
                                           int64_t count, int64_t n, uint16_t* dst);
  // height_combine_streamed_pair for bf16 destinations: the bits of
  // height_combine_bfloat16_streamed on each row. (No fp16 form: one
  // conversion instruction per vector left nothing for the pair to gain.)
  void (*height_combine_bfloat16_streamed_pair)(const float* const* rows, const float* weights_a,
                                                const float* weights_b, int64_t count, int64_t n,
                                                uint16_t* dst_a, uint16_t* dst_b);
  bool (*row_is_finite)(const float* row, int64_t n);
  // dst[x] = src[first[x]] for x < n, 32-bit elements copied bit for bit
  // (the nearest forwards); reads only src[0, src_n). Vectors whose lanes'
  // sources lie within one vector of the row (every vector of an upsampling
  // row but the last) are one load and one lane permute; within up to four
  // vectors (shrinking by up to about 4x), one of each per vector and a blend.
  void (*gather_row32)(const uint32_t* src, int64_t src_n, const int32_t* first, int64_t n,
                       uint32_t* dst);
  // The same for 16-bit and 8-bit elements (fp16, bf16, uint8), moved in
  // 32-bit lanes: as many elements a vector as gather_row32.
  void (*gather_row16)(const uint16_t* src, int64_t src_n, const int32_t* first, int64_t n,
                       uint16_t* dst);
  void (*gather_row8)(const uint8_t* src, int64_t src_n, const int32_t* first, int64_t n,
                      uint8_t* dst);
  // One row of the width pass from the gather table, each element the chain
  // of its own taps only (no zero-weight taps): the exact result for rows
  // holding Inf or NaN, and the blocked pass's bits for finite elements.
  void (*width_row_sparse)(const GatherTable& table, const float* src, float* dst);
  // width_pass of the row height_combine sums from two rows (count 2,
  // accumulate false), in one pass with no stage row, for a table whose
  // decimated form has two taps (BlockedTable::decim_taps == 2): dst[i],
  // i < table.size, gets the bits of width_row_sparse(height_combine(rows,
  // weights, 2)), which are those of the two passes. The rows hold
  // table.src_size floats. Prefetches the ahead_rows rows (of table.src_size
  // floats) at ahead[j] as height_combine_fetch does.
  void (*pair_decimated_row)(const BlockedTable& table, const float* const* rows,
                             const float* weights, float* dst, const float* const* ahead,
                             int64_t ahead_rows);
  // The same for fp16 and bf16 rows (and ahead rows) read in place,
  // converted exactly in registers: the bits of pair_decimated_row on their
  // values as floats. The fp16 form is null on targets without F16C.
  void (*pair_decimated_half_rows)(const BlockedTable& table, const uint16_t* const* rows,
                                   const float* weights, float* dst, const uint16_t* const* ahead,
                                   int64_t ahead_rows);
  void (*pair_decimated_bfloat16_rows)(const BlockedTable& table, const uint16_t* const* rows,
                                       const float* weights, float* dst,
                                       const uint16_t* const* ahead, int64_t ahead_rows);
  // The decimated width pass (BlockedTable::decim_taps > 0) of
  // 1 <= num_rows <= kMaxWidthRows fp16 (bf16) rows of table.src_size
  // elements, read in place and converted exactly in registers, each sum
  // rounded to 16 bits as store_half_row (store_bfloat16_row) rounds it and
  // stored at dst[r][i], i < table.size: the bits of load_half_row,
  // width_row_sparse and store_half_row, for every value (each destination
  // is its own chain: no probe, nothing to redo). The source rows are
  // prefetched as width_pass's from_memory rows are. The fp16 form is null
  // on targets without F16C.
  void (*decimated_half_rows)(const BlockedTable& table, const uint16_t* const* src,
                              uint16_t* const* dst, int64_t num_rows);
  void (*decimated_bfloat16_rows)(const BlockedTable& table, const uint16_t* const* src,
                                  uint16_t* const* dst, int64_t num_rows);
  // A row of `pixels` pixels of `channels` contiguous floats (2 to
  // kMaxPlanarChannels) split into `channels` planar rows, plane c at
  // planes + c * stride, and joined back into such a row: bits moved as
  // they are.
  void (*split_pixels)(const float* row, int64_t pixels, int64_t channels, float* planes,
                       int64_t stride);
  void (*join_pixels)(const float* planes, int64_t stride, int64_t pixels, int64_t channels,
                      float* row);
  // The height pass for destination rows [row_begin, row_end) of `planes`
  // planes at once. Destination row row_begin + i of plane q is at
  // dst[q] + i * dst_stride; it gathers the source rows of table row
  // row_begin + i, source row o of plane q being at
  // src + q * src_plane_stride + (o - src_first) * src_stride. Each element
  // gets the same FMA chain as height_combine gives it. `streamed`: rows of at
  // least 128 bytes that are whole 64-byte lines with non-temporal stores
  // (then flush_streamed_stores before the destination is read).
  // `stagger_4kib_apart`: two planes whose destinations lie a multiple of 4
  // KiB apart are summed a row apart on AVX2 (the same bytes either way;
  // kernels_planes.cc, StaggeredPlanePair).
  void (*height_pass_planes)(const GatherTable& table, int64_t row_begin, int64_t row_end,
                             const float* src, int64_t src_stride, int64_t src_plane_stride,
                             int64_t src_first, float* const* dst, int64_t dst_stride,
                             int64_t planes, int64_t n, bool streamed, bool stagger_4kib_apart);
  // The same, each sum rounded to 16 bits as store_half_row /
  // store_bfloat16_row round it (contiguous destination rows).
  void (*height_pass_planes_half)(const GatherTable& table, int64_t row_begin, int64_t row_end,
                                  const float* src, int64_t src_stride, int64_t src_plane_stride,
                                  int64_t src_first, uint16_t* const* dst, int64_t dst_stride,
                                  int64_t planes, int64_t n, bool streamed,
                                  bool stagger_4kib_apart);
  void (*height_pass_planes_bfloat16)(const GatherTable& table, int64_t row_begin, int64_t row_end,
                                      const float* src, int64_t src_stride,
                                      int64_t src_plane_stride, int64_t src_first,
                                      uint16_t* const* dst, int64_t dst_stride, int64_t planes,
                                      int64_t n, bool streamed, bool stagger_4kib_apart);
  // Contiguous row conversions; stores round to nearest even.
  void (*load_half_row)(const uint16_t* src, float* dst, int64_t n);
  void (*load_bfloat16_row)(const uint16_t* src, float* dst, int64_t n);
  void (*store_half_row)(const float* src, uint16_t* dst, int64_t n);
  void (*store_bfloat16_row)(const float* src, uint16_t* dst, int64_t n);
  // The same stores (fp32 copied as it is), non-temporal where the row is
  // whole 64-byte lines of at least 128 bytes (regular otherwise): the same
  // bits, for destinations far larger than the caches (then
  // flush_streamed_stores before the destination is read).
  void (*store_row_streamed)(const float* src, float* dst, int64_t n);
  void (*store_half_row_streamed)(const float* src, uint16_t* dst, int64_t n);
  void (*store_bfloat16_row_streamed)(const float* src, uint16_t* dst, int64_t n);
  const char* target_name;
  // The same target's table for plans whose source is bf16: its bf16 stores
  // (height_combine_bfloat16*, height_pass_planes_bfloat16,
  // store_bfloat16_row*) skip the test for NaN, which sums of bf16 data do not
  // need (every NaN among them is quiet with a zero lower half; see
  // BFloat16OutOf). The same bits for such sums; other fp32 values must not
  // be stored through it, nor bf16 values copied without arithmetic (a
  // signalling NaN is quieted only by arithmetic or the NaN path). Its own
  // for_bfloat16_data is itself.
  const KernelTable* for_bfloat16_data;
};

// The forms of height_combine, pair_decimated_row and the decimated width
// pass that read a dtype's 16-bit source rows in place:
// height_combine_half_rows(_fetch), pair_decimated_half_rows and
// decimated_half_rows for fp16, the bfloat16 ones for bf16; all null for the
// other dtypes and where the target has none.
struct SixteenBitRowCombines {
  decltype(KernelTable::height_combine_half_rows) combine;
  decltype(KernelTable::height_combine_half_rows_fetch) fetch;
  decltype(KernelTable::pair_decimated_half_rows) pair;
  decltype(KernelTable::decimated_half_rows) decimated;
  decltype(KernelTable::height_combine_half_rows_overlapping_pair) overlapping_pair;
};
inline SixteenBitRowCombines SixteenBitRowCombinesOf(const KernelTable& k, DataType dtype) {
  switch (dtype) {
    case DataType::kFloat16:
      return {k.height_combine_half_rows, k.height_combine_half_rows_fetch,
              k.pair_decimated_half_rows, k.decimated_half_rows,
              k.height_combine_half_rows_overlapping_pair};
    case DataType::kBFloat16:
      return {k.height_combine_bfloat16_rows, k.height_combine_bfloat16_rows_fetch,
              k.pair_decimated_bfloat16_rows, k.decimated_bfloat16_rows,
              k.height_combine_bfloat16_rows_overlapping_pair};
    default:
      return {nullptr, nullptr, nullptr, nullptr, nullptr};
  }
}

// The table of the target the dispatcher picks now.
const KernelTable& CurrentKernels();

// The targets better than the one ACLNN_HOST_SIMD names ("avx512", "avx2",
// "sse4", "scalar", any case), as a Highway target mask; 0 (no ceiling) for
// anything else, unset included. The dispatcher never picks those.
int64_t TargetsAboveCeiling(const char* ceiling);

// The targets compiled into this build that the CPU supports and
// ACLNN_HOST_SIMD allows, best first; CurrentKernels() picks the first.
// Test hook: forcing one of them (0, or a target not in that list, restores
// the normal choice). Not thread-safe against concurrent kernel calls.
std::vector<int64_t> AvailableTargets();
std::string TargetNameOf(int64_t target);
void ForceTarget(int64_t target);

}  // namespace aclnn_host::resample::kernels

#endif  // ACLNN_HOST_RESAMPLE_KERNELS_H_
