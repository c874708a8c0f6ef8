// Promise: aclnnUpsampleBicubic2dAA computes PyTorch's anti-aliased bicubic
// forward, is the exact adjoint of the backward (<F x, g> == <x, B g>), follows
// the same contract, and is deterministic across thread counts.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <sstream>

#include "aclnn_host/upsample_bicubic2d_aa.h"
#include "test_support.h"

namespace aclnn_host::testing {
namespace {

struct Case {
  int64_t n, c, hi, wi, ho, wo;
  bool ac;
  double sh, sw;
  aclDataType dtype;
  Layout layout;
  std::string Describe() const {
    std::ostringstream s;
    s << DtypeName(dtype) << " " << LayoutName(layout) << " N" << n << " C" << c << " " << hi << "x"
      << wi << " -> " << ho << "x" << wo << " ac=" << ac << " sh=" << sh << " sw=" << sw;
    return s.str();
  }
};

double RandomScale(std::mt19937& rng, int64_t in, int64_t out) {
  switch (rng() % 5) {
    case 0:
      return double(out) / double(in);
    case 1:
      return 0.25 + (rng() % 1000) / 400.0;
    case 2:
      return std::numeric_limits<double>::quiet_NaN();
    default:
      return 0.0;
  }
}

Case RandomCase(std::mt19937& rng, aclDataType dtype, Layout layout) {
  Case c{1 + int64_t(rng() % 2),
         1 + int64_t(rng() % 3),
         1 + int64_t(rng() % 12),
         1 + int64_t(rng() % 40),
         1 + int64_t(rng() % 12),
         1 + int64_t(rng() % 40),
         rng() % 3 == 0,
         0,
         0,
         dtype,
         layout};
  c.sh = RandomScale(rng, c.hi, c.ho);
  c.sw = RandomScale(rng, c.wi, c.wo);
  return c;
}

std::vector<float> RandomValues(std::mt19937& rng, size_t n, aclDataType dtype) {
  std::uniform_real_distribution<float> d(-2, 2);
  std::vector<float> v(n);
  for (float& x : v) x = Quantize(d(rng), dtype);
  return v;
}

class ForwardVsReference : public ::testing::TestWithParam<aclDataType> {};

TEST_P(ForwardVsReference, RandomCasesEveryLayout) {
  std::mt19937 rng(77 + unsigned(GetParam()));
  const Layout layouts[] = {Layout::kContiguous, Layout::kChannelsLast, Layout::kPaddedOffset};
  for (int i = 0; i < 500; ++i) {
    const Case c = RandomCase(rng, GetParam(), layouts[i % 3]);
    const std::vector<float> x = RandomValues(rng, size_t(c.n * c.c * c.hi * c.wi), c.dtype);
    const std::vector<double> ref = ReferenceForward(std::vector<double>(x.begin(), x.end()), c.n,
                                                     c.c, c.hi, c.wi, c.ho, c.wo, c.ac, c.sh, c.sw);
    DeviceTensor xt, yt;
    MakeDeviceTensor(&xt, {c.n, c.c, c.hi, c.wi}, c.dtype, c.layout);
    MakeDeviceTensor(&yt, {c.n, c.c, c.ho, c.wo}, c.dtype, c.layout);
    WriteValues(&xt, x);
    const OpCall call = RunForward(&xt, &yt, {c.ho, c.wo}, c.ac, c.sh, c.sw);
    ASSERT_EQ(call.phase1, ACLNN_SUCCESS) << c.Describe() << ": " << call.message;
    ASSERT_EQ(call.phase2, ACLNN_SUCCESS) << c.Describe() << ": " << call.message;
    ASSERT_TRUE(SentinelsIntact(yt)) << c.Describe();
    const std::vector<float> got = ReadValues(yt);
    double max_ref = 0;
    for (double v : ref) max_ref = std::max(max_ref, std::fabs(v));
    for (size_t k = 0; k < got.size(); ++k) {
      ASSERT_LE(std::fabs(got[k] - ref[k]), AllowedError(ref[k], max_ref, c.dtype))
          << c.Describe() << " element " << k << " got " << got[k] << " ref " << ref[k];
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllDtypes, ForwardVsReference,
                         ::testing::Values(ACL_FLOAT, ACL_FLOAT16, ACL_BF16),
                         [](const ::testing::TestParamInfo<aclDataType>& p) {
                           return std::string(DtypeName(p.param));
                         });

// <F(x), g> and <x, B(g)> computed from the library's own fp32 outputs, in
// double: equal up to fp32 rounding of the two results.
TEST(Adjoint, ForwardAndBackwardAreTransposes) {
  std::mt19937 rng(4242);
  double worst = 0;
  for (int i = 0; i < 300; ++i) {
    Case c = RandomCase(rng, ACL_FLOAT, Layout::kContiguous);
    if (i % 10 == 0) {  // larger planes too, both pass orders
      c.hi = 20 + rng() % 100;
      c.wi = 20 + rng() % 100;
      c.ho = 20 + rng() % 100;
      c.wo = 20 + rng() % 100;
    }
    const std::vector<float> x = RandomValues(rng, size_t(c.n * c.c * c.hi * c.wi), ACL_FLOAT);
    const std::vector<float> g = RandomValues(rng, size_t(c.n * c.c * c.ho * c.wo), ACL_FLOAT);
    DeviceTensor xt, yt, gt, bt;
    MakeDeviceTensor(&xt, {c.n, c.c, c.hi, c.wi}, ACL_FLOAT, Layout::kContiguous);
    MakeDeviceTensor(&yt, {c.n, c.c, c.ho, c.wo}, ACL_FLOAT, Layout::kContiguous);
    MakeDeviceTensor(&gt, {c.n, c.c, c.ho, c.wo}, ACL_FLOAT, Layout::kContiguous);
    MakeDeviceTensor(&bt, {c.n, c.c, c.hi, c.wi}, ACL_FLOAT, Layout::kContiguous);
    WriteValues(&xt, x);
    WriteValues(&gt, g);
    ASSERT_EQ(RunForward(&xt, &yt, {c.ho, c.wo}, c.ac, c.sh, c.sw).phase2, ACLNN_SUCCESS);
    ASSERT_EQ(RunBackward(&gt, &bt, {c.ho, c.wo}, {c.n, c.c, c.hi, c.wi}, c.ac, c.sh, c.sw).phase2,
              ACLNN_SUCCESS);
    const std::vector<float> y = ReadValues(yt), b = ReadValues(bt);
    double fg = 0, xb = 0, magnitude = 0;
    for (size_t k = 0; k < y.size(); ++k) {
      fg += double(y[k]) * g[k];
      magnitude += std::fabs(double(y[k]) * g[k]);
    }
    for (size_t k = 0; k < x.size(); ++k) {
      xb += double(x[k]) * b[k];
      magnitude += std::fabs(double(x[k]) * b[k]);
    }
    const double rel = std::fabs(fg - xb) / std::max(magnitude, 1e-30);
    worst = std::max(worst, rel);
    ASSERT_LE(rel, 1e-5) << c.Describe() << " <Fx,g>=" << fg << " <x,Bg>=" << xb;
  }
  RecordProperty("worst_relative_adjoint_error", std::to_string(worst));
  std::printf("worst relative adjoint error: %.3g\n", worst);
}

TEST(ForwardGolden, ExactCases) {
  // alignCorners with output 1: weights [1.125, -0.125] on inputs 0 and 1.
  DeviceTensor xt, yt;
  MakeDeviceTensor(&xt, {1, 1, 3, 3}, ACL_FLOAT, Layout::kContiguous);
  MakeDeviceTensor(&yt, {1, 1, 1, 1}, ACL_FLOAT, Layout::kContiguous);
  WriteValues(&xt, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  ASSERT_EQ(RunForward(&xt, &yt, {1, 1}, true, 0, 0).phase2, ACLNN_SUCCESS);
  // 1.125*(1.125*1 - 0.125*2) - 0.125*(1.125*4 - 0.125*5) = 0.5
  EXPECT_EQ(ReadValues(yt)[0], 0.5f);
  // Same size, no scale: a copy.
  DeviceTensor a, b;
  MakeDeviceTensor(&a, {1, 2, 3, 4}, ACL_BF16, Layout::kChannelsLast);
  MakeDeviceTensor(&b, {1, 2, 3, 4}, ACL_BF16, Layout::kPaddedOffset);
  std::vector<float> v;
  for (int i = 0; i < 24; ++i) v.push_back(Quantize(0.37f * float(i) - 3.0f, ACL_BF16));
  WriteValues(&a, v);
  ASSERT_EQ(RunForward(&a, &b, {3, 4}, false, 0, 0).phase2, ACLNN_SUCCESS);
  EXPECT_EQ(ReadValues(b), v);
}

class ForwardContract : public ::testing::Test {
 protected:
  void SetUp() override {
    MakeDeviceTensor(&x_, {1, 2, 8, 5}, ACL_FLOAT, Layout::kContiguous);
    MakeDeviceTensor(&out_, {1, 2, 4, 6}, ACL_FLOAT, Layout::kPaddedOffset);
    osz_ = aclCreateIntArray(o_, 2);
  }
  void TearDown() override { aclDestroyIntArray(osz_); }
  void Expect(aclnnStatus status, std::vector<std::string> needles, const aclTensor* x,
              const aclIntArray* osz, double sh, double sw, aclTensor* out, bool ac = false,
              bool null_ws = false, bool null_exec = false) {
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    EXPECT_EQ(aclnnUpsampleBicubic2dAAGetWorkspaceSize(
                  x, osz, ac, sh, sw, out, null_ws ? nullptr : &ws, null_exec ? nullptr : &exec),
              status);
    EXPECT_EQ(exec, nullptr);
    const char* msg = aclGetRecentErrMsg();
    ASSERT_NE(msg, nullptr);
    for (const std::string& n : needles) {
      EXPECT_NE(std::string(msg).find(n), std::string::npos) << msg << " lacks " << n;
    }
  }
  DeviceTensor x_, out_;
  int64_t o_[2] = {4, 6};
  aclIntArray* osz_ = nullptr;
};

TEST_F(ForwardContract, EveryCheckInOrder) {
  Expect(ACLNN_ERR_PARAM_NULLPTR, {"workspaceSize"}, x_.tensor, osz_, 0, 0, out_.tensor, false,
         true);
  Expect(ACLNN_ERR_PARAM_NULLPTR, {"executor"}, x_.tensor, osz_, 0, 0, out_.tensor, false, false,
         true);
  Expect(ACLNN_ERR_PARAM_NULLPTR, {"x is nullptr"}, nullptr, osz_, 0, 0, out_.tensor);
  Expect(ACLNN_ERR_PARAM_NULLPTR, {"outputSize"}, x_.tensor, nullptr, 0, 0, out_.tensor);
  Expect(ACLNN_ERR_PARAM_NULLPTR, {"out is nullptr"}, x_.tensor, osz_, 0, 0, nullptr);
  DeviceTensor o16;
  MakeDeviceTensor(&o16, {1, 2, 4, 6}, ACL_FLOAT16, Layout::kContiguous);
  Expect(ACLNN_ERR_PARAM_INVALID, {"out dtype", "FLOAT16"}, x_.tensor, osz_, 0, 0, o16.tensor);
  Expect(ACLNN_ERR_PARAM_INVALID, {"scalesH", "-2"}, x_.tensor, osz_, -2, 0, out_.tensor);
  Expect(ACLNN_ERR_PARAM_INVALID, {"scalesW", "-1"}, x_.tensor, osz_, 0, -1, out_.tensor);
  DeviceTensor nd;
  MakeDeviceTensor(&nd, {1, 2, 4, 6}, ACL_FLOAT, Layout::kContiguous, ACL_FORMAT_ND);
  Expect(ACLNN_ERR_PARAM_INVALID, {"format"}, x_.tensor, osz_, 0, 0, nd.tensor);
  const int64_t three[3] = {4, 6, 1};
  aclIntArray* osz3 = aclCreateIntArray(three, 3);
  Expect(ACLNN_ERR_PARAM_INVALID, {"outputSize", "3"}, x_.tensor, osz3, 0, 0, out_.tensor);
  aclDestroyIntArray(osz3);
  const int64_t zero[2] = {0, 6};
  aclIntArray* osz0 = aclCreateIntArray(zero, 2);
  Expect(ACLNN_ERR_PARAM_INVALID, {"outputSize[0]", "0"}, x_.tensor, osz0, 0, 0, out_.tensor);
  aclDestroyIntArray(osz0);
  const int64_t other[2] = {5, 6};
  aclIntArray* osz5 = aclCreateIntArray(other, 2);
  Expect(ACLNN_ERR_PARAM_INVALID, {"out shape", "[1, 2, 5, 6]"}, x_.tensor, osz5, 0, 0,
         out_.tensor);
  aclDestroyIntArray(osz5);
  // 51x upscale.
  DeviceTensor x1, y51;
  MakeDeviceTensor(&x1, {1, 1, 1, 2}, ACL_FLOAT, Layout::kContiguous);
  MakeDeviceTensor(&y51, {1, 1, 51, 2}, ACL_FLOAT, Layout::kContiguous);
  const int64_t up[2] = {51, 2};
  aclIntArray* osz51 = aclCreateIntArray(up, 2);
  Expect(ACLNN_ERR_PARAM_INVALID, {"scalesH", "50x"}, x1.tensor, osz51, 0, 0, y51.tensor);
  aclDestroyIntArray(osz51);
  // Messages name the forward's own parameters and keep small values.
  Expect(ACLNN_ERR_PARAM_INVALID, {"scalesH=-1e-09 must not be negative"}, x_.tensor, osz_, -1e-9,
         0, out_.tensor);
  const int64_t wide_dims[4] = {1, 1, 1, (int64_t{1} << 20) + 1};
  const int64_t one_element[1] = {1};
  const int64_t broadcast[4] = {0, 0, 0, 0};
  aclTensor* wide = aclCreateTensor(wide_dims, 4, ACL_FLOAT, broadcast, 0, ACL_FORMAT_NCHW,
                                    one_element, 1, x_.block);
  DeviceTensor narrow;
  MakeDeviceTensor(&narrow, {1, 1, 1, 2}, ACL_FLOAT, Layout::kContiguous);
  const int64_t two[2] = {1, 2};
  aclIntArray* osz2 = aclCreateIntArray(two, 2);
  Expect(ACLNN_ERR_PARAM_INVALID, {"x W (Wi)=1048577 exceeds the limit 2^20"}, wide, osz2, 0, 0,
         narrow.tensor);
  aclDestroyIntArray(osz2);
  aclDestroyTensor(wide);
  // Memory: x not device memory; x and out overlapping.
  std::vector<float> host(80);
  const int64_t dims[4] = {1, 2, 8, 5};
  aclTensor* h =
      aclCreateTensor(dims, 4, ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, dims, 4, host.data());
  Expect(ACLNN_ERR_PARAM_INVALID, {"x", "device memory"}, h, osz_, 0, 0, out_.tensor);
  aclDestroyTensor(h);
  const int64_t odims[4] = {1, 2, 4, 6};
  aclTensor* o =
      aclCreateTensor(odims, 4, ACL_FLOAT, nullptr, 10, ACL_FORMAT_NCHW, odims, 4, x_.block);
  Expect(ACLNN_ERR_PARAM_INVALID, {"overlap"}, x_.tensor, osz_, 0, 0, o);
  aclDestroyTensor(o);
  // A valid call leaves everything outside out's view alone.
  const OpCall ok = RunForward(&x_, &out_, {4, 6}, false, 0, 0);
  EXPECT_EQ(ok.phase2, ACLNN_SUCCESS) << ok.message;
  EXPECT_TRUE(SentinelsIntact(out_));
  // Phase 2 rules are shared with the backward.
  EXPECT_EQ(aclnnUpsampleBicubic2dAA(nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
  int garbage = 0;
  EXPECT_EQ(
      aclnnUpsampleBicubic2dAA(nullptr, 0, reinterpret_cast<aclOpExecutor*>(&garbage), nullptr),
      ACLNN_ERR_PARAM_INVALID);
}

TEST(ForwardDeterminism, SameBytesForOneTwoThreeThreads) {
  const int original = GetNumThreads();
  std::mt19937 rng(9);
  const int64_t shapes[][4] = {
      {100, 80, 37, 53}, {37, 41, 100, 90}, {61, 200, 300, 20}, {32, 32, 8, 8}};
  for (const auto& s : shapes) {
    for (DataType dtype : {DataType::kFloat32, DataType::kFloat16, DataType::kBFloat16}) {
      const size_t es = dtype == DataType::kFloat32 ? 4 : 2;
      std::vector<unsigned char> in(size_t(2 * 3 * s[0] * s[1]) * es), first;
      for (auto& byte : in) byte = static_cast<unsigned char>(rng() % 60);  // finite values
      for (int threads : {1, 2, 3}) {
        SetNumThreads(threads);
        std::vector<unsigned char> out(size_t(2 * 3 * s[2] * s[3]) * es);
        TensorView x;
        x.data = in.data();
        x.dtype = dtype;
        const int64_t xs[4] = {2, 3, s[0], s[1]};
        std::memcpy(x.shape, xs, sizeof xs);
        ContiguousStrides(x.shape, x.strides);
        MutableTensorView y;
        y.data = out.data();
        y.dtype = dtype;
        const int64_t ys[4] = {2, 3, s[2], s[3]};
        std::memcpy(y.shape, ys, sizeof ys);
        ContiguousStrides(y.shape, y.strides);
        ASSERT_TRUE(UpsampleBicubic2dAA(x, y, false, 0, 0).ok());
        if (threads == 1) {
          first = out;
        } else {
          EXPECT_EQ(out, first) << "threads=" << threads;
        }
      }
    }
  }
  SetNumThreads(original);
}

}  // namespace
}  // namespace aclnn_host::testing
