// Promise: every 2-D and 1-D function of the resize family refuses each bad
// input its contract names with the contract's status (161001 for null
// pointers, 161002 for everything else) and a message naming the parameter (as
// the function's header spells it) and the offending value; valid calls
// succeed and write nothing outside out's view; empty tensors succeed
// (workspace 0, a phase 2 that writes nothing) or are refused per the
// function's empty rule. The 1-D functions (N, C, L) also keep CANN's check
// order where its code fixes one, and aclnnUpsampleLinear1d its scale rule.
// Then CANN's own op_api unit-test cases (reference document, Appendix A) are
// replayed through phase 1, and the phase-2 rules are checked for one forward
// and one backward function of each kind.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "family_support.h"
#include "raw_tensor.h"

namespace aclnn_host::testing {
namespace {

constexpr aclnnStatus kOk = ACLNN_SUCCESS;
constexpr aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR;
constexpr aclnnStatus kInvalid = ACLNN_ERR_PARAM_INVALID;
constexpr aclnnStatus kNoArrow = -1;  // Appendix A: the case only runs the call

constexpr int32_t F32 = ACL_FLOAT, F16 = ACL_FLOAT16, BF16 = ACL_BF16, F64 = ACL_DOUBLE,
                  U8 = ACL_UINT8, I8 = ACL_INT8, I16 = ACL_INT16, I32 = ACL_INT32, I64 = ACL_INT64,
                  BOOL_ = ACL_BOOL, STR = ACL_STRING, C64 = ACL_COMPLEX64, C128 = ACL_COMPLEX128;
constexpr int32_t NCHW = ACL_FORMAT_NCHW, NHWC = ACL_FORMAT_NHWC, ND = ACL_FORMAT_ND,
                  NC1HWC0 = ACL_FORMAT_NC1HWC0, NCL = ACL_FORMAT_NCL;
constexpr int64_t kBig = int64_t{1} << 31;  // INT32_MAX + 1

// ---- raw objects (TD, RawTensor: raw_tensor.h) -----------------------------

// One phase-1 call's arguments, as descriptions.
struct CallDesc {
  TD src, dst;
  bool has_osz = true;
  std::vector<int64_t> osz;
  bool has_isz = true;
  std::vector<int64_t> isz;
  bool has_scales = true;
  std::vector<float> scales;
  const char* mode = "nearest";
  bool align = false;
  double sh = 0.0, sw = 0.0;
  bool null_ws = false, null_exec = false;
  // A handle destroyed after everything was created (or, for kGarbage, a
  // pointer that never was a tensor) is passed in place of the live one.
  enum Dead { kNone, kSrc, kDst, kOsz, kIsz, kScales, kGarbageSrc } dead = kNone;
};

// The objects of a CallDesc, created in the order source, destination, arrays;
// then the dead one is destroyed (nothing is created after it, so its address
// cannot come back as a live handle).
class Materialized {
 public:
  explicit Materialized(const CallDesc& d) {
    if (d.src.present) src = std::make_unique<RawTensor>(d.src);
    if (d.dst.present) dst = std::make_unique<RawTensor>(d.dst);
    if (d.has_osz) osz_ = aclCreateIntArray(d.osz.data(), d.osz.size());
    if (d.has_isz) isz_ = aclCreateIntArray(d.isz.data(), d.isz.size());
    if (d.has_scales) scales_ = aclCreateFloatArray(d.scales.data(), d.scales.size());
    args.source = src ? src->tensor : nullptr;
    args.destination = dst ? dst->tensor : nullptr;
    args.output_size = osz_;
    args.input_size = isz_;
    args.scales = scales_;
    args.mode = d.mode;
    args.align_corners = d.align;
    args.scales_h = d.sh;
    args.scales_w = d.sw;
    switch (d.dead) {
      case CallDesc::kNone:
        break;
      case CallDesc::kSrc:
        aclDestroyTensor(src->tensor);
        src->tensor = nullptr;
        break;
      case CallDesc::kDst:
        aclDestroyTensor(dst->tensor);
        dst->tensor = nullptr;
        break;
      case CallDesc::kOsz:
        aclDestroyIntArray(osz_);
        osz_ = nullptr;
        break;
      case CallDesc::kIsz:
        aclDestroyIntArray(isz_);
        isz_ = nullptr;
        break;
      case CallDesc::kScales:
        aclDestroyFloatArray(scales_);
        scales_ = nullptr;
        break;
      case CallDesc::kGarbageSrc:
        args.source = reinterpret_cast<const aclTensor*>(&garbage_);
        break;
    }
  }
  Materialized(const Materialized&) = delete;
  Materialized& operator=(const Materialized&) = delete;
  ~Materialized() {
    if (osz_) aclDestroyIntArray(osz_);
    if (isz_) aclDestroyIntArray(isz_);
    if (scales_) aclDestroyFloatArray(scales_);
  }

  std::unique_ptr<RawTensor> src, dst;
  FamilyArgs args;

 private:
  aclIntArray* osz_ = nullptr;
  aclIntArray* isz_ = nullptr;
  aclFloatArray* scales_ = nullptr;
  int64_t garbage_[16] = {};
};

struct Outcome {
  aclnnStatus status = -1;
  std::string message;
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
};

// Leaves a known, unrelated message behind, so that a refusal that sets no
// message of its own cannot pass on an older one.
void PlantStaleMessage() { aclrtSetDevice(7); }

Outcome RunPhase1(const FamilyFunction& f, const Materialized& m, const CallDesc& d) {
  Outcome o;
  o.ws = 987654321;
  PlantStaleMessage();
  o.status = f.phase1(m.args, d.null_ws ? nullptr : &o.ws, d.null_exec ? nullptr : &o.exec);
  const char* msg = aclGetRecentErrMsg();
  if (o.status != kOk && msg != nullptr) o.message = msg;
  return o;
}

std::string StatusName(aclnnStatus s) {
  switch (s) {
    case kOk:
      return "SUCCESS";
    case kNull:
      return "161001 ERR_PARAM_NULLPTR";
    case kInvalid:
      return "161002 ERR_PARAM_INVALID";
    default:
      return std::to_string(s);
  }
}

// ---- the functions' contracts as the tests read them ----------------------

// kFixesSize: aclnnUpsampleLinear1d's rule (a scale >= 0 must give outputSize
// = trunc(L * scale), so 0 is refused; negative or NaN: not given).
enum class ScaleRule { kNone, kUnset, kRefused, kArray, kFixesSize };
enum class Empties { kRefused, kAtItsStep, kBatchOrChannels, kBatchOnly };

struct Spec {
  const char* name;
  const char* src;  // parameter names, as the header spells them
  const char* dst;
  ScaleRule scales;
  Empties empty;
  bool upscale_limit;      // forward upscale <= 50x (NearestExact2dBackward)
  bool double_needs_nhwc;  // Bilinear2d: DOUBLE only as NHWC
  bool float_to_16bit;     // Bilinear2dBackward: FLOAT gradOut may write FLOAT16/BFLOAT16
  // CANN checks workspaceSize/executor first (OP_CHECK_COMM_INPUT, its step
  // 0); elsewhere CANN never checks them and the null tensors/arrays are
  // reported first (both 161001).
  bool comm_input_first;
  // 1-D functions: the scale parameter as the header spells it; whether
  // CANN checks the dtypes before the ranks (else its shape check comes
  // first); whether the shapes are compared before the sizes are checked
  // for > 0 (NearestExact1dBackward).
  const char* scale = nullptr;
  bool dtype_before_rank = false;
  bool shapes_before_sizes = false;

  const FamilyFunction& f() const { return FindFamilyFunction(name); }
  bool one_d() const { return f().spatial == 1; }
  bool backward() const { return f().backward; }
  bool resize() const { return f().mode == Mode::kResize; }
  bool takes_output_size() const { return !resize(); }
  bool takes_input_size() const { return backward(); }
  bool takes_align() const { return f().align_corners; }
  bool accepts_dtype(int32_t d) const {
    for (aclDataType x : f().dtypes)
      if (x == d) return true;
    return false;
  }
  bool accepts_format(int32_t fmt) const {
    for (aclFormat x : f().formats)
      if (x == fmt) return true;
    return false;
  }
};

const std::vector<Spec>& Specs() {
  using S = ScaleRule;
  using E = Empties;
  static const std::vector<Spec> specs = {
      {"aclnnUpsampleNearest2d", "self", "out", S::kNone, E::kBatchOnly, false, false, false,
       false},
      {"aclnnUpsampleNearest2dV2", "self", "out", S::kUnset, E::kAtItsStep, false, false, false,
       false},
      {"aclnnUpsampleNearest2dBackward", "gradOut", "gradInput", S::kUnset, E::kBatchOrChannels,
       false, false, false, false},
      {"aclnnUpsampleNearestExact2d", "self", "out", S::kRefused, E::kAtItsStep, false, false,
       false, true},
      {"aclnnUpsampleNearestExact2dBackward", "gradOutput", "out", S::kRefused, E::kAtItsStep, true,
       false, false, true},
      {"aclnnUpsampleBilinear2d", "self", "out", S::kRefused, E::kBatchOrChannels, false, true,
       false, false},
      {"aclnnUpsampleBilinear2dBackward", "gradOut", "out", S::kUnset, E::kBatchOrChannels, false,
       false, true, false},
      {"aclnnUpsampleBilinear2dBackwardV2", "gradOut", "out", S::kUnset, E::kBatchOrChannels, false,
       false, false, false},
      {"aclnnUpsampleBilinear2dAA", "input", "out", S::kRefused, E::kRefused, false, false, false,
       true},
      {"aclnnUpsampleBilinear2dAABackward", "gradOutput", "out", S::kRefused, E::kRefused, false,
       false, false, true},
      {"aclnnUpsampleBicubic2d", "self", "out", S::kUnset, E::kBatchOnly, false, false, false,
       true},
      {"aclnnUpsampleBicubic2dBackward", "gradOut", "gradInput", S::kUnset, E::kBatchOrChannels,
       false, false, false, true},
      {"aclnnResize", "self", "out", S::kArray, E::kBatchOrChannels, false, false, false, true},
      // 1-D (the reference document's check order for each).
      {"aclnnUpsampleNearest1d", "self", "out", S::kNone, E::kBatchOnly, false, false, false, false,
       nullptr, true, false},
      {"aclnnUpsampleNearest1dV2", "self", "out", S::kUnset, E::kBatchOnly, false, false, false,
       false, "scaleL", true, false},
      {"aclnnUpsampleNearest1dBackward", "gradOut", "out", S::kUnset, E::kBatchOrChannels, false,
       false, false, false, "scales", false, false},
      {"aclnnUpsampleNearestExact1d", "self", "out", S::kUnset, E::kRefused, false, false, false,
       true, "scales", true, false},
      {"aclnnUpsampleNearestExact1dBackward", "gradOutput", "out", S::kRefused, E::kRefused, true,
       false, false, true, "scales", true, true},
      {"aclnnUpsampleLinear1d", "self", "out", S::kFixesSize, E::kBatchOnly, false, false, false,
       false, "scale", false, false},
      {"aclnnUpsampleLinear1dBackward", "gradOut", "out", S::kUnset, E::kBatchOrChannels, false,
       false, false, false, "scales", false, false},
  };
  return specs;
}

const Spec& FindSpec(const std::string& name) {
  for (const Spec& s : Specs()) {
    if (name == s.name) return s;
  }
  std::abort();
}

// (N, C, H, W) dims in the view order of a format (NHWC: N, H, W, C).
std::vector<int64_t> InLayout(const std::vector<int64_t>& nchw, int32_t format) {
  if (format != NHWC || nchw.size() != 4) return nchw;
  return {nchw[0], nchw[2], nchw[3], nchw[1]};
}

// The valid problem each contract test breaks in one way: forward (1,2,4,6)
// -> (1,2,8,3) (outputSize {8, 3}; aclnnResize scales 2 and 0.5), backward
// gradOut (1,2,8,3) -> (1,2,4,6) (inputSize {1, 2, 4, 6}).
const std::vector<int64_t> kSmall = {1, 2, 4, 6};
const std::vector<int64_t> kLarge = {1, 2, 8, 3};

CallDesc Valid(const Spec& s, int32_t dtype = F32, int32_t format = NCHW) {
  CallDesc d;
  d.src = T(InLayout(s.backward() ? kLarge : kSmall, format), dtype, format);
  d.dst = T(InLayout(s.backward() ? kSmall : kLarge, format), dtype, format);
  d.has_osz = s.takes_output_size();
  d.osz = {8, 3};
  d.has_isz = s.takes_input_size();
  d.isz = InLayout(kSmall, format);
  d.has_scales = s.resize();
  d.scales = format == NHWC ? std::vector<float>{1, 2, 0.5f, 1} : std::vector<float>{1, 1, 2, 0.5f};
  return d;
}

// ---- bookkeeping: contract checks per function ------------------------------

std::map<std::string, int>& RefusalCount() {
  static std::map<std::string, int> m;
  return m;
}
std::map<std::string, int>& SuccessCount() {
  static std::map<std::string, int> m;
  return m;
}
std::map<std::string, std::vector<std::string>>& NoArrowStatuses() {
  static std::map<std::string, std::vector<std::string>> m;
  return m;
}

class Summary : public ::testing::Environment {
 public:
  void TearDown() override {
    std::printf("[ summary  ] contract checks per function (refusals + successes):\n");
    for (const Spec& s : Specs()) {
      std::printf("[ summary  ]   %-38s %3d refusals, %3d successes\n", s.name,
                  RefusalCount()[s.name], SuccessCount()[s.name]);
    }
    std::printf("[ summary  ] Appendix A cases without an expected status:\n");
    for (const auto& [name, lines] : NoArrowStatuses()) {
      for (const std::string& l : lines)
        std::printf("[ summary  ]   %s %s\n", name.c_str(), l.c_str());
    }
  }
};
[[maybe_unused]] const auto* const kSummary = ::testing::AddGlobalTestEnvironment(new Summary);

// ---- per-function contract tests -------------------------------------------

// The checks, for the function named by Use() (or the test parameter).
class ContractChecks : public ::testing::Test {
 protected:
  void Use(const char* name) { name_ = name; }
  const Spec& s() const { return FindSpec(name_); }
  const FamilyFunction& f() const { return s().f(); }
  std::string Src(const std::string& rest) const { return " " + std::string(s().src) + rest; }
  std::string Dst(const std::string& rest) const { return " " + std::string(s().dst) + rest; }

  // Phase 1 refuses with `status`; the message names the function and
  // contains every needle; no executor comes back.
  void Refused(const CallDesc& d, aclnnStatus status, const std::vector<std::string>& needles,
               const std::string& what) {
    SCOPED_TRACE(std::string(s().name) + ": " + what);
    ++RefusalCount()[s().name];
    Materialized m(d);
    const Outcome o = RunPhase1(f(), m, d);
    EXPECT_EQ(o.status, status) << StatusName(o.status) << ": " << o.message;
    EXPECT_EQ(o.exec, nullptr);
    if (o.status == kOk && o.exec) aclDestroyAclOpExecutor(o.exec);
    EXPECT_NE(o.message.find(s().name), std::string::npos) << o.message;
    for (const std::string& n : needles) {
      EXPECT_NE(o.message.find(n), std::string::npos)
          << "message \"" << o.message << "\" lacks \"" << n << "\"";
    }
  }

  // Phase 1 succeeds for an empty problem: workspace 0, and a phase 2 that
  // succeeds and writes nothing.
  void EmptySucceeds(const CallDesc& d, const std::string& what) {
    SCOPED_TRACE(std::string(s().name) + ": " + what);
    ++SuccessCount()[s().name];
    Materialized m(d);
    const Outcome o = RunPhase1(f(), m, d);
    ASSERT_EQ(o.status, kOk) << o.message;
    EXPECT_EQ(o.ws, 0u);
    ASSERT_NE(o.exec, nullptr);
    EXPECT_EQ(f().phase2(nullptr, 0, o.exec, nullptr), kOk) << aclGetRecentErrMsg();
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_TRUE(m.dst->Untouched());
    EXPECT_TRUE(m.src->Untouched());
  }

  // Phase 1 succeeds (a non-empty problem); phase 2 is not run.
  void Phase1Succeeds(const CallDesc& d, const std::string& what) {
    SCOPED_TRACE(std::string(s().name) + ": " + what);
    ++SuccessCount()[s().name];
    Materialized m(d);
    const Outcome o = RunPhase1(f(), m, d);
    EXPECT_EQ(o.status, kOk) << o.message;
    if (o.exec) {
      EXPECT_EQ(aclDestroyAclOpExecutor(o.exec), kOk);
    }
  }

 private:
  const char* name_ = "";
};

class FamilyContract : public ContractChecks, public ::testing::WithParamInterface<const char*> {
 protected:
  void SetUp() override { Use(GetParam()); }
};

std::string Name(const ::testing::TestParamInfo<const char*>& info) {
  return std::string(info.param).substr(5);  // drop "aclnn"
}

// The 2-D functions (the FamilyContract suite).
std::vector<const char*> AllNames() {
  std::vector<const char*> v;
  for (const Spec& s : Specs()) {
    if (!s.one_d()) v.push_back(s.name);
  }
  return v;
}

// The 1-D functions (the FamilyContract1d suite).
std::vector<const char*> OneDNames() {
  std::vector<const char*> v;
  for (const Spec& s : Specs()) {
    if (s.one_d()) v.push_back(s.name);
  }
  return v;
}

// Every function (Appendix A).
std::vector<const char*> EveryName() {
  std::vector<const char*> v;
  for (const Spec& s : Specs()) v.push_back(s.name);
  return v;
}

// Every accepted dtype and format: phase 1 and 2 succeed, every element of
// out's view is written, no byte outside it (nor of the source) changes.
TEST_P(FamilyContract, ValidCallsSucceedAndWriteOnlyOutsView) {
  std::mt19937 rng(7);
  int run = 0;
  for (aclDataType dtype : f().dtypes) {
    for (aclFormat format : f().formats) {
      if (s().double_needs_nhwc && dtype == ACL_DOUBLE && format != ACL_FORMAT_NHWC) continue;
      SCOPED_TRACE(std::string("dtype ") + std::to_string(dtype) + ", format " +
                   std::to_string(format));
      ++SuccessCount()[s().name];
      const bool bwd = s().backward();
      AnyTensor src, dst;
      MakeAnyTensor(
          &src, bwd ? kLarge : kSmall, dtype, format,
          run % 2 ? Storage::kPadded
                  : (format == ACL_FORMAT_NHWC ? Storage::kChannelsLast : Storage::kContiguous));
      MakeAnyTensor(&dst, bwd ? kSmall : kLarge, dtype, format, Storage::kPadded);
      std::uniform_real_distribution<double> dist(dtype == ACL_UINT8 ? 0.0 : -4.0,
                                                  dtype == ACL_UINT8 ? 50.0 : 4.0);
      std::vector<double> values(static_cast<size_t>(src.Count()));
      for (double& v : values) v = dist(rng);
      WriteAny(&src, values);
      const std::vector<unsigned char> src_bytes = ReadAnyBytes(src);
      const int64_t o[2] = {8, 3};
      const std::vector<int64_t> isz = InLayout(kSmall, format);
      const std::vector<float> sc = format == ACL_FORMAT_NHWC ? std::vector<float>{1, 2, 0.5f, 1}
                                                              : std::vector<float>{1, 1, 2, 0.5f};
      aclIntArray* osz = aclCreateIntArray(o, 2);
      aclIntArray* in = aclCreateIntArray(isz.data(), 4);
      aclFloatArray* scales = aclCreateFloatArray(sc.data(), 4);
      FamilyArgs a;
      a.source = src.tensor;
      a.destination = dst.tensor;
      a.output_size = osz;
      a.input_size = in;
      a.scales = scales;
      a.mode = run % 2 ? "bilinear" : "nearest";
      a.align_corners = s().takes_align() && run % 2;
      const FamilyResult r = CallFamily(f(), a);
      EXPECT_EQ(r.phase1, kOk) << r.message;
      EXPECT_EQ(r.phase2, kOk) << r.message;
      EXPECT_TRUE(AnySentinelsIntact(dst));
      EXPECT_TRUE(AnySentinelsIntact(src));
      EXPECT_EQ(ReadAnyBytes(src), src_bytes);
      const std::vector<unsigned char> out = ReadAnyBytes(dst);
      const size_t es = ElementBytes(dtype);
      int unwritten = 0;
      for (size_t i = 0; i < out.size(); i += es) {
        bool all = true;
        for (size_t b = 0; b < es; ++b) all = all && out[i + b] == kFamilySentinel;
        unwritten += all;
      }
      EXPECT_EQ(unwritten, 0) << "elements of out's view left as they were";
      aclDestroyIntArray(osz);
      aclDestroyIntArray(in);
      aclDestroyFloatArray(scales);
      ++run;
    }
  }
}

TEST_P(FamilyContract, NullPointers) {
  CallDesc d = Valid(s());
  d.null_ws = true;
  Refused(d, kNull, {"workspaceSize is nullptr"}, "workspaceSize null");
  d = Valid(s());
  d.null_exec = true;
  Refused(d, kNull, {"executor is nullptr"}, "executor null");
  d = Valid(s());
  d.src = kNoTensor;
  Refused(d, kNull, {Src(" is nullptr")}, "source null");
  d = Valid(s());
  d.dst = kNoTensor;
  Refused(d, kNull, {Dst(" is nullptr")}, "destination null");
  if (s().takes_output_size()) {
    d = Valid(s());
    d.has_osz = false;
    Refused(d, kNull, {" outputSize is nullptr"}, "outputSize null");
  }
  if (s().takes_input_size()) {
    d = Valid(s());
    d.has_isz = false;
    Refused(d, kNull, {" inputSize is nullptr"}, "inputSize null");
  }
  if (s().resize()) {
    d = Valid(s());
    d.has_scales = false;
    Refused(d, kNull, {" scales is nullptr"}, "scales null");
    d = Valid(s());
    d.mode = nullptr;
    Refused(d, kNull, {" mode is nullptr"}, "mode null");
  }
  // workspaceSize/executor and the null checks come before anything else
  // (and before any empty-tensor shortcut); between the two, CANN's order.
  d = Valid(s());
  d.null_ws = true;
  d.src = kNoTensor;
  Refused(d, kNull, {s().comm_input_first ? "workspaceSize is nullptr" : Src(" is nullptr")},
          "workspaceSize and source null");
  d = Valid(s());
  d.null_exec = true;
  d.src.dtype = d.dst.dtype = I32;
  Refused(d, kNull, {"executor is nullptr"}, "executor null before a bad dtype");
  d = Valid(s());
  d.dst = kNoTensor;
  d.src.dtype = I32;
  d.src.shape[0] = 0;
  Refused(d, kNull, {Dst(" is nullptr")}, "null destination before an empty source");
}

TEST_P(FamilyContract, DestroyedHandles) {
  CallDesc d = Valid(s());
  d.dead = CallDesc::kSrc;
  Refused(d, kInvalid, {Src(" aclTensor is not live")}, "destroyed source");
  d.dead = CallDesc::kGarbageSrc;
  Refused(d, kInvalid, {Src(" aclTensor is not live")}, "source never a tensor");
  d.dead = CallDesc::kDst;
  Refused(d, kInvalid, {Dst(" aclTensor is not live")}, "destroyed destination");
  if (s().takes_output_size()) {
    d.dead = CallDesc::kOsz;
    Refused(d, kInvalid, {" outputSize aclIntArray is not live"}, "destroyed outputSize");
  }
  if (s().takes_input_size()) {
    d.dead = CallDesc::kIsz;
    Refused(d, kInvalid, {" inputSize aclIntArray is not live"}, "destroyed inputSize");
  }
  if (s().resize()) {
    d.dead = CallDesc::kScales;
    Refused(d, kInvalid, {" scales aclFloatArray is not live"}, "destroyed scales");
  }
}

TEST_P(FamilyContract, Dtypes) {
  for (int32_t bad : {I32, F64, U8, I8, I64, BOOL_, C64}) {
    if (s().accepts_dtype(bad)) continue;
    CallDesc d = Valid(s());
    d.src.dtype = d.dst.dtype = bad;
    Refused(d, kInvalid, {Src(" dtype " + std::to_string(bad) + " ("), "not supported"},
            "unsupported dtype " + std::to_string(bad));
  }
  CallDesc d = Valid(s(), F16);
  d.dst.dtype = F32;
  Refused(d, kInvalid, {Dst(" dtype 0 (FLOAT) differs"), "FLOAT16"}, "FLOAT16 -> FLOAT out");
  d = Valid(s(), BF16);
  d.dst.dtype = F16;
  Refused(d, kInvalid, {Dst(" dtype 1 (FLOAT16) differs"), "BFLOAT16"}, "BFLOAT16 -> FLOAT16 out");
  if (!s().float_to_16bit) {
    d = Valid(s(), F32);
    d.dst.dtype = F16;
    Refused(d, kInvalid, {Dst(" dtype 1 (FLOAT16) differs")}, "FLOAT -> FLOAT16 out");
    d.dst.dtype = BF16;
    Refused(d, kInvalid, {Dst(" dtype 27 (BFLOAT16) differs")}, "FLOAT -> BFLOAT16 out");
  }
}

TEST_P(FamilyContract, Formats) {
  for (int32_t bad : {NC1HWC0, NCL}) {
    CallDesc d = Valid(s());
    d.src.format = d.dst.format = bad;
    Refused(d, kInvalid, {Src(" format"), "(" + std::to_string(bad) + ")", "not supported"},
            "format " + std::to_string(bad));
  }
  for (int32_t fmt : {NCHW, NHWC, ND}) {
    if (s().accepts_format(fmt)) continue;
    CallDesc d = Valid(s(), F32, fmt);
    d.src.format = d.dst.format = fmt;
    Refused(d, kInvalid,
            {Src(std::string(" format ") + (fmt == NHWC ? "NHWC" : "ND") + " (" +
                 std::to_string(fmt) + ")"),
             "not supported"},
            "unsupported format " + std::to_string(fmt));
  }
  for (int32_t fmt : {NHWC, ND}) {
    if (!s().accepts_format(fmt)) continue;
    const std::string fname = fmt == NHWC ? "NHWC" : "ND";
    // Destination tagged differently; its dims agree in the source's layout.
    CallDesc d = Valid(s(), F32, NCHW);
    d.dst.format = fmt;
    Refused(d, kInvalid,
            {Dst(" format " + fname + " (" + std::to_string(fmt) + ") differs"), "NCHW"},
            "NCHW source, " + fname + " destination");
    d = Valid(s(), F32, fmt);
    d.dst.format = NCHW;
    Refused(d, kInvalid, {Dst(" format NCHW (0) differs"), fname},
            fname + " source, NCHW destination");
  }
}

TEST_P(FamilyContract, RanksAndLengths) {
  CallDesc d = Valid(s());
  d.src.shape.erase(d.src.shape.begin());
  Refused(d, kInvalid, {Src(" must be 4-D, got 3-D")}, "3-D source");
  d = Valid(s());
  d.src.shape.push_back(1);
  Refused(d, kInvalid, {Src(" must be 4-D, got 5-D")}, "5-D source");
  d = Valid(s());
  d.dst.shape.erase(d.dst.shape.begin());
  Refused(d, kInvalid, {Dst(" must be 4-D, got 3-D")}, "3-D destination");
  d = Valid(s());
  d.dst.shape.push_back(1);
  Refused(d, kInvalid, {Dst(" must be 4-D, got 5-D")}, "5-D destination");
  if (s().takes_output_size()) {
    d = Valid(s());
    d.osz = {8};
    Refused(d, kInvalid, {"outputSize must have 2 values, got 1"}, "outputSize of 1");
    d.osz = {8, 3, 1};
    Refused(d, kInvalid, {"outputSize must have 2 values, got 3"}, "outputSize of 3");
  }
  if (s().takes_input_size()) {
    d = Valid(s());
    d.isz = {1, 2, 4};
    Refused(d, kInvalid, {"inputSize must have 4 values, got 3"}, "inputSize of 3");
    d.isz = {1, 2, 4, 6, 1};
    Refused(d, kInvalid, {"inputSize must have 4 values, got 5"}, "inputSize of 5");
  }
  if (s().resize()) {
    d = Valid(s());
    d.scales = {1, 1, 2};
    Refused(d, kInvalid, {"scales must have 4 values", "got 3"}, "scales of 3");
    d.scales = {1, 1, 2, 0.5f, 1};
    Refused(d, kInvalid, {"scales must have 4 values", "got 5"}, "scales of 5");
  }
}

// N and C of source and destination, the destination's H and W, and a
// backward's source against inputSize and outputSize.
TEST_P(FamilyContract, ShapesMustAgree) {
  if (!s().backward()) {
    const char* rule = s().resize() ? "N, C of self" : "(N, C) of the source with outputSize";
    for (size_t k = 0; k < 4; ++k) {
      CallDesc d = Valid(s());
      ++d.dst.shape[k];
      std::vector<int64_t> got = d.dst.shape;
      const std::string shape = "[" + std::to_string(got[0]) + ", " + std::to_string(got[1]) +
                                ", " + std::to_string(got[2]) + ", " + std::to_string(got[3]) + "]";
      if (s().resize() && k >= 2) {
        const std::string axis = k == 2 ? " out H=9" : " out W=4";
        Refused(d, kInvalid, {axis, "must be floor(self"}, "out " + axis);
      } else {
        Refused(d, kInvalid, {Dst(" shape " + shape), rule, "[1, 2, 8, 3]"},
                "destination dim " + std::to_string(k) + " + 1");
      }
    }
  } else {
    for (size_t k = 0; k < 2; ++k) {  // inputSize's N, C against gradOut's
      CallDesc d = Valid(s());
      ++d.isz[k];
      ++d.dst.shape[k];
      const std::string want = k == 0 ? "[2, 2, 8, 3]" : "[1, 3, 8, 3]";
      Refused(d, kInvalid, {Src(" shape [1, 2, 8, 3]"), "inputSize's N, C", want},
              "inputSize dim " + std::to_string(k) + " + 1");
    }
    for (size_t k = 0; k < 2; ++k) {  // outputSize against gradOut's H, W
      CallDesc d = Valid(s());
      ++d.osz[k];
      const std::string want = k == 0 ? "[1, 2, 9, 3]" : "[1, 2, 8, 4]";
      Refused(d, kInvalid, {Src(" shape [1, 2, 8, 3]"), "outputSize's H, W", want},
              "outputSize dim " + std::to_string(k) + " + 1");
    }
    for (size_t k = 0; k < 4; ++k) {  // the destination against inputSize
      CallDesc d = Valid(s());
      ++d.dst.shape[k];
      std::vector<int64_t> got = d.dst.shape;
      const std::string shape = "[" + std::to_string(got[0]) + ", " + std::to_string(got[1]) +
                                ", " + std::to_string(got[2]) + ", " + std::to_string(got[3]) + "]";
      Refused(d, kInvalid, {Dst(" shape " + shape), "inputSize [1, 2, 4, 6]"},
              "destination dim " + std::to_string(k) + " + 1");
    }
  }
  // C compared in every accepted format (ND too), NHWC read as (N, H, W, C).
  for (aclFormat fmt : f().formats) {
    CallDesc d = Valid(s(), F32, fmt);
    const size_t c = fmt == ACL_FORMAT_NHWC ? 3 : 1;
    ++d.dst.shape[c];
    if (s().backward()) {
      Refused(d, kInvalid,
              {Dst(" shape"), fmt == ACL_FORMAT_NHWC ? "(N, H, W, C order)" : "inputSize"},
              "destination C + 1, format " + std::to_string(fmt));
    } else {
      Refused(d, kInvalid,
              {Dst(" shape"), fmt == ACL_FORMAT_NHWC ? "(N, H, W, C order)" : "[1, 2, 8, 3]"},
              "destination C + 1, format " + std::to_string(fmt));
    }
  }
}

// Zero and negative values in outputSize, inputSize and the dims.
TEST_P(FamilyContract, SizesMustBePositive) {
  if (s().resize()) {
    CallDesc d = Valid(s());
    d.dst.shape[3] = -3;
    Refused(d, kInvalid, {" out W=-3"}, "negative out W");
    d = Valid(s());
    d.src.shape[2] = -4;
    Refused(d, kInvalid, {"self H -4"}, "negative self H");
    return;
  }
  CallDesc d = Valid(s());
  d.osz = {-2, 3};
  Refused(d, kInvalid, {"outputSize", "-2, 3]"}, "outputSize {-2, 3}");
  d.osz = {8, 0};
  Refused(d, kInvalid, {"outputSize", "8, 0]"}, "outputSize {8, 0}");
  if (!s().backward()) {
    d = Valid(s());
    d.osz = {8, -3};
    d.dst.shape[3] = -3;
    Refused(d, kInvalid, {"outputSize W is -3"}, "outputSize {8, -3} with out W -3");
    for (size_t k = 0; k < 4; ++k) {
      d = Valid(s());
      d.src.shape[k] = -1 - static_cast<int64_t>(k);
      if (k < 2) d.dst.shape[k] = d.src.shape[k];  // only the sign is wrong
      const char dim = "NCHW"[k];
      Refused(d, kInvalid, {Src(std::string(" ") + dim + " is " + std::to_string(-1 - int(k)))},
              "negative source dim " + std::to_string(k));
    }
  } else {
    d = Valid(s());
    d.isz = {1, 2, -4, 6};
    Refused(d, kInvalid, {"inputSize", "-4, 6]"}, "inputSize {1, 2, -4, 6}");
    d.isz = {1, 2, 4, 0};
    Refused(d, kInvalid, {"inputSize", "4, 0]"}, "inputSize {1, 2, 4, 0}");
    d.isz = {-1, 2, 4, 6};
    Refused(d, kInvalid, {"inputSize", "[-1, 2, "}, "inputSize {-1, 2, 4, 6}");
    // inputSize and the destination agree on a negative H.
    // (The upscale limit of aclnnUpsampleNearestExact2dBackward runs before
    // the size check, as in CANN, and leaves non-positive sizes to it.)
    d = Valid(s());
    d.isz = {1, 2, -4, 6};
    d.dst.shape[2] = -4;
    Refused(d, kInvalid, {"inputSize H is -4"}, "inputSize and destination H -4");
  }
}

// Which empty tensors succeed (workspace 0, phase 2 writes nothing) and
// which are refused, per the function's empty rule.
TEST_P(FamilyContract, EmptyTensors) {
  const Empties rule = s().empty;
  auto zero_ok = [&](char dim) {
    switch (rule) {
      case Empties::kAtItsStep:
        return true;
      case Empties::kBatchOrChannels:
        return dim == 'N' || dim == 'C';
      case Empties::kBatchOnly:
        return dim == 'N';
      case Empties::kRefused:
        return false;
    }
    return false;
  };
  struct Case {
    std::string what;
    CallDesc d;
    char dim;            // the zero dim, for the rule
    std::string needle;  // the message when refused
  };
  std::vector<Case> cases;
  const bool bwd = s().backward();
  for (size_t k = 0; k < 4; ++k) {  // the source's dims
    const char dim = "NCHW"[k];
    CallDesc d = Valid(s());
    d.src.shape[k] = 0;
    if (k < 2) {
      d.dst.shape[k] = 0;
      if (bwd) d.isz[k] = 0;
    } else if (bwd) {
      d.osz[k - 2] = 0;
    } else if (s().resize()) {
      d.dst.shape[k] = 0;
    }
    cases.push_back(
        {std::string("source ") + dim + " = 0", d, dim, Src(std::string(" ") + dim + " is 0")});
  }
  for (size_t k = 2; k < 4; ++k) {  // the destination's H, W
    const char dim = "NCHW"[k];
    CallDesc d = Valid(s());
    d.dst.shape[k] = 0;
    std::string needle;
    if (bwd) {
      d.isz[k] = 0;
      needle = std::string("inputSize ") + dim + " is 0";
    } else if (s().resize()) {
      d.scales[k] = 0.1f;
      needle = Dst(std::string(" ") + dim + " is 0");
    } else {
      d.osz[k - 2] = 0;
      needle = std::string("outputSize ") + dim + " is 0";
    }
    cases.push_back({std::string("destination ") + dim + " = 0", d, dim, needle});
  }
  if (s().accepts_format(NHWC)) {  // C = 0 found at its NHWC place
    CallDesc d = Valid(s(), F32, NHWC);
    d.src.shape[3] = d.dst.shape[3] = 0;
    if (bwd) d.isz[3] = 0;
    cases.push_back({"NHWC source and destination C = 0", d, 'C', Src(" C is 0")});
  }
  for (const Case& c : cases) {
    if (zero_ok(c.dim)) {
      EmptySucceeds(c.d, c.what);
    } else {
      Refused(c.d, kInvalid, {c.needle}, c.what);
    }
  }
  // Where the shortcut sits: before the dtype check where CANN returns at
  // its step, after every check elsewhere.
  CallDesc d = Valid(s());
  d.src.shape[0] = d.dst.shape[0] = 0;
  if (bwd) d.isz[0] = 0;
  d.src.dtype = d.dst.dtype = I32;
  if (rule == Empties::kAtItsStep) {
    EmptySucceeds(d, "empty INT32 source: the shortcut comes first");
  } else {
    Refused(d, kInvalid, {Src(" dtype 3 (INT32)")}, "empty INT32 source: checks come first");
  }
}

TEST_P(FamilyContract, Scales) {
  if (s().scales == ScaleRule::kNone || s().scales == ScaleRule::kArray) return;
  if (s().scales == ScaleRule::kRefused) {
    CallDesc d = Valid(s());
    d.sh = -1.0;
    Refused(d, kInvalid, {"scalesH=-1 must not be negative"}, "scalesH -1");
    d = Valid(s());
    d.sw = -0.5;
    Refused(d, kInvalid, {"scalesW=-0.5 must not be negative"}, "scalesW -0.5");
    d = Valid(s());
    d.sh = -std::numeric_limits<double>::infinity();
    Refused(d, kInvalid, {"scalesH=-inf"}, "scalesH -inf");
    d = Valid(s());
    d.sh = d.sw = std::numeric_limits<double>::quiet_NaN();
    Phase1Succeeds(d, "NaN scales: not given");
  } else {
    // Negative means "not given": the result equals that of scales 0.
    const bool bwd = s().backward();
    std::vector<unsigned char> results[2];
    for (int i = 0; i < 2; ++i) {
      ++SuccessCount()[s().name];
      AnyTensor src, dst;
      MakeAnyTensor(&src, bwd ? kLarge : kSmall, ACL_FLOAT, ACL_FORMAT_NCHW, Storage::kContiguous);
      MakeAnyTensor(&dst, bwd ? kSmall : kLarge, ACL_FLOAT, ACL_FORMAT_NCHW, Storage::kContiguous);
      std::vector<double> v(static_cast<size_t>(src.Count()));
      for (size_t k = 0; k < v.size(); ++k) v[k] = std::sin(double(k)) * 3;
      WriteAny(&src, v);
      const int64_t o[2] = {8, 3};
      aclIntArray* osz = aclCreateIntArray(o, 2);
      aclIntArray* isz = aclCreateIntArray(kSmall.data(), 4);
      FamilyArgs a;
      a.source = src.tensor;
      a.destination = dst.tensor;
      a.output_size = osz;
      a.input_size = isz;
      a.scales_h = i ? -1.0 : 0.0;
      a.scales_w = i ? -0.5 : 0.0;
      const FamilyResult r = CallFamily(f(), a);
      EXPECT_EQ(r.phase1, kOk) << r.message;
      EXPECT_EQ(r.phase2, kOk) << r.message;
      results[i] = ReadAnyBytes(dst);
      aclDestroyIntArray(osz);
      aclDestroyIntArray(isz);
    }
    EXPECT_EQ(results[0], results[1]) << "negative scales differ from scales not given";
  }
  // Positive scales inconsistent with the sizes are used, not refused.
  CallDesc d = Valid(s());
  d.sh = 3.0;
  d.sw = 0.25;
  Phase1Succeeds(d, "scales 3, 0.25 with sizes 4 -> 8, 6 -> 3");
}

TEST_P(FamilyContract, DimsAboveInt32AreRefused) {
  const std::string limit = "the limit is INT32_MAX";
  if (!s().backward()) {
    CallDesc d = Valid(s());
    d.src.shape[3] = kBig;
    if (s().resize()) d.dst.shape[3] = kBig / 2;
    Refused(d, kInvalid, {Src(" dim 3 is 2147483648"), limit}, "source W 2^31");
    d = Valid(s());
    d.src.shape[0] = d.dst.shape[0] = kBig;
    Refused(d, kInvalid, {Src(" dim 0 is 2147483648"), limit}, "N 2^31");
    if (!s().resize()) {
      d = Valid(s());
      d.osz[1] = d.dst.shape[3] = kBig;
      Refused(d, kInvalid, {Dst(" dim 3 is 2147483648"), limit}, "destination W 2^31");
    }
  } else {
    CallDesc d = Valid(s());
    d.isz[3] = d.dst.shape[3] = kBig;
    Refused(d, kInvalid, {Dst(" dim 3 is 2147483648"), limit}, "destination W 2^31");
    d.osz[1] = d.src.shape[3] = kBig;
    Refused(d, kInvalid, {Src(" dim 3 is 2147483648"), limit}, "gradOut and destination W 2^31");
    d = Valid(s());
    d.isz[0] = d.dst.shape[0] = d.src.shape[0] = kBig;
    Refused(d, kInvalid, {Src(" dim 0 is 2147483648"), limit}, "N 2^31");
  }
}

INSTANTIATE_TEST_SUITE_P(Functions, FamilyContract, ::testing::ValuesIn(AllNames()), Name);

// ---- function-specific rules ---------------------------------------------

class FamilySpecific : public ContractChecks {};

TEST_F(FamilySpecific, ResizeModeScalesAndRatio) {
  Use("aclnnResize");
  const Spec& r = s();
  auto with = [&](std::vector<float> scales, int32_t format = NCHW) {
    CallDesc d = Valid(r, F32, format);
    d.scales = std::move(scales);
    return d;
  };
  struct Bad {
    CallDesc d;
    std::vector<std::string> needles;
    const char* what;
  };
  CallDesc trilinear = Valid(r), prefixed = Valid(r), empty = Valid(r), upper = Valid(r);
  trilinear.mode = "trilinear";
  prefixed.mode = "nearest_xyz";  // CANN's prefix match passes it; the doc names two words
  empty.mode = "";
  upper.mode = "Bilinear";
  CallDesc h9 = Valid(r), h7 = Valid(r), w2 = Valid(r), scale24 = with({1, 1, 2.4f, 0.5f});
  ++h9.dst.shape[2];
  --h7.dst.shape[2];
  --w2.dst.shape[3];
  scale24.dst.shape[2] = 10;  // floor(4 * 2.4) = 9
  const std::vector<Bad> bads = {
      {trilinear, {"mode \"trilinear\" is not supported"}, "mode trilinear"},
      {prefixed, {"mode \"nearest_xyz\" is not supported"}, "mode nearest_xyz"},
      {empty, {"mode \"\" is not supported"}, "mode empty"},
      {upper, {"mode \"Bilinear\" is not supported"}, "mode Bilinear"},
      {h9, {" out H=9 must be floor(self H 4 * scale 2)"}, "out H 9"},
      // out = floor(in * scale), or the integer in * scale falls short of by
      // float rounding (trunc(in * (s + 1e-5)), CANN's slack upwards, which
      // its UT case_15 needs); not floor - 1 (CANN's code admits that too).
      {w2, {" out W=2 must be floor(self W 6 * scale 0.5)"}, "out W 2"},
      {h7, {" out H=7 must be floor(self H 4 * scale 2)"}, "out H 7"},
      {scale24, {" out H=10", "scale 2.4"}, "out H 10 with scale 2.4"},
      {with({2, 1, 2, 0.5f}), {"scales 2, 1 for N and C must be 1"}, "N scale 2"},
      {with({1, 3, 2, 0.5f}), {"scales 1, 3 for N and C must be 1"}, "C scale 3"},
      {with({1, 2, 0.5f, 3}, NHWC), {"scales 1, 3 for N and C must be 1"}, "NHWC C scale 3"},
      {with({1, 1, -2, 0.5f}), {" out H=8", "scale -2"}, "H scale -2"},
      {with({1, 1, 0, 0.5f}), {" out H=8", "scale 0"}, "H scale 0"},
      {with({1, 1, 2, std::numeric_limits<float>::quiet_NaN()}),
       {" out W=3", "scale nan"},
       "W scale NaN"}};
  for (const Bad& b : bads) Refused(b.d, kInvalid, b.needles, b.what);
  CallDesc bilinear = Valid(r);
  bilinear.mode = "bilinear";
  Phase1Succeeds(bilinear, "mode bilinear");
  CallDesc ok24 = with({1, 1, 2.4f, 0.5f});
  ok24.dst.shape[2] = 9;
  Phase1Succeeds(ok24, "out H 9 = floor(4 * 2.4)");
}

TEST_F(FamilySpecific, NearestExact2dBackwardUpscaleAtMost50) {
  Use("aclnnUpsampleNearestExact2dBackward");
  CallDesc d = Valid(s());
  d.src = T({1, 1, 51, 2}, F32, NCHW);
  d.osz = {51, 2};
  d.isz = {1, 1, 1, 2};
  d.dst = T({1, 1, 1, 2}, F32, NCHW);
  Refused(d, kInvalid, {"forward upscale exceeds 50x", "scalesH", "input 1, output 51"},
          "51x on H by the sizes");
  CallDesc w = Valid(s());
  w.sw = 60.0;
  Refused(w, kInvalid, {"forward upscale exceeds 50x", "scalesW=60"}, "scalesW 60");
  CallDesc h = Valid(s());
  h.sh = 50.5;
  Refused(h, kInvalid, {"forward upscale exceeds 50x", "scalesH=50.5"}, "scalesH 50.5");
  d.src = T({1, 1, 50, 2}, F32, NCHW);
  d.osz = {50, 2};
  Phase1Succeeds(d, "50x exactly");
  // The other backwards have no such limit.
  for (const char* other :
       {"aclnnUpsampleNearest2dBackward", "aclnnUpsampleBilinear2dBackward",
        "aclnnUpsampleBilinear2dBackwardV2", "aclnnUpsampleBilinear2dAABackward",
        "aclnnUpsampleBicubic2dBackward"}) {
    Use(other);
    CallDesc o = Valid(s());
    o.src = T({1, 1, 51, 2}, F32, NCHW);
    o.osz = {51, 2};
    o.isz = {1, 1, 1, 2};
    o.dst = T({1, 1, 1, 2}, F32, NCHW);
    Phase1Succeeds(o, "51x allowed");
  }
}

// The engine's weight tables hold at most 2^30 taps an axis: a larger one is
// refused as an invalid argument that names the axis and its forward sizes
// (a broadcast gradOutput or input reaches it with tiny memory).
TEST_F(FamilySpecific, WeightTablesOver2To30TapsAreRefused) {
  constexpr int64_t kMax = 2147483647;  // INT32_MAX: within the dim limit
  const std::string limit = "the limit is 2^30 = 1073741824";
  Use("aclnnUpsampleBilinear2dAA");
  CallDesc d = Valid(s());
  d.src = T({1, 1, 1, kMax}, F32, NCHW, {0, 0, 0, 0}, 0, {1});
  d.osz = {1, 1};
  d.dst = T({1, 1, 1, 1}, F32, NCHW);
  Refused(d, kInvalid, {"the W axis (forward size 2147483647 -> 1) needs 2147483647", limit},
          "AA shrink of W 2^31 - 1 to 1");
  d.src = T({1, 1, kMax, 1}, F32, NCHW, {0, 0, 0, 0}, 0, {1});
  Refused(d, kInvalid, {"the H axis (forward size 2147483647 -> 1)", limit}, "H 2^31 - 1 to 1");
  Use("aclnnUpsampleNearest2dBackward");
  d = Valid(s());
  d.src = T({1, 1, 1, kMax}, F32, NCHW, {0, 0, 0, 0}, 0, {1});
  d.osz = {1, kMax};
  d.isz = {1, 1, 1, 1};
  d.dst = T({1, 1, 1, 1}, F32, NCHW);
  Refused(d, kInvalid, {"the W axis (forward size 1 -> 2147483647) needs 2147483647", limit},
          "gradOutput W 2^31 - 1 into 1");
}

TEST_F(FamilySpecific, Bilinear2dDoubleOnlyAsNhwc) {
  Use("aclnnUpsampleBilinear2d");
  Refused(Valid(s(), F64, NCHW), kInvalid, {" self dtype DOUBLE needs format NHWC, got NCHW"},
          "DOUBLE NCHW");
  Phase1Succeeds(Valid(s(), F64, NHWC), "DOUBLE NHWC");
}

TEST_F(FamilySpecific, Bilinear2dBackwardFloatMayWrite16Bit) {
  Use("aclnnUpsampleBilinear2dBackward");
  for (aclDataType out_dtype : {ACL_FLOAT16, ACL_BF16}) {
    SCOPED_TRACE(out_dtype);
    ++SuccessCount()[s().name];
    AnyTensor src, dst;
    MakeAnyTensor(&src, kLarge, ACL_FLOAT, ACL_FORMAT_NCHW, Storage::kContiguous);
    MakeAnyTensor(&dst, kSmall, out_dtype, ACL_FORMAT_NCHW, Storage::kPadded);
    WriteAny(&src, std::vector<double>(static_cast<size_t>(src.Count()), 1.0));
    const int64_t o[2] = {8, 3};
    aclIntArray* osz = aclCreateIntArray(o, 2);
    aclIntArray* isz = aclCreateIntArray(kSmall.data(), 4);
    FamilyArgs a;
    a.source = src.tensor;
    a.destination = dst.tensor;
    a.output_size = osz;
    a.input_size = isz;
    const FamilyResult r = CallFamily(f(), a);
    EXPECT_EQ(r.phase1, kOk) << r.message;
    EXPECT_EQ(r.phase2, kOk) << r.message;
    EXPECT_TRUE(AnySentinelsIntact(dst));
    double sum = 0;
    for (double v : ReadAny(dst)) sum += v;
    EXPECT_NEAR(sum, 48.0, 0.5);  // a gradient of ones sums to its element count
    aclDestroyIntArray(osz);
    aclDestroyIntArray(isz);
  }
}

// ---- phase 2 --------------------------------------------------------------

class FamilyPhase2 : public ::testing::TestWithParam<const char*> {};

TEST_P(FamilyPhase2, Rules) {
  const Spec& sp = FindSpec(GetParam());
  const FamilyFunction& f = sp.f();
  const bool bwd = sp.backward();
  // 2-D: kSmall <-> kLarge; 1-D: (1, 2, 6) <-> (1, 2, 9) as H = 1 tensors.
  const bool one_d = sp.one_d();
  const std::vector<int64_t> small = one_d ? std::vector<int64_t>{1, 2, 1, 6} : kSmall;
  const std::vector<int64_t> large = one_d ? std::vector<int64_t>{1, 2, 1, 9} : kLarge;
  const aclFormat format = one_d ? ACL_FORMAT_NCL : ACL_FORMAT_NCHW;
  AnyTensor src, dst;
  MakeAnyTensor(&src, bwd ? large : small, ACL_FLOAT, format, Storage::kContiguous, one_d);
  MakeAnyTensor(&dst, bwd ? small : large, ACL_FLOAT, format, Storage::kPadded, one_d);
  WriteAny(&src, std::vector<double>(static_cast<size_t>(src.Count()), 0.5));
  const std::vector<int64_t> o = one_d ? std::vector<int64_t>{9} : std::vector<int64_t>{8, 3};
  const std::vector<int64_t> in = one_d ? std::vector<int64_t>{1, 2, 6} : kSmall;
  aclIntArray* osz = aclCreateIntArray(o.data(), o.size());
  aclIntArray* isz = aclCreateIntArray(in.data(), in.size());
  FamilyArgs a;
  a.source = src.tensor;
  a.destination = dst.tensor;
  a.output_size = osz;
  a.input_size = isz;
  a.scales_w = sp.scales == ScaleRule::kFixesSize ? -1.0 : 0.0;
  auto plan = [&](uint64_t* ws) {
    aclOpExecutor* exec = nullptr;
    EXPECT_EQ(f.phase1(a, ws, &exec), kOk) << aclGetRecentErrMsg();
    return exec;
  };
  // A null executor.
  PlantStaleMessage();
  EXPECT_EQ(f.phase2(nullptr, 0, nullptr, nullptr), kNull);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find(std::string(sp.name) + ": executor is nullptr"),
            std::string::npos)
      << aclGetRecentErrMsg();
  // A null workspace with workspaceSize > 0: 161001, and the executor is gone.
  uint64_t ws_size = 0;
  aclOpExecutor* exec = plan(&ws_size);
  ASSERT_GT(ws_size, 0u) << "this problem needs a workspace for the rules below";
  PlantStaleMessage();
  EXPECT_EQ(f.phase2(nullptr, ws_size, exec, nullptr), kNull);
  EXPECT_NE(std::string(aclGetRecentErrMsg())
                .find("workspace is nullptr with workspaceSize=" + std::to_string(ws_size)),
            std::string::npos)
      << aclGetRecentErrMsg();
  EXPECT_EQ(f.phase2(nullptr, 0, exec, nullptr), kInvalid);
  // A workspace smaller than asked for.
  void* ws = nullptr;
  exec = plan(&ws_size);
  ASSERT_EQ(aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  PlantStaleMessage();
  EXPECT_EQ(f.phase2(ws, ws_size - 1, exec, nullptr), kInvalid);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("workspaceSize=" + std::to_string(ws_size - 1)),
            std::string::npos)
      << aclGetRecentErrMsg();
  // Runs once; a second run is refused.
  EXPECT_EQ(f.phase2(ws, ws_size, exec, nullptr), kOk) << aclGetRecentErrMsg();
  PlantStaleMessage();
  EXPECT_EQ(f.phase2(ws, ws_size, exec, nullptr), kInvalid);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("executor is not live"), std::string::npos)
      << aclGetRecentErrMsg();
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_TRUE(AnySentinelsIntact(dst));
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
  aclDestroyIntArray(osz);
  aclDestroyIntArray(isz);
}

INSTANTIATE_TEST_SUITE_P(ForwardAndBackward, FamilyPhase2,
                         ::testing::Values("aclnnUpsampleBilinear2d",
                                           "aclnnUpsampleBicubic2dBackward"),
                         Name);
INSTANTIATE_TEST_SUITE_P(OneDForwardAndBackward, FamilyPhase2,
                         ::testing::Values("aclnnUpsampleLinear1d",
                                           "aclnnUpsampleNearestExact1dBackward"),
                         Name);

// ---- 1-D functions ------------------------------------------------------------

// The valid 1-D problem each test breaks in one way: forward (1, 2, 6) ->
// (1, 2, 9) (outputSize {9}), backward gradOut (1, 2, 9) -> (1, 2, 6)
// (inputSize {1, 2, 6}); the scale not given (-1 for aclnnUpsampleLinear1d,
// whose rule refuses 0; 0 elsewhere).
const std::vector<int64_t> kShort = {1, 2, 6};
const std::vector<int64_t> kLong = {1, 2, 9};

double UnsetScale(const Spec& s) { return s.scales == ScaleRule::kFixesSize ? -1.0 : 0.0; }

CallDesc Valid1(const Spec& s, int32_t dtype = F32, int32_t format = NCL) {
  CallDesc d;
  d.src = T(s.backward() ? kLong : kShort, dtype, format);
  d.dst = T(s.backward() ? kShort : kLong, dtype, format);
  d.osz = {9};
  d.has_isz = s.takes_input_size();
  d.isz = kShort;
  d.has_scales = false;
  d.sw = UnsetScale(s);
  return d;
}

std::string ShapeText(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

// A format as the messages should name it.
std::string FormatText(int32_t f) {
  switch (f) {
    case NCHW:
      return "NCHW";
    case NHWC:
      return "NHWC";
    case ND:
      return "ND";
    case NCL:
      return "NCL";
    default:
      return std::to_string(f);
  }
}

class FamilyContract1d : public ContractChecks, public ::testing::WithParamInterface<const char*> {
 protected:
  void SetUp() override { Use(GetParam()); }
  // The (N, C, L) shapes of the valid problem as (N, C, 1, L) AnyTensor shapes.
  std::vector<int64_t> SourceNchw() const {
    return s().backward() ? std::vector<int64_t>{1, 2, 1, 9} : std::vector<int64_t>{1, 2, 1, 6};
  }
  std::vector<int64_t> DestinationNchw() const {
    return s().backward() ? std::vector<int64_t>{1, 2, 1, 6} : std::vector<int64_t>{1, 2, 1, 9};
  }
};

// Every accepted dtype and format, each storage layout, with the scale not
// given and with a consistent one (trunc(6 * 1.5) = 9): phase 1 and 2
// succeed, every element of out's view is written, no byte outside it (nor of
// the source) changes.
TEST_P(FamilyContract1d, ValidCallsSucceedAndWriteOnlyOutsView) {
  static const Storage kStorages[3] = {Storage::kContiguous, Storage::kChannelsLast,
                                       Storage::kPadded};
  std::mt19937 rng(11);
  int run = 0;
  for (aclDataType dtype : f().dtypes) {
    for (aclFormat format : f().formats) {
      for (int variant = 0; variant < 2; ++variant, ++run) {
        SCOPED_TRACE(std::string("dtype ") + std::to_string(dtype) + ", format " +
                     FormatText(format) + (variant ? ", scale 1.5" : ", scale not given"));
        ++SuccessCount()[s().name];
        AnyTensor src, dst;
        MakeAnyTensor(&src, SourceNchw(), dtype, format, kStorages[run % 3], true);
        MakeAnyTensor(&dst, DestinationNchw(), dtype, format, kStorages[(run + 1) % 3], true);
        ASSERT_NE(src.tensor, nullptr);
        ASSERT_NE(dst.tensor, nullptr);
        std::uniform_real_distribution<double> dist(dtype == ACL_UINT8 ? 0.0 : -4.0,
                                                    dtype == ACL_UINT8 ? 50.0 : 4.0);
        std::vector<double> values(static_cast<size_t>(src.Count()));
        for (double& v : values) v = dist(rng);
        WriteAny(&src, values);
        const std::vector<unsigned char> src_bytes = ReadAnyBytes(src);
        const int64_t o[1] = {9};
        aclIntArray* osz = aclCreateIntArray(o, 1);
        aclIntArray* in = aclCreateIntArray(kShort.data(), 3);
        FamilyArgs a;
        a.source = src.tensor;
        a.destination = dst.tensor;
        a.output_size = osz;
        a.input_size = in;
        a.align_corners = s().takes_align() && run % 3 == 1;
        a.scales_w = variant ? 1.5 : UnsetScale(s());
        const FamilyResult r = CallFamily(f(), a);
        EXPECT_EQ(r.phase1, kOk) << r.message;
        EXPECT_EQ(r.phase2, kOk) << r.message;
        EXPECT_TRUE(AnySentinelsIntact(dst));
        EXPECT_TRUE(AnySentinelsIntact(src));
        EXPECT_EQ(ReadAnyBytes(src), src_bytes);
        const std::vector<unsigned char> out = ReadAnyBytes(dst);
        const size_t es = ElementBytes(dtype);
        int unwritten = 0;
        for (size_t i = 0; i < out.size(); i += es) {
          bool all = true;
          for (size_t b = 0; b < es; ++b) all = all && out[i + b] == kFamilySentinel;
          unwritten += all;
        }
        EXPECT_EQ(unwritten, 0) << "elements of out's view left as they were";
        aclDestroyIntArray(osz);
        aclDestroyIntArray(in);
      }
    }
  }
}

TEST_P(FamilyContract1d, NullPointers) {
  CallDesc d = Valid1(s());
  d.null_ws = true;
  Refused(d, kNull, {"workspaceSize is nullptr"}, "workspaceSize null");
  d = Valid1(s());
  d.null_exec = true;
  Refused(d, kNull, {"executor is nullptr"}, "executor null");
  d = Valid1(s());
  d.src = kNoTensor;
  Refused(d, kNull, {Src(" is nullptr")}, "source null");
  d = Valid1(s());
  d.dst = kNoTensor;
  Refused(d, kNull, {Dst(" is nullptr")}, "destination null");
  d = Valid1(s());
  d.has_osz = false;
  Refused(d, kNull, {" outputSize is nullptr"}, "outputSize null");
  if (s().takes_input_size()) {
    d = Valid1(s());
    d.has_isz = false;
    Refused(d, kNull, {" inputSize is nullptr"}, "inputSize null");
  }
  // workspaceSize/executor and the null checks come before anything else;
  // between the two, CANN's order (OP_CHECK_COMM_INPUT first where it has it).
  d = Valid1(s());
  d.null_ws = true;
  d.src = kNoTensor;
  Refused(d, kNull, {s().comm_input_first ? "workspaceSize is nullptr" : Src(" is nullptr")},
          "workspaceSize and source null");
  d = Valid1(s());
  d.null_exec = true;
  d.has_osz = false;
  Refused(d, kNull, {s().comm_input_first ? "executor is nullptr" : " outputSize is nullptr"},
          "executor and outputSize null");
  d = Valid1(s());
  d.null_exec = true;
  d.src.dtype = d.dst.dtype = I32;
  d.src.shape.push_back(1);
  Refused(d, kNull, {"executor is nullptr"}, "executor null before a bad dtype and rank");
  d = Valid1(s());
  d.dst = kNoTensor;
  d.src.dtype = I32;
  d.src.shape[0] = 0;
  Refused(d, kNull, {Dst(" is nullptr")}, "null destination before an empty INT32 source");
}

TEST_P(FamilyContract1d, DestroyedHandles) {
  CallDesc d = Valid1(s());
  d.dead = CallDesc::kSrc;
  Refused(d, kInvalid, {Src(" aclTensor is not live")}, "destroyed source");
  d.dead = CallDesc::kGarbageSrc;
  Refused(d, kInvalid, {Src(" aclTensor is not live")}, "source never a tensor");
  d.dead = CallDesc::kDst;
  Refused(d, kInvalid, {Dst(" aclTensor is not live")}, "destroyed destination");
  d.dead = CallDesc::kOsz;
  Refused(d, kInvalid, {" outputSize aclIntArray is not live"}, "destroyed outputSize");
  if (s().takes_input_size()) {
    d.dead = CallDesc::kIsz;
    Refused(d, kInvalid, {" inputSize aclIntArray is not live"}, "destroyed inputSize");
  }
}

TEST_P(FamilyContract1d, Dtypes) {
  const std::map<int32_t, std::string> names = {{I32, "INT32"}, {F64, "DOUBLE"}, {U8, "UINT8"},
                                                {I8, "INT8"},   {I16, "INT16"},  {I64, "INT64"},
                                                {BOOL_, "BOOL"}};
  for (int32_t bad : {I32, F64, U8, I8, I16, I64, BOOL_, C64, C128}) {
    if (s().accepts_dtype(bad)) continue;
    CallDesc d = Valid1(s());
    d.src.dtype = d.dst.dtype = bad;
    const auto name = names.find(bad);
    Refused(d, kInvalid,
            {Src(" dtype " + std::to_string(bad) + " (" +
                 (name == names.end() ? std::string() : name->second)),
             "not supported"},
            "unsupported dtype " + std::to_string(bad));
  }
  struct Pair {
    int32_t src, dst;
    const char* needle;  // out's dtype as the message names it
    const char* source;  // the source's
  };
  const Pair pairs[] = {{F16, F32, " dtype 0 (FLOAT) differs", "FLOAT16"},
                        {BF16, F16, " dtype 1 (FLOAT16) differs", "BFLOAT16"},
                        {F32, F16, " dtype 1 (FLOAT16) differs", "FLOAT"},
                        {F32, BF16, " dtype 27 (BFLOAT16) differs", "FLOAT"},
                        {F64, F32, " dtype 0 (FLOAT) differs", "DOUBLE"},
                        {U8, F16, " dtype 1 (FLOAT16) differs", "UINT8"}};
  for (const Pair& p : pairs) {
    if (!s().accepts_dtype(p.src)) continue;
    CallDesc d = Valid1(s(), p.src);
    d.dst.dtype = p.dst;
    Refused(d, kInvalid, {Dst(p.needle), std::string("dtype ") + p.source},
            std::to_string(p.src) + " -> " + std::to_string(p.dst) + " out");
  }
}

TEST_P(FamilyContract1d, Formats) {
  std::string expected = "expected ";
  for (size_t k = 0; k < f().formats.size(); ++k) {
    expected += (k ? " or " : "") + FormatText(f().formats[k]);
  }
  for (int32_t bad : {NCHW, NHWC, ND, NC1HWC0}) {
    if (s().accepts_format(bad)) continue;
    CallDesc d = Valid1(s(), F32, bad);
    const std::string value = " (" + std::to_string(bad) + ") is not supported";
    Refused(d, kInvalid,
            bad == NC1HWC0  // need not be named
                ? std::vector<std::string>{Src(" format "), value, expected}
                : std::vector<std::string>{Src(" format " + FormatText(bad) + value), expected},
            "unsupported format " + std::to_string(bad));
  }
  // The destination's format must equal the source's (ND is not NCL).
  for (aclFormat a : f().formats) {
    for (int32_t b : {NCL, ND, NCHW}) {
      if (b == a) continue;
      CallDesc d = Valid1(s(), F32, a);
      d.dst.format = b;
      Refused(d, kInvalid,
              {Dst(" format " + FormatText(b) + " (" + std::to_string(b) + ") differs from " +
                   s().src + " format " + FormatText(a))},
              FormatText(a) + " source, " + FormatText(b) + " destination");
    }
  }
}

TEST_P(FamilyContract1d, RanksAndLengths) {
  CallDesc d = Valid1(s());
  d.src.shape.erase(d.src.shape.begin());
  Refused(d, kInvalid, {Src(" must be 3-D, got 2-D shape " + ShapeText(d.src.shape))},
          "2-D source");
  d = Valid1(s());
  d.src.shape.push_back(1);
  Refused(d, kInvalid, {Src(" must be 3-D, got 4-D")}, "4-D source");
  d = Valid1(s());
  d.dst.shape.erase(d.dst.shape.begin());
  Refused(d, kInvalid, {Dst(" must be 3-D, got 2-D")}, "2-D destination");
  d = Valid1(s());
  d.dst.shape.push_back(1);
  Refused(d, kInvalid, {Dst(" must be 3-D, got 4-D")}, "4-D destination");
  d = Valid1(s());
  d.osz = {};
  Refused(d, kInvalid, {"outputSize must have 1 value, got 0"}, "outputSize of 0");
  d.osz = {9, 1};
  Refused(d, kInvalid, {"outputSize must have 1 value, got 2: [9, 1]"}, "outputSize of 2");
  if (s().takes_input_size()) {
    d = Valid1(s());
    d.isz = {1, 2};
    Refused(d, kInvalid, {"inputSize must have 3 values, got 2: [1, 2]"}, "inputSize of 2");
    d.isz = {1, 2, 1, 6};
    Refused(d, kInvalid, {"inputSize must have 3 values, got 4: [1, 2, 1, 6]"}, "inputSize of 4");
  }
  // CANN's order between its dtype check and its rank (shape) check.
  d = Valid1(s());
  d.src.shape.push_back(1);
  d.src.dtype = d.dst.dtype = I32;
  Refused(d, kInvalid,
          {s().dtype_before_rank ? Src(" dtype 3 (INT32)") : Src(" must be 3-D, got 4-D")},
          "4-D INT32 source");
}

// N and C of source and destination, the destination's L, and a backward's
// source against inputSize and outputSize, in every accepted format.
TEST_P(FamilyContract1d, ShapesMustAgree) {
  for (aclFormat fmt : f().formats) {
    SCOPED_TRACE(FormatText(fmt));
    if (!s().backward()) {
      for (size_t k = 0; k < 3; ++k) {
        CallDesc d = Valid1(s(), F32, fmt);
        ++d.dst.shape[k];
        Refused(d, kInvalid,
                {Dst(" shape " + ShapeText(d.dst.shape)), "(N, C) of the source with outputSize",
                 "[1, 2, 9]"},
                "destination dim " + std::to_string(k) + " + 1");
      }
      continue;
    }
    for (size_t k = 0; k < 2; ++k) {  // inputSize's N, C against gradOut's
      CallDesc d = Valid1(s(), F32, fmt);
      ++d.isz[k];
      ++d.dst.shape[k];
      Refused(d, kInvalid,
              {Src(" shape [1, 2, 9]"), "inputSize's N, C", k == 0 ? "[2, 2, 9]" : "[1, 3, 9]"},
              "inputSize dim " + std::to_string(k) + " + 1");
    }
    CallDesc d = Valid1(s(), F32, fmt);  // outputSize against gradOut's L
    d.osz = {10};
    Refused(d, kInvalid, {Src(" shape [1, 2, 9]"), "outputSize", "[1, 2, 10]"},
            "outputSize 10, gradOut L 9");
    for (size_t k = 0; k < 3; ++k) {  // the destination against inputSize
      d = Valid1(s(), F32, fmt);
      ++d.dst.shape[k];
      Refused(d, kInvalid, {Dst(" shape " + ShapeText(d.dst.shape)), "inputSize [1, 2, 6]"},
              "destination dim " + std::to_string(k) + " + 1");
    }
  }
}

// Zero and negative values in outputSize, inputSize and the dims.
TEST_P(FamilyContract1d, SizesMustBePositive) {
  CallDesc d = Valid1(s());
  if (!s().backward()) {
    d.osz = {-2};
    Refused(d, kInvalid, {"outputSize L is -2 in [-2]"}, "outputSize {-2}");
    d.dst.shape[2] = -2;
    Refused(d, kInvalid, {"outputSize L is -2 in [-2]"}, "outputSize {-2}, out L -2");
    d.osz = {0};
    d.dst.shape[2] = 0;
    Refused(d, kInvalid, {"outputSize L is 0 in [0]"}, "outputSize {0}, out L 0");
    for (size_t k = 0; k < 3; ++k) {
      d = Valid1(s());
      d.src.shape[k] = -1 - static_cast<int64_t>(k);
      if (k < 2) d.dst.shape[k] = d.src.shape[k];  // only the sign is wrong
      const std::string dim(1, "NCL"[k]);
      Refused(d, kInvalid, {Src(" " + dim + " is " + std::to_string(-1 - int(k)))},
              "negative source dim " + std::to_string(k));
    }
    return;
  }
  // NearestExact1dBackward compares the shapes first.
  const bool shapes_first = s().shapes_before_sizes;
  d.osz = {-2};
  Refused(d, kInvalid,
          shapes_first ? std::vector<std::string>{Src(" shape [1, 2, 9]"), "[1, 2, -2]"}
                       : std::vector<std::string>{"outputSize L is -2 in [-2]"},
          "outputSize {-2}");
  d.src.shape[2] = -2;
  Refused(d, kInvalid, {Src(" L is -2")}, "outputSize {-2}, gradOut L -2");
  d = Valid1(s());
  d.isz = {1, 2, -4};
  d.dst.shape[2] = -4;
  Refused(d, kInvalid, {"inputSize L is -4 in [1, 2, -4]"}, "inputSize {1, 2, -4}");
  d.isz = {1, 2, 0};
  d.dst.shape[2] = 0;
  Refused(d, kInvalid, {"inputSize L is 0 in [1, 2, 0]"}, "inputSize {1, 2, 0}");
  d = Valid1(s());
  d.isz = {-1, 2, 6};
  d.dst.shape[0] = -1;
  Refused(d, kInvalid,
          shapes_first ? std::vector<std::string>{Src(" shape [1, 2, 9]"), "[-1, 2, 9]"}
                       : std::vector<std::string>{"inputSize N is -1 in [-1, 2, 6]"},
          "inputSize {-1, 2, 6}");
  d.src.shape[0] = -1;
  Refused(d, kInvalid, {Src(" N is -1")}, "N -1 everywhere");
}

// Which empty tensors succeed (workspace 0, phase 2 writes nothing) and which
// are refused, per the function's empty rule; L = 0 never passes.
TEST_P(FamilyContract1d, EmptyTensors) {
  const Empties rule = s().empty;
  const bool bwd = s().backward();
  auto zero_ok = [&](char dim) {
    return (rule == Empties::kBatchOrChannels && (dim == 'N' || dim == 'C')) ||
           (rule == Empties::kBatchOnly && dim == 'N');
  };
  for (aclFormat fmt : f().formats) {
    struct Case {
      std::string what;
      CallDesc d;
      char dim;
      std::string needle;  // the message when refused
    };
    std::vector<Case> cases;
    for (size_t k = 0; k < 3; ++k) {  // the source's dims
      const char dim = "NCL"[k];
      CallDesc d = Valid1(s(), F32, fmt);
      d.src.shape[k] = 0;
      if (k < 2) {
        d.dst.shape[k] = 0;
        if (bwd) d.isz[k] = 0;
      } else if (bwd) {
        d.osz = {0};
      }
      cases.push_back({std::string("source ") + dim + " = 0, format " + FormatText(fmt), d, dim,
                       Src(std::string(" ") + dim + " is 0")});
    }
    CallDesc d = Valid1(s(), F32, fmt);  // the destination's L
    d.dst.shape[2] = 0;
    if (bwd) {
      d.isz[2] = 0;
    } else {
      d.osz = {0};
    }
    cases.push_back({"destination L = 0, format " + FormatText(fmt), d, 'L',
                     bwd ? "inputSize L is 0" : "outputSize L is 0"});
    for (const Case& c : cases) {
      if (zero_ok(c.dim)) {
        EmptySucceeds(c.d, c.what);
      } else {
        Refused(c.d, kInvalid, {c.needle}, c.what);
      }
    }
  }
  // No function returns at an empty-tensor step of its own: every check
  // comes first.
  CallDesc d = Valid1(s());
  d.src.shape[0] = d.dst.shape[0] = 0;
  if (bwd) d.isz[0] = 0;
  d.src.dtype = d.dst.dtype = I32;
  Refused(d, kInvalid, {Src(" dtype 3 (INT32)")}, "empty INT32 source: checks come first");
}

TEST_P(FamilyContract1d, Scales) {
  const std::string name = s().scale ? s().scale : "";
  switch (s().scales) {
    case ScaleRule::kNone:
    case ScaleRule::kArray:
      return;
    case ScaleRule::kFixesSize:  // FamilySpecific.Linear1dScaleRule
      return;
    case ScaleRule::kRefused: {
      const struct {
        double v;
        const char* text;
      } negatives[] = {
          {-1.0, "-1"}, {-0.5, "-0.5"}, {-std::numeric_limits<double>::infinity(), "-inf"}};
      for (const auto& n : negatives) {
        CallDesc d = Valid1(s());
        d.sw = n.v;
        Refused(d, kInvalid, {name + "=" + n.text + " must not be negative"}, name + " " + n.text);
      }
      CallDesc d = Valid1(s());
      d.sw = std::numeric_limits<double>::quiet_NaN();
      Phase1Succeeds(d, "NaN: not given");
      break;
    }
    case ScaleRule::kUnset: {
      // Negative (and NaN) mean "not given": the result equals that of 0.
      const double scales[] = {0.0, -1.0, -0.5, -std::numeric_limits<double>::infinity(),
                               std::numeric_limits<double>::quiet_NaN()};
      std::vector<unsigned char> first;
      for (double scale : scales) {
        SCOPED_TRACE(name + " " + std::to_string(scale));
        ++SuccessCount()[s().name];
        AnyTensor src, dst;
        MakeAnyTensor(&src, SourceNchw(), ACL_FLOAT, ACL_FORMAT_NCL, Storage::kContiguous, true);
        MakeAnyTensor(&dst, DestinationNchw(), ACL_FLOAT, ACL_FORMAT_NCL, Storage::kContiguous,
                      true);
        std::vector<double> v(static_cast<size_t>(src.Count()));
        for (size_t k = 0; k < v.size(); ++k) v[k] = std::sin(double(k)) * 3;
        WriteAny(&src, v);
        const int64_t o[1] = {9};
        aclIntArray* osz = aclCreateIntArray(o, 1);
        aclIntArray* isz = aclCreateIntArray(kShort.data(), 3);
        FamilyArgs a;
        a.source = src.tensor;
        a.destination = dst.tensor;
        a.output_size = osz;
        a.input_size = isz;
        a.scales_w = scale;
        const FamilyResult r = CallFamily(f(), a);
        EXPECT_EQ(r.phase1, kOk) << r.message;
        EXPECT_EQ(r.phase2, kOk) << r.message;
        if (first.empty()) {
          first = ReadAnyBytes(dst);
        } else {
          EXPECT_EQ(ReadAnyBytes(dst), first) << "differs from the scale not given (0)";
        }
        aclDestroyIntArray(osz);
        aclDestroyIntArray(isz);
      }
      break;
    }
  }
  // Positive scales inconsistent with the sizes are used, not refused.
  for (double scale : {3.0, 0.25}) {
    CallDesc d = Valid1(s());
    d.sw = scale;
    Phase1Succeeds(d, name + " " + std::to_string(scale) + " with sizes 6 -> 9");
  }
}

TEST_P(FamilyContract1d, DimsAboveInt32AreRefused) {
  const std::string limit = "the limit is INT32_MAX";
  if (!s().backward()) {
    CallDesc d = Valid1(s());
    d.src.shape[2] = kBig;
    Refused(d, kInvalid, {Src(" dim 2 is 2147483648"), limit}, "source L 2^31");
    d = Valid1(s());
    d.src.shape[0] = d.dst.shape[0] = kBig;
    Refused(d, kInvalid, {Src(" dim 0 is 2147483648"), limit}, "N 2^31");
    d = Valid1(s());
    d.osz = {kBig};
    d.dst.shape[2] = kBig;
    Refused(d, kInvalid, {Dst(" dim 2 is 2147483648"), limit}, "destination L 2^31");
    return;
  }
  CallDesc d = Valid1(s());
  d.isz[2] = d.dst.shape[2] = kBig;
  Refused(d, kInvalid, {Dst(" dim 2 is 2147483648"), limit}, "destination L 2^31");
  d.osz = {kBig};
  d.src.shape[2] = kBig;
  Refused(d, kInvalid, {Src(" dim 2 is 2147483648"), limit}, "gradOut and destination L 2^31");
  d = Valid1(s());
  d.isz[0] = d.dst.shape[0] = d.src.shape[0] = kBig;
  Refused(d, kInvalid, {Src(" dim 0 is 2147483648"), limit}, "N 2^31");
}

INSTANTIATE_TEST_SUITE_P(OneD, FamilyContract1d, ::testing::ValuesIn(OneDNames()), Name);

// CANN's check order where two checks of a 1-D function compete (the reference
// document's "check order in code" of each).
TEST_F(FamilySpecific, OneDCheckOrders) {
  // aclnnUpsampleNearest1d: 2-3 dtypes, 4 CheckShape, 5 formats.
  Use("aclnnUpsampleNearest1d");
  Refused(Valid1(s(), I32, ND), kInvalid, {" self dtype 3 (INT32)"}, "INT32 ND self");
  CallDesc d = Valid1(s(), F32, ND);
  d.src.shape[1] = d.dst.shape[1] = 0;
  Refused(d, kInvalid, {" self C is 0"}, "ND self with C = 0");
  d = Valid1(s(), F32, NCHW);
  d.osz = {0};
  d.dst.shape[2] = 0;
  Refused(d, kInvalid, {"outputSize L is 0"}, "NCHW self, outputSize {0}");
  // aclnnUpsampleNearest1dV2: 4 CheckShape (out L == outputSize) before 5 formats.
  Use("aclnnUpsampleNearest1dV2");
  Refused(Valid1(s(), I32, ND), kInvalid, {" self dtype 3 (INT32)"}, "INT32 ND self");
  d = Valid1(s(), F32, ND);
  ++d.dst.shape[2];
  Refused(d, kInvalid, {" out shape [1, 2, 10]"}, "ND, out L 10");
  // aclnnUpsampleNearest1dBackward: 2 shape, 3 dtypes, 4 elements.
  Use("aclnnUpsampleNearest1dBackward");
  d = Valid1(s(), I32);
  d.osz = {9, 1};
  Refused(d, kInvalid, {"outputSize must have 1 value, got 2"}, "INT32, outputSize of 2");
  d = Valid1(s(), I32);
  d.osz = {10};
  Refused(d, kInvalid, {" gradOut dtype 3 (INT32)"}, "INT32, outputSize 10 vs gradOut L 9");
  // aclnnUpsampleNearestExact1d: 2 dtypes before 3 elements.
  Use("aclnnUpsampleNearestExact1d");
  d = Valid1(s(), I32);
  d.src.shape[2] = 0;
  Refused(d, kInvalid, {" self dtype 3 (INT32)"}, "INT32 self with L = 0");
  // aclnnUpsampleNearestExact1dBackward: 2 dtypes, 3 formats and ranks, 4 N, C,
  // 5 scale sign, 6 upscale limit, then sizes.
  Use("aclnnUpsampleNearestExact1dBackward");
  Refused(Valid1(s(), I32, NCHW), kInvalid, {" gradOutput dtype 3 (INT32)"}, "INT32 NCHW");
  d = Valid1(s(), F32, NCL);
  d.dst.format = ND;
  d.src.shape.push_back(1);
  Refused(d, kInvalid, {" out format ND (2) differs"}, "format mismatch, 4-D gradOutput");
  d = Valid1(s());
  ++d.dst.shape[1];
  d.sw = -1.0;
  Refused(d, kInvalid, {" out shape [1, 3, 6]"}, "out C 3 and scales -1");
  d = Valid1(s());
  d.sw = -1.0;
  d.src.shape[0] = d.dst.shape[0] = d.isz[0] = 0;
  Refused(d, kInvalid, {"scales=-1 must not be negative"}, "N = 0 and scales -1");
  d = Valid1(s());
  d.src = T({1, 0, 51}, F32, NCL);
  d.osz = {51};
  d.isz = {1, 0, 1};
  d.dst = T({1, 0, 1}, F32, NCL);
  Refused(d, kInvalid, {"forward upscale exceeds 50x"}, "51x with C = 0");
  // aclnnUpsampleLinear1d: 2 CheckShape (ranks, C and L > 0, out shape, then
  // the scale rule) before 3 dtypes.
  Use("aclnnUpsampleLinear1d");
  d = Valid1(s(), I32);
  d.sw = 0.0;
  Refused(d, kInvalid, {"scale=0 gives trunc(L 6 * scale) = 0"}, "INT32 and scale 0");
  d = Valid1(s(), I32);
  d.src.shape[1] = d.dst.shape[1] = 0;
  d.sw = 0.0;
  Refused(d, kInvalid, {" self C is 0"}, "INT32, C = 0 and scale 0");
  d = Valid1(s());
  ++d.dst.shape[2];
  d.sw = 0.0;
  Refused(d, kInvalid, {" out shape [1, 2, 10]"}, "out L 10 and scale 0");
  // aclnnUpsampleLinear1dBackward: 2 shape, 3 dtypes, 4 elements.
  Use("aclnnUpsampleLinear1dBackward");
  d = Valid1(s(), I32);
  d.isz = {1, 2};
  Refused(d, kInvalid, {"inputSize must have 3 values, got 2"}, "INT32, inputSize of 2");
  d = Valid1(s(), I32);
  d.osz = {10};
  Refused(d, kInvalid, {" gradOut dtype 3 (INT32)"}, "INT32, outputSize 10 vs gradOut L 9");
}

// aclnnUpsampleLinear1d (CANN's documented rule): a scale >= 0 must give
// outputSize[0] = trunc(L * scale), so 0 is refused; a negative scale (or NaN)
// means "not given". The message names the parameter as the header does
// ("scale") and the value.
TEST_F(FamilySpecific, Linear1dScaleRule) {
  Use("aclnnUpsampleLinear1d");
  struct Bad {
    double scale;
    std::vector<std::string> needles;
  };
  const Bad bads[] = {
      {0.0, {"scale=0 gives trunc(L 6 * scale) = 0, not outputSize[0] 9", "negative"}},
      {-0.0, {"scale=-0 gives trunc(L 6 * scale) = "}},  // -0.0 >= 0 in CANN's test too
      {1.4, {"scale=1.4 gives trunc(L 6 * scale) = 8, not outputSize[0] 9"}},
      {1.67, {"scale=1.67 gives trunc(L 6 * scale) = 10"}},
      {3.0, {"scale=3 gives trunc(L 6 * scale) = 18"}},
      {std::numeric_limits<double>::infinity(), {"scale=inf"}}};
  for (bool align : {false, true}) {
    for (const Bad& b : bads) {
      CallDesc d = Valid1(s(), F32, align ? ND : NCL);
      d.align = align;
      d.sw = b.scale;
      Refused(d, kInvalid, b.needles,
              "scale " + std::to_string(b.scale) + (align ? ", alignCorners" : ""));
    }
    for (double ok :
         {1.5, 1.6, 1.6666, 1.666666666666666, -1.0, -1e-300,
          -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
      CallDesc d = Valid1(s(), F32, align ? ND : NCL);
      d.align = align;
      d.sw = ok;
      Phase1Succeeds(d, "scale " + std::to_string(ok) + (align ? ", alignCorners" : ""));
    }
  }
  // N = 0 is checked too (CANN's UT scale_output_size_conflict).
  CallDesc d = Valid1(s());
  d.src.shape[0] = d.dst.shape[0] = 0;
  d.sw = 2.0;
  Refused(d, kInvalid, {"scale=2 gives trunc(L 6 * scale) = 12"}, "N = 0, scale 2");
  d.sw = 1.5;
  EmptySucceeds(d, "N = 0, scale 1.5");
  // The rule is aclnnUpsampleLinear1d's alone.
  Use("aclnnUpsampleLinear1dBackward");
  for (double scale : {0.0, 3.0, 1.4}) {
    CallDesc b = Valid1(s());
    b.sw = scale;
    Phase1Succeeds(b, "backward scale " + std::to_string(scale));
  }
}

// The 1-D functions name the axis L (WeightTablesOver2To30TapsAreRefused).
TEST_F(FamilySpecific, WeightTablesOver2To30TapsAreRefusedIn1d) {
  Use("aclnnUpsampleNearest1dBackward");
  CallDesc d = Valid1(s());
  d.src = T({1, 1, 2147483647}, F32, NCL, {0, 0, 0}, 0, {1});
  d.osz = {2147483647};
  d.isz = {1, 1, 1};
  d.dst = T({1, 1, 1}, F32, NCL);
  Refused(d, kInvalid,
          {"the L axis (forward size 1 -> 2147483647) needs 2147483647",
           "the limit is 2^30 = 1073741824"},
          "gradOutput L 2^31 - 1 into 1");
}

TEST_F(FamilySpecific, NearestExact1dBackwardUpscaleAtMost50) {
  Use("aclnnUpsampleNearestExact1dBackward");
  CallDesc d = Valid1(s());
  d.src = T({1, 1, 51}, F32, NCL);
  d.osz = {51};
  d.isz = {1, 1, 1};
  d.dst = T({1, 1, 1}, F32, NCL);
  Refused(d, kInvalid, {"forward upscale exceeds 50x", "scales=0", "input 1, output 51"},
          "51x by the sizes");
  CallDesc w = Valid1(s());
  w.sw = 60.0;
  Refused(w, kInvalid, {"forward upscale exceeds 50x", "scales=60"}, "scales 60");
  w.sw = 50.5;
  Refused(w, kInvalid, {"forward upscale exceeds 50x", "scales=50.5"}, "scales 50.5");
  w.sw = 50.0;
  Phase1Succeeds(w, "scales 50");
  d.src = T({1, 1, 50}, F32, NCL);
  d.osz = {50};
  Phase1Succeeds(d, "50x exactly");
  // The other 1-D backwards and the forward have no such limit.
  for (const char* other : {"aclnnUpsampleNearest1dBackward", "aclnnUpsampleLinear1dBackward"}) {
    Use(other);
    CallDesc o = Valid1(s());
    o.src = T({1, 1, 51}, F32, NCL);
    o.osz = {51};
    o.isz = {1, 1, 1};
    o.dst = T({1, 1, 1}, F32, NCL);
    Phase1Succeeds(o, "51x allowed");
    o.sw = 60.0;
    Phase1Succeeds(o, "scales 60 allowed");
  }
  Use("aclnnUpsampleNearestExact1d");
  CallDesc fwd = Valid1(s());
  fwd.src = T({1, 1, 1}, F32, NCL);
  fwd.osz = {51};
  fwd.dst = T({1, 1, 51}, F32, NCL);
  Phase1Succeeds(fwd, "forward 51x allowed");
}

// ---- Appendix A: CANN's op_api unit-test cases ---------------------------

struct IAD {
  bool present;
  std::vector<int64_t> v;
};
IAD IA(std::vector<int64_t> v) { return {true, std::move(v)}; }
const IAD kNoIA{false, {}};
struct FAD {
  bool present;
  std::vector<float> v;
};
FAD FA(std::vector<float> v) { return {true, std::move(v)}; }
const FAD kNoFA{false, {}};

struct AppendixCase {
  const char* function;
  const char* name;
  TD self;
  IAD output_size = kNoIA;
  IAD input_size = kNoIA;
  bool align = false;
  double sh = 0, sw = 0;
  FAD scales = kNoFA;
  const char* mode = nullptr;
  TD out;
  aclnnStatus expected = kNoArrow;
  std::vector<int32_t> dtype_loop;  // `{A,B,...}[i]`: source and out take each
  const char* note = nullptr;       // why our expected status differs from CANN's
};

// (self, outputSize, scalesH, scalesW, out): Nearest2dV2, NearestExact2d.
AppendixCase Fwd(const char* fn, const char* name, TD self, IAD osz, double sh, double sw, TD out,
                 aclnnStatus expected) {
  AppendixCase c{fn, name, std::move(self)};
  c.output_size = std::move(osz);
  c.sh = sh;
  c.sw = sw;
  c.out = std::move(out);
  c.expected = expected;
  return c;
}
// (self, outputSize, alignCorners, scalesH, scalesW, out): Bilinear2d, AA, Bicubic2d.
AppendixCase FwdA(const char* fn, const char* name, TD self, IAD osz, bool align, double sh,
                  double sw, TD out, aclnnStatus expected) {
  AppendixCase c = Fwd(fn, name, std::move(self), std::move(osz), sh, sw, std::move(out), expected);
  c.align = align;
  return c;
}
// (gradOut, outputSize, inputSize, scalesH, scalesW, out): Nearest2dBackward,
// NearestExact2dBackward.
AppendixCase Bwd(const char* fn, const char* name, TD grad, IAD osz, IAD isz, double sh, double sw,
                 TD out, aclnnStatus expected) {
  AppendixCase c = Fwd(fn, name, std::move(grad), std::move(osz), sh, sw, std::move(out), expected);
  c.input_size = std::move(isz);
  return c;
}
// (gradOut, outputSize, inputSize, alignCorners, scalesH, scalesW, out).
AppendixCase BwdA(const char* fn, const char* name, TD grad, IAD osz, IAD isz, bool align,
                  double sh, double sw, TD out, aclnnStatus expected) {
  AppendixCase c = Bwd(fn, name, std::move(grad), std::move(osz), std::move(isz), sh, sw,
                       std::move(out), expected);
  c.align = align;
  return c;
}
AppendixCase Rsz(const char* name, TD self, FAD scales, const char* mode, TD out,
                 aclnnStatus expected) {
  AppendixCase c{"aclnnResize", name, std::move(self)};
  c.scales = std::move(scales);
  c.mode = mode;
  c.out = std::move(out);
  c.expected = expected;
  return c;
}
AppendixCase Loop(AppendixCase c, std::vector<int32_t> dtypes) {
  c.dtype_loop = std::move(dtypes);
  return c;
}
AppendixCase Note(AppendixCase c, aclnnStatus ours, const char* why) {
  c.expected = ours;
  c.note = why;
  return c;
}

const TD& N_ = kNoTensor;
constexpr aclnnStatus OK_ = kOk, NUL = kNull, INV = kInvalid, NONE = kNoArrow;

std::vector<AppendixCase> NearestCases() {
  const char* nb = "aclnnUpsampleNearest2dBackward";
  const char* v2 = "aclnnUpsampleNearest2dV2";
  const char* ne = "aclnnUpsampleNearestExact2d";
  const char* neb = "aclnnUpsampleNearestExact2dBackward";
  // clang-format off
  return {
      // aclnnUpsampleNearest2dBackward (31 cases)
      Bwd(nb, "case_float_normal", T({2, 2, 6, 20}, F32, NCHW), IA({6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), OK_),
      Bwd(nb, "case_float16_normal", T({2, 2, 6, 20}, F16, NCHW), IA({6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F16, NCHW), OK_),
      Bwd(nb, "case_float_normal_NHWC", T({2, 6, 20, 2}, F32, NHWC), IA({6, 20}), IA({2, 3, 5, 2}), 2.0, 4.0, T({2, 3, 5, 2}, F32, NHWC), NONE),
      Loop(Bwd(nb, "case_invalid_dtype_abnormal", T({2, 2, 6, 20}, F32, NCHW), IA({6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), INV), {U8, I8, I16, I32, I64, BOOL_, STR, C64, C128}),
      Bwd(nb, "case_shape_0_2_6_10_normal", T({0, 2, 6, 20}, F32, NCHW), IA({6, 20}), IA({0, 2, 3, 5}), 2.0, 4.0, T({0, 2, 3, 5}, F32, NCHW), OK_),
      Bwd(nb, "case_shape_2_0_6_10_normal", T({2, 0, 6, 20}, F32, NCHW), IA({6, 20}), IA({2, 0, 3, 5}), 2.0, 4.0, T({2, 0, 3, 5}, F32, NCHW), OK_),
      Bwd(nb, "case_shape_2_2_0_10_abnormal", T({2, 2, 0, 10}, F32, NCHW), IA({0, 10}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "case_shape_2_2_4_0_abnormal", T({2, 2, 6, 0}, F32, NCHW), IA({6, 0}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "case_1d_abnormal", T({2}, F32, NCHW), IA({6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "case_2d_abnormal", T({2, 2}, F32, NCHW), IA({6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "case_5d_abnormal", T({2, 2, 6, 20, 6}, F32, NCHW), IA({6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "case_grad_out_nullptr_abnormal", N_, IA({6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), NUL),
      Bwd(nb, "case_output_size_nullptr_abnormal", T({2, 2, 6, 20}, F32, NCHW), kNoIA, IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), NUL),
      Bwd(nb, "case_input_size_nullptr_abnormal", T({2, 2, 6, 20}, F32, NCHW), IA({6, 20}), kNoIA, 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), NUL),
      Bwd(nb, "case_float_float16_abnormal", T({2, 2, 6, 20}, F32, NCHW), IA({6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F16, NCHW), INV),
      Bwd(nb, "case_output_size_3_4_5_abnormal", T({2, 2, 6, 20}, F32, NCHW), IA({3, 6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "case_output_size_0_5_abnormal", T({2, 2, 6, 20}, F32, NCHW), IA({0, 10}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "case_input_size_2_3_5_abnormal", T({2, 2, 6, 20}, F32, NCHW), IA({6, 20}), IA({2, 3, 5}), 2.0, 4.0, T({2, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "case_input_size_2_2_3_0_abnormal", T({2, 2, 6, 20}, F32, NCHW), IA({6, 20}), IA({2, 2, 3, 0}), 2.0, 4.0, T({2, 2, 3, 0}, F32, NCHW), INV),
      Bwd(nb, "case_nc_diff_abnormal", T({2, 2, 6, 20}, F32, NCHW), IA({6, 20}), IA({4, 1, 3, 5}), 2.0, 4.0, T({4, 1, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "case_hw_diff_abnormal", T({2, 2, 6, 20}, F32, NCHW), IA({4, 10}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F32, NCHW), INV),
      Bwd(nb, "ascend910B2_case_float16_normal", T({2, 2, 6, 20}, F16, NCHW), IA({6, 20}), IA({2, 2, 3, 5}), 2.0, 4.0, T({2, 2, 3, 5}, F16, NCHW), OK_),
      Bwd(nb, "ascend910B2_case_float_scales_h", T({2, 2, 6, 10}, F32, NCHW), IA({6, 10}), IA({2, 2, 6, 10}), 0.0, 1.0, T({2, 2, 6, 10}, F32, NCHW), OK_),
      Bwd(nb, "ascend910B2_case_float_scales_w", T({2, 2, 6, 10}, F32, NCHW), IA({6, 10}), IA({2, 2, 6, 10}), 1.0, 0.0, T({2, 2, 6, 10}, F32, NCHW), OK_),
      Bwd(nb, "ascend910B2_case_float_big_n_c", T({10, 40, 1, 1}, F32, NCHW), IA({1, 1}), IA({10, 40, 1, 1}), 1.0, 1.0, T({10, 40, 1, 1}, F32, NCHW), OK_),
      Bwd(nb, "ascend910B2_case_float_big_h", T({2, 2, 6, 35}, F32, NCHW), IA({6, 35}), IA({2, 2, 6, 35}), 1.0, 1.0, T({2, 2, 6, 35}, F32, NCHW), OK_),
      Bwd(nb, "ascend910B2_case_float_scale_invalid", T({2, 2, 6, 10}, F32, NCHW), IA({6, 10}), IA({2, 2, 6, 10}), 2.0, 2.0, T({2, 2, 6, 10}, F32, NCHW), OK_),
      Bwd(nb, "case_float_normal_2", T({1, 1, 20, 40}, F32, NCHW), IA({20, 40}), IA({1, 1, 20, 40}), 1.0, 1.0, T({1, 1, 20, 40}, F32, NCHW), OK_),
      Bwd(nb, "ascend910B2_case_float_normal_NHWC_1", T({1, 20, 40, 1}, F32, NHWC), IA({20, 40}), IA({1, 10, 20, 1}), 2.0, 2.0, T({1, 10, 20, 1}, F32, NHWC), OK_),
      Bwd(nb, "ascend910B2_case_float_normal_NHWC_2", T({1, 20, 40, 1}, F16, NHWC), IA({20, 40}), IA({1, 10, 20, 1}), 2.0, 2.0, T({1, 10, 20, 1}, F16, NHWC), OK_),
      Bwd(nb, "ascend910B2_case_float_size", T({2, 2, 6, 10}, F32, NCHW), IA({6, 10}), IA({2, 2, 6, 10}), 0.0, 0.0, T({2, 2, 6, 10}, F32, NCHW), OK_),

      // aclnnUpsampleNearest2dV2 (24 cases)
      Fwd(v2, "l2_upsamplenearest2dv2_test_invalid_dtype_int32", T({1, 1, 3, 3}, I32, NCHW), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, I32, NCHW), INV),
      Fwd(v2, "l2_upsamplenearest2dv2_test_invalid_dtype_int64", T({1, 1, 3, 3}, I64, NCHW), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, I64, NCHW), INV),
      Fwd(v2, "l2_upsamplenearest2dv2_test_invalid_dtype_not_equal", T({1, 1, 3, 3}, F32, NCHW), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, F16, NCHW), INV),
      Fwd(v2, "l2_upsamplenearest2dv2_test_input_nullptr", N_, IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, F32, NCHW), NUL),
      Fwd(v2, "l2_upsamplenearest2dv2_test_output_nullptr", T({1, 1, 3, 3}, F32, NCHW), IA({6, 6}), -99.0, -99.0, N_, NUL),
      Fwd(v2, "l2_upsamplenearest2dv2_test_invalid_shape", T({1, 1, 3, 3, 6}, F32, NCHW), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6, 12}, F32, NCHW), INV),
      Fwd(v2, "l2_upsamplenearest2dv2_test_invalid_format", T({1, 1, 3, 3}, F32, NC1HWC0), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, F32, NC1HWC0), INV),
      Fwd(v2, "l2_upsamplenearest2dv2_test_empty_tensor", T({0, 1, 1, 1}, F32, NCHW), IA({2, 2}), -99.0, -99.0, T({1, 1, 2, 2}, F32, NCHW), NONE),
      Fwd(v2, "l2_upsamplenearest2dv2_test_float16_01", T({1, 1, 3, 3}, F16, NCHW), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, F16, NCHW), OK_),
      Fwd(v2, "l2_upsamplenearest2dv2_test_float16_02", T({3, 3, 64, 128}, F16, NCHW), IA({128, 256}), -99.0, -99.0, T({3, 3, 128, 256}, F16, NCHW), OK_),
      Fwd(v2, "ascend910B2_l2_upsamplenearest2dv2_test_bfloat16", T({1, 1, 3, 3}, BF16, NCHW), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, BF16, NCHW), OK_),
      Fwd(v2, "l2_upsamplenearest2dv2_test_float_01", T({1, 1, 3, 3}, F32, NCHW), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, F32, NCHW), OK_),
      Fwd(v2, "l2_upsamplenearest2dv2_test_float_02", T({3, 3, 64, 128}, F32, NCHW), IA({128, 256}), -99.0, -99.0, T({3, 3, 128, 256}, F32, NCHW), OK_),
      Fwd(v2, "l2_upsamplenearest2dv2_test_double_01", T({1, 1, 3, 3}, F64, NCHW), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, F64, NCHW), NONE),
      Fwd(v2, "l2_upsamplenearest2dv2_test_float_transpose", T({1, 1, 3, 4}, F32, NCHW, {12, 12, 3, 1}, 0, {1, 1, 3, 4}), IA({6, 8}), -99.0, -99.0, T({1, 1, 6, 8}, F32, NCHW), OK_),
      Fwd(v2, "l2_upsamplenearest2dv2_test_output_size_is_3", T({1, 1, 3, 3}, F32, NCHW), IA({6, 6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, F32, NCHW), INV),
      Fwd(v2, "l2_upsamplenearest2dv2_test_output_size_has_zero", T({1, 1, 3, 3}, F32, NCHW), IA({6, 0}), -99.0, -99.0, T({1, 1, 6, 6}, F32, NCHW), INV),
      Fwd(v2, "l2_upsamplenearest2dv2_test_input_dim_one_is_zero", T({1, 0, 3, 3}, F32, NCHW), IA({6, 6}), -99.0, -99.0, T({1, 1, 6, 6}, F32, NCHW), OK_),
      Fwd(v2, "ascend910B4_case_float_scale_01", T({1, 1, 3, 36}, F32, NCHW), IA({6, 72}), 2.0, 2.0, T({1, 1, 6, 72}, F32, NCHW), OK_),
      Fwd(v2, "ascend910B4_case_float_scale_02", T({1, 1, 6, 6}, F32, NCHW), IA({3, 3}), 0.5, 0.5, T({1, 1, 3, 3}, F32, NCHW), OK_),
      Fwd(v2, "Ascend910_93_case_float_NHWC", T({1, 6, 6, 1}, F32, NHWC), IA({3, 3}), 0.5, 0.5, T({1, 3, 3, 1}, F32, NHWC), OK_),
      Fwd(v2, "Ascend950DT_9591_case_float_scale_01", T({1, 1, 3, 36}, F32, NCHW), IA({6, 72}), 2.0, 2.0, T({1, 1, 6, 72}, F32, NCHW), OK_),
      Fwd(v2, "Ascend950DT_9591_case_float_scale_02", T({1, 1, 6, 6}, F32, NCHW), IA({3, 3}), 0.5, 0.5, T({1, 1, 3, 3}, F32, NCHW), OK_),
      Fwd(v2, "Ascend950DT_9591_case_float_NHWC", T({1, 6, 6, 1}, F32, NHWC), IA({3, 3}), 0.5, 0.5, T({1, 3, 3, 1}, F32, NHWC), OK_),

      // aclnnUpsampleNearestExact2d (15 cases)
      Fwd(ne, "case_float_normal", T({1, 2, 3, 3}, F32, NCHW), IA({6, 6}), 0.0, 0.0, T({1, 2, 6, 6}, F32, NCHW), OK_),
      Fwd(ne, "case_float_out_shape_success", T({1, 2, 3, 3}, F32, NCHW), IA({6, 0}), 0.0, 0.0, T({1, 2, 0, 6}, F32, NCHW), OK_),
      Fwd(ne, "case_float16_normal", T({1, 6, 3, 3}, F16, NCHW), IA({6, 6}), 0.0, 0.0, T({1, 6, 6, 6}, F16, NCHW), OK_),
      Fwd(ne, "case_bfloat16_normal", T({1, 6, 3, 3}, BF16, NCHW), IA({6, 6}), 0.0, 0.0, T({1, 6, 6, 6}, BF16, NCHW), OK_),
      Fwd(ne, "case_shape_6d_abnormal", T({2, 2, 3, 4, 5, 6}, F32, NCHW), IA({6, 8, 10}), 0.0, 0.0, T({2, 2, 6, 8, 10}, F32, NCHW), INV),
      Fwd(ne, "case_self_nullptr_abnormal", N_, IA({6, 6}), 0.0, 0.0, T({1, 2, 6, 6}, F32, NCHW), NUL),
      Fwd(ne, "case_float_nhwc", T({1, 3, 3, 2}, F32, NHWC), IA({6, 6}), 0.0, 0.0, T({1, 6, 6, 2}, F32, NHWC), OK_),
      Fwd(ne, "case_uint8_nchw_normal", T({1, 4, 3, 3}, U8, NCHW), IA({6, 6}), 0.0, 0.0, T({1, 4, 6, 6}, U8, NCHW), OK_),
      Fwd(ne, "case_uint8_nhwc_normal", T({1, 3, 3, 4}, U8, NHWC), IA({6, 6}), 0.0, 0.0, T({1, 6, 6, 4}, U8, NHWC), OK_),
      Fwd(ne, "case_uint8_downscale", T({1, 4, 8, 8}, U8, NCHW), IA({4, 4}), 0.0, 0.0, T({1, 4, 4, 4}, U8, NCHW), OK_),
      Fwd(ne, "case_uint8_1x1_to_large", T({1, 4, 1, 1}, U8, NCHW), IA({8, 8}), 0.0, 0.0, T({1, 4, 8, 8}, U8, NCHW), OK_),
      Fwd(ne, "case_uint8_empty_tensor", T({0, 4, 3, 3}, U8, NCHW), IA({6, 6}), 0.0, 0.0, T({0, 4, 6, 6}, U8, NCHW), OK_),
      Fwd(ne, "case_uint8_dtype_mismatch", T({1, 2, 3, 3}, U8, NCHW), IA({6, 6}), 0.0, 0.0, T({1, 2, 6, 6}, F16, NCHW), INV),
      Fwd(ne, "case_uint8_format_mismatch", T({1, 2, 3, 3}, U8, NCHW), IA({6, 6}), 0.0, 0.0, T({1, 6, 6, 2}, U8, NHWC), INV),
      Fwd(ne, "case_uint8_output_size_invalid", T({1, 2, 3, 3}, U8, NCHW), IA({6}), 0.0, 0.0, T({1, 2, 6, 6}, U8, NCHW), INV),

      // aclnnUpsampleNearestExact2dBackward (15 cases)
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_out_nullptr", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, N_, NUL),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_outputsize_nullptr", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), kNoIA, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), NUL),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_dtype_float16", T({1, 1, 5, 5}, F16, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, T({1, 1, 3, 3}, F16, NCHW), NONE),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_dtype_float32", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), NONE),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_gradOutput_empty_n", T({0, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), OK_),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_gradOutput_empty_c", T({1, 0, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), OK_),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_gradOutput_empty_h", T({1, 1, 0, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), OK_),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_inputsize_value_0", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 0}), 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_inputsize_size_5", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3, 3}), 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_shape_3d", T({1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, T({1, 3, 3}, F32, NCHW), INV),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_dtype_different", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, T({1, 1, 3, 3}, F16, NCHW), INV),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_NHWC_fail", T({1, 1, 5, 5}, F32, NHWC), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, T({1, 1, 3, 3}, F32, NHWC), INV),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_format_different", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), 0.0, 0.0, T({1, 1, 3, 3}, F32, NHWC), INV),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_scale", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), 2.0, 2.0, T({1, 1, 3, 3}, F32, NHWC), INV),
      Bwd(neb, "l2_upsample_nearest_exact2d_backward_test_scale_negative", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), -2.0, -2.0, T({1, 1, 3, 3}, F32, NHWC), INV),
  };
  // clang-format on
}

std::vector<AppendixCase> BilinearCases() {
  const char* b = "aclnnUpsampleBilinear2d";
  const char* bb = "aclnnUpsampleBilinear2dBackward";
  const char* b2 = "aclnnUpsampleBilinear2dBackwardV2";
  // clang-format off
  return {
      // aclnnUpsampleBilinear2d (27 cases)
      FwdA(b, "l2_upsamplebilinear2d_test_001", T({1, 1, 0, 0}, F32, NCHW), IA({2, 2}), false, 2.0, 2.0, T({1, 1, 0, 0}, F32, NCHW), INV),
      FwdA(b, "l2_upsamplebilinear2d_test_002", T({1, 1, 3, 3}, F32, NCHW), IA({3, 3}), false, 1.0, 1.0, T({1, 1, 3, 3}, F32, NCHW), OK_),
      // (a) CANN's code returns 561103 (ERR_INNER_NULLPTR) for a null self;
      // its doc says 161001, which we return (the doc wins).
      Note(FwdA(b, "l2_upsamplebilinear2d_test_nullptr_self", N_, IA({2, 2}), false, 2.0, 2.0, T({1, 1, 3, 3}, F16, NCHW), 561103), NUL, "(a) CANN code 561103, CANN doc 161001: the doc wins"),
      FwdA(b, "l2_upsamplebilinear2d_test_dtype", T({1, 1, 3, 3}, F32, NCHW), IA({2, 2}), false, 2.0, 2.0, T({1, 1, 3, 3}, F16, NCHW), INV),
      FwdA(b, "l2_upsamplebilinear2d_test_ncdim001", T({1, 1, 3, 3}, F16, NCHW), IA({2, 2}), false, 1.0, 1.0, T({1, 1, 2, 2}, F16, NCHW), OK_),
      FwdA(b, "l2_upsamplebilinear2d_test_ncdim002", T({1, 2, 3, 3}, F16, NCHW), IA({2, 2}), false, 1.0, 1.0, T({1, 1, 2, 2}, F16, NCHW), INV),
      FwdA(b, "l2_upsamplebilinear2d_test_ncdim003", T({1, 1, 3, 3}, F16, NHWC), IA({2, 2}), false, 1.0, 1.0, T({1, 1, 3, 3}, F16, NHWC), INV),
      FwdA(b, "l2_upsamplebilinear2d_test_ncdim004", T({1, 1, 3, 4}, F16, NHWC), IA({2, 2}), false, 1.0, 1.0, T({1, 1, 2, 3}, F16, NHWC), INV),
      FwdA(b, "l2_upsamplebilinear2d_test_ScalesValid001", T({1, 3, 3, 1}, F16, NHWC), IA({2, 2}), false, -2.0, -2.0, T({1, 3, 3, 1}, F16, NHWC), INV),
      FwdA(b, "l2_upsamplebilinear2d_test_ScalesValid002", T({1, 3, 3, 1}, F16, NHWC), IA({2, 2}), false, 1.0, -2.0, T({1, 3, 3, 1}, F16, NHWC), INV),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1001", T({1, 1, 3, 3}, F32, NCHW), IA({6, 6}), false, 2.0, 2.0, T({1, 1, 6, 6}, F32, NCHW), OK_),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1002", T({1, 1, 3, 3}, F32, NCHW), IA({0, 0}), false, 2.0, 2.0, T({1, 1, 6, 6}, F32, NCHW), INV),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1003", T({1, 1, 3, 3}, F32, NCHW), IA({6, 6}), false, 1.0, 1.0, T({1, 1, 6, 6}, F32, NCHW), OK_),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1004", T({1, 1, 3, 3}, F32, NCHW), IA({0, 0}), false, 1.0, 1.0, T({1, 1, 6, 6}, F32, NCHW), INV),
      FwdA(b, "l2_upsamplebilinear2d_test_1005", T({1, 1, 3, 3}, BF16, NCHW), IA({0, 0}), false, 100.0, 100.0, T({1, 1, 300, 300}, BF16, NCHW), INV),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1006", T({1, 1, 3, 3}, F16, NCHW), IA({0, 0}), false, 3.0, 3.0, T({1, 1, 9, 9}, F16, NCHW), INV),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1007", T({1, 1, 3, 3}, F16, NCHW), IA({9, 9}), false, 0.0, 0.0, T({1, 1, 9, 9}, F16, NCHW), OK_),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1008", T({1, 1, 3, 3}, F16, NCHW), IA({9, 9}), false, 5.0, 5.0, T({1, 1, 9, 9}, F16, NCHW), OK_),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1009", T({1, 1, 3, 3}, F16, NCHW), IA({9, 9}), false, 3.0, 5.0, T({1, 1, 9, 9}, F16, NCHW), OK_),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1010", T({1, 1, 80, 1}, F16, NCHW), IA({160, 10}), false, 2.0, 10.0, T({1, 1, 160, 10}, F16, NCHW), OK_),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1011", T({1, 1, 80, 1}, F16, ND), IA({160, 10}), false, 2.0, 10.0, T({1, 1, 160, 10}, F16, ND), INV),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1012", T({1, 1, 80, 1}, F16, NCHW), IA({160, 1}), true, 1.0, 10.0, T({1, 1, 160, 1}, F16, NCHW), OK_),
      FwdA(b, "Ascend910B2_l2_upsamplebilinear2d_test_1013", T({1, 1, 80, 1}, BF16, NCHW), IA({160, 10}), true, 1.0, 1.0, T({1, 1, 160, 10}, BF16, NCHW), OK_),
      FwdA(b, "Ascend950PR_9599_l2_upsamplebilinear2d_test_001", T({1, 1, 80, 1}, F16, NCHW), IA({160, 10}), true, 2.0, 10.0, T({1, 1, 160, 10}, F16, NCHW), OK_),
      FwdA(b, "Ascend950PR_9599_l2_upsamplebilinear2d_test_002", T({1, 1, 80, 1}, F16, NCHW), IA({160, 10}), false, 2.0, 10.0, T({1, 1, 160, 10}, F16, NCHW), OK_),
      FwdA(b, "Ascend950PR_9599_l2_upsamplebilinear2d_test_003", T({1, 80, 1, 1}, F16, NHWC), IA({160, 10}), false, 2.0, 10.0, T({1, 160, 10, 1}, F16, NHWC), OK_),
      FwdA(b, "Ascend950PR_9599_l2_upsamplebilinear2d_test_004", T({1, 80, 1, 1}, F16, NHWC), IA({160, 10}), true, 2.0, 10.0, T({1, 160, 10, 1}, F16, NHWC), OK_),

      // aclnnUpsampleBilinear2dBackward (25 cases)
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_001", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), NONE),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_002", T({1, 1, 2, 2}, F16, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F16, NCHW), OK_),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_003", T({1, 1, 2, 2}, F64, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F64, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_004", T({1, 1, 2, 2}, I8, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I8, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_005", T({1, 1, 2, 2}, U8, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, U8, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_006", T({1, 1, 2, 2}, I32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_007", T({1, 1, 2, 2}, I64, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I64, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_008", T({1, 1, 2, 2}, I16, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I16, NCHW), INV),
      // (b) BF16 is accepted, as on the Ascend 950 (the default-SoC UT expects 161002).
      Note(BwdA(bb, "l2_upsamplebilinear2d_backward_test_009", T({1, 1, 2, 2}, BF16, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, BF16, NCHW), INV), OK_, "(b) BF16 accepted: the Ascend 950 dtype set"),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_010", T({1, 1, 2, 2}, BOOL_, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, BOOL_, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_011", T({1, 1, 2, 2}, C64, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, C64, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_012", T({1, 1, 2, 2}, C128, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, C128, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_013", T({0, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({0, 1, 3, 3}), false, 2.0, 2.0, T({0, 1, 3, 3}, F32, NCHW), OK_),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_014", T({2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_015", T({1, 1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_016", N_, IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), NUL),
      // Deliberate (README): a FLOAT gradOut may write a FLOAT16 out, the
      // Ascend 950 rule (the most permissive product); the default-SoC UT
      // expects 161002.
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_017", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F16, NCHW), OK),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_018", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_019", T({1, 1, 2, 2}, F32, NCHW), IA({0, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_020", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_021", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({0, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_022", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({0, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_023", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({2, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_024", T({1, 1, 2, 2}, F32, NCHW), IA({2, 4}), IA({1, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bb, "l2_upsamplebilinear2d_backward_test_025", T({1, 1, 2, 2}, F32, NHWC), IA({2, 4}), IA({1, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NHWC), INV),

      // aclnnUpsampleBilinear2dBackwardV2 (35 cases)
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_001", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), NONE),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_002", T({1, 1, 6, 6}, F16, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F16, NCHW), OK_),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_003", T({1, 1, 6, 6}, F64, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F64, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_004", T({1, 1, 3, 3}, I8, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I8, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_005", T({1, 1, 6, 6}, U8, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, U8, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_006", T({1, 1, 6, 6}, I32, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_007", T({1, 1, 6, 6}, I64, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I64, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_008", T({1, 1, 6, 6}, I16, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I16, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_010", T({1, 1, 6, 6}, BOOL_, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, BOOL_, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_011", T({1, 1, 6, 6}, C64, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, C64, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_012", T({1, 1, 6, 6}, C128, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, C128, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_013", T({0, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({0, 1, 3, 3}), false, 2.0, 2.0, T({0, 1, 3, 3}, F32, NCHW), OK_),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_014", T({6, 6}, F32, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_015", T({1, 1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_016", N_, IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), NUL),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_017", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F16, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_018", T({1, 1, 6, 6}, F32, NCHW), IA({2, 6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_019", T({1, 1, 2, 2}, F32, NCHW), IA({0, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_020", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({1, 1, 3, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_021", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({0, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_022", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({0, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_023", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({2, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_024", T({1, 1, 2, 2}, F32, NCHW), IA({2, 4}), IA({1, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_025", T({1, 1, 360, 360}, F16, NCHW), IA({360, 360}), IA({1, 1, 3, 3}), false, 120.0, 120.0, T({1, 1, 3, 3}, F16, NCHW), OK_),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_026", T({1, 1, 6, 6}, F16, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F16, NCHW), OK_),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_028", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, N_, NUL),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_029", T({1, 1, 360, 360}, F32, NCHW), IA({360, 360}), IA({1, 1, 3, 3}), false, 120.0, 120.0, N_, NUL),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_030", N_, IA({360, 360}), IA({1, 1, 3, 3}), false, 120.0, 120.0, T({1, 1, 3, 3}, F32, NCHW), NUL),
      BwdA(b2, "Ascend910B2_upsample_bilinear2d_backward_v2_test_031", T({1, 1, 6, 6}, BF16, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, BF16, NCHW), OK_),
      BwdA(b2, "l2_upsample_bilinear2d_backward_v2_test_032", T({1, 1, 6, 6}, F32, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, ND), INV),
      BwdA(b2, "Ascend910B2_l2_upsample_bilinear2d_backward_v2_test_033", T({1, 1, 5, 5}, F16, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), false, 4.0, 4.0, T({1, 1, 3, 3}, F16, NCHW), OK_),
      BwdA(b2, "Ascend910B2_l2_upsample_bilinear2d_backward_v2_test_034", T({1, 1, 6, 6}, F16, NCHW), IA({6, 6}), IA({1, 1, 3, 3}), false, 2.0, 4.0, T({1, 1, 3, 3}, F16, NCHW), OK_),
      BwdA(b2, "Ascend910B2_l2_upsample_bilinear2d_backward_v2_test_035", T({1, 6, 6, 1}, F16, NHWC), IA({6, 6}), IA({1, 3, 3, 1}), false, 2.0, 5.0, T({1, 3, 3, 1}, F16, NHWC), OK_),
      BwdA(b2, "Ascend910B2_l2_upsample_bilinear2d_backward_v2_test_036", T({1, 8, 8, 1}, F16, NHWC), IA({8, 8}), IA({1, 3, 3, 1}), false, 4.0, 4.0, T({1, 3, 3, 1}, F16, NHWC), OK_),
      // Deliberate (README): CANN's A2 UT expects 161002 for this NHWC
      // identity-size gradient (gradOut shape == inputSize, scales 1). Its
      // parameter checks pass it; the 161002 comes from its A2/A3 NHWC kernel
      // path (DoBilinearGradNHWC's CheckReduceOutShape). PyTorch and the
      // Ascend 950 compute it (a copy); so do we.
      BwdA(b2, "Ascend910B2_l2_upsample_bilinear2d_backward_v2_test_037", T({1, 3, 3, 1}, F16, NHWC), IA({3, 3}), IA({1, 3, 3, 1}), false, 1.0, 1.0, T({1, 3, 3, 1}, F16, NHWC), OK),
  };
  // clang-format on
}

std::vector<AppendixCase> AntialiasBicubicResizeCases() {
  const char* aa = "aclnnUpsampleBilinear2dAA";
  const char* aab = "aclnnUpsampleBilinear2dAABackward";
  const char* bc = "aclnnUpsampleBicubic2d";
  const char* bcb = "aclnnUpsampleBicubic2dBackward";
  // clang-format off
  return {
      // aclnnUpsampleBilinear2dAA (12 cases)
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_self_nullptr", N_, IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), NUL),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_out_nullptr", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, N_, NUL),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_outputsize_nullptr", T({1, 1, 3, 3}, F32, NCHW), kNoIA, false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), NUL),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_dtype_float16", T({1, 1, 3, 3}, F16, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F16, NCHW), NONE),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_dtype_float32", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), NONE),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_self_empty_n", T({0, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({0, 1, 5, 5}, F32, NCHW), INV),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_self_empty_c", T({1, 0, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), INV),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_self_empty_h", T({1, 1, 0, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), INV),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_outputsize_value_0", T({1, 1, 3, 3}, F32, NCHW), IA({5, 0}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), INV),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_outputsize_size_3", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), INV),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_shape_3d", T({1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 5, 5}, F32, NCHW), INV),
      FwdA(aa, "l2_upsample_bilinear2d_aa_test_dtype_different", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F16, NCHW), INV),

      // aclnnUpsampleBilinear2dAABackward (12 cases)
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_gradOutput_nullptr", N_, IA({5, 5}), IA({1, 1, 3, 3}), false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), NUL),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_out_nullptr", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), false, 0.0, 0.0, N_, NUL),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_outputsize_nullptr", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), kNoIA, false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), NUL),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_dtype_float16", T({1, 1, 5, 5}, F16, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), false, 0.0, 0.0, T({1, 1, 3, 3}, F16, NCHW), NONE),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_dtype_float32", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), NONE),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_gradOutput_empty_n", T({0, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_gradOutput_empty_c", T({1, 0, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_gradOutput_empty_h", T({1, 1, 5, 5}, F32, NCHW), IA({0, 5}), IA({1, 1, 3, 3}), false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_inputsize_value_0", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 0}), false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_inputsize_size_5", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3, 3}), false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_shape_3d", T({1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), false, 0.0, 0.0, T({1, 3, 3}, F32, NCHW), INV),
      BwdA(aab, "l2_upsample_bilinear2d_aa_backward_test_dtype_different", T({1, 1, 5, 5}, F32, NCHW), IA({5, 5}), IA({1, 1, 3, 3}), false, 0.0, 0.0, T({1, 1, 3, 3}, F16, NCHW), INV),

      // aclnnUpsampleBicubic2d (16 cases)
      FwdA(bc, "l2_upsample_bicubic_2d_test_self_nullptr", N_, IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), NUL),
      FwdA(bc, "l2_upsample_bicubic_2d_test_out_nullptr", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, N_, NUL),
      FwdA(bc, "l2_upsample_bicubic_2d_test_outputsize_nullptr", T({1, 1, 3, 3}, F32, NCHW), kNoIA, false, 0.0, 0.0, T({1, 1, 3, 3}, F32, NCHW), NUL),
      FwdA(bc, "l2_upsample_bicubic_2d_test_dtype_float16", T({1, 1, 3, 3}, F16, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F16, NCHW), OK_),
      FwdA(bc, "l2_upsample_bicubic_2d_test_dtype_float32", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), OK_),
      FwdA(bc, "l2_upsample_bicubic_2d_test_dtype_float32_310p", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), OK_),
      FwdA(bc, "l2_upsample_bicubic_2d_test_dtype_float32_950", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), OK_),
      FwdA(bc, "l2_upsample_bicubic_2d_test_dtype_int64", T({1, 1, 3, 3}, I64, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, I64, NCHW), INV),
      FwdA(bc, "l2_ascend910B_upsample_bicubic_2d_test_dtype_bfloat16", T({1, 1, 3, 3}, BF16, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, BF16, NCHW), OK_),
      FwdA(bc, "l2_upsample_bicubic_2d_test_self_empty_n", T({0, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({0, 1, 5, 5}, F32, NCHW), OK_),
      FwdA(bc, "l2_upsample_bicubic_2d_test_self_empty_c", T({1, 0, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), INV),
      FwdA(bc, "l2_upsample_bicubic_2d_test_self_empty_h", T({1, 1, 0, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), INV),
      FwdA(bc, "l2_upsample_bicubic_2d_test_outputsize_value_0", T({1, 1, 3, 3}, F32, NCHW), IA({5, 0}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), INV),
      FwdA(bc, "l2_upsample_bicubic_2d_test_outputsize_size_3", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F32, NCHW), INV),
      FwdA(bc, "l2_upsample_bicubic_2d_test_shape_3d", T({1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 5, 5}, F32, NCHW), INV),
      FwdA(bc, "l2_upsample_bicubic_2d_test_dtype_different", T({1, 1, 3, 3}, F32, NCHW), IA({5, 5}), false, 0.0, 0.0, T({1, 1, 5, 5}, F16, NCHW), INV),

      // aclnnUpsampleBicubic2dBackward (27 cases)
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_001", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), OK_),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_002", T({1, 1, 2, 2}, F16, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F16, NCHW), OK_),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_003", T({1, 1, 2, 2}, F64, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F64, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_004", T({1, 1, 2, 2}, I8, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I8, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_005", T({1, 1, 2, 2}, U8, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, U8, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_006", T({1, 1, 2, 2}, I32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I32, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_007", T({1, 1, 2, 2}, I64, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I64, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_008", T({1, 1, 2, 2}, I16, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, I16, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_010", T({1, 1, 2, 2}, BOOL_, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, BOOL_, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_011", T({1, 1, 2, 2}, C64, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, C64, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_012", T({1, 1, 2, 2}, C128, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, C128, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_013", T({0, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({0, 1, 3, 3}), false, 2.0, 2.0, T({0, 1, 3, 3}, F32, NCHW), OK_),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_014", T({2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_015", T({1, 1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_016", N_, IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), NUL),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_017", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F16, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_018", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_019", T({1, 1, 2, 2}, F32, NCHW), IA({0, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_020", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_021", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({0, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_022", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({0, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_023", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({2, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_024", T({1, 1, 2, 2}, F32, NCHW), IA({2, 4}), IA({1, 1, 3, 3}), true, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), INV),
      BwdA(bcb, "ascend910B_l2_upsamplebicubic2d_backward_test_026", T({1, 1, 2, 2}, BF16, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, BF16, NCHW), OK_),
      BwdA(bcb, "ascend910B_l2_upsamplebicubic2d_backward_test_027", T({1, 1, 3, 3}, BF16, NCHW), IA({3, 3}), IA({1, 1, 3, 3}), false, 1.0, 1.0, T({1, 1, 3, 3}, BF16, NCHW), OK_),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_028", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 3, 3}), false, 2.0, 2.0, T({1, 1, 3, 3}, F32, NCHW), OK_),
      BwdA(bcb, "l2_upsamplebicubic2d_backward_test_029", T({1, 1, 2, 2}, F32, NCHW), IA({2, 2}), IA({1, 1, 200, 200}), false, 0.01, 0.01, T({1, 1, 200, 200}, F32, NCHW), OK_),

      // aclnnResize (21 cases; out is passed inside INPUT in the UT)
      Rsz("case_1", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2, 2}), "nearest", T({1, 1, 4, 4}, F32, NCHW), OK_),
      Rsz("case_2", T({1, 1, 2, 2}, F16, NCHW), FA({1, 1, 2, 2}), "nearest", T({1, 1, 4, 4}, F16, NCHW), OK_),
      Rsz("case_3", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2, 2}), "bilinear", T({1, 1, 4, 4}, F32, NCHW), OK_),
      Rsz("Ascend950PR_9599_case_3", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2, 2}), "bilinear", T({1, 1, 4, 4}, F32, NCHW), OK_),
      Rsz("case_4", T({1, 1, 2, 2}, F16, NCHW), FA({1, 1, 2, 2}), "bilinear", T({1, 1, 4, 4}, F16, NCHW), OK_),
      Rsz("case_5", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2}), "nearest", T({1, 1, 4, 4}, F32, NCHW), INV),
      Rsz("case_6", N_, FA({1, 1, 2, 2}), "nearest", T({1, 1, 4, 4}, F32, NCHW), NUL),
      Rsz("case_7", T({1, 1, 2, 2}, F32, NCHW), kNoFA, "nearest", T({1, 1, 4, 4}, F32, NCHW), NUL),
      Rsz("case_8", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2, 2}), "nearest", N_, NUL),
      Rsz("case_9", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2, 2}), "trilinear", T({1, 1, 4, 4}, F32, NCHW), INV),
      Rsz("case_10", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2, 2}), "nearest", T({1, 1, 4, 4}, F16, NCHW), INV),
      Rsz("case_11", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2, 2}), "nearest", T({1, 2, 4, 4}, F32, NCHW), INV),
      Rsz("case_12", T({1, 1, 2, 2}, F32, ND), FA({1, 1, 2, 2}), "nearest", T({1, 1, 4, 4}, F32, NCHW), INV),
      Rsz("case_13", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2.4f, 2}), "nearest", T({1, 1, 4, 4}, F32, NCHW), OK_),
      Rsz("case_14", T({1, 1, 1, 23}, F32, NCHW), FA({1, 1, 1, 970155}), "nearest", T({1, 1, 1, 22313565}, F32, NCHW), OK_),
      Rsz("case_15", T({1, 1, 2, 3}, F16, NCHW), FA({1, 1, 2, 1.666666f}), "bilinear", T({1, 1, 4, 5}, F16, NCHW), OK_),
      Rsz("case_16", T({1, 1, 2, 3, 1}, F16, NCHW), FA({1, 1, 2, 1.666666f, 1}), "bilinear", T({1, 1, 4, 5, 1}, F16, NCHW), INV),
      Rsz("case_21", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2.6f, 2}), "bilinear", T({1, 1, 4, 4}, F32, NHWC), INV),
      Rsz("case_22", T({1, 1, 2, 2}, F32, ND), FA({1, 1, 2.6f, 2}), "bilinear", T({1, 1, 4, 4}, F32, ND), INV),
      Rsz("case_24", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2, 2}), "bilinear", T({1, 1, 4, 4}, F32, NCHW), OK_),
      Rsz("case_20", T({1, 1, 2, 2}, F32, NCHW), FA({1, 1, 2, 2}), nullptr, T({1, 1, 4, 4}, F32, NCHW), NUL),
  };
  // clang-format on
}

// 1-D: (self, outputSize, scale, out): Nearest1dV2, NearestExact1d.
AppendixCase Fwd1(const char* fn, const char* name, TD self, IAD osz, double scale, TD out,
                  aclnnStatus expected) {
  return Fwd(fn, name, std::move(self), std::move(osz), 0.0, scale, std::move(out), expected);
}
// (self, outputSize, alignCorners, scale, out): Linear1d.
AppendixCase FwdA1(const char* fn, const char* name, TD self, IAD osz, bool align, double scale,
                   TD out, aclnnStatus expected) {
  return FwdA(fn, name, std::move(self), std::move(osz), align, 0.0, scale, std::move(out),
              expected);
}
// (gradOut, outputSize, inputSize, scales, out): Nearest1dBackward, NearestExact1dBackward.
AppendixCase Bwd1(const char* fn, const char* name, TD grad, IAD osz, IAD isz, double scale, TD out,
                  aclnnStatus expected) {
  return Bwd(fn, name, std::move(grad), std::move(osz), std::move(isz), 0.0, scale, std::move(out),
             expected);
}
// (gradOut, outputSize, inputSize, alignCorners, scales, out): Linear1dBackward.
AppendixCase BwdA1(const char* fn, const char* name, TD grad, IAD osz, IAD isz, bool align,
                   double scale, TD out, aclnnStatus expected) {
  return BwdA(fn, name, std::move(grad), std::move(osz), std::move(isz), align, 0.0, scale,
              std::move(out), expected);
}

std::vector<AppendixCase> OneDCases() {
  const char* nb = "aclnnUpsampleNearest1dBackward";
  const char* v2 = "aclnnUpsampleNearest1dV2";
  const char* ne = "aclnnUpsampleNearestExact1d";
  const char* neb = "aclnnUpsampleNearestExact1dBackward";
  const char* l = "aclnnUpsampleLinear1d";
  const char* lb = "aclnnUpsampleLinear1dBackward";
  // clang-format off
  return {
      // aclnnUpsampleNearest1dBackward (21 cases)
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_001", T({1, 1, 4}, F32, NCL), IA({4}), IA({1, 1, 2}), 2.0, T({1, 1, 2}, F32, NCL), OK_),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_002", T({1, 1, 4}, F16, NCL), IA({4}), IA({1, 1, 2}), 2.0, T({1, 1, 2}, F16, NCL), OK_),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_003", T({1, 1, 2}, F64, NCL), IA({2}), IA({1, 1, 2}), 0.0, T({1, 1, 2}, F64, NCL), NONE),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_007", T({1, 1, 2}, I64, NCL), IA({2}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, I64, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_008", T({1, 1, 2}, I16, NCL), IA({2}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, I16, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_010", T({1, 1, 2}, BOOL_, NCL), IA({2}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, BOOL_, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_011", T({1, 1, 2}, C64, NCL), IA({2}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, C64, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_012", T({1, 1, 2}, C128, NCL), IA({2}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, C128, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_013", T({0, 1, 2}, F32, NCL), IA({2}), IA({0, 1, 3}), 2.0, T({0, 1, 3}, F32, NCL), OK_),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_014", T({2, 2}, F32, NCL), IA({2, 2}), IA({1, 1, 3, 3}), 2.0, T({1, 1, 3, 3}, F32, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_015", T({1, 1, 1, 2, 2}, F32, NCL), IA({2}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_016", N_, IA({2}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, F32, NCL), NUL),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_017", T({1, 1, 2}, F32, NCL), IA({2}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, F16, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_018", T({1, 1, 2}, F32, NCL), IA({2, 2, 2}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_019", T({1, 1, 2}, F32, NCL), IA({0}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_020", T({1, 1, 2}, F32, NCL), IA({2, 2}), IA({1, 1, 3, 3, 3}), 2.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_021", T({1, 1, 2}, F32, NCL), IA({2}), IA({0, 1, 3}), 2.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_022", T({1, 1, 2}, F32, NCL), IA({2}), IA({0, 1, 3}), 2.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_023", T({1, 1, 2}, F32, NCL), IA({2}), IA({2, 1, 3}), 2.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_024", T({1, 1, 2}, F32, NCL), IA({4}), IA({1, 1, 3}), 2.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(nb, "l2_upsampleNearest1d_backward_test_025", T({1, 1, 10}, F32, NCL), IA({10}), IA({1, 1, 5}), 1.0, T({1, 1, 5}, F32, NCL), OK_),

      // aclnnUpsampleNearest1dV2 (23 cases)
      Fwd1(v2, "l2_upsamplenearest1dv2_test_input_nullptr", N_, IA({6}), -99.0, T({1, 1, 6}, F32, NCL), NUL),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_output_nullptr", T({1, 1, 2}, F32, NCL), IA({6}), -99.0, N_, NUL),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_output_size_nullptr", T({1, 1, 2}, F32, NCL), kNoIA, -99.0, T({1, 1, 6}, F32, NCL), NUL),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_input_empty_0", T({0, 1, 2}, F32, NCL), IA({6}), -99.0, T({0, 1, 6}, F32, NCL), OK_),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_input_empty_1", T({1, 0, 2}, F32, NCL), IA({6}), -99.0, T({1, 0, 6}, F32, NCL), INV),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_size_0", T({1, 1, 2}, F32, NCL), IA({0}), -99.0, T({1, 1, 0}, F32, NCL), INV),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_size_valid", T({1, 1, 2}, F32, NCL), IA({6}), -99.0, T({1, 1, 6}, F32, NCL), OK_),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_dtype_int32", T({1, 1, 2}, I32, NCL), IA({4}), -99.0, T({1, 1, 4}, I32, NCL), INV),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_dtype_int64", T({1, 1, 2}, I64, NCL), IA({4}), -99.0, T({1, 1, 4}, I64, NCL), INV),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_shape_2", T({1, 2}, F32, NCL), IA({4}), -99.0, T({1, 4}, F32, NCL), INV),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_size_256", T({1, 3, 64}, F32, NCL), IA({256}), -99.0, T({1, 3, 256}, F32, NCL), OK_),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_dtype_float16", T({1, 1, 2}, F16, NCL), IA({4}), -99.0, T({1, 1, 4}, F16, NCL), OK_),
      Fwd1(v2, "ascend910B2_l2_upsamplenearest1dv2_test_dtype_float16", T({1, 1, 2}, BF16, NCL), IA({4}), -99.0, T({1, 1, 4}, BF16, NCL), OK_),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_dtype_float32", T({1, 1, 2}, F32, NCL), IA({4}), -99.0, T({1, 1, 4}, F32, NCL), OK_),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_dtype_double", T({1, 1, 2}, F64, NCL), IA({4}), -99.0, T({1, 1, 4}, F64, NCL), NONE),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_different_format", T({1, 3, 3}, F32, NCL), IA({6}), -99.0, T({1, 3, 6, 6}, F32, NCHW), INV),
      Fwd1(v2, "l2_upsamplenearest1dv2_test_invalid_format", T({1, 3, 3}, F32, NCHW), IA({6}), -99.0, T({1, 6, 6}, F32, NCHW), INV),
      Fwd1(v2, "ascend910B4_case_float_scale_01", T({1, 1, 2}, F32, NCL), IA({4}), 2.0, T({1, 1, 4}, F32, NCL), OK_),
      Fwd1(v2, "ascend910B4_case_float_scale_02", T({1, 1, 36}, F32, NCL), IA({72}), 2.0, T({1, 1, 72}, F32, NCL), OK_),
      Fwd1(v2, "ascend910B4_case_float_scale_03", T({1, 1, 4}, F32, NCL), IA({2}), 0.5, T({1, 1, 2}, F32, NCL), OK_),
      Fwd1(v2, "Ascend950DT_9591_case_float_scale_01", T({1, 1, 2}, F32, NCL), IA({4}), 2.0, T({1, 1, 4}, F32, NCL), OK_),
      Fwd1(v2, "Ascend950DT_9591_case_float_scale_02", T({1, 1, 36}, F32, NCL), IA({72}), 2.0, T({1, 1, 72}, F32, NCL), OK_),
      Fwd1(v2, "Ascend950DT_9591_case_float_scale_03", T({1, 1, 4}, F32, NCL), IA({2}), 0.5, T({1, 1, 2}, F32, NCL), OK_),

      // aclnnUpsampleNearestExact1d (12 cases)
      Fwd1(ne, "case_float_normal", T({1, 2, 3}, F32, NCL), IA({6}), 0.0, T({1, 2, 6}, F32, NCL), OK_),
      Fwd1(ne, "case_float_out_shape_fail", T({1, 2, 3}, F32, NCL), IA({0}), 0.0, T({1, 2, 0}, F32, NCL), INV),
      Fwd1(ne, "case_float16_normal", T({1, 6, 3}, F16, NCL), IA({6}), 0.0, T({1, 6, 6}, F16, NCL), OK_),
      Fwd1(ne, "case_bfloat16_normal", T({1, 6, 3}, BF16, NCL), IA({6}), 0.0, T({1, 6, 6}, BF16, NCL), OK_),
      Fwd1(ne, "case_shape_6d_abnormal", T({2, 2, 3, 4, 5, 6}, F32, NCL), IA({6, 8, 10}), 0.0, T({2, 2, 6, 8, 10}, F32, NCL), INV),
      Fwd1(ne, "case_self_nullptr_abnormal", N_, IA({6}), 0.0, T({1, 2, 6}, F16, NCL), NUL),
      Fwd1(ne, "case_uint8_ncl_normal", T({1, 4, 3}, U8, NCL), IA({6}), 0.0, T({1, 4, 6}, U8, NCL), OK_),
      Fwd1(ne, "case_uint8_nd_normal", T({2, 3, 4}, U8, ND), IA({8}), 0.0, T({2, 3, 8}, U8, ND), OK_),
      Fwd1(ne, "case_uint8_minimal_shape", T({1, 1, 1}, U8, NCL), IA({4}), 0.0, T({1, 1, 4}, U8, NCL), OK_),
      Fwd1(ne, "case_uint8_downscale", T({1, 8, 16}, U8, NCL), IA({8}), 0.0, T({1, 8, 8}, U8, NCL), OK_),
      Fwd1(ne, "case_uint8_dtype_mismatch", T({1, 2, 3}, U8, NCL), IA({6}), 0.0, T({1, 2, 6}, F16, NCL), INV),
      Fwd1(ne, "case_uint8_output_size_invalid", T({1, 2, 3}, U8, NCL), IA({6, 8}), 0.0, T({1, 2, 6}, U8, NCL), INV),

      // aclnnUpsampleNearestExact1dBackward (9 cases; the UT named
      // outputsize_nullptr passes a null inputSize)
      Bwd1(neb, "l2_upsample_nearest_exact1d_backward_test_out_nullptr", T({1, 1, 5}, F32, NCL), IA({5}), IA({1, 1, 3}), 0.0, N_, NUL),
      Bwd1(neb, "l2_upsample_nearest_exact1d_backward_test_outputsize_nullptr", T({1, 1, 5}, F32, NCL), IA({5}), kNoIA, 0.0, T({1, 1, 3}, F32, NCL), NUL),
      Bwd1(neb, "l2_upsample_nearest_exact1d_backward_test_dtype_float16", T({1, 1, 5}, F16, NCL), IA({5}), IA({1, 1, 3}), 0.0, T({1, 1, 3}, F16, NCL), NONE),
      Bwd1(neb, "l2_upsample_nearest_exact1d_backward_test_dtype_float32", T({1, 1, 5}, F32, NCL), IA({5}), IA({1, 1, 3}), 0.0, T({1, 1, 3}, F32, NCL), NONE),
      Bwd1(neb, "l2_upsample_nearest_exact1d_backward_test_gradOutput_empty_n", T({0, 1, 5}, F32, NCL), IA({5}), IA({1, 1, 3}), 0.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(neb, "l2_upsample_nearest_exact1d_backward_test_gradOutput_empty_c", T({1, 0, 5}, F32, NCL), IA({5}), IA({1, 1, 3}), 0.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(neb, "l2_upsample_nearest_exact1d_backward_test_gradOutput_empty_h", T({1, 1, 0}, F32, NCL), IA({5}), IA({1, 1, 3}), 0.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(neb, "l2_upsample_nearest_exact1d_backward_test_inputsize_size_5", T({1, 1, 5}, F32, NCL), IA({5}), IA({1, 1, 3, 3}), 0.0, T({1, 1, 3}, F32, NCL), INV),
      Bwd1(neb, "l2_upsample_nearest_exact1d_backward_test_dtype_different", T({1, 1, 5}, F32, NCL), IA({5}), IA({1, 1, 3}), 0.0, T({1, 1, 3}, F16, NCL), INV),

      // aclnnUpsampleLinear1d (17 cases)
      FwdA1(l, "l2_upsamplelinear1d_test_input_nullptr", N_, IA({6}), false, 2.0, T({1, 1, 6}, F32, NCL), NUL),
      FwdA1(l, "l2_upsamplelinear1d_test_output_nullptr", T({1, 1, 2}, F32, NCL), IA({6}), false, 2.0, N_, NUL),
      FwdA1(l, "l2_upsamplelinear1d_test_output_size_nullptr", T({1, 1, 2}, F32, NCL), kNoIA, false, 2.0, T({1, 1, 6}, F32, NCL), NUL),
      FwdA1(l, "l2_upsamplelinear1d_test_input_empty_0", T({0, 1, 2}, F32, NCL), IA({6}), false, 3.0, T({0, 1, 6}, F32, NCL), OK_),
      FwdA1(l, "l2_upsamplelinear1d_test_input_empty_1", T({1, 0, 2}, F32, NCL), IA({6}), false, 2.0, T({1, 0, 6}, F32, NCL), INV),
      FwdA1(l, "l2_upsamplelinear1d_test_dtype_int32", T({1, 1, 2}, I32, NCL), IA({4}), false, 2.0, T({1, 1, 4}, I32, NCL), INV),
      FwdA1(l, "l2_upsamplelinear1d_test_dtype_int64", T({1, 1, 2}, I64, NCL), IA({4}), false, 2.0, T({1, 1, 4}, I64, NCL), INV),
      FwdA1(l, "l2_upsamplelinear1d_test_shape_2", T({1, 2}, F32, NCL), IA({4}), false, 2.0, T({1, 4}, F32, NCL), INV),
      FwdA1(l, "l2_upsamplelinear1d_test_size_256", T({1, 3, 64}, F32, NCL), IA({256}), false, 4.0, T({1, 3, 256}, F32, NCL), OK_),
      FwdA1(l, "l2_upsamplelinear1d_test_dtype_float16", T({1, 1, 2}, F16, NCL), IA({4}), false, 2.0, T({1, 1, 4}, F16, NCL), OK_),
      FwdA1(l, "l2_upsamplelinear1d_test_out_shape", T({1, 1, 2}, F32, NCL), IA({8}), false, 2.0, T({1, 1, 4}, F32, NCL), INV),
      FwdA1(l, "l2_upsamplelinear1d_test_scale_output_size_conflict", T({0, 1, 2}, F32, NCL), IA({6}), false, 2.0, T({0, 1, 6}, F32, NCL), INV),
      FwdA1(l, "l2_upsamplelinear1d_test_scale_default", T({0, 1, 2}, F32, NCL), IA({6}), false, -1.0, T({0, 1, 6}, F32, NCL), OK_),
      FwdA1(l, "Ascend910B2_l2_upsamplelinear1d_test_scale_npu", T({0, 1, 2}, F32, NCL), IA({6}), false, -1.0, T({0, 1, 6}, F32, NCL), OK_),
      FwdA1(l, "Ascend910B2_l2_upsamplelinear1d_test_size_256_npu", T({1, 3, 64}, F32, NCL), IA({256}), false, 4.0, T({1, 3, 256}, F32, NCL), OK_),
      FwdA1(l, "Ascend910B2_l2_upsamplelinear1d_test_fp16", T({1, 3, 64}, F16, NCL), IA({256}), false, 4.0, T({1, 3, 256}, F16, NCL), OK_),
      FwdA1(l, "ascend910_l2_upsamplelinear1d_test_dtype_float16", T({1, 1, 2}, F16, NCL), IA({4}), false, 2.0, T({1, 1, 4}, F16, NCL), OK_),

      // aclnnUpsampleLinear1dBackward (28 cases)
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_001", T({1, 1, 3}, F32, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F32, NCL), NONE),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_003", T({1, 1, 3}, F64, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F64, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_004", T({1, 1, 3}, I8, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, I8, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_005", T({1, 1, 3}, U8, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, U8, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_006", T({1, 1, 3}, I32, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, I32, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_007", T({1, 1, 3}, I64, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, I64, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_008", T({1, 1, 3}, I16, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, I16, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_010", T({1, 1, 3}, BOOL_, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, BOOL_, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_011", T({1, 1, 3}, C64, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, C64, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_012", T({1, 1, 3}, C128, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, C128, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_013", T({0, 1, 3}, F32, NCL), IA({3}), IA({0, 1, 6}), false, 2.0, T({0, 1, 6}, F32, NCL), OK_),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_014", T({2, 2}, F32, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_015", T({1, 1, 1, 2, 2}, F32, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_016", N_, IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F32, NCL), NUL),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_017", T({1, 1, 3}, F32, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F16, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_018", T({1, 1, 3}, F32, NCL), IA({2, 2}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_019", T({1, 1, 3}, F32, NCL), IA({0}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_020", T({1, 1, 3}, F32, NCL), IA({3}), IA({1, 1, 3, 3, 3}), false, 2.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_021", T({1, 1, 3}, F32, NCL), IA({3}), IA({0, 1, 6}), false, 2.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_022", T({1, 1, 3}, F32, NCL), IA({3}), IA({0, 1, 6}), true, 2.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_023", T({1, 1, 3}, F32, NCL), IA({3}), IA({2, 1, 6}), true, 2.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "l2_upsamplelinear1d_backward_test_024", T({1, 1, 3}, F32, NCL), IA({2}), IA({1, 1, 6}), true, 2.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "ascend910B3_normal_0", T({1, 1, 3}, F32, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F32, NCL), NONE),
      // Deliberate (README): CANN's A2/A3 CheckScales refuses an effective
      // scale > 500 (here 550, trunc(6 * 550) = 3300) with 161002, a limit of
      // those products' kernel; the Ascend 950 and PyTorch compute it, so do we.
      BwdA1(lb, "ascend910B3_scale501", T({1, 1, 3300}, F32, NCL), IA({3300}), IA({1, 1, 6}), false, 550.0, T({1, 1, 6}, F32, NCL), OK_),
      BwdA1(lb, "ascend910B3_scale400", T({1, 1, 2400}, F32, NCL), IA({2400}), IA({1, 1, 6}), false, 400.0, T({1, 1, 6}, F32, NCL), OK_),
      BwdA1(lb, "ascend910B3_checkNC", T({1, 2, 2400}, F32, NCL), IA({2400}), IA({1, 1, 6}), false, 400.0, T({1, 1, 6}, F32, NCL), INV),
      BwdA1(lb, "Ascend95089_l2_upsamplelinear1d_backward_test_001", T({1, 1, 3}, F32, NCL), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F32, NCL), OK_),
      BwdA1(lb, "Ascend95089_l2_upsamplelinear1d_backward_test_002", T({1, 1, 3}, F32, ND), IA({3}), IA({1, 1, 6}), false, 2.0, T({1, 1, 6}, F32, ND), NONE),
  };
  // clang-format on
}

const std::vector<AppendixCase>& AppendixCases() {
  static const std::vector<AppendixCase> cases = [] {
    std::vector<AppendixCase> all = NearestCases();
    for (auto* part : {BilinearCases, AntialiasBicubicResizeCases, OneDCases}) {
      for (AppendixCase& c : part()) all.push_back(std::move(c));
    }
    return all;
  }();
  return cases;
}

// The case counts of the reference's Appendix A blocks (aclnnUpsampleNearest2d
// and aclnnUpsampleNearest1d have no op_api UT).
const std::map<std::string, size_t> kAppendixCounts = {
    {"aclnnUpsampleNearest2d", 0},
    {"aclnnUpsampleNearest2dV2", 24},
    {"aclnnUpsampleNearest2dBackward", 31},
    {"aclnnUpsampleNearestExact2d", 15},
    {"aclnnUpsampleNearestExact2dBackward", 15},
    {"aclnnUpsampleBilinear2d", 27},
    {"aclnnUpsampleBilinear2dBackward", 25},
    {"aclnnUpsampleBilinear2dBackwardV2", 35},
    {"aclnnUpsampleBilinear2dAA", 12},
    {"aclnnUpsampleBilinear2dAABackward", 12},
    {"aclnnUpsampleBicubic2d", 16},
    {"aclnnUpsampleBicubic2dBackward", 27},
    {"aclnnResize", 21},
    {"aclnnUpsampleNearest1d", 0},
    {"aclnnUpsampleNearest1dV2", 23},
    {"aclnnUpsampleNearest1dBackward", 21},
    {"aclnnUpsampleNearestExact1d", 12},
    {"aclnnUpsampleNearestExact1dBackward", 9},
    {"aclnnUpsampleLinear1d", 17},
    {"aclnnUpsampleLinear1dBackward", 28},
};

class AppendixA : public ::testing::TestWithParam<const char*> {};

TEST_P(AppendixA, CannUnitTestCases) {
  const std::string fn = GetParam();
  const FamilyFunction& f = FindFamilyFunction(fn);
  size_t count = 0;
  for (const AppendixCase& c : AppendixCases()) {
    if (fn != c.function) continue;
    ++count;
    std::vector<int32_t> loop = c.dtype_loop;
    if (loop.empty()) loop.push_back(-1);
    for (int32_t dtype : loop) {
      SCOPED_TRACE(std::string(c.name) + (dtype >= 0 ? " dtype " + std::to_string(dtype) : "") +
                   (c.note ? std::string(" [deliberate difference: ") + c.note + "]" : ""));
      CallDesc d;
      d.src = c.self;
      d.dst = c.out;
      if (dtype >= 0) d.src.dtype = d.dst.dtype = dtype;
      d.has_osz = c.output_size.present;
      d.osz = c.output_size.v;
      d.has_isz = c.input_size.present;
      d.isz = c.input_size.v;
      d.has_scales = c.scales.present;
      d.scales = c.scales.v;
      d.mode = c.mode;
      d.align = c.align;
      d.sh = c.sh;
      d.sw = c.sw;
      Materialized m(d);
      const Outcome o = RunPhase1(f, m, d);
      if (o.exec) {
        EXPECT_EQ(aclDestroyAclOpExecutor(o.exec), kOk);
      }
      if (c.expected == kNoArrow) {
        NoArrowStatuses()[fn].push_back(std::string(c.name) + ": " + StatusName(o.status) +
                                        (o.message.empty() ? "" : " (" + o.message + ")"));
        EXPECT_TRUE(o.status == kOk || o.status == kNull || o.status == kInvalid)
            << StatusName(o.status) << ": " << o.message;
        continue;
      }
      EXPECT_EQ(o.status, c.expected)
          << "case " << c.name << ": expected " << StatusName(c.expected) << ", got "
          << StatusName(o.status) << (o.message.empty() ? "" : ": " + o.message);
    }
  }
  EXPECT_EQ(count, kAppendixCounts.at(fn)) << "cases in the table for " << fn;
}

INSTANTIATE_TEST_SUITE_P(Replay, AppendixA, ::testing::ValuesIn(EveryName()), Name);

}  // namespace
}  // namespace aclnn_host::testing
