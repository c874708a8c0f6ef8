#include "resample/axis_weights.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

namespace aclnn_host::resample {
namespace {

// Sets t's periodic run (GatherTable::periodic_begin).
void FindPeriodicRun(GatherTable& t) {
  if (t.size < 1 || t.src_size < 1) return;
  const int64_t g = std::gcd(t.size, t.src_size);
  const int64_t period = t.size / g, step = t.src_size / g;
  if (period > GatherTable::kMaxPeriod) return;
  // Whether destination i repeats i - period.
  const auto repeats = [&](int64_t i) {
    const size_t a = static_cast<size_t>(i - period), b = static_cast<size_t>(i);
    return t.count[a] > 0 && t.count[b] == t.count[a] && t.first[b] - t.first[a] == step &&
           std::memcmp(t.weights.data() + t.offset[a], t.weights.data() + t.offset[b],
                       static_cast<size_t>(t.count[a]) * sizeof(float)) == 0;
  };
  int64_t best_begin = 0, best_end = 0;
  for (int64_t i = period; i < t.size;) {
    if (!repeats(i)) {
      ++i;
      continue;
    }
    int64_t e = i + 1;
    while (e < t.size && repeats(e)) ++e;
    // Destinations [i - period, i) have taps too (repeats checked them).
    if (e - (i - period) > best_end - best_begin) best_begin = i - period, best_end = e;
    i = e;
  }
  if (best_end - best_begin >= (GatherTable::kMinPeriodicRun + 1) * period) {
    t.period = period, t.period_step = step;
    t.periodic_begin = best_begin, t.periodic_end = best_end;
  }
}

// Sets b's phased form (BlockedTable::phase_period) where t has one.
void SetPhasedForm(const GatherTable& t, BlockedTable& b) {
  constexpr int64_t kW = BlockedTable::kWidth, kMaxTaps = BlockedTable::kMaxPhaseTaps;
  const int64_t period = t.period;
  if (t.periodic_end <= t.periodic_begin || t.period_step != 1 || (period != 2 && period != 4)) {
    return;
  }
  const int64_t block_begin = (t.periodic_begin + kW - 1) / kW;
  const int64_t block_end = t.periodic_end / kW;
  const int64_t periods = (block_end - block_begin) * kW / period;
  if (periods < 8) return;  // one vector of 8 periods at least
  const int64_t d0 = block_begin * kW;
  int64_t taps = 0;
  for (int64_t p = 0; p < period; ++p) taps = std::max(taps, t.count[static_cast<size_t>(d0 + p)]);
  if (taps > kMaxTaps) return;
  b.phase_period = period;
  b.phase_taps = taps;
  b.phase_block_begin = block_begin;
  b.phase_block_end = block_end;
  b.phase_periods = periods;
  b.phase_source.assign(static_cast<size_t>(period * kMaxTaps), 0);
  b.phase_weights.assign(static_cast<size_t>(period * kMaxTaps), 0.0f);
  for (int64_t p = 0; p < period; ++p) {
    const size_t si = static_cast<size_t>(d0 + p);
    const int64_t count = t.count[si];  // > 0 in a periodic run
    for (int64_t j = 0; j < taps; ++j) {
      const size_t at = static_cast<size_t>(p * kMaxTaps + j);
      b.phase_source[at] = t.first[si] + std::min(j, count - 1);
      if (j < count) b.phase_weights[at] = t.weights[static_cast<size_t>(t.offset[si] + j)];
    }
  }
}

// Sets b's decimated form (BlockedTable::decim_taps) where t has one.
void SetDecimatedForm(const GatherTable& t, BlockedTable& b) {
  if (t.periodic_end <= t.periodic_begin || t.period != 1 || t.period_step != 2) return;
  const int64_t begin = t.periodic_begin;
  const size_t d0 = static_cast<size_t>(begin);
  const int64_t taps = t.count[d0];  // > 0 in a periodic run
  if (!BlockedTable::IsDecimTaps(taps)) return;
  const int64_t source = t.first[d0];
  // The pass loads sources in pairs of taps: destination begin + k reads up
  // to source + 2k + (taps rounded up to even) - 1.
  const int64_t reach = taps + taps % 2;
  int64_t end = t.periodic_end;
  while (end > begin && source + 2 * (end - 1 - begin) + reach > t.src_size) --end;
  if (end - begin < BlockedTable::kWidth) return;
  b.decim_taps = taps;
  b.decim_begin = begin;
  b.decim_end = end;
  b.decim_source = source;
  const auto w = t.weights.begin() + t.offset[d0];
  b.decim_weights.assign(w, w + taps);
  for (int64_t i = 0; i < t.size; ++i) {
    if (i == begin) i = end;
    if (i >= t.size) break;
    const size_t si = static_cast<size_t>(i);
    b.decim_edge_first.push_back(t.first[si]);
    b.decim_edge_count.push_back(t.count[si]);
    b.decim_edge_offset.push_back(static_cast<int64_t>(b.decim_edge_weights.size()));
    const auto e = t.weights.begin() + t.offset[si];
    b.decim_edge_weights.insert(b.decim_edge_weights.end(), e, e + t.count[si]);
  }
}

// BlockedTable::lane8_period: the smallest period (in halves) whose run of
// repeating halves holds the most whole blocks, at least kMinLane8Periods
// periods of them.
void SetPeriodicLane8Form(BlockedTable& b) {
  constexpr int64_t kHalf = BlockedTable::kHalf;
  if (b.phase_period > 0 || b.decim_taps > 0) return;  // those forms take the run
  const int64_t halves = 2 * b.num_blocks;
  auto fits = [&](int64_t h) {  // a lane8 half inside the row, with all 8 destinations
    const size_t sh = static_cast<size_t>(h);
    return b.lane8_taps[sh] > 0 && b.lane8_taps[sh] <= BlockedTable::kMaxLane8Taps &&
           b.lane8_first[sh] + kHalf <= b.src_size && (h + 1) * kHalf <= b.size;
  };
  // Half h + q repeats half h, its window `step` sources further.
  auto repeats = [&](int64_t h, int64_t q, int64_t step) {
    const size_t sh = static_cast<size_t>(h), sq = static_cast<size_t>(h + q);
    if (!fits(h) || !fits(h + q) || b.lane8_taps[sh] != b.lane8_taps[sq] ||
        b.lane8_first[sq] - b.lane8_first[sh] != step) {
      return false;
    }
    const size_t n = static_cast<size_t>(b.lane8_taps[sh]) * kHalf;
    const size_t a = static_cast<size_t>(b.lane8_offset[sh]),
                 c = static_cast<size_t>(b.lane8_offset[sq]);
    return std::memcmp(&b.lane8_index[a], &b.lane8_index[c], n * sizeof(int32_t)) == 0 &&
           std::memcmp(&b.lane8_weights[a], &b.lane8_weights[c], n * sizeof(float)) == 0;
  };
  int64_t best_blocks = 0;
  for (int64_t q = 1; q <= BlockedTable::kMaxLane8Period; ++q) {
    for (int64_t a = 0; a + q < halves;) {
      if (!fits(a)) {
        ++a;
        continue;
      }
      const int64_t step =
          b.lane8_first[static_cast<size_t>(a + q)] - b.lane8_first[static_cast<size_t>(a)];
      int64_t h = a;
      while (h + q < halves && repeats(h, q, step)) ++h;
      // Halves [a, h + q) repeat with period q; whole blocks of whole periods.
      const int64_t unit = q % 2 == 0 ? q : 2 * q;  // halves: whole blocks and periods
      const int64_t block_begin = (a + 1) / 2;
      const int64_t span = std::max<int64_t>(0, (h + q) - 2 * block_begin);
      const int64_t used = span - span % unit;
      const int64_t periods = used / q;
      if (h > a && periods >= BlockedTable::kMinLane8Periods && used / 2 > best_blocks) {
        best_blocks = used / 2;
        b.lane8_period = q;
        b.lane8_period_step = step;
        b.lane8_run_block_begin = block_begin;
        b.lane8_run_block_end = block_begin + used / 2;
        b.lane8_run_periods = periods;
      }
      a = std::max(a + 1, h);
    }
  }
  for (int64_t g = 0; g < b.lane8_period; ++g) {
    const size_t sh = static_cast<size_t>(2 * b.lane8_run_block_begin + g);
    b.lane8_run_taps = std::max<int64_t>(b.lane8_run_taps, b.lane8_taps[sh]);
  }
}

}  // namespace

void NewSourceRows(const GatherTable& t, int64_t row, int64_t* begin, int64_t* end) {
  *begin = *end = 0;
  if (row < 0 || row >= t.size) return;
  const size_t si = static_cast<size_t>(row);
  *end = t.first[si] + t.count[si];
  *begin = si == 0 ? t.first[si]
                   : std::min(*end, std::max(t.first[si], t.first[si - 1] + t.count[si - 1]));
}

GatherTable TransposeAxisWeights(const AxisWeights& fw) {
  GatherTable t;
  t.size = fw.in_size;
  t.src_size = fw.out_size;
  const size_t n = static_cast<size_t>(fw.in_size);
  t.first.assign(n, 0);
  t.count.assign(n, 0);
  t.offset.assign(n + 1, 0);
  for (int64_t o = 0; o < fw.out_size; ++o) {
    const size_t so = static_cast<size_t>(o);
    for (int64_t k = 0; k < fw.count[so]; ++k) {
      const size_t i = static_cast<size_t>(fw.first[so] + k);
      if (t.count[i] == 0) t.first[i] = o;
      ++t.count[i];
    }
  }
  for (size_t i = 0; i < n; ++i) {
    t.offset[i + 1] = t.offset[i] + t.count[i];
    t.max_count = std::max(t.max_count, t.count[i]);
  }
  t.weights.assign(static_cast<size_t>(t.offset[n]), 0.0f);
  t.weights64.assign(static_cast<size_t>(t.offset[n]), 0.0);
  std::vector<int64_t> fill(n, 0);
  // Ascending o, so each destination's list is in ascending source order.
  for (int64_t o = 0; o < fw.out_size; ++o) {
    const size_t so = static_cast<size_t>(o);
    for (int64_t k = 0; k < fw.count[so]; ++k) {
      const size_t i = static_cast<size_t>(fw.first[so] + k);
      const size_t at = static_cast<size_t>(t.offset[i] + fill[i]++);
      t.weights[at] = fw.weights[static_cast<size_t>(fw.offset[so] + k)];
      t.weights64[at] = fw.weights64[static_cast<size_t>(fw.offset[so] + k)];
    }
  }
  FindPeriodicRun(t);
  return t;
}

GatherTable AsGatherTable(const AxisWeights& fw) {
  GatherTable t;
  t.size = fw.out_size;
  t.src_size = fw.in_size;
  t.first = fw.first;
  t.count = fw.count;
  t.offset = fw.offset;
  t.weights = fw.weights;
  t.weights64 = fw.weights64;
  for (int64_t c : t.count) t.max_count = std::max(t.max_count, c);
  // Empty windows keep first = 0 like the transposed table does.
  for (size_t i = 0; i < t.count.size(); ++i) {
    if (t.count[i] == 0) t.first[i] = 0;
  }
  FindPeriodicRun(t);
  return t;
}

BlockedTable BlockGatherTable(const GatherTable& tt) {
  constexpr int64_t kW = BlockedTable::kWidth;
  BlockedTable b;
  b.size = tt.size;
  b.src_size = tt.src_size;
  b.num_blocks = (tt.size + kW - 1) / kW;
  const size_t nb = static_cast<size_t>(b.num_blocks);
  b.src_first.assign(nb, 0);
  b.src_count.assign(nb, 0);
  b.offset.assign(nb + 1, 0);
  for (int64_t blk = 0; blk < b.num_blocks; ++blk) {
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    const int64_t end = std::min(tt.size, (blk + 1) * kW);
    for (int64_t i = blk * kW; i < end; ++i) {
      const size_t si = static_cast<size_t>(i);
      if (tt.count[si] == 0) continue;
      lo = std::min(lo, tt.first[si]);
      hi = std::max(hi, tt.first[si] + tt.count[si]);
    }
    const size_t sb = static_cast<size_t>(blk);
    if (lo < hi) {
      b.src_first[sb] = lo;
      b.src_count[sb] = hi - lo;
    }
    b.offset[sb + 1] = b.offset[sb] + b.src_count[sb] * kW;
    b.total_taps += b.src_count[sb];
  }
  b.weights.assign(static_cast<size_t>(b.offset[nb]), 0.0f);
  for (int64_t blk = 0; blk < b.num_blocks; ++blk) {
    const size_t sb = static_cast<size_t>(blk);
    const int64_t end = std::min(tt.size, (blk + 1) * kW);
    for (int64_t i = blk * kW; i < end; ++i) {
      const size_t si = static_cast<size_t>(i);
      for (int64_t k = 0; k < tt.count[si]; ++k) {
        const int64_t j = tt.first[si] + k - b.src_first[sb];
        b.weights[static_cast<size_t>(b.offset[sb] + j * kW + (i - blk * kW))] =
            tt.weights[static_cast<size_t>(tt.offset[si] + k)];
      }
    }
  }
  // Lane form of the blocks that fit one vector.
  b.lane_taps.assign(nb, 0);
  b.lane_offset.assign(nb, 0);
  for (int64_t blk = 0; blk < b.num_blocks; ++blk) {
    const size_t sb = static_cast<size_t>(blk);
    if (b.src_count[sb] == 0 || b.src_count[sb] > kW) continue;
    const int64_t end = std::min(tt.size, (blk + 1) * kW);
    int64_t taps = 0;
    for (int64_t i = blk * kW; i < end; ++i)
      taps = std::max(taps, tt.count[static_cast<size_t>(i)]);
    b.lane_taps[sb] = static_cast<int32_t>(taps);
    b.lane_offset[sb] = static_cast<int64_t>(b.lane_index.size());
    b.lane_index.resize(b.lane_index.size() + static_cast<size_t>(taps * kW), 0);
    b.lane_weights.resize(b.lane_weights.size() + static_cast<size_t>(taps * kW), 0.0f);
    for (int64_t i = blk * kW; i < end; ++i) {
      const size_t si = static_cast<size_t>(i);
      const int64_t count = tt.count[si];
      for (int64_t k = 0; k < taps; ++k) {
        const size_t at = static_cast<size_t>(b.lane_offset[sb] + k * kW + (i - blk * kW));
        if (count == 0) continue;  // index 0, weight 0
        const int64_t tap = std::min(k, count - 1);
        b.lane_index[at] = static_cast<int32_t>(tt.first[si] + tap - b.src_first[sb]);
        if (k < count) b.lane_weights[at] = tt.weights[static_cast<size_t>(tt.offset[si] + k)];
      }
    }
  }
  // Half-block lane form (8 lanes) of the halves whose sources fit 8.
  constexpr int64_t kHalf = BlockedTable::kHalf;
  b.lane8_first.assign(2 * nb, 0);
  b.lane8_taps.assign(2 * nb, 0);
  b.lane8_offset.assign(2 * nb, 0);
  for (int64_t half = 0; half < 2 * b.num_blocks; ++half) {
    const size_t sh = static_cast<size_t>(half);
    const int64_t begin = half * kHalf, end = std::min(tt.size, begin + kHalf);
    int64_t lo = INT64_MAX, hi = INT64_MIN, taps = 0;
    for (int64_t i = begin; i < end; ++i) {
      const size_t si = static_cast<size_t>(i);
      if (tt.count[si] == 0) continue;
      lo = std::min(lo, tt.first[si]);
      hi = std::max(hi, tt.first[si] + tt.count[si]);
      taps = std::max(taps, tt.count[si]);
    }
    if (lo >= hi || hi - lo > kHalf) continue;
    b.lane8_first[sh] = lo;
    b.lane8_taps[sh] = static_cast<int32_t>(taps);
    b.lane8_offset[sh] = static_cast<int64_t>(b.lane8_index.size());
    b.lane8_index.resize(b.lane8_index.size() + static_cast<size_t>(taps * kHalf), 0);
    b.lane8_weights.resize(b.lane8_weights.size() + static_cast<size_t>(taps * kHalf), 0.0f);
    for (int64_t i = begin; i < end; ++i) {
      const size_t si = static_cast<size_t>(i);
      const int64_t count = tt.count[si];
      for (int64_t k = 0; k < taps; ++k) {
        const size_t at = static_cast<size_t>(b.lane8_offset[sh] + k * kHalf + (i - begin));
        if (count == 0) continue;  // index 0, weight 0
        const int64_t tap = std::min(k, count - 1);
        b.lane8_index[at] = static_cast<int32_t>(tt.first[si] + tap - lo);
        if (k < count) b.lane8_weights[at] = tt.weights[static_cast<size_t>(tt.offset[si] + k)];
      }
    }
  }
  // Gather form of the blocks the lane form cannot take.
  b.gather_taps.assign(nb, 0);
  b.gather_offset.assign(nb, 0);
  for (int64_t blk = 0; blk < b.num_blocks; ++blk) {
    const size_t sb = static_cast<size_t>(blk);
    const int64_t end = std::min(tt.size, (blk + 1) * kW);
    int64_t taps = 0;
    for (int64_t i = blk * kW; i < end; ++i)
      taps = std::max(taps, tt.count[static_cast<size_t>(i)]);
    const bool gather =
        b.lane_taps[sb] == 0 && taps > 0 && taps * BlockedTable::kGatherTapCost < b.src_count[sb];
    b.pass_cost += gather ? taps * BlockedTable::kGatherTapCost : b.src_count[sb];
    if (!gather) continue;
    b.gather_taps[sb] = static_cast<int32_t>(taps);
    b.gather_offset[sb] = static_cast<int64_t>(b.gather_index.size());
    b.gather_index.resize(b.gather_index.size() + static_cast<size_t>(taps * kW), 0);
    b.gather_weights.resize(b.gather_weights.size() + static_cast<size_t>(taps * kW), 0.0f);
    for (int64_t i = blk * kW; i < end; ++i) {
      const size_t si = static_cast<size_t>(i);
      const int64_t count = tt.count[si];
      for (int64_t k = 0; k < taps; ++k) {
        const size_t at = static_cast<size_t>(b.gather_offset[sb] + k * kW + (i - blk * kW));
        if (count == 0) continue;  // source 0, weight 0
        b.gather_index[at] = static_cast<int32_t>(tt.first[si] + std::min(k, count - 1));
        if (k < count) b.gather_weights[at] = tt.weights[static_cast<size_t>(tt.offset[si] + k)];
      }
    }
  }
  SetPhasedForm(tt, b);
  SetDecimatedForm(tt, b);
  SetPeriodicLane8Form(b);
  // Window forms of the gathered blocks.
  b.window_vectors.assign(nb, 0);
  b.window_first.assign(b.gather_index.size() / kW, 0);
  b.window_index.assign(b.gather_index.size(), 0);
  b.window8_vectors.assign(2 * nb, 0);
  b.window8_first.assign(b.gather_index.size() / kHalf, 0);
  b.window8_index.assign(b.gather_index.size(), 0);
  // Lanes [lane0, lane0 + lanes) of gathered block blk in windows of 2 or 4
  // vectors of `lanes` sources: how many, 0 where some tap's sources do not
  // fit 4.
  auto windows = [&](int64_t blk, int64_t lane0, int64_t lanes, std::vector<int64_t>* first,
                     std::vector<int32_t>* index) -> uint8_t {
    const size_t sb = static_cast<size_t>(blk);
    const int64_t taps = b.gather_taps[sb];
    const int64_t begin = blk * kW + lane0, end = std::min(tt.size, begin + lanes);
    // Tap k of lane i reads source first[i] + min(k, count - 1).
    auto source = [&](int64_t i, int64_t k) {
      const size_t si = static_cast<size_t>(i);
      return tt.first[si] + std::min(k, tt.count[si] - 1);
    };
    std::vector<int64_t> lo(static_cast<size_t>(taps), 0);
    int64_t span = 1;
    for (int64_t k = 0; k < taps; ++k) {
      int64_t l = INT64_MAX, h = INT64_MIN;
      for (int64_t i = begin; i < end; ++i) {
        if (tt.count[static_cast<size_t>(i)] == 0) continue;
        l = std::min(l, source(i, k));
        h = std::max(h, source(i, k));
      }
      if (l > h) l = h = 0;  // no lane reads: weight 0 everywhere
      lo[static_cast<size_t>(k)] = l;
      span = std::max(span, h - l + 1);
    }
    const int64_t vectors = span <= 2 * lanes ? 2 : (span <= 4 * lanes ? 4 : 0);
    if (vectors == 0) return 0;
    for (int64_t k = 0; k < taps; ++k) {
      // Inside the row; at 0 on rows shorter than the window (loaded masked).
      const int64_t start =
          std::max<int64_t>(0, std::min(lo[static_cast<size_t>(k)], b.src_size - vectors * lanes));
      const int64_t at = b.gather_offset[sb] + k * kW + lane0;
      (*first)[static_cast<size_t>(at / lanes)] = start;
      for (int64_t i = begin; i < end; ++i) {
        if (tt.count[static_cast<size_t>(i)] == 0) continue;  // window element 0, weight 0
        (*index)[static_cast<size_t>(at + (i - begin))] =
            static_cast<int32_t>(source(i, k) - start);
      }
    }
    return static_cast<uint8_t>(vectors);
  };
  for (int64_t blk = 0; blk < b.num_blocks; ++blk) {
    const size_t sb = static_cast<size_t>(blk);
    if (b.gather_taps[sb] == 0) continue;
    b.window_vectors[sb] = windows(blk, 0, kW, &b.window_first, &b.window_index);
    for (int64_t h = 0; h < 2; ++h) {
      b.window8_vectors[2 * sb + static_cast<size_t>(h)] =
          windows(blk, h * kHalf, kHalf, &b.window8_first, &b.window8_index);
    }
  }
  return b;
}

}  // namespace aclnn_host::resample
