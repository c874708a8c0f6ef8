// Per-axis weight tables in the forms the engine's passes consume: the
// forward weights (made by the filter layer, filters.h), their transpose for
// backwards, and the blocked form of the contiguous axis.
#ifndef ACLNN_HOST_RESAMPLE_AXIS_WEIGHTS_H_
#define ACLNN_HOST_RESAMPLE_AXIS_WEIGHTS_H_

#include <cstdint>
#include <vector>

namespace aclnn_host::resample {

// Forward-direction weights: forward output index o reads inputs
// [first[o], first[o] + count[o]) with weights[offset[o] + k].
struct AxisWeights {
  int64_t in_size = 0;
  int64_t out_size = 0;
  double scale = 0.0;
  bool identity = false;  // out[o] = in[o]: the axis is a copy
  std::vector<int64_t> first;
  std::vector<int64_t> count;
  std::vector<int64_t> offset;    // out_size + 1 entries
  std::vector<float> weights;     // computed in double, stored as float
  std::vector<double> weights64;  // the same in double (for DOUBLE tensors)
};

// For every destination index i, the contiguous ascending range of source
// indices [first[i], first[i] + count[i]) it gathers, with their weights. For
// the backward (TransposeAxisWeights) the destination is a forward input index
// and its sources are the forward outputs whose windows contain it: a range,
// because window starts and ends are monotone in the output index. For the
// forward (AsGatherTable) it is simply each output's window.
struct GatherTable {
  int64_t size = 0;      // destination size
  int64_t src_size = 0;  // source size
  std::vector<int64_t> first;
  std::vector<int64_t> count;
  std::vector<int64_t> offset;  // size + 1 entries
  std::vector<float> weights;
  std::vector<double> weights64;
  int64_t max_count = 0;
  // A periodic run of destinations [periodic_begin, periodic_end): each
  // destination i of it from periodic_begin + period on has the taps and
  // weights (bitwise) of i - period and its window starts period_step sources
  // further. period = size / g and period_step = src_size / g, g the sizes'
  // greatest common divisor (the scale's own period), where that is at most
  // kMaxPeriod: the interior of a table whose scale is a ratio of small
  // integers (the backward of 2x cubic: period 1, 8 taps, 2 sources a step;
  // of 224 -> 512: period 7, step 16). The longest such run; empty (begin ==
  // end) when it is shorter than kMinPeriodicRun periods plus one or a
  // destination in it has no tap.
  static constexpr int64_t kMaxPeriod = 32;
  static constexpr int64_t kMinPeriodicRun = 8;
  int64_t period = 0;
  int64_t period_step = 0;
  int64_t periodic_begin = 0;
  int64_t periodic_end = 0;
};

GatherTable TransposeAxisWeights(const AxisWeights& forward);

// The source rows [*begin, *end) that destination `row` of a table reads and
// row - 1 does not (windows are monotone): what a pass that prefetches ahead
// fetches for it; none for a row past the table.
void NewSourceRows(const GatherTable& t, int64_t row, int64_t* begin, int64_t* end);

// The forward weights as a gather table (each forward output gathers its
// window): what the forward op runs on.
GatherTable AsGatherTable(const AxisWeights& forward);

// The transposed table of the contiguous axis, regrouped so that kWidth
// consecutive destination positions share one source range: block b covers
// destinations [b*kWidth, b*kWidth + kWidth) and reads sources
// [src_first[b], src_first[b] + src_count[b]); its weights form a dense
// src_count[b] x kWidth matrix (zero where a source does not touch a
// destination), so a pass is a chain of broadcast-times-vector FMAs. Sources are
// summed in ascending order, the same order as the sparse table.
struct BlockedTable {
  static constexpr int64_t kWidth = 16;
  int64_t size = 0;
  int64_t src_size = 0;
  int64_t num_blocks = 0;
  std::vector<int64_t> src_first;
  std::vector<int64_t> src_count;
  std::vector<int64_t> offset;  // into weights, in floats
  std::vector<float> weights;
  int64_t total_taps = 0;  // sum of src_count: the pass costs kWidth * this

  // Lane form, for blocks whose source range fits one kWidth-lane vector
  // (expanding passes): tap k of destination lane l reads lane
  // lane_index[.. k*kWidth + l] of the block's source window with weight
  // lane_weights[..]; lanes past a destination's window repeat its last tap
  // with weight 0. Summed over ascending k, the bits equal the dense form.
  std::vector<int32_t> lane_taps;    // per block; 0 where the block does not fit
  std::vector<int64_t> lane_offset;  // per block, into lane_index/lane_weights
  std::vector<int32_t> lane_index;
  std::vector<float> lane_weights;

  // Half-block lane form, for 8-lane vectors (AVX2): half h of block b
  // (destinations [b*kWidth + h*8, +8)) whose sources all lie in the 8
  // sources from lane8_first[2b + h] on; as the lane form otherwise.
  static constexpr int64_t kHalf = kWidth / 2;
  std::vector<int64_t> lane8_first;   // per half block
  std::vector<int32_t> lane8_taps;    // per half block; 0 where it does not fit
  std::vector<int64_t> lane8_offset;  // per half block, into lane8_index/lane8_weights
  std::vector<int32_t> lane8_index;
  std::vector<float> lane8_weights;

  // Gather form, for blocks too wide for the lane form whose destinations
  // each read only a few sources (shrinking passes of the short filters,
  // where the dense block is mostly zeros): tap k of destination lane l reads
  // source gather_index[.. k*kWidth + l] of the row with weight
  // gather_weights[..]; lanes past a destination's window repeat its last tap
  // with weight 0 (lanes past the table read source 0 with weight 0). Used on
  // every target where gather_taps * kGatherTapCost < src_count, so the
  // choice does not depend on the CPU. Summed over ascending k: the dense
  // form's bits (up to the sign of a zero sum).
  // A gathered tap vs a broadcast FMA. 8, not 4: with 4, the AA bicubic
  // backward of upsampling shapes (224->512, 128->256) took the gather form
  // and ran 1.5x-1.7x slower on an AMD EPYC (Zen 4); the short filters'
  // shrinks (2-4 taps per destination) still take it.
  static constexpr int64_t kGatherTapCost = 8;
  std::vector<int32_t> gather_taps;    // per block; 0 where the dense form is used
  std::vector<int64_t> gather_offset;  // per block, into gather_index/gather_weights
  std::vector<int32_t> gather_index;
  std::vector<float> gather_weights;
  // Window form of the gathered blocks, for the targets with lane permutes:
  // where tap k's sources over the block's lanes lie in window_vectors[b]
  // (2 or 4; 0: no window form) vectors of kWidth consecutive sources from
  // window_first[gather_offset / kWidth + k], lane l of tap k reads the
  // window's element window_index[gather_offset + k * kWidth + l]: loads and
  // permutes instead of a gather, the same sources and weights
  // (gather_weights), so the same bits. Windows lie inside the row (they
  // start at most src_size - window_vectors * kWidth), except on rows shorter
  // than a window: those start at 0 and the kernels load only the row's
  // sources (masked loads). window8_* is the same
  // for 8-lane vectors (AVX2): per half block and tap, windows of
  // window8_vectors * kHalf sources from
  // window8_first[(gather_offset + k * kWidth + lane0) / kHalf], indices
  // relative to it.
  std::vector<uint8_t> window_vectors;
  std::vector<int64_t> window_first;
  std::vector<int32_t> window_index;
  std::vector<uint8_t> window8_vectors;
  std::vector<int64_t> window8_first;
  std::vector<int32_t> window8_index;
  // Phased form, for the periodic run (GatherTable::periodic_begin) of a
  // table with 2 or 4 destinations per source (period_step 1: the 2x and 4x
  // upsampling forwards, the backwards of 2x and 4x downsampling): blocks
  // [phase_block_begin, phase_block_end) lie in the run, and destination
  // phase_block_begin * kWidth + phase_period * k + p (p < phase_period,
  // k < phase_periods) reads source phase_source[p * kMaxPhaseTaps + j] + k
  // with weight phase_weights[p * kMaxPhaseTaps + j], j < phase_taps (the
  // most taps of a phase; a phase with fewer repeats its last source with
  // weight 0). A phase's weights are the same for every k: a pass holds them
  // in registers, loads 8 consecutive k's sources at once and interleaves
  // the phases' sums (no lane permute per tap). Summed over ascending j: the
  // lane form's bits. phase_period 0: no phased form (any other period or
  // step, more than kMaxPhaseTaps taps, fewer than 8 periods in whole
  // blocks).
  static constexpr int64_t kMaxPhaseTaps = 8;
  int64_t phase_period = 0;
  int64_t phase_taps = 0;
  int64_t phase_block_begin = 0;
  int64_t phase_block_end = 0;
  int64_t phase_periods = 0;
  std::vector<int64_t> phase_source;
  std::vector<float> phase_weights;
  // Periodic form of the 8-lane halves (AVX2; AVX-512 for runs of at most
  // two taps, lane8_run_taps), for expanding passes by a
  // ratio of small integers the phased form does not take (224 -> 512, the
  // backward of 512 -> 224: 16 destinations per 7 sources): blocks
  // [lane8_run_block_begin, lane8_run_block_end) are whole, and each of their
  // halves h from the run's (2 * lane8_run_block_begin) + lane8_period on has
  // the lane8 taps, indices and weights (bitwise) of half h - lane8_period,
  // its window lane8_period_step sources further, inside the row. A pass
  // holds one such group's indices and weights in registers and sweeps the
  // row with it, lane8_run_periods windows of 8 sources: the lane8 form's
  // permutes and FMAs in its order (the same bits) without its loads of
  // indices and weights per half. lane8_period 0: no periodic form (fewer
  // than kMinLane8Periods periods, or more than kMaxLane8Taps taps, or a
  // phased form).
  static constexpr int64_t kMaxLane8Period = 4;
  static constexpr int64_t kMaxLane8Taps = 6;
  static constexpr int64_t kMinLane8Periods = 8;
  int64_t lane8_period = 0;  // in halves
  int64_t lane8_period_step = 0;
  int64_t lane8_run_block_begin = 0;
  int64_t lane8_run_block_end = 0;
  int64_t lane8_run_periods = 0;
  int64_t lane8_run_taps = 0;  // the most taps of the run's halves
  // Decimated form, for tables that take one destination per 2 sources in
  // a periodic run (GatherTable period 1, period_step 2: the backwards of 2x
  // upsampling, the 2x downsampling forwards): destination decim_begin + k,
  // k < decim_end - decim_begin, reads sources decim_source + 2k + j with
  // weight decim_weights[j], j < decim_taps (the run's destinations share
  // their taps), and a pass with this form does the whole row with it. It
  // splits a chunk of the row's sources into their even and odd ones once
  // (a load pair and two permutes per 2 * lanes sources); tap j of a vector
  // of destinations is then one unaligned load of the even (j even) or odd
  // ones from j / 2 on, times a weight held in a register, instead of a
  // dense block's FMA per source; the last vector may overlap the previous
  // one. The edge destinations, [0, decim_begin) then [decim_end, size), are
  // the decim_edge_* entries in that order: sources decim_edge_first[e] + j with
  // weight decim_edge_weights[decim_edge_offset[e] + j], j <
  // decim_edge_count[e] (the gather table's taps). Summed over ascending j:
  // the sparse chain's bits. The pair loads stay inside the row: decim_source
  // + 2 * (decim_end - decim_begin - 1) + the taps rounded up to even <=
  // src_size. decim_taps 0: no decimated form (any other period or step, a
  // run shorter than kWidth destinations, or a tap count the kernels are not
  // built for: they take 1, 2, 4 and 8, the counts of every filter's 2x
  // shrinks: nearest 1 or 2, linear 2 or 4, cubic 4 or 8, the AA filters 4
  // and 8; the other counts keep the blocked pass, at its own speed and with
  // the same bits). pass_cost does not count it, so the pass-order choice is
  // the same with or without.
  static constexpr int64_t kMaxDecimTaps = 8;
  static constexpr bool IsDecimTaps(int64_t taps) {
    return taps == 1 || taps == 2 || taps == 4 || taps == 8;
  }
  int64_t decim_taps = 0;
  int64_t decim_begin = 0;
  int64_t decim_end = 0;
  int64_t decim_source = 0;
  std::vector<float> decim_weights;
  std::vector<int64_t> decim_edge_first;
  std::vector<int64_t> decim_edge_count;
  std::vector<int64_t> decim_edge_offset;
  std::vector<float> decim_edge_weights;
  // What a row of the pass costs, in broadcast-FMA units per kWidth lanes:
  // src_count per dense block, gather_taps * kGatherTapCost per gathered one.
  int64_t pass_cost = 0;
};

BlockedTable BlockGatherTable(const GatherTable& table);

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_AXIS_WEIGHTS_H_
