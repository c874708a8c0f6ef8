#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

#include "aclnn/aclnn_base.h"
#include "aclnn/objects.h"
#include "runtime/runtime.h"

namespace aclnn_host::aclnn {
namespace {

constexpr uint64_t kMaxDims = 64;

struct Registry {
  std::mutex mutex;
  std::set<const aclTensor*> tensors;
  std::set<const aclIntArray*> int_arrays;
  std::set<const aclFloatArray*> float_arrays;
  std::set<const aclBoolArray*> bool_arrays;
  std::unordered_map<const aclOpExecutor*, std::shared_ptr<aclOpExecutor>> executors;
};

Registry& Global() {
  static Registry* r = new Registry();  // outlives static destructors
  return *r;
}

template <typename T>
aclnnStatus DestroyFrom(std::set<const T*>& set, const T* p, const char* what) {
  if (p == nullptr) return ACLNN_SUCCESS;
  {
    std::lock_guard<std::mutex> lock(Global().mutex);
    if (!set.erase(p)) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  std::string(what) + ": not a live handle (never created or already destroyed)");
    }
  }
  delete p;
  return ACLNN_SUCCESS;
}

template <typename T>
bool Live(const std::set<const T*>& set, const T* p) {
  std::lock_guard<std::mutex> lock(Global().mutex);
  return set.count(p) != 0;
}

aclnnStatus CopyOut(const std::vector<int64_t>& v, int64_t** out, uint64_t* num, const char* fn) {
  if (out == nullptr || num == nullptr) {
    return Fail(ACLNN_ERR_PARAM_NULLPTR, std::string(fn) + ": output pointer is NULL");
  }
  *out = new int64_t[v.size() ? v.size() : 1];
  for (size_t i = 0; i < v.size(); ++i) (*out)[i] = v[i];
  *num = v.size();
  return ACLNN_SUCCESS;
}

}  // namespace

void RegisterTensor(const aclTensor* t) {
  std::lock_guard<std::mutex> lock(Global().mutex);
  Global().tensors.insert(t);
}
bool IsLiveTensor(const aclTensor* t) { return Live(Global().tensors, t); }
bool IsLiveIntArray(const aclIntArray* a) { return Live(Global().int_arrays, a); }
bool IsLiveFloatArray(const aclFloatArray* a) { return Live(Global().float_arrays, a); }

void RegisterExecutor(std::shared_ptr<aclOpExecutor> e) {
  std::lock_guard<std::mutex> lock(Global().mutex);
  const aclOpExecutor* key = e.get();
  Global().executors[key] = std::move(e);
}

ExecutorRun TakeExecutorForRun(const aclOpExecutor* e) {
  std::lock_guard<std::mutex> lock(Global().mutex);
  auto it = Global().executors.find(e);
  if (it == Global().executors.end() || it->second->running) return {};
  ExecutorRun run{it->second, it->second->repeatable};
  if (!run.repeatable) it->second->running = true;
  return run;
}

void EndExecutorRun(const ExecutorRun& run, bool release) noexcept {
  if (run.repeatable) return;
  std::shared_ptr<aclOpExecutor> keep;  // destroyed outside the lock
  std::lock_guard<std::mutex> lock(Global().mutex);
  run.executor->running = false;
  if (!release) return;
  // (aclDestroyAclOpExecutor may have removed it meanwhile.)
  auto it = Global().executors.find(run.executor.get());
  if (it == Global().executors.end()) return;
  keep = std::move(it->second);
  Global().executors.erase(it);
}

bool MarkExecutorRepeatable(const aclOpExecutor* e) {
  std::lock_guard<std::mutex> lock(Global().mutex);
  auto it = Global().executors.find(e);
  if (it == Global().executors.end()) return false;
  it->second->repeatable = true;
  return true;
}

bool ReleaseExecutor(const aclOpExecutor* e) {
  std::shared_ptr<aclOpExecutor> keep;  // destroyed outside the lock
  std::lock_guard<std::mutex> lock(Global().mutex);
  auto it = Global().executors.find(e);
  if (it == Global().executors.end()) return false;
  keep = std::move(it->second);
  Global().executors.erase(it);
  return true;
}

const char* DataTypeName(int32_t t) {
  switch (t) {
    case ACL_FLOAT:
      return "FLOAT";
    case ACL_FLOAT16:
      return "FLOAT16";
    case ACL_BF16:
      return "BFLOAT16";
    case ACL_DOUBLE:
      return "DOUBLE";
    case ACL_INT8:
      return "INT8";
    case ACL_INT16:
      return "INT16";
    case ACL_INT32:
      return "INT32";
    case ACL_INT64:
      return "INT64";
    case ACL_UINT8:
      return "UINT8";
    case ACL_BOOL:
      return "BOOL";
    default:
      return "unsupported";
  }
}

const char* FormatName(int32_t f) {
  switch (f) {
    case ACL_FORMAT_NCHW:
      return "NCHW";
    case ACL_FORMAT_NHWC:
      return "NHWC";
    case ACL_FORMAT_ND:
      return "ND";
    case ACL_FORMAT_NCL:
      return "NCL";
    case ACL_FORMAT_NCDHW:
      return "NCDHW";
    case ACL_FORMAT_NDHWC:
      return "NDHWC";
    case ACL_FORMAT_NC1HWC0:
      return "NC1HWC0";
    default:
      return "other";
  }
}

std::string ShapeString(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(dims[i]);
  }
  return s + "]";
}

aclnnStatus Fail(aclnnStatus status, const std::string& message) {
  runtime::SetError(message);
  return status;
}

}  // namespace aclnn_host::aclnn

using aclnn_host::aclnn::Fail;
using aclnn_host::aclnn::Global;

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                           const int64_t* stride, int64_t offset, aclFormat format,
                           const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData) {
  return aclnn_host::aclnn::GuardCreate("aclCreateTensor", [&]() -> aclTensor* {
    if ((viewDims == nullptr && viewDimsNum > 0) ||
        (storageDims == nullptr && storageDimsNum > 0) ||
        viewDimsNum > aclnn_host::aclnn::kMaxDims || storageDimsNum > aclnn_host::aclnn::kMaxDims) {
      Fail(ACLNN_ERR_PARAM_NULLPTR,
           "aclCreateTensor: viewDims/storageDims is NULL with a non-zero count, or more than 64 "
           "dims");
      return nullptr;
    }
    auto t = std::make_unique<aclTensor>();
    t->view_shape.assign(viewDims, viewDims + viewDimsNum);
    t->storage_shape.assign(storageDims, storageDims + storageDimsNum);
    if (stride != nullptr) {
      t->strides.assign(stride, stride + viewDimsNum);
    } else {
      t->strides.assign(viewDimsNum, 1);
      // Contiguous strides; a wrapped product only matters for shapes the op
      // rejects anyway.
      uint64_t acc = 1;
      for (uint64_t i = viewDimsNum; i-- > 0;) {
        t->strides[i] = static_cast<int64_t>(acc);
        acc *= static_cast<uint64_t>(viewDims[i] > 0 ? viewDims[i] : 1);
      }
    }
    t->offset = offset;
    t->dtype = aclnn_host::runtime::RawEnum(dataType);
    t->format = aclnn_host::runtime::RawEnum(format);
    t->data = tensorData;
    aclnn_host::aclnn::RegisterTensor(t.get());
    return t.release();
  });
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
  return aclnn_host::aclnn::GuardCreate("aclCreateIntArray", [&]() -> aclIntArray* {
    if (value == nullptr && size > 0) {
      Fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateIntArray: value is NULL with size > 0");
      return nullptr;
    }
    if (size > (uint64_t{1} << 20)) {
      Fail(ACLNN_ERR_PARAM_INVALID,
           "aclCreateIntArray: size=" + std::to_string(size) + " is too large");
      return nullptr;
    }
    auto a = std::make_unique<aclIntArray>();
    a->values.assign(value, value + size);
    std::lock_guard<std::mutex> lock(Global().mutex);
    Global().int_arrays.insert(a.get());
    return a.release();
  });
}

aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
  return aclnn_host::aclnn::GuardCreate("aclCreateFloatArray", [&]() -> aclFloatArray* {
    if ((value == nullptr && size > 0) || size > (uint64_t{1} << 20)) {
      Fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateFloatArray: value is NULL or size too large");
      return nullptr;
    }
    auto a = std::make_unique<aclFloatArray>();
    a->values.assign(value, value + size);
    std::lock_guard<std::mutex> lock(Global().mutex);
    Global().float_arrays.insert(a.get());
    return a.release();
  });
}

aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
  return aclnn_host::aclnn::GuardCreate("aclCreateBoolArray", [&]() -> aclBoolArray* {
    if ((value == nullptr && size > 0) || size > (uint64_t{1} << 20)) {
      Fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateBoolArray: value is NULL or size too large");
      return nullptr;
    }
    auto a = std::make_unique<aclBoolArray>();
    a->values.assign(value, value + size);
    std::lock_guard<std::mutex> lock(Global().mutex);
    Global().bool_arrays.insert(a.get());
    return a.release();
  });
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
  return aclnn_host::aclnn::GuardOp("aclDestroyTensor", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::DestroyFrom(Global().tensors, tensor, "aclDestroyTensor");
  });
}
aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
  return aclnn_host::aclnn::GuardOp("aclDestroyIntArray", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::DestroyFrom(Global().int_arrays, array, "aclDestroyIntArray");
  });
}
aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
  return aclnn_host::aclnn::GuardOp("aclDestroyFloatArray", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::DestroyFrom(Global().float_arrays, array, "aclDestroyFloatArray");
  });
}
aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
  return aclnn_host::aclnn::GuardOp("aclDestroyBoolArray", [&]() -> aclnnStatus {
    return aclnn_host::aclnn::DestroyFrom(Global().bool_arrays, array, "aclDestroyBoolArray");
  });
}

#define ACLNN_HOST_REQUIRE_TENSOR(fn, t)                                           \
  if ((t) == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, fn ": tensor is NULL"); \
  if (!aclnn_host::aclnn::IsLiveTensor(t))                                         \
    return Fail(ACLNN_ERR_PARAM_INVALID, fn ": tensor is not a live aclTensor");

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
  return aclnn_host::aclnn::GuardOp("aclGetViewShape", [&]() -> aclnnStatus {
    ACLNN_HOST_REQUIRE_TENSOR("aclGetViewShape", tensor)
    return aclnn_host::aclnn::CopyOut(tensor->view_shape, viewDims, viewDimsNum, "aclGetViewShape");
  });
}
aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                               uint64_t* storageDimsNum) {
  return aclnn_host::aclnn::GuardOp("aclGetStorageShape", [&]() -> aclnnStatus {
    ACLNN_HOST_REQUIRE_TENSOR("aclGetStorageShape", tensor)
    return aclnn_host::aclnn::CopyOut(tensor->storage_shape, storageDims, storageDimsNum,
                                      "aclGetStorageShape");
  });
}
aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                              uint64_t* stridesNum) {
  return aclnn_host::aclnn::GuardOp("aclGetViewStrides", [&]() -> aclnnStatus {
    ACLNN_HOST_REQUIRE_TENSOR("aclGetViewStrides", tensor)
    return aclnn_host::aclnn::CopyOut(tensor->strides, stridesValue, stridesNum,
                                      "aclGetViewStrides");
  });
}
aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
  return aclnn_host::aclnn::GuardOp("aclGetViewOffset", [&]() -> aclnnStatus {
    ACLNN_HOST_REQUIRE_TENSOR("aclGetViewOffset", tensor)
    if (offset == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetViewOffset: offset is NULL");
    *offset = tensor->offset;
    return ACLNN_SUCCESS;
  });
}
aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
  return aclnn_host::aclnn::GuardOp("aclGetFormat", [&]() -> aclnnStatus {
    ACLNN_HOST_REQUIRE_TENSOR("aclGetFormat", tensor)
    if (format == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetFormat: format is NULL");
    aclnn_host::runtime::StoreRawEnum(format, tensor->format);
    return ACLNN_SUCCESS;
  });
}
aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
  return aclnn_host::aclnn::GuardOp("aclGetDataType", [&]() -> aclnnStatus {
    ACLNN_HOST_REQUIRE_TENSOR("aclGetDataType", tensor)
    if (dataType == nullptr)
      return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetDataType: dataType is NULL");
    aclnn_host::runtime::StoreRawEnum(dataType, tensor->dtype);
    return ACLNN_SUCCESS;
  });
}
aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
  return aclnn_host::aclnn::GuardOp("aclSetRawTensorAddr", [&]() -> aclnnStatus {
    ACLNN_HOST_REQUIRE_TENSOR("aclSetRawTensorAddr", tensor)
    tensor->data = addr;
    return ACLNN_SUCCESS;
  });
}
aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
  return aclnn_host::aclnn::GuardOp("aclGetRawTensorAddr", [&]() -> aclnnStatus {
    ACLNN_HOST_REQUIRE_TENSOR("aclGetRawTensorAddr", tensor)
    if (addr == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetRawTensorAddr: addr is NULL");
    *addr = tensor->data;
    return ACLNN_SUCCESS;
  });
}

aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
  return aclnn_host::aclnn::GuardOp("aclGetIntArraySize", [&]() -> aclnnStatus {
    if (array == nullptr || size == nullptr) {
      return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetIntArraySize: array or size is NULL");
    }
    if (!aclnn_host::aclnn::IsLiveIntArray(array)) {
      return Fail(ACLNN_ERR_PARAM_INVALID, "aclGetIntArraySize: array is not a live aclIntArray");
    }
    *size = array->values.size();
    return ACLNN_SUCCESS;
  });
}
aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
  return aclnn_host::aclnn::GuardOp("aclGetFloatArraySize", [&]() -> aclnnStatus {
    if (array == nullptr || size == nullptr) {
      return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetFloatArraySize: array or size is NULL");
    }
    if (!aclnn_host::aclnn::Live(Global().float_arrays, array)) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  "aclGetFloatArraySize: array is not a live aclFloatArray");
    }
    *size = array->values.size();
    return ACLNN_SUCCESS;
  });
}
aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
  return aclnn_host::aclnn::GuardOp("aclGetBoolArraySize", [&]() -> aclnnStatus {
    if (array == nullptr || size == nullptr) {
      return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetBoolArraySize: array or size is NULL");
    }
    if (!aclnn_host::aclnn::Live(Global().bool_arrays, array)) {
      return Fail(ACLNN_ERR_PARAM_INVALID, "aclGetBoolArraySize: array is not a live aclBoolArray");
    }
    *size = array->values.size();
    return ACLNN_SUCCESS;
  });
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
  return aclnn_host::aclnn::GuardOp("aclSetAclOpExecutorRepeatable", [&]() -> aclnnStatus {
    if (executor == nullptr) {
      return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclSetAclOpExecutorRepeatable: executor is NULL");
    }
    if (!aclnn_host::aclnn::MarkExecutorRepeatable(executor)) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  "aclSetAclOpExecutorRepeatable: executor is not live (already run or destroyed)");
    }
    return ACLNN_SUCCESS;
  });
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  return aclnn_host::aclnn::GuardOp("aclDestroyAclOpExecutor", [&]() -> aclnnStatus {
    if (executor == nullptr) return ACLNN_SUCCESS;
    if (!aclnn_host::aclnn::ReleaseExecutor(executor)) {
      return Fail(ACLNN_ERR_PARAM_INVALID,
                  "aclDestroyAclOpExecutor: executor is not live (already run or destroyed)");
    }
    return ACLNN_SUCCESS;
  });
}

aclnnStatus aclnnInit(const char* /*configPath*/) { return ACLNN_SUCCESS; }
aclnnStatus aclnnFinalize(void) { return ACLNN_SUCCESS; }

}  // extern "C"
