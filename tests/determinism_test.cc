// Promise: bitwise identical results for any thread count and run to run, on
// every SIMD target the build contains; conversions round to nearest even.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <string>

#include <hwy/targets.h>

#include "aclnn_host/upsample_bicubic2d_aa.h"
#include "resample/axis_weights.h"
#include "resample/filters.h"
#include "resample/half.h"
#include "resample/kernels.h"
#include "resample/resample_plan.h"
#include "test_support.h"

namespace aclnn_host::testing {
namespace {

struct Shape {
  int64_t n, c, ho, wo, hi, wi;
  bool ac;
  double sh, sw;
};

const Shape kShapes[] = {
    {2, 3, 37, 53, 100, 80, false, 0, 0},     // down
    {1, 2, 100, 90, 37, 41, false, 0, 0},     // up
    {1, 1, 300, 20, 61, 200, true, 0, 0},     // mixed
    {3, 1, 8, 8, 32, 32, false, 0.3, 0},      // explicit scale
    {1, 1, 64, 64, 64, 64, false, 0.5, 0},    // same size, scale != 1
    {1, 4, 16, 16, 16, 16, false, 0, 0},      // copy
    {4, 3, 5, 7, 9, 13, false, 0, 0},         // rows shorter than a vector, many planes
    {1, 2, 40, 30, 5, 4, false, 0, 0},        // short rows with many taps (8x upsample)
    {1, 3, 256, 256, 128, 128, false, 0, 0},  // sums in parts, each prefetching rows ahead
    // Small planes whose rows are 1 to 4 vectors but not a multiple of one
    // (AVX2: the last vector overlaps the one before, rows in pairs).
    {2, 5, 7, 7, 14, 14, false, 0, 0},
    {1, 3, 6, 10, 23, 30, false, 0, 0},
    {3, 2, 8, 5, 19, 21, true, 0, 0},
    // Small planes of more than 64 such rows (the rows' lookups are made 64
    // rows at a time).
    {2, 3, 40, 8, 131, 32, false, 0, 0},
    {1, 4, 50, 5, 133, 24, true, 0, 0},
    {2, 3, 30, 3, 140, 7, false, 0, 0},  // and rows shorter than a vector
};

// Buffers and views of one problem: gradOutput contiguous, encoded in
// dtype; out zeroed, contiguous (layout 0), channels-last (1) or with rows
// padded by 3 elements (2). Filled in place: the views point into the buffers.
struct TestViews {
  std::vector<unsigned char> in, out;
  TensorView go;
  MutableTensorView o;
};

// values as elements of dtype (fp32, or fp16 / bf16 rounded to nearest
// even), in order.
std::vector<unsigned char> EncodeValues(const std::vector<float>& values, DataType dtype) {
  const size_t esize = dtype == DataType::kFloat32 ? 4 : 2;
  std::vector<unsigned char> bytes(values.size() * esize);
  for (size_t i = 0; i < values.size(); ++i) {
    if (dtype == DataType::kFloat32) {
      std::memcpy(&bytes[i * 4], &values[i], 4);
    } else {
      const uint16_t b = dtype == DataType::kFloat16 ? resample::FloatToHalf(values[i])
                                                     : resample::FloatToBFloat16(values[i]);
      std::memcpy(&bytes[i * 2], &b, 2);
    }
  }
  return bytes;
}

void MakeViews(const Shape& s, DataType dtype, const std::vector<float>& g, int layout,
               TestViews* v) {
  const size_t esize = dtype == DataType::kFloat32 ? 4 : 2;
  v->in = EncodeValues(g, dtype);
  v->go = TensorView{};
  v->go.data = v->in.data();
  v->go.dtype = dtype;
  const int64_t gs[4] = {s.n, s.c, s.ho, s.wo};
  std::memcpy(v->go.shape, gs, sizeof gs);
  ContiguousStrides(v->go.shape, v->go.strides);
  MutableTensorView& o = v->o;
  o = MutableTensorView{};
  o.dtype = dtype;
  const int64_t os[4] = {s.n, s.c, s.hi, s.wi};
  std::memcpy(o.shape, os, sizeof os);
  ContiguousStrides(o.shape, o.strides);
  if (layout == 1) {  // channels-last
    o.strides[1] = 1;
    o.strides[3] = s.c;
    o.strides[2] = s.c * s.wi;
    o.strides[0] = s.c * s.wi * s.hi;
  } else if (layout == 2) {  // rows padded by 3 elements
    o.strides[2] = s.wi + 3;
    o.strides[1] = (s.wi + 3) * s.hi;
    o.strides[0] = o.strides[1] * s.c;
  }
  v->out.assign(size_t(o.strides[0] * s.n) * esize, 0);
  o.data = v->out.data();
}

// Through the native API, or through a plan with the given row-cache budget
// (small budgets drive the ring-cache paths instead of the small-plane one).
std::vector<unsigned char> RunNative(const Shape& s, DataType dtype, const std::vector<float>& g,
                                     int64_t row_cache_bytes = -1) {
  TestViews v;
  MakeViews(s, dtype, g, 0, &v);
  if (row_cache_bytes >= 0) {
    resample::ResampleProblem p{s.n, s.c, s.ho, s.wo, s.hi, s.wi, s.ac, s.sh, s.sw};
    auto plan = resample::ResamplePlan::Create(p, {dtype, 1}, {dtype, 1}, {3, 2}, nullptr,
                                               static_cast<uint64_t>(row_cache_bytes));
    EXPECT_TRUE(plan);
    if (!plan) return v.out;
    std::vector<unsigned char> scratch(plan->scratch_bytes());
    plan->Run(v.go, v.o, scratch.data());
    return v.out;
  }
  const Status st = UpsampleBicubic2dAABackward(v.go, v.o, s.ac, s.sh, s.sw);
  EXPECT_TRUE(st.ok()) << st.message;
  return v.out;
}

// The destination's elements in (N, C, H, W) order, whatever its layout.
std::vector<unsigned char> ElementsInOrder(const TestViews& v, const Shape& s, size_t esize) {
  std::vector<unsigned char> elements;
  elements.reserve(size_t(s.n * s.c * s.hi * s.wi) * esize);
  for (int64_t n = 0; n < s.n; ++n) {
    for (int64_t c = 0; c < s.c; ++c) {
      for (int64_t h = 0; h < s.hi; ++h) {
        for (int64_t w = 0; w < s.wi; ++w) {
          const size_t at = size_t(n * v.o.strides[0] + c * v.o.strides[1] + h * v.o.strides[2] +
                                   w * v.o.strides[3]) *
                            esize;
          elements.insert(elements.end(), v.out.begin() + at, v.out.begin() + at + esize);
        }
      }
    }
  }
  return elements;
}

std::vector<float> RandomGrad(const Shape& s, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-3, 3);
  std::vector<float> g(size_t(s.n * s.c * s.ho * s.wo));
  for (float& v : g) v = d(rng);
  return g;
}

TEST(Determinism, SameBytesForOneTwoThreeThreads) {
  const int original = GetNumThreads();
  for (DataType dtype : {DataType::kFloat32, DataType::kFloat16, DataType::kBFloat16}) {
    for (const Shape& s : kShapes) {
      const std::vector<float> g = RandomGrad(s, 5);
      SetNumThreads(1);
      const auto one = RunNative(s, dtype, g);
      for (int threads : {2, 3, 1, 3}) {
        SetNumThreads(threads);
        EXPECT_EQ(RunNative(s, dtype, g), one)
            << "threads=" << threads << " shape " << s.hi << "x" << s.wi;
      }
    }
  }
  SetNumThreads(original);
}

TEST(Determinism, BothPassOrdersAreExercised) {
  int seen[3] = {0, 0, 0};
  for (const Shape& s : kShapes) {
    resample::ResampleProblem p{s.n, s.c, s.ho, s.wo, s.hi, s.wi, s.ac, s.sh, s.sw};
    auto plan = resample::ResamplePlan::Create(p, {}, {}, {2, 2}, nullptr);
    ASSERT_TRUE(plan);
    ++seen[static_cast<int>(plan->order())];
  }
  EXPECT_GT(seen[static_cast<int>(resample::PassOrder::kCopy)], 0);
  EXPECT_GT(seen[static_cast<int>(resample::PassOrder::kHeightFirst)], 0);
  EXPECT_GT(seen[static_cast<int>(resample::PassOrder::kWidthFirst)], 0);
}

// The pass order Create picks for problem p (2 threads, contiguous fp32).
resample::PassOrder PlannedOrder(const resample::ResampleProblem& p) {
  auto plan = resample::ResamplePlan::Create(p, {}, {}, {2, 2}, nullptr);
  EXPECT_TRUE(plan);
  return plan ? plan->order() : resample::PassOrder::kCopy;
}

// Small planes whose destination rows are short, or whose width pass is
// cheap, run width-first (whole planes per height-pass call) even where the
// arithmetic alone favours height-first (backwards of upsampling: the rows
// shrink); 8-tap width passes on longer rows keep the arithmetic's choice.
TEST(PassOrder, SmallPlanesGoWidthFirstOnShortRowsOrCheapWidthPasses) {
  const auto order_of = [](resample::Filter filter, int64_t in, int64_t out) {
    resample::ResampleProblem p{4, 64, out, out, in, in, false, 0, 0};
    p.filter = filter;
    return PlannedOrder(p);
  };
  using resample::Filter;
  using resample::PassOrder;
  // gradOutput 28x28 -> gradient 14x14: rows of 14 floats, any filter.
  for (Filter f : {Filter::kNearest, Filter::kLinear, Filter::kCubic, Filter::kCubicAA}) {
    EXPECT_EQ(order_of(f, 14, 28), PassOrder::kWidthFirst) << static_cast<int>(f);
  }
  // 128x128 -> 64x64: cheap width passes (at most 4 taps) go width-first, the
  // cubic ones (8 taps) stay height-first.
  EXPECT_EQ(order_of(Filter::kNearest, 64, 128), PassOrder::kWidthFirst);
  EXPECT_EQ(order_of(Filter::kLinear, 64, 128), PassOrder::kWidthFirst);
  EXPECT_EQ(order_of(Filter::kCubic, 64, 128), PassOrder::kHeightFirst);
  EXPECT_EQ(order_of(Filter::kCubicAA, 64, 128), PassOrder::kHeightFirst);
  // Larger planes keep the arithmetic's choice: 256x256 -> 128x128 (128 KiB
  // of width-pass rows a plane) and past the small-plane budget.
  EXPECT_EQ(order_of(Filter::kLinear, 128, 256), PassOrder::kHeightFirst);
  EXPECT_EQ(order_of(Filter::kLinear, 512, 1024), PassOrder::kHeightFirst);
}

// ... unless the model costs width-first more than twice height-first (three
// times on rows of one AVX2 vector): strongly shrinking width passes, whose
// dense blocks span whole windows, and the backwards of large upsamplings.
TEST(PassOrder, SmallPlanesGoHeightFirstWhereTheModelSavesMoreThanHalf) {
  using resample::Direction;
  using resample::Filter;
  using resample::PassOrder;
  const auto order_of = [](Filter filter, Direction direction, int64_t planes, int64_t in,
                           int64_t out) {
    return PlannedOrder({1, planes, out, out, in, in, false, 0, 0, direction, filter});
  };
  // Forwards 224x224 -> 32x32 (model 2.75-3.3 times), and the AA bicubic
  // backward of 32x32 -> 224x224.
  for (Filter f : {Filter::kLinear, Filter::kCubic, Filter::kLinearAA, Filter::kCubicAA}) {
    EXPECT_EQ(order_of(f, Direction::kForward, 192, 224, 32), PassOrder::kHeightFirst)
        << static_cast<int>(f);
  }
  EXPECT_EQ(order_of(Filter::kCubicAA, Direction::kBackward, 192, 32, 224),
            PassOrder::kHeightFirst);
  // A cheap width pass on rows of 64: bilinear 256x256 -> 64x64 (2.3 times).
  EXPECT_EQ(order_of(Filter::kLinear, Direction::kForward, 192, 256, 64), PassOrder::kHeightFirst);
  // Rows of 8 floats: the AA bicubic forward 32x32 -> 8x8 (2.2 times) stays
  // width-first, the bilinear forward 64x64 -> 8x8 (4.3 times) does not.
  EXPECT_EQ(order_of(Filter::kCubicAA, Direction::kForward, 512, 32, 8), PassOrder::kWidthFirst);
  EXPECT_EQ(order_of(Filter::kLinear, Direction::kForward, 256, 64, 8), PassOrder::kHeightFirst);
  // The AA bicubic backward of the tiny planes of the bench (32x32 <- 8x8).
  EXPECT_EQ(order_of(Filter::kCubicAA, Direction::kBackward, 512, 32, 8), PassOrder::kWidthFirst);
}

// The backward problem of shape s with filter f.
resample::ResampleProblem BackwardOf(const Shape& s, resample::Filter f) {
  return {s.n, s.c, s.ho, s.wo, s.hi, s.wi, s.ac, s.sh, s.sw, resample::Direction::kBackward, f};
}

// fn(dtype, element size) for fp32, fp16 and bf16, each on every target
// (forced); the dispatcher's own choice afterwards.
template <class Fn>
void ForEachDtypeOnEveryTarget(const Fn& fn) {
  for (DataType dtype : {DataType::kFloat32, DataType::kFloat16, DataType::kBFloat16}) {
    const size_t esize = dtype == DataType::kFloat32 ? 4 : 2;
    for (int64_t target : resample::kernels::AvailableTargets()) {
      resample::kernels::ForceTarget(target);
      SCOPED_TRACE(resample::kernels::TargetNameOf(target));
      fn(dtype, esize);
    }
  }
  resample::kernels::ForceTarget(0);
}

// Destination rows that no source row reaches (a nearest backward of a
// shrink) are zeroed with non-temporal stores too when the destination is
// streamed: the same bytes as the regular path (channels-last, not streamed),
// over destinations that start filled with garbage, on every target.
TEST(StreamedStores, ZeroRowsOfNearestBackwardsAreWritten) {
  // Planned as part of a destination past the threshold (as a volume's slices
  // are): a tenth of the rows of a streamed 1500x1450 destination.
  const Shape s{1, 2, 70, 600, 150, 1450, false, 0, 0};
  const resample::ResampleProblem p = BackwardOf(s, resample::Filter::kNearest);
  const std::vector<float> g = RandomGrad(s, 33);
  ForEachDtypeOnEveryTarget([&](DataType dtype, size_t esize) {
    std::vector<unsigned char> first;
    for (int layout : {1, 0, 2}) {
      TestViews v;
      MakeViews(s, dtype, g, layout, &v);
      std::memset(v.out.data(), 0x7F, v.out.size());
      auto plan = resample::ResamplePlan::Create(p, {dtype, 1}, {dtype, v.o.strides[3]},
                                                 {4, 2, 8.0 * (1 << 20)}, nullptr);
      ASSERT_TRUE(plan);
      EXPECT_EQ(plan->destination_streamed(), layout != 1) << layout;
      EXPECT_EQ(plan->order(), resample::PassOrder::kWidthFirst);
      std::vector<unsigned char> scratch(plan->scratch_bytes());
      plan->Run(v.go, v.o, scratch.data());
      const std::vector<unsigned char> elements = ElementsInOrder(v, s, esize);
      const size_t row_bytes = size_t(s.wi) * esize;
      int64_t zero_rows = 0;
      for (size_t at = 0; at < elements.size(); at += row_bytes) {
        zero_rows += std::all_of(elements.begin() + at, elements.begin() + at + row_bytes,
                                 [](unsigned char b) { return b == 0; });
      }
      EXPECT_GE(zero_rows, s.c * (s.hi - s.ho)) << "layout " << layout;
      if (first.empty()) {
        first = elements;
        continue;
      }
      ASSERT_TRUE(elements == first)
          << "dtype " << static_cast<int>(dtype) << ", layout " << layout;
    }
  });
}

// The backward of shape s with filter f, planned as part of a destination
// past the non-temporal threshold (as a volume's slices are, so the problem
// stays small), in the given order and small-plane form: the same bytes for
// every layout (channels-last: not streamed), for the destination at a line
// boundary and one element off it, over a buffer of garbage, at 1 and 2
// threads, every dtype and target. Gradient from RandomGrad(s, seed).
void PartOfStreamedDestination(const Shape& s, resample::Filter f, resample::PassOrder order,
                               bool small_planes, unsigned seed) {
  SCOPED_TRACE(s.wi);
  const resample::ResampleProblem p = BackwardOf(s, f);
  const std::vector<float> g = RandomGrad(s, seed);
  ForEachDtypeOnEveryTarget([&](DataType dtype, size_t esize) {
    std::vector<unsigned char> first;
    for (int threads : {1, 2}) {
      for (int layout : {1, 0, 2}) {
        for (size_t shift : {size_t{0}, esize}) {
          if (layout != 0 && shift != 0) continue;
          TestViews v;
          MakeViews(s, dtype, g, layout, &v);
          // The destination at a line boundary (+ shift) of a buffer of garbage.
          std::vector<unsigned char> buffer(v.out.size() + 128, 0x7F);
          unsigned char* base = AtLineBoundary(buffer) + shift;
          v.o.data = base;
          // Small problems, planned as parts of a destination past the
          // threshold (as a volume's slices are).
          const resample::Partition parts{2 * threads, threads, 8.0 * (1 << 20)};
          auto plan = resample::ResamplePlan::Create(p, {dtype, 1}, {dtype, v.o.strides[3]}, parts,
                                                     nullptr);
          ASSERT_TRUE(plan);
          EXPECT_EQ(plan->order(), order);
          EXPECT_EQ(plan->small_planes(), small_planes);
          EXPECT_EQ(plan->destination_streamed(), layout != 1) << layout;
          std::vector<unsigned char> scratch(plan->scratch_bytes());
          plan->Run(v.go, v.o, scratch.data());
          std::memcpy(v.out.data(), base, v.out.size());
          const std::vector<unsigned char> elements = ElementsInOrder(v, s, esize);
          if (first.empty()) {
            first = elements;
            continue;
          }
          ASSERT_TRUE(elements == first)
              << "dtype " << static_cast<int>(dtype) << ", layout " << layout << ", shift " << shift
              << ", threads " << threads;
        }
      }
    }
  });
}

// A destination past the non-temporal store threshold (4M elements), through
// the native API: written in place, it is streamed (channels-last is not), with
// the regular stores' bytes, fp32 and 16-bit. Then the same comparison on every
// target, at 1 and 2 threads, for rows at every alignment (1450 elements is not
// a multiple of a vector) and padded rows: a tenth of the rows, planned as part
// of a destination past the threshold (72 runs of the whole destination took
// a minute under ASan+UBSan).
TEST(StreamedStores, SameBytesAsRegularStoresOnEveryLayoutAndTarget) {
  const Shape s{1, 2, 300, 310, 1500, 1450, false, 0, 0};
  resample::ResampleProblem p{s.n, s.c, s.ho, s.wo, s.hi, s.wi, s.ac, s.sh, s.sw};
  for (DataType dtype : {DataType::kFloat32, DataType::kFloat16, DataType::kBFloat16}) {
    auto big = resample::ResamplePlan::Create(p, {}, {dtype, 1}, {2, 2}, nullptr);
    ASSERT_TRUE(big);
    EXPECT_TRUE(big->destination_streamed());
    EXPECT_EQ(big->order(), resample::PassOrder::kWidthFirst);
    auto channels_last = resample::ResamplePlan::Create(p, {}, {dtype, 2}, {2, 2}, nullptr);
    ASSERT_TRUE(channels_last);
    EXPECT_FALSE(channels_last->destination_streamed());
  }
  resample::ResampleProblem small{1, 1, 30, 31, 150, 145, false, 0, 0};
  auto little = resample::ResamplePlan::Create(small, {}, {}, {2, 2}, nullptr);
  ASSERT_TRUE(little);
  EXPECT_FALSE(little->destination_streamed());

  const std::vector<float> g = RandomGrad(s, 21);
  for (DataType dtype : {DataType::kFloat32, DataType::kBFloat16}) {
    const size_t esize = dtype == DataType::kFloat32 ? 4 : 2;
    TestViews in_place, channels_last;
    MakeViews(s, dtype, g, 0, &in_place);
    MakeViews(s, dtype, g, 1, &channels_last);
    ASSERT_TRUE(UpsampleBicubic2dAABackward(in_place.go, in_place.o, s.ac, s.sh, s.sw).ok());
    ASSERT_TRUE(
        UpsampleBicubic2dAABackward(channels_last.go, channels_last.o, s.ac, s.sh, s.sw).ok());
    ASSERT_TRUE(ElementsInOrder(in_place, s, esize) == ElementsInOrder(channels_last, s, esize))
        << "dtype " << static_cast<int>(dtype);
  }
  PartOfStreamedDestination({1, 2, 30, 310, 150, 1450, false, 0, 0}, resample::Filter::kCubicAA,
                            resample::PassOrder::kWidthFirst, /*small_planes=*/false, 21);
}

// Small planes (width-first, whole planes per height-pass call) whose
// destination passes the non-temporal store threshold: rows that are whole
// 64-byte lines are streamed; a destination one element off a line, padded
// rows and channels-last (not streamed at all) take regular stores. The same
// bytes every way, over destinations filled with garbage, fp32 and 16-bit, at
// 1 and 2 threads, on every target.
TEST(StreamedStores, SmallPlanesStreamRowsOfWholeLines) {
  // Linear backwards: planes of 64x64 -> 128x128, rows of 512 bytes (fp32)
  // and 256 bytes (16-bit); of 16x16 -> 32x32, rows of 128 bytes (fp32,
  // streamed instead of taken in pairs) and 64 (16-bit, not streamed).
  for (const Shape& s :
       {Shape{1, 16, 64, 64, 128, 128, false, 0, 0}, Shape{2, 40, 16, 16, 32, 32, false, 0, 0}}) {
    PartOfStreamedDestination(s, resample::Filter::kLinear, resample::PassOrder::kWidthFirst,
                              /*small_planes=*/true, 41);
  }
}

// The height-first order with a destination past the threshold (planned as
// part of one, as a volume's slices are, to keep the problem small): the
// width pass's rows go through L1 and are stored with non-temporal stores
// where they are whole lines (rows of 256 elements at a line boundary), with
// regular ones a row element off a line; padded rows too, channels-last not
// streamed at all. The same bytes every way, over destinations filled with
// garbage, fp32 and 16-bit, at 1 and 2 threads, on every target.
TEST(StreamedStores, HeightFirstWidthPassRowsAreStreamed) {
  PartOfStreamedDestination({1, 3, 272, 272, 256, 256, false, 0, 0}, resample::Filter::kCubicAA,
                            resample::PassOrder::kHeightFirst, /*small_planes=*/false, 43);
}

// Upsampling backwards in the width-first order sum runs of destination rows
// from the same source rows; into a streamed destination two such rows go
// together, each source vector loaded once for both (fp32 and bf16): the
// same bytes as one row at a time (channels-last, not streamed; and a row
// element off a line boundary, where the pair falls back to single rows),
// in 2 and 4 chunks at 1 and 2 threads, every dtype and target. Bicubic AA 4x
// (runs of 4 rows) and bilinear 2.5x (runs of 2 between the rows that no
// source row reaches, which are zeroed).
TEST(StreamedStores, RowPairsFromTheSameSourceRowsGiveSingleRowBytes) {
  PartOfStreamedDestination({1, 2, 96, 96, 384, 384, false, 0, 0}, resample::Filter::kCubicAA,
                            resample::PassOrder::kWidthFirst, /*small_planes=*/false, 44);
  PartOfStreamedDestination({1, 2, 100, 160, 250, 400, false, 0, 0}, resample::Filter::kLinear,
                            resample::PassOrder::kWidthFirst, /*small_planes=*/false, 45);
}

// ACLNN_HOST_SIMD's values, as the targets the dispatcher may no longer pick.
TEST(SimdCeiling, EachValueRemovesTheBetterTargetsOnly) {
  using resample::kernels::TargetsAboveCeiling;
  for (const char* none : {static_cast<const char*>(nullptr), "", "avx1024", "native", " avx2"}) {
    EXPECT_EQ(TargetsAboveCeiling(none), 0) << (none ? none : "(unset)");
  }
  EXPECT_EQ(TargetsAboveCeiling("avx512"), 0);  // every x86 target is AVX-512 or lower
  for (const char* avx2 : {"avx2", "AVX2", "Avx2"}) {
    const int64_t disabled = TargetsAboveCeiling(avx2);
    EXPECT_NE(disabled & HWY_AVX3, 0) << avx2;
    EXPECT_NE(disabled & HWY_AVX3_DL, 0) << avx2;
    EXPECT_EQ(disabled & (HWY_AVX2 | HWY_SSE4 | HWY_SSSE3 | HWY_EMU128 | HWY_SCALAR), 0) << avx2;
  }
  const int64_t sse4 = TargetsAboveCeiling("sse4");
  EXPECT_NE(sse4 & HWY_AVX2, 0);
  EXPECT_EQ(sse4 & (HWY_SSE4 | HWY_SSSE3 | HWY_EMU128), 0);
  const int64_t scalar = TargetsAboveCeiling("scalar");
  EXPECT_NE(scalar & (HWY_SSSE3 | HWY_SSE4 | HWY_AVX2 | HWY_AVX3), 0);
  const int64_t fallback = HWY_TARGETS & (HWY_EMU128 | HWY_SCALAR);  // whichever is compiled
  ASSERT_NE(fallback, 0);
  EXPECT_EQ(scalar & fallback, 0);
}

// Under the ACLNN_HOST_SIMD this process runs with (ctest runs it with each
// value): no available target is better than the ceiling, the dispatcher
// picks the best one left, and that is what the public API reports.
TEST(SimdCeiling, TheProcessRunsOnTheBestTargetAtOrBelowTheCeiling) {
  const char* ceiling = std::getenv("ACLNN_HOST_SIMD");
  const int64_t disabled = resample::kernels::TargetsAboveCeiling(ceiling);
  const auto targets = resample::kernels::AvailableTargets();
  ASSERT_FALSE(targets.empty());
  for (int64_t target : targets) {
    EXPECT_EQ(target & disabled, 0) << std::hex << target;
    // Not compiled (CMakeLists.txt): CPUs with SSSE3 and no SSE4 run SCALAR.
    EXPECT_EQ(target & HWY_SSSE3, 0) << std::hex << target;
  }
  const std::string best = resample::kernels::TargetNameOf(targets.front());
  EXPECT_EQ(std::string(resample::kernels::CurrentKernels().target_name), best);
  EXPECT_EQ(std::string(ActiveSimdTarget()), best);
  // The names the README promises for each value.
  const std::string value = ceiling ? ceiling : "";
  if (value == "scalar") {
    EXPECT_TRUE(best == "SCALAR" || best == "EMU128") << best;
  } else if (value == "sse4") {
    EXPECT_TRUE(best == "SSE4" || best == "SCALAR" || best == "EMU128") << best;
  } else if (value == "avx2") {
    EXPECT_TRUE(best == "AVX2" || best == "SSE4" || best == "SCALAR" || best == "EMU128") << best;
  }
  // Forcing a target and restoring the normal choice keeps the ceiling.
  for (int64_t target : targets) {
    resample::kernels::ForceTarget(target);
    EXPECT_EQ(std::string(ActiveSimdTarget()), resample::kernels::TargetNameOf(target));
  }
  resample::kernels::ForceTarget(0);
  EXPECT_EQ(std::string(ActiveSimdTarget()), best);
}

// Every SIMD target compiled in and supported by this CPU, forced in turn:
// results agree with the float64 reference, and are deterministic per target.
TEST(SimdTargets, EveryTargetMatchesTheReference) {
  const auto targets = resample::kernels::AvailableTargets();
  ASSERT_FALSE(targets.empty());
  std::map<std::string, std::vector<std::vector<unsigned char>>> bytes_by_target;
  for (int64_t target : targets) {
    resample::kernels::ForceTarget(target);
    const std::string name = resample::kernels::TargetNameOf(target);
    SCOPED_TRACE(name);
    EXPECT_EQ(std::string(resample::kernels::CurrentKernels().target_name), name);
    for (const Shape& s : kShapes) {
      const std::vector<float> g = RandomGrad(s, 11);
      std::vector<double> g64(g.begin(), g.end());
      const auto ref = ReferenceBackward(g64, s.n, s.c, s.ho, s.wo, s.hi, s.wi, s.ac, s.sh, s.sw);
      double max_ref = 0;
      for (double v : ref) max_ref = std::max(max_ref, std::fabs(v));
      const auto bytes = RunNative(s, DataType::kFloat32, g);
      EXPECT_EQ(RunNative(s, DataType::kFloat32, g), bytes);
      bytes_by_target[name].push_back(bytes);
      for (size_t i = 0; i < ref.size(); ++i) {
        float v;
        std::memcpy(&v, &bytes[i * 4], 4);
        ASSERT_LE(std::fabs(v - ref[i]), AllowedError(ref[i], max_ref, ACL_FLOAT)) << i;
      }
    }
  }
  resample::kernels::ForceTarget(0);
  // AVX2 and AVX-512 both fuse multiply-adds in the same order; AVX-512 also
  // takes the lane-permute path of the width pass. Their bytes must agree.
  if (bytes_by_target.count("AVX2") && bytes_by_target.count("AVX3")) {
    EXPECT_EQ(bytes_by_target["AVX2"], bytes_by_target["AVX3"]);
  }
}

// 16-bit results: the ring-cache path rounds each sum to 16 bits in
// registers (fused with the height pass); the small-plane path stores fp32
// rows and converts them. Same bytes on every target, and AVX2 = AVX-512.
TEST(SimdTargets, SixteenBitStoresAgreeOnEveryPathAndTarget) {
  const auto targets = resample::kernels::AvailableTargets();
  std::map<std::string, std::vector<std::vector<unsigned char>>> bytes_by_target;
  for (int64_t target : targets) {
    resample::kernels::ForceTarget(target);
    const std::string name = resample::kernels::TargetNameOf(target);
    SCOPED_TRACE(name);
    for (const Shape& s : kShapes) {
      const std::vector<float> g = RandomGrad(s, 12);
      for (DataType dtype : {DataType::kFloat16, DataType::kBFloat16}) {
        const auto bytes = RunNative(s, dtype, g);
        EXPECT_EQ(RunNative(s, dtype, g, 0), bytes) << s.hi << "x" << s.wi;
        EXPECT_EQ(RunNative(s, dtype, g, 4096), bytes) << s.hi << "x" << s.wi;
        bytes_by_target[name].push_back(bytes);
      }
    }
  }
  resample::kernels::ForceTarget(0);
  if (bytes_by_target.count("AVX2") && bytes_by_target.count("AVX3")) {
    EXPECT_EQ(bytes_by_target["AVX2"], bytes_by_target["AVX3"]);
  }
}

float RandomFloat(std::mt19937& rng) {
  // Every bit pattern class: normals, subnormals, Inf, NaN, ties.
  return resample::BitsToFloat(static_cast<uint32_t>(rng()));
}

// A finite fp16 (half) or bf16 value of any exponent: no NaN, no infinity.
uint16_t RandomFinite16(std::mt19937& rng, bool half) {
  const uint16_t exponent = half ? 0x7C00 : 0x7F80;
  const uint16_t v = static_cast<uint16_t>(rng());
  return (v & exponent) == exponent ? static_cast<uint16_t>(v & ~exponent) : v;
}

uint16_t HalfRef(float f) { return resample::FloatToHalf(f); }

// gather(src, src_n, first, n, dst) for elements of type T against the
// element-by-element copy; the element past n keeps `sentinel`.
template <typename T, typename Gather>
void ExpectExactGather(Gather gather, std::mt19937& rng, const std::vector<int32_t>& first,
                       int64_t src_n, T sentinel, int trial) {
  const int64_t n = static_cast<int64_t>(first.size());
  std::vector<T> src(static_cast<size_t>(src_n));
  for (T& v : src) v = static_cast<T>(rng());
  std::vector<T> dst(static_cast<size_t>(n) + 1, sentinel);
  gather(src.data(), src_n, first.data(), n, dst.data());
  for (int64_t x = 0; x < n; ++x) {
    ASSERT_EQ(dst[static_cast<size_t>(x)], src[static_cast<size_t>(first[x])])
        << sizeof(T) * 8 << "-bit, trial " << trial << " x " << x;
  }
  ASSERT_EQ(dst[static_cast<size_t>(n)], sentinel) << sizeof(T) * 8 << "-bit, trial " << trial;
}

// The nearest forwards' copy gathers (gather_row32, gather_row16,
// gather_row8) on every target: exact
// bits for index patterns of upsampling (vectors of one window), shrinking
// and random ones (element by element), lanes before the window's base, and
// windows that would run past the row's end; it never reads past src_n (the
// row is its own allocation: ASan would see a read past it) nor writes past n.
TEST(SimdTargets, CopyGatherCopiesExactlyOnEveryTarget) {
  std::mt19937 rng(11);
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    for (int trial = 0; trial < 300; ++trial) {
      const int64_t src_n = 1 + static_cast<int64_t>(rng() % 70);
      const int64_t n = 1 + static_cast<int64_t>(rng() % 90);
      std::vector<int32_t> first(static_cast<size_t>(n));
      const int kind = trial % 4;
      for (int64_t x = 0; x < n; ++x) {
        int64_t f = 0;
        if (kind == 0) f = x * src_n / n;                  // floor scaling, up or down
        if (kind == 1) f = (2 * x + 1) * src_n / (2 * n);  // nearest-exact-like
        if (kind == 2) f = static_cast<int64_t>(rng() % static_cast<uint32_t>(src_n));
        if (kind == 3) f = std::max<int64_t>(0, src_n - 1 - x / 3);  // descending
        first[static_cast<size_t>(x)] = static_cast<int32_t>(f);
      }
      const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
      ExpectExactGather<uint32_t>(k.gather_row32, rng, first, src_n, 0xDEADBEEFu, trial);
      ExpectExactGather<uint16_t>(k.gather_row16, rng, first, src_n, 0xBEEF, trial);
      ExpectExactGather<uint8_t>(k.gather_row8, rng, first, src_n, 0xEF, trial);
    }
  }
  resample::kernels::ForceTarget(0);
}

TEST(SimdTargets, ConversionsRoundToNearestEvenOnEveryTarget) {
  std::mt19937 rng(3);
  std::vector<float> values;
  for (int i = 0; i < 200000; ++i) values.push_back(RandomFloat(rng));
  // Exact ties for f16 (bit 12 set, below it zero) and bf16 (bit 15 set).
  for (uint32_t m = 0; m < 4096; ++m) {
    values.push_back(resample::BitsToFloat(0x3F800000u | (m << 13) | 0x1000u));
    values.push_back(resample::BitsToFloat(0x3F800000u | (m << 16) | 0x8000u));
  }
  values.push_back(65519.0f);
  values.push_back(65520.0f);
  values.push_back(-65520.0f);
  values.push_back(5.96e-8f);
  values.push_back(2.98e-8f);
  const int64_t n = static_cast<int64_t>(values.size());
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    std::vector<uint16_t> h(values.size()), b(values.size());
    resample::kernels::CurrentKernels().store_half_row(values.data(), h.data(), n);
    resample::kernels::CurrentKernels().store_bfloat16_row(values.data(), b.data(), n);
    for (size_t i = 0; i < values.size(); ++i) {
      const float f = values[i];
      if (std::isnan(f)) {
        EXPECT_TRUE(std::isnan(resample::HalfToFloat(h[i])));
        // bf16: the NaN's upper half, quieted.
        ASSERT_EQ(b[i], (resample::FloatBits(f) >> 16) | 0x40u) << "bf16 of NaN " << i;
        continue;
      }
      ASSERT_EQ(h[i], HalfRef(f)) << "f16 of " << f;
      // bf16: the exact nearest-even by double arithmetic; the candidate above
      // the largest finite value is 2^128 (encoded as Inf).
      const double d = f;
      const float lo = resample::BitsToFloat(resample::FloatBits(f) & 0xFFFF0000u);
      const int e = lo == 0 ? -126 : std::max(std::ilogb(lo), -126);
      const double hi = double(lo) + std::copysign(std::ldexp(1.0, e - 7), d);
      const double dl = std::fabs(d - lo), dh = std::fabs(hi - d);
      const uint16_t lo_b = static_cast<uint16_t>(resample::FloatBits(lo) >> 16);
      const uint16_t want =
          dl < dh ? lo_b
                  : (dh < dl ? static_cast<uint16_t>(lo_b + 1) : ((lo_b & 1) ? lo_b + 1 : lo_b));
      ASSERT_EQ(b[i], want) << "bf16 of " << f;
    }
    // Short rows take the narrower vectors and scalars of the tails: rows of
    // every length 1..33 over the same values give the same bits.
    std::vector<uint16_t> hs(values.size()), bs(values.size());
    for (int64_t at = 0, len = 1; at < n; at += len, len = len % 33 + 1) {
      const int64_t m = std::min(len, n - at);
      resample::kernels::CurrentKernels().store_half_row(values.data() + at, hs.data() + at, m);
      resample::kernels::CurrentKernels().store_bfloat16_row(values.data() + at, bs.data() + at, m);
    }
    ASSERT_EQ(hs, h);
    ASSERT_EQ(bs, b);
    // Loads are exact for every 16-bit pattern.
    std::vector<uint16_t> all(65536);
    for (uint32_t i = 0; i < 65536; ++i) all[i] = static_cast<uint16_t>(i);
    std::vector<float> fh(65536), fb(65536);
    resample::kernels::CurrentKernels().load_half_row(all.data(), fh.data(), 65536);
    resample::kernels::CurrentKernels().load_bfloat16_row(all.data(), fb.data(), 65536);
    for (uint32_t i = 0; i < 65536; ++i) {
      const float wh = resample::HalfToFloat(static_cast<uint16_t>(i));
      ASSERT_EQ(resample::FloatBits(fh[i]), resample::FloatBits(wh)) << i;  // NaNs too
      if (!std::isnan(wh)) {
        ASSERT_EQ(HalfRef(fh[i]), i) << "round trip " << i;
      }
      ASSERT_EQ(resample::FloatBits(fb[i]), i << 16);
    }
    std::vector<float> fhs(65536), fbs(65536);
    for (int64_t at = 0, len = 1; at < 65536; at += len, len = len % 33 + 1) {
      const int64_t m = std::min<int64_t>(len, 65536 - at);
      resample::kernels::CurrentKernels().load_half_row(all.data() + at, fhs.data() + at, m);
      resample::kernels::CurrentKernels().load_bfloat16_row(all.data() + at, fbs.data() + at, m);
    }
    ASSERT_EQ(0, std::memcmp(fhs.data(), fh.data(), fh.size() * sizeof(float)));
    ASSERT_EQ(0, std::memcmp(fbs.data(), fb.data(), fb.size() * sizeof(float)));
  }
  resample::kernels::ForceTarget(0);
}

// The height pass's fused 16-bit stores (rounded in registers, two vectors
// at a time where the target has 8 or more lanes, regular or non-temporal)
// give the bits of the fp32 sums rounded by the row conversions, on rows of
// every bit pattern class: vectors without NaN skip the NaN fix-up, those
// with one (or with infinities of both signs side by side) do not. A sum of
// two NaNs only has to be a NaN (see below).
TEST(SimdTargets, FusedSixteenBitStoresRoundAsTheRowConversions) {
  std::mt19937 rng(23);
  const int64_t kMaxN = 300;
  std::vector<float> a(kMaxN), b(kMaxN), sums(kMaxN);
  std::vector<uint16_t> want(kMaxN);
  // 64-byte aligned destination (the streamed form needs whole lines).
  std::vector<uint16_t> storage(kMaxN + 64);
  uint16_t* dst = AtLineBoundary(storage);
  const float inf = std::numeric_limits<float>::infinity();
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
    for (int trial = 0; trial < 400; ++trial) {
      const int64_t n = 1 + static_cast<int64_t>(rng() % kMaxN);
      for (int64_t x = 0; x < n; ++x) {
        // Mostly finite values; NaN (1 in 256 random patterns), and in a
        // third of the rows infinities of both signs.
        a[x] = trial % 2 ? RandomFloat(rng) : std::ldexp(float(rng() % 2001) - 1000, -8);
        b[x] = trial % 3 == 0 && rng() % 16 == 0 ? (rng() % 2 ? inf : -inf) : RandomFloat(rng);
      }
      const float* rows[2] = {a.data(), b.data()};
      const float weights[2] = {0.75f, -0.3125f};
      const int count = 1 + trial % 2;
      k.height_combine(rows, weights, count, n, sums.data(), false);
      for (int half = 0; half < 2; ++half) {
        (half ? k.store_half_row : k.store_bfloat16_row)(sums.data(), want.data(), n);
        for (int streamed = 0; streamed < 2; ++streamed) {
          std::fill(storage.begin(), storage.end(), uint16_t{0xABCD});
          const auto store =
              half ? (streamed ? k.height_combine_half_streamed : k.height_combine_half)
                   : (streamed ? k.height_combine_bfloat16_streamed : k.height_combine_bfloat16);
          store(rows, weights, count, n, dst);
          for (int64_t x = 0; x < n; ++x) {
            // Where two NaNs meet in one sum, which one's payload (and sign)
            // the sum carries is not specified: IEEE 754 leaves it open and
            // compilers commute the operands of additions and pick FMA forms
            // freely, so two inlined copies of one sum may differ there. Such
            // outputs must be NaN; every other output has the exact bits.
            const bool payload_open = count == 2 && std::isnan(a[x]) && std::isnan(b[x]);
            if (payload_open) {
              const uint16_t exponent = half ? 0x7C00 : 0x7F80;
              const uint16_t mantissa = half ? 0x03FF : 0x007F;
              ASSERT_EQ(dst[x] & exponent, exponent) << "NaN expected at " << x;
              ASSERT_NE(dst[x] & mantissa, 0) << "NaN expected at " << x;
              continue;
            }
            ASSERT_EQ(dst[x], want[x])
                << (half ? "f16" : "bf16") << " streamed " << streamed << " trial " << trial
                << " x " << x << " of " << n << ": " << resample::FloatBits(a[x]) << " "
                << resample::FloatBits(b[x]);
          }
          ASSERT_EQ(dst[n], 0xABCD) << "written past the row";
        }
      }
    }
  }
  resample::kernels::ForceTarget(0);
}

// The small-plane height pass with 16-bit destinations (rows of one to four
// vectors two at a time, the last overlapping the one before; longer rows in
// strips of up to four vectors; bf16 strips rounded with one test for NaN
// each) gives the bits of its fp32 form rounded by the row conversions, on
// every target, for rows of every width class, with NaN in a few columns (one
// source row each, so that no two NaNs meet in a sum) or infinities of both
// signs, and writes nothing between the rows.
TEST(SimdTargets, SixteenBitPlaneHeightPassRoundsAsTheRowConversions) {
  std::mt19937 rng(31);
  const float inf = std::numeric_limits<float>::infinity();
  const int64_t widths[] = {1, 5, 8, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 100, 112, 200};
  const resample::GatherTable table = resample::TransposeAxisWeights(resample::ComputeAxisWeights(
      resample::AxisRule{resample::Filter::kCubicAA, 14, 7, false, 0.0, false, true, false}));
  const int64_t rows = table.size, src_rows = table.src_size, planes = 3, pad = 5;
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
    for (int64_t n : widths) {
      for (int trial = 0; trial < 6; ++trial) {
        const int64_t src_stride = n + 3, plane_stride = src_rows * src_stride + 7;
        std::vector<float> src(static_cast<size_t>(planes * plane_stride));
        for (float& v : src) {
          v = trial % 2 ? std::ldexp(float(rng() % 2001) - 1000, -8)
                        : std::ldexp(std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng),
                                     int(rng() % 40) - 20);
        }
        for (int64_t q = 0; q < planes; ++q) {
          for (int64_t x = 0; x < n; ++x) {
            if (rng() % 5 != 0) continue;
            const int64_t o = static_cast<int64_t>(rng() % static_cast<uint32_t>(src_rows));
            float& v = src[static_cast<size_t>(q * plane_stride + o * src_stride + x)];
            // NaNs with any payload (a high one rounds past the exponent
            // without the NaN fix-up), or infinities.
            const uint32_t payload = 1u + static_cast<uint32_t>(rng() % 0x7FFFFFu);
            v = trial % 3 == 2 ? resample::BitsToFloat((rng() % 2 ? 0xFF800000u : 0x7F800000u) |
                                                       (rng() % 2 ? payload : 0x7FFFFFu))
                               : (rng() % 2 ? inf : -inf);
          }
        }
        const int64_t dst_stride = n + pad;
        std::vector<float> sums(static_cast<size_t>(planes * rows * dst_stride));
        std::vector<float*> sum_planes;
        for (int64_t q = 0; q < planes; ++q)
          sum_planes.push_back(&sums[size_t(q * rows * dst_stride)]);
        k.height_pass_planes(table, 0, rows, src.data(), src_stride, plane_stride, 0,
                             sum_planes.data(), dst_stride, planes, n, false, false);
        for (int half = 0; half < 2; ++half) {
          std::vector<uint16_t> want(static_cast<size_t>(n));
          std::vector<uint16_t> out(static_cast<size_t>(planes * rows * dst_stride), 0xABCD);
          std::vector<uint16_t*> out_planes;
          for (int64_t q = 0; q < planes; ++q)
            out_planes.push_back(&out[size_t(q * rows * dst_stride)]);
          (half ? k.height_pass_planes_half : k.height_pass_planes_bfloat16)(
              table, 0, rows, src.data(), src_stride, plane_stride, 0, out_planes.data(),
              dst_stride, planes, n, false, false);
          for (int64_t r = 0; r < planes * rows; ++r) {
            const float* sum = &sums[size_t(r * dst_stride)];
            (half ? k.store_half_row : k.store_bfloat16_row)(sum, want.data(), n);
            for (int64_t x = 0; x < dst_stride; ++x) {
              const uint16_t got = out[size_t(r * dst_stride + x)];
              ASSERT_EQ(got, x < n ? want[size_t(x)] : uint16_t{0xABCD})
                  << (half ? "f16" : "bf16") << " n " << n << " trial " << trial << " row " << r
                  << " x " << x << " sum bits " << (x < n ? resample::FloatBits(sum[x]) : 0u);
            }
          }
        }
      }
    }
  }
  resample::kernels::ForceTarget(0);
}

// The plane height pass (two planes at a time, row by row: masked rows
// shorter than a vector, rows of up to 4 vectors and rows of whole strips of
// 4 vectors; an odd last plane alone) gives every element of every row
// height_combine's chain, on every target: the backward tables of 32 -> 8 (4
// taps a row) and 14 -> 7, rows of 1 to 200 floats, 1 to 5 planes, whole and
// partial row ranges, rows apart and rows and planes that follow each other
// (where AVX2 stores short rows as whole vectors over the rows written after
// them), and planes 4 KiB apart paired row by row and staggered by a row
// (stagger_4kib_apart, AVX2); nothing past a row, between planes or past the
// last plane is written.
TEST(SimdTargets, PlaneHeightPassGivesHeightCombinesBytes) {
  std::mt19937 rng(47);
  const int64_t widths[] = {1,  3,  5,  7,  8,  12, 15, 16,  20, 24,
                            28, 32, 40, 48, 56, 64, 96, 128, 200};
  const uint32_t kSentinel = 0x7FC0ABCDu;
  const int64_t kTail = 16;  // floats past the last plane
  for (const auto& [in, out] : {std::pair<int64_t, int64_t>{32, 8}, {14, 7}}) {
    const resample::GatherTable table = resample::TransposeAxisWeights(resample::ComputeAxisWeights(
        resample::AxisRule{resample::Filter::kCubicAA, in, out, false, 0.0, false, true, false}));
    const int64_t src_rows = table.src_size;
    for (int64_t target : resample::kernels::AvailableTargets()) {
      resample::kernels::ForceTarget(target);
      SCOPED_TRACE(resample::kernels::TargetNameOf(target));
      const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
      for (int64_t n : widths) {
        for (int64_t cell = 0; cell < 14; ++cell) {
          // Cells 10-13: planes a multiple of 4 KiB apart, staggered (cells
          // 10, 11) or not.
          const bool spaced = cell >= 10, stagger = spaced && cell < 12;
          const int64_t planes = spaced ? 2 + cell % 2 * 3 : 1 + cell % 5,
                        pad = cell < 5 || (spaced && cell % 3 != 0) ? 5 : 0;
          const int64_t src_stride = n + 3, plane_stride = src_rows * src_stride + 7;
          std::vector<float> src(static_cast<size_t>(planes * plane_stride));
          for (float& v : src) {
            v = std::ldexp(std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng),
                           int(rng() % 40) - 20);
          }
          const int64_t begin = planes % 2 ? 0 : 3, end = table.size - (planes > 3 ? 2 : 0);
          const int64_t dst_stride = n + pad, rows = end - begin;
          // Floats from one destination plane to the next (4 KiB multiples
          // where spaced, the vector 4 KiB-aligned).
          const int64_t plane_floats =
              spaced ? (rows * dst_stride + 1023) / 1024 * 1024 : rows * dst_stride;
          std::vector<float> dst_buffer(static_cast<size_t>(planes * plane_floats + kTail + 1024),
                                        resample::BitsToFloat(kSentinel));
          float* const dst = reinterpret_cast<float*>(
              (reinterpret_cast<uintptr_t>(dst_buffer.data()) + 4095) / 4096 * 4096);
          std::vector<float*> dst_planes;
          for (int64_t q = 0; q < planes; ++q) dst_planes.push_back(dst + q * plane_floats);
          k.height_pass_planes(table, begin, end, src.data(), src_stride, plane_stride, 0,
                               dst_planes.data(), dst_stride, planes, n, false, stagger);
          std::vector<float> want(static_cast<size_t>(n));
          for (int64_t q = 0; q < planes; ++q) {
            for (int64_t i = begin; i < end; ++i) {
              const size_t si = static_cast<size_t>(i);
              std::vector<const float*> taps;
              for (int64_t j = 0; j < table.count[si]; ++j) {
                taps.push_back(&src[size_t(q * plane_stride + (table.first[si] + j) * src_stride)]);
              }
              k.height_combine(taps.data(), table.weights.data() + table.offset[si],
                               table.count[si], n, want.data(), false);
              const float* got = dst_planes[size_t(q)] + (i - begin) * dst_stride;
              for (int64_t x = 0; x < dst_stride; ++x) {
                ASSERT_EQ(resample::FloatBits(got[x]),
                          x < n ? resample::FloatBits(want[size_t(x)]) : kSentinel)
                    << in << " -> " << out << " n " << n << " planes " << planes << " plane " << q
                    << " row " << i << " x " << x << " pad " << pad << " cell " << cell;
              }
            }
          }
          for (int64_t q = 0; q < planes; ++q) {  // between the planes and past the last
            for (int64_t x = q * plane_floats + rows * dst_stride;
                 x < (q + 1 < planes ? (q + 1) * plane_floats
                                     : q * plane_floats + rows * dst_stride + kTail);
                 ++x)
              ASSERT_EQ(resample::FloatBits(dst[x]), kSentinel) << "n " << n << " x " << x;
          }
        }
      }
    }
  }
  resample::kernels::ForceTarget(0);
}

// The height sums that prefetch the rows ahead themselves
// (height_combine_fetch and its fp16 / bf16 row forms) give height_combine's
// bits on every target, for 1 to kMaxFusedTaps rows (infinities in some),
// rows of 1 to 300 elements (whole cache lines and tails), 0 to kMaxFusedTaps
// rows ahead, and write nothing past the row.
TEST(SimdTargets, FetchingHeightSumsGiveHeightCombinesBytes) {
  std::mt19937 rng(61);
  const int64_t kMaxN = 300, kTaps = resample::kernels::kMaxFusedTaps;
  const uint32_t kSentinel = 0x7FC0ABCDu;
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<std::vector<float>> rows32(kTaps, std::vector<float>(kMaxN));
  std::vector<std::vector<uint16_t>> rows16(kTaps, std::vector<uint16_t>(kMaxN));
  std::vector<std::vector<float>> ahead32(kTaps, std::vector<float>(kMaxN, 1.0f));
  std::vector<std::vector<uint16_t>> ahead16(kTaps, std::vector<uint16_t>(kMaxN, 1));
  std::vector<float> want(kMaxN + 1), got(kMaxN + 1);
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
    ASSERT_NE(k.height_combine_fetch, nullptr);
    ASSERT_NE(k.height_combine_bfloat16_rows_fetch, nullptr);
    ASSERT_EQ(k.height_combine_half_rows_fetch == nullptr, k.height_combine_half_rows == nullptr);
    for (int trial = 0; trial < 300; ++trial) {
      const int64_t n = trial < 40 ? 1 + trial : 1 + static_cast<int64_t>(rng() % kMaxN);
      const int64_t count = 1 + trial % kTaps, ahead_rows = (trial / kTaps) % (kTaps + 1);
      float weights[resample::kernels::kMaxFusedTaps];
      const float* r32[resample::kernels::kMaxFusedTaps];
      const uint16_t* r16[resample::kernels::kMaxFusedTaps];
      const float* a32[resample::kernels::kMaxFusedTaps];
      const uint16_t* a16[resample::kernels::kMaxFusedTaps];
      for (int64_t j = 0; j < kTaps; ++j) {
        weights[j] = std::uniform_real_distribution<float>(-1.5f, 1.5f)(rng);
        for (int64_t x = 0; x < n; ++x) {
          // One row in four has an infinity in a few columns (a sum of two
          // NaNs may carry either payload; inf - inf is the default NaN).
          rows32[j][x] =
              j == trial % 4 && rng() % 8 == 0 ? (rng() % 2 ? inf : -inf) : RandomFloat(rng);
          while (std::isnan(rows32[j][x])) rows32[j][x] = RandomFloat(rng);
        }
        r32[j] = rows32[j].data();
        r16[j] = rows16[j].data();
        a32[j] = ahead32[j].data();
        a16[j] = ahead16[j].data();
      }
      for (int form = 0; form < 3; ++form) {
        SCOPED_TRACE("form " + std::to_string(form) + " n " + std::to_string(n) + " count " +
                     std::to_string(count) + " ahead " + std::to_string(ahead_rows));
        std::fill(got.begin(), got.end(), resample::BitsToFloat(kSentinel));
        if (form == 0) {
          k.height_combine(r32, weights, count, n, want.data(), false);
          k.height_combine_fetch(r32, weights, count, n, got.data(), a32, ahead_rows);
        } else {
          const bool half = form == 1;
          const auto plain = half ? k.height_combine_half_rows : k.height_combine_bfloat16_rows;
          const auto fetch =
              half ? k.height_combine_half_rows_fetch : k.height_combine_bfloat16_rows_fetch;
          if (plain == nullptr) continue;
          for (int64_t j = 0; j < count; ++j) {
            for (int64_t x = 0; x < n; ++x) rows16[j][x] = RandomFinite16(rng, half);
          }
          plain(r16, weights, count, n, want.data(), false);
          fetch(r16, weights, count, n, got.data(), a16, ahead_rows);
        }
        for (int64_t x = 0; x < n; ++x) {
          ASSERT_EQ(resample::FloatBits(got[x]), resample::FloatBits(want[x])) << "x " << x;
        }
        ASSERT_EQ(resample::FloatBits(got[n]), kSentinel) << "written past the row";
      }
    }
  }
  resample::kernels::ForceTarget(0);
}

// Two rows summed in one pass over their shared source rows
// (height_combine_overlapping_pair and its fp16 / bf16 row forms) give
// height_combine's bits on each row, on every target: sums of 1 to 20 rows
// (past kMaxFusedTaps, where height_combine chains groups), every shift from
// 0 (the same first row) to count_a (adjacent windows), rows of 1 to 300
// elements with a stride, infinities in some rows, 0 to 12 rows ahead; nothing
// written past either row.
TEST(SimdTargets, OverlappingPairSumsGiveHeightCombinesBytes) {
  std::mt19937 rng(67);
  const int64_t kMaxN = 300, kMaxCount = 20, kRows = 2 * kMaxCount, kStride = kMaxN + 5;
  const uint32_t kSentinel = 0x7FC0ABCDu;
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> rows32(size_t(kRows * kStride));
  std::vector<uint16_t> rows16(size_t(kRows * kStride));
  std::vector<float> ahead32(size_t(kMaxN), 1.0f);
  std::vector<uint16_t> ahead16(size_t(kMaxN), 1);
  std::vector<float> want_a(kMaxN), want_b(kMaxN), got_a(kMaxN + 1), got_b(kMaxN + 1);
  std::vector<float> weights_a(kMaxCount), weights_b(kMaxCount);
  std::vector<const float*> p32(kRows), a32(12, ahead32.data());
  std::vector<const uint16_t*> p16(kRows), a16(12, ahead16.data());
  for (int64_t j = 0; j < kRows; ++j) {
    p32[size_t(j)] = rows32.data() + j * kStride;
    p16[size_t(j)] = rows16.data() + j * kStride;
  }
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
    ASSERT_NE(k.height_combine_overlapping_pair, nullptr);
    ASSERT_NE(k.height_combine_bfloat16_rows_overlapping_pair, nullptr);
    ASSERT_EQ(k.height_combine_half_rows_overlapping_pair == nullptr,
              k.height_combine_half_rows == nullptr);
    for (int trial = 0; trial < 400; ++trial) {
      const int64_t n = trial < 40 ? 1 + trial : 1 + static_cast<int64_t>(rng() % kMaxN);
      const int64_t count_a = 1 + static_cast<int64_t>(rng() % kMaxCount);
      const int64_t shift = static_cast<int64_t>(rng() % (count_a + 1));
      const int64_t count_b = std::max<int64_t>(count_a - shift, 1) +
                              static_cast<int64_t>(rng() % (kMaxCount - count_a + 1));
      const int64_t ahead_rows = static_cast<int64_t>(rng() % 13);
      ASSERT_LE(shift + count_b, kRows);
      for (int64_t j = 0; j < kMaxCount; ++j) {
        weights_a[size_t(j)] = std::uniform_real_distribution<float>(-1.5f, 1.5f)(rng);
        weights_b[size_t(j)] = std::uniform_real_distribution<float>(-1.5f, 1.5f)(rng);
      }
      for (int64_t j = 0; j < shift + count_b; ++j) {
        for (int64_t x = 0; x < n; ++x) {
          float& v = rows32[size_t(j * kStride + x)];
          // One row in four has an infinity in a few columns (a sum of two
          // NaNs may carry either payload; inf - inf is the default NaN).
          v = j % 4 == trial % 4 && rng() % 8 == 0 ? (rng() % 2 ? inf : -inf) : RandomFloat(rng);
          while (std::isnan(v)) v = RandomFloat(rng);
        }
      }
      for (int form = 0; form < 3; ++form) {
        SCOPED_TRACE("form " + std::to_string(form) + " n " + std::to_string(n) + " counts " +
                     std::to_string(count_a) + ", " + std::to_string(count_b) + " shift " +
                     std::to_string(shift) + " ahead " + std::to_string(ahead_rows));
        std::fill(got_a.begin(), got_a.end(), resample::BitsToFloat(kSentinel));
        std::fill(got_b.begin(), got_b.end(), resample::BitsToFloat(kSentinel));
        if (form == 0) {
          k.height_combine(p32.data(), weights_a.data(), count_a, n, want_a.data(), false);
          k.height_combine(p32.data() + shift, weights_b.data(), count_b, n, want_b.data(), false);
          k.height_combine_overlapping_pair(rows32.data(), kStride, weights_a.data(), count_a,
                                            weights_b.data(), shift, count_b, n, got_a.data(),
                                            got_b.data(), a32.data(), ahead_rows);
        } else {
          const bool half = form == 1;
          const auto plain = half ? k.height_combine_half_rows : k.height_combine_bfloat16_rows;
          const auto pair = half ? k.height_combine_half_rows_overlapping_pair
                                 : k.height_combine_bfloat16_rows_overlapping_pair;
          if (plain == nullptr) continue;
          for (int64_t j = 0; j < shift + count_b; ++j) {
            for (int64_t x = 0; x < n; ++x)
              rows16[size_t(j * kStride + x)] = RandomFinite16(rng, half);
          }
          plain(p16.data(), weights_a.data(), count_a, n, want_a.data(), false);
          plain(p16.data() + shift, weights_b.data(), count_b, n, want_b.data(), false);
          pair(rows16.data(), kStride, weights_a.data(), count_a, weights_b.data(), shift, count_b,
               n, got_a.data(), got_b.data(), a16.data(), ahead_rows);
        }
        for (int64_t x = 0; x < n; ++x) {
          ASSERT_EQ(resample::FloatBits(got_a[size_t(x)]), resample::FloatBits(want_a[size_t(x)]))
              << "row a, x " << x;
          ASSERT_EQ(resample::FloatBits(got_b[size_t(x)]), resample::FloatBits(want_b[size_t(x)]))
              << "row b, x " << x;
        }
        ASSERT_EQ(resample::FloatBits(got_a[size_t(n)]), kSentinel) << "written past row a";
        ASSERT_EQ(resample::FloatBits(got_b[size_t(n)]), kSentinel) << "written past row b";
      }
    }
  }
  resample::kernels::ForceTarget(0);
}

// The gather table of a 2x shrink (left + run + right destinations, twice
// as many sources) whose destinations [left, left + run) read `taps` sources
// from 2i + shift on, with the same random weights each (the decimated form's
// run), and whose others have 1 to 3 taps of random weights anywhere in the
// row (edges; also a run destination whose taps would pass the row's end).
resample::GatherTable DecimatedShrinkTable(std::mt19937& rng, int64_t taps, int64_t left,
                                           int64_t run, int64_t right, int64_t shift) {
  const auto weight = [&] { return std::uniform_real_distribution<float>(-1.5f, 1.5f)(rng); };
  const int64_t size = left + run + right, src_size = 2 * size;
  resample::AxisWeights forward;
  forward.in_size = src_size;
  forward.out_size = size;
  forward.offset.push_back(0);
  std::vector<float> interior(static_cast<size_t>(taps));
  for (float& w : interior) w = weight();
  for (int64_t i = 0; i < size; ++i) {
    const bool edge = i < left || i >= left + run || 2 * i + shift + taps > src_size;
    const int64_t count = edge ? 1 + static_cast<int64_t>(rng() % 3) : taps;
    const int64_t first =
        edge ? static_cast<int64_t>(rng() % (src_size - count + 1)) : 2 * i + shift;
    forward.first.push_back(first);
    forward.count.push_back(count);
    for (int64_t j = 0; j < count; ++j) {
      forward.weights.push_back(edge ? weight() : interior[static_cast<size_t>(j)]);
      forward.weights64.push_back(forward.weights.back());
    }
    forward.offset.push_back(static_cast<int64_t>(forward.weights.size()));
  }
  return resample::AsGatherTable(forward);
}

// pair_decimated_row against its two passes (height_combine of the two rows,
// then width_row_sparse of their sum): the same bits on every target, for
// tables of a 2x shrink with two-tap interiors of any weights and edge
// destinations of 1 to 3 taps on either side, rows with infinities, any
// number of rows ahead; nothing written past the row. Its fp16 and bf16
// forms the same against the 16-bit height sums (height_combine_*_rows) of
// those rows rounded to the dtype (NaNs among the bf16 ones), where the
// target has them.
TEST(SimdTargets, PairDecimatedRowGivesTheTwoPassesBytes) {
  std::mt19937 rng(62);
  const uint32_t kSentinel = 0x7FC0ABCDu;
  const float inf = std::numeric_limits<float>::infinity();
  const auto weight = [&] { return std::uniform_real_distribution<float>(-1.5f, 1.5f)(rng); };
  int with_edges = 0, sixteen_bit = 0;
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
    ASSERT_NE(k.pair_decimated_row, nullptr);
    for (int trial = 0; trial < 200; ++trial) {
      const int64_t left = trial % 3, right = (trial / 3) % 3, shift = (trial / 9) % 2;
      const int64_t run = 17 + static_cast<int64_t>(rng() % (trial % 4 == 0 ? 600 : 60));
      const int64_t size = left + run + right, src_size = 2 * size;
      // (Shifted by one source, the run's last pair would pass the row's end:
      // that destination keeps one tap, an edge.)
      const resample::GatherTable table = DecimatedShrinkTable(rng, 2, left, run, right, shift);
      const resample::BlockedTable blocked = resample::BlockGatherTable(table);
      ASSERT_EQ(blocked.decim_taps, 2) << "trial " << trial;
      if (!blocked.decim_edge_first.empty()) ++with_edges;
      std::vector<float> a(static_cast<size_t>(src_size)), b(a.size()), sum(a.size());
      for (std::vector<float>* row : {&a, &b}) {
        for (float& v : *row) {
          v = rng() % 64 == 0 ? (rng() % 2 ? inf : -inf) : RandomFloat(rng);
          while (std::isnan(v)) v = RandomFloat(rng);
        }
      }
      const float* rows[2] = {a.data(), b.data()};
      const float* ahead[2] = {b.data(), a.data()};
      const float height[2] = {weight(), weight()};
      std::vector<float> want(static_cast<size_t>(size)), got(want.size() + 1);
      k.height_combine(rows, height, 2, src_size, sum.data(), false);
      k.width_row_sparse(table, sum.data(), want.data());
      std::fill(got.begin(), got.end(), resample::BitsToFloat(kSentinel));
      k.pair_decimated_row(blocked, rows, height, got.data(), ahead, trial % 3);
      const auto expect_same = [&](const char* form) {
        for (int64_t x = 0; x < size; ++x) {
          ASSERT_EQ(resample::FloatBits(got[static_cast<size_t>(x)]),
                    resample::FloatBits(want[static_cast<size_t>(x)]))
              << form << " trial " << trial << " x " << x << " of " << size << " (edges " << left
              << ", " << right << ")";
        }
        ASSERT_EQ(resample::FloatBits(got[static_cast<size_t>(size)]), kSentinel)
            << form << " written past the row";
      };
      expect_same("fp32");
      for (const DataType dtype : {DataType::kFloat16, DataType::kBFloat16}) {
        const resample::kernels::SixteenBitRowCombines forms =
            resample::kernels::SixteenBitRowCombinesOf(k, dtype);
        ASSERT_EQ(forms.pair == nullptr, forms.combine == nullptr);
        if (forms.pair == nullptr) continue;
        ++sixteen_bit;
        std::vector<uint16_t> a16(a.size()), b16(a.size());
        for (size_t x = 0; x < a.size(); ++x) {
          if (dtype == DataType::kFloat16) {
            a16[x] = resample::FloatToHalf(a[x]), b16[x] = resample::FloatToHalf(b[x]);
          } else {
            // Every bf16 bit pattern now and then, NaNs included.
            a16[x] =
                rng() % 16 == 0 ? static_cast<uint16_t>(rng()) : resample::FloatToBFloat16(a[x]);
            b16[x] = resample::FloatToBFloat16(b[x]);
          }
        }
        const uint16_t* rows16[2] = {a16.data(), b16.data()};
        const uint16_t* ahead16[2] = {b16.data(), a16.data()};
        forms.combine(rows16, height, 2, src_size, sum.data(), false);
        k.width_row_sparse(table, sum.data(), want.data());
        std::fill(got.begin(), got.end(), resample::BitsToFloat(kSentinel));
        forms.pair(blocked, rows16, height, got.data(), ahead16, trial % 3);
        expect_same(dtype == DataType::kFloat16 ? "fp16" : "bf16");
      }
    }
  }
  resample::kernels::ForceTarget(0);
  EXPECT_GT(with_edges, 100);
  EXPECT_GT(sixteen_bit, 200);
}

// decimated_half_rows and decimated_bfloat16_rows (16-bit rows read and
// stored in place) against the rows converted to fp32, width_row_sparse and
// the checked 16-bit stores: the same bits on every target that has them,
// for decimated forms of 1, 2, 4 and 8 taps of any weights, edge destinations
// of 1 to 3 taps on either side, 1 to 8 rows a call, fp16 rows with
// infinities, bf16 rows of every bit pattern now and then (NaNs included;
// through the bf16-data table's form too); nothing written past a row.
TEST(SimdTargets, DecimatedSixteenBitRowsGiveTheConvertedRowsBytes) {
  std::mt19937 rng(64);
  const uint16_t kSentinel = 0x7E5Au;
  const float inf = std::numeric_limits<float>::infinity();
  int with_edges = 0, calls = 0;
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
    for (int trial = 0; trial < 160; ++trial) {
      const int64_t taps = int64_t{1} << (trial % 4);  // 1, 2, 4, 8
      const int64_t left = (trial / 4) % 3, right = (trial / 12) % 3, shift = (trial / 36) % 2;
      const int64_t run = 17 + taps + static_cast<int64_t>(rng() % (trial % 5 == 0 ? 600 : 60));
      const int64_t size = left + run + right, src_size = 2 * size;
      const resample::GatherTable table = DecimatedShrinkTable(rng, taps, left, run, right, shift);
      const resample::BlockedTable blocked = resample::BlockGatherTable(table);
      ASSERT_EQ(blocked.decim_taps, taps) << "trial " << trial;
      if (!blocked.decim_edge_first.empty()) ++with_edges;
      const int64_t num_rows = 1 + static_cast<int64_t>(rng() % 8);
      for (const DataType dtype : {DataType::kFloat16, DataType::kBFloat16}) {
        const bool half = dtype == DataType::kFloat16;
        std::vector<std::vector<uint16_t>> src(static_cast<size_t>(num_rows));
        for (std::vector<uint16_t>& row : src) {
          row.resize(static_cast<size_t>(src_size));
          for (uint16_t& v : row) {
            float f = rng() % 64 == 0 ? (rng() % 2 ? inf : -inf) : RandomFloat(rng);
            while (std::isnan(f)) f = RandomFloat(rng);
            v = half ? resample::FloatToHalf(f)
                     : (rng() % 16 == 0 ? static_cast<uint16_t>(rng())
                                        : resample::FloatToBFloat16(f));
          }
        }
        std::vector<std::vector<uint16_t>> want(src.size());
        std::vector<float> row32(static_cast<size_t>(src_size)), sum(static_cast<size_t>(size));
        for (size_t r = 0; r < src.size(); ++r) {
          want[r].resize(static_cast<size_t>(size));
          if (half) {
            k.load_half_row(src[r].data(), row32.data(), src_size);
          } else {
            k.load_bfloat16_row(src[r].data(), row32.data(), src_size);
          }
          k.width_row_sparse(table, row32.data(), sum.data());
          // The checked stores (the default table's), also for the bf16-data form.
          if (half) {
            k.store_half_row(sum.data(), want[r].data(), size);
          } else {
            k.store_bfloat16_row(sum.data(), want[r].data(), size);
          }
        }
        const resample::kernels::KernelTable* tables[2] = {&k, k.for_bfloat16_data};
        for (const resample::kernels::KernelTable* table16 : tables) {
          const auto form = resample::kernels::SixteenBitRowCombinesOf(*table16, dtype).decimated;
          if (form == nullptr) {
            ASSERT_TRUE(half) << "every target has the bf16 form";
            continue;
          }
          ++calls;
          std::vector<std::vector<uint16_t>> got(src.size());
          const uint16_t* src_rows[8] = {};
          uint16_t* dst_rows[8] = {};
          for (size_t r = 0; r < src.size(); ++r) {
            got[r].assign(static_cast<size_t>(size) + 1, kSentinel);
            src_rows[r] = src[r].data();
            dst_rows[r] = got[r].data();
          }
          form(blocked, src_rows, dst_rows, num_rows);
          for (size_t r = 0; r < src.size(); ++r) {
            for (int64_t x = 0; x < size; ++x) {
              ASSERT_EQ(got[r][static_cast<size_t>(x)], want[r][static_cast<size_t>(x)])
                  << (half ? "fp16" : "bf16") << (table16 == &k ? "" : " (bf16-data table)")
                  << " trial " << trial << " taps " << taps << " row " << r << " x " << x << " of "
                  << size << " (edges " << left << ", " << right << ")";
            }
            ASSERT_EQ(got[r][static_cast<size_t>(size)], kSentinel) << "written past row " << r;
          }
        }
      }
    }
  }
  resample::kernels::ForceTarget(0);
  EXPECT_GT(with_edges, 100);
  EXPECT_GT(calls, 400);
}

// The bf16-data tables (for plans with a bf16 source: their bf16 stores skip
// the test for NaN) store the bits the checked stores give, for sums of bf16
// values of every bit pattern (signalling and quiet NaNs of every payload,
// infinities of both signs side by side, subnormals, ties), through every
// bf16 entry: the fused height combine (regular and streamed), the plane
// height pass, the row stores (regular and streamed), on every target, rows
// of every length class; nothing past the row is written. fp32 sums with NaN
// payloads in their lower halves would fail here through these tables (the
// reason plans of fp32 and fp16 sources keep the checked ones).
TEST(SimdTargets, BFloat16DataTablesStoreTheCheckedBits) {
  std::mt19937 rng(37);
  const int64_t kMaxN = 300;
  const auto bf16_value = [&] {
    return resample::BitsToFloat(static_cast<uint32_t>(rng() & 0xFFFFu) << 16);
  };
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> a(kMaxN), b(kMaxN), c(kMaxN), sums(kMaxN);
  std::vector<uint16_t> want(kMaxN), storage(kMaxN + 64);
  uint16_t* dst = AtLineBoundary(storage);
  const resample::GatherTable table = resample::TransposeAxisWeights(resample::ComputeAxisWeights(
      resample::AxisRule{resample::Filter::kLinear, 6, 3, false, 0.0, false, true, false}));
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
    const resample::kernels::KernelTable& kb = *k.for_bfloat16_data;
    ASSERT_NE(&kb, &k);
    ASSERT_EQ(kb.for_bfloat16_data, &kb);
    ASSERT_STREQ(kb.target_name, k.target_name);
    for (int trial = 0; trial < 600; ++trial) {
      const int64_t n = 1 + static_cast<int64_t>(rng() % kMaxN);
      for (int64_t x = 0; x < n; ++x) {
        // Finite bf16 values mostly; every 16-bit pattern in half the rows
        // (NaN: 1 in 128), infinities of both signs in a third.
        const auto value = [&] {
          if (trial % 2 == 0) return bf16_value();
          return resample::BitsToFloat(
              resample::FloatBits(std::ldexp(float(rng() % 2001) - 1000, int(rng() % 9) - 12)) &
              0xFFFF0000u);
        };
        a[x] = value();
        b[x] = trial % 3 == 0 && rng() % 8 == 0 ? (rng() % 2 ? inf : -inf) : value();
        c[x] = value();
      }
      const float* rows[3] = {a.data(), b.data(), c.data()};
      const float weights[3] = {0.75f, -0.3125f, 0.5f};
      const int count = 1 + trial % 3;
      k.height_combine(rows, weights, count, n, sums.data(), false);
      k.store_bfloat16_row(sums.data(), want.data(), n);
      for (int entry = 0; entry < 4; ++entry) {
        std::fill(storage.begin(), storage.end(), uint16_t{0xABCD});
        if (entry == 0) kb.height_combine_bfloat16(rows, weights, count, n, dst);
        if (entry == 1) kb.height_combine_bfloat16_streamed(rows, weights, count, n, dst);
        if (entry == 2) kb.store_bfloat16_row(sums.data(), dst, n);
        if (entry == 3) kb.store_bfloat16_row_streamed(sums.data(), dst, n);
        for (int64_t x = 0; x < n; ++x) {
          // Two NaNs in one sum: which payload it carries is open (see
          // FusedSixteenBitStoresRoundAsTheRowConversions); it must be NaN.
          int nans = 0;
          for (int g = 0; g < count; ++g) nans += std::isnan(rows[g][x]) ? 1 : 0;
          if (entry < 2 && nans > 1) {
            ASSERT_EQ(dst[x] & 0x7F80, 0x7F80) << "NaN expected at " << x;
            ASSERT_NE(dst[x] & 0x007F, 0) << "NaN expected at " << x;
            continue;
          }
          ASSERT_EQ(dst[x], want[x])
              << "entry " << entry << " trial " << trial << " x " << x << " of " << n
              << ": sum bits " << resample::FloatBits(sums[x]);
        }
        ASSERT_EQ(dst[n], 0xABCD) << "written past the row, entry " << entry;
      }
    }
    // The plane height pass over bf16 planes with NaNs and infinities in a
    // few columns (one source row each: no two NaNs meet in a sum).
    const int64_t rows_out = table.size, src_rows = table.src_size;
    for (int64_t n : {1, 7, 8, 16, 24, 40, 64, 100}) {
      std::vector<float> src(static_cast<size_t>(src_rows * n));
      for (float& v : src)
        v = resample::BitsToFloat(resample::FloatBits(float(rng() % 97) - 48) & 0xFFFF0000u);
      for (int64_t x = 0; x < n; x += 3) {
        const int64_t o = static_cast<int64_t>(rng() % static_cast<uint32_t>(src_rows));
        const uint32_t bits = (rng() % 2 ? 0xFF80u : 0x7F80u) | (1u + rng() % 0x7Fu);
        src[size_t(o * n + x)] =
            x % 2 ? resample::BitsToFloat(bits << 16) : (rng() % 2 ? inf : -inf);
      }
      std::vector<float> plane_sums(static_cast<size_t>(rows_out * n));
      float* sum_plane = plane_sums.data();
      k.height_pass_planes(table, 0, rows_out, src.data(), n, 0, 0, &sum_plane, n, 1, n, false,
                           false);
      std::vector<uint16_t> plane_want(plane_sums.size()), out(plane_sums.size());
      k.store_bfloat16_row(plane_sums.data(), plane_want.data(), rows_out * n);
      uint16_t* out_plane = out.data();
      kb.height_pass_planes_bfloat16(table, 0, rows_out, src.data(), n, 0, 0, &out_plane, n, 1, n,
                                     false, false);
      ASSERT_EQ(out, plane_want) << "n " << n;
    }
  }
  resample::kernels::ForceTarget(0);
}

// Plans with a bf16 source and destination give every bf16 pattern's
// rounded fp32 value, NaNs quieted, on every target: a copy order's rows
// (same-size linear: no arithmetic before the store, so they keep the NaN
// test) and a non-copy plan's one-tap sums (the nearest backward of a 2x
// shrink, through the bf16-data stores).
TEST(SimdTargets, BFloat16PlansQuietSignallingNaNs) {
  const int64_t side = 256;  // side * side = every 16-bit pattern once
  std::vector<uint16_t> source(size_t(side * side));
  for (size_t i = 0; i < source.size(); ++i) source[i] = static_cast<uint16_t>(i);
  // A copy passes -0 on; a sum starts from +0 (+0 + -0 = +0).
  const auto want = [](uint16_t g, bool copy) {
    const float v = resample::BFloat16ToFloat(g);
    return resample::FloatToBFloat16(copy ? v : 0.0f + v);
  };
  struct Case {
    resample::ResampleProblem problem;
    int64_t dst_side;
    resample::PassOrder order;
  };
  const Case cases[] = {
      {{1, 1, side, side, side, side, false, 0, 0, resample::Direction::kForward,
        resample::Filter::kLinear},
       side,
       resample::PassOrder::kCopy},
      {{1, 1, side, side, 2 * side, 2 * side, false, 0, 0, resample::Direction::kBackward,
        resample::Filter::kNearest},
       2 * side,
       resample::PassOrder::kWidthFirst},
  };
  for (const Case& c : cases) {
    const resample::ViewLayout bf16{DataType::kBFloat16, 1};
    auto plan = resample::ResamplePlan::Create(c.problem, bf16, bf16, {}, nullptr);
    ASSERT_TRUE(plan);
    const bool copy = c.order == resample::PassOrder::kCopy;
    EXPECT_EQ(plan->order() == resample::PassOrder::kCopy, copy);
    TensorView src;
    src.data = source.data();
    src.dtype = DataType::kBFloat16;
    const int64_t ss[4] = {1, 1, side, side};
    std::memcpy(src.shape, ss, sizeof ss);
    ContiguousStrides(src.shape, src.strides);
    std::vector<uint16_t> out(size_t(c.dst_side * c.dst_side));
    MutableTensorView dst;
    dst.data = out.data();
    dst.dtype = DataType::kBFloat16;
    const int64_t ds[4] = {1, 1, c.dst_side, c.dst_side};
    std::memcpy(dst.shape, ds, sizeof ds);
    ContiguousStrides(dst.shape, dst.strides);
    std::vector<unsigned char> scratch(plan->scratch_bytes());
    for (int64_t target : resample::kernels::AvailableTargets()) {
      resample::kernels::ForceTarget(target);
      SCOPED_TRACE(resample::kernels::TargetNameOf(target));
      std::fill(out.begin(), out.end(), uint16_t{0xABCD});
      plan->Run(src, dst, scratch.data());
      for (int64_t y = 0; y < c.dst_side; ++y) {
        for (int64_t x = 0; x < c.dst_side; ++x) {
          const bool fed = copy || (y % 2 == 0 && x % 2 == 0);
          const int64_t from = copy ? y * side + x : (y / 2) * side + x / 2;
          const uint16_t expected = fed ? want(source[size_t(from)], copy) : uint16_t{0};
          ASSERT_EQ(out[size_t(y * c.dst_side + x)], expected)
              << (copy ? "copy" : "nearest backward") << " at (" << y << ", " << x << ")";
        }
      }
    }
  }
  resample::kernels::ForceTarget(0);
}

// The streamed row stores (non-temporal for rows of whole 64-byte lines,
// regular for the others) write the regular row stores' bits, and nothing
// outside the row: rows of whole lines, and rows of every length up to a few
// lines starting at every element offset from a line, every bit pattern
// class, every target.
TEST(SimdTargets, StreamedRowStoresWriteTheRegularBits) {
  std::mt19937 rng(29);
  const int64_t kMaxN = 200;
  std::vector<float> src(kMaxN);
  std::vector<uint16_t> want16(kMaxN);
  // A line of guard elements before the row, the row up to 16 elements past
  // a line boundary, guard elements after it.
  std::vector<float> storage32(kMaxN + 128);
  std::vector<uint16_t> storage16(kMaxN + 128);
  float* line32 = AtLineBoundary(storage32) + 16;
  uint16_t* line16 = AtLineBoundary(storage16) + 32;
  for (int64_t target : resample::kernels::AvailableTargets()) {
    resample::kernels::ForceTarget(target);
    SCOPED_TRACE(resample::kernels::TargetNameOf(target));
    const resample::kernels::KernelTable& k = resample::kernels::CurrentKernels();
    for (int trial = 0; trial < 300; ++trial) {
      // Even trials: whole lines in both dtypes (streamed where the target
      // streams that dtype).
      const bool whole = trial % 2 == 0;
      const int64_t n = whole ? 32 * (1 + static_cast<int64_t>(rng() % 6))
                              : 1 + static_cast<int64_t>(rng() % kMaxN);
      const int64_t offset = whole ? 0 : trial % 17;  // elements past a line
      for (int64_t x = 0; x < n; ++x) src[x] = RandomFloat(rng);
      std::fill(storage32.begin(), storage32.end(), -7.0f);
      float* dst32 = line32 + offset;
      k.store_row_streamed(src.data(), dst32, n);
      k.flush_streamed_stores();
      for (int64_t x = 0; x < n; ++x) {
        ASSERT_EQ(resample::FloatBits(dst32[x]), resample::FloatBits(src[x]))
            << "fp32 trial " << trial << " x " << x << " of " << n;
      }
      ASSERT_EQ(dst32[-1], -7.0f) << "written before the row";
      ASSERT_EQ(dst32[n], -7.0f) << "written past the row";
      for (int half = 0; half < 2; ++half) {
        (half ? k.store_half_row : k.store_bfloat16_row)(src.data(), want16.data(), n);
        std::fill(storage16.begin(), storage16.end(), uint16_t{0xABCD});
        uint16_t* dst16 = line16 + offset;
        (half ? k.store_half_row_streamed : k.store_bfloat16_row_streamed)(src.data(), dst16, n);
        k.flush_streamed_stores();
        for (int64_t x = 0; x < n; ++x) {
          ASSERT_EQ(dst16[x], want16[x])
              << (half ? "f16" : "bf16") << " trial " << trial << " x " << x << " of " << n;
        }
        ASSERT_EQ(dst16[-1], 0xABCD) << "written before the row";
        ASSERT_EQ(dst16[n], 0xABCD) << "written past the row";
      }
    }
  }
  resample::kernels::ForceTarget(0);
}

TEST(SimdTargets, HalfReferenceAgreesWithExactRounding) {
  // The scalar converter against an exact computation in double.
  std::mt19937 rng(17);
  for (int i = 0; i < 300000; ++i) {
    const float f = RandomFloat(rng);
    if (!std::isfinite(f)) continue;
    const double d = f;
    const uint16_t h = resample::FloatToHalf(f);
    const double got = resample::HalfToFloat(h);
    if (std::fabs(d) >= 65520.0) {
      ASSERT_TRUE(std::isinf(got)) << f;
      continue;
    }
    // No representable half is closer, and ties go to the even encoding.
    const double up = resample::HalfToFloat(static_cast<uint16_t>(h + 1));
    const double down = (h & 0x7FFF) ? resample::HalfToFloat(static_cast<uint16_t>(h - 1)) : -got;
    ASSERT_LE(std::fabs(got - d), std::fabs(up - d)) << f;
    ASSERT_LE(std::fabs(got - d), std::fabs(down - d)) << f;
    if (std::fabs(got - d) == std::fabs(up - d) || std::fabs(got - d) == std::fabs(down - d)) {
      ASSERT_EQ(h & 1, 0) << f;
    }
  }
}

// The window form of the width pass (two loads and a permute per tap instead
// of a gather, AVX-512 and AVX2) gives the gather form's bytes: on the FMA
// targets every lane of a gathered block equals the gather form's FMA chain,
// and the targets agree on every lane, for tables whose gathered blocks take
// it (shrinking passes by up to 4x, forward and transposed). Each source row
// is its own allocation of exactly src_size floats, so that a window read
// past the row shows under ASan; rows shorter than a window (loaded masked)
// are among them.
TEST(SimdTargets, WindowFormGivesTheGatherFormsBytes) {
  struct Axis {
    resample::Filter filter;
    int64_t in, out;
    bool align_corners;
    resample::Direction direction;
  };
  const Axis axes[] = {
      {resample::Filter::kLinear, 37, 74, false, resample::Direction::kBackward},  // 2x up's dX
      {resample::Filter::kLinear, 256, 512, true, resample::Direction::kBackward},
      {resample::Filter::kLinear, 96, 48, false, resample::Direction::kForward},  // 2x down
      {resample::Filter::kLinear, 61, 40, false, resample::Direction::kForward},
      {resample::Filter::kNearest, 33, 66, false, resample::Direction::kBackward},
      {resample::Filter::kNearestExact, 50, 100, false, resample::Direction::kBackward},
      {resample::Filter::kCubic, 40, 80, false, resample::Direction::kBackward},
      {resample::Filter::kLinear, 16, 32, false, resample::Direction::kBackward},   // short rows
      {resample::Filter::kLinear, 512, 224, false, resample::Direction::kForward},  // 2.3x down
      {resample::Filter::kLinear, 70, 20, true, resample::Direction::kForward},     // 3.5x down
      {resample::Filter::kNearest, 67, 200, false, resample::Direction::kBackward},
      {resample::Filter::kLinear, 64, 17, false, resample::Direction::kForward},  // 64 sources
      // Rows shorter than the window (loaded masked): 28 < 2 x 16 sources,
      // 40 < 4 x 16, 20 < 4 x 8. (A gathered block spans more than 16
      // sources, so no row is shorter than a window of 2 x 8.)
      {resample::Filter::kNearest, 14, 28, false, resample::Direction::kBackward},
      // The bilinear one of the same rows: 4 taps on 28 sources stay dense.
      {resample::Filter::kLinear, 14, 28, false, resample::Direction::kBackward},
      {resample::Filter::kLinear, 40, 11, false, resample::Direction::kForward},
      {resample::Filter::kLinear, 20, 6, true, resample::Direction::kForward},
      // The last of four vectors partly inside the row: 56 of 4 x 16, 28 of 4 x 8.
      {resample::Filter::kLinear, 56, 15, false, resample::Direction::kForward},
      {resample::Filter::kLinear, 28, 8, false, resample::Direction::kForward},
  };
  const auto targets = resample::kernels::AvailableTargets();
  ASSERT_FALSE(targets.empty());
  int windowed = 0, windowed4 = 0, windowed8 = 0, windowed8x4 = 0;
  int short_windowed = 0, short_windowed4 = 0, short_windowed8x4 = 0;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> value(-2.0f, 2.0f);
  for (const Axis& a : axes) {
    const bool backward = a.direction == resample::Direction::kBackward;
    const resample::AxisWeights w = resample::ComputeAxisWeights(
        resample::AxisRule{a.filter, a.in, a.out, a.align_corners, 0.0, false, backward, false});
    const resample::GatherTable g =
        backward ? resample::TransposeAxisWeights(w) : resample::AsGatherTable(w);
    const resample::BlockedTable t = resample::BlockGatherTable(g);
    constexpr int64_t kW = resample::BlockedTable::kWidth, kHalf = resample::BlockedTable::kHalf;
    for (uint8_t v : t.window_vectors) {
      windowed += v == 2, windowed4 += v == 4;
      short_windowed += v == 2 && t.src_size < 2 * kW;
      short_windowed4 += v == 4 && t.src_size < 4 * kW;
    }
    for (uint8_t v : t.window8_vectors) {
      windowed8 += v == 2, windowed8x4 += v == 4;
      short_windowed8x4 += v == 4 && t.src_size < 4 * kHalf;
    }
    constexpr int64_t kRows = 5;
    std::vector<std::vector<float>> src(kRows, std::vector<float>(static_cast<size_t>(t.src_size)));
    for (auto& row : src) {
      for (float& x : row) x = value(rng);
    }
    std::vector<const float*> src_ptrs;
    for (const auto& row : src) src_ptrs.push_back(row.data());
    std::map<std::string, std::vector<std::vector<float>>> by_target;
    for (int64_t target : targets) {
      SCOPED_TRACE(resample::kernels::TargetNameOf(target));
      resample::kernels::ForceTarget(target);
      std::vector<std::vector<float>> dst(kRows, std::vector<float>(static_cast<size_t>(t.size)));
      std::vector<float*> dst_ptrs;
      for (auto& row : dst) dst_ptrs.push_back(row.data());
      EXPECT_TRUE(resample::kernels::CurrentKernels().width_pass(
          t, src_ptrs.data(), dst_ptrs.data(), kRows, true, true));
      by_target[resample::kernels::TargetNameOf(target)] = dst;
    }
    resample::kernels::ForceTarget(0);
    // The gather form's chain, per lane of each gathered block: +0, then one
    // FMA per tap in order (padding taps with weight 0 included).
    for (const auto& [name, dst] : by_target) {
      if (name != "AVX2" && name.rfind("AVX3", 0) != 0) continue;  // the FMA targets
      for (int64_t b = 0; b < t.num_blocks; ++b) {
        const size_t sb = static_cast<size_t>(b);
        const int64_t taps = t.gather_taps[sb];
        for (int64_t l = 0; l < resample::BlockedTable::kWidth && taps > 0; ++l) {
          const int64_t i = b * resample::BlockedTable::kWidth + l;
          if (i >= t.size) break;
          for (int64_t r = 0; r < kRows; ++r) {
            float acc = 0.0f;
            for (int64_t k = 0; k < taps; ++k) {
              const size_t at =
                  static_cast<size_t>(t.gather_offset[sb] + k * resample::BlockedTable::kWidth + l);
              acc = std::fma(src[static_cast<size_t>(r)][static_cast<size_t>(t.gather_index[at])],
                             t.gather_weights[at], acc);
            }
            const float got = dst[static_cast<size_t>(r)][static_cast<size_t>(i)];
            ASSERT_EQ(0, std::memcmp(&got, &acc, sizeof acc))
                << name << ", axis " << a.in << " -> " << a.out << ", row " << r << ", lane " << i
                << ": " << got << " vs " << acc;
          }
        }
      }
      // And every lane as the other FMA targets give it.
      const auto& avx2 = by_target.count("AVX2") ? by_target.at("AVX2") : dst;
      for (int64_t r = 0; r < kRows; ++r) {
        EXPECT_EQ(
            0, std::memcmp(dst[static_cast<size_t>(r)].data(), avx2[static_cast<size_t>(r)].data(),
                           static_cast<size_t>(t.size) * sizeof(float)))
            << name << " vs AVX2, axis " << a.in << " -> " << a.out << ", row " << r;
      }
    }
  }
  EXPECT_GT(windowed, 0);
  EXPECT_GT(windowed8, 0);
  EXPECT_GT(windowed4, 0);
  EXPECT_GT(windowed8x4, 0);
  EXPECT_GT(short_windowed, 0);
  EXPECT_GT(short_windowed4, 0);
  EXPECT_GT(short_windowed8x4, 0);
}

}  // namespace
}  // namespace aclnn_host::testing

namespace aclnn_host::testing {
namespace {

// The plan's cache budget only chooses between code paths (whole small
// planes, ring caches, height groups split across cache refills): every
// budget gives the same bytes, and they match the reference.
TEST(Paths, EveryCacheBudgetGivesTheSameBytes) {
  std::mt19937 rng(21);
  const uint64_t budgets[] = {0, 4096, resample::ResamplePlan::kDefaultRowCacheBytes};
  for (int trial = 0; trial < 120; ++trial) {
    // Up to 15 planes, so that small planes run in batches of several whole
    // planes with partial planes where chunks start or end.
    Shape s{1 + int64_t(rng() % 3),
            1 + int64_t(rng() % 5),
            1 + int64_t(rng() % 40),
            1 + int64_t(rng() % 70),
            1 + int64_t(rng() % 40),
            1 + int64_t(rng() % 70),
            rng() % 4 == 0,
            0,
            0};
    if (rng() % 3 == 0) s.sh = 0.1 + (rng() % 100) / 40.0;
    const DataType dtype = static_cast<DataType>(rng() % 3);
    const int layout = int(rng() % 3);  // contiguous, channels-last, padded rows
    const std::vector<float> g = RandomGrad(s, unsigned(trial));
    std::vector<double> g64;
    for (float v : g)
      g64.push_back(Quantize(v, dtype == DataType::kFloat32   ? ACL_FLOAT
                                : dtype == DataType::kFloat16 ? ACL_FLOAT16
                                                              : ACL_BF16));
    const auto ref = ReferenceBackward(g64, s.n, s.c, s.ho, s.wo, s.hi, s.wi, s.ac, s.sh, s.sw);
    double max_ref = 0;
    for (double v : ref) max_ref = std::max(max_ref, std::fabs(v));
    std::vector<std::vector<float>> results;
    for (uint64_t budget : budgets) {
      // Input contiguous; output contiguous, channels-last or with padded rows.
      const size_t es = dtype == DataType::kFloat32 ? 4 : 2;
      TestViews views;
      MakeViews(s, dtype, g, layout, &views);
      const TensorView& go = views.go;
      const MutableTensorView& o = views.o;
      const std::vector<unsigned char>& out = views.out;
      resample::ResampleProblem p{s.n, s.c, s.ho, s.wo, s.hi, s.wi, s.ac, s.sh, s.sw};
      auto plan = resample::ResamplePlan::Create(p, {dtype, go.strides[3]}, {dtype, o.strides[3]},
                                                 {1 + int64_t(rng() % 7), 1 + int(rng() % 3)},
                                                 nullptr, budget);
      ASSERT_TRUE(plan);
      std::vector<unsigned char> scratch(plan->scratch_bytes());
      plan->Run(go, o, scratch.data());
      std::vector<float> vals;
      for (int64_t n = 0; n < s.n; ++n)
        for (int64_t c = 0; c < s.c; ++c)
          for (int64_t h = 0; h < s.hi; ++h)
            for (int64_t w = 0; w < s.wi; ++w) {
              const int64_t at =
                  n * o.strides[0] + c * o.strides[1] + h * o.strides[2] + w * o.strides[3];
              float v;
              if (es == 4) {
                std::memcpy(&v, &out[size_t(at) * 4], 4);
              } else {
                uint16_t b;
                std::memcpy(&b, &out[size_t(at) * 2], 2);
                v = dtype == DataType::kFloat16 ? resample::HalfToFloat(b)
                                                : resample::BFloat16ToFloat(b);
              }
              vals.push_back(v);
            }
      results.push_back(vals);
    }
    for (size_t b = 1; b < results.size(); ++b)
      ASSERT_EQ(results[b], results[0]) << "trial " << trial;
    const aclDataType at = dtype == DataType::kFloat32   ? ACL_FLOAT
                           : dtype == DataType::kFloat16 ? ACL_FLOAT16
                                                         : ACL_BF16;
    for (size_t i = 0; i < ref.size(); ++i) {
      ASSERT_LE(std::fabs(results[0][i] - ref[i]), AllowedError(ref[i], max_ref, at))
          << "trial " << trial << " element " << i;
    }
  }
}

// A random fp32 problem of any filter and direction for the path tests
// below: up to 2 x 3 planes, heights up to 60, widths up to 200.
resample::ResampleProblem RandomProblem(std::mt19937& rng) {
  resample::ResampleProblem p{1 + int64_t(rng() % 2),
                              1 + int64_t(rng() % 3),
                              1 + int64_t(rng() % 60),
                              1 + int64_t(rng() % 200),
                              1 + int64_t(rng() % 60),
                              1 + int64_t(rng() % 200),
                              rng() % 4 == 0,
                              0,
                              0};
  p.direction = rng() % 2 ? resample::Direction::kForward : resample::Direction::kBackward;
  p.filter = static_cast<resample::Filter>(rng() % 6);
  if (rng() % 3 == 0) p.scales_h = 0.1 + (rng() % 100) / 40.0;
  if (rng() % 3 == 0) p.scales_w = 0.1 + (rng() % 100) / 40.0;
  return p;
}

// Sets p's widths so that its width pass reads `reads` columns and writes
// `writes` (the forward's input and output, the backward's gradOutput and
// result).
void SetWidthPass(resample::ResampleProblem& p, int64_t reads, int64_t writes) {
  const bool forward = p.direction == resample::Direction::kForward;
  (forward ? p.in_w : p.out_w) = reads;
  (forward ? p.out_w : p.in_w) = writes;
}

// Sets p's width pass to expand by b/a (a < b <= 9), rows of 4 to 43 such
// steps, the scale not given.
void ExpandWidthBySmallRatio(std::mt19937& rng, resample::ResampleProblem& p) {
  const int64_t b = 2 + int64_t(rng() % 8), a = 1 + int64_t(rng() % (b - 1));
  const int64_t unit = 4 + int64_t(rng() % 40);
  SetWidthPass(p, unit * a, unit * b);
  p.scales_w = 0;
}

// Runs two fp32 plans of problem p (one path each) on every target over the
// same random source, its rows padded by 5 elements or not, some values Inf
// or NaN where `non_finite`; returns false (with a failure) where their
// bytes differ.
const char* EngineDtypeName(DataType dtype) {
  return dtype == DataType::kFloat32 ? "fp32" : dtype == DataType::kFloat16 ? "fp16" : "bf16";
}

// The targets a path test compares its plans on: every one, except under
// TSan, which looks for races: the targets share the partition and the
// runner, differ only inside the rows a chunk owns, and their instrumented
// kernels made these comparisons most of the TSan suite's time (the pair-
// decimated rows alone 37 s of 107). The release and ASan+UBSan suites
// compare on every target.
std::vector<int64_t> TargetsToCompare() {
  std::vector<int64_t> targets = resample::kernels::AvailableTargets();
#if defined(__SANITIZE_THREAD__)  // GCC's macro; clang's is __has_feature(thread_sanitizer)
  targets.resize(1);
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
  targets.resize(1);
#endif
#endif
  return targets;
}

// A plan's scratch as the ops hand it over (a workspace is not zeroed), for
// every run of the plan: zeroing a fresh MiB of row caches per run took most
// of the TSan suite's time (its shadow memory is updated for every byte).
std::unique_ptr<unsigned char[]> ScratchFor(const resample::ResamplePlan& plan) {
  return std::unique_ptr<unsigned char[]>(
      new unsigned char[std::max<uint64_t>(1, plan.scratch_bytes())]);
}

bool SameBytesOnEveryTarget(const resample::ResamplePlan& a, const resample::ResamplePlan& b,
                            const resample::ResampleProblem& p, std::mt19937& rng, bool non_finite,
                            const std::string& what, DataType dtype = DataType::kFloat32) {
  const bool forward = p.direction == resample::Direction::kForward;
  const int64_t sh = forward ? p.in_h : p.out_h, sw = forward ? p.in_w : p.out_w;
  const int64_t dh = forward ? p.out_h : p.in_h, dw = forward ? p.out_w : p.in_w;
  const size_t es = DataTypeSize(dtype);
  TensorView src;
  src.dtype = dtype;
  const int64_t ss[4] = {p.batch, p.channels, sh, sw};
  std::memcpy(src.shape, ss, sizeof ss);
  ContiguousStrides(src.shape, src.strides);
  if (rng() % 2 == 0) {
    src.strides[2] = sw + 5;
    src.strides[1] = src.strides[2] * sh;
    src.strides[0] = src.strides[1] * p.channels;
  }
  std::vector<float> in(size_t(src.strides[0] * p.batch));
  std::uniform_real_distribution<float> value(-3, 3);
  for (float& v : in) v = value(rng);
  if (non_finite) {
    // The NaN is x86's default NaN (sign set), the one Inf + -Inf gives: IEEE
    // 754 leaves the sign and payload of a NaN from two NaN operands open, x86
    // returns the first operand's, and a compiler orders a commutative add's
    // operands as it likes (the SCALAR target's unfused multiply-add: a chain
    // holding +NaN and Inf + -Inf gave 7fc00000 in the height sweep and
    // ffc00000 in the gathered sums). With one NaN pattern the comparison
    // still sees every element's class and every finite bit.
    const float specials[] = {std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::quiet_NaN()};
    for (int k = 0; k < 3; ++k) in[rng() % in.size()] = specials[rng() % 3];
  }
  const std::vector<unsigned char> in_bytes = EncodeValues(in, dtype);
  src.data = in_bytes.data();
  MutableTensorView dst;
  dst.dtype = dtype;
  const int64_t ds[4] = {p.batch, p.channels, dh, dw};
  std::memcpy(dst.shape, ds, sizeof ds);
  ContiguousStrides(dst.shape, dst.strides);
  const size_t out_bytes = size_t(p.batch * p.channels * dh * dw) * es;
  bool same = true;
  const resample::ResamplePlan* plans[2] = {&a, &b};
  const std::unique_ptr<unsigned char[]> scratch[2] = {ScratchFor(a), ScratchFor(b)};
  for (int64_t target : TargetsToCompare()) {
    resample::kernels::ForceTarget(target);
    std::vector<unsigned char> outs[2];
    for (int k = 0; k < 2; ++k) {
      outs[k].assign(out_bytes, 0xA5);
      dst.data = outs[k].data();
      plans[k]->Run(src, dst, scratch[k].get());
    }
    if (outs[0] != outs[1]) {
      size_t e = 0;  // the first element that differs
      while (std::memcmp(&outs[0][e * es], &outs[1][e * es], es) == 0) ++e;
      uint32_t x = 0, y = 0;
      std::memcpy(&x, &outs[0][e * es], es);
      std::memcpy(&y, &outs[1][e * es], es);
      ADD_FAILURE() << resample::kernels::TargetNameOf(target) << ", " << what << ", "
                    << EngineDtypeName(dtype) << ", filter " << resample::FilterName(p.filter)
                    << (forward ? " forward " : " backward ") << sh << "x" << sw << " -> " << dh
                    << "x" << dw << ": element " << e << " bits " << std::hex << x << " vs " << y
                    << std::dec;
      same = false;
    }
  }
  resample::kernels::ForceTarget(0);
  return same;
}

// Random problems (RandomProblem) whose plan takes a path (`uses`), against
// the same problem's plan with that path turned off (`disable`) and another
// partition: the same bytes on every target, a quarter of the cases with Inf
// or NaN (SameBytesOnEveryTarget); at least 150 such plans.
template <class Uses, class Disable>
void PathGivesTheSameBytes(unsigned seed, const Uses& uses, const Disable& disable,
                           resample::ResampleProblem (*problem)(std::mt19937&) = RandomProblem,
                           DataType dtype = DataType::kFloat32) {
  std::mt19937 rng(seed);
  int taken = 0;
  for (int trial = 0; trial < 4000 && taken < 150; ++trial) {
    const resample::ResampleProblem p = problem(rng);
    auto with_path = resample::ResamplePlan::Create(
        p, {dtype, 1}, {dtype, 1}, {1 + int64_t(rng() % 7), 1 + int(rng() % 3)}, nullptr);
    ASSERT_TRUE(with_path);
    if (!uses(*with_path)) continue;
    ++taken;
    auto without = resample::ResamplePlan::Create(p, {dtype, 1}, {dtype, 1}, {3, 2}, nullptr);
    ASSERT_TRUE(without);
    disable(*without);
    ASSERT_TRUE(SameBytesOnEveryTarget(*with_path, *without, p, rng, trial % 4 == 0,
                                       "trial " + std::to_string(trial), dtype));
  }
  EXPECT_GE(taken, 150);
}

// PathGivesTheSameBytes for fp16 and for bf16 sources and destinations.
template <class Uses, class Disable>
void SixteenBitPathsGiveTheSameBytes(unsigned seed, const Uses& uses, const Disable& disable,
                                     resample::ResampleProblem (*problem)(std::mt19937&)) {
  for (const DataType dtype : {DataType::kFloat16, DataType::kBFloat16}) {
    SCOPED_TRACE(EngineDtypeName(dtype));
    PathGivesTheSameBytes(seed, uses, disable, problem, dtype);
  }
}

// The height-first order sweeps its source rows (each read once, added into
// every stage row it feeds) where that pays (fp32 sources, sums of 8 taps or
// more, rows neither short nor wide): the same bytes as gathering each sum's
// rows at once. Turned on wherever it can run (any tap count and row width,
// not only where the plan picks it), for every filter and direction, source
// rows padded or not, groups that span planes, any partition, on every target.
TEST(Paths, HeightSweepGivesTheGatheredSumsBytes) {
  PathGivesTheSameBytes(
      77,
      [](resample::ResamplePlan& plan) {
        return plan.order() == resample::PassOrder::kHeightFirst &&
               plan.EnableHeightSweepForTesting();
      },
      [](resample::ResamplePlan& plan) { plan.DisableHeightSweepForTesting(); });
}

// The height-first order sums two consecutive rows whose sums share source
// rows in one pass over them (fp32 rows, and fp16 / bf16 rows converted in
// registers, read in place): the same bytes as summing each row alone. Paired
// wherever they can be (not only where the rows read 16 KiB), for every
// filter and direction, groups that span planes, any partition, on every
// target; the 16-bit source forms too.
TEST(Paths, RowPairsGiveTheSingleSumsBytes) {
  const auto uses = [](resample::ResamplePlan& plan) {
    if (plan.order() != resample::PassOrder::kHeightFirst || plan.height_sweep()) return false;
    plan.PairRowsWhereverPossibleForTesting();
    return true;
  };
  const auto disable = [](resample::ResamplePlan& plan) { plan.DisableRowPairsForTesting(); };
  PathGivesTheSameBytes(83, uses, disable);
  SixteenBitPathsGiveTheSameBytes(84, uses, disable, RandomProblem);
}

// Small planes run width-first prefetch the planes ahead of the width pass
// on every CPU but Intel's (resample_plan.cc, kSmallPlanePrefetchBytes): both
// forms run here whatever the machine, with the same bytes, for every filter
// and direction, any partition, on every target; the 16-bit sources too.
TEST(Paths, PlanePrefetchKeepsTheBytes) {
  const auto uses = [](resample::ResamplePlan& plan) {
    if (!plan.small_planes()) return false;
    plan.SetPlanePrefetchForTesting(true);
    return true;
  };
  const auto disable = [](resample::ResamplePlan& plan) { plan.SetPlanePrefetchForTesting(false); };
  PathGivesTheSameBytes(85, uses, disable);
  SixteenBitPathsGiveTheSameBytes(86, uses, disable, RandomProblem);
}

// A random problem whose destination planes lie a multiple of 4 KiB apart
// as fp32 (32x32, 64x16, 128x8) and as fp16 / bf16 too (64x32, 128x16): rows
// of at most 4 AVX2 vectors, from smaller planes, for the small planes' pairs
// of planes 4 KiB apart.
resample::ResampleProblem FourKiBPlanesProblem(std::mt19937& rng) {
  static constexpr int64_t kPlanes[5][2] = {{32, 32}, {64, 16}, {128, 8}, {64, 32}, {128, 16}};
  const auto& dst = kPlanes[rng() % 5];
  resample::ResampleProblem p = RandomProblem(rng);
  p.batch = 1 + int64_t(rng() % 3);
  p.channels = 1 + int64_t(rng() % 4);
  const int64_t src_h = 1 + int64_t(rng() % dst[0]), src_w = 1 + int64_t(rng() % dst[1]);
  const bool forward = p.direction == resample::Direction::kForward;
  (forward ? p.out_h : p.in_h) = dst[0];
  (forward ? p.out_w : p.in_w) = dst[1];
  (forward ? p.in_h : p.out_h) = src_h;
  (forward ? p.in_w : p.out_w) = src_w;
  p.scales_h = p.scales_w = 0;
  return p;
}

// The small planes' height pass sums two planes at a time, row by row, but
// on Intel CPUs (AVX2) a row apart where their destinations lie a multiple of
// 4 KiB apart (kernels_planes.cc, StaggeredPlanePair): both forms run here
// whatever the machine, with the same bytes, for every filter and direction,
// any partition, on every target, on planes 4 KiB apart (fp32, fp16, bf16)
// and on random ones.
TEST(Paths, StaggeredPlanePairsKeepTheBytes) {
  const auto uses = [](resample::ResamplePlan& plan) {
    if (!plan.small_planes()) return false;
    plan.SetStagger4KiBApartForTesting(true);
    return true;
  };
  const auto disable = [](resample::ResamplePlan& plan) {
    plan.SetStagger4KiBApartForTesting(false);
  };
  PathGivesTheSameBytes(89, uses, disable, FourKiBPlanesProblem);
  SixteenBitPathsGiveTheSameBytes(91, uses, disable, FourKiBPlanesProblem);
  PathGivesTheSameBytes(90, uses, disable);
}

// The height-first order prefetches the source rows ahead of its sums where
// a row is shorter than a limit (4 KiB on Intel, none elsewhere): sums with
// rows ahead take the kernels that prefetch them themselves, the others the
// plain ones. Every row prefetched against none: the same bytes, for every
// filter and direction, any partition, on every target; the 16-bit source
// forms too.
TEST(Paths, RowPrefetchKeepsTheBytes) {
  const auto uses = [](resample::ResamplePlan& plan) {
    if (plan.order() != resample::PassOrder::kHeightFirst) return false;
    plan.SetRowPrefetchForTesting(true);
    return true;
  };
  const auto disable = [](resample::ResamplePlan& plan) { plan.SetRowPrefetchForTesting(false); };
  PathGivesTheSameBytes(87, uses, disable);
  SixteenBitPathsGiveTheSameBytes(88, uses, disable, RandomProblem);
}

// Shrinking width passes of 8 rows (and some expanding ones) go through the
// rows' columns on AVX2 (8x8 transposes, one FMA per tap): the same bytes as
// the blocked pass, finite or not (rows with Inf or NaN are redone the same
// way), in either pass order, any partition, on every target.
TEST(Paths, TransposedWidthPassGivesTheBlockedPassBytes) {
  PathGivesTheSameBytes(
      78, [](const resample::ResamplePlan& plan) { return plan.width_transposed(); },
      [](resample::ResamplePlan& plan) { plan.DisableTransposedWidthForTesting(); });
}

// Expanding width passes by ratios near 1 (224 -> 256, 480 -> 640) have
// windows too wide for the lane8 form and no phased form; the plan takes the
// transposed pass for them too (resample_plan.cc, kExpandingMargin), and
// keeps the blocked pass where a phased or periodic lane8 form exists (2x,
// 224 -> 512). The same bytes as the blocked pass, finite or not, in either
// pass order, any partition, on every target; rows of 48 to 700 sources,
// expanding by 1.05 to 1.45.
TEST(Paths, ExpandingTransposedWidthPassGivesTheBlockedPassBytes) {
  const auto plan_of = [](int64_t reads, int64_t writes) {
    resample::ResampleProblem p{1, 1, 16, 1, 16, 1, false, 0, 0};
    p.direction = resample::Direction::kBackward;
    SetWidthPass(p, reads, writes);
    return resample::ResamplePlan::Create(p, {DataType::kFloat32, 1}, {DataType::kFloat32, 1},
                                          {1, 1}, nullptr);
  };
  EXPECT_TRUE(plan_of(224, 256)->width_transposed());  // the backward of 256 -> 224
  EXPECT_TRUE(plan_of(480, 640)->width_transposed());
  EXPECT_FALSE(plan_of(224, 512)->width_transposed());  // a periodic lane8 form
  EXPECT_FALSE(plan_of(256, 512)->width_transposed());  // phased
  PathGivesTheSameBytes(
      92,
      [](const resample::ResamplePlan& plan) {
        return plan.width_transposed() && plan.width().size > plan.width().src_size;
      },
      [](resample::ResamplePlan& plan) { plan.DisableTransposedWidthForTesting(); },
      [](std::mt19937& rng) {
        resample::ResampleProblem p = RandomProblem(rng);
        const int64_t reads = 48 + int64_t(rng() % 653);
        const double ratio = 1.05 + 0.4 * double(rng() % 1000) / 1000.0;
        SetWidthPass(p, reads, int64_t(double(reads) * ratio));
        p.scales_w = 0;
        return p;
      });
}

// A plan's gain (ResampleProblem::gain, the 3-D fused form's shared depth
// weight) multiplies every destination value: a power of two scales every
// rounding exactly, so the bytes are the gain times the plain plan's, for
// every filter, direction, pass order and target (values far from the
// float range's ends). The exact paths (nearest copies, DOUBLE) refuse one.
TEST(Paths, GainScalesEveryDestinationValue) {
  std::mt19937 rng(81);
  int runs = 0;
  for (int trial = 0; trial < 120; ++trial) {
    resample::ResampleProblem p = RandomProblem(rng);
    if (p.direction == resample::Direction::kForward && resample::IsNearest(p.filter)) {
      p.gain = 0.5f;
      std::string error;
      EXPECT_FALSE(resample::ResamplePlan::Create(p, {DataType::kFloat32, 1},
                                                  {DataType::kFloat32, 1}, {2, 2}, &error));
      EXPECT_NE(error.find("gain"), std::string::npos) << error;
      continue;
    }
    const float gain = trial % 3 == 0 ? 0.25f : trial % 3 == 1 ? 0.5f : 2.0f;
    const resample::ViewLayout f32{DataType::kFloat32, 1};
    auto plain = resample::ResamplePlan::Create(p, f32, f32, {3, 2}, nullptr);
    p.gain = gain;
    auto scaled = resample::ResamplePlan::Create(p, f32, f32, {3, 2}, nullptr);
    ASSERT_TRUE(plain && scaled);
    std::string error;
    EXPECT_FALSE(resample::ResamplePlan::Create(p, {DataType::kFloat64, 1}, {DataType::kFloat64, 1},
                                                {2, 2}, &error));
    const bool forward = p.direction == resample::Direction::kForward;
    const int64_t s_dims[4] = {p.batch, p.channels, forward ? p.in_h : p.out_h,
                               forward ? p.in_w : p.out_w};
    const int64_t d_dims[4] = {p.batch, p.channels, forward ? p.out_h : p.in_h,
                               forward ? p.out_w : p.in_w};
    std::vector<float> in(size_t(s_dims[0] * s_dims[1] * s_dims[2] * s_dims[3]));
    std::uniform_real_distribution<float> value(-3, 3);
    for (float& v : in) v = value(rng);
    TensorView src;
    src.dtype = DataType::kFloat32;
    src.data = in.data();
    std::memcpy(src.shape, s_dims, sizeof s_dims);
    ContiguousStrides(src.shape, src.strides);
    MutableTensorView dst;
    dst.dtype = DataType::kFloat32;
    std::memcpy(dst.shape, d_dims, sizeof d_dims);
    ContiguousStrides(dst.shape, dst.strides);
    const size_t count = size_t(d_dims[0] * d_dims[1] * d_dims[2] * d_dims[3]);
    const resample::ResamplePlan* plans[2] = {plain.get(), scaled.get()};
    const std::unique_ptr<unsigned char[]> scratch[2] = {ScratchFor(*plain), ScratchFor(*scaled)};
    for (int64_t target : TargetsToCompare()) {
      resample::kernels::ForceTarget(target);
      std::vector<float> outs[2];
      for (int k = 0; k < 2; ++k) {
        outs[k].assign(count, -7.0f);
        dst.data = outs[k].data();
        plans[k]->Run(src, dst, scratch[k].get());
      }
      for (size_t e = 0; e < count; ++e) {
        const float want = outs[0][e] * gain;
        if (std::memcmp(&want, &outs[1][e], sizeof want) != 0) {
          ADD_FAILURE() << resample::kernels::TargetNameOf(target) << " trial " << trial
                        << " filter " << resample::FilterName(p.filter)
                        << (forward ? " forward" : " backward") << " gain " << gain << ": element "
                        << e << " " << outs[1][e] << " vs " << want;
          break;
        }
      }
      ++runs;
    }
    resample::kernels::ForceTarget(0);
  }
  EXPECT_GT(runs, 100);
}

// Within the transposed width pass, a periodic run of destination columns
// (the interior of a shrink by a ratio of small integers) goes phase by
// phase, each phase's weights broadcast once: the same bytes as the blocked
// pass, finite or not, on every target. Problems whose width pass shrinks
// by a/b (a < b <= 9; either direction: the backward of an upsample
// shrinks), every filter.
TEST(Paths, PeriodicRunsOfTheTransposedPassGiveTheBlockedPassBytes) {
  PathGivesTheSameBytes(
      79,
      [](const resample::ResamplePlan& plan) {
        const resample::GatherTable& w = plan.width();
        return plan.width_transposed() && w.periodic_end > w.periodic_begin;
      },
      [](resample::ResamplePlan& plan) { plan.DisableTransposedWidthForTesting(); },
      [](std::mt19937& rng) {
        resample::ResampleProblem p = RandomProblem(rng);
        const int64_t b = 2 + int64_t(rng() % 8), a = 1 + int64_t(rng() % (b - 1));
        const int64_t unit = (b > 4 ? 3 : 8) + int64_t(rng() % 30);
        SetWidthPass(p, unit * b, unit * a);  // reads the wide side, writes the narrow one
        p.scales_w = 0;
        return p;
      });
}

// Width passes that shrink by exactly 2 (the 2x downsampling forwards, the
// backwards of 2x upsampling) take the decimated form where their table has
// one (each run destination's taps from the even and odd sources split
// apart, the edge destinations one by one): the same bytes as the blocked
// pass, finite or not, in either pass order and any partition, on every
// target (AVX-512 keeps the blocked pass); rows as short as
// one block and long enough for several chunks (kDecimChunk), every filter.
TEST(Paths, DecimatedWidthPassGivesTheBlockedPassBytes) {
  PathGivesTheSameBytes(
      82,
      [](resample::ResamplePlan& plan) {
        plan.DisablePairDecimatedForTesting();  // the width pass on its own
        return plan.width_phased() && plan.width_blocked().decim_taps > 0 &&
               !plan.width_transposed();
      },
      [](resample::ResamplePlan& plan) {
        plan.DisablePairDecimatedForTesting();
        plan.DisablePhasedWidthForTesting();
      },
      [](std::mt19937& rng) {
        resample::ResampleProblem p = RandomProblem(rng);
        const int64_t unit = rng() % 4 == 0 ? 250 + int64_t(rng() % 400) : 8 + int64_t(rng() % 90);
        SetWidthPass(p, 2 * unit, unit);  // reads the wide side, writes the narrow one
        p.scales_w = 0;
        return p;
      });
}

// Height-first rows that sum two source rows read in place (fp32, fp16 or
// bf16), with a two-tap decimated width form (the backwards of 2x nearest
// and nearest-exact upsampling, bilinear 2x shrinks), take both passes in
// one kernel call: the same bytes as the two passes, finite or not, any
// partition, on every target (those without the 16-bit form run the two
// passes); rows as short as one block and long enough for many, heights
// with one-row sums at the edges.
void PairDecimatedRowsGiveTheTwoPassesBytes(DataType dtype) {
  PathGivesTheSameBytes(
      83, [](const resample::ResamplePlan& plan) { return plan.pair_decimated(); },
      [](resample::ResamplePlan& plan) { plan.DisablePairDecimatedForTesting(); },
      [](std::mt19937& rng) {
        resample::ResampleProblem p = RandomProblem(rng);
        // Mostly the filters whose 2x sums have two taps (nearest backwards,
        // linear), the others now and then.
        if (rng() % 4 != 0) {
          p.filter = static_cast<resample::Filter>(rng() % 3);
          if (p.filter != resample::Filter::kLinear) p.direction = resample::Direction::kBackward;
        }
        const int64_t unit = rng() % 4 == 0 ? 250 + int64_t(rng() % 400) : 8 + int64_t(rng() % 90);
        const int64_t rows = 1 + int64_t(rng() % 40);
        SetWidthPass(p, 2 * unit, unit);
        if (unit >= 250) p.batch = 1, p.channels = 1;  // long rows: one plane
        const bool forward = p.direction == resample::Direction::kForward;
        (forward ? p.in_h : p.out_h) = rng() % 2 ? 2 * rows : rows + int64_t(rng() % (2 * rows));
        (forward ? p.out_h : p.in_h) = rows;
        p.scales_w = 0;
        p.scales_h = 0;
        return p;
      },
      dtype);
}

TEST(Paths, PairDecimatedRowsGiveTheTwoPassesBytes) {
  for (const DataType dtype : {DataType::kFloat32, DataType::kFloat16, DataType::kBFloat16}) {
    SCOPED_TRACE(EngineDtypeName(dtype));
    PairDecimatedRowsGiveTheTwoPassesBytes(dtype);
  }
}

// Rows that go straight to the width pass (an identity height axis, as in
// the 1-D functions), fp16 or bf16, whose width table has a decimated form
// (2x shrinking passes of every filter, the backwards of 2x upsampling) are
// read, summed and rounded in place (decimated_half_rows and the bf16 form):
// the same bytes as the rows converted to fp32 and back, finite or not, any
// partition, on every target (those without the fp16 form convert).
TEST(Paths, DecimatedSixteenBitRowsGiveTheConvertedRowsBytes) {
  SixteenBitPathsGiveTheSameBytes(
      85, [](const resample::ResamplePlan& plan) { return plan.decimated16(); },
      [](resample::ResamplePlan& plan) { plan.DisableDecimated16ForTesting(); },
      [](std::mt19937& rng) {
        resample::ResampleProblem p = RandomProblem(rng);
        const int64_t unit = rng() % 4 == 0 ? 250 + int64_t(rng() % 400) : 8 + int64_t(rng() % 90);
        SetWidthPass(p, 2 * unit, unit);
        p.in_h = p.out_h;  // no scale: the identity
        p.scales_w = rng() % 3 == 0 ? 0.5 : 0;
        p.scales_h = 0;
        return p;
      });
}

// Height-first rows into fp16 or bf16 destination rows whose width table has
// a phased or periodic lane8 run (expanding passes by 2, 4 and other ratios
// of small integers) round the run's sums as they store them
// (width_pass_to_half and the bf16 form), the blocks around the run from the
// fp32 result rows: the same bytes as the whole rows width-passed into those
// and converted, finite or not (a non-finite sum sends the rows the
// converted way), height identity or not, any partition, on every target
// (those without the forms convert).
TEST(Paths, SixteenBitRunsRoundedInTheWidthPassGiveTheResultRowsBytes) {
  SixteenBitPathsGiveTheSameBytes(
      86, [](const resample::ResamplePlan& plan) { return plan.width16(); },
      [](resample::ResamplePlan& plan) { plan.DisableWidth16ForTesting(); },
      [](std::mt19937& rng) {
        resample::ResampleProblem p = RandomProblem(rng);
        int64_t a = 1, b = rng() % 2 ? 2 : 4;
        if (rng() % 3 == 0) b = 2 + int64_t(rng() % 8), a = 1 + int64_t(rng() % (b - 1));
        const int64_t unit = rng() % 4 == 0 ? 100 + int64_t(rng() % 300) : 4 + int64_t(rng() % 60);
        SetWidthPass(p, unit * a, unit * b);  // reads the narrow side, writes the wide one
        p.scales_w = 0;
        if (rng() % 2) p.in_h = p.out_h, p.scales_h = 0;  // the identity (1-D rows)
        return p;
      });
}

// Expanding width passes by 2 or 4 (the 2x and 4x upsampling forwards, the
// backwards of 2x and 4x downsampling) take the phased form inside their
// periodic run on AVX2 and AVX-512 (each phase's weights held, its sums
// interleaved into place; on AVX-512 for phases of 1 or 2 taps and runs of
// 16 periods): the same bytes as the lane form, finite or not, in either pass
// order and any partition, on every target; rows as short as one block and
// long enough for many, every filter.
TEST(Paths, PhasedWidthPassGivesTheLaneFormBytes) {
  PathGivesTheSameBytes(
      80, [](const resample::ResamplePlan& plan) { return plan.width_phased(); },
      [](resample::ResamplePlan& plan) { plan.DisablePhasedWidthForTesting(); },
      [](std::mt19937& rng) {
        resample::ResampleProblem p = RandomProblem(rng);
        const int64_t period = rng() % 2 ? 2 : 4;
        const int64_t unit = 4 + int64_t(rng() % 150);
        SetWidthPass(p, unit, unit * period);  // reads the narrow side, writes the wide one
        p.scales_w = 0;
        return p;
      });
}

// Expanding width passes by other ratios of small integers (224 -> 512, the
// backward of 512 -> 224: 16 destinations per 7 sources) take the periodic
// lane8 form inside their run on AVX2, and on AVX-512 where the run has at
// most two taps a destination (a group's indices and weights held,
// one window load per 8 destinations): the same bytes as the lane form,
// finite or not, in either pass order and any partition, on every target.
// Expansions by b/a (a < b <= 9), every filter.
TEST(Paths, PeriodicLane8WidthPassGivesTheLaneFormBytes) {
  PathGivesTheSameBytes(
      81,
      [](const resample::ResamplePlan& plan) {
        return plan.width_phased() && plan.width_blocked().lane8_period > 0;
      },
      [](resample::ResamplePlan& plan) { plan.DisablePhasedWidthForTesting(); },
      [](std::mt19937& rng) {
        resample::ResampleProblem p = RandomProblem(rng);
        ExpandWidthBySmallRatio(rng, p);
        return p;
      });
}

// AVX-512 takes the periodic lane8 form for runs of one or two taps a
// destination (the nearest backwards of shrinks by small ratios, linear
// ones): the same bytes as the lane form on every target, those runs picked
// out (the nearest, nearest-exact and linear filters, ratios b/a as above).
TEST(Paths, ShortPeriodicLane8RunsGiveTheLaneFormBytes) {
  PathGivesTheSameBytes(
      82,
      [](const resample::ResamplePlan& plan) {
        const resample::BlockedTable& t = plan.width_blocked();
        return plan.width_phased() && t.lane8_period > 0 && t.lane8_run_taps <= 2;
      },
      [](resample::ResamplePlan& plan) { plan.DisablePhasedWidthForTesting(); },
      [](std::mt19937& rng) {
        resample::ResampleProblem p = RandomProblem(rng);
        const resample::Filter filters[] = {
            resample::Filter::kNearest, resample::Filter::kNearestExact, resample::Filter::kLinear};
        p.filter = filters[rng() % 3];
        if (resample::IsNearest(p.filter)) p.direction = resample::Direction::kBackward;
        ExpandWidthBySmallRatio(rng, p);
        return p;
      });
}

// Runs p over contiguous views and over channels-last ones (the
// destination's rows `gap` elements apart) with the same values (N, C, H, W
// order): the same bytes in that order (NaN: a NaN), the gaps left as they
// were. Returns the channels-last plan.
std::unique_ptr<resample::ResamplePlan> ExpectPixelRowsGiveContiguousBytes(
    const resample::ResampleProblem& p, DataType dtype, const std::vector<float>& values,
    int64_t gap, const resample::Partition& part, const std::string& what,
    uint64_t row_cache_bytes = resample::ResamplePlan::kDefaultRowCacheBytes) {
  const bool backward = p.direction == resample::Direction::kBackward;
  const int64_t sh = backward ? p.out_h : p.in_h, sw = backward ? p.out_w : p.in_w;
  const int64_t dh = backward ? p.in_h : p.out_h, dw = backward ? p.in_w : p.out_w;
  const int64_t n = p.batch, c = p.channels;
  const size_t es = DataTypeSize(dtype);
  auto encode = [&](float v, unsigned char* at) {
    if (dtype == DataType::kFloat32) {
      std::memcpy(at, &v, 4);
    } else if (dtype == DataType::kFloat64) {
      const double d = v;
      std::memcpy(at, &d, 8);
    } else if (dtype == DataType::kUInt8) {
      *at = static_cast<unsigned char>(static_cast<int>(v * 60.0f + 128.0f));
    } else {
      const uint16_t b =
          dtype == DataType::kFloat16 ? resample::FloatToHalf(v) : resample::FloatToBFloat16(v);
      std::memcpy(at, &b, 2);
    }
  };
  // Layout 0 contiguous, 1 channels-last.
  auto strides_of = [&](int layout, int64_t h, int64_t w, int64_t row_gap, int64_t* st) {
    if (layout == 0) {
      st[3] = 1, st[2] = w, st[1] = h * w, st[0] = c * h * w;
    } else {
      st[1] = 1, st[3] = c, st[2] = w * c + row_gap, st[0] = h * (w * c + row_gap);
    }
  };
  std::vector<std::vector<unsigned char>> in_order(2);
  std::unique_ptr<resample::ResamplePlan> pixel_plan;
  for (int layout = 0; layout < 2; ++layout) {
    TensorView src;
    src.dtype = dtype;
    const int64_t ss[4] = {n, c, sh, sw};
    std::memcpy(src.shape, ss, sizeof ss);
    strides_of(layout, sh, sw, 0, src.strides);
    std::vector<unsigned char> src_bytes(size_t(src.strides[0] * n) * es);
    for (int64_t a = 0; a < n; ++a)
      for (int64_t b = 0; b < c; ++b)
        for (int64_t y = 0; y < sh; ++y)
          for (int64_t x = 0; x < sw; ++x)
            encode(values[size_t(((a * c + b) * sh + y) * sw + x)],
                   &src_bytes[size_t(a * src.strides[0] + b * src.strides[1] + y * src.strides[2] +
                                     x * src.strides[3]) *
                              es]);
    src.data = src_bytes.data();
    MutableTensorView dst;
    dst.dtype = dtype;
    const int64_t ds[4] = {n, c, dh, dw};
    std::memcpy(dst.shape, ds, sizeof ds);
    strides_of(layout, dh, dw, gap, dst.strides);
    std::vector<unsigned char> dst_bytes(size_t(dst.strides[0] * n) * es, 0xA5);
    dst.data = dst_bytes.data();
    const resample::ViewLayout src_layout{dtype, src.strides[3], src.strides[1]};
    const resample::ViewLayout dst_layout{dtype, dst.strides[3], dst.strides[1]};
    auto plan =
        resample::ResamplePlan::Create(p, src_layout, dst_layout, part, nullptr, row_cache_bytes);
    EXPECT_TRUE(plan) << what;
    if (!plan) return nullptr;
    // Pixel rows from kMinPixelChannels channels, copies (any dtype) from 2;
    // never double arithmetic.
    const bool copy = resample::IsNearest(p.filter) && p.direction == resample::Direction::kForward;
    const bool pixel =
        copy ? c >= 2
             : dtype != DataType::kFloat64 && c >= resample::ResamplePlan::kMinPixelChannels;
    EXPECT_EQ(plan->pixel_rows(), layout == 1 && pixel) << what;
    std::vector<unsigned char> scratch(plan->scratch_bytes());
    plan->Run(src, dst, scratch.data());
    for (int64_t a = 0; a < n; ++a)
      for (int64_t b = 0; b < c; ++b)
        for (int64_t y = 0; y < dh; ++y)
          for (int64_t x = 0; x < dw; ++x) {
            const size_t at = size_t(a * dst.strides[0] + b * dst.strides[1] + y * dst.strides[2] +
                                     x * dst.strides[3]) *
                              es;
            in_order[size_t(layout)].insert(in_order[size_t(layout)].end(), &dst_bytes[at],
                                            &dst_bytes[at] + es);
          }
    if (layout == 1) {
      for (int64_t a = 0; a < n; ++a)
        for (int64_t y = 0; y < dh; ++y)
          for (int64_t g = 0; g < gap * int64_t(es); ++g)
            EXPECT_EQ(dst_bytes[size_t(
                          (a * dst.strides[0] + y * dst.strides[2] + dw * c) * int64_t(es) + g)],
                      0xA5)
                << what << ": a gap between rows was written";
      pixel_plan = std::move(plan);
    }
  }
  // The same bytes, but for NaN: a NaN on both sides (x86 propagates the
  // NaN of an operand slot, so a sum's kernels may give it either sign).
  auto is_nan = [&](const unsigned char* e) {
    if (dtype == DataType::kFloat32) {
      float f;
      std::memcpy(&f, e, 4);
      return std::isnan(f);
    }
    if (dtype == DataType::kFloat64) {
      double f;
      std::memcpy(&f, e, 8);
      return std::isnan(f);
    }
    if (dtype == DataType::kUInt8) return false;
    uint16_t b;
    std::memcpy(&b, e, 2);
    return dtype == DataType::kFloat16 ? (b & 0x7c00) == 0x7c00 && (b & 0x3ff) != 0
                                       : (b & 0x7f80) == 0x7f80 && (b & 0x7f) != 0;
  };
  EXPECT_EQ(in_order[1].size(), in_order[0].size()) << what;
  if (in_order[1].size() != in_order[0].size()) return pixel_plan;
  for (size_t i = 0; i < in_order[0].size(); i += es) {
    const unsigned char* a = &in_order[0][i];
    const unsigned char* b = &in_order[1][i];
    if (is_nan(a) && is_nan(b)) continue;
    if (std::memcmp(a, b, es) != 0) {
      ADD_FAILURE() << what << ": element " << i / es << " differs";
      break;
    }
  }
  return pixel_plan;
}

// Channels-last views on both sides (C >= kMinPixelChannels) run as pixel
// rows: the bytes contiguous views give, in every filter of the fp32 engine,
// both directions, fp32 / fp16 / bf16, both pass orders and copies (identity
// axes), any partition, on every target; Inf and NaN included; destinations
// with rows apart (H stride past W * C) too. Nearest forwards (element
// copies: uint8 and double too) copy whole pixels from 2 channels on.
TEST(Paths, ChannelsLastPixelRowsGiveTheContiguousBytes) {
  const auto targets = resample::kernels::AvailableTargets();
  ASSERT_FALSE(targets.empty());
  std::mt19937 rng(91);
  const int64_t channel_counts[] = {2, 3, 4, 5, 8, 12, 16, 19, 64};
  std::map<int, int> orders;
  int copies = 0, planar = 0;
  for (int trial = 0; trial < 200; ++trial) {
    resample::kernels::ForceTarget(targets[size_t(trial) % targets.size()]);
    resample::ResampleProblem p;
    p.filter = static_cast<resample::Filter>(rng() % 6);
    p.direction = rng() % 2 ? resample::Direction::kForward : resample::Direction::kBackward;
    const bool copy = resample::IsNearest(p.filter) && p.direction == resample::Direction::kForward;
    const bool backward = p.direction == resample::Direction::kBackward;
    p.batch = 1 + int64_t(rng() % 3);
    p.channels = channel_counts[rng() % 9];
    auto size = [&] { return 1 + int64_t(rng() % 24); };
    p.in_h = size(), p.in_w = size();
    p.out_h = rng() % 4 == 0 ? p.in_h : size();
    p.out_w = rng() % 4 == 0 ? p.in_w : size();
    if (trial % 4 == 3) {  // height-first: rows past 32 pixels, sums of many rows
      const int64_t many = 40 + int64_t(rng() % 40), few = 4 + int64_t(rng() % 8);
      p.in_h = backward ? few : many, p.out_h = backward ? many : few;
      const int64_t wide = 50 + int64_t(rng() % 40), narrow = 33 + int64_t(rng() % 12);
      p.in_w = backward ? narrow : wide, p.out_w = backward ? wide : narrow;
    }
    p.align_corners = rng() % 4 == 0;
    if (rng() % 3 == 0) p.scales_h = 0.3 + (rng() % 100) / 30.0;
    const DataType dtype = static_cast<DataType>(rng() % (copy ? 5 : 3));
    copies += copy;
    const int64_t sh = backward ? p.out_h : p.in_h, sw = backward ? p.out_w : p.in_w;
    std::vector<float> values(size_t(p.batch * p.channels * sh * sw));
    std::uniform_real_distribution<float> uni(-2.0f, 2.0f);
    for (float& v : values) v = uni(rng);
    if (trial % 5 == 0) {
      values[rng() % values.size()] = std::numeric_limits<float>::infinity();
      values[rng() % values.size()] = -std::numeric_limits<float>::infinity();
      values[rng() % values.size()] = std::numeric_limits<float>::quiet_NaN();
    }
    const resample::Partition part{1 + int64_t(rng() % 7), 1 + int(rng() % 3)};
    // Small row caches: sums in groups of a few ring rows (the same bytes).
    const uint64_t budgets[] = {0, 4096, resample::ResamplePlan::kDefaultRowCacheBytes};
    const uint64_t budget = budgets[rng() % 3];
    const std::string what = std::string(resample::kernels::CurrentKernels().target_name) +
                             " budget " + std::to_string(budget) + " trial " +
                             std::to_string(trial) + " filter " + resample::FilterName(p.filter) +
                             (backward ? " backward" : " forward") + " dtype " +
                             std::to_string(int(dtype)) + " C " + std::to_string(p.channels) + " " +
                             std::to_string(sh) + "x" + std::to_string(sw);
    auto plan = ExpectPixelRowsGiveContiguousBytes(p, dtype, values, trial % 2 ? 3 * p.channels : 0,
                                                   part, what, budget);
    ASSERT_TRUE(plan) << what;
    ++orders[static_cast<int>(plan->order())];
    planar += plan->pixel_planar();
    if (::testing::Test::HasFailure()) break;
  }
  resample::kernels::ForceTarget(0);
  EXPECT_GT(copies, 20);
  EXPECT_GT(planar, 20);
  EXPECT_GT(orders[static_cast<int>(resample::PassOrder::kHeightFirst)], 10);
  EXPECT_GT(orders[static_cast<int>(resample::PassOrder::kWidthFirst)], 10);
  EXPECT_GT(orders[static_cast<int>(resample::PassOrder::kCopy)], 0);
}

// Pixel rows into destinations far larger than the caches are streamed
// (non-temporal stores), in both pass orders, with the contiguous bytes:
// problems of an eighth to a tenth of 4.2M-element destinations, planned as
// parts of one past the threshold (as a volume's slices are).
TEST(StreamedStores, ChannelsLastPixelRowsGiveTheContiguousBytes) {
  std::mt19937 rng(92);
  std::map<int, int> orders;
  // (filter, direction, in h, in w, out h, out w, channels).
  // Channels 2 and 3: through planes (pixel_planar), expanding width passes.
  struct Case {
    resample::Filter filter;
    resample::Direction direction;
    int64_t in_h, in_w, out_h, out_w, channels;
  };
  const Case cases[] = {
      {resample::Filter::kLinear, resample::Direction::kForward, 128, 128, 256, 256, 8},
      {resample::Filter::kCubicAA, resample::Direction::kBackward, 256, 256, 64, 128, 8},
      {resample::Filter::kLinearAA, resample::Direction::kForward, 512, 96, 256, 256, 8},
      {resample::Filter::kLinear, resample::Direction::kForward, 60, 300, 120, 1200, 3},
      {resample::Filter::kCubicAA, resample::Direction::kBackward, 120, 1200, 100, 600, 3},
      {resample::Filter::kNearest, resample::Direction::kBackward, 150, 1500, 70, 750, 2},
  };
  int planar = 0;
  for (const Case& k : cases) {
    for (DataType dtype : {DataType::kFloat32, DataType::kBFloat16}) {
      resample::ResampleProblem p;
      p.batch = 1, p.channels = k.channels;
      p.in_h = k.in_h, p.in_w = k.in_w, p.out_h = k.out_h, p.out_w = k.out_w;
      p.direction = k.direction, p.filter = k.filter;
      const bool backward = p.direction == resample::Direction::kBackward;
      std::vector<float> values(
          size_t(k.channels * (backward ? k.out_h * k.out_w : k.in_h * k.in_w)));
      std::uniform_real_distribution<float> uni(-2.0f, 2.0f);
      for (float& v : values) v = uni(rng);
      const std::string what = std::string(resample::FilterName(p.filter)) + " dtype " +
                               std::to_string(static_cast<int>(dtype));
      auto plan =
          ExpectPixelRowsGiveContiguousBytes(p, dtype, values, 0, {4, 2, 8.0 * (1 << 20)}, what);
      ASSERT_TRUE(plan) << what;
      EXPECT_TRUE(plan->destination_streamed()) << what;
      EXPECT_EQ(plan->pixel_planar(), k.channels <= 3) << what;
      planar += plan->pixel_planar();
      ++orders[static_cast<int>(plan->order())];
    }
  }
  EXPECT_GT(orders[static_cast<int>(resample::PassOrder::kHeightFirst)], 0);
  EXPECT_GT(orders[static_cast<int>(resample::PassOrder::kWidthFirst)], 0);
  EXPECT_EQ(planar, 6);
}

}  // namespace
}  // namespace aclnn_host::testing
