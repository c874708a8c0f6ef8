// aclnnUpsampleBicubic2dAA (the forward resize) written as an Ascend developer
// writes it for the NPU: it compiles and runs unchanged against aclnn-host.
// It shrinks an 8x8 ramp to 4x4 and checks the adjoint identity
// <F(x), g> == <x, F^T(g)> against aclnnUpsampleBicubic2dAAGrad.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa.h"
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

// Runs one phase-1 result on the stream: workspace, phase 2, synchronize.
int RunOnStream(aclnnStatus phase1, uint64_t workspaceSize, aclOpExecutor* executor,
                aclrtStream stream, bool forward) {
  CHECK_RET(phase1 == ACL_SUCCESS,
            LOG_PRINT("phase 1 failed. ERROR: %d (%s)\n", phase1, aclGetRecentErrMsg());
            return phase1);
  void* workspaceAddr = nullptr;
  if (workspaceSize > 0) {
    auto ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret);
              return ret);
  }
  auto ret = forward ? aclnnUpsampleBicubic2dAA(workspaceAddr, workspaceSize, executor, stream)
                     : aclnnUpsampleBicubic2dAAGrad(workspaceAddr, workspaceSize, executor, stream);
  if (ret == ACL_SUCCESS) ret = aclrtSynchronizeStream(stream);
  if (ret != ACL_SUCCESS) LOG_PRINT("phase 2 failed. ERROR: %d (%s)\n", ret, aclGetRecentErrMsg());
  if (workspaceAddr) aclrtFree(workspaceAddr);
  return ret;
}

int main() {
  int32_t deviceId = 0;
  aclrtStream stream;
  auto ret = Init(deviceId, &stream);
  CHECK_RET(ret == 0, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return 1);

  const std::vector<int64_t> xShape = {1, 1, 8, 8}, yShape = {1, 1, 4, 4};
  std::vector<float> xHost(64), gHost(16);
  for (int i = 0; i < 64; ++i) xHost[i] = static_cast<float>((i / 8) * 8 + (i % 8)) / 8.0f;
  for (int i = 0; i < 16; ++i) gHost[i] = static_cast<float>(i % 5) - 2.0f;
  void *xDev = nullptr, *yDev = nullptr, *gDev = nullptr, *bDev = nullptr;
  aclTensor *x = nullptr, *y = nullptr, *g = nullptr, *b = nullptr;
  aclIntArray *outputSize = nullptr, *inputSize = nullptr;
  const std::vector<int64_t> outputSizeData = {4, 4}, inputSizeData = {1, 1, 8, 8};
  std::vector<float> yHost(16), bHost(64);
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  double fxg = 0, xbg = 0, magnitude = 0;
  int status = 1;

  ret = CreateAclTensor(xHost, xShape, &xDev, ACL_FLOAT, &x);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  ret = CreateAclTensor(yHost, yShape, &yDev, ACL_FLOAT, &y);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  ret = CreateAclTensor(gHost, yShape, &gDev, ACL_FLOAT, &g);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  ret = CreateAclTensor(bHost, xShape, &bDev, ACL_FLOAT, &b);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  outputSize = aclCreateIntArray(outputSizeData.data(), 2);
  inputSize = aclCreateIntArray(inputSizeData.data(), 4);
  CHECK_RET(outputSize != nullptr && inputSize != nullptr, LOG_PRINT("aclCreateIntArray failed.\n");
            goto cleanup);

  // y = F(x): the forward resize.
  ret = aclnnUpsampleBicubic2dAAGetWorkspaceSize(x, outputSize, false, 0.0, 0.0, y, &workspaceSize,
                                                 &executor);
  ret = RunOnStream(ret, workspaceSize, executor, stream, true);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  // b = F^T(g): the gradient of the same resize.
  ret = aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(g, outputSize, inputSize, false, 0.0, 0.0, b,
                                                     &workspaceSize, &executor);
  ret = RunOnStream(ret, workspaceSize, executor, stream, false);
  CHECK_RET(ret == ACL_SUCCESS, goto cleanup);
  ret = aclrtMemcpy(yHost.data(), 64, yDev, 64, ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("copy y back failed. ERROR: %d\n", ret); goto cleanup);
  ret = aclrtMemcpy(bHost.data(), 256, bDev, 256, ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("copy b back failed. ERROR: %d\n", ret); goto cleanup);

  LOG_PRINT("y = aclnnUpsampleBicubic2dAA(x 8x8 ramp) (1, 1, 4, 4):\n");
  for (int r = 0; r < 4; r++) {
    for (int c = 0; c < 4; c++) LOG_PRINT(" %9.6f", yHost[r * 4 + c]);
    LOG_PRINT("\n");
  }
  for (int i = 0; i < 16; ++i) {
    fxg += double(yHost[i]) * gHost[i];
    magnitude += std::abs(double(yHost[i]) * gHost[i]);
  }
  for (int i = 0; i < 64; ++i) {
    xbg += double(xHost[i]) * bHost[i];
    magnitude += std::abs(double(xHost[i]) * bHost[i]);
  }
  // The products cancel about 100-fold (their magnitudes sum to 82): fp32
  // results carry five decimals of these sums.
  LOG_PRINT("adjoint: <F(x), g> = %.5f, <x, F^T(g)> = %.5f, relative difference %s 1e-6\n", fxg,
            xbg, std::abs(fxg - xbg) <= 1e-6 * magnitude ? "<=" : ">");
  status = std::abs(fxg - xbg) <= 1e-6 * magnitude ? 0 : 1;

cleanup:
  aclDestroyTensor(x);
  aclDestroyTensor(y);
  aclDestroyTensor(g);
  aclDestroyTensor(b);
  aclDestroyIntArray(outputSize);
  aclDestroyIntArray(inputSize);
  for (void* p : {xDev, yDev, gDev, bDev}) {
    if (p) aclrtFree(p);
  }
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return status;
}
