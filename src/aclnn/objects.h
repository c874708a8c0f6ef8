// The aclnn handle types and the registries that let every entry point tell
// a live handle from a stale or foreign pointer.
#ifndef ACLNN_HOST_ACLNN_OBJECTS_H_
#define ACLNN_HOST_ACLNN_OBJECTS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "runtime/runtime.h"

struct aclTensor {
  std::vector<int64_t> view_shape;
  std::vector<int64_t> strides;
  std::vector<int64_t> storage_shape;
  int64_t offset = 0;
  int32_t dtype = ACL_FLOAT;       // aclDataType as the caller passed it
  int32_t format = ACL_FORMAT_ND;  // aclFormat as the caller passed it
  void* data = nullptr;
};

struct aclIntArray {
  std::vector<int64_t> values;
};

struct aclFloatArray {
  std::vector<float> values;
};

struct aclBoolArray {
  std::vector<bool> values;
};

// Phase 1 builds one; phase 2 runs it on a stream.
struct aclOpExecutor {
  virtual ~aclOpExecutor() = default;
  uint64_t workspace_size = 0;
  // Read and written under the registry's lock.
  bool repeatable = false;
  bool running = false;  // a phase 2 holds it (one that is not repeatable)
  // Checks what phase 2 must re-check (memory still live), then enqueues.
  // `self` keeps the executor alive until the queued work has run.
  virtual aclnnStatus Launch(const std::shared_ptr<aclOpExecutor>& self, void* workspace,
                             uint64_t given_bytes, void* stream) = 0;
};

namespace aclnn_host::aclnn {

// Registries of live handles (thread-safe).
void RegisterTensor(const aclTensor* t);
bool IsLiveTensor(const aclTensor* t);
bool IsLiveIntArray(const aclIntArray* a);
bool IsLiveFloatArray(const aclFloatArray* a);

void RegisterExecutor(std::shared_ptr<aclOpExecutor> e);
// Phase 2's hold on the live executor behind a handle (null if none, or if
// another phase 2 holds it): one that is not repeatable is held until
// EndExecutorRun, so that it runs once (phase 2 on another thread meanwhile
// finds it not live, as after the run).
struct ExecutorRun {
  std::shared_ptr<aclOpExecutor> executor;
  bool repeatable = false;  // when it was taken
};
ExecutorRun TakeExecutorForRun(const aclOpExecutor* e);
// Ends the hold (allocates nothing, throws nothing): `release` removes a
// non-repeatable executor from the registry (it ran, or CANN's rule released
// it); otherwise it is the caller's again, to run or destroy.
void EndExecutorRun(const ExecutorRun& run, bool release) noexcept;
// aclSetAclOpExecutorRepeatable: false if the handle is not live.
bool MarkExecutorRepeatable(const aclOpExecutor* e);
// Removes it from the registry; queued work keeps its own reference.
bool ReleaseExecutor(const aclOpExecutor* e);

const char* DataTypeName(int32_t data_type);
const char* FormatName(int32_t format);
std::string ShapeString(const std::vector<int64_t>& dims);

// Sets the thread's error message and returns status.
aclnnStatus Fail(aclnnStatus status, const std::string& message);

// runtime::Guard with the statuses of this layer: an aclnn function reports
// anything thrown as ACLNN_ERR_INNER, an aclCreate* function as NULL.
template <typename Body>
aclnnStatus GuardOp(const char* function, Body&& body) noexcept {
  return runtime::Guard<aclnnStatus>(function, ACLNN_ERR_INNER, ACLNN_ERR_INNER, body);
}
template <typename Body>
auto GuardCreate(const char* function, Body&& body) noexcept -> decltype(body()) {
  return runtime::Guard<decltype(body())>(function, nullptr, nullptr, body);
}

}  // namespace aclnn_host::aclnn

#endif  // ACLNN_HOST_ACLNN_OBJECTS_H_
