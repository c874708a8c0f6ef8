// Promise: the op computes PyTorch's _upsample_bicubic2d_aa_backward exactly
// as the contract describes (goldens, weight tables, and an independent
// float64 reference on random cases of every dtype and layout).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>
#include <sstream>

#include "resample/axis_weights.h"
#include "resample/filters.h"
#include "test_support.h"

namespace aclnn_host::testing {
namespace {

#include "golden_data.inc"

const GoldenMatrix& Golden(const std::string& name, const std::vector<GoldenMatrix>& all) {
  for (const auto& g : all) {
    if (name == g.name) return g;
  }
  throw std::runtime_error("no golden " + name);
}

std::vector<float> RunFloat(const std::vector<float>& g, std::vector<int64_t> go_shape,
                            std::vector<int64_t> input_size, bool ac, double sh, double sw,
                            aclDataType dtype = ACL_FLOAT, Layout layout = Layout::kContiguous) {
  DeviceTensor go, out;
  MakeDeviceTensor(&go, go_shape, dtype, layout);
  MakeDeviceTensor(&out, input_size, dtype, layout);
  WriteValues(&go, g);
  const OpCall call = RunBackward(&go, &out, {go_shape[2], go_shape[3]}, input_size, ac, sh, sw);
  EXPECT_EQ(call.phase1, ACLNN_SUCCESS) << call.message;
  EXPECT_EQ(call.phase2, ACLNN_SUCCESS) << call.message;
  EXPECT_TRUE(SentinelsIntact(out));
  return ReadValues(out);
}

TEST(Golden, CannDocumentationExample) {
  const std::vector<float> g = {0, 1, 2, 3, 4, 5, 6, 7};
  const std::vector<float> got = RunFloat(g, {1, 1, 4, 2}, {1, 1, 8, 4}, true, 2.0, 2.0);
  const double expected[32] = {
      -0.037380, -0.021394, 0.076689, 0.210637, -0.019148, 0.026700, 0.200382, 0.428001,
      0.054657,  0.153699,  0.411533, 0.732542, 0.137444,  0.293525, 0.637135, 1.051797,
      0.170893,  0.347117,  0.715870, 1.156116, 0.237614,  0.463294, 0.912605, 1.443050,
      0.538375,  1.014847,  1.918604, 2.973265, 1.005456,  1.876058, 3.500808, 5.389207};
  ASSERT_EQ(got.size(), 32u);
  double sum = 0;
  for (int i = 0; i < 32; ++i) {
    EXPECT_NEAR(got[i], expected[i], 5e-7 + 1e-6) << "element " << i;  // printed to 6 places
    sum += got[i];
  }
  EXPECT_NEAR(sum, 28.0, 1e-4);  // weights are normalised: the gradient's total is kept
}

struct GoldenCase {
  std::string id;
  std::vector<int64_t> input_size;
  std::vector<int64_t> output_size;
  bool ac;
  double sh, sw;
  std::vector<float> g;
};

std::vector<GoldenCase> GoldenCases() {
  std::vector<GoldenCase> cases;
  auto iota = [](int n, float scale, float shift) {
    std::vector<float> v;
    for (int i = 0; i < n; ++i) v.push_back(i * scale + shift);
    return v;
  };
  cases.push_back({"A_down8to4", {1, 1, 8, 8}, {4, 4}, false, 0, 0, iota(16, 1, 1)});
  cases.push_back({"B_up4to8", {1, 1, 4, 4}, {8, 8}, false, 0, 0, iota(64, 1.0f / 8, -4)});
  cases.push_back({"C_down7x5to3x2", {1, 1, 7, 5}, {3, 2}, false, 0, 0, {1, -2, 3, 0.5f, -1, 2}});
  std::vector<float> d;
  for (int i = 0; i < 35; ++i) d.push_back(float(i % 7 - 3));
  cases.push_back({"D_ac_up3x4to5x7", {1, 1, 3, 4}, {5, 7}, true, 0, 0, d});
  cases.push_back({"E_ac_out1", {1, 1, 6, 6}, {1, 1}, true, 0, 0, {2.0f}});
  cases.push_back({"F_out1", {1, 1, 6, 6}, {1, 1}, false, 0, 0, {1.0f}});
  cases.push_back({"G_scales035", {1, 1, 10, 10}, {3, 3}, false, 0.35, 0.35, iota(9, 1, 1)});
  std::vector<float> eye(16, 0.0f);
  for (int i = 0; i < 4; ++i) eye[i * 5] = 1.0f;
  cases.push_back({"H_samesize_scale05", {1, 1, 4, 4}, {4, 4}, false, 0.5, 0.5, eye});
  return cases;
}

TEST(Golden, PyTorchCasesMatchFloat64Values) {
  for (const GoldenCase& c : GoldenCases()) {
    const GoldenMatrix& want = Golden(c.id + "_f64", GoldenBackwardCases());
    const std::vector<float> got =
        RunFloat(c.g, {1, 1, c.output_size[0], c.output_size[1]}, c.input_size, c.ac, c.sh, c.sw);
    ASSERT_EQ(got.size(), want.values.size()) << c.id;
    double max_ref = 0;
    for (double v : want.values) max_ref = std::max(max_ref, std::fabs(v));
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_LE(std::fabs(got[i] - want.values[i]),
                AllowedError(want.values[i], max_ref, ACL_FLOAT))
          << c.id << " element " << i << " got " << got[i] << " want " << want.values[i];
    }
  }
}

TEST(Golden, PyTorchCasesMatchFloat32Values) {
  // PyTorch's own float32 result is itself within a few ulp of float64; ours
  // must be as close to it as the contract's fp32 bar allows.
  for (const char* id : {"A_down8to4", "G_scales035"}) {
    for (const GoldenCase& c : GoldenCases()) {
      if (c.id != id) continue;
      const GoldenMatrix& want = Golden(c.id + "_f32", GoldenBackwardCases());
      const std::vector<float> got =
          RunFloat(c.g, {1, 1, c.output_size[0], c.output_size[1]}, c.input_size, c.ac, c.sh, c.sw);
      double max_ref = 0;
      for (double v : want.values) max_ref = std::max(max_ref, std::fabs(v));
      for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_LE(std::fabs(got[i] - want.values[i]),
                  2 * AllowedError(want.values[i], max_ref, ACL_FLOAT))
            << c.id << " element " << i;
      }
    }
  }
}

TEST(Golden, ExactDyadicCases) {
  // E: alignCorners with output 1 gives weights [1.125, -0.125] per axis:
  // products are dyadic, so the result is exact.
  const std::vector<float> e = RunFloat({2.0f}, {1, 1, 1, 1}, {1, 1, 6, 6}, true, 0, 0);
  EXPECT_EQ(e[0], 2.53125f);
  EXPECT_EQ(e[1], -0.28125f);
  EXPECT_EQ(e[6], -0.28125f);
  EXPECT_EQ(e[7], 0.03125f);
  for (size_t i = 0; i < e.size(); ++i) {
    if (i != 0 && i != 1 && i != 6 && i != 7) {
      EXPECT_EQ(e[i], 0.0f) << i;
    }
  }
  // Same size, no scale: an exact copy.
  std::vector<float> g;
  for (int i = 0; i < 20; ++i) g.push_back(0.1f * float(i) - 0.7f);
  EXPECT_EQ(RunFloat(g, {1, 1, 4, 5}, {1, 1, 4, 5}, false, 0, 0), g);
  EXPECT_EQ(RunFloat(g, {1, 1, 4, 5}, {1, 1, 4, 5}, false, 1.0, 1.0), g);
  EXPECT_EQ(RunFloat(g, {1, 1, 4, 5}, {1, 1, 4, 5}, true, 3.0, 0.5), g);
}

TEST(Golden, ExplicitScaleMismatchDropsGradientSilently) {
  // 4 -> 8 with scalesW = 0.25 (scale 4): outputs 3..7 have empty windows.
  std::vector<float> g(8, 0.0f);
  for (int ow = 3; ow < 8; ++ow) g[ow] = 1.0f;
  const std::vector<float> got = RunFloat(g, {1, 1, 1, 8}, {1, 1, 1, 4}, false, 0, 0.25);
  for (float v : got) EXPECT_EQ(v, 0.0f);
}

TEST(WeightTables, MatchPyTorch) {
  struct Axis {
    const char* name;
    int64_t in, out;
    bool ac;
    double s;
  };
  const Axis axes[] = {{"in=8 out=4 align_corners=False scale=None", 8, 4, false, 0},
                       {"in=4 out=8 align_corners=False scale=None", 4, 8, false, 0},
                       {"in=7 out=3 align_corners=False scale=None", 7, 3, false, 0},
                       {"in=3 out=5 align_corners=True scale=None", 3, 5, true, 0},
                       {"in=6 out=1 align_corners=True scale=None", 6, 1, true, 0},
                       {"in=6 out=1 align_corners=False scale=None", 6, 1, false, 0},
                       {"in=10 out=3 align_corners=False scale=0.35", 10, 3, false, 0.35},
                       {"in=5 out=5 align_corners=False scale=None", 5, 5, false, 0}};
  for (const Axis& a : axes) {
    const GoldenMatrix& want = Golden(a.name, GoldenWeightTables());
    const resample::AxisWeights w = resample::ComputeAxisWeights(
        resample::AxisRule{resample::Filter::kCubicAA, a.in, a.out, a.ac, a.s});
    ASSERT_EQ(want.rows, a.out);
    ASSERT_EQ(want.cols, a.in);
    for (int64_t o = 0; o < a.out; ++o) {
      std::vector<double> dense(static_cast<size_t>(a.in), 0.0);
      for (int64_t k = 0; k < w.count[o]; ++k) dense[w.first[o] + k] = w.weights[w.offset[o] + k];
      for (int64_t i = 0; i < a.in; ++i) {
        const double ref = want.values[static_cast<size_t>(o * a.in + i)];
        // Stored as float: within half an ulp of float of the double value.
        EXPECT_NEAR(dense[i], ref, 6e-8 * std::fabs(ref) + 1e-30)
            << a.name << " row " << o << " col " << i;
      }
    }
  }
  // Dyadic entries are exact.
  const auto e =
      resample::ComputeAxisWeights(resample::AxisRule{resample::Filter::kCubicAA, 6, 1, true, 0});
  EXPECT_EQ(e.weights[0], 1.125f);
  EXPECT_EQ(e.weights[1], -0.125f);
}

// A table's periodic run (GatherTable::periodic_begin) holds what it claims
// (every destination a period on has the same taps and weights, its window
// period_step sources further), has the scale's own period, and is the
// longest such run, found by brute force over random tables of every filter,
// forward and transposed, ratios of small integers included. The backward of
// a 2x cubic upsample is one run of period 1 but for its borders, that of
// 224 -> 512 one of period 7.
TEST(WeightTables, PeriodicRunsAreTheLongestRunsOfRepeatingWeights) {
  const auto repeats = [](const resample::GatherTable& t, int64_t i, int64_t period, int64_t step) {
    const int64_t a = i - period;
    if (t.count[a] == 0 || t.count[i] != t.count[a] || t.first[i] - t.first[a] != step) {
      return false;
    }
    for (int64_t k = 0; k < t.count[a]; ++k) {
      if (std::memcmp(&t.weights[t.offset[a] + k], &t.weights[t.offset[i] + k], 4) != 0) {
        return false;
      }
    }
    return true;
  };
  std::mt19937 rng(11);
  int periodic = 0, longer_periods = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int64_t unit = 1 + rng() % 12;
    const int64_t in = trial % 2 ? unit * (1 + rng() % 9) : 1 + rng() % 120;
    const int64_t out = trial % 2 ? unit * (1 + rng() % 9) : 1 + rng() % 120;
    const auto filter = static_cast<resample::Filter>(rng() % 6);
    const auto fw =
        resample::ComputeAxisWeights(resample::AxisRule{filter, in, out, rng() % 4 == 0, 0});
    for (const resample::GatherTable& t :
         {resample::TransposeAxisWeights(fw), resample::AsGatherTable(fw)}) {
      const int64_t g = std::gcd(t.size, t.src_size);
      const int64_t period = t.size / g, step = t.src_size / g;
      int64_t longest = 0;  // brute force: the longest run from each start
      if (period <= resample::GatherTable::kMaxPeriod) {
        for (int64_t b = 0; b < t.size; ++b) {
          int64_t e = b + period;
          while (e < t.size && repeats(t, e, period, step)) ++e;
          if (e - b >= 2 * period) longest = std::max(longest, e - b);
        }
      }
      const int64_t run = t.periodic_end - t.periodic_begin;
      if (longest < (resample::GatherTable::kMinPeriodicRun + 1) * period) {
        EXPECT_EQ(run, 0) << trial;
        continue;
      }
      ++periodic;
      longer_periods += period > 1;
      ASSERT_EQ(run, longest) << trial;
      ASSERT_EQ(t.period, period) << trial;
      ASSERT_EQ(t.period_step, step) << trial;
      for (int64_t i = t.periodic_begin + period; i < t.periodic_end; ++i) {
        EXPECT_TRUE(repeats(t, i, period, step)) << trial << " " << i;
      }
      for (int64_t i = t.periodic_begin; i < t.periodic_begin + period; ++i) {
        EXPECT_GT(t.count[i], 0) << trial << " " << i;
      }
    }
  }
  EXPECT_GT(periodic, 100);
  EXPECT_GT(longer_periods, 30);
  // Backwards of upsamples (forward in -> out): the period, the step, and
  // at most `border` destinations left out at each end.
  struct Known {
    int64_t in, out, period, step, border;
  };
  for (const Known& k : {Known{128, 256, 1, 2, 4}, Known{224, 512, 7, 16, 14}}) {
    const auto t = resample::TransposeAxisWeights(resample::ComputeAxisWeights(
        resample::AxisRule{resample::Filter::kCubicAA, k.in, k.out, false, 0}));
    EXPECT_EQ(t.period, k.period) << k.in;
    EXPECT_EQ(t.period_step, k.step) << k.in;
    EXPECT_LE(t.periodic_begin, k.border) << k.in;
    EXPECT_GE(t.periodic_end, k.in - k.border) << k.in;
  }
  EXPECT_EQ(resample::TransposeAxisWeights(resample::ComputeAxisWeights(resample::AxisRule{
                                               resample::Filter::kCubicAA, 128, 256, false, 0}))
                .count[64],
            8);
}

// The phased form of a blocked table (BlockedTable::phase_period): where the
// gather table expands by 2 or 4 sources a period with a periodic run, every
// destination of the phased blocks reads, per tap, the source and weight of
// the gather table (padding taps: its last source, weight 0), the blocks lie
// in the run, and the form exists wherever the run holds 8 periods in whole
// blocks with at most kMaxPhaseTaps taps; no form for any other period or step.
TEST(WeightTables, PhasedFormsReadTheGatherTablesTaps) {
  constexpr int64_t kW = resample::BlockedTable::kWidth;
  constexpr int64_t kMax = resample::BlockedTable::kMaxPhaseTaps;
  std::mt19937 rng(12);
  int phased = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int64_t unit = 1 + rng() % 150, ratio = 1 + rng() % 5;
    const auto filter = static_cast<resample::Filter>(rng() % 6);
    const bool forward = rng() % 2;
    // The table expands unit -> unit * ratio.
    const auto fw = resample::ComputeAxisWeights(resample::AxisRule{
        filter, forward ? unit : unit * ratio, forward ? unit * ratio : unit, rng() % 4 == 0, 0});
    const auto t = forward ? resample::AsGatherTable(fw) : resample::TransposeAxisWeights(fw);
    const auto b = resample::BlockGatherTable(t);
    const int64_t p = t.period;
    const int64_t bb = (t.periodic_begin + kW - 1) / kW, be = t.periodic_end / kW;
    bool fits = t.periodic_end > t.periodic_begin && t.period_step == 1 && (p == 2 || p == 4) &&
                (be - bb) * kW / p >= 8;
    for (int64_t i = bb * kW; fits && i < bb * kW + p; ++i) fits = t.count[i] <= kMax;
    ASSERT_EQ(b.phase_period, fits ? p : 0) << trial;
    if (!fits) continue;
    ++phased;
    ASSERT_EQ(b.phase_block_begin, bb) << trial;
    ASSERT_EQ(b.phase_block_end, be) << trial;
    ASSERT_EQ(b.phase_periods, (be - bb) * kW / p) << trial;
    for (int64_t k = 0; k < b.phase_periods; ++k) {
      for (int64_t q = 0; q < p; ++q) {
        const int64_t i = bb * kW + p * k + q;
        ASSERT_GE(b.phase_taps, t.count[i]) << trial << " " << i;
        for (int64_t j = 0; j < b.phase_taps; ++j) {
          const int64_t tap = std::min(j, t.count[i] - 1);
          ASSERT_EQ(b.phase_source[q * kMax + j] + k, t.first[i] + tap) << trial << " " << i;
          const float w = j < t.count[i] ? t.weights[t.offset[i] + j] : 0.0f;
          ASSERT_EQ(std::memcmp(&b.phase_weights[q * kMax + j], &w, 4), 0) << trial << " " << i;
        }
      }
    }
  }
  EXPECT_GT(phased, 100);
}

// The decimated form of a blocked table (BlockedTable::decim_taps): where the
// gather table takes one destination per 2 sources in a periodic run of at
// least kWidth destinations with 1, 2, 4 or 8 taps (IsDecimTaps), every run
// destination reads the gather table's sources and weights (the form's
// pattern shifted by 2 per destination), the edge entries are the gather
// table's taps of the other destinations in order, and the pass's pair
// loads stay inside the row; no form for any other period or step.
TEST(WeightTables, DecimatedFormsReadTheGatherTablesTaps) {
  constexpr int64_t kW = resample::BlockedTable::kWidth;
  std::mt19937 rng(15);
  int decimated = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int64_t unit = 1 + rng() % 200, ratio = 1 + rng() % 4;
    const auto filter = static_cast<resample::Filter>(rng() % 6);
    const bool forward = rng() % 2;
    // The table shrinks unit * ratio -> unit.
    const auto fw = resample::ComputeAxisWeights(resample::AxisRule{
        filter, forward ? unit * ratio : unit, forward ? unit : unit * ratio, rng() % 4 == 0, 0});
    const auto t = forward ? resample::AsGatherTable(fw) : resample::TransposeAxisWeights(fw);
    const auto b = resample::BlockGatherTable(t);
    const bool run = t.periodic_end > t.periodic_begin && t.period == 1 && t.period_step == 2;
    if (!run) {
      ASSERT_EQ(b.decim_taps, 0) << trial;
      continue;
    }
    const int64_t taps = t.count[t.periodic_begin];
    if (!resample::BlockedTable::IsDecimTaps(taps)) {
      ASSERT_EQ(b.decim_taps, 0) << trial;
      continue;
    }
    // The run as the form can read it: its pair loads inside the row.
    int64_t end = t.periodic_end;
    while (end > t.periodic_begin && t.first[end - 1] + taps + taps % 2 > t.src_size) {
      --end;
    }
    if (end - t.periodic_begin < kW) {
      ASSERT_EQ(b.decim_taps, 0) << trial;
      continue;
    }
    ++decimated;
    ASSERT_EQ(b.decim_taps, taps) << trial;
    ASSERT_EQ(b.decim_begin, t.periodic_begin) << trial;
    ASSERT_EQ(b.decim_end, end) << trial;
    for (int64_t i = b.decim_begin; i < b.decim_end; ++i) {
      const int64_t k = i - b.decim_begin;
      ASSERT_EQ(t.count[i], taps) << trial << " " << i;
      ASSERT_EQ(t.first[i], b.decim_source + 2 * k) << trial << " " << i;
      ASSERT_EQ(std::memcmp(&t.weights[t.offset[i]], b.decim_weights.data(),
                            static_cast<size_t>(taps) * sizeof(float)),
                0)
          << trial << " " << i;
    }
    ASSERT_LE(b.decim_source + 2 * (b.decim_end - b.decim_begin - 1) + taps + taps % 2, b.src_size)
        << trial;
    ASSERT_EQ(static_cast<int64_t>(b.decim_edge_first.size()),
              t.size - (b.decim_end - b.decim_begin))
        << trial;
    for (int64_t e = 0; e < static_cast<int64_t>(b.decim_edge_first.size()); ++e) {
      const int64_t i = e < b.decim_begin ? e : e - b.decim_begin + b.decim_end;
      ASSERT_EQ(b.decim_edge_first[e], t.first[i]) << trial << " " << i;
      ASSERT_EQ(b.decim_edge_count[e], t.count[i]) << trial << " " << i;
      ASSERT_EQ(std::memcmp(&b.decim_edge_weights[b.decim_edge_offset[e]], &t.weights[t.offset[i]],
                            static_cast<size_t>(t.count[i]) * sizeof(float)),
                0)
          << trial << " " << i;
    }
    ASSERT_EQ(b.phase_period, 0) << trial;
    ASSERT_EQ(b.lane8_period, 0) << trial;
  }
  EXPECT_GT(decimated, 100);
}

// The periodic lane8 form (BlockedTable::lane8_period) stands for the lane8
// halves of its run: each is its group's half, bit for bit, its window
// lane8_period_step sources further per period, inside the row; the run is
// whole blocks of whole periods, and no phased form is there.
TEST(WeightTables, PeriodicLane8FormsRepeatTheirGroupsHalves) {
  constexpr int64_t kHalf = resample::BlockedTable::kHalf;
  std::mt19937 rng(13);
  int periodic = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const int64_t b = 2 + rng() % 8, a = 1 + rng() % (b - 1), unit = 1 + rng() % 60;
    const auto filter = static_cast<resample::Filter>(rng() % 6);
    const bool forward = rng() % 2;
    // The table expands unit * a -> unit * b.
    const auto fw = resample::ComputeAxisWeights(resample::AxisRule{
        filter, forward ? unit * a : unit * b, forward ? unit * b : unit * a, rng() % 4 == 0, 0});
    const auto t = forward ? resample::AsGatherTable(fw) : resample::TransposeAxisWeights(fw);
    const auto bt = resample::BlockGatherTable(t);
    if (bt.lane8_period == 0) continue;
    ++periodic;
    const int64_t q = bt.lane8_period;
    ASSERT_EQ(bt.phase_period, 0) << trial;
    ASSERT_LE(q, resample::BlockedTable::kMaxLane8Period) << trial;
    const int64_t h0 = 2 * bt.lane8_run_block_begin;
    const int64_t halves = 2 * (bt.lane8_run_block_end - bt.lane8_run_block_begin);
    int64_t run_taps = 0;
    for (int64_t g = h0; g < h0 + q; ++g) run_taps = std::max<int64_t>(run_taps, bt.lane8_taps[g]);
    ASSERT_EQ(bt.lane8_run_taps, run_taps) << trial;
    ASSERT_EQ(halves, q * bt.lane8_run_periods) << trial;
    ASSERT_GE(bt.lane8_run_periods, resample::BlockedTable::kMinLane8Periods) << trial;
    ASSERT_LE(bt.lane8_run_block_end * resample::BlockedTable::kWidth, bt.size) << trial;
    for (int64_t h = h0; h < h0 + halves; ++h) {
      const int64_t g = h0 + (h - h0) % q, k = (h - h0) / q;
      const int64_t taps = bt.lane8_taps[g];
      ASSERT_GT(taps, 0) << trial;
      ASSERT_LE(taps, resample::BlockedTable::kMaxLane8Taps) << trial;
      ASSERT_EQ(bt.lane8_taps[h], taps) << trial << " " << h;
      ASSERT_EQ(bt.lane8_first[h], bt.lane8_first[g] + k * bt.lane8_period_step) << trial;
      ASSERT_LE(bt.lane8_first[h] + kHalf, bt.src_size) << trial << " " << h;
      const size_t n = static_cast<size_t>(taps * kHalf);
      ASSERT_EQ(std::memcmp(&bt.lane8_index[bt.lane8_offset[h]],
                            &bt.lane8_index[bt.lane8_offset[g]], n * sizeof(int32_t)),
                0)
          << trial << " " << h;
      ASSERT_EQ(std::memcmp(&bt.lane8_weights[bt.lane8_offset[h]],
                            &bt.lane8_weights[bt.lane8_offset[g]], n * sizeof(float)),
                0)
          << trial << " " << h;
    }
  }
  EXPECT_GT(periodic, 100);
}

// An axis rule of any filter, sizes 1..max_size, align_corners one time in
// three and a scale drawn from `scales`.
resample::AxisRule RandomAxisRule(std::mt19937& rng, int max_size,
                                  const std::vector<double>& scales) {
  resample::AxisRule rule;
  rule.filter = static_cast<resample::Filter>(rng() % 6);
  rule.in_size = 1 + rng() % max_size;
  rule.out_size = 1 + rng() % max_size;
  rule.align_corners = rng() % 3 == 0;
  rule.user_scale = scales[rng() % scales.size()];
  return rule;
}

// Window starts and ends never go back as the destination index grows, in the
// forward tables and their transposes (empty windows aside), for every
// filter, rule and scale: what the transposed tables and the height sweep
// (a source row feeds a run of consecutive stage rows) rely on.
TEST(WeightTables, WindowStartsAndEndsAreMonotone) {
  std::mt19937 rng(14);
  for (int trial = 0; trial < 3000; ++trial) {
    resample::AxisRule rule = RandomAxisRule(rng, 90, {0.0, 0.37, 0.5, 1.0, 1.7, 2.0, 3.1, 0.9});
    rule.backward = rng() % 2;
    rule.double_index = rng() % 4 == 0;
    const auto fw = resample::ComputeAxisWeights(rule);
    for (const auto& t : {resample::AsGatherTable(fw), resample::TransposeAxisWeights(fw)}) {
      int64_t start = 0, end = 0;
      for (int64_t i = 0; i < t.size; ++i) {
        if (t.count[i] == 0) continue;
        ASSERT_GE(t.first[i], start) << trial << " " << i;
        ASSERT_GE(t.first[i] + t.count[i], end) << trial << " " << i;
        start = t.first[i];
        end = t.first[i] + t.count[i];
      }
    }
  }
}

// AxisTapsBound (the O(1) guard before the tables' 2^30-tap limit) never
// falls short of the taps a table holds, the antialiased ones' included,
// whatever the scale; the other filters' is the count itself.
TEST(WeightTables, TapBoundsHoldTheTablesTaps) {
  std::mt19937 rng(15);
  for (int trial = 0; trial < 4000; ++trial) {
    const resample::AxisRule rule =
        RandomAxisRule(rng, 300, {0.0, 0.37, 0.5, 1.0, 1.7, 2.0, 3.1, 0.9, 0.013, 77.0, 1e-300});
    const auto fw = resample::ComputeAxisWeights(rule);
    const int64_t held = std::accumulate(fw.count.begin(), fw.count.end(), int64_t{0});
    const int64_t counted = resample::CountAxisTaps(rule);
    const int64_t bound = resample::AxisTapsBound(rule);
    ASSERT_GE(counted, held) << trial;
    ASSERT_GE(bound, counted) << trial << " filter " << static_cast<int>(rule.filter) << " "
                              << rule.in_size << " -> " << rule.out_size << " scale "
                              << rule.user_scale;
    const bool aa =
        rule.filter == resample::Filter::kLinearAA || rule.filter == resample::Filter::kCubicAA;
    if (!aa) {
      ASSERT_EQ(bound, counted) << trial;
    }
  }
}

TEST(WeightTables, TransposedAndBlockedTablesHoldTheSameWeights) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const int64_t in = 1 + rng() % 70, out = 1 + rng() % 70;
    const bool align_corners = rng() % 2;
    const double user_scale = (rng() % 3) * 0.37;
    const auto fw = resample::ComputeAxisWeights(
        resample::AxisRule{resample::Filter::kCubicAA, in, out, align_corners, user_scale});
    const auto tt = resample::TransposeAxisWeights(fw);
    const auto bt = resample::BlockGatherTable(tt);
    for (int64_t o = 0; o < out; ++o) {
      for (int64_t k = 0; k < fw.count[o]; ++k) {
        const int64_t i = fw.first[o] + k;
        ASSERT_GE(o, tt.first[i]);
        ASSERT_LT(o, tt.first[i] + tt.count[i]);
        EXPECT_EQ(tt.weights[tt.offset[i] + (o - tt.first[i])], fw.weights[fw.offset[o] + k]);
        const int64_t b = i / 16;
        EXPECT_EQ(bt.weights[bt.offset[b] + (o - bt.src_first[b]) * 16 + i % 16],
                  fw.weights[fw.offset[o] + k]);
      }
    }
  }
}

// The lane forms (16 lanes, and 8-lane halves for AVX2) hold each
// destination's taps in ascending source order, then repeats of its last tap
// with weight 0: the dense block's nonzero terms in its order.
TEST(WeightTables, LaneFormsHoldTheDenseBlocksTermsInOrder) {
  std::mt19937 rng(11);
  int64_t halves_seen = 0, blocks_seen = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int64_t in = 1 + rng() % 90, out = 1 + rng() % 400;
    const resample::Filter filter =
        rng() % 2 ? resample::Filter::kCubicAA : resample::Filter::kLinear;
    const auto fw =
        resample::ComputeAxisWeights(resample::AxisRule{filter, in, out, rng() % 2 == 1, 0});
    const auto tt = rng() % 2 ? resample::TransposeAxisWeights(fw) : resample::AsGatherTable(fw);
    const auto bt = resample::BlockGatherTable(tt);
    for (int64_t i = 0; i < tt.size; ++i) {
      const int64_t b = i / 16, h = i / 8;
      // Every tap k of destination i as (source, weight), from each form.
      auto check = [&](int64_t taps, int64_t first, const int32_t* index, const float* weight,
                       int64_t width, int64_t lane) {
        for (int64_t k = 0; k < taps; ++k) {
          const int64_t src = first + index[k * width + lane];
          const float w = weight[k * width + lane];
          if (k < tt.count[i]) {
            ASSERT_EQ(src, tt.first[i] + k) << "destination " << i << " tap " << k;
            ASSERT_EQ(w, tt.weights[tt.offset[i] + k]);
            ASSERT_EQ(w, bt.weights[bt.offset[b] + (src - bt.src_first[b]) * 16 + i % 16]);
          } else {
            ASSERT_EQ(w, 0.0f);
          }
        }
      };
      if (bt.lane_taps[b] > 0) {
        ASSERT_GE(bt.lane_taps[b], tt.count[i]);
        check(bt.lane_taps[b], bt.src_first[b], bt.lane_index.data() + bt.lane_offset[b],
              bt.lane_weights.data() + bt.lane_offset[b], 16, i % 16);
        ++blocks_seen;
      }
      if (bt.lane8_taps[h] > 0) {
        ASSERT_GE(bt.lane8_taps[h], tt.count[i]);
        for (int64_t k = 0; k < bt.lane8_taps[h]; ++k) {
          ASSERT_LT(bt.lane8_index[bt.lane8_offset[h] + k * 8 + i % 8], 8);
        }
        check(bt.lane8_taps[h], bt.lane8_first[h], bt.lane8_index.data() + bt.lane8_offset[h],
              bt.lane8_weights.data() + bt.lane8_offset[h], 8, i % 8);
        ++halves_seen;
      }
    }
  }
  EXPECT_GT(blocks_seen, 1000);
  EXPECT_GT(halves_seen, 1000);
}

// ---- random cases against the float64 reference ----------------------

struct RandomCase {
  int64_t n, c, ho, wo, hi, wi;
  bool ac;
  double sh, sw;
  aclDataType dtype;
  Layout layout;
  std::string Describe() const {
    std::ostringstream s;
    s << DtypeName(dtype) << " " << LayoutName(layout) << " N" << n << " C" << c << " " << ho << "x"
      << wo << " <- " << hi << "x" << wi << " ac=" << ac << " sh=" << sh << " sw=" << sw;
    return s.str();
  }
};

double RandomScale(std::mt19937& rng, int64_t in, int64_t out) {
  switch (rng() % 5) {
    case 0:
      return double(out) / double(in);  // consistent with the sizes
    case 1:
      return 0.25 + (rng() % 1000) / 400.0;  // inconsistent
    case 2:
      return std::numeric_limits<double>::quiet_NaN();  // "not given"
    default:
      return 0.0;
  }
}

void CheckCase(const RandomCase& rc, std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
  std::vector<float> g(static_cast<size_t>(rc.n * rc.c * rc.ho * rc.wo));
  for (float& v : g) v = Quantize(dist(rng), rc.dtype);
  std::vector<double> g64(g.begin(), g.end());
  const std::vector<double> ref =
      ReferenceBackward(g64, rc.n, rc.c, rc.ho, rc.wo, rc.hi, rc.wi, rc.ac, rc.sh, rc.sw);
  DeviceTensor go, out;
  MakeDeviceTensor(&go, {rc.n, rc.c, rc.ho, rc.wo}, rc.dtype, rc.layout);
  MakeDeviceTensor(&out, {rc.n, rc.c, rc.hi, rc.wi}, rc.dtype, rc.layout);
  WriteValues(&go, g);
  const OpCall call =
      RunBackward(&go, &out, {rc.ho, rc.wo}, {rc.n, rc.c, rc.hi, rc.wi}, rc.ac, rc.sh, rc.sw);
  ASSERT_EQ(call.phase1, ACLNN_SUCCESS) << rc.Describe() << ": " << call.message;
  ASSERT_EQ(call.phase2, ACLNN_SUCCESS) << rc.Describe() << ": " << call.message;
  ASSERT_TRUE(SentinelsIntact(out)) << rc.Describe();
  const std::vector<float> got = ReadValues(out);
  double max_ref = 0;
  for (double v : ref) max_ref = std::max(max_ref, std::fabs(v));
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_LE(std::fabs(got[i] - ref[i]), AllowedError(ref[i], max_ref, rc.dtype))
        << rc.Describe() << " element " << i << " got " << got[i] << " ref " << ref[i];
  }
}

class RandomVsReference : public ::testing::TestWithParam<aclDataType> {};

TEST_P(RandomVsReference, ThousandSmallCases) {
  std::mt19937 rng(1234 + static_cast<unsigned>(GetParam()));
  const Layout layouts[] = {Layout::kContiguous, Layout::kChannelsLast, Layout::kPaddedOffset};
  for (int i = 0; i < 1000; ++i) {
    RandomCase rc;
    rc.n = 1 + rng() % 2;
    rc.c = 1 + rng() % 3;
    rc.ho = 1 + rng() % 12;
    rc.wo = 1 + rng() % 40;
    rc.hi = 1 + rng() % 12;
    rc.wi = 1 + rng() % 40;
    rc.ac = rng() % 3 == 0;
    rc.sh = RandomScale(rng, rc.hi, rc.ho);
    rc.sw = RandomScale(rng, rc.wi, rc.wo);
    rc.dtype = GetParam();
    rc.layout = layouts[i % 3];
    CheckCase(rc, rng);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST_P(RandomVsReference, LargerPlanesBothPassOrders) {
  std::mt19937 rng(99 + static_cast<unsigned>(GetParam()));
  const int64_t sizes[][4] = {{7, 96, 64, 33},   {64, 33, 7, 96}, {40, 40, 130, 17},
                              {130, 17, 40, 40}, {1, 120, 50, 3}, {50, 3, 1, 120}};
  for (const auto& s : sizes) {
    for (Layout layout : {Layout::kContiguous, Layout::kChannelsLast, Layout::kPaddedOffset}) {
      RandomCase rc{1, 2, s[0], s[1], s[2], s[3], false, 0.0, 0.0, GetParam(), layout};
      CheckCase(rc, rng);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, RandomVsReference,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType>& p) {
                           return std::string(DtypeName(p.param));
                         });

TEST(NonFinite, NaNAndInfPropagateToTheOutputsTheyTouch) {
  // 8x8 <- 4x4: an Inf at (1, 2) of gradOutput reaches exactly the window
  // rows x columns of output 1 and 2; everything else stays finite.
  std::vector<float> g(16, 0.5f);
  g[1 * 4 + 2] = std::numeric_limits<float>::infinity();
  const std::vector<float> got = RunFloat(g, {1, 1, 4, 4}, {1, 1, 8, 8}, false, 0, 0);
  const auto wy = RefAxis(8, 4, false, 0), wx = RefAxis(8, 4, false, 0);
  for (int64_t y = 0; y < 8; ++y) {
    for (int64_t x = 0; x < 8; ++x) {
      const bool touched = y >= wy[1].xmin && y < wy[1].xmin + int64_t(wy[1].w.size()) &&
                           x >= wx[2].xmin && x < wx[2].xmin + int64_t(wx[2].w.size());
      EXPECT_EQ(std::isfinite(got[y * 8 + x]), !touched) << y << "," << x;
    }
  }
  std::vector<float> n(16, 1.0f);
  n[5] = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> got_nan = RunFloat(n, {1, 1, 4, 4}, {1, 1, 8, 8}, false, 0, 0);
  EXPECT_TRUE(std::any_of(got_nan.begin(), got_nan.end(), [](float v) { return std::isnan(v); }));
  EXPECT_TRUE(
      std::any_of(got_nan.begin(), got_nan.end(), [](float v) { return std::isfinite(v); }));
}

// Where the non-finite values land, output by output, equals the float64
// reference's: one Inf and one NaN at random places of gradOutput, on shapes
// that take every width-pass form (strided small planes with rows shorter
// than a vector, pointer rows, ring cache, padded and channels-last views).
TEST(NonFinite, PatternMatchesTheReferenceOnEveryPath) {
  struct Case {
    std::vector<int64_t> go, in;
    Layout layout;
  };
  const Case cases[] = {
      {{2, 3, 7, 7}, {2, 3, 14, 14}, Layout::kContiguous},
      {{1, 4, 12, 10}, {1, 4, 24, 20}, Layout::kContiguous},
      {{1, 2, 9, 6}, {1, 2, 4, 3}, Layout::kContiguous},
      {{1, 2, 9, 6}, {1, 2, 4, 3}, Layout::kPaddedOffset},
      {{2, 2, 7, 7}, {2, 2, 14, 14}, Layout::kChannelsLast},
      {{1, 1, 40, 300}, {1, 1, 80, 600}, Layout::kContiguous},
      {{1, 1, 300, 40}, {1, 1, 150, 20}, Layout::kContiguous},
  };
  auto kind = [](double v) { return std::isnan(v) ? 2 : std::isinf(v) ? (v > 0 ? 3 : 4) : 0; };
  std::mt19937 rng(17);
  for (const Case& c : cases) {
    const int64_t count = c.go[0] * c.go[1] * c.go[2] * c.go[3];
    for (int trial = 0; trial < 6; ++trial) {
      std::vector<float> g(static_cast<size_t>(count));
      for (size_t i = 0; i < g.size(); ++i) g[i] = static_cast<float>(i % 5) * 0.25f - 0.5f;
      const size_t at_inf = rng() % g.size(), at_nan = rng() % g.size();
      g[at_inf] = trial % 2 ? std::numeric_limits<float>::infinity()
                            : -std::numeric_limits<float>::infinity();
      if (trial >= 2) g[at_nan] = std::numeric_limits<float>::quiet_NaN();
      const std::vector<float> got = RunFloat(g, c.go, c.in, false, 0, 0, ACL_FLOAT, c.layout);
      const std::vector<double> ref =
          ReferenceBackward(std::vector<double>(g.begin(), g.end()), c.go[0], c.go[1], c.go[2],
                            c.go[3], c.in[2], c.in[3], false, 0, 0);
      ASSERT_EQ(got.size(), ref.size());
      int mismatches = 0;
      for (size_t i = 0; i < ref.size(); ++i) {
        if (kind(got[i]) != kind(ref[i]) && ++mismatches <= 3) {
          ADD_FAILURE() << "shape " << c.go[2] << "x" << c.go[3] << " <- " << c.in[2] << "x"
                        << c.in[3] << " layout " << LayoutName(c.layout) << ", Inf at " << at_inf
                        << ", NaN at " << at_nan << ": output " << i << " is " << got[i]
                        << ", reference " << ref[i];
        }
      }
    }
  }
}

}  // namespace
}  // namespace aclnn_host::testing
