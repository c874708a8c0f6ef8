#include "aclnn/ops/resize_contract.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "aclnn/ops/resample_op.h"
#include "resample/view_checks.h"

namespace aclnn_host::aclnn {
namespace {

// Dims in (N, C, H, W) order whatever the layout.
struct Dims {
  int64_t n = 0, c = 0, h = 0, w = 0, d = 1;  // d: volumes only
};

// A 3-value list is (N, C, L): H = 1, W = L.
Dims InNchwOrder(const std::vector<int64_t>& v, bool channels_last) {
  if (v.size() == 3) return Dims{v[0], v[1], 1, v[2]};
  if (v.size() == 5) {  // (N, C, D, H, W) or NDHWC's (N, D, H, W, C)
    return channels_last ? Dims{v[0], v[4], v[2], v[3], v[1]} : Dims{v[0], v[1], v[3], v[4], v[2]};
  }
  return channels_last ? Dims{v[0], v[3], v[1], v[2]} : Dims{v[0], v[1], v[2], v[3]};
}

std::vector<int64_t> InLayoutOrder(const Dims& d, bool nhwc, int spatial) {
  if (spatial == 1) return {d.n, d.c, d.w};
  if (spatial == 3) {
    return nhwc ? std::vector<int64_t>{d.n, d.d, d.h, d.w, d.c}
                : std::vector<int64_t>{d.n, d.c, d.d, d.h, d.w};
  }
  return nhwc ? std::vector<int64_t>{d.n, d.h, d.w, d.c} : std::vector<int64_t>{d.n, d.c, d.h, d.w};
}

bool HasZeroDim(const aclTensor* t) {
  const auto& v = t->view_shape;
  return std::find(v.begin(), v.end(), int64_t{0}) != v.end() &&
         std::none_of(v.begin(), v.end(), [](int64_t d) { return d < 0; });
}

std::string Names(const std::vector<int32_t>& values, const char* (*name)(int32_t)) {
  std::string s;
  for (size_t i = 0; i < values.size(); ++i) {
    s += (i == 0 ? "" : (i + 1 == values.size() ? " or " : ", ")) + std::string(name(values[i]));
  }
  return s;
}

bool Contains(const std::vector<int32_t>& values, int32_t v) {
  return std::find(values.begin(), values.end(), v) != values.end();
}

std::string Num(double v) { return resample::NumberString(v); }

// Runs one function's checks. Each step returns false once the call is
// decided (a failure, or the empty-tensor success); status() says which.
class Phase1 {
 public:
  Phase1(const ResizeContract& c, const ResizeCall& a)
      : c_(c), a_(a), op_(std::string(c.name) + "GetWorkspaceSize") {}

  aclnnStatus status() const { return status_; }
  bool Run(Step step);
  // After every step: success for an empty problem, else the plan.
  aclnnStatus Finish();

 private:
  bool Refuse(aclnnStatus status, const std::string& why) {
    status_ = Fail(status, op_ + ": " + why);
    return false;
  }
  bool Invalid(const std::string& why) { return Refuse(ACLNN_ERR_PARAM_INVALID, why); }
  bool Empty() {
    status_ = PlanNothing(c_.name, a_.workspace_size, a_.executor);
    return false;
  }
  // Channels-last: NHWC, or NDHWC for volumes.
  bool nhwc() const {
    return (c_.spatial == 2 && a_.source->format == ACL_FORMAT_NHWC) ||
           (c_.spatial == 3 && a_.source->format == ACL_FORMAT_NDHWC);
  }
  bool is_resize() const { return !c_.takes_output_size; }
  // The forward output's size along D, H, W (outputSize, or out for Resize).
  int64_t out_at(int axis) const {  // axis 0: D, 1: H, 2: W
    if (is_resize()) return axis == 1 ? dst().h : (axis == 2 ? dst().w : 1);
    const int first = 3 - c_.spatial;  // the axis outputSize[0] gives
    return axis < first ? 1 : a_.output_size->values[static_cast<size_t>(axis - first)];
  }
  int64_t out_d() const { return out_at(0); }
  int64_t out_h() const { return out_at(1); }
  int64_t out_w() const { return out_at(2); }
  int rank() const { return c_.spatial + 2; }
  Dims src() const { return InNchwOrder(a_.source->view_shape, nhwc()); }
  Dims dst() const { return InNchwOrder(a_.destination->view_shape, nhwc()); }
  // A volume backward's inputSize is (N, C, D, H, W) whatever the format
  // (CANN's code, and the docs of its trilinear and nearest-exact backwards).
  Dims input_size() const { return InNchwOrder(a_.input_size->values, nhwc() && c_.spatial != 3); }
  bool ZeroAllowed(int k) const {  // k = 0 (N) or 1 (C)
    return c_.empty == EmptyRule::kBatchOrChannels || (c_.empty == EmptyRule::kBatchOnly && k == 0);
  }

  bool OutputArgs();
  bool NotNull();
  bool Mode();
  bool Dtypes();
  bool Formats();
  bool Ranks();
  bool ScaleSigns();
  bool PositiveSizes();
  bool Shapes();
  bool ScaleRatio();
  bool UpscaleLimit();
  bool DimLimits();
  // in_layout: the list follows the tensors' format; sizes_only: the list
  // holds spatial sizes only (outputSize).
  bool CheckDims(const char* what, const std::vector<int64_t>& v, bool in_layout,
                 bool sizes_only = false);

  const ResizeContract& c_;
  const ResizeCall& a_;
  std::string op_;
  aclnnStatus status_ = ACLNN_SUCCESS;
  bool ranks_checked_ = false;
};

bool Phase1::Run(Step step) {
  switch (step) {
    case Step::kOutputArgs:
      return OutputArgs();
    case Step::kNotNull:
      return NotNull();
    case Step::kEmpty:
      return (HasZeroDim(a_.source) || HasZeroDim(a_.destination)) ? Empty() : true;
    case Step::kMode:
      return Mode();
    case Step::kDtypes:
      return Dtypes();
    case Step::kFormats:
      return Formats();
    case Step::kRanks:
      return Ranks();
    case Step::kScaleSigns:
      return ScaleSigns();
    case Step::kPositiveSizes:
      return PositiveSizes();
    case Step::kShapes:
      return Shapes();
    case Step::kScaleRatio:
      return ScaleRatio();
    case Step::kUpscaleLimit:
      return UpscaleLimit();
    case Step::kDimLimits:
      return DimLimits();
  }
  return Invalid("unknown check");
}

bool Phase1::OutputArgs() {
  if (a_.workspace_size == nullptr)
    return Refuse(ACLNN_ERR_PARAM_NULLPTR, "workspaceSize is nullptr");
  if (a_.executor == nullptr) return Refuse(ACLNN_ERR_PARAM_NULLPTR, "executor is nullptr");
  return true;
}

bool Phase1::NotNull() {
  auto null = [&](const char* name) {
    return Refuse(ACLNN_ERR_PARAM_NULLPTR, std::string(name) + " is nullptr");
  };
  if (a_.source == nullptr) return null(c_.source);
  if (c_.takes_output_size && a_.output_size == nullptr) return null("outputSize");
  if (c_.takes_input_size && a_.input_size == nullptr) return null("inputSize");
  if (is_resize() && a_.scales == nullptr) return null("scales");
  if (is_resize() && a_.mode == nullptr) return null("mode");
  if (a_.destination == nullptr) return null(c_.destination);
  auto stale = [&](const std::string& what) {
    return Invalid(what + " is not live (destroyed or never created)");
  };
  if (!IsLiveTensor(a_.source)) return stale(std::string(c_.source) + " aclTensor");
  if (!IsLiveTensor(a_.destination)) return stale(std::string(c_.destination) + " aclTensor");
  if (c_.takes_output_size && !IsLiveIntArray(a_.output_size))
    return stale("outputSize aclIntArray");
  if (c_.takes_input_size && !IsLiveIntArray(a_.input_size)) return stale("inputSize aclIntArray");
  if (is_resize() && !IsLiveFloatArray(a_.scales)) return stale("scales aclFloatArray");
  return true;
}

bool Phase1::Mode() {
  // CANN matches a prefix ("nearest_xyz" passes); the doc allows two words.
  if (std::strcmp(a_.mode, "nearest") != 0 && std::strcmp(a_.mode, "bilinear") != 0) {
    return Invalid(std::string("mode \"") + a_.mode +
                   "\" is not supported; expected \"nearest\" or \"bilinear\"");
  }
  return true;
}

bool Phase1::Dtypes() {
  const int32_t s = a_.source->dtype, d = a_.destination->dtype;
  if (!Contains(c_.dtypes, s)) {
    return Invalid(std::string(c_.source) + " dtype " + std::to_string(s) + " (" + DataTypeName(s) +
                   ") is not supported; expected " + Names(c_.dtypes, DataTypeName));
  }
  const bool widened =
      c_.float_to_16bit_out && s == ACL_FLOAT && (d == ACL_FLOAT16 || d == ACL_BF16);
  if (d != s && !widened) {
    return Invalid(
        std::string(c_.destination) + " dtype " + std::to_string(d) + " (" + DataTypeName(d) +
        ") differs from " + c_.source + " dtype " + DataTypeName(s) +
        (c_.float_to_16bit_out ? " (a FLOAT source may also write FLOAT16 or BFLOAT16)" : ""));
  }
  return true;
}

bool Phase1::Formats() {
  const int32_t s = a_.source->format, d = a_.destination->format;
  if (!Contains(c_.formats, s)) {
    return Invalid(std::string(c_.source) + " format " + FormatName(s) + " (" + std::to_string(s) +
                   ") is not supported; expected " + Names(c_.formats, FormatName));
  }
  if (d != s) {
    return Invalid(std::string(c_.destination) + " format " + FormatName(d) + " (" +
                   std::to_string(d) + ") differs from " + c_.source + " format " + FormatName(s));
  }
  if (c_.double_needs_nhwc && a_.source->dtype == ACL_DOUBLE && s != ACL_FORMAT_NHWC) {
    return Invalid(std::string(c_.source) + " dtype DOUBLE needs format NHWC, got " +
                   FormatName(s));
  }
  return true;
}

bool Phase1::Ranks() {
  if (ranks_checked_) return true;
  const size_t r = static_cast<size_t>(rank());
  auto wrong_rank = [&](const char* name, const aclTensor* t) {
    return Invalid(std::string(name) + " must be " + std::to_string(r) + "-D, got " +
                   std::to_string(t->view_shape.size()) + "-D shape " + ShapeString(t->view_shape));
  };
  if (a_.source->view_shape.size() != r) return wrong_rank(c_.source, a_.source);
  if (a_.destination->view_shape.size() != r) return wrong_rank(c_.destination, a_.destination);
  if (c_.takes_output_size && a_.output_size->values.size() != r - 2) {
    return Invalid("outputSize must have " + std::to_string(r - 2) + " value" +
                   (r == 3 ? "" : "s") + ", got " + std::to_string(a_.output_size->values.size()) +
                   ": " + ShapeString(a_.output_size->values));
  }
  if (c_.takes_input_size && a_.input_size->values.size() != r) {
    return Invalid("inputSize must have " + std::to_string(r) + " values, got " +
                   std::to_string(a_.input_size->values.size()) + ": " +
                   ShapeString(a_.input_size->values));
  }
  if (is_resize() && a_.scales->values.size() != 4) {
    return Invalid("scales must have 4 values (one per dim of " + std::string(c_.source) +
                   "), got " + std::to_string(a_.scales->values.size()));
  }
  ranks_checked_ = true;
  return true;
}

bool Phase1::ScaleSigns() {
  if (c_.scales != ScaleSign::kNegativeRefused) return true;
  if (c_.spatial == 1) {
    return a_.scales_w < 0.0 ? Invalid(std::string(c_.scale_name) + "=" + Num(a_.scales_w) +
                                       " must not be negative")
                             : true;
  }
  if (c_.spatial == 3 && a_.scales_d < 0.0) {
    return Invalid("scalesD=" + Num(a_.scales_d) + " must not be negative");
  }
  if (a_.scales_h < 0.0) return Invalid("scalesH=" + Num(a_.scales_h) + " must not be negative");
  if (a_.scales_w < 0.0) return Invalid("scalesW=" + Num(a_.scales_w) + " must not be negative");
  return true;
}

// Values of a shape or size list in the layout's order, each > 0 (N and C
// may be 0 where the function's empty rule allows).
bool Phase1::CheckDims(const char* what, const std::vector<int64_t>& v, bool in_layout,
                       bool sizes_only) {
  static const char* kNchwNames[4] = {"N", "C", "H", "W"};
  static const char* kNhwcNames[4] = {"N", "H", "W", "C"};
  static const char* kNclNames[3] = {"N", "C", "L"};
  const bool layout_nhwc = in_layout && nhwc();
  for (size_t k = 0; k < v.size(); ++k) {
    // The dim's name, and its place in (N, C, spatial...) (2: spatial).
    const char* dim;
    int canonical;
    static const char* kNcdhwNames[5] = {"N", "C", "D", "H", "W"};
    static const char* kNdhwcNames[5] = {"N", "D", "H", "W", "C"};
    if (sizes_only) {
      static const char* kSizes[3] = {"D", "H", "W"};
      dim =
          v.size() == 1 ? "L" : kSizes[std::min<size_t>(3 - std::min<size_t>(v.size(), 3) + k, 2)];
      canonical = 2;
    } else if (v.size() == 5) {
      dim = (layout_nhwc ? kNdhwcNames : kNcdhwNames)[k];
      canonical = layout_nhwc ? (k == 4 ? 1 : (k == 0 ? 0 : 2)) : std::min(static_cast<int>(k), 2);
    } else if (v.size() == 4) {
      dim = (layout_nhwc ? kNhwcNames : kNchwNames)[k];
      canonical = layout_nhwc ? (k == 3 ? 1 : (k == 0 ? 0 : 2)) : static_cast<int>(k);
    } else if (v.size() == 3) {
      dim = kNclNames[k];
      canonical = std::min(static_cast<int>(k), 2);
    } else {
      static const char* kSpatial[3] = {"D", "H", "W"};
      dim = v.size() == 1 ? "L" : kSpatial[3 - v.size() + k];
      canonical = 2;
    }
    const bool zero_ok = canonical < 2 && ZeroAllowed(canonical);
    if (v[k] < 0 || (v[k] == 0 && !zero_ok)) {
      return Invalid(std::string(what) + " " + dim + " is " + std::to_string(v[k]) + " in " +
                     ShapeString(v) + "; it must be > 0");
    }
  }
  return true;
}

bool Phase1::PositiveSizes() {
  if (!Ranks()) return false;
  if (!CheckDims(c_.source, a_.source->view_shape, true)) return false;
  if (c_.takes_output_size &&
      !CheckDims("outputSize", a_.output_size->values, false, /*sizes_only=*/true)) {
    return false;
  }
  if (c_.takes_input_size &&
      !CheckDims("inputSize", a_.input_size->values, /*in_layout=*/c_.spatial != 3)) {
    return false;
  }
  return CheckDims(c_.destination, a_.destination->view_shape, true);
}

bool Phase1::Shapes() {
  if (!Ranks()) return false;
  const char* order =
      !nhwc() ? "" : (c_.spatial == 3 ? " (N, D, H, W, C order)" : " (N, H, W, C order)");
  const bool backward = c_.direction == resample::Direction::kBackward;
  Dims expected_dst;
  if (backward) {
    const Dims in = input_size();
    const Dims expected_src{in.n, in.c, out_h(), out_w(), out_d()};
    const Dims s = src();
    if (s.n != expected_src.n || s.c != expected_src.c || s.h != expected_src.h ||
        s.w != expected_src.w || s.d != expected_src.d) {
      return Invalid(std::string(c_.source) + " shape " + ShapeString(a_.source->view_shape) +
                     " must equal inputSize's N, C with outputSize's " +
                     (c_.spatial == 1 ? "L" : (c_.spatial == 3 ? "D, H, W" : "H, W")) + ": " +
                     ShapeString(InLayoutOrder(expected_src, nhwc(), c_.spatial)) + order);
    }
    expected_dst = in;
  } else {
    const Dims s = src();
    expected_dst = Dims{s.n, s.c, out_h(), out_w(), out_d()};
  }
  const Dims d = dst();
  if (d.n != expected_dst.n || d.c != expected_dst.c || d.h != expected_dst.h ||
      d.w != expected_dst.w || d.d != expected_dst.d) {
    const char* rule = backward      ? " must equal inputSize "
                       : is_resize() ? " must have the N, C of "
                                     : " must equal (N, C) of the source with outputSize: ";
    return Invalid(std::string(c_.destination) + " shape " +
                   ShapeString(a_.destination->view_shape) + rule +
                   (is_resize() && !backward ? std::string(c_.source) + ": " : "") +
                   ShapeString(InLayoutOrder(expected_dst, nhwc(), c_.spatial)) + order);
  }
  return true;
}

bool Phase1::ScaleRatio() {
  if (!Ranks()) return false;
  if (c_.scale_fixes_size) {
    // CANN's documented rule for aclnnUpsampleLinear1d: a scale >= 0 must
    // give outputSize = trunc(L * scale) (so 0 is refused); negative (or NaN)
    // means "not given".
    const double s = a_.scales_w;
    const double want = std::trunc(static_cast<double>(src().w) * s);
    if (s >= 0.0 && want != static_cast<double>(out_w())) {
      return Invalid(std::string(c_.scale_name) + "=" + Num(s) + " gives trunc(L " +
                     std::to_string(src().w) + " * scale) = " + Num(want) + ", not outputSize[0] " +
                     std::to_string(out_w()) + " (a negative scale means \"not given\")");
    }
    return true;
  }
  if (c_.scales_match_sizes) {
    // aclnnUpsampleNearestExact3d: with all three scales given, each output
    // size must be floor(in * scale), or the integer a float scale just
    // misses (CANN checks [trunc(in (s - 1e-5)), trunc(in (s + 1e-5))]).
    if (!(a_.scales_d > 0.0 && a_.scales_h > 0.0 && a_.scales_w > 0.0)) return true;
    const Dims in = src();
    const struct {
      const char* axis;
      double scale;
      int64_t in, out;
    } axes[3] = {{"D", a_.scales_d, in.d, out_d()},
                 {"H", a_.scales_h, in.h, out_h()},
                 {"W", a_.scales_w, in.w, out_w()}};
    for (const auto& x : axes) {
      const double floor = std::floor(static_cast<double>(x.in) * x.scale);
      const double up = std::trunc(static_cast<double>(x.in) * (x.scale + 1e-5));
      const double o = static_cast<double>(x.out);
      if (o != floor && o != up) {
        return Invalid("outputSize " + std::string(x.axis) + "=" + std::to_string(x.out) +
                       " must be floor(" + c_.source + " " + x.axis + " " + std::to_string(x.in) +
                       " * scales" + x.axis + " " + Num(x.scale) + ")");
      }
    }
    return true;
  }
  if (!is_resize()) return true;
  // aclnnResize: out = floor(in * scale) on H and W; N and C keep their
  // size (scale 1, as its doc requires).
  const auto& s = a_.scales->values;
  const int h_at = nhwc() ? 1 : 2, w_at = nhwc() ? 2 : 3, c_at = nhwc() ? 3 : 1;
  if (s[0] != 1.0f || s[static_cast<size_t>(c_at)] != 1.0f) {
    return Invalid("scales " + Num(s[0]) + ", " + Num(s[static_cast<size_t>(c_at)]) +
                   " for N and C must be 1");
  }
  const Dims in = src(), out = dst();
  const struct {
    const char* axis;
    double scale;
    int64_t in, out;
  } axes[2] = {{"H", s[static_cast<size_t>(h_at)], in.h, out.h},
               {"W", s[static_cast<size_t>(w_at)], in.w, out.w}};
  for (const auto& x : axes) {
    // CANN's code accepts [trunc(in (s - 1e-5)), trunc(in (s + 1e-5))]; its
    // doc says floor(in s). We take floor(in s), and the integer a float scale
    // just misses (3 * 1.666666f -> 5, CANN's UT case_15), not floor - 1.
    const double floor = std::floor(static_cast<double>(x.in) * x.scale);
    const double up = std::trunc(static_cast<double>(x.in) * (x.scale + 1e-5));
    const double o = static_cast<double>(x.out);
    if (!(x.scale > 0.0) || (o != floor && o != up)) {
      return Invalid(std::string(c_.destination) + " " + x.axis + "=" + std::to_string(x.out) +
                     " must be floor(" + c_.source + " " + x.axis + " " + std::to_string(x.in) +
                     " * scale " + Num(x.scale) + ")");
    }
  }
  return true;
}

bool Phase1::UpscaleLimit() {
  if (!c_.upscale_limit) return true;
  if (!Ranks()) return false;
  const bool backward = c_.direction == resample::Direction::kBackward;
  const Dims in = backward ? input_size() : src();
  // Non-positive sizes are the size check's to report (it may run later).
  if (in.d <= 0 || in.h <= 0 || in.w <= 0 || out_d() <= 0 || out_h() <= 0 || out_w() <= 0) {
    return true;
  }
  // A volume's scales count only when all three are given.
  const bool all = a_.scales_d > 0.0 && a_.scales_h > 0.0 && a_.scales_w > 0.0;
  const bool used = c_.spatial != 3 || all;
  std::string why = c_.spatial == 3 ? resample::CheckUpscaleLimit(
                                          "scalesD", used ? a_.scales_d : 0.0, in.d, out_d())
                                    : "";
  if (why.empty() && c_.spatial != 1) {
    why = resample::CheckUpscaleLimit("scalesH", used ? a_.scales_h : 0.0, in.h, out_h());
  }
  if (why.empty()) {
    why = resample::CheckUpscaleLimit(c_.spatial == 1 ? c_.scale_name : "scalesW",
                                      used ? a_.scales_w : 0.0, in.w, out_w());
  }
  return why.empty() ? true : Invalid(why);
}

bool Phase1::DimLimits() {
  if (!Ranks()) return false;
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  auto check = [&](const char* what, const std::vector<int64_t>& v) {
    for (size_t k = 0; k < v.size(); ++k) {
      if (v[k] > kMax) {
        return Invalid(std::string(what) + " dim " + std::to_string(k) + " is " +
                       std::to_string(v[k]) + " in " + ShapeString(v) +
                       "; the limit is INT32_MAX = 2147483647");
      }
    }
    return true;
  };
  return check(c_.source, a_.source->view_shape) &&
         check(c_.destination, a_.destination->view_shape) &&
         (!c_.takes_output_size || check("outputSize", a_.output_size->values)) &&
         (!c_.takes_input_size || check("inputSize", a_.input_size->values));
}

aclnnStatus Phase1::Finish() {
  if (HasZeroDim(a_.source) || HasZeroDim(a_.destination)) {
    Empty();
    return status_;
  }
  const bool backward = c_.direction == resample::Direction::kBackward;
  const Dims in = backward ? dst() : src();
  const Dims out = backward ? src() : dst();
  double scales_h = a_.scales_h, scales_w = a_.scales_w;
  resample::Filter filter = c_.filter;
  if (c_.scales == ScaleSign::kNoScales) scales_h = scales_w = 0.0;
  if (c_.spatial == 1) scales_h = 0.0;  // (N, C, L) runs as (N, C, 1, L)
  if (is_resize()) {
    const auto& s = a_.scales->values;
    scales_h = s[nhwc() ? 1 : 2];
    scales_w = s[nhwc() ? 2 : 3];
    filter = std::strcmp(a_.mode, "nearest") == 0 ? resample::Filter::kNearest
                                                  : resample::Filter::kLinear;
  }
  if (c_.spatial == 3) {
    resample::VolumeProblem v;
    v.batch = in.n, v.channels = in.c;
    v.in_d = in.d, v.in_h = in.h, v.in_w = in.w;
    v.out_d = out.d, v.out_h = out.h, v.out_w = out.w;
    v.align_corners = a_.align_corners;
    // CANN's volumes use the scales only when all three are given.
    const bool all = a_.scales_d > 0.0 && a_.scales_h > 0.0 && a_.scales_w > 0.0;
    v.scales_d = all ? a_.scales_d : 0.0;
    v.scales_h = all ? a_.scales_h : 0.0;
    v.scales_w = all ? a_.scales_w : 0.0;
    v.direction = c_.direction;
    v.filter = filter;
    return PlaceAndPlanVolume(op_.c_str(), c_.name, c_.source, c_.destination, a_.source,
                              NcdhwView(a_.source, nhwc()), a_.destination,
                              NcdhwView(a_.destination, nhwc()), v, a_.workspace_size, a_.executor);
  }
  const resample::ResampleProblem problem{
      in.n,     in.c,     out.h,        out.w, in.h, in.w, a_.align_corners,
      scales_h, scales_w, c_.direction, filter};
  return PlaceAndPlan(op_.c_str(), c_.name, c_.source, c_.destination, a_.source,
                      NchwView(a_.source, nhwc()), a_.destination, NchwView(a_.destination, nhwc()),
                      problem, a_.workspace_size, a_.executor);
}

// Every check, in the order the runner adds those a function's CANN order
// leaves out (the empty-tensor step only where the function has it).
constexpr Step kAllSteps[] = {Step::kOutputArgs, Step::kNotNull,       Step::kMode,
                              Step::kDtypes,     Step::kFormats,       Step::kRanks,
                              Step::kScaleSigns, Step::kPositiveSizes, Step::kShapes,
                              Step::kScaleRatio, Step::kUpscaleLimit,  Step::kDimLimits};

}  // namespace

aclnnStatus ResizeGetWorkspaceSize(const ResizeContract& contract, const ResizeCall& call) {
  Phase1 phase1(contract, call);
  std::vector<Step> steps = contract.order;
  for (Step s : kAllSteps) {
    if (std::find(steps.begin(), steps.end(), s) != steps.end()) continue;
    if ((s == Step::kMode || s == Step::kScaleRatio) && contract.takes_output_size) continue;
    steps.push_back(s);
  }
  // Where the results go and what is null come first whatever CANN's order:
  // nothing else can be read before them.
  std::stable_partition(steps.begin(), steps.end(),
                        [](Step s) { return s == Step::kOutputArgs || s == Step::kNotNull; });
  for (Step s : steps) {
    if (!phase1.Run(s)) return phase1.status();
  }
  return phase1.Finish();
}

}  // namespace aclnn_host::aclnn
