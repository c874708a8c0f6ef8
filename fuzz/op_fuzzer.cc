// libFuzzer target: builds arbitrary CANN call sequences from bytes and drives
// aclnnUpsampleBicubic2dAAGrad through its C API. Every outcome must be a
// status; under ASan+UBSan any crash, leak, out-of-bounds access or undefined
// behaviour is a finding. Bytes outside out's view are checked with sentinels.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa.h"
#include "aclnnop/aclnn_upsample_bicubic2d_aa_grad.h"

extern "C" aclTensor* FuzzCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, int dataType,
                                       const int64_t* stride, int64_t offset, int format,
                                       const int64_t* storageDims, uint64_t storageDimsNum,
                                       void* tensorData);

namespace {

constexpr unsigned char kSentinel = 0x5A;
constexpr size_t kMaxBlock = 64 << 10;

int64_t Dim(FuzzedDataProvider& p) {
  static const int64_t special[] = {0,
                                    -1,
                                    1,
                                    (int64_t{1} << 20) - 1,
                                    int64_t{1} << 20,
                                    (int64_t{1} << 20) + 1,
                                    int64_t{1} << 31,
                                    int64_t{1} << 40,
                                    std::numeric_limits<int64_t>::max(),
                                    std::numeric_limits<int64_t>::min()};
  if (p.ConsumeIntegralInRange<int>(0, 15) == 0) return p.PickValueInArray(special);
  return p.ConsumeIntegralInRange<int64_t>(1, 24);
}

double Scale(FuzzedDataProvider& p) {
  static const double special[] = {0.0,
                                   -0.0,
                                   -1.0,
                                   std::numeric_limits<double>::quiet_NaN(),
                                   std::numeric_limits<double>::infinity(),
                                   -std::numeric_limits<double>::infinity(),
                                   1e300,
                                   1e-300,
                                   4.9e-324,
                                   0.02,
                                   50.0,
                                   1.0};
  switch (p.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      return p.PickValueInArray(special);
    case 1:
      return p.ConsumeFloatingPointInRange<double>(0.01, 60.0);
    case 2:
      return p.ConsumeFloatingPoint<double>();
    default:
      return 0.0;
  }
}

int Dtype(FuzzedDataProvider& p) {
  static const int values[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT32, -1, 999};
  if (p.ConsumeIntegralInRange<int>(0, 7) == 0) return p.PickValueInArray(values);
  static const int supported[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  return p.PickValueInArray(supported);
}

int Format(FuzzedDataProvider& p) {
  static const int values[] = {ACL_FORMAT_NCHW, ACL_FORMAT_ND, ACL_FORMAT_NHWC, -1, 12345};
  if (p.ConsumeIntegralInRange<int>(0, 7) == 0) return p.PickValueInArray(values);
  return ACL_FORMAT_NCHW;
}

struct Block {
  void* ptr = nullptr;
  size_t size = 0;
};

struct FuzzTensor {
  aclTensor* tensor = nullptr;
  std::vector<int64_t> shape, strides;
  int64_t offset = 0;
  void* data = nullptr;
};

void MakeTensor(FuzzedDataProvider& p, FuzzTensor* t, const std::vector<int64_t>& shape, int dtype,
                int format, const std::vector<Block>& blocks, unsigned char* host) {
  t->shape = shape;
  const size_t rank = shape.size();
  const int layout = p.ConsumeIntegralInRange<int>(0, 4);
  t->strides.assign(rank, 1);
  // Wrapping arithmetic: the harness must not have undefined behaviour itself.
  auto mul = [](int64_t a, int64_t b) {
    return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
  };
  for (size_t i = rank; i-- > 1;) t->strides[i - 1] = mul(t->strides[i], shape[i]);
  if (layout == 1 && rank == 4) {  // channels-last
    t->strides = {mul(mul(shape[1], shape[2]), shape[3]), 1, mul(shape[3], shape[1]), shape[1]};
  } else if (layout == 2) {  // padded rows
    for (size_t i = 0; i + 1 < rank; ++i) {
      t->strides[i] = static_cast<int64_t>(static_cast<uint64_t>(t->strides[i]) +
                                           p.ConsumeIntegralInRange<uint64_t>(0, 3));
    }
  } else if (layout == 3) {  // anything
    for (auto& s : t->strides) {
      s = p.ConsumeBool() ? p.ConsumeIntegralInRange<int64_t>(-64, 64)
                          : p.ConsumeIntegral<int64_t>();
    }
  }
  t->offset = p.ConsumeIntegralInRange<int>(0, 3) == 0 ? p.ConsumeIntegral<int64_t>()
                                                       : p.ConsumeIntegralInRange<int64_t>(-8, 64);
  switch (p.ConsumeIntegralInRange<int>(0, 9)) {
    case 0:
      t->data = nullptr;
      break;
    case 1:
      t->data = host;
      break;  // not device memory
    default: {
      const Block& b = blocks[p.ConsumeIntegralInRange<size_t>(0, blocks.size() - 1)];
      t->data = static_cast<char*>(b.ptr) + p.ConsumeIntegralInRange<size_t>(0, b.size + 64) -
                (p.ConsumeBool() ? 0 : 32);
    }
  }
  const bool null_strides = p.ConsumeIntegralInRange<int>(0, 4) == 0;
  t->tensor =
      FuzzCreateTensor(shape.data(), rank, dtype, null_strides ? nullptr : t->strides.data(),
                       t->offset, format, shape.data(), rank, t->data);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  FuzzedDataProvider p(bytes, size);
  std::vector<Block> blocks(static_cast<size_t>(p.ConsumeIntegralInRange<int>(1, 3)));
  for (Block& b : blocks) {
    b.size = p.ConsumeIntegralInRange<size_t>(1, kMaxBlock);
    if (aclrtMalloc(&b.ptr, b.size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return 0;
    std::memset(b.ptr, kSentinel, b.size);
  }
  unsigned char host[256];
  std::memset(host, kSentinel, sizeof host);

  const int64_t n = Dim(p), c = Dim(p), ho = Dim(p), wo = Dim(p), hi = Dim(p), wi = Dim(p);
  std::vector<int64_t> go_shape = {n, c, ho, wo}, out_shape = {n, c, hi, wi};
  if (p.ConsumeIntegralInRange<int>(0, 15) == 0)
    go_shape.resize(p.ConsumeIntegralInRange<size_t>(0, 5), 2);
  if (p.ConsumeIntegralInRange<int>(0, 15) == 0)
    out_shape.resize(p.ConsumeIntegralInRange<size_t>(0, 5), 2);
  const int go_dtype = Dtype(p);
  const int out_dtype = p.ConsumeIntegralInRange<int>(0, 7) == 0 ? Dtype(p) : go_dtype;
  const int go_format = Format(p);
  const int out_format = p.ConsumeIntegralInRange<int>(0, 7) == 0 ? Format(p) : go_format;
  FuzzTensor go, out;
  MakeTensor(p, &go, go_shape, go_dtype, go_format, blocks, host);
  MakeTensor(p, &out, out_shape, out_dtype, out_format, blocks, host);

  std::vector<int64_t> osz = {ho, wo}, isz = {n, c, hi, wi};
  if (p.ConsumeIntegralInRange<int>(0, 7) == 0)
    osz.resize(p.ConsumeIntegralInRange<size_t>(0, 3), 3);
  if (p.ConsumeIntegralInRange<int>(0, 7) == 0)
    isz.resize(p.ConsumeIntegralInRange<size_t>(0, 5), 3);
  if (p.ConsumeIntegralInRange<int>(0, 7) == 0) osz[0 % std::max<size_t>(1, osz.size())] = Dim(p);
  aclIntArray* output_size = p.ConsumeIntegralInRange<int>(0, 15) == 0
                                 ? nullptr
                                 : aclCreateIntArray(osz.data(), osz.size());
  aclIntArray* input_size = p.ConsumeIntegralInRange<int>(0, 15) == 0
                                ? nullptr
                                : aclCreateIntArray(isz.data(), isz.size());
  const bool align_corners = p.ConsumeBool();
  const double sh = Scale(p), sw = Scale(p);
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  const bool null_out_args = p.ConsumeIntegralInRange<int>(0, 31) == 0;
  // Either op: the gradient (gradOutput -> out) or the forward, which reads
  // the same tensors the other way round (x = out's tensor, y = go's).
  const bool forward = p.ConsumeBool();
  const aclTensor* source = p.ConsumeIntegralInRange<int>(0, 31) == 0 ? nullptr
                            : forward                                 ? out.tensor
                                                                      : go.tensor;
  aclTensor* destination = forward ? go.tensor : out.tensor;
  const aclnnStatus s1 = forward ? aclnnUpsampleBicubic2dAAGetWorkspaceSize(
                                       source, output_size, align_corners, sh, sw, destination,
                                       null_out_args ? nullptr : &ws_size, &exec)
                                 : aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(
                                       source, output_size, input_size, align_corners, sh, sw,
                                       destination, null_out_args ? nullptr : &ws_size, &exec);
  if (s1 != ACLNN_SUCCESS && aclGetRecentErrMsg() == nullptr) __builtin_trap();  // must explain
  if (s1 == ACLNN_SUCCESS) {
    // Bound the work of one input; phase 1 has already checked everything.
    const double work = double(n) * double(c) * double(std::max(ho, hi)) * double(std::max(wo, wi));
    if (work > (1 << 20) || p.ConsumeIntegralInRange<int>(0, 15) == 0) {
      aclDestroyAclOpExecutor(exec);
    } else {
      void* ws = nullptr;
      uint64_t given = ws_size;
      const int ws_mode = p.ConsumeIntegralInRange<int>(0, 7);
      if (ws_size > 0 && ws_mode != 0 &&
          aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        ws = nullptr;
      if (ws_mode == 1 && given > 0) given -= 1;  // too small
      if (ws_mode == 2) given += 1;               // claims more than allocated
      void* ws_arg = ws_mode == 3 ? static_cast<void*>(host) : ws;
      aclrtStream stream = nullptr;
      const int stream_mode = p.ConsumeIntegralInRange<int>(0, 3);
      if (stream_mode == 1) aclrtCreateStream(&stream);
      if (stream_mode == 2) stream = host;  // not a stream
      const aclnnStatus s2 = forward ? aclnnUpsampleBicubic2dAA(ws_arg, given, exec, stream)
                                     : aclnnUpsampleBicubic2dAAGrad(ws_arg, given, exec, stream);
      if (s2 != ACLNN_SUCCESS) {
        if (aclGetRecentErrMsg() == nullptr) __builtin_trap();
        aclDestroyAclOpExecutor(exec);  // may already be gone: must just return a status
      }
      if (stream_mode == 1) {
        aclrtDestroyStream(stream);
      } else {
        aclrtSynchronizeStream(nullptr);
      }
      if (ws) aclrtFree(ws);
    }
  }
  // The host buffer is never device memory: nothing may have touched it.
  for (unsigned char b : host) {
    if (b != kSentinel) __builtin_trap();
  }
  aclDestroyTensor(go.tensor);
  aclDestroyTensor(out.tensor);
  aclDestroyIntArray(output_size);
  aclDestroyIntArray(input_size);
  for (Block& b : blocks) aclrtFree(b.ptr);
  return 0;
}
