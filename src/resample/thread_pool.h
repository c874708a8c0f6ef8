// One persistent pool for the whole library. Work is split into a fixed
// number of chunks chosen by the caller, so results never depend on which
// thread runs which chunk or how many threads there are. Each participant
// has a slot (the caller 0, workers 1, 2, ...) that indexes per-thread
// scratch.
#ifndef ACLNN_HOST_RESAMPLE_THREAD_POOL_H_
#define ACLNN_HOST_RESAMPLE_THREAD_POOL_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace aclnn_host::resample {

// A reference to a callable fn(int64_t task, int slot), valid while the
// callable lives: unlike std::function, making one never allocates.
class TaskRef {
 public:
  template <typename F, typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, TaskRef>>>
  TaskRef(const F& f)  // NOLINT(google-explicit-constructor): lambdas convert
      : object_(&f), call_([](const void* o, int64_t task, int slot) {
          (*static_cast<const F*>(o))(task, slot);
        }) {}
  void operator()(int64_t task, int slot) const { call_(object_, task, slot); }

 private:
  const void* object_;
  void (*call_)(const void*, int64_t, int);
};

// What a job reads and writes decides who runs it (the plans' JobBytes;
// thresholds in resample_plan.h).
enum class JobSize {
  kMicro,   // the caller runs it alone, whoever else is awake (ParallelFor)
  kTiny,    // on an OpenMP team (UseOpenMP) the caller runs it alone; else kSmall
  kSmall,   // sleeping workers stay asleep after an idle spell (ParallelFor)
  kMedium,  // wakes sleeping workers; a launch on an idle stream runs it on the caller
  kLarge,   // wakes sleeping workers; launched on the stream's thread
};

class ThreadPool {
 public:
  // The library's pool, sized from ACLNN_HOST_NUM_THREADS (default: all
  // cores) on first use.
  static ThreadPool& Global();

  explicit ThreadPool(int num_threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int num_threads() const;
  // Workers blocked waiting for a job (tests).
  int SleepingWorkersForTesting() const { return sleeping_workers_.load(); }
  // Whether every worker may run on `cpu` (its affinity; tests, between jobs).
  bool WorkersMayRunOnForTesting(int cpu);
  void SetNumThreads(int num_threads);

  // on = true: jobs run on the calling thread's OpenMP team (libgomp's
  // GOMP_parallel, looked up in the process, as PyTorch's `#pragma omp
  // parallel` runs them) and the pool's own workers stop; thread i of the
  // team is slot i. Inside PyTorch, whose OpenMP workers spin for
  // milliseconds after each of its ops, our own workers had to share a core
  // with one. Returns whether OpenMP is in use: false, and nothing changed,
  // when on is true and the process has no libgomp loaded.
  bool UseOpenMP(bool on);
  bool using_openmp() const;

  // Runs fn(0, slot) ... fn(num_tasks - 1, slot) on at most max_threads
  // threads, the caller taking part; slot < max_threads tells which thread
  // runs the task, and no two tasks run at once with the same slot. Each of
  // the P slots that can take part owns a contiguous share of the tasks, as
  // OpenMP's static schedule deals them (the first num_tasks % P shares one
  // task longer), and runs it in order; a slot done with its share takes
  // tasks from the back of the share with the most left. So where tasks
  // follow memory, each core touches the part of a tensor that PyTorch's
  // kernels (and the last call) gave it, and a worker that wakes late costs
  // no time. Returns when all are done. Concurrent calls from several
  // threads run one at a time.
  // size kMicro: the caller runs all the tasks itself (handing them out
  // costs more than they do).
  // size kSmall or kTiny, on the pool's own threads: when every worker is
  // asleep and the pool has been idle for a while (kIdleBeforeInline), the
  // caller runs all the tasks itself (slot 0) instead of waking them;
  // workers still awake from the last job take part as usual, and jobs that
  // follow each other closely wake them. On an OpenMP team (UseOpenMP), a
  // kTiny job runs on the caller alone (starting the team costs more than it
  // gains; PyTorch keeps its small loops on one thread too) and the others
  // on the team.
  // alone (optional): where the caller runs every task itself, it calls
  // alone(num_tasks, 0) once instead, which must do what the tasks would (a
  // caller whose tasks are parts of one range can run the range in one
  // piece). Allocates nothing.
  void ParallelFor(int64_t num_tasks, int max_threads, TaskRef fn, JobSize size = JobSize::kLarge,
                   const TaskRef* alone = nullptr);

 private:
  void StartWorkers(int num_threads);
  void StopWorkers();
  // Before a job wakes or meets the workers: keeps them off the CPU the
  // caller runs on (see thread_pool.cc). mutex_ not held; run_mutex_ held.
  void KeepWorkersOffCallerCpu();
  // seen: the last job generation this worker has looked at.
  void WorkerLoop(int slot, uint64_t seen);
  // Takes tasks of job generation `job` until none are left or it is over.
  void RunTasks(int slot, uint64_t job);
  struct OpenMPJob {
    ThreadPool* pool;
    int (*thread_num)();
    uint64_t job;
    int threads;
  };
  // Thread omp_get_thread_num() of the OpenMP team running *job (an
  // OpenMPJob): slot thread_num() takes tasks as a worker does.
  static void RunOpenMPThread(void* job);
  // The next task for `slot` (mutex_ held): the front of its share, else
  // the back of the share with the most left; -1 when none is left.
  int64_t TakeTask(int slot);

  std::mutex run_mutex_;  // one ParallelFor at a time
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::vector<std::thread> workers_;
  int num_threads_ = 1;
  // Written under mutex_; the atomics are also read without it while spinning.
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> generation_{0};
  const TaskRef* fn_ = nullptr;
  int max_threads_ = 1;
  // Slot s's share of the job's tasks is [next_task_[s], end_task_[s]);
  // sized in StartWorkers (ParallelFor allocates nothing).
  std::vector<int64_t> next_task_;
  std::vector<int64_t> end_task_;
  // Set while jobs run on OpenMP teams (UseOpenMP); then workers_ is empty.
  void (*gomp_parallel_)(void (*)(void*), void*, unsigned, unsigned) = nullptr;
  int (*omp_thread_num_)() = nullptr;
  std::atomic<int64_t> unfinished_{0};
  std::atomic<int> active_workers_{0};
  std::atomic<int> sleeping_workers_{0};  // workers blocked in wake_ (or about to be)
  std::atomic<int64_t> last_end_ns_{0};   // steady_clock time the last job ended
  // KeepWorkersOffCallerCpu's state (run_mutex_): the caller's CPU when the
  // workers' affinity was last set (-1: not since they started).
  int off_cpu_ = -1;
  // The CPUs the workers were started on (the starting thread's affinity,
  // which they inherit).
  std::vector<int> worker_cpus_;
};

// The CPUs the calling thread may run on (its affinity; empty where unknown).
std::vector<int> CallingThreadCpus();

// ACLNN_HOST_NUM_THREADS if it holds a number in [1, 1024], else all cores.
int DefaultNumThreads();

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_THREAD_POOL_H_
