// The CANN documentation example of aclnnUpsampleBicubic2dAAGrad, written as
// an Ascend developer writes it for the NPU: it compiles and runs unchanged
// against aclnn-host. Every call is checked; everything is released.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa_grad.h"

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

}  // namespace

int main() {
  int32_t deviceId = 0;
  aclrtStream stream;
  auto ret = Init(deviceId, &stream);
  CHECK_RET(ret == 0, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return 1);

  std::vector<int64_t> gradOutputShape = {1, 1, 4, 2};
  std::vector<int64_t> outShape = {1, 1, 8, 4};
  void* gradOutputDeviceAddr = nullptr;
  void* outDeviceAddr = nullptr;
  aclTensor* gradOutput = nullptr;
  aclTensor* out = nullptr;
  std::vector<float> gradOutputHostData = {0, 1, 2, 3, 4, 5, 6, 7};
  std::vector<float> outHostData(32, 0);
  std::vector<int64_t> outputSizeData = {4, 2};
  std::vector<int64_t> inputSizeData = {1, 1, 8, 4};
  bool alignCorners = true;
  double scalesH = 2.0;
  double scalesW = 2.0;

  int status = 1;
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  void* workspaceAddr = nullptr;
  aclIntArray* outputSize = nullptr;
  aclIntArray* inputSize = nullptr;
  std::vector<float> resultData(outHostData.size(), 0);

  ret = CreateAclTensor(gradOutputHostData, gradOutputShape, &gradOutputDeviceAddr,
                        aclDataType::ACL_FLOAT, &gradOutput);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  ret = CreateAclTensor(outHostData, outShape, &outDeviceAddr, aclDataType::ACL_FLOAT, &out);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  outputSize = aclCreateIntArray(outputSizeData.data(), 2);
  CHECK_RET(outputSize != nullptr, LOG_PRINT("aclCreateIntArray failed.\n"); goto cleanup);
  inputSize = aclCreateIntArray(inputSizeData.data(), 4);
  CHECK_RET(inputSize != nullptr, LOG_PRINT("aclCreateIntArray failed.\n"); goto cleanup);

  ret = aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(gradOutput, outputSize, inputSize,
                                                     alignCorners, scalesH, scalesW, out,
                                                     &workspaceSize, &executor);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("aclnnUpsampleBicubic2dAAGradGetWorkspaceSize failed. ERROR: %d (%s)\n", ret,
                      aclGetRecentErrMsg());
            goto cleanup);
  if (workspaceSize > 0) {
    ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret);
              goto cleanup);
  }
  ret = aclnnUpsampleBicubic2dAAGrad(workspaceAddr, workspaceSize, executor, stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclnnUpsampleBicubic2dAAGrad failed. ERROR: %d (%s)\n",
                                          ret, aclGetRecentErrMsg());
            goto cleanup);
  ret = aclrtSynchronizeStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret);
            goto cleanup);

  ret = aclrtMemcpy(resultData.data(), resultData.size() * sizeof(float), outDeviceAddr,
                    resultData.size() * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS,
            LOG_PRINT("copy result from device to host failed. ERROR: %d\n", ret);
            goto cleanup);
  LOG_PRINT("out (1, 1, 8, 4):\n");
  for (int64_t r = 0; r < 8; r++) {
    for (int64_t c = 0; c < 4; c++) LOG_PRINT(" %9.6f", resultData[r * 4 + c]);
    LOG_PRINT("\n");
  }
  status = 0;

cleanup:
  aclDestroyTensor(gradOutput);
  aclDestroyTensor(out);
  aclDestroyIntArray(outputSize);
  aclDestroyIntArray(inputSize);
  if (gradOutputDeviceAddr) aclrtFree(gradOutputDeviceAddr);
  if (outDeviceAddr) aclrtFree(outDeviceAddr);
  if (workspaceAddr) aclrtFree(workspaceAddr);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return status;
}
