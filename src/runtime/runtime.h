// Host runtime: device-memory registry, in-order streams with their own
// worker threads, per-thread error messages. Knows nothing of operators.
#ifndef ACLNN_HOST_RUNTIME_RUNTIME_H_
#define ACLNN_HOST_RUNTIME_RUNTIME_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace aclnn_host::runtime {

// Per-thread "most recent error" behind aclGetRecentErrMsg.
void SetError(const std::string& message);
const char* RecentError();

// A live aclrtMalloc block containing [ptr, ptr + bytes), or false.
// bytes may be 0 (then ptr itself must lie inside a block).
bool FindBlock(const void* ptr, uint64_t bytes, uintptr_t* block_base);

// Streams. nullptr names the default stream.
bool IsLiveStream(void* stream);

// Enqueues task on stream, after pinning the blocks whose bases are given:
// aclrtFree and aclrtMemcpy on a pinned block wait until the task is done.
// Returns false (nothing enqueued) if a block is no longer live or the stream
// is unknown.
bool Enqueue(void* stream, std::function<void()> task,
             const std::vector<uintptr_t>& pinned_block_bases);

}  // namespace aclnn_host::runtime

#endif  // ACLNN_HOST_RUNTIME_RUNTIME_H_
