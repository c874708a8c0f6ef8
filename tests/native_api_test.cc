// Promise: the native C++ API refuses every bad input with a status and a
// message naming the parameter, like the CANN surface.
#include <gtest/gtest.h>

#include <vector>

#include "aclnn_host/upsample_bicubic2d_aa.h"

namespace aclnn_host {
namespace {

struct Buffers {
  std::vector<float> in = std::vector<float>(1024, 1.0f);
  std::vector<float> out = std::vector<float>(4096, 0.0f);
  TensorView go;
  MutableTensorView dst;
  Buffers() {
    go.data = in.data();
    const int64_t gs[4] = {1, 2, 4, 6};
    for (int k = 0; k < 4; ++k) go.shape[k] = gs[k];
    ContiguousStrides(go.shape, go.strides);
    dst.data = out.data();
    const int64_t os[4] = {1, 2, 8, 5};
    for (int k = 0; k < 4; ++k) dst.shape[k] = os[k];
    ContiguousStrides(dst.shape, dst.strides);
  }
};

void ExpectError(const Status& s, StatusCode code, const std::string& needle) {
  EXPECT_EQ(s.code, code) << s.message;
  EXPECT_NE(s.message.find(needle), std::string::npos) << s.message << " lacks " << needle;
}

TEST(NativeApi, ValidCallsSucceed) {
  Buffers b;
  EXPECT_TRUE(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0).ok());
  TensorView x;
  x.data = b.in.data();
  const int64_t xs[4] = {1, 2, 8, 5};
  for (int k = 0; k < 4; ++k) x.shape[k] = xs[k];
  ContiguousStrides(x.shape, x.strides);
  MutableTensorView y;
  y.data = b.out.data();
  const int64_t ys[4] = {1, 2, 4, 6};
  for (int k = 0; k < 4; ++k) y.shape[k] = ys[k];
  ContiguousStrides(y.shape, y.strides);
  EXPECT_TRUE(UpsampleBicubic2dAA(x, y, true, 0, 0).ok());
  EXPECT_GE(GetNumThreads(), 1);
  EXPECT_NE(std::string(ActiveSimdTarget()), "");
}

TEST(NativeApi, EveryBadInputIsRefused) {
  {
    Buffers b;
    b.go.data = nullptr;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0), StatusCode::kNullPointer,
                "grad_output.data");
  }
  {
    Buffers b;
    b.go.dtype = static_cast<DataType>(7);
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0), StatusCode::kInvalidArgument,
                "grad_output.dtype 7");
  }
  {
    Buffers b;
    b.dst.dtype = DataType::kBFloat16;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0), StatusCode::kInvalidArgument,
                "out.dtype");
  }
  {
    Buffers b;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, -1, 0),
                StatusCode::kInvalidArgument, "scales_h");
  }
  {
    Buffers b;
    b.go.shape[2] = 0;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0), StatusCode::kInvalidArgument,
                "positive");
  }
  {
    Buffers b;
    b.go.shape[1] = 3;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0), StatusCode::kInvalidArgument,
                "N, C");
  }
  {
    Buffers b;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 60.0, 0),
                StatusCode::kInvalidArgument, "50x");
  }
  {
    Buffers b;
    b.go.data = reinterpret_cast<const char*>(b.in.data()) + 2;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0), StatusCode::kInvalidArgument,
                "aligned");
  }
  {
    Buffers b;
    b.dst.strides[3] = 0;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0), StatusCode::kInvalidArgument,
                "overlap itself");
  }
  {
    Buffers b;
    b.dst.data = b.in.data() + 10;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0), StatusCode::kInvalidArgument,
                "overlap");
  }
  {
    Buffers b;
    b.go.strides[1] = INT64_MAX / 2;
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0), StatusCode::kInvalidArgument,
                "overflow");
  }
}

}  // namespace
}  // namespace aclnn_host
