#include "runtime/runtime.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "acl/acl.h"

namespace aclnn_host::runtime {
namespace {

thread_local std::string g_error;
// Set when the recent error is in g_error_fixed instead of g_error.
thread_local bool g_error_is_fixed = false;
thread_local char g_error_fixed[256];

struct Block {
  uint64_t size;
  int pins;
};

// Everything the runtime owns. Intentionally never destroyed: streams may
// still be draining while static destructors run at exit.
struct State {
  std::mutex mutex;
  std::condition_variable unpinned;
  std::map<uintptr_t, Block> blocks;
  std::set<void*> host_blocks;  // aclrtMallocHost's, until aclrtFreeHost
  int init_count = 0;
  int64_t deterministic = 1;  // we are always deterministic
  int64_t debug_kernel = 0;
  int64_t strong_consistency = 0;
};

State& GlobalState() {
  static State* s = new State();
  return *s;
}

class HostStream {
 public:
  HostStream() : worker_([this] { Loop(); }) {}
  ~HostStream() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    worker_.join();
  }

  // Queues task. A small one (run_here_if_idle) that finds the stream idle
  // and its thread asleep runs now, on the caller: waking that thread cost
  // the caller 50-70 us on the project's 2-vCPU VMs (median of 300 launches
  // 10 ms apart), more than such a task takes. The order of the stream's work
  // is kept either way (nothing else is queued or running).
  void Push(std::function<void()> task, bool run_here_if_idle) {
    std::unique_lock<std::mutex> lock(mutex_);
    queue_.push_back(std::move(task));
    ++pushed_;
    if (run_here_if_idle && worker_waiting_ && !busy_ && queue_.size() == 1) {
      // noexcept: a task that threw would end the program on the stream's
      // thread; here too, rather than unwind into Enqueue's clean-up.
      [&]() noexcept { RunFront(lock); }();
      return;
    }
    lock.unlock();
    wake_.notify_all();
  }

  // Waits until everything queued so far has run; work queued after the
  // call began (by other threads) is not waited for, so a stream that keeps
  // being fed cannot hold the caller forever. Work not yet started runs on
  // the calling thread (in queue order, one task at a time as always): a
  // launch followed by a synchronize then costs no thread hand-off, which on
  // a small problem is most of the time. Tasks finish in queue order, so the
  // first `pushed_` at entry are done once `finished_` reaches it.
  void Synchronize() {
    std::unique_lock<std::mutex> lock(mutex_);
    const uint64_t target = pushed_;
    while (finished_ < target) {
      if (!busy_ && !queue_.empty()) {
        RunFront(lock);  // the oldest task, one of the first `target`
        continue;
      }
      idle_.wait(lock);
    }
  }

 private:
  void Loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      worker_waiting_ = true;
      wake_.wait(lock, [&] { return (!busy_ && !queue_.empty()) || (stop_ && !busy_); });
      worker_waiting_ = false;
      if (queue_.empty()) return;  // stop_ and drained
      RunFront(lock);
    }
  }

  // Caller holds the lock, !busy_ and the queue is not empty.
  void RunFront(std::unique_lock<std::mutex>& lock) {
    std::function<void()> task = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    task();
    task = nullptr;  // its captures die outside the lock
    lock.lock();
    busy_ = false;
    ++finished_;
    idle_.notify_all();
    // The stream's thread has something to do only if work is queued or the
    // stream is being destroyed (a needless wake of a sleeping thread costs
    // the caller tens of microseconds).
    if (!queue_.empty() || stop_) wake_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::function<void()>> queue_;
  bool busy_ = false;
  bool stop_ = false;
  uint64_t pushed_ = 0;          // tasks queued so far
  uint64_t finished_ = 0;        // tasks run to their end (in queue order)
  bool worker_waiting_ = false;  // the stream's thread is waiting in wake_
  std::thread worker_;           // last: starts after the members it uses
};

// Streams are owned here until aclrtDestroyStream; SynchronizeAll keeps
// references to the ones it waits on, so a stream another thread destroys
// meanwhile stays alive until it is done with it.
struct Streams {
  std::mutex mutex;
  std::map<HostStream*, std::shared_ptr<HostStream>> live;
  HostStream* default_stream = nullptr;  // never destroyed
};

Streams& GlobalStreams() {
  static Streams* s = new Streams();
  return *s;
}

HostStream* Resolve(void* stream) {
  Streams& s = GlobalStreams();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (stream == nullptr) {
    if (s.default_stream == nullptr) s.default_stream = new HostStream();
    return s.default_stream;
  }
  auto* hs = static_cast<HostStream*>(stream);
  return s.live.count(hs) ? hs : nullptr;
}

// Caller holds state.mutex.
std::map<uintptr_t, Block>::iterator BlockContaining(State& st, uintptr_t p, uint64_t bytes) {
  auto it = st.blocks.upper_bound(p);
  if (it == st.blocks.begin()) return st.blocks.end();
  --it;
  const uint64_t off = p - it->first;
  if (off >= it->second.size || bytes > it->second.size - off) {
    return st.blocks.end();
  }
  return it;
}

void WaitUnpinned(State& st, std::unique_lock<std::mutex>& lock, uintptr_t base) {
  st.unpinned.wait(lock, [&] {
    auto it = st.blocks.find(base);
    return it == st.blocks.end() || it->second.pins == 0;
  });
}

// A synchronous host access (aclrtMemcpy, aclrtMemset) to the device blocks
// that hold its ranges (a range in no block is host memory): waits until no
// queued work uses those blocks (as a device copy is ordered after the work
// queued before it), then pins them until the access ends, so that an
// aclrtFree on another thread waits for it instead of freeing the memory
// under it (the copy or fill itself runs unlocked).
class SynchronousAccess {
 public:
  struct Range {
    const char* name;
    const void* data;
    uint64_t bytes;
  };
  explicit SynchronousAccess(State& st) : st_(st) {}
  SynchronousAccess(const SynchronousAccess&) = delete;
  SynchronousAccess& operator=(const SynchronousAccess&) = delete;
  ~SynchronousAccess() {
    if (pinned_.empty()) return;
    {
      std::lock_guard<std::mutex> lock(st_.mutex);
      for (uintptr_t b : pinned_) --st_.blocks[b].pins;
    }
    st_.unpinned.notify_all();
  }

  // Called and returns with `lock` held (released while it waits). Null, or
  // the name of a range whose block another thread freed meanwhile.
  const char* Pin(std::unique_lock<std::mutex>& lock, std::initializer_list<Range> ranges) {
    std::vector<uintptr_t> bases;  // per range; 0: host memory
    for (const Range& r : ranges) {
      const auto it = BlockContaining(st_, reinterpret_cast<uintptr_t>(r.data), r.bytes);
      bases.push_back(it == st_.blocks.end() ? 0 : it->first);
    }
    for (uintptr_t b : bases) {
      if (b != 0) WaitUnpinned(st_, lock, b);
    }
    size_t i = 0;
    for (const Range& r : ranges) {
      const uintptr_t b = bases[i++];
      const auto it = BlockContaining(st_, reinterpret_cast<uintptr_t>(r.data), r.bytes);
      if (b != 0 && (it == st_.blocks.end() || it->first != b)) return r.name;
    }
    for (uintptr_t b : bases) {
      if (b == 0 || std::find(pinned_.begin(), pinned_.end(), b) != pinned_.end()) continue;
      ++st_.blocks[b].pins;
      pinned_.push_back(b);
    }
    return nullptr;
  }

 private:
  State& st_;
  std::vector<uintptr_t> pinned_;
};

aclError Fail(aclError code, const std::string& message) {
  SetError(message);
  return code;
}

// Guard with the runtime functions' statuses.
template <typename Body>
aclError GuardRuntime(const char* function, Body&& body) noexcept {
  return Guard<aclError>(function, ACL_ERROR_BAD_ALLOC, ACL_ERROR_INTERNAL_ERROR, body);
}

std::string Hex(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

void SynchronizeAll() {
  Streams& s = GlobalStreams();
  std::vector<std::shared_ptr<HostStream>> all;  // alive until waited on
  HostStream* default_stream = nullptr;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    for (const auto& entry : s.live) all.push_back(entry.second);
    default_stream = s.default_stream;
  }
  for (const auto& hs : all) hs->Synchronize();
  if (default_stream) default_stream->Synchronize();
}

}  // namespace

size_t DataTypeBytes(int32_t t) {
  switch (t) {
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32:
      return 4;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16:
      return 2;
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0:
      return 1;
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_DOUBLE:
    case ACL_COMPLEX64:
      return 8;
    case ACL_COMPLEX128:
      return 16;
    default:
      return 0;
  }
}

void SetError(const std::string& message) {
  g_error = message;
  g_error_is_fixed = false;
}

void SetErrorWithoutAllocating(const char* function, const char* what) noexcept {
  std::snprintf(g_error_fixed, sizeof g_error_fixed, "%s: %s", function, what);
  g_error_is_fixed = true;
}

const char* RecentError() {
  if (g_error_is_fixed) return g_error_fixed;
  return g_error.empty() ? nullptr : g_error.c_str();
}

bool FindBlock(const void* ptr, uint64_t bytes, uintptr_t* block_base) {
  State& st = GlobalState();
  std::lock_guard<std::mutex> lock(st.mutex);
  auto it = BlockContaining(st, reinterpret_cast<uintptr_t>(ptr), bytes);
  if (it == st.blocks.end()) return false;
  if (block_base) *block_base = it->first;
  return true;
}

bool IsLiveStream(void* stream) { return Resolve(stream) != nullptr; }

bool Enqueue(void* stream, std::function<void()> task, const std::vector<uintptr_t>& pinned,
             bool small) {
  HostStream* hs = Resolve(stream);
  if (hs == nullptr) return false;
  State& st = GlobalState();
  auto unpin = [pinned] {
    State& s = GlobalState();
    {
      std::lock_guard<std::mutex> lock(s.mutex);
      for (uintptr_t b : pinned) --s.blocks[b].pins;
    }
    s.unpinned.notify_all();
  };
  // Everything that allocates happens before the blocks are pinned, or is
  // undone: a failed launch leaves no pin behind (aclrtFree would wait on it).
  std::function<void()> work = [task = std::move(task), unpin] {
    task();
    unpin();
  };
  {
    std::lock_guard<std::mutex> lock(st.mutex);
    for (uintptr_t b : pinned) {
      if (!st.blocks.count(b)) return false;
    }
    for (uintptr_t b : pinned) ++st.blocks[b].pins;
  }
  try {
    hs->Push(std::move(work), small);
  } catch (...) {
    unpin();
    throw;
  }
  return true;
}

}  // namespace aclnn_host::runtime

using aclnn_host::runtime::Fail;
using aclnn_host::runtime::GlobalState;
using aclnn_host::runtime::GlobalStreams;
using aclnn_host::runtime::Hex;

extern "C" {

size_t aclDataTypeSize(aclDataType t) {
  return aclnn_host::runtime::DataTypeBytes(aclnn_host::runtime::RawEnum(t));
}

aclError aclInit(const char* /*configPath*/) {
  return aclnn_host::runtime::GuardRuntime("aclInit", [&]() -> aclError {
    auto& st = GlobalState();
    std::lock_guard<std::mutex> lock(st.mutex);
    ++st.init_count;  // reference-counted, as in current CANN runtimes
    return ACL_SUCCESS;
  });
}

aclError aclFinalize(void) {
  return aclnn_host::runtime::GuardRuntime("aclFinalize", [&]() -> aclError {
    {
      auto& st = GlobalState();
      std::lock_guard<std::mutex> lock(st.mutex);
      if (st.init_count == 0) {
        return Fail(ACL_ERROR_REPEAT_FINALIZE,
                    "aclFinalize: the runtime is not initialized (aclInit was "
                    "not called, or aclFinalize was already called)");
      }
      --st.init_count;
    }
    // Queued work finishes; streams and memory stay valid until destroyed.
    aclnn_host::runtime::SynchronizeAll();
    return ACL_SUCCESS;
  });
}

const char* aclGetRecentErrMsg(void) { return aclnn_host::runtime::RecentError(); }

aclError aclrtSetDevice(int32_t deviceId) {
  return aclnn_host::runtime::GuardRuntime("aclrtSetDevice", [&]() -> aclError {
    if (deviceId != 0) {
      return Fail(ACL_ERROR_INVALID_DEVICE,
                  "aclrtSetDevice: deviceId=" + std::to_string(deviceId) +
                      " does not exist; the host runtime has device 0 only");
    }
    return ACL_SUCCESS;
  });
}

aclError aclrtResetDevice(int32_t deviceId) {
  return aclnn_host::runtime::GuardRuntime("aclrtResetDevice", [&]() -> aclError {
    if (deviceId != 0) {
      return Fail(ACL_ERROR_INVALID_DEVICE,
                  "aclrtResetDevice: deviceId=" + std::to_string(deviceId) +
                      " does not exist; the host runtime has device 0 only");
    }
    aclnn_host::runtime::SynchronizeAll();
    return ACL_SUCCESS;
  });
}

aclError aclrtGetDevice(int32_t* deviceId) {
  return aclnn_host::runtime::GuardRuntime("aclrtGetDevice", [&]() -> aclError {
    if (deviceId == nullptr)
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is NULL");
    *deviceId = 0;
    return ACL_SUCCESS;
  });
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  return aclnn_host::runtime::GuardRuntime("aclrtGetDeviceCount", [&]() -> aclError {
    if (count == nullptr)
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is NULL");
    *count = 1;
    return ACL_SUCCESS;
  });
}

aclError aclrtSynchronizeDevice(void) {
  return aclnn_host::runtime::GuardRuntime("aclrtSynchronizeDevice", [&]() -> aclError {
    aclnn_host::runtime::SynchronizeAll();
    return ACL_SUCCESS;
  });
}

aclError aclrtCreateStream(aclrtStream* stream) {
  return aclnn_host::runtime::GuardRuntime("aclrtCreateStream", [&]() -> aclError {
    if (stream == nullptr)
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: stream is NULL");
    auto hs = std::make_shared<aclnn_host::runtime::HostStream>();
    auto& s = GlobalStreams();
    std::lock_guard<std::mutex> lock(s.mutex);
    s.live.emplace(hs.get(), hs);
    *stream = hs.get();
    return ACL_SUCCESS;
  });
}

aclError aclrtDestroyStream(aclrtStream stream) {
  return aclnn_host::runtime::GuardRuntime("aclrtDestroyStream", [&]() -> aclError {
    auto& s = GlobalStreams();
    std::shared_ptr<aclnn_host::runtime::HostStream> hs;
    {
      std::lock_guard<std::mutex> lock(s.mutex);
      auto it = s.live.find(static_cast<aclnn_host::runtime::HostStream*>(stream));
      if (stream == nullptr || it == s.live.end()) {
        return Fail(ACL_ERROR_INVALID_PARAM,
                    "aclrtDestroyStream: stream=" + Hex(stream) +
                        " is not a live stream created by aclrtCreateStream");
      }
      hs = std::move(it->second);
      s.live.erase(it);
    }
    // The work still queued runs before this returns; the last reference
    // (this one, or a SynchronizeAll's) joins the stream's thread.
    hs->Synchronize();
    return ACL_SUCCESS;
  });
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  return aclnn_host::runtime::GuardRuntime("aclrtSynchronizeStream", [&]() -> aclError {
    auto* hs = aclnn_host::runtime::Resolve(stream);
    if (hs == nullptr) {
      return Fail(ACL_ERROR_INVALID_PARAM,
                  "aclrtSynchronizeStream: stream=" + Hex(stream) + " is not a live stream");
    }
    hs->Synchronize();
    return ACL_SUCCESS;
  });
}

namespace {

// A block of at least one huge page under a huge-page policy (every policy but
// the NORMAL_ONLY ones, as on the device) starts on a 2 MiB boundary and asks
// the kernel for transparent huge pages over its whole 2 MiB pages (a hint:
// the kernel may still map 4 KiB pages). The ops stream through blocks of
// tens of MB with cold TLBs after an idle spell; measured on the project's
// AMD EPYC VM (AVX2, 2 threads, the bench's shapes, two runs each way): our
// time 0.96x on average, the forwards 0.87x-0.98x.
constexpr size_t kHugePage = size_t{2} << 20;

bool WantsHugePages(aclrtMemMallocPolicy policy) {
  const unsigned page_kind = static_cast<unsigned>(policy) & 0xFFu;  // less the memory-type bits
  return page_kind != ACL_MEM_MALLOC_NORMAL_ONLY && page_kind != ACL_MEM_MALLOC_NORMAL_ONLY_P2P;
}

}  // namespace

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
  return aclnn_host::runtime::GuardRuntime("aclrtMalloc", [&]() -> aclError {
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: devPtr is NULL");
    if (size == 0)
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: size=0; the size must be > 0");
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGESIZE);
    const uint64_t phys = pages > 0 && page > 0
                              ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page)
                              : UINT64_MAX;
    if (size > phys || size > (SIZE_MAX - 64)) {
      return Fail(ACL_ERROR_BAD_ALLOC, "aclrtMalloc: size=" + std::to_string(size) +
                                           " bytes exceeds the machine's memory (" +
                                           std::to_string(phys) + " bytes)");
    }
    const bool huge = size >= kHugePage && WantsHugePages(policy);
    void* p = nullptr;
    if (posix_memalign(&p, huge ? kHugePage : 64, (size + 63) / 64 * 64) != 0) p = nullptr;
    if (p != nullptr && huge) madvise(p, size / kHugePage * kHugePage, MADV_HUGEPAGE);
    if (p == nullptr) {
      return Fail(ACL_ERROR_BAD_ALLOC,
                  "aclrtMalloc: out of memory for size=" + std::to_string(size));
    }
    std::unique_ptr<void, decltype(&std::free)> owned(p, &std::free);
    auto& st = GlobalState();
    std::lock_guard<std::mutex> lock(st.mutex);
    st.blocks[reinterpret_cast<uintptr_t>(p)] = {size, 0};
    *devPtr = owned.release();
    return ACL_SUCCESS;
  });
}

aclError aclrtFree(void* devPtr) {
  return aclnn_host::runtime::GuardRuntime("aclrtFree", [&]() -> aclError {
    auto& st = GlobalState();
    std::unique_lock<std::mutex> lock(st.mutex);
    const uintptr_t base = reinterpret_cast<uintptr_t>(devPtr);
    if (devPtr == nullptr || !st.blocks.count(base)) {
      return Fail(ACL_ERROR_INVALID_PARAM,
                  "aclrtFree: devPtr=" + Hex(devPtr) +
                      " is not the start of a live aclrtMalloc block (never allocated, "
                      "already freed, or an interior pointer)");
    }
    // Like a device free: wait for queued work that still uses the block.
    aclnn_host::runtime::WaitUnpinned(st, lock, base);
    if (!st.blocks.count(base)) {
      return Fail(ACL_ERROR_INVALID_PARAM,
                  "aclrtFree: devPtr=" + Hex(devPtr) + " was freed concurrently");
    }
    st.blocks.erase(base);
    lock.unlock();
    std::free(devPtr);
    return ACL_SUCCESS;
  });
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
  return aclnn_host::runtime::GuardRuntime("aclrtMallocHost", [&]() -> aclError {
    if (hostPtr == nullptr || size == 0) {
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: hostPtr is NULL or size is 0");
    }
    void* p = std::malloc(size);
    if (p == nullptr) return Fail(ACL_ERROR_BAD_ALLOC, "aclrtMallocHost: out of memory");
    auto& st = GlobalState();
    try {
      std::lock_guard<std::mutex> lock(st.mutex);
      st.host_blocks.insert(p);
    } catch (...) {
      std::free(p);
      throw;  // GuardRuntime: ACL_ERROR_BAD_ALLOC
    }
    *hostPtr = p;
    return ACL_SUCCESS;
  });
}

aclError aclrtFreeHost(void* hostPtr) {
  return aclnn_host::runtime::GuardRuntime("aclrtFreeHost", [&]() -> aclError {
    auto& st = GlobalState();
    {
      std::lock_guard<std::mutex> lock(st.mutex);
      if (hostPtr == nullptr || st.host_blocks.erase(hostPtr) == 0) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost: hostPtr=" + Hex(hostPtr) +
                                                 " is not a live block from aclrtMallocHost");
      }
    }
    std::free(hostPtr);
    return ACL_SUCCESS;
  });
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                     aclrtMemcpyKind kind) {
  return aclnn_host::runtime::GuardRuntime("aclrtMemcpy", [&]() -> aclError {
    const int32_t raw_kind = aclnn_host::runtime::RawEnum(kind);
    if (raw_kind < ACL_MEMCPY_HOST_TO_HOST || raw_kind > ACL_MEMCPY_INTER_DEVICE_TO_DEVICE) {
      return Fail(ACL_ERROR_INVALID_PARAM,
                  "aclrtMemcpy: kind=" + std::to_string(raw_kind) + " is not an aclrtMemcpyKind");
    }
    if (count > destMax) {
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: count=" + std::to_string(count) +
                                               " exceeds destMax=" + std::to_string(destMax));
    }
    if (count == 0) return ACL_SUCCESS;
    if (dst == nullptr || src == nullptr) {
      return Fail(ACL_ERROR_INVALID_PARAM,
                  std::string("aclrtMemcpy: ") + (dst == nullptr ? "dst" : "src") + " is NULL");
    }
    const bool dst_dev = raw_kind == ACL_MEMCPY_HOST_TO_DEVICE ||
                         raw_kind == ACL_MEMCPY_DEVICE_TO_DEVICE ||
                         raw_kind == ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE ||
                         raw_kind == ACL_MEMCPY_INNER_DEVICE_TO_DEVICE ||
                         raw_kind == ACL_MEMCPY_INTER_DEVICE_TO_DEVICE;
    const bool src_dev = raw_kind == ACL_MEMCPY_DEVICE_TO_HOST ||
                         raw_kind == ACL_MEMCPY_DEVICE_TO_DEVICE ||
                         raw_kind == ACL_MEMCPY_INNER_DEVICE_TO_DEVICE ||
                         raw_kind == ACL_MEMCPY_INTER_DEVICE_TO_DEVICE;
    auto& st = GlobalState();
    std::unique_lock<std::mutex> lock(st.mutex);
    auto dst_it = aclnn_host::runtime::BlockContaining(st, reinterpret_cast<uintptr_t>(dst), count);
    auto src_it = aclnn_host::runtime::BlockContaining(st, reinterpret_cast<uintptr_t>(src), count);
    if (dst_dev && dst_it == st.blocks.end()) {
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: dst=" + Hex(dst) +
                                               " with count=" + std::to_string(count) +
                                               " is not inside one live aclrtMalloc block");
    }
    if (src_dev && src_it == st.blocks.end()) {
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemcpy: src=" + Hex(src) +
                                               " with count=" + std::to_string(count) +
                                               " is not inside one live aclrtMalloc block");
    }
    aclnn_host::runtime::SynchronousAccess access(st);
    if (const char* freed = access.Pin(lock, {{"dst", dst, count}, {"src", src, count}})) {
      return Fail(ACL_ERROR_INVALID_PARAM, std::string("aclrtMemcpy: the block of ") + freed + "=" +
                                               Hex(std::strcmp(freed, "dst") == 0 ? dst : src) +
                                               " was freed by another thread meanwhile");
    }
    lock.unlock();
    std::memmove(dst, src, count);
    return ACL_SUCCESS;
  });
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
  return aclnn_host::runtime::GuardRuntime("aclrtMemset", [&]() -> aclError {
    if (count > maxCount) {
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: count=" + std::to_string(count) +
                                               " exceeds maxCount=" + std::to_string(maxCount));
    }
    if (count == 0) return ACL_SUCCESS;
    auto& st = GlobalState();
    std::unique_lock<std::mutex> lock(st.mutex);
    auto it = aclnn_host::runtime::BlockContaining(st, reinterpret_cast<uintptr_t>(devPtr), count);
    if (it == st.blocks.end()) {
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: devPtr=" + Hex(devPtr) +
                                               " with count=" + std::to_string(count) +
                                               " is not inside one live aclrtMalloc block");
    }
    aclnn_host::runtime::SynchronousAccess access(st);
    if (access.Pin(lock, {{"devPtr", devPtr, count}}) != nullptr) {
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMemset: the block of devPtr=" + Hex(devPtr) +
                                               " was freed by another thread meanwhile");
    }
    lock.unlock();
    std::memset(devPtr, value, count);
    return ACL_SUCCESS;
  });
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
  return aclnn_host::runtime::GuardRuntime("aclrtCtxSetSysParamOpt", [&]() -> aclError {
    auto& st = GlobalState();
    std::lock_guard<std::mutex> lock(st.mutex);
    switch (aclnn_host::runtime::RawEnum(opt)) {
      case ACL_OPT_DETERMINISTIC:
        st.deterministic = value;
        return ACL_SUCCESS;
      case ACL_OPT_ENABLE_DEBUG_KERNEL:
        st.debug_kernel = value;
        return ACL_SUCCESS;
      case ACL_OPT_STRONG_CONSISTENCY:
        st.strong_consistency = value;
        return ACL_SUCCESS;
    }
    return Fail(ACL_ERROR_INVALID_PARAM,
                "aclrtCtxSetSysParamOpt: opt=" + std::to_string(aclnn_host::runtime::RawEnum(opt)) +
                    " is not an aclSysParamOpt");
  });
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
  return aclnn_host::runtime::GuardRuntime("aclrtCtxGetSysParamOpt", [&]() -> aclError {
    if (value == nullptr)
      return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCtxGetSysParamOpt: value is NULL");
    auto& st = GlobalState();
    std::lock_guard<std::mutex> lock(st.mutex);
    switch (aclnn_host::runtime::RawEnum(opt)) {
      case ACL_OPT_DETERMINISTIC:
        *value = st.deterministic;
        return ACL_SUCCESS;
      case ACL_OPT_ENABLE_DEBUG_KERNEL:
        *value = st.debug_kernel;
        return ACL_SUCCESS;
      case ACL_OPT_STRONG_CONSISTENCY:
        *value = st.strong_consistency;
        return ACL_SUCCESS;
    }
    return Fail(ACL_ERROR_INVALID_PARAM,
                "aclrtCtxGetSysParamOpt: opt=" + std::to_string(aclnn_host::runtime::RawEnum(opt)) +
                    " is not an aclSysParamOpt");
  });
}

}  // extern "C"
