// Promise: with UseOpenMP(true) in a process that has libgomp (this program
// is built with -fopenmp, as PyTorch is), parallel calls run on the calling
// thread's OpenMP team, thread i of the team as slot i on the i-th static
// share; tiny jobs on the caller alone; a call from inside a parallel region
// runs all its tasks; results are the bytes the library's own threads give.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <random>
#include <thread>
#include <vector>

#include "aclnn_host/resize.h"
#include "pool_support.h"
#include "resample/thread_pool.h"

namespace aclnn_host::testing {
namespace {

TEST(OpenMP, TeamThreadsRunTheirStaticSharesAsTheirSlots) {
  resample::ThreadPool pool(4);
  ASSERT_TRUE(pool.UseOpenMP(true));
  ASSERT_TRUE(pool.using_openmp());
  EXPECT_EQ(pool.num_threads(), 4);
  std::atomic<int> bad{0}, outside{0};
  ExpectStaticShares(pool, [&](int64_t, int slot) {
    if (slot != omp_get_thread_num()) ++bad;
    if (!omp_in_parallel()) ++outside;
  });
  EXPECT_EQ(bad.load(), 0) << "a task whose slot is not its OpenMP thread number";
  EXPECT_EQ(outside.load(), 0) << "tasks run outside the team";

  // A cap below the pool's size: the team has that many threads.
  std::atomic<int> max_slot{0};
  pool.ParallelFor(64, 2, [&](int64_t, int slot) {
    int seen = max_slot.load();
    while (slot > seen && !max_slot.compare_exchange_weak(seen, slot)) {
    }
  });
  EXPECT_LT(max_slot.load(), 2);
}

TEST(OpenMP, MicroAndTinyJobsRunOnTheCallerAloneAndTheOthersOnTheTeam) {
  resample::ThreadPool pool(2);
  ASSERT_TRUE(pool.UseOpenMP(true));
  std::atomic<int> in_team{0}, ran{0};
  std::atomic<int64_t> alone_count{-1};
  const auto whole = [&](int64_t count, int slot) { alone_count = slot == 0 ? count : -2; };
  const resample::TaskRef alone(whole);
  const auto count = [&](int64_t, int) {
    ++ran;
    if (omp_in_parallel()) ++in_team;
  };
  pool.ParallelFor(16, 2, count, resample::JobSize::kTiny, &alone);
  EXPECT_EQ(ran.load(), 0);
  EXPECT_EQ(alone_count.load(), 16);
  alone_count = -1;
  pool.ParallelFor(16, 2, count, resample::JobSize::kMicro, &alone);
  EXPECT_EQ(ran.load(), 0);
  EXPECT_EQ(alone_count.load(), 16);
  // The same job sized large runs on the team.
  pool.ParallelFor(16, 2, count, resample::JobSize::kLarge, &alone);
  EXPECT_EQ(ran.load(), 16);
  EXPECT_EQ(in_team.load(), 16);
  // A small job after an idle spell too (the pool's own threads would have
  // run it on the caller: theirs sleep, the team's are libgomp's business).
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  pool.ParallelFor(16, 2, count, resample::JobSize::kSmall, &alone);
  EXPECT_EQ(ran.load(), 32);
  EXPECT_EQ(in_team.load(), 32);
}

// From inside a parallel region the team is the calling thread alone (no
// nested parallelism): every task still runs, once.
TEST(OpenMP, CallsFromInsideAParallelRegionRunEveryTask) {
  resample::ThreadPool pool(2);
  ASSERT_TRUE(pool.UseOpenMP(true));
  std::atomic<int> runs[2][100] = {};
#pragma omp parallel num_threads(2)
  {
    const int outer = omp_get_thread_num();
    pool.ParallelFor(100, 2, [&](int64_t task, int) { ++runs[outer][task]; });
  }
  for (int outer = 0; outer < 2; ++outer) {
    for (int t = 0; t < 100; ++t) EXPECT_EQ(runs[outer][t].load(), 1) << outer << " " << t;
  }
}

TEST(OpenMP, OffReturnsToTheLibrarysThreads) {
  resample::ThreadPool pool(3);
  ASSERT_TRUE(pool.UseOpenMP(true));
  EXPECT_FALSE(pool.UseOpenMP(false));
  EXPECT_FALSE(pool.using_openmp());
  std::atomic<int> in_team{0}, ran{0};
  pool.ParallelFor(30, 3, [&](int64_t, int) {
    ++ran;
    if (omp_in_parallel()) ++in_team;
  });
  EXPECT_EQ(ran.load(), 30);
  EXPECT_EQ(in_team.load(), 0);
  EXPECT_EQ(pool.num_threads(), 3);
}

// A contiguous float32 view (TensorView, VolumeView or their Mutable forms)
// of `shape` over data.
template <class View, class Data, size_t kRank>
View Dense(Data* data, const int64_t (&shape)[kRank]) {
  View view;
  view.data = data;
  view.dtype = DataType::kFloat32;
  for (size_t k = kRank, stride = 1; k-- > 0;) {
    view.shape[k] = shape[k];
    view.strides[k] = static_cast<int64_t>(stride);
    stride *= static_cast<size_t>(shape[k]);
  }
  return view;
}

// The library's calls on the team give the bytes its own threads give, at
// several thread counts, forward and backward, 2-D and 3-D.
TEST(OpenMP, ResizesGiveTheSameBytesOnTheTeam) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  // (2, 32, 96, 96) -> 45x61 bicubic AA, and its backward; over 3 MiB, so
  // the team runs them.
  const int64_t big[4] = {2, 32, 96, 96}, small[4] = {2, 32, 45, 61};
  std::vector<float> x(2 * 32 * 96 * 96), gy(2 * 32 * 45 * 61);
  for (float& v : x) v = dist(rng);
  for (float& v : gy) v = dist(rng);
  const int64_t vol[5] = {1, 8, 20, 40, 40}, vol_out[5] = {1, 8, 37, 64, 72};
  std::vector<float> v(1 * 8 * 20 * 40 * 40);
  for (float& e : v) e = dist(rng);
  const auto run = [&](bool openmp, int threads) {
    EXPECT_EQ(UseOpenMP(openmp), openmp);
    SetNumThreads(threads);
    ResizeOptions o;
    o.mode = ResizeMode::kCubic;
    o.antialias = true;
    std::vector<float> y(gy.size()), gx(x.size());
    EXPECT_TRUE(
        Resize(Dense<TensorView>(x.data(), big), Dense<MutableTensorView>(y.data(), small), o)
            .ok());
    EXPECT_TRUE(ResizeBackward(Dense<TensorView>(gy.data(), small),
                               Dense<MutableTensorView>(gx.data(), big), o)
                    .ok());
    ResizeOptions t;
    t.mode = ResizeMode::kLinear;
    std::vector<float> w(1 * 8 * 37 * 64 * 72);
    EXPECT_TRUE(
        Resize3d(Dense<VolumeView>(v.data(), vol), Dense<MutableVolumeView>(w.data(), vol_out), t)
            .ok());
    std::vector<float> all(y);
    all.insert(all.end(), gx.begin(), gx.end());
    all.insert(all.end(), w.begin(), w.end());
    return all;
  };
  const int original = GetNumThreads();
  const std::vector<float> own = run(false, 2);
  for (int threads : {2, 3, 1, 4}) {
    const std::vector<float> team = run(true, threads);
    ASSERT_EQ(team.size(), own.size());
    EXPECT_EQ(std::memcmp(team.data(), own.data(), own.size() * sizeof(float)), 0)
        << "threads " << threads;
  }
  run(false, original);
}

}  // namespace
}  // namespace aclnn_host::testing
