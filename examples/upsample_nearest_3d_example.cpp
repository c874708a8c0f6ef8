// aclnnUpsampleNearest3d written as an Ascend developer writes it for the NPU: it
// compiles and runs unchanged against aclnn-host. The inputs are those of CANN's
// example program (test_aclnn_upsample_nearest3d.cpp): self (2, 2, 2, 2, 3) =
// 1..48, outputSize (1, 1, 1), scalesD = scalesH = scalesW = 0 (not given: the
// sizes set the ratios). Each (2, 2, 3) volume keeps its first element (source
// index floor(dst * in / out)). Every call is checked; everything is released.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_nearest_3d.h"

#define CHECK_RET(cond, ...) \
  do {                       \
    if (!(cond)) {           \
      __VA_ARGS__;           \
    }                        \
  } while (0)
#define LOG_PRINT(...) std::printf(__VA_ARGS__)

namespace {

int64_t GetShapeSize(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

int Init(int32_t deviceId, aclrtStream* stream) {
  auto ret = aclInit(nullptr);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
  ret = aclrtSetDevice(deviceId);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
  ret = aclrtCreateStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret);
            return ret);
  return 0;
}

// A contiguous (N, C, D, H, W) tensor in format NCDHW holding hostData.
template <typename T>
int CreateAclTensor(const std::vector<T>& hostData, const std::vector<int64_t>& shape,
                    void** deviceAddr, aclDataType dataType, aclTensor** tensor) {
  auto size = GetShapeSize(shape) * sizeof(T);
  auto ret = aclrtMalloc(deviceAddr, size, ACL_MEM_MALLOC_HUGE_FIRST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
  ret = aclrtMemcpy(*deviceAddr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) {
    strides[i] = shape[i + 1] * strides[i + 1];
  }
  *tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0,
                            ACL_FORMAT_NCDHW, shape.data(), shape.size(), *deviceAddr);
  CHECK_RET(*tensor != nullptr, LOG_PRINT("aclCreateTensor failed.\n"); return -1);
  return 0;
}

// Prints an NCDHW result one row (W values) a line, N*C*D*H lines.
void PrintResult(const char* title, const std::vector<int64_t>& shape,
                 const std::vector<float>& data) {
  LOG_PRINT("%s (%lld, %lld, %lld, %lld, %lld):\n", title, static_cast<long long>(shape[0]),
            static_cast<long long>(shape[1]), static_cast<long long>(shape[2]),
            static_cast<long long>(shape[3]), static_cast<long long>(shape[4]));
  const size_t w = static_cast<size_t>(shape[4]);
  for (size_t r = 0; r * w < data.size(); r++) {
    for (size_t c = 0; c < w; c++) LOG_PRINT(" %9.6f", data[r * w + c]);
    LOG_PRINT("\n");
  }
}

}  // namespace

int main() {
  int32_t deviceId = 0;
  aclrtStream stream;
  auto ret = Init(deviceId, &stream);
  CHECK_RET(ret == 0, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return 1);

  std::vector<int64_t> selfShape = {2, 2, 2, 2, 3};
  std::vector<int64_t> outShape = {2, 2, 1, 1, 1};
  void* selfDeviceAddr = nullptr;
  void* outDeviceAddr = nullptr;
  aclTensor* self = nullptr;
  aclTensor* out = nullptr;
  // 1, 2, ..., 48
  std::vector<float> selfHostData(GetShapeSize(selfShape), 0);
  for (size_t i = 0; i < selfHostData.size(); i++) {
    selfHostData[i] = static_cast<float>(i + 1);
  }
  std::vector<float> outHostData(GetShapeSize(outShape), 0);
  double scalesD = 0.0;
  double scalesH = 0.0;
  double scalesW = 0.0;
  int status = 1;
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  void* workspaceAddr = nullptr;
  std::vector<int64_t> outputSizeData = {1, 1, 1};
  aclIntArray* outputSize = nullptr;
  std::vector<float> resultData(outHostData.size(), 0);

  ret = CreateAclTensor(selfHostData, selfShape, &selfDeviceAddr, aclDataType::ACL_FLOAT, &self);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  ret = CreateAclTensor(outHostData, outShape, &outDeviceAddr, aclDataType::ACL_FLOAT, &out);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  outputSize = aclCreateIntArray(outputSizeData.data(), outputSizeData.size());
  CHECK_RET(outputSize != nullptr, LOG_PRINT("aclCreateIntArray failed.\n"); goto cleanup);
  ret = aclnnUpsampleNearest3dGetWorkspaceSize(self, outputSize, scalesD, scalesH, scalesW, out,
                                               &workspaceSize, &executor);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("aclnnUpsampleNearest3dGetWorkspaceSize failed. ERROR: %d (%s)\n", ret,
                      aclGetRecentErrMsg());
            goto cleanup);
  if (workspaceSize > 0) {
    ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret);
              goto cleanup);
  }
  ret = aclnnUpsampleNearest3d(workspaceAddr, workspaceSize, executor, stream);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("aclnnUpsampleNearest3d failed. ERROR: %d (%s)\n", ret, aclGetRecentErrMsg());
            goto cleanup);
  ret = aclrtSynchronizeStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret);
            goto cleanup);

  ret = aclrtMemcpy(resultData.data(), resultData.size() * sizeof(float), outDeviceAddr,
                    resultData.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("copy result from device to host failed. ERROR: %d\n", ret);
            goto cleanup);
  PrintResult("aclnnUpsampleNearest3d: out", outShape, resultData);
  status = 0;

cleanup:
  aclDestroyTensor(self);
  aclDestroyTensor(out);
  aclDestroyIntArray(outputSize);
  if (selfDeviceAddr) aclrtFree(selfDeviceAddr);
  if (outDeviceAddr) aclrtFree(outDeviceAddr);
  if (workspaceAddr) aclrtFree(workspaceAddr);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return status;
}
