// Promise: several host threads may drive the op at once, each on its own
// stream or all on one shared stream, with results bitwise equal to a
// single-threaded run (run under ThreadSanitizer by the test command).
#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "aclnn_host/upsample_bicubic2d_aa.h"
#include "pool_support.h"
#include "resample/resample_plan.h"
#include "resample/thread_pool.h"
#include "runtime/runtime.h"
#include "test_support.h"

namespace aclnn_host::testing {
namespace {

struct Job {
  std::vector<int64_t> go_shape, in_shape;
  aclDataType dtype;
  bool ac;
  double sh, sw;
};

std::vector<float> Grad(const Job& j, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-1, 1);
  std::vector<float> g(size_t(j.go_shape[0] * j.go_shape[1] * j.go_shape[2] * j.go_shape[3]));
  for (float& v : g) v = d(rng);
  return g;
}

std::vector<float> RunJob(const Job& j, unsigned seed, aclrtStream stream) {
  DeviceTensor go, out;
  MakeDeviceTensor(&go, j.go_shape, j.dtype, Layout::kContiguous);
  MakeDeviceTensor(&out, j.in_shape, j.dtype, Layout::kPaddedOffset);
  WriteValues(&go, Grad(j, seed));
  const OpCall c =
      RunBackward(&go, &out, {j.go_shape[2], j.go_shape[3]}, j.in_shape, j.ac, j.sh, j.sw, stream);
  EXPECT_EQ(c.phase2, ACLNN_SUCCESS) << c.message;
  return ReadValues(out);
}

const Job kJobs[] = {
    {{2, 3, 20, 30}, {2, 3, 47, 61}, ACL_FLOAT, false, 0, 0},
    {{1, 2, 64, 64}, {1, 2, 31, 17}, ACL_FLOAT16, true, 0, 0},
    {{1, 1, 9, 90}, {1, 1, 40, 40}, ACL_BF16, false, 0.2, 0},
    {{3, 1, 16, 16}, {3, 1, 16, 16}, ACL_FLOAT, false, 0, 0},
};

TEST(Concurrency, OwnStreamsAndSharedStreamMatchSerialRuns) {
  std::vector<std::vector<float>> serial;
  for (size_t i = 0; i < 8; ++i) serial.push_back(RunJob(kJobs[i % 4], unsigned(i), nullptr));
  aclrtStream shared = nullptr;
  ASSERT_EQ(aclrtCreateStream(&shared), ACL_SUCCESS);
  std::vector<std::vector<float>> own(8), on_shared(8);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      aclrtStream s = nullptr;
      ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
      for (int rep = 0; rep < 3; ++rep) own[i] = RunJob(kJobs[i % 4], unsigned(i), s);
      ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
      on_shared[i] = RunJob(kJobs[i % 4], unsigned(i), shared);
    });
  }
  for (auto& t : threads) t.join();
  ASSERT_EQ(aclrtDestroyStream(shared), ACL_SUCCESS);
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(own[i], serial[i]) << i;
    EXPECT_EQ(on_shared[i], serial[i]) << i;
  }
}

TEST(Concurrency, DestroyingAStreamRunsItsPendingWork) {
  const Job& j = kJobs[0];
  DeviceTensor go, out;
  MakeDeviceTensor(&go, j.go_shape, j.dtype, Layout::kContiguous);
  MakeDeviceTensor(&out, j.in_shape, j.dtype, Layout::kContiguous);
  WriteValues(&go, std::vector<float>(size_t(2 * 3 * 20 * 30), 1.0f));
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  aclIntArray* osz = aclCreateIntArray(&j.go_shape[2], 2);
  aclIntArray* isz = aclCreateIntArray(j.in_shape.data(), 4);
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  void* ws = nullptr;
  ASSERT_NO_FATAL_FAILURE(PlanBackward(go, osz, isz, out, &exec, &ws_size, &ws));
  ASSERT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, s), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);  // waits for the queued work
  double sum = 0;
  for (float v : ReadValues(out)) sum += v;
  EXPECT_NEAR(sum, 2.0 * 3 * 20 * 30, 1e-2);
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
  aclDestroyIntArray(osz);
  aclDestroyIntArray(isz);
}

// Per-thread scratch is indexed by the slot ParallelFor passes: a slot must
// stay below the job's thread cap (the pool may have more threads than the
// plan was made for) and never be used by two running tasks at once.
TEST(ThreadPool, SlotsStayBelowTheCapAndAreNeverShared) {
  resample::ThreadPool pool(4);
  for (int cap : {1, 2, 3, 4, 6}) {
    std::atomic<int> busy[8] = {};
    std::atomic<int> bad{0}, ran{0}, max_slot{0};
    pool.ParallelFor(300, cap, [&](int64_t, int slot) {
      if (slot < 0 || slot >= std::min(cap, 4) || busy[slot].fetch_add(1) != 0) {
        ++bad;
        return;
      }
      int seen = max_slot.load();
      while (slot > seen && !max_slot.compare_exchange_weak(seen, slot)) {
      }
      volatile double x = 0;  // long enough for tasks to overlap
      for (int i = 0; i < 20000; ++i) x = x + i;
      busy[slot].fetch_sub(1);
      ++ran;
    });
    EXPECT_EQ(bad.load(), 0) << "cap " << cap;
    EXPECT_EQ(ran.load(), 300) << "cap " << cap;
    EXPECT_LT(max_slot.load(), std::min(cap, 4)) << "cap " << cap;
  }
}

// Workers started by SetNumThreads must not join a job that finished before
// they started: one that did would take tasks of the next job under its own
// slot even when that job's cap is lower (per-thread scratch overrun).
TEST(ThreadPool, WorkersStartedByAResizeRespectTheNextCap) {
  resample::ThreadPool pool(8);
  int bad = 0;
  for (int round = 0; round < 1000; ++round) {
    pool.ParallelFor(16, 8, [](int64_t, int) {});  // a finished job with cap 8
    pool.SetNumThreads(8);
    std::atomic<int> over{0};
    pool.ParallelFor(64, 2, [&](int64_t, int slot) {
      if (slot < 0 || slot >= 2) ++over;
      volatile int x = 0;
      for (int i = 0; i < 2000; ++i) x = x + i;
    });
    bad += over.load();
  }
  EXPECT_EQ(bad, 0) << "tasks run with a slot at or above the cap";
}

// Waits until every one of the pool's `workers` sleeps, then for an idle
// spell longer than the pool's 1 ms (kIdleBeforeInline).
void WaitUntilIdle(const resample::ThreadPool& pool, int workers) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (pool.SleepingWorkersForTesting() != workers &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(pool.SleepingWorkersForTesting(), workers);
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

// The slots (a bit each) that ran the 64 tasks of a job of this size on a
// pool of 4 threads, each task a few microseconds of work.
int SlotsUsed(resample::ThreadPool& pool, resample::JobSize size) {
  std::atomic<int> mask{0};
  pool.ParallelFor(
      64, 4,
      [&](int64_t, int slot) {
        mask.fetch_or(1 << slot);
        volatile double x = 0;
        for (int i = 0; i < 20000; ++i) x = x + i;
      },
      size);
  return mask.load();
}

// Small jobs (JobSize::kSmall) after an idle spell, with every worker
// asleep, run on the caller alone (slot 0): waking a sleeping worker costs
// more than such a job. Jobs that may wake them spread as before, and a
// small job right after another may use workers still awake.
TEST(ThreadPool, SmallJobsAfterAnIdleSpellRunOnTheCaller) {
  resample::ThreadPool pool(4);
  const auto idle = [&] { WaitUntilIdle(pool, 3); };
  for (int round = 0; round < 5; ++round) {
    idle();
    EXPECT_EQ(SlotsUsed(pool, resample::JobSize::kSmall), 1) << "round " << round;
  }
  // A job that wakes them: the tasks ran on allowed slots (which ones is up
  // to the scheduler: woken workers may take them all while the caller is
  // still in notify_all).
  idle();
  const int mask = SlotsUsed(pool, resample::JobSize::kLarge);
  EXPECT_NE(mask, 0);
  EXPECT_EQ(mask & ~0xF, 0);
  // Medium jobs wake them too: a first task that waits for a second slot
  // would wait in vain on a caller alone.
  idle();
  std::atomic<int> slots{0};
  pool.ParallelFor(
      2, 4,
      [&](int64_t, int slot) {
        slots.fetch_or(1 << slot);
        WaitFor([&] { return (slots.load() & (slots.load() - 1)) != 0; });  // two bits set
      },
      resample::JobSize::kMedium);
  EXPECT_NE(slots.load() & ~1, 0) << "no worker woke for a medium job";
}

// Micro jobs (JobSize::kMicro, under kMicroJobBytes) run on the caller alone
// even right after another job, with every worker awake and watching for
// work: handing out their tasks costs more than they do. A job of any other
// size at that moment spreads as before.
TEST(ThreadPool, MicroJobsRunOnTheCallerWithWorkersAwake) {
  resample::ThreadPool pool(4);
  int spread = 0;
  for (int round = 0; round < 5; ++round) {
    SlotsUsed(pool, resample::JobSize::kLarge);  // wakes the workers; they watch for kSpin
    EXPECT_EQ(SlotsUsed(pool, resample::JobSize::kMicro), 1) << "round " << round;
    spread += SlotsUsed(pool, resample::JobSize::kSmall) != 1;  // workers still awake join it
  }
  EXPECT_GT(spread, 0) << "no small job right after another used a worker";
}

// A problem's default partition: one thread and one chunk under
// kMicroJobBytes (such a job runs on the caller), the threads asked for
// otherwise; a volume's phase plans (part of a larger job) keep them.
TEST(ThreadPool, MicroProblemsArePlannedForOneThread) {
  resample::ResampleProblem p{1, 3, 100, 3, 300, 7, false, 0, 0};  // 29 KB
  const auto part = [&](bool part_of_larger_job) {
    return resample::ResamplePlan::DefaultPartition(p, DataType::kFloat32, DataType::kFloat32, 2,
                                                    part_of_larger_job);
  };
  EXPECT_EQ(part(false).job_size, resample::JobSize::kMicro);
  EXPECT_EQ(part(false).threads, 1);
  EXPECT_EQ(part(false).chunks, 1);
  EXPECT_EQ(part(true).threads, 2);
  EXPECT_GT(part(true).chunks, 1);
  p.channels = 8;  // 76 KB
  EXPECT_EQ(part(false).job_size, resample::JobSize::kTiny);
  EXPECT_EQ(part(false).threads, 2);
  EXPECT_GT(part(false).chunks, 1);
}

// Runs fn on a thread of its own that may run on `cpu` only.
void RunPinnedTo(int cpu, const std::function<void()>& fn) {
  std::thread t([&] {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    ASSERT_EQ(pthread_setaffinity_np(pthread_self(), sizeof set, &set), 0);
    ASSERT_EQ(sched_getcpu(), cpu);
    fn();
  });
  t.join();
}

// A job's workers are kept off the CPU of the thread that runs it, where
// every worker still has a CPU of its own (kernels that pack woken threads
// onto busy CPUs put them on the caller's): the worker's tasks run on
// another CPU, and the rule follows the caller to its next CPU. With more
// threads than CPUs the workers keep every CPU.
TEST(ThreadPool, WorkersAreKeptOffTheCallersCpu) {
  const std::vector<int> cpus = resample::CallingThreadCpus();
  if (cpus.size() < 2) GTEST_SKIP() << "needs 2 CPUs, this process may use " << cpus.size();
  const int first = cpus[0], second = cpus[1];
  resample::ThreadPool pool(2);
  const auto worker_cpus = [&](int caller_cpu) {
    WaitFor([&] { return pool.SleepingWorkersForTesting() == 1; });  // each job wakes it
    std::vector<int> seen;
    std::mutex seen_mutex;
    std::atomic<int> started{0};
    RunPinnedTo(caller_cpu, [&] {
      pool.ParallelFor(2, 2, [&](int64_t, int slot) {
        ++started;
        WaitFor([&] { return started.load() == 2; });  // both slots take a task
        if (slot == 1) {
          std::lock_guard<std::mutex> lock(seen_mutex);
          seen.push_back(sched_getcpu());
        }
      });
    });
    EXPECT_EQ(started.load(), 2);
    return seen;
  };
  for (int caller : {first, second, first}) {
    const int other = caller == first ? second : first;
    for (int cpu : worker_cpus(caller)) EXPECT_NE(cpu, caller) << "caller on CPU " << caller;
    EXPECT_FALSE(pool.WorkersMayRunOnForTesting(caller)) << "caller on CPU " << caller;
    EXPECT_TRUE(pool.WorkersMayRunOnForTesting(other)) << "caller on CPU " << caller;
  }

  resample::ThreadPool crowded(static_cast<int>(cpus.size()) + 1);  // a worker per CPU and one more
  WaitFor([&] { return crowded.SleepingWorkersForTesting() == static_cast<int>(cpus.size()); });
  RunPinnedTo(first, [&] { crowded.ParallelFor(64, 64, [](int64_t, int) {}); });
  for (int cpu : cpus) EXPECT_TRUE(crowded.WorkersMayRunOnForTesting(cpu)) << "CPU " << cpu;
}

// Each slot starts on its own contiguous share, as OpenMP's static schedule
// deals them (42 tasks over 4 slots: 11, 11, 10, 10), so a core touches the
// part of a tensor that PyTorch's kernels gave it; a slot done with its share
// takes tasks from the back of another's. Every task runs once.
TEST(ThreadPool, SlotsStartOnTheirStaticShareAndStealFromTheBack) {
  resample::ThreadPool pool(4);
  ExpectStaticShares(pool, [](int64_t, int) {});

  // Slot 1 stalls in its first task (after all four started) until the
  // others ran everything else: they took the rest of its share.
  constexpr int64_t kTasks = 42;
  std::atomic<int> done{0};
  std::vector<int> slot_of(kTasks, -1);
  std::mutex slot_mutex;
  std::atomic<int64_t> first[4] = {-1, -1, -1, -1};
  std::atomic<int> started{0};
  pool.ParallelFor(kTasks, 4, [&](int64_t task, int slot) {
    {
      std::lock_guard<std::mutex> lock(slot_mutex);
      slot_of[static_cast<size_t>(task)] = slot;
    }
    int64_t none = -1;
    if (first[slot].compare_exchange_strong(none, task)) {
      ++started;
      WaitFor([&] { return started.load() == 4; });
      if (slot == 1) WaitFor([&] { return done.load() == kTasks - 1; });
    }
    ++done;
  });
  EXPECT_EQ(done.load(), kTasks);
  EXPECT_EQ(slot_of[11], 1);
  EXPECT_EQ(std::count(slot_of.begin(), slot_of.end(), 1), 1) << "slot 1 ran tasks after task 11";
  EXPECT_EQ(std::count(slot_of.begin(), slot_of.end(), -1), 0);
}

// Without libgomp in the process (this program has none) UseOpenMP(true)
// changes nothing and says so; the pool's own threads go on.
TEST(ThreadPool, UseOpenMPWithoutLibgompKeepsTheOwnThreads) {
  resample::ThreadPool pool(2);
  EXPECT_FALSE(pool.UseOpenMP(true));
  EXPECT_FALSE(pool.using_openmp());
  EXPECT_FALSE(aclnn_host::UseOpenMP(true));
  std::atomic<int> ran{0};
  pool.ParallelFor(10, 2, [&](int64_t, int) { ++ran; });
  EXPECT_EQ(ran.load(), 10);
}

// A caller that runs every task itself calls `alone` once instead (a plan
// runs its chunks as one range there); jobs that spread over threads run the
// tasks and never call it.
TEST(ThreadPool, ACallerAloneRunsTheWholeJobInOneCall) {
  const auto run = [](resample::ThreadPool& pool, int cap, resample::JobSize size) {
    std::atomic<int> tasks{0}, alone_calls{0};
    std::atomic<int64_t> alone_count{-1};
    const auto whole = [&](int64_t count, int slot) {
      ++alone_calls;
      alone_count = slot == 0 ? count : -2;
    };
    const resample::TaskRef alone(whole);
    pool.ParallelFor(
        40, cap,
        [&](int64_t, int) {
          ++tasks;
          volatile double x = 0;
          for (int i = 0; i < 20000; ++i) x = x + i;
        },
        size, &alone);
    return std::make_tuple(tasks.load(), alone_calls.load(), alone_count.load());
  };
  resample::ThreadPool one(1);
  EXPECT_EQ(run(one, 4, resample::JobSize::kLarge), std::make_tuple(0, 1, int64_t{40}));
  resample::ThreadPool four(4);
  EXPECT_EQ(run(four, 1, resample::JobSize::kLarge), std::make_tuple(0, 1, int64_t{40}))
      << "a cap of one thread";
  EXPECT_EQ(run(four, 4, resample::JobSize::kLarge), std::make_tuple(40, 0, int64_t{-1}))
      << "a job that wakes workers";
  // A small job after an idle spell with every worker asleep.
  ASSERT_NO_FATAL_FAILURE(WaitUntilIdle(four, 3));
  EXPECT_EQ(run(four, 4, resample::JobSize::kSmall), std::make_tuple(0, 1, int64_t{40}))
      << "a small job, idle pool";
}

// A small task launched on an idle stream whose thread sleeps runs on the
// launching thread, before Enqueue returns (waking the stream's thread costs
// more); behind queued work it waits its turn. A synchronize returns after
// it either way.
TEST(Streams, SmallTasksOnAnIdleStreamRunOnTheCaller) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  const std::thread::id caller = std::this_thread::get_id();
  int inline_small = 0;
  for (int attempt = 0; attempt < 20; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));  // the stream's thread sleeps
    std::atomic<bool> ran{false};
    std::thread::id ran_on;
    ASSERT_TRUE(runtime::Enqueue(
        s,
        [&] {
          ran_on = std::this_thread::get_id();
          ran = true;
        },
        {}, true));
    const bool done_at_return = ran.load();
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    ASSERT_TRUE(ran.load());
    // Done when Enqueue returned and on this thread: run inside the launch
    // (a synchronize that runs it here finds it not done at return; the
    // stream's thread may finish it before the launch returns).
    inline_small += done_at_return && ran_on == caller;
  }
  // The stream's thread is asleep after 10 ms idle, but on a loaded machine
  // it may not have got that far every time: most attempts must find it so.
  EXPECT_GE(inline_small, 10);
  // A small task launched while another runs (here on another host thread,
  // itself run on its caller) waits its turn: the stream's order holds.
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::vector<int> order;
  std::mutex m;
  std::atomic<bool> first_started{false};
  std::thread other([&] {
    EXPECT_TRUE(runtime::Enqueue(
        s,
        [&] {
          first_started = true;
          std::this_thread::sleep_for(std::chrono::milliseconds(30));
          std::lock_guard<std::mutex> lock(m);
          order.push_back(1);
        },
        {}, true));
  });
  while (!first_started.load()) std::this_thread::yield();
  ASSERT_TRUE(runtime::Enqueue(
      s,
      [&] {
        std::lock_guard<std::mutex> lock(m);
        order.push_back(2);
      },
      {}, true));
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  other.join();
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
  ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

// aclrtSynchronizeStream waits for the work queued before it, not for work
// other threads keep launching meanwhile (it used to wait for an empty queue:
// a stream fed without pause held it forever).
TEST(Streams, SynchronizeWaitsOnlyForTheWorkQueuedBeforeIt) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  std::atomic<int> early_done{0};
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(runtime::Enqueue(s,
                                 [&] {
                                   std::this_thread::sleep_for(std::chrono::milliseconds(5));
                                   ++early_done;
                                 },
                                 {}));
  }
  std::atomic<bool> stop{false};
  const auto start = std::chrono::steady_clock::now();
  std::thread feeder([&] {
    // Keeps the queue from ever emptying, for at most 3 s.
    while (!stop.load() && std::chrono::steady_clock::now() - start < std::chrono::seconds(3)) {
      runtime::Enqueue(s, [] { std::this_thread::sleep_for(std::chrono::microseconds(200)); }, {});
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(2));  // the feeder is feeding
  ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  const auto waited = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(early_done.load(), 3);
  stop = true;
  feeder.join();
  EXPECT_LT(waited, std::chrono::milliseconds(2500)) << "the synchronize waited for later launches";
  ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

// aclrtSynchronizeDevice (and aclFinalize / aclrtResetDevice, which share
// it) waits on every live stream; one that another thread destroys meanwhile
// stays alive until it is done with it (it used to be freed under it: a use
// after free, a hang in the freed stream's mutex).
TEST(Streams, SynchronizeDeviceOutlivesAStreamDestroyedMeanwhile) {
  for (int round = 0; round < 4; ++round) {
    aclrtStream busy = nullptr, idle = nullptr;
    ASSERT_EQ(aclrtCreateStream(&busy), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&idle), ACL_SUCCESS);
    for (int i = 0; i < 20; ++i) {
      ASSERT_TRUE(runtime::Enqueue(
          busy, [] { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }, {}));
    }
    std::atomic<aclError> synced{-1};
    std::thread device([&] { synced = aclrtSynchronizeDevice(); });
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_EQ(aclrtDestroyStream(idle), ACL_SUCCESS);
    device.join();
    EXPECT_EQ(synced.load(), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStream(busy), ACL_SUCCESS);
  }
}

// aclrtFreeHost frees only what aclrtMallocHost gave, once (it passed any
// pointer to free(): a double free, or a device block freed behind the
// runtime's back).
TEST(Runtime, FreeHostTakesOnlyLiveHostBlocks) {
  void* host = nullptr;
  ASSERT_EQ(aclrtMallocHost(&host, 64), ACL_SUCCESS);
  ASSERT_NE(host, nullptr);
  EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
  EXPECT_EQ(aclrtFreeHost(host), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("not a live block from aclrtMallocHost"),
            std::string::npos)
      << aclGetRecentErrMsg();
  EXPECT_EQ(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM);
  void* device = nullptr;
  ASSERT_EQ(aclrtMalloc(&device, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclrtFreeHost(device), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

// Phase 2 on one executor (not repeatable) from several threads at once runs
// it once: one call succeeds, the others find it not live (each found it
// live and launched it before the first run released it).
TEST(Executors, ANonRepeatableExecutorRunsOnceWhenThreadsRaceForIt) {
  DeviceTensor go, out;
  MakeDeviceTensor(&go, {1, 2, 24, 24}, ACL_FLOAT, Layout::kContiguous);
  MakeDeviceTensor(&out, {1, 2, 12, 12}, ACL_FLOAT, Layout::kContiguous);
  WriteValues(&go, std::vector<float>(size_t(go.Count()), 0.5f));
  const int64_t osz_v[] = {24, 24}, isz_v[] = {1, 2, 12, 12};
  aclIntArray* osz = aclCreateIntArray(osz_v, 2);
  aclIntArray* isz = aclCreateIntArray(isz_v, 4);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  constexpr int kThreads = 4;
  int extra_runs = 0;
  for (int round = 0; round < 300; ++round) {
    uint64_t ws_size = 0;
    aclOpExecutor* exec = nullptr;
    void* ws = nullptr;
    ASSERT_NO_FATAL_FAILURE(PlanBackward(go, osz, isz, out, &exec, &ws_size, &ws));
    std::atomic<int> ready{0}, succeeded{0}, refused{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&] {
        ready.fetch_add(1);
        while (ready.load() < kThreads) std::this_thread::yield();
        const aclnnStatus st = aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, stream);
        if (st == ACLNN_SUCCESS) {
          succeeded.fetch_add(1);
        } else if (st == ACLNN_ERR_PARAM_INVALID &&
                   std::string(aclGetRecentErrMsg()).find("not live") != std::string::npos) {
          refused.fetch_add(1);
        }
      });
    }
    for (std::thread& t : threads) t.join();
    ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    if (ws) {
      ASSERT_EQ(aclrtFree(ws), ACL_SUCCESS);
    }
    EXPECT_EQ(succeeded.load() + refused.load(), kThreads) << "round " << round;
    extra_runs += succeeded.load() - 1;
    ASSERT_GE(succeeded.load(), 1) << "round " << round;
  }
  EXPECT_EQ(extra_runs, 0);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  aclDestroyIntArray(osz);
  aclDestroyIntArray(isz);
}

// aclrtMemcpy and aclrtMemset pin the device blocks they access: an aclrtFree
// of the block on another thread meanwhile waits until the copy or fill is
// done (it freed the memory under them: a use after free, a crash where the
// block was unmapped).
TEST(Runtime, SynchronousCopiesAndFillsKeepTheirBlocksAlive) {
  constexpr size_t kBytes = size_t{32} << 20;
  std::vector<unsigned char> host(kBytes, 0x3C);
  for (int kind = 0; kind < 3; ++kind) {  // copy in, copy out, fill
    void* block = nullptr;
    ASSERT_EQ(aclrtMalloc(&block, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(block, kBytes, 0x11, kBytes), ACL_SUCCESS);
    std::atomic<bool> started{false};
    aclError access = ACL_ERROR_INTERNAL_ERROR;
    std::thread accessor([&] {
      started.store(true);
      if (kind == 0) {
        access = aclrtMemcpy(block, kBytes, host.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE);
      } else if (kind == 1) {
        access = aclrtMemcpy(host.data(), kBytes, block, kBytes, ACL_MEMCPY_DEVICE_TO_HOST);
      } else {
        access = aclrtMemset(block, kBytes, 0x22, kBytes);
      }
    });
    while (!started.load()) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::microseconds(300));
    const aclError freed = aclrtFree(block);
    accessor.join();
    EXPECT_EQ(freed, ACL_SUCCESS) << kind;
    // Whichever came first, the access either ran whole or was refused.
    EXPECT_TRUE(access == ACL_SUCCESS || access == ACL_ERROR_INVALID_PARAM) << kind;
    if (kind == 1 && access == ACL_SUCCESS) {
      EXPECT_EQ(host[0], 0x11);
      EXPECT_EQ(host[kBytes - 1], 0x11);
      std::fill(host.begin(), host.end(), 0x3C);
    }
  }
}

}  // namespace
}  // namespace aclnn_host::testing
