// aclnnResize written as an Ascend developer writes it for the NPU: it compiles and
// runs unchanged against aclnn-host. The first call is CANN's documentation
// example: self (1, 1, 2, 2) = {1, 2, 3, 4}, scales (1, 1, 2, 2), mode "nearest";
// the second resizes the same self with mode "bilinear".
// Every call is checked; everything is released.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_resize.h"

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
                            ACL_FORMAT_NCHW, shape.data(), shape.size(), *deviceAddr);
  CHECK_RET(*tensor != nullptr, LOG_PRINT("aclCreateTensor failed.\n"); return -1);
  return 0;
}

// Prints an NCHW result one row (W values) a line, N*C*H lines.
void PrintResult(const char* title, const std::vector<int64_t>& shape,
                 const std::vector<float>& data) {
  LOG_PRINT("%s (%lld, %lld, %lld, %lld):\n", title, static_cast<long long>(shape[0]),
            static_cast<long long>(shape[1]), static_cast<long long>(shape[2]),
            static_cast<long long>(shape[3]));
  const size_t w = static_cast<size_t>(shape[3]);
  for (size_t r = 0; r * w < data.size(); r++) {
    for (size_t c = 0; c < w; c++) LOG_PRINT(" %9.6f", data[r * w + c]);
    LOG_PRINT("\n");
  }
}

}  // namespace

// One aclnnResize call: phase 1, workspace, phase 2, synchronize.
int RunResize(const aclTensor* self, const aclFloatArray* scales, const char* mode, aclTensor* out,
              aclrtStream stream) {
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  auto ret = aclnnResizeGetWorkspaceSize(self, scales, mode, out, &workspaceSize, &executor);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("aclnnResizeGetWorkspaceSize(%s) failed. ERROR: %d (%s)\n", mode, ret,
                      aclGetRecentErrMsg());
            return ret);
  void* workspaceAddr = nullptr;
  if (workspaceSize > 0) {
    ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret);
              return ret);
  }
  ret = aclnnResize(workspaceAddr, workspaceSize, executor, stream);
  if (ret != ACL_SUCCESS) {
    LOG_PRINT("aclnnResize(%s) failed. ERROR: %d (%s)\n", mode, ret, aclGetRecentErrMsg());
  } else {
    ret = aclrtSynchronizeStream(stream);
    if (ret != ACL_SUCCESS) LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret);
  }
  if (workspaceAddr) aclrtFree(workspaceAddr);
  return ret;
}

int main() {
  int32_t deviceId = 0;
  aclrtStream stream;
  auto ret = Init(deviceId, &stream);
  CHECK_RET(ret == 0, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return 1);

  std::vector<int64_t> selfShape = {1, 1, 2, 2};
  std::vector<int64_t> outShape = {1, 1, 4, 4};
  void* selfDeviceAddr = nullptr;
  void* nearestDeviceAddr = nullptr;
  void* bilinearDeviceAddr = nullptr;
  aclTensor* self = nullptr;
  aclTensor* nearestOut = nullptr;
  aclTensor* bilinearOut = nullptr;
  aclFloatArray* scales = nullptr;
  std::vector<float> selfHostData = {1.0f, 2.0f, 3.0f, 4.0f};
  std::vector<float> scalesData = {1.0f, 1.0f, 2.0f, 2.0f};
  std::vector<float> outHostData(GetShapeSize(outShape), 0);
  std::vector<float> nearestData(outHostData.size(), 0);
  std::vector<float> bilinearData(outHostData.size(), 0);
  int status = 1;

  ret = CreateAclTensor(selfHostData, selfShape, &selfDeviceAddr, aclDataType::ACL_FLOAT, &self);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  ret = CreateAclTensor(outHostData, outShape, &nearestDeviceAddr, aclDataType::ACL_FLOAT,
                        &nearestOut);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  ret = CreateAclTensor(outHostData, outShape, &bilinearDeviceAddr, aclDataType::ACL_FLOAT,
                        &bilinearOut);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  scales = aclCreateFloatArray(scalesData.data(), scalesData.size());
  CHECK_RET(scales != nullptr, LOG_PRINT("aclCreateFloatArray failed.\n"); goto cleanup);

  ret = RunResize(self, scales, "nearest", nearestOut, stream);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  ret = RunResize(self, scales, "bilinear", bilinearOut, stream);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);

  ret = aclrtMemcpy(nearestData.data(), nearestData.size() * sizeof(float), nearestDeviceAddr,
                    nearestData.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("copy result from device to host failed. ERROR: %d\n", ret);
            goto cleanup);
  ret = aclrtMemcpy(bilinearData.data(), bilinearData.size() * sizeof(float), bilinearDeviceAddr,
                    bilinearData.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("copy result from device to host failed. ERROR: %d\n", ret);
            goto cleanup);
  PrintResult("aclnnResize(mode \"nearest\"): out", outShape, nearestData);
  PrintResult("aclnnResize(mode \"bilinear\"): out", outShape, bilinearData);
  status = 0;

cleanup:
  aclDestroyTensor(self);
  aclDestroyTensor(nearestOut);
  aclDestroyTensor(bilinearOut);
  aclDestroyFloatArray(scales);
  if (selfDeviceAddr) aclrtFree(selfDeviceAddr);
  if (nearestDeviceAddr) aclrtFree(nearestDeviceAddr);
  if (bilinearDeviceAddr) aclrtFree(bilinearDeviceAddr);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return status;
}
