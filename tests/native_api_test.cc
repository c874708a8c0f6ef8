// Promise: the native C++ API refuses every bad input with a status and a
// message naming the parameter, like the CANN surface.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <utility>
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
    ExpectError(UpsampleBicubic2dAABackward(b.go, b.dst, false, 0, -1e-9),
                StatusCode::kInvalidArgument, "scales_w=-1e-09 is negative");
  }
  {
    // A broadcast x wider than the documented 2^20: named as the forward's x.
    Buffers b;
    TensorView x;
    x.data = b.in.data();
    const int64_t xs[4] = {1, 2, 8, (int64_t{1} << 20) + 1};
    for (int k = 0; k < 4; ++k) x.shape[k] = xs[k], x.strides[k] = 0;
    MutableTensorView y;
    y.data = b.out.data();
    const int64_t ys[4] = {1, 2, 4, 6};
    for (int k = 0; k < 4; ++k) y.shape[k] = ys[k];
    ContiguousStrides(y.shape, y.strides);
    ExpectError(UpsampleBicubic2dAA(x, y, false, 0, 0), StatusCode::kInvalidArgument,
                "x.shape[3] (Wi)=1048577 exceeds the limit 2^20");
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

// resize.h: a scale <= 0 is "not given" (as PyTorch's kernels read it), for
// every mode, both directions and both ranks: the bytes of the unset call.
TEST(NativeResize, ScalesOfZeroOrLessAreNotGiven) {
  Buffers b;
  std::vector<float> unset(4096, 0.0f), neg(4096, 1.0f);
  for (ResizeMode mode :
       {ResizeMode::kNearest, ResizeMode::kNearestExact, ResizeMode::kLinear, ResizeMode::kCubic}) {
    for (bool antialias : {false, true}) {
      if (antialias && (mode == ResizeMode::kNearest || mode == ResizeMode::kNearestExact))
        continue;
      ResizeOptions o;
      o.mode = mode;
      o.antialias = antialias;
      MutableTensorView a = b.dst, c = b.dst;
      a.data = unset.data();
      c.data = neg.data();
      ASSERT_TRUE(ResizeBackward(b.go, a, o).ok());
      o.scales_h = -1.0;
      o.scales_w = -2.5;
      const Status s = ResizeBackward(b.go, c, o);
      ASSERT_TRUE(s.ok()) << s.message;
      EXPECT_EQ(std::memcmp(unset.data(), neg.data(), 80 * sizeof(float)), 0)
          << static_cast<int>(mode) << " " << antialias;
    }
  }
  const double scales[2] = {-2.0, 0.0};
  char message[256] = {};
  const int64_t go_shape[4] = {1, 2, 4, 6}, dst_shape[4] = {1, 2, 8, 5};
  EXPECT_EQ(aclnn_host_resize(0, 0, 1, 0, 4, scales, b.go.data, 0, go_shape, b.go.strides,
                              neg.data(), 0, dst_shape, b.dst.strides, message, sizeof message),
            0)
      << message;
}

// Planes one element wide run as planes one row high: a column gives the
// bytes its transpose gives as a row, in every mode, both directions, 16-bit
// too, for contiguous, channels-last and gapped (every other row) columns.
TEST(NativeResize, ColumnsGiveTheBytesOfRows) {
  const int64_t n = 2, c = 3, in = 7, out = 17;
  for (bool backward : {false, true}) {
    for (DataType dtype : {DataType::kFloat32, DataType::kBFloat16}) {
      for (ResizeMode mode : {ResizeMode::kNearest, ResizeMode::kLinear, ResizeMode::kCubic}) {
        for (int layout = 0; layout < 3; ++layout) {
          ResizeOptions column;
          column.mode = mode;
          column.antialias = mode != ResizeMode::kNearest;
          column.scales_h = 2.5;
          ResizeOptions row = column;
          std::swap(row.scales_h, row.scales_w);
          const int64_t src_len = backward ? out : in, dst_len = backward ? in : out;
          const size_t bytes = dtype == DataType::kFloat32 ? 4 : 2;
          // Twice the elements: the gapped layout spans that many.
          std::vector<uint8_t> src(static_cast<size_t>(2 * n * c * src_len) * bytes);
          for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i * 37 + 11);
          for (size_t i = bytes - 1; i < src.size(); i += bytes) src[i] &= 0x3f;  // finite
          std::vector<uint8_t> column_out(static_cast<size_t>(2 * n * c * dst_len) * bytes, 0);
          std::vector<uint8_t> row_out(column_out.size(), 0);
          TensorView s_col, s_row;
          MutableTensorView d_col, d_row;
          s_col.data = s_row.data = src.data();
          d_col.data = column_out.data();
          d_row.data = row_out.data();
          s_col.dtype = s_row.dtype = d_col.dtype = d_row.dtype = dtype;
          const int64_t lengths[2] = {src_len, dst_len};
          int64_t* shapes[2] = {s_col.shape, d_col.shape};
          int64_t* strides[2] = {s_col.strides, d_col.strides};
          for (int v = 0; v < 2; ++v) {
            const int64_t len = lengths[v];
            const int64_t shape[4] = {n, c, len, 1};
            const int64_t by_layout[3][4] = {{c * len, len, 1, 1},           // contiguous
                                             {len * c, 1, c, c},             // channels-last
                                             {2 * c * len, 2 * len, 2, 5}};  // gapped
            for (int k = 0; k < 4; ++k)
              shapes[v][k] = shape[k], strides[v][k] = by_layout[layout][k];
          }
          for (int k = 0; k < 4; ++k) {
            const int j = k < 2 ? k : 5 - k;  // H <-> W
            s_row.shape[k] = s_col.shape[j], s_row.strides[k] = s_col.strides[j];
            d_row.shape[k] = d_col.shape[j], d_row.strides[k] = d_col.strides[j];
          }
          const Status a =
              backward ? ResizeBackward(s_col, d_col, column) : Resize(s_col, d_col, column);
          const Status b = backward ? ResizeBackward(s_row, d_row, row) : Resize(s_row, d_row, row);
          ASSERT_TRUE(a.ok()) << a.message;
          ASSERT_TRUE(b.ok()) << b.message;
          EXPECT_EQ(column_out, row_out)
              << "mode " << static_cast<int>(mode) << (backward ? " backward" : " forward")
              << " dtype " << static_cast<int>(dtype) << " layout " << layout;
        }
      }
    }
  }
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
