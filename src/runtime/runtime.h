// Host runtime: device-memory registry, in-order streams with their own
// worker threads, per-thread error messages. Knows nothing of operators.
#ifndef ACLNN_HOST_RUNTIME_RUNTIME_H_
#define ACLNN_HOST_RUNTIME_RUNTIME_H_

#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <new>
#include <string>
#include <vector>

namespace aclnn_host::runtime {

// The integer a C caller passed for an enum parameter. C allows any int in an
// enum; C++ makes loading an out-of-range enumerator undefined, so the value is
// copied out as bytes and only compared as an integer.
template <typename Enum>
int32_t RawEnum(const Enum& e) {
  static_assert(sizeof(Enum) == sizeof(int32_t), "CANN enums are int-sized");
  int32_t v;
  std::memcpy(&v, &e, sizeof v);
  return v;
}

// Writes an integer into an enum out-parameter without forming an invalid
// enumerator value in C++.
template <typename Enum>
void StoreRawEnum(Enum* out, int32_t v) {
  static_assert(sizeof(Enum) == sizeof(int32_t), "CANN enums are int-sized");
  std::memcpy(out, &v, sizeof v);
}

// Bytes per element of an aclDataType value; 0 if unknown.
size_t DataTypeBytes(int32_t data_type);

// Per-thread "most recent error" behind aclGetRecentErrMsg.
void SetError(const std::string& message);
const char* RecentError();
// "<function>: <what>" into a fixed per-thread buffer: works when no memory
// is left for a string.
void SetErrorWithoutAllocating(const char* function, const char* what) noexcept;

// Every C entry point runs its body through Guard: whatever the body throws
// becomes a status instead of escaping into C code (std::terminate):
// std::bad_alloc gives `out_of_memory` and "<function>: out of host memory",
// anything else (no thread could be started) gives `other` and the
// exception's text, as the recent error.
template <typename Result, typename Body>
Result Guard(const char* function, Result out_of_memory, Result other, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    SetErrorWithoutAllocating(function, "out of host memory");
    return out_of_memory;
  } catch (const std::exception& e) {
    SetErrorWithoutAllocating(function, e.what());
  } catch (...) {
    SetErrorWithoutAllocating(function, "unknown internal error");
  }
  return other;
}

// A live aclrtMalloc block containing [ptr, ptr + bytes), or false.
// bytes may be 0 (then ptr itself must lie inside a block).
bool FindBlock(const void* ptr, uint64_t bytes, uintptr_t* block_base);

// Streams. nullptr names the default stream.
bool IsLiveStream(void* stream);

// Enqueues task on stream, after pinning the blocks whose bases are given:
// aclrtFree and aclrtMemcpy on a pinned block wait until the task is done.
// Returns false (nothing enqueued) if a block is no longer live or the stream
// is unknown. small: a short task, run on the calling thread before Enqueue
// returns when the stream is idle and its thread asleep (cheaper than waking
// that thread).
bool Enqueue(void* stream, std::function<void()> task,
             const std::vector<uintptr_t>& pinned_block_bases, bool small = false);

}  // namespace aclnn_host::runtime

#endif  // ACLNN_HOST_RUNTIME_RUNTIME_H_
