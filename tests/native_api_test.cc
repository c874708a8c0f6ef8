// Promise: the native C++ API refuses every bad input with a status and a
// message naming the parameter, like the CANN surface.
#include <gtest/gtest.h>

#include <vector>

#include "aclnn_host/resize.h"
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

// The family's native API: the AA bicubic mode gives the same bits as the
// dedicated functions; every mode runs both directions; refusals name things.
TEST(NativeResize, EveryModeRunsAndAgreesWithTheDedicatedFunctions) {
  Buffers b;
  std::vector<float> out2(4096, 0.0f);
  MutableTensorView dst2 = b.dst;
  dst2.data = out2.data();
  ResizeOptions aa;
  aa.mode = ResizeMode::kCubic;
  aa.antialias = true;
  ASSERT_TRUE(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, 0).ok());
  const Status s = ResizeBackward(b.go, dst2, aa);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_EQ(b.out, out2);
  for (ResizeMode mode :
       {ResizeMode::kNearest, ResizeMode::kNearestExact, ResizeMode::kLinear, ResizeMode::kCubic}) {
    for (bool antialias : {false, true}) {
      ResizeOptions o;
      o.mode = mode;
      o.antialias = antialias;
      const bool valid =
          antialias ? (mode == ResizeMode::kLinear || mode == ResizeMode::kCubic) : true;
      EXPECT_EQ(ResizeSupports(mode, antialias, true, DataType::kFloat32, 4), valid);
      const Status back = ResizeBackward(b.go, b.dst, o);
      EXPECT_EQ(back.ok(), valid) << back.message;
      if (!valid) {
        EXPECT_NE(back.message.find("antialias"), std::string::npos) << back.message;
      }
    }
  }
  // The gradient of a constant-one output: each input gets the sum of its
  // weights; for nearest every output element lands somewhere once.
  ResizeOptions nearest;
  ASSERT_TRUE(ResizeBackward(b.go, b.dst, nearest).ok());
  double total = 0;
  for (size_t i = 0; i < 80; ++i) total += b.out[i];
  EXPECT_EQ(total, 48.0);
}

TEST(NativeResize, DtypesPerModeAndDirection) {
  EXPECT_TRUE(ResizeSupports(ResizeMode::kNearest, false, false, DataType::kUInt8, 4));
  EXPECT_FALSE(ResizeSupports(ResizeMode::kNearest, false, true, DataType::kUInt8, 4));
  EXPECT_FALSE(ResizeSupports(ResizeMode::kLinear, false, false, DataType::kUInt8, 4));
  EXPECT_TRUE(ResizeSupports(ResizeMode::kLinear, true, true, DataType::kFloat64, 3));
  EXPECT_TRUE(ResizeSupports(ResizeMode::kLinear, false, false, DataType::kFloat32, 5));
  EXPECT_FALSE(ResizeSupports(ResizeMode::kCubic, false, false, DataType::kFloat32, 5));
  EXPECT_FALSE(ResizeSupports(ResizeMode::kLinear, true, true, DataType::kFloat32, 5));
  EXPECT_FALSE(ResizeSupports(ResizeMode::kLinear, false, false, DataType::kFloat32, 6));
  std::vector<uint8_t> in(48, 7), out(80, 0);
  TensorView x;
  x.data = in.data();
  x.dtype = DataType::kUInt8;
  const int64_t xs[4] = {1, 2, 4, 6}, ys[4] = {1, 2, 8, 5};
  MutableTensorView y;
  y.data = out.data();
  y.dtype = DataType::kUInt8;
  for (int k = 0; k < 4; ++k) x.shape[k] = xs[k], y.shape[k] = ys[k];
  ContiguousStrides(x.shape, x.strides);
  ContiguousStrides(y.shape, y.strides);
  ResizeOptions o;
  EXPECT_TRUE(Resize(x, y, o).ok());
  for (uint8_t v : out) EXPECT_EQ(v, 7);
  o.mode = ResizeMode::kLinear;
  ExpectError(Resize(x, y, o), StatusCode::kInvalidArgument, "x.dtype 4");
  char message[64];
  const int64_t bad_strides[4] = {1, 1, 1, 1};
  const double no_scales[2] = {0.0, 0.0};
  EXPECT_EQ(aclnn_host_resize(9, 0, 0, 0, 4, no_scales, in.data(), 4, xs, bad_strides, out.data(),
                              4, ys, bad_strides, message, sizeof message),
            static_cast<int>(StatusCode::kInvalidArgument));
  EXPECT_NE(std::string(message).find("mode 9"), std::string::npos) << message;
  EXPECT_EQ(aclnn_host_resize(0, 0, 0, 0, 4, no_scales, in.data(), 4, nullptr, bad_strides,
                              out.data(), 4, ys, bad_strides, message, sizeof message),
            static_cast<int>(StatusCode::kNullPointer));
}

}  // namespace
}  // namespace aclnn_host
