// Promise: every bad input gets the contract's status (spec section 5 and the
// phase-2 rules) with a message naming the parameter and the value, and the
// op writes nothing outside out's view.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "resample/view_checks.h"
#include "test_support.h"

namespace aclnn_host::testing {
namespace {

// A valid problem (1,2,4,6) <- (1,2,8,5) that each test breaks in one way.
class Contract : public ::testing::Test {
 protected:
  void SetUp() override {
    MakeDeviceTensor(&go_, {1, 2, 4, 6}, ACL_FLOAT, Layout::kContiguous);
    MakeDeviceTensor(&out_, {1, 2, 8, 5}, ACL_FLOAT, Layout::kPaddedOffset);
    std::vector<float> g(48);
    for (size_t i = 0; i < g.size(); ++i) g[i] = float(i) * 0.25f - 3.0f;
    WriteValues(&go_, g);
    output_size_ = aclCreateIntArray(osz_, 2);
    input_size_ = aclCreateIntArray(isz_, 4);
  }
  void TearDown() override {
    aclDestroyIntArray(output_size_);
    aclDestroyIntArray(input_size_);
  }

  aclnnStatus Phase1(const aclTensor* go, const aclIntArray* osz, const aclIntArray* isz, bool ac,
                     double sh, double sw, aclTensor* out, uint64_t* ws, aclOpExecutor** exec) {
    return aclnnUpsampleBicubic2dAAGradGetWorkspaceSize(go, osz, isz, ac, sh, sw, out, ws, exec);
  }

  // Phase 1 with one argument replaced; expects `status` and a message that
  // contains every one of `needles`.
  void ExpectPhase1(aclnnStatus status, std::vector<std::string> needles, const aclTensor* go,
                    const aclIntArray* osz, const aclIntArray* isz, double sh, double sw,
                    aclTensor* out, bool ac = false) {
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    EXPECT_EQ(Phase1(go, osz, isz, ac, sh, sw, out, &ws, &exec), status);
    EXPECT_EQ(exec, nullptr);
    const char* msg = aclGetRecentErrMsg();
    ASSERT_NE(msg, nullptr);
    for (const std::string& n : needles)
      EXPECT_NE(std::string(msg).find(n), std::string::npos) << msg << " lacks " << n;
  }

  DeviceTensor go_, out_;
  int64_t osz_[2] = {4, 6};
  int64_t isz_[4] = {1, 2, 8, 5};
  aclIntArray* output_size_ = nullptr;
  aclIntArray* input_size_ = nullptr;
};

TEST_F(Contract, ValidCallSucceedsAndTouchesOnlyOutsView) {
  const OpCall c = RunBackward(&go_, &out_, {4, 6}, {1, 2, 8, 5}, false, 0, 0);
  EXPECT_EQ(c.phase1, ACLNN_SUCCESS) << c.message;
  EXPECT_EQ(c.phase2, ACLNN_SUCCESS) << c.message;
  EXPECT_TRUE(SentinelsIntact(out_));
  EXPECT_TRUE(SentinelsIntact(go_));
}

TEST_F(Contract, Row0_WorkspaceSizeOrExecutorNull) {
  aclOpExecutor* exec = nullptr;
  uint64_t ws = 0;
  EXPECT_EQ(Phase1(go_.tensor, output_size_, input_size_, false, 0, 0, out_.tensor, nullptr, &exec),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("workspaceSize"), std::string::npos);
  EXPECT_EQ(Phase1(go_.tensor, output_size_, input_size_, false, 0, 0, out_.tensor, &ws, nullptr),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("executor"), std::string::npos);
}

TEST_F(Contract, Row1_RequiredInputsNull) {
  ExpectPhase1(ACLNN_ERR_PARAM_NULLPTR, {"gradOutput"}, nullptr, output_size_, input_size_, 0, 0,
               out_.tensor);
  ExpectPhase1(ACLNN_ERR_PARAM_NULLPTR, {"outputSize"}, go_.tensor, nullptr, input_size_, 0, 0,
               out_.tensor);
  ExpectPhase1(ACLNN_ERR_PARAM_NULLPTR, {"inputSize"}, go_.tensor, output_size_, nullptr, 0, 0,
               out_.tensor);
  ExpectPhase1(ACLNN_ERR_PARAM_NULLPTR, {"out"}, go_.tensor, output_size_, input_size_, 0, 0,
               nullptr);
}

TEST_F(Contract, Row2_DataTypes) {
  DeviceTensor go64, out16;
  MakeDeviceTensor(&go64, {1, 2, 4, 6}, ACL_FLOAT, Layout::kContiguous);
  aclDestroyTensor(go64.tensor);
  go64.tensor = aclCreateTensor(go64.shape.data(), 4, ACL_DOUBLE, nullptr, 0, ACL_FORMAT_NCHW,
                                go64.shape.data(), 4, go64.block);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput", "DOUBLE"}, go64.tensor, output_size_,
               input_size_, 0, 0, out_.tensor);
  aclTensor* int_go = aclCreateTensor(go64.shape.data(), 4, ACL_INT32, nullptr, 0, ACL_FORMAT_NCHW,
                                      go64.shape.data(), 4, go64.block);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput", "INT32"}, int_go, output_size_, input_size_,
               0, 0, out_.tensor);
  aclDestroyTensor(int_go);
  MakeDeviceTensor(&out16, {1, 2, 8, 5}, ACL_FLOAT16, Layout::kContiguous);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"out dtype", "FLOAT16"}, go_.tensor, output_size_,
               input_size_, 0, 0, out16.tensor);
}

TEST_F(Contract, Row3_NegativeScales) {
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"scalesH", "-1"}, go_.tensor, output_size_, input_size_,
               -1.0, 0, out_.tensor);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"scalesW", "-0.5"}, go_.tensor, output_size_, input_size_,
               0, -0.5, out_.tensor);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"scalesH", "inf"}, go_.tensor, output_size_, input_size_,
               -std::numeric_limits<double>::infinity(), 0, out_.tensor);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"scalesW=-2.5e-07 must not be negative"}, go_.tensor,
               output_size_, input_size_, 0, -2.5e-7, out_.tensor);
  // NaN counts as "not given": same result as 0.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  DeviceTensor out_nan;
  MakeDeviceTensor(&out_nan, {1, 2, 8, 5}, ACL_FLOAT, Layout::kContiguous);
  const OpCall a = RunBackward(&go_, &out_nan, {4, 6}, {1, 2, 8, 5}, false, nan, nan);
  ASSERT_EQ(a.phase1, ACLNN_SUCCESS) << a.message;
  const OpCall b = RunBackward(&go_, &out_, {4, 6}, {1, 2, 8, 5}, false, 0, 0);
  ASSERT_EQ(b.phase1, ACLNN_SUCCESS) << b.message;
  EXPECT_EQ(ReadValues(out_nan), ReadValues(out_));
}

TEST_F(Contract, Row4_FormatsAndRanks) {
  DeviceTensor nd, nhwc_go, nhwc_out, go3, out5;
  MakeDeviceTensor(&nd, {1, 2, 8, 5}, ACL_FLOAT, Layout::kContiguous, ACL_FORMAT_ND);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"format", "NCHW", "ND"}, go_.tensor, output_size_,
               input_size_, 0, 0, nd.tensor);
  MakeDeviceTensor(&nhwc_go, {1, 2, 4, 6}, ACL_FLOAT, Layout::kContiguous, ACL_FORMAT_NHWC);
  MakeDeviceTensor(&nhwc_out, {1, 2, 8, 5}, ACL_FLOAT, Layout::kContiguous, ACL_FORMAT_NHWC);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"format", "NHWC"}, nhwc_go.tensor, output_size_,
               input_size_, 0, 0, nhwc_out.tensor);
  MakeDeviceTensor(&go3, {1, 2, 4, 6}, ACL_FLOAT, Layout::kContiguous);
  const int64_t dims3[3] = {2, 4, 6};
  aclTensor* t3 =
      aclCreateTensor(dims3, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, dims3, 3, go3.block);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput", "4-D", "3-D"}, t3, output_size_, input_size_,
               0, 0, out_.tensor);
  aclDestroyTensor(t3);
  MakeDeviceTensor(&out5, {1, 2, 8, 5}, ACL_FLOAT, Layout::kContiguous);
  const int64_t dims5[5] = {1, 1, 2, 8, 5};
  aclTensor* t5 =
      aclCreateTensor(dims5, 5, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, dims5, 5, out5.block);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"out", "5-D"}, go_.tensor, output_size_, input_size_, 0, 0,
               t5);
  aclDestroyTensor(t5);
  const int64_t three[3] = {1, 2, 8};
  aclIntArray* isz3 = aclCreateIntArray(three, 3);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"inputSize", "3"}, go_.tensor, output_size_, isz3, 0, 0,
               out_.tensor);
  aclDestroyIntArray(isz3);
  aclIntArray* osz3 = aclCreateIntArray(three, 3);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"outputSize", "3"}, go_.tensor, osz3, input_size_, 0, 0,
               out_.tensor);
  aclDestroyIntArray(osz3);
}

TEST_F(Contract, Row5_EmptyOrNegativeSizes) {
  DeviceTensor zero;
  MakeDeviceTensor(&zero, {1, 2, 4, 6}, ACL_FLOAT, Layout::kContiguous);
  const int64_t dims[4] = {1, 2, 0, 6};
  aclTensor* t =
      aclCreateTensor(dims, 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, dims, 4, zero.block);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput dim 2", "0"}, t, output_size_, input_size_, 0,
               0, out_.tensor);
  aclDestroyTensor(t);
  for (int k = 0; k < 4; ++k) {
    int64_t bad[4] = {1, 2, 8, 5};
    bad[k] = k % 2 ? 0 : -3;
    aclIntArray* isz = aclCreateIntArray(bad, 4);
    ExpectPhase1(ACLNN_ERR_PARAM_INVALID,
                 {"inputSize[" + std::to_string(k) + "]", std::to_string(bad[k])}, go_.tensor,
                 output_size_, isz, 0, 0, out_.tensor);
    aclDestroyIntArray(isz);
  }
}

TEST_F(Contract, Row6_ShapesMustAgree) {
  const int64_t osz[2] = {4, 7};
  aclIntArray* o = aclCreateIntArray(osz, 2);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput shape", "[1, 2, 4, 6]", "[1, 2, 4, 7]"},
               go_.tensor, o, input_size_, 0, 0, out_.tensor);
  aclDestroyIntArray(o);
  const int64_t isz[4] = {1, 3, 8, 5};
  aclIntArray* i = aclCreateIntArray(isz, 4);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput shape"}, go_.tensor, output_size_, i, 0, 0,
               out_.tensor);
  aclDestroyIntArray(i);
  const int64_t isz2[4] = {1, 2, 9, 5};
  aclIntArray* i2 = aclCreateIntArray(isz2, 4);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"out shape", "[1, 2, 8, 5]", "[1, 2, 9, 5]"}, go_.tensor,
               output_size_, i2, 0, 0, out_.tensor);
  aclDestroyIntArray(i2);
}

TEST_F(Contract, Row7_UpscaleAtMost50) {
  DeviceTensor go51, out1;
  MakeDeviceTensor(&go51, {1, 1, 51, 2}, ACL_FLOAT, Layout::kContiguous);
  MakeDeviceTensor(&out1, {1, 1, 1, 2}, ACL_FLOAT, Layout::kContiguous);
  const int64_t o[2] = {51, 2}, i[4] = {1, 1, 1, 2};
  aclIntArray* osz = aclCreateIntArray(o, 2);
  aclIntArray* isz = aclCreateIntArray(i, 4);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"scalesH", "50x"}, go51.tensor, osz, isz, 0, 0,
               out1.tensor);
  // Also under alignCorners.
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"scalesH"}, go51.tensor, osz, isz, 0, 0, out1.tensor,
               true);
  // An explicit scale decides: 60x on W even though the sizes are equal.
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"scalesW", "60"}, go_.tensor, output_size_, input_size_, 0,
               60.0, out_.tensor);
  // 50x exactly is allowed.
  DeviceTensor go50;
  MakeDeviceTensor(&go50, {1, 1, 50, 2}, ACL_FLOAT, Layout::kContiguous);
  const OpCall ok = RunBackward(&go50, &out1, {50, 2}, {1, 1, 1, 2}, false, 0, 0);
  EXPECT_EQ(ok.phase1, ACLNN_SUCCESS) << ok.message;
  aclDestroyIntArray(osz);
  aclDestroyIntArray(isz);
}

TEST_F(Contract, Row8_DocumentedLimits) {
  // Limits are checked before memory, so no storage is needed for them.
  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  auto expect = [&](std::vector<int64_t> go, std::vector<int64_t> in,
                    std::vector<std::string> needles) {
    aclTensor* g =
        aclCreateTensor(go.data(), 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, go.data(), 4, block);
    aclTensor* o =
        aclCreateTensor(in.data(), 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, in.data(), 4, block);
    aclIntArray* osz = aclCreateIntArray(&go[2], 2);
    aclIntArray* isz = aclCreateIntArray(in.data(), 4);
    ExpectPhase1(ACLNN_ERR_PARAM_INVALID, needles, g, osz, isz, 0, 0, o);
    aclDestroyTensor(g);
    aclDestroyTensor(o);
    aclDestroyIntArray(osz);
    aclDestroyIntArray(isz);
  };
  const int64_t big = (int64_t{1} << 20) + 1;
  expect({1, 1, 4, big}, {1, 1, 4, big}, {"outputSize[1] (Wo)=1048577"});
  expect({1, 1, 4, 4}, {1, 1, 4, big}, {"inputSize[3] (Wi)=1048577"});
  expect({big, 1, 4, 4}, {big, 1, 4, 4}, {"N=1048577"});
  expect({2048, 2048, 512, 1}, {2048, 2048, 512, 1}, {"N*C*Ho", "2^31"});
  expect({1, 1, 131072, 131072}, {1, 1, 131072, 131072}, {"= 206158430208 bytes must be < 60 GiB"});
  ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST_F(Contract, Row9_MemoryPlacement) {
  // Host memory that is not from aclrtMalloc.
  std::vector<float> host(48);
  const int64_t dims[4] = {1, 2, 4, 6};
  aclTensor* h =
      aclCreateTensor(dims, 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, dims, 4, host.data());
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput", "device memory"}, h, output_size_,
               input_size_, 0, 0, out_.tensor);
  aclDestroyTensor(h);
  // A data pointer that is not aligned to the element size.
  aclTensor* odd = aclCreateTensor(dims, 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, dims, 4,
                                   static_cast<char*>(go_.block) + 2);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput", "aligned"}, odd, output_size_, input_size_,
               0, 0, out_.tensor);
  aclDestroyTensor(odd);
  // Offsets and strides that reach past the block, before it, or overflow.
  const int64_t contiguous[4] = {48, 24, 6, 1};
  const int64_t wide[4] = {48, 24, 7, 1};
  const int64_t huge[4] = {48, INT64_MAX / 2, 6, 1};
  struct Bad {
    const int64_t* strides;
    int64_t offset;
    const char* needle;
  };
  const Bad bads[] = {{contiguous, 1, "outside"},
                      {contiguous, -1, "outside"},
                      {wide, 0, "outside"},
                      {huge, 0, "overflows"}};
  for (const Bad& b : bads) {
    aclTensor* t = aclCreateTensor(dims, 4, ACL_FLOAT, b.strides, b.offset, ACL_FORMAT_NCHW, dims,
                                   4, go_.block);
    ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput", b.needle}, t, output_size_, input_size_, 0,
                 0, out_.tensor);
    aclDestroyTensor(t);
  }
  // out overlapping itself (zero stride) or gradOutput.
  const int64_t odims[4] = {1, 2, 8, 5};
  const int64_t zero_w[4] = {80, 40, 5, 0};
  DeviceTensor o2;
  MakeDeviceTensor(&o2, {1, 2, 8, 5}, ACL_FLOAT, Layout::kContiguous);
  aclTensor* self =
      aclCreateTensor(odims, 4, ACL_FLOAT, zero_w, 0, ACL_FORMAT_NCHW, odims, 4, o2.block);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"out strides", "overlap itself"}, go_.tensor, output_size_,
               input_size_, 0, 0, self);
  aclDestroyTensor(self);
  DeviceTensor shared;
  MakeDeviceTensor(&shared, {1, 1, 1, 200}, ACL_FLOAT, Layout::kContiguous);
  aclTensor* g =
      aclCreateTensor(dims, 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, dims, 4, shared.block);
  aclTensor* o =
      aclCreateTensor(odims, 4, ACL_FLOAT, nullptr, 40, ACL_FORMAT_NCHW, odims, 4, shared.block);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"overlap"}, g, output_size_, input_size_, 0, 0, o);
  aclDestroyTensor(o);
  // Disjoint views of one block are fine.
  o = aclCreateTensor(odims, 4, ACL_FLOAT, nullptr, 48, ACL_FORMAT_NCHW, odims, 4, shared.block);
  const int64_t needed = 48 + 80;
  ASSERT_LE(needed, 200);
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  EXPECT_EQ(Phase1(g, output_size_, input_size_, false, 0, 0, o, &ws, &exec), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  aclDestroyTensor(o);
  aclDestroyTensor(g);
}

// Regression (fuzzer finding): on a dim of size 1 any stride passes the view
// checks, so the engine must never form stride * element size on its own.
TEST_F(Contract, HugeStridesOnSizeOneDimsAreHarmless) {
  const int64_t huge = INT64_MAX / 2 + 12345;
  for (aclDataType dtype : {ACL_FLOAT16, ACL_FLOAT}) {
    DeviceTensor go, out;
    MakeDeviceTensor(&go, {1, 1, 1, 1}, dtype, Layout::kContiguous);
    MakeDeviceTensor(&out, {1, 1, 3, 1}, dtype, Layout::kContiguous);
    WriteValues(&go, {2.0f});
    const int64_t gdims[4] = {1, 1, 1, 1}, gstrides[4] = {-huge, huge, -huge, huge};
    const int64_t odims[4] = {1, 1, 3, 1}, ostrides[4] = {huge, -huge, 1, -huge};
    aclTensor* g =
        aclCreateTensor(gdims, 4, dtype, gstrides, 0, ACL_FORMAT_NCHW, gdims, 4, go.block);
    aclTensor* o =
        aclCreateTensor(odims, 4, dtype, ostrides, 0, ACL_FORMAT_NCHW, odims, 4, out.block);
    aclDestroyTensor(go.tensor);
    aclDestroyTensor(out.tensor);
    go.tensor = g;
    out.tensor = o;
    const OpCall c = RunBackward(&go, &out, {1, 1}, {1, 1, 3, 1}, false, 0, 0);
    ASSERT_EQ(c.phase2, ACLNN_SUCCESS) << c.message;
    double sum = 0;
    for (float v : ReadValues(out)) sum += v;
    EXPECT_NEAR(sum, 2.0, 1e-2);
  }
}

// Regression (fuzzer finding, fuzz/regressions/view-span-difference-overflow):
// a view whose lowest byte lies far below its data pointer and whose highest
// lies far above spans more than 2^63 bytes although each end fits in int64.
TEST_F(Contract, ViewSpanWiderThanInt64IsRefused) {
  const int64_t dims[4] = {1, 2, 4, 6};
  const int64_t strides[4] = {48, -(int64_t{1} << 60), 6, int64_t{1} << 58};
  aclTensor* t =
      aclCreateTensor(dims, 4, ACL_FLOAT, strides, 0, ACL_FORMAT_NCHW, dims, 4, go_.block);
  ExpectPhase1(ACLNN_ERR_PARAM_INVALID, {"gradOutput", "outside"}, t, output_size_, input_size_, 0,
               0, out_.tensor);
  aclDestroyTensor(t);
}

TEST(ViewChecks, SpansAndAddressesAreExactAtTheLimits) {
  const int64_t shape[2] = {2, 2};
  const int64_t strides[2] = {INT64_MIN, INT64_MAX - 1};
  resample::ByteSpan span;
  EXPECT_FALSE(resample::ViewByteSpan(shape, strides, 2, 0, 8, &span));  // ends beyond int64
  ASSERT_TRUE(resample::ViewByteSpan(shape, strides, 2, 0, 1, &span));
  EXPECT_EQ(span.lo, INT64_MIN);
  EXPECT_EQ(span.hi, INT64_MAX);
  EXPECT_EQ(span.hi - span.lo, static_cast<__int128>(UINT64_MAX));
  resample::AddressRange range;
  EXPECT_FALSE(resample::SpanAddresses(reinterpret_cast<void*>(uintptr_t{4096}), span, &range));
  const int64_t small[2] = {-3, 5};
  ASSERT_TRUE(resample::ViewByteSpan(shape, small, 2, 10, 4, &span));
  ASSERT_TRUE(resample::SpanAddresses(reinterpret_cast<void*>(uintptr_t{4096}), span, &range));
  EXPECT_EQ(range.begin, 4096u + 28u);
  EXPECT_EQ(range.end, 4096u + 64u);
  const int64_t below[2] = {-8, 1};
  ASSERT_TRUE(resample::ViewByteSpan(shape, below, 2, 0, 4, &span));
  EXPECT_FALSE(resample::SpanAddresses(reinterpret_cast<void*>(uintptr_t{16}), span, &range));
  EXPECT_EQ(resample::Int128String(span.lo), "-32");
  EXPECT_EQ(resample::Int128String(static_cast<__int128>(INT64_MIN) * 8), "-73786976294838206464");
  // Negating INT64_MIN is undefined in int64: the overlap test uses magnitudes.
  EXPECT_FALSE(resample::ViewOverlapsItself(shape, strides, 2));
  const int64_t same[2] = {INT64_MIN, INT64_MIN};
  EXPECT_TRUE(resample::ViewOverlapsItself(shape, same, 2));
}

TEST_F(Contract, StaleHandlesAreRefusedNotDereferenced) {
  aclTensor* t = aclCreateTensor(go_.shape.data(), 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW,
                                 go_.shape.data(), 4, go_.block);
  ASSERT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID);  // double destroy
  EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyIntArray(nullptr), ACLNN_SUCCESS);
}

class Phase2 : public Contract {
 protected:
  aclOpExecutor* Plan(uint64_t* ws) {
    aclOpExecutor* exec = nullptr;
    EXPECT_EQ(Phase1(go_.tensor, output_size_, input_size_, false, 0, 0, out_.tensor, ws, &exec),
              ACLNN_SUCCESS);
    return exec;
  }
};

TEST_F(Phase2, Rules) {
  uint64_t ws_size = 0;
  // executor null.
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("executor"), std::string::npos);
  // workspaceSize > 0 with a null workspace: 161001 and the executor is gone.
  aclOpExecutor* exec = Plan(&ws_size);
  ASSERT_GT(ws_size, 0u);
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(nullptr, ws_size, exec, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("workspace"), std::string::npos);
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(nullptr, 0, exec, nullptr), ACLNN_ERR_PARAM_INVALID);
  // A workspace smaller than asked for, or not device memory.
  void* ws = nullptr;
  exec = Plan(&ws_size);
  ASSERT_EQ(aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size - 1, exec, nullptr), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find(std::to_string(ws_size - 1)), std::string::npos);
  std::vector<char> host(ws_size);
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(host.data(), ws_size, exec, nullptr),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("device memory"), std::string::npos);
  // An unknown stream.
  int not_a_stream = 0;
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, &not_a_stream),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("stream"), std::string::npos);
  // Runs once; a second run is refused.
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, nullptr), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("not live"), std::string::npos);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  // An executor pointer that was never one.
  int garbage = 42;
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, reinterpret_cast<aclOpExecutor*>(&garbage),
                                         nullptr),
            ACLNN_ERR_PARAM_INVALID);
  // Repeatable executors run until destroyed.
  exec = Plan(&ws_size);
  ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, nullptr), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, nullptr), ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
  EXPECT_TRUE(SentinelsIntact(out_));
}

TEST_F(Phase2, MemoryFreedBetweenPhasesIsRefused) {
  DeviceTensor go;
  MakeDeviceTensor(&go, {1, 2, 4, 6}, ACL_FLOAT, Layout::kContiguous);
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(Phase1(go.tensor, output_size_, input_size_, false, 0, 0, out_.tensor, &ws_size, &exec),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclrtFree(go.block), ACL_SUCCESS);
  go.block = nullptr;
  void* ws = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, nullptr), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("freed"), std::string::npos);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
}

TEST_F(Phase2, TensorsMayBeDestroyedRightAfterPhase2) {
  DeviceTensor go, out;
  MakeDeviceTensor(&go, {1, 2, 4, 6}, ACL_FLOAT, Layout::kContiguous);
  MakeDeviceTensor(&out, {1, 2, 8, 5}, ACL_FLOAT, Layout::kContiguous);
  WriteValues(&go, std::vector<float>(48, 1.0f));
  uint64_t ws_size = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(Phase1(go.tensor, output_size_, input_size_, false, 0, 0, out.tensor, &ws_size, &exec),
            ACLNN_SUCCESS);
  void* ws = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclnnUpsampleBicubic2dAAGrad(ws, ws_size, exec, nullptr), ACLNN_SUCCESS);
  aclDestroyTensor(go.tensor);
  go.tensor = nullptr;
  aclDestroyTensor(out.tensor);
  out.tensor = nullptr;
  // aclrtFree waits for the queued work that uses the block.
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  double sum = 0;
  for (float v : ReadValues(out)) sum += v;
  EXPECT_NEAR(sum, 48.0, 1e-4);
}

// The madvise flags of the mapping that holds address p ("hg": huge pages
// asked for), from /proc/self/smaps; "" where p is in none.
std::string VmFlagsAt(const void* p) {
  std::ifstream smaps("/proc/self/smaps");
  const uintptr_t at = reinterpret_cast<uintptr_t>(p);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    unsigned long lo = 0, hi = 0;
    char dash = 0;
    std::istringstream range(line);
    if (line.find("VmFlags:") == 0) {
      if (inside) return line;
    } else if (range >> std::hex >> lo >> dash >> hi && dash == '-') {
      inside = at >= lo && at < hi;
    }
  }
  return "";
}

// Blocks of a huge page or more start on a 2 MiB boundary and have their
// whole huge pages advised for transparent huge pages, under every policy but
// NORMAL_ONLY (memory-type bits ignored); smaller blocks stay 64-byte aligned.
TEST(Runtime, LargeBlocksAskForHugePages) {
  const size_t huge = size_t{2} << 20;
  const bool thp = std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled").good();
  const int huge_policies[] = {ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_HUGE_ONLY,
                               ACL_MEM_MALLOC_HUGE_FIRST_P2P, ACL_MEM_MALLOC_HUGE1G_ONLY,
                               ACL_MEM_MALLOC_HUGE_FIRST | ACL_MEM_TYPE_HIGH_BAND_WIDTH};
  for (int policy : huge_policies) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 3 * huge + 100, static_cast<aclrtMemMallocPolicy>(policy)),
              ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % huge, 0u) << policy;
    std::memset(p, 1, 3 * huge + 100);  // all of it usable
    if (thp) {
      EXPECT_NE(VmFlagsAt(p).find(" hg"), std::string::npos) << policy;
    }
    ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
  for (int policy : {ACL_MEM_MALLOC_NORMAL_ONLY, ACL_MEM_MALLOC_NORMAL_ONLY_P2P}) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 3 * huge, static_cast<aclrtMemMallocPolicy>(policy)), ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    if (thp) {
      EXPECT_EQ(VmFlagsAt(p).find(" hg"), std::string::npos) << policy;
    }
    ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
  void* small = nullptr;  // under a huge page: no advice
  ASSERT_EQ(aclrtMalloc(&small, huge - 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 64, 0u);
  if (thp) {
    EXPECT_EQ(VmFlagsAt(small).find(" hg"), std::string::npos);
  }
  ASSERT_EQ(aclrtFree(small), ACL_SUCCESS);
}

TEST(Runtime, CallsAroundTheOp) {
  EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtSetDevice(1), ACL_ERROR_INVALID_DEVICE);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("deviceId=1"), std::string::npos);
  void* p = nullptr;
  EXPECT_EQ(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMalloc(&p, SIZE_MAX / 2, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_BAD_ALLOC);
  for (int policy : {0, 1, 2, 3, 4, 5, 6, 7, 0x100, 0x1000}) {
    ASSERT_EQ(aclrtMalloc(&p, 100, static_cast<aclrtMemMallocPolicy>(policy)), ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 32, 0u);
    ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  }
  EXPECT_EQ(aclrtFree(p), ACL_ERROR_INVALID_PARAM);  // double free
  int local = 0;
  EXPECT_EQ(aclrtFree(&local), ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclrtMalloc(&p, 16, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
  char host[32] = "0123456789abcdef";
  EXPECT_EQ(aclrtMemcpy(p, 16, host, 17, ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);  // destMax
  EXPECT_EQ(aclrtMemcpy(p, 16, host, 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(host, 32, p, 32, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_ERROR_INVALID_PARAM);  // past block
  EXPECT_EQ(aclrtMemcpy(host + 16, 16, p, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(std::string(host + 16, 16), "0123456789abcdef");
  EXPECT_EQ(aclrtMemcpy(host, 16, host + 16, 16, ACL_MEMCPY_DEVICE_TO_DEVICE),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtMemcpy(host, 16, host + 16, 16, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(host, 16, host + 16, 16, static_cast<aclrtMemcpyKind>(99)),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
  int64_t v = 0;
  EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  EXPECT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &v), ACL_SUCCESS);
  EXPECT_EQ(v, 1);
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(s), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(Meta, TensorQueries) {
  const int64_t view[4] = {2, 3, 4, 5}, storage[1] = {200};
  int dummy = 0;
  aclTensor* t = aclCreateTensor(view, 4, ACL_BF16, nullptr, 7, ACL_FORMAT_ND, storage, 1, &dummy);
  ASSERT_NE(t, nullptr);
  int64_t* dims = nullptr;
  uint64_t n = 0;
  ASSERT_EQ(aclGetViewShape(t, &dims, &n), ACLNN_SUCCESS);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + n), std::vector<int64_t>({2, 3, 4, 5}));
  delete[] dims;
  ASSERT_EQ(aclGetViewStrides(t, &dims, &n), ACLNN_SUCCESS);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + n), std::vector<int64_t>({60, 20, 5, 1}));
  delete[] dims;
  ASSERT_EQ(aclGetStorageShape(t, &dims, &n), ACLNN_SUCCESS);
  EXPECT_EQ(std::vector<int64_t>(dims, dims + n), std::vector<int64_t>({200}));
  delete[] dims;
  int64_t off = 0;
  aclFormat f;
  aclDataType d;
  EXPECT_EQ(aclGetViewOffset(t, &off), ACLNN_SUCCESS);
  EXPECT_EQ(off, 7);
  EXPECT_EQ(aclGetFormat(t, &f), ACLNN_SUCCESS);
  EXPECT_EQ(f, ACL_FORMAT_ND);
  EXPECT_EQ(aclGetDataType(t, &d), ACLNN_SUCCESS);
  EXPECT_EQ(d, ACL_BF16);
  EXPECT_EQ(aclGetViewShape(t, nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclGetViewShape(nullptr, &dims, &n), ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  EXPECT_EQ(aclCreateTensor(nullptr, 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, &dummy),
            nullptr);
  const int64_t vals[3] = {1, 2, 3};
  aclIntArray* a = aclCreateIntArray(vals, 3);
  uint64_t size = 0;
  EXPECT_EQ(aclGetIntArraySize(a, &size), ACLNN_SUCCESS);
  EXPECT_EQ(size, 3u);
  EXPECT_EQ(aclDestroyIntArray(a), ACLNN_SUCCESS);
  EXPECT_EQ(aclCreateIntArray(nullptr, 2), nullptr);
}

}  // namespace
}  // namespace aclnn_host::testing
