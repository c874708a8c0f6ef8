#include "resample/thread_pool.h"

#include <dlfcn.h>
#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>

namespace aclnn_host::resample {
namespace {

// A worker that just finished keeps watching for the next job this long
// before it sleeps, and a caller waiting for the workers watches this long
// before it sleeps: waking a sleeping thread costs tens of microseconds on a
// virtual machine, as much as a whole small call. (Measured on the project's
// AMD EPYC VMs, 2 vCPUs, a job of 8 tasks 10 ms after the last one: the
// caller's notify_all took 32 us, then it ran all 8 tasks itself, 50 us,
// before the worker took one; hence ParallelFor's wake_sleeping.) 50 us
// was too short for calls from Python: the C API's phases, ctypes and the
// interpreter put more than that between one call's end and the next one's
// job, so the worker slept and was woken each time. On the Intel Xeon VM, 2
// threads, calls through the C API from Python right after another call,
// medians of 40, two runs each, 50 -> 200 us: AA bicubic backward of tiny
// planes (32, 16, 8, 8) -> 32 0.141/0.146 -> 0.085/0.085 ms, right after the
// bf16 call 0.144/0.110 -> 0.093/0.094; the family bench's best rounds of
// Nearest1dBackward audio (8, 2, 8000) -> 16000 0.111/0.109 -> 0.056/0.045.
constexpr std::chrono::microseconds kSpin{200};

// A pool idle longer than this runs small jobs (kTiny, kSmall: under
// kWakeWorkersBytes) on the caller alone when its workers sleep: a worker idle
// that long is slow to wake, and the caller's own notify_all costs ~20-30 us.
// Jobs closer together wake it, as it then wakes fast.
constexpr std::chrono::microseconds kIdleBeforeInline{1000};

int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
}

// Polls done() until it holds or kSpin has passed; returns done().
template <typename Done>
bool SpinUntil(const Done& done) {
  const auto deadline = std::chrono::steady_clock::now() + kSpin;
  for (int i = 0;; ++i) {
    if (done()) return true;
    CpuRelax();
    if ((i & 63) == 63 && std::chrono::steady_clock::now() >= deadline) return done();
  }
}

}  // namespace

std::vector<int> CallingThreadCpus() {
  std::vector<int> cpus;
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    for (int c = 0; c < CPU_SETSIZE; ++c) {
      if (CPU_ISSET(c, &set)) cpus.push_back(c);
    }
  }
#endif
  return cpus;
}

int DefaultNumThreads() {
  if (const char* env = std::getenv("ACLNN_HOST_NUM_THREADS")) {
    errno = 0;
    char* end = nullptr;
    const long v = std::strtol(env, &end, 10);
    if (errno == 0 && end != env && *end == '\0' && v >= 1 && v <= 1024) {
      return static_cast<int>(v);
    }
  }
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw);
}

ThreadPool& ThreadPool::Global() {
  // Never destroyed: stream workers may still use it while statics die.
  static ThreadPool* pool = new ThreadPool(DefaultNumThreads());
  return *pool;
}

ThreadPool::ThreadPool(int num_threads) { StartWorkers(num_threads); }

ThreadPool::~ThreadPool() { StopWorkers(); }

int ThreadPool::num_threads() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return num_threads_;
}

void ThreadPool::SetNumThreads(int num_threads) {
  std::lock_guard<std::mutex> run(run_mutex_);
  StopWorkers();
  StartWorkers(num_threads);
}

bool ThreadPool::UseOpenMP(bool on) {
  void* parallel = nullptr;
  void* thread_num = nullptr;
  if (on) {
    parallel = dlsym(RTLD_DEFAULT, "GOMP_parallel");
    thread_num = dlsym(RTLD_DEFAULT, "omp_get_thread_num");
    if (parallel == nullptr || thread_num == nullptr) return using_openmp();
  }
  std::lock_guard<std::mutex> run(run_mutex_);
  const int n = num_threads();
  StopWorkers();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    gomp_parallel_ = reinterpret_cast<decltype(gomp_parallel_)>(parallel);
    omp_thread_num_ = reinterpret_cast<decltype(omp_thread_num_)>(thread_num);
  }
  StartWorkers(n);
  return on;
}

bool ThreadPool::using_openmp() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return gomp_parallel_ != nullptr;
}

void ThreadPool::StartWorkers(int num_threads) {
  std::lock_guard<std::mutex> lock(mutex_);
  num_threads_ = num_threads < 1 ? 1 : num_threads;
  stop_ = false;
  // New workers wait for the next job: the last one may be over.
  const uint64_t current = generation_.load();
  worker_cpus_ = CallingThreadCpus();  // what the workers inherit
  off_cpu_ = -1;
  next_task_.assign(static_cast<size_t>(num_threads_), 0);
  end_task_.assign(static_cast<size_t>(num_threads_), 0);
  // OpenMP's team threads run the jobs: no workers of our own.
  for (int i = 1; i < num_threads_ && gomp_parallel_ == nullptr; ++i) {
    try {
      workers_.emplace_back([this, i, current] { WorkerLoop(i, current); });
    } catch (...) {  // no memory or no more threads: run with those there are
      num_threads_ = i;
      break;
    }
  }
}

void ThreadPool::StopWorkers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
  workers_.clear();
}

int64_t ThreadPool::TakeTask(int slot) {
  const size_t own = static_cast<size_t>(slot);
  if (next_task_[own] < end_task_[own]) return next_task_[own]++;
  size_t most = own;
  for (size_t s = 0; s < next_task_.size(); ++s) {
    if (end_task_[s] - next_task_[s] > end_task_[most] - next_task_[most]) most = s;
  }
  return next_task_[most] < end_task_[most] ? --end_task_[most] : -1;
}

void ThreadPool::RunTasks(int slot, uint64_t job) {
  for (;;) {
    int64_t task;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      // A worker that joined a job after it ended must not take tasks of the
      // next one: that job's cap may be below this worker's slot.
      if (generation_.load() != job) return;
      task = TakeTask(slot);
      if (task < 0) return;
    }
    (*fn_)(task, slot);
    std::lock_guard<std::mutex> lock(mutex_);
    if (--unfinished_ == 0) done_.notify_all();
  }
}

// A sleeping worker that a job wakes may be put on the CPU of the thread that
// woke it, where it waits for the caller or stops it, while another CPU sits
// idle: the kernels of the project's VMs pack woken threads onto busy vCPUs
// (sched_vcpu_pack). Traced on the Intel Xeon VM (2 vCPUs), AA bicubic backward
// of 64 planes 128 -> 64 (ResizeBackward, on the calling thread), AVX2, 2
// threads, each call 10 ms after the last: every worker woke on the caller's
// CPU; in half the calls it took all 8 tasks while the caller waited inside
// notify_all (0.57-0.78 ms), in the others it never ran and the caller did all
// of them (0.36-0.49 ms; 1 thread 0.53). Kept off the caller's CPU, the worker
// wakes on the other one ~45 us after the notify and the two share the job:
// medians of 60, two runs, 0.67 / 0.69 -> 0.32 / 0.34 ms; small maps (64, 64,
// 7, 7) -> 14 0.61-0.67 -> 0.28-0.31 ms; calls back to back unchanged (0.19
// ms); with another process spinning on one CPU also 0.66-0.68 -> 0.27-0.31
// after 10 ms, 0.19-0.39 -> 0.18-0.19 back to back. Applies where every worker
// keeps a CPU of its own besides the caller's (not when threads outnumber the
// allowed CPUs); otherwise the workers get back the CPUs they started with. The
// affinity is set again only when the caller's CPU changes (0.3 us a sleeping
// worker here), also for workers still spinning from the last job, which
// could share the caller's new CPU: set only where a worker slept, the tiny
// planes through the C API (the bench's protocol, six alternated runs) took
// 0.133-0.180 ms at 2 threads against 0.123-0.180, median 0.157 against
// 0.145. Best effort (a worker whose affinity cannot be set runs where it
// did). (Jobs that a launch hands to a stream's thread were as fast before:
// through the C API from Python, model input and feature 2x down backwards 10
// ms apart, the same medians.)
void ThreadPool::KeepWorkersOffCallerCpu() {
#if defined(__linux__)
  if (workers_.empty()) return;
  const int cpu = sched_getcpu();
  if (cpu < 0 || cpu == off_cpu_) return;
  off_cpu_ = cpu;
  // The caller's CPU is one of theirs, and each worker has another one.
  const bool keep_off =
      std::find(worker_cpus_.begin(), worker_cpus_.end(), cpu) != worker_cpus_.end() &&
      worker_cpus_.size() - 1 >= workers_.size();
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : worker_cpus_) {
    if (!keep_off || c != cpu) CPU_SET(c, &set);
  }
  if (CPU_COUNT(&set) == 0) return;
  for (std::thread& w : workers_) pthread_setaffinity_np(w.native_handle(), sizeof set, &set);
#endif
}

bool ThreadPool::WorkersMayRunOnForTesting(int cpu) {
  std::lock_guard<std::mutex> run(run_mutex_);
#if defined(__linux__)
  for (std::thread& w : workers_) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (pthread_getaffinity_np(w.native_handle(), sizeof set, &set) != 0 || !CPU_ISSET(cpu, &set))
      return false;
  }
#endif
  static_cast<void>(cpu);
  return true;
}

void ThreadPool::RunOpenMPThread(void* job) {
  const OpenMPJob& j = *static_cast<const OpenMPJob*>(job);
  const int slot = j.thread_num();
  if (slot >= 0 && slot < j.threads) j.pool->RunTasks(slot, j.job);
}

void ThreadPool::WorkerLoop(int slot, uint64_t seen) {
  for (;;) {
    SpinUntil([&] { return stop_.load() || generation_.load() != seen; });
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ++sleeping_workers_;
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      --sleeping_workers_;
      if (stop_) return;
      seen = generation_;
      if (slot >= max_threads_) continue;  // this job uses fewer threads
      ++active_workers_;
    }
    RunTasks(slot, seen);
    std::lock_guard<std::mutex> lock(mutex_);
    if (--active_workers_ == 0) done_.notify_all();
  }
}

void ThreadPool::ParallelFor(int64_t num_tasks, int max_threads, TaskRef fn, JobSize size,
                             const TaskRef* alone) {
  if (num_tasks <= 0) return;
  std::lock_guard<std::mutex> run(run_mutex_);
  // A small job on a pool idle for a while whose workers all sleep runs
  // here; a worker still watching (it finished a job under kSpin ago) joins
  // it. On an OpenMP team, tiny jobs run here and the others on the team
  // (its threads' sleep is libgomp's business).
  const bool inline_small = gomp_parallel_ == nullptr &&
                            (size == JobSize::kTiny || size == JobSize::kSmall) &&
                            NowNs() - last_end_ns_.load() >= kIdleBeforeInline.count() * 1000 &&
                            sleeping_workers_.load() == static_cast<int>(workers_.size());
  // The pool's own threads: num_threads_ - 1 workers (StartWorkers lowers
  // num_threads_ to those it could start).
  const bool tiny_on_team = gomp_parallel_ != nullptr && size == JobSize::kTiny;
  if (num_tasks == 1 || num_threads_ <= 1 || max_threads <= 1 || inline_small || tiny_on_team ||
      size == JobSize::kMicro) {
    if (alone != nullptr) {
      (*alone)(num_tasks, 0);
    } else {
      for (int64_t i = 0; i < num_tasks; ++i) fn(i, 0);
    }
    last_end_ns_ = NowNs();
    return;
  }
  uint64_t job;
  // Shares of the slots that can take part (the first num_tasks % shares
  // one task longer); the others' are empty.
  const int64_t shares = std::min<int64_t>(max_threads, num_threads_);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    fn_ = &fn;
    max_threads_ = max_threads;
    int64_t first = 0;
    for (size_t s = 0; s < next_task_.size(); ++s) {
      const int64_t i = static_cast<int64_t>(s);
      const int64_t length = i < shares ? num_tasks / shares + (i < num_tasks % shares ? 1 : 0) : 0;
      next_task_[s] = first;
      end_task_[s] = first + length;
      first += length;
    }
    unfinished_ = num_tasks;
    job = ++generation_;
  }
  if (gomp_parallel_ != nullptr) {
    // The team's end is a barrier: every task has run when it returns (a
    // team smaller than asked for takes the missing threads' shares).
    OpenMPJob team{this, omp_thread_num_, job, static_cast<int>(shares)};
    gomp_parallel_(&RunOpenMPThread, &team, static_cast<unsigned>(shares), 0);
  } else {
    KeepWorkersOffCallerCpu();
    wake_.notify_all();
    RunTasks(0, job);
    SpinUntil([&] { return unfinished_.load() == 0 && active_workers_.load() == 0; });
  }
  std::unique_lock<std::mutex> lock(mutex_);
  // Wait until every task finished and no worker still holds fn_.
  done_.wait(lock, [&] { return unfinished_ == 0 && active_workers_ == 0; });
  fn_ = nullptr;
  last_end_ns_ = NowNs();
}

}  // namespace aclnn_host::resample
