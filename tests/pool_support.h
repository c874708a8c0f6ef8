// Helpers of the thread-pool tests (concurrency_test, openmp_test).
#ifndef ACLNN_HOST_TESTS_POOL_SUPPORT_H_
#define ACLNN_HOST_TESTS_POOL_SUPPORT_H_

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <thread>

#include "resample/thread_pool.h"

namespace aclnn_host::testing {

// Waits (yielding) until ready() holds or 10 s have passed.
inline void WaitFor(const std::function<bool()>& ready) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!ready() && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
}

// Runs 42 tasks on `pool` (4 threads or more) with a cap of 4, every slot's
// first task waiting until all four have started one, and each task also
// calls in_task(task, slot). Every task must run once, and slot s start on
// the first task of its static share (42 over 4: 11, 11, 10, 10).
inline void ExpectStaticShares(resample::ThreadPool& pool,
                               const std::function<void(int64_t, int)>& in_task) {
  constexpr int64_t kTasks = 42;
  std::atomic<int64_t> first[4] = {-1, -1, -1, -1};
  std::atomic<int> started{0};
  std::atomic<int> runs[kTasks] = {};
  pool.ParallelFor(kTasks, 4, [&](int64_t task, int slot) {
    ++runs[task];
    in_task(task, slot);
    int64_t none = -1;
    if (first[slot].compare_exchange_strong(none, task)) {
      ++started;
      WaitFor([&] { return started.load() == 4; });
    }
  });
  EXPECT_EQ(first[0].load(), 0);
  EXPECT_EQ(first[1].load(), 11);
  EXPECT_EQ(first[2].load(), 22);
  EXPECT_EQ(first[3].load(), 32);
  for (int64_t t = 0; t < kTasks; ++t) EXPECT_EQ(runs[t].load(), 1) << "task " << t;
}

}  // namespace aclnn_host::testing

#endif  // ACLNN_HOST_TESTS_POOL_SUPPORT_H_
