// Promises of the resize family (the 2-D and 1-D functions of
// family_support.h), checked against an independent float64 reference written
// from PyTorch 1.13's CPU rules (family_reference.h; a 1-D function's (N, C, L)
// problem is the (N, C, 1, L) one):
//  - every function, on random cases of every dtype, format and storage layout
//    it accepts, is within the accuracy bar of the reference (nearest forwards:
//    bit-exact copies of the element the reference picks), writes nothing
//    outside its destination's view and leaves its source alone;
//  - small worked examples give the values PyTorch 1.13 prints;
//  - negative scales are refused where the contract says so, and mean "not
//    given" elsewhere;
//  - the result's bytes do not depend on the thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "aclnn_host/upsample_bicubic2d_aa.h"
#include "family_reference.h"
#include "family_support.h"
#include "test_support.h"

namespace aclnn_host::testing {
namespace {

constexpr int kCasesPerDtype = 200;

const char* AnyDtypeName(aclDataType t) {
  switch (t) {
    case ACL_FLOAT:
      return "float32";
    case ACL_FLOAT16:
      return "float16";
    case ACL_BF16:
      return "bfloat16";
    case ACL_DOUBLE:
      return "float64";
    case ACL_UINT8:
      return "uint8";
    default:
      return "?";
  }
}

const char* FormatName(aclFormat f) {
  if (f == ACL_FORMAT_NCL) return "NCL";
  return f == ACL_FORMAT_NHWC ? "NHWC" : (f == ACL_FORMAT_ND ? "ND" : "NCHW");
}

const char* StorageName(Storage s) {
  return s == Storage::kContiguous ? "contiguous"
                                   : (s == Storage::kChannelsLast ? "channels_last" : "padded");
}

bool TakesScales(const FamilyFunction& f) {
  return f.scales == Scales::kDouble || f.scales == Scales::kFloat;
}

// The functions whose contract refuses a negative scale (161002); the others
// treat a scale <= 0 as "not given".
bool RefusesNegativeScales(const FamilyFunction& f) {
  const std::string n = f.name;
  return n == "aclnnUpsampleNearestExact2d" || n == "aclnnUpsampleNearestExact2dBackward" ||
         n == "aclnnUpsampleBilinear2d" || n == "aclnnUpsampleBilinear2dAA" ||
         n == "aclnnUpsampleBilinear2dAABackward" || n == "aclnnUpsampleNearestExact1dBackward";
}

// A 1-D function: (N, C, L) tensors, run here as (N, C, 1, L) problems whose
// H axis keeps its one row; its one scale is scales_w.
bool OneD(const FamilyFunction& f) { return f.spatial == 1; }

// aclnnUpsampleLinear1d (CANN's documented rule): a scale >= 0 must give
// outputSize = trunc(L * scale), so 0 is refused and a negative scale (or NaN)
// means "not given".
bool ScaleFixesSize(const FamilyFunction& f) {
  return std::string(f.name) == "aclnnUpsampleLinear1d";
}

// The scale a function reads as "not given" (0, or -1 where 0 is refused).
double UnsetScale(const FamilyFunction& f) { return ScaleFixesSize(f) ? -1.0 : 0.0; }

// One call: sizes in forward terms (the forward maps in_h x in_w to
// out_h x out_w; a backward maps a gradient of the output's shape to one of the
// input's).
struct Case {
  const FamilyFunction* f = nullptr;
  aclDataType src_dtype = ACL_FLOAT, dst_dtype = ACL_FLOAT;
  aclFormat format = ACL_FORMAT_NCHW;
  Storage src_storage = Storage::kContiguous, dst_storage = Storage::kContiguous;
  int64_t n = 1, c = 1, in_h = 1, in_w = 1, out_h = 1, out_w = 1;
  bool align_corners = false;
  // As passed: doubles, the float value for Nearest2dV2, the aclFloatArray's H
  // and W entries for aclnnResize; unused by aclnnUpsampleNearest2d.
  double scales_h = 0.0, scales_w = 0.0;
  const char* resize_mode = "nearest";

  Mode Filter() const { return f->mode == Mode::kResize ? RefResizeMode(resize_mode) : f->mode; }
  bool ExactCopy() const {
    return !f->backward && (Filter() == Mode::kNearest || Filter() == Mode::kNearestExact);
  }
  std::vector<int64_t> SourceShape() const {
    return f->backward ? std::vector<int64_t>{n, c, out_h, out_w}
                       : std::vector<int64_t>{n, c, in_h, in_w};
  }
  std::vector<int64_t> DestinationShape() const {
    return f->backward ? std::vector<int64_t>{n, c, in_h, in_w}
                       : std::vector<int64_t>{n, c, out_h, out_w};
  }
  RefProblem Problem() const {
    RefProblem p;
    p.mode = Filter();
    p.backward = f->backward;
    p.n = n, p.c = c, p.in_h = in_h, p.in_w = in_w, p.out_h = out_h, p.out_w = out_w;
    p.align_corners = f->align_corners && align_corners;
    const bool scaled = f->scales != Scales::kNone;
    p.scale_h = scaled ? scales_h : 0.0;
    p.scale_w = scaled ? scales_w : 0.0;
    return p;
  }
  std::string Describe() const {
    std::ostringstream s;
    s.precision(17);
    s << f->name << " " << AnyDtypeName(src_dtype) << "->" << AnyDtypeName(dst_dtype) << " format "
      << FormatName(format) << " source " << StorageName(src_storage) << " destination "
      << StorageName(dst_storage) << " N=" << n << " C=" << c;
    if (OneD(*f)) {
      s << " input L=" << in_w << " output L=" << out_w;
    } else {
      s << " input " << in_h << "x" << in_w << " output " << out_h << "x" << out_w;
    }
    s << " (" << (f->backward ? "backward" : "forward") << ")";
    if (f->align_corners) s << " alignCorners=" << (align_corners ? "true" : "false");
    if (f->scales == Scales::kFloatArray) {
      s << " mode=" << resize_mode << " scales H=" << scales_h << " W=" << scales_w;
    } else if (f->scales != Scales::kNone && OneD(*f)) {
      s << " scale=" << scales_w;
    } else if (f->scales != Scales::kNone) {
      s << " scalesH=" << scales_h << " scalesW=" << scales_w;
    }
    return s.str();
  }
};

// What one call did.
struct CaseRun {
  FamilyResult result;
  bool made = false;
  bool source_sentinels = false, destination_sentinels = false, source_unchanged = false;
  std::vector<double> source_values;  // what the source holds, NCHW order
  std::vector<unsigned char> source_bytes, destination_bytes;
  std::vector<double> destination_values;
};

// Writes values (converted to the source dtype) into a fresh source, calls the
// function through its own signature, and reads everything back.
CaseRun Execute(const Case& k, const std::vector<double>& values) {
  CaseRun run;
  AnyTensor src, dst;
  const bool one_d = OneD(*k.f);  // (N, C, L) views of H = 1 tensors
  MakeAnyTensor(&src, k.SourceShape(), k.src_dtype, k.format, k.src_storage, one_d);
  MakeAnyTensor(&dst, k.DestinationShape(), k.dst_dtype, k.format, k.dst_storage, one_d);
  if (src.tensor == nullptr || dst.tensor == nullptr) return run;
  run.made = true;
  WriteAny(&src, values);
  run.source_values = ReadAny(src);
  run.source_bytes = ReadAnyBytes(src);

  const bool nhwc = k.format == ACL_FORMAT_NHWC;
  const std::vector<int64_t> out_size =
      one_d ? std::vector<int64_t>{k.out_w} : std::vector<int64_t>{k.out_h, k.out_w};
  const std::vector<int64_t> in_size = one_d  ? std::vector<int64_t>{k.n, k.c, k.in_w}
                                       : nhwc ? std::vector<int64_t>{k.n, k.in_h, k.in_w, k.c}
                                              : std::vector<int64_t>{k.n, k.c, k.in_h, k.in_w};
  const float scales[4] = {1.0f, nhwc ? static_cast<float>(k.scales_h) : 1.0f,
                           static_cast<float>(nhwc ? k.scales_w : k.scales_h),
                           nhwc ? 1.0f : static_cast<float>(k.scales_w)};
  aclIntArray* output_size = aclCreateIntArray(out_size.data(), out_size.size());
  aclIntArray* input_size = aclCreateIntArray(in_size.data(), in_size.size());
  aclFloatArray* scale_array = aclCreateFloatArray(scales, 4);

  FamilyArgs args;
  args.source = src.tensor;
  args.destination = dst.tensor;
  args.output_size = output_size;
  args.input_size = input_size;
  args.align_corners = k.align_corners;
  args.scales_h = k.scales_h;
  args.scales_w = k.scales_w;
  args.scales = scale_array;
  args.mode = k.resize_mode;
  run.result = CallFamily(*k.f, args);

  run.destination_values = ReadAny(dst);
  run.destination_bytes = ReadAnyBytes(dst);
  run.source_sentinels = AnySentinelsIntact(src);
  run.destination_sentinels = AnySentinelsIntact(dst);
  run.source_unchanged = ReadAnyBytes(src) == run.source_bytes;
  aclDestroyIntArray(output_size);
  aclDestroyIntArray(input_size);
  aclDestroyFloatArray(scale_array);
  return run;
}

std::string NchwIndex(const std::vector<int64_t>& shape, int64_t flat) {
  std::ostringstream s;
  const int64_t w = flat % shape[3], h = flat / shape[3] % shape[2],
                c = flat / (shape[3] * shape[2]) % shape[1],
                n = flat / (shape[3] * shape[2] * shape[1]);
  s << "(n,c,h,w)=(" << n << "," << c << "," << h << "," << w << ")";
  return s.str();
}

// The verdict on one call: the worst error / tolerance (0 for exact copies
// that match, infinity for a wrong copy, a NaN or a refused call) and why.
struct Verdict {
  double worst = 0.0;
  std::string failure;  // empty: passed
};

// err / allowed error of the destination dtype (the family's accuracy bars).
double ErrorRatio(double got, double ref, double max_ref, aclDataType dst) {
  const double err = std::fabs(got - ref);
  double tol;
  if (dst == ACL_DOUBLE) {
    tol = 1e-12 * (std::fabs(ref) + max_ref);
  } else {
    tol = AllowedError(ref, max_ref, dst);  // FLOAT; 16-bit: + half an ulp
  }
  if (err == 0.0) return 0.0;
  const double r = err / tol;
  return std::isnan(r) ? std::numeric_limits<double>::infinity() : r;
}

// The input index a nearest forward copies into output o along one axis: the
// reference's one-hot row, except for DOUBLE tensors, whose index PyTorch 1.13
// computes from a double scale (compute_scales_value<double>, then floorf of
// the double product; FamilyNearest.DoubleTensorsComputeTheIndexInDouble).
int64_t PickedIndex(const Case& k, const std::vector<double>& m, int64_t in, int64_t out,
                    double scale, int64_t o) {
  if (k.src_dtype != ACL_DOUBLE) return RefPickedIndex(m, in, o);
  const double s =
      RefScaleGiven(scale) ? 1.0 / scale : static_cast<double>(in) / static_cast<double>(out);
  const double at = k.Filter() == Mode::kNearestExact ? (static_cast<double>(o) + 0.5) * s
                                                      : static_cast<double>(o) * s;
  return std::min<int64_t>(static_cast<int64_t>(std::floor(static_cast<float>(at))), in - 1);
}

Verdict Check(const Case& k, const CaseRun& run) {
  Verdict v;
  std::ostringstream why;
  why.precision(17);
  if (!run.made) {
    v.worst = std::numeric_limits<double>::infinity();
    v.failure = k.Describe() + ": could not create the tensors";
    return v;
  }
  if (run.result.phase1 != ACLNN_SUCCESS || run.result.phase2 != ACLNN_SUCCESS) {
    v.worst = std::numeric_limits<double>::infinity();
    why << k.Describe() << ": phase 1 status " << run.result.phase1 << ", phase 2 status "
        << run.result.phase2 << ": " << run.result.message;
    v.failure = why.str();
    return v;
  }
  const RefProblem p = k.Problem();
  const std::vector<int64_t> dshape = k.DestinationShape();
  int64_t worst_at = -1;
  double worst_expected = 0.0, worst_got = 0.0;
  if (k.ExactCopy()) {
    // Nearest forwards: each element is a copy of the source element the
    // reference's one-hot rows pick, byte for byte.
    const std::vector<double> wh = RefMatrixH(p), ww = RefMatrixW(p);
    const size_t es = ElementBytes(k.dst_dtype);
    for (int64_t q = 0; q < k.n * k.c && worst_at < 0; ++q) {
      for (int64_t oh = 0; oh < k.out_h && worst_at < 0; ++oh) {
        const int64_t ih = PickedIndex(k, wh, k.in_h, k.out_h, p.scale_h, oh);
        for (int64_t ow = 0; ow < k.out_w; ++ow) {
          const int64_t iw = PickedIndex(k, ww, k.in_w, k.out_w, p.scale_w, ow);
          const int64_t d = (q * k.out_h + oh) * k.out_w + ow;
          const int64_t s = (q * k.in_h + ih) * k.in_w + iw;
          if (std::memcmp(&run.destination_bytes[static_cast<size_t>(d) * es],
                          &run.source_bytes[static_cast<size_t>(s) * es], es) != 0) {
            worst_at = d;
            worst_expected = run.source_values[static_cast<size_t>(s)];
            worst_got = run.destination_values[static_cast<size_t>(d)];
            why << " (expected a copy of source " << NchwIndex(k.SourceShape(), s) << ")";
            break;
          }
        }
      }
    }
    v.worst = worst_at < 0 ? 0.0 : std::numeric_limits<double>::infinity();
  } else {
    const std::vector<double> ref = RefRun(p, run.source_values);
    double max_ref = 0.0;
    for (double r : ref) max_ref = std::max(max_ref, std::fabs(r));
    for (size_t i = 0; i < ref.size(); ++i) {
      const double r = ErrorRatio(run.destination_values[i], ref[i], max_ref, k.dst_dtype);
      if (r > v.worst || worst_at < 0) {
        v.worst = std::max(v.worst, r);
        worst_at = static_cast<int64_t>(i);
        worst_expected = ref[i];
        worst_got = run.destination_values[i];
      }
    }
  }
  const bool accurate = v.worst <= 1.0;
  if (!accurate || !run.destination_sentinels || !run.source_sentinels || !run.source_unchanged) {
    std::ostringstream msg;
    msg.precision(17);
    msg << k.Describe() << ": worst error/tolerance " << v.worst;
    if (worst_at >= 0) {
      msg << " at destination " << NchwIndex(dshape, worst_at) << ": expected " << worst_expected
          << ", got " << worst_got << why.str();
    }
    if (!run.destination_sentinels) msg << "; bytes outside the destination's view changed";
    if (!run.source_sentinels) msg << "; bytes outside the source's view changed";
    if (!run.source_unchanged) msg << "; the source's view changed";
    v.failure = msg.str();
  }
  return v;
}

// ---- random cases ----------------------------------------------------------

struct Rng {
  std::mt19937_64 engine;
  explicit Rng(uint64_t seed) : engine(seed) {}
  int64_t Int(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(engine);
  }
  double Real(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(engine);
  }
};

uint64_t SeedOf(const std::string& s) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char ch : s) h = (h ^ ch) * 1099511628211ull;
  return h;
}

struct AxisDraw {
  int64_t in = 1, out = 1;
  double scale = 0.0;
};

// Sizes 1..max (24 for the 2-D functions, 48 for the 1-D ones: still within
// NearestExact1dBackward's 50x upscale limit): down, up, same, to one, from
// one, any; then a scale: absent, consistent (out = floor(in * scale)),
// inconsistent but defined (nearest: any positive value; the others: >= out /
// in, so the source stays inside the input), negative (where the function
// takes it) or NaN. aclnnUpsampleLinear1d's rule admits only a negative scale
// (not given), NaN or a consistent one (out = trunc(in * scale)).
AxisDraw DrawAxis(Rng& rng, const FamilyFunction& f, int64_t max = 24) {
  AxisDraw a;
  switch (rng.Int(0, 5)) {
    case 0:
      a.in = rng.Int(2, max), a.out = std::max<int64_t>(1, a.in / rng.Int(2, 4));
      break;
    case 1:
      a.in = rng.Int(1, max / 2), a.out = std::min<int64_t>(max, a.in * rng.Int(2, 3));
      break;
    case 2:
      a.in = rng.Int(1, max), a.out = a.in;
      break;
    case 3:
      a.in = rng.Int(1, max), a.out = 1;
      break;
    case 4:
      a.in = 1, a.out = rng.Int(1, max);
      break;
    default:
      a.in = rng.Int(1, max), a.out = rng.Int(1, max);
  }
  if (ScaleFixesSize(f)) {
    switch (rng.Int(0, 3)) {
      case 0:
        a.scale = -1.0;
        break;
      case 1:
        a.scale = -rng.Real(0.01, 3.0);
        break;
      case 2: {
        // out + a fraction in [0, 1): trunc gives out, the filter uses 1 / scale.
        const double in = static_cast<double>(a.in), out = static_cast<double>(a.out);
        a.scale = rng.Int(0, 2) == 0 ? out / in : (out + rng.Real(0.0, 1.0)) / in;
        if (std::trunc(in * a.scale) != out) a.scale = (out + 0.5) / in;
        break;
      }
      default:
        a.scale = std::numeric_limits<double>::quiet_NaN();
    }
    return a;
  }
  if (f.scales == Scales::kFloatArray) {  // aclnnResize: out = floor(in * scale)
    const double choices[] = {0.5, 1.0, 1.5, 2.0, 3.0};
    for (;;) {
      const int64_t pick = rng.Int(0, 5);
      const float s = static_cast<float>(pick < 5 ? choices[pick] : rng.Real(0.25, 3.0));
      const double o = std::floor(static_cast<double>(a.in) * static_cast<double>(s));
      if (o >= 1 && o <= 48) {
        a.out = static_cast<int64_t>(o), a.scale = s;
        return a;
      }
      a.in = rng.Int(1, 24);
    }
  }
  if (!TakesScales(f)) return a;
  const bool nearest = f.mode == Mode::kNearest || f.mode == Mode::kNearestExact;
  switch (rng.Int(0, 5)) {
    case 0:
    case 1:
      a.scale = 0.0;
      break;
    case 2: {
      a.scale = rng.Real(0.3, 3.0);
      const int64_t o = static_cast<int64_t>(std::floor(static_cast<double>(a.in) * a.scale));
      if (o < 1 || o > max) {
        a.out = std::min<int64_t>(std::max<int64_t>(o, 1), max);
        a.scale = static_cast<double>(a.out) / static_cast<double>(a.in);
      } else {
        a.out = o;
      }
      break;
    }
    case 3:
      a.scale = nearest
                    ? rng.Real(0.1, 4.0)
                    : static_cast<double>(a.out) / static_cast<double>(a.in) * rng.Real(1.0, 2.5);
      break;
    case 4:
      a.scale = RefusesNegativeScales(f) ? 0.0 : -rng.Real(0.5, 3.0);
      break;
    default:
      a.scale = std::numeric_limits<double>::quiet_NaN();
  }
  if (f.scales == Scales::kFloat) a.scale = static_cast<float>(a.scale);
  return a;
}

std::vector<double> RandomValues(Rng& rng, int64_t count, aclDataType dtype) {
  std::vector<double> v(static_cast<size_t>(count));
  for (double& x : v) {
    x = dtype == ACL_UINT8 ? static_cast<double>(rng.Int(0, 255))
                           : QuantizeTo(rng.Real(-4, 4), dtype);
  }
  return v;
}

// (source dtype, destination dtype) pairs a function accepts.
std::vector<std::pair<aclDataType, aclDataType>> DtypePairs(const FamilyFunction& f) {
  std::vector<std::pair<aclDataType, aclDataType>> pairs;
  for (aclDataType t : f.dtypes) pairs.emplace_back(t, t);
  if (std::string(f.name) == "aclnnUpsampleBilinear2dBackward") {  // FLOAT may write 16-bit
    pairs.emplace_back(ACL_FLOAT, ACL_FLOAT16);
    pairs.emplace_back(ACL_FLOAT, ACL_BF16);
  }
  return pairs;
}

aclFormat FormatFor(const FamilyFunction& f, aclDataType dtype, size_t k) {
  if (std::string(f.name) == "aclnnUpsampleBilinear2d" && dtype == ACL_DOUBLE) {
    return ACL_FORMAT_NHWC;  // DOUBLE only as NHWC (CANN)
  }
  return f.formats[k % f.formats.size()];
}

Case DrawCase(Rng& rng, const FamilyFunction& f, aclDataType src, aclDataType dst, size_t k) {
  static const Storage kStorages[3] = {Storage::kContiguous, Storage::kChannelsLast,
                                       Storage::kPadded};
  Case c;
  c.f = &f;
  c.src_dtype = src, c.dst_dtype = dst;
  c.format = FormatFor(f, src, k);
  c.src_storage = kStorages[(k / f.formats.size()) % 3];
  c.dst_storage = kStorages[rng.Int(0, 2)];
  if (OneD(f)) {  // (N, C, L): H stays 1 -> 1, the scale is scales_w
    c.n = rng.Int(1, 3), c.c = rng.Int(1, 4);
    c.align_corners = f.align_corners && rng.Real(0, 1) < 0.35;
    const AxisDraw l = DrawAxis(rng, f, 48);
    c.in_w = l.in, c.out_w = l.out, c.scales_w = l.scale;
    return c;
  }
  c.n = rng.Int(1, 2), c.c = rng.Int(1, 3);
  c.align_corners = f.align_corners && rng.Real(0, 1) < 0.35;
  const AxisDraw h = DrawAxis(rng, f);
  AxisDraw w = DrawAxis(rng, f);
  // Every eighth case has planes one element wide (1 -> 1 along W), which the
  // engine runs as planes one row high.
  while (k % 8 == 7 && (w.in != 1 || w.out != 1)) w = DrawAxis(rng, f);
  c.in_h = h.in, c.out_h = h.out, c.scales_h = h.scale;
  c.in_w = w.in, c.out_w = w.out, c.scales_w = w.scale;
  if (f.mode == Mode::kResize) c.resize_mode = rng.Int(0, 1) ? "bilinear" : "nearest";
  return c;
}

std::vector<std::string> AllFunctionNames() {
  std::vector<std::string> names;
  for (const FamilyFunction& f : FamilyFunctions()) names.push_back(f.name);
  return names;
}

std::vector<std::string> FunctionsTakingScales() {
  std::vector<std::string> names;
  for (const FamilyFunction& f : FamilyFunctions()) {
    if (TakesScales(f)) names.push_back(f.name);
  }
  return names;
}

std::string ParamName(const ::testing::TestParamInfo<std::string>& info) { return info.param; }

class FamilySemantics : public ::testing::TestWithParam<std::string> {};

// The kinds of case one draw covers (to show the generator reaches them all).
std::set<std::string> CaseKinds(const Case& c) {
  std::set<std::string> kinds = {std::string("format ") + FormatName(c.format),
                                 std::string("source ") + StorageName(c.src_storage),
                                 std::string("destination ") + StorageName(c.dst_storage)};
  if (c.f->align_corners) kinds.insert(c.align_corners ? "alignCorners" : "no alignCorners");
  if (c.f->mode == Mode::kResize) kinds.insert(std::string("mode ") + c.resize_mode);
  const struct {
    int64_t in, out;
    double scale;
  } axes[2] = {{c.in_h, c.out_h, c.scales_h}, {c.in_w, c.out_w, c.scales_w}};
  if (!OneD(*c.f) && c.in_w == 1 && c.out_w == 1) kinds.insert("planes one element wide");
  for (const auto& a : axes) {
    if (OneD(*c.f) && &a == &axes[0]) continue;  // H is 1 -> 1 by construction
    kinds.insert(a.out > a.in ? "up" : (a.out < a.in ? "down" : "same size"));
    if (a.in == 1) kinds.insert("input size 1");
    if (a.out == 1) kinds.insert("output size 1");
    if (!TakesScales(*c.f)) continue;
    if (std::isnan(a.scale)) {
      kinds.insert("scale NaN");
    } else if (a.scale == 0.0) {
      kinds.insert("scale absent");
    } else if (a.scale < 0.0) {
      kinds.insert("scale negative");
    } else if (std::floor(static_cast<double>(a.in) * a.scale) == static_cast<double>(a.out)) {
      kinds.insert("scale consistent");
      if (a.scale != static_cast<double>(a.out) / static_cast<double>(a.in)) {
        kinds.insert("scale consistent, not out / in");
      }
    } else {
      kinds.insert("scale inconsistent");
    }
  }
  return kinds;
}

std::set<std::string> ExpectedKinds(const FamilyFunction& f, aclDataType src) {
  std::set<std::string> kinds = {"up", "down", "same size", "input size 1", "output size 1"};
  if (f.spatial == 2) kinds.insert("planes one element wide");
  for (Storage s : {Storage::kContiguous, Storage::kChannelsLast, Storage::kPadded}) {
    kinds.insert(std::string("source ") + StorageName(s));
    kinds.insert(std::string("destination ") + StorageName(s));
  }
  for (size_t k = 0; k < f.formats.size(); ++k) {
    kinds.insert(std::string("format ") + FormatName(FormatFor(f, src, k)));
  }
  if (f.align_corners) kinds.insert({"alignCorners", "no alignCorners"});
  if (f.mode == Mode::kResize) kinds.insert({"mode nearest", "mode bilinear"});
  if (ScaleFixesSize(f)) {  // 0 and inconsistent scales are refused
    kinds.insert(
        {"scale NaN", "scale negative", "scale consistent", "scale consistent, not out / in"});
  } else if (TakesScales(f)) {
    kinds.insert({"scale NaN", "scale absent", "scale consistent", "scale inconsistent"});
    if (!RefusesNegativeScales(f)) kinds.insert("scale negative");
  }
  return kinds;
}

TEST_P(FamilySemantics, RandomCasesMatchTheReference) {
  const FamilyFunction& f = FindFamilyFunction(GetParam());
  Rng rng(SeedOf(f.name));
  int failures = 0;
  for (const auto& [src, dst] : DtypePairs(f)) {
    double worst = 0.0;
    int cases = 0;
    std::set<std::string> seen;
    for (size_t k = 0; k < kCasesPerDtype; ++k) {
      const Case c = DrawCase(rng, f, src, dst, k);
      const std::set<std::string> kinds = CaseKinds(c);
      seen.insert(kinds.begin(), kinds.end());
      const std::vector<int64_t> shape = c.SourceShape();
      const std::vector<double> values =
          RandomValues(rng, shape[0] * shape[1] * shape[2] * shape[3], src);
      const Verdict v = Check(c, Execute(c, values));
      ++cases;
      worst = std::max(worst, v.worst);
      if (!v.failure.empty() && ++failures <= 8) ADD_FAILURE() << "case " << k << ": " << v.failure;
    }
    for (const std::string& kind : ExpectedKinds(f, src)) {
      EXPECT_EQ(seen.count(kind), 1u) << f.name << " " << AnyDtypeName(src) << "->"
                                      << AnyDtypeName(dst) << ": no random case with " << kind;
    }
    std::printf("  %-36s %s->%s: %d cases, worst error/tolerance %.4g\n", f.name, AnyDtypeName(src),
                AnyDtypeName(dst), cases, worst);
  }
  EXPECT_EQ(failures, 0) << f.name << ": " << failures << " failing cases (the first 8 shown)";
}

INSTANTIATE_TEST_SUITE_P(, FamilySemantics, ::testing::ValuesIn(AllFunctionNames()), ParamName);

// ---- worked examples, with PyTorch 1.13's values -----------------------------

struct WorkedExample {
  const char* function;
  const char* pytorch;               // the call that printed `expected` (float64 input)
  int64_t in_h, in_w, out_h, out_w;  // forward sizes
  bool align_corners;
  double scales_h, scales_w;
  const char* resize_mode;
  std::vector<double> source;  // x, or the gradient of the output
  std::vector<double> expected;
};

const std::vector<double> kX23 = {1, 2, 3, 4, 5, 6};                                   // 2x3
const std::vector<double> kX22 = {1, 2, 3, 4};                                         // 2x2
const std::vector<double> kX44 = {0, 1, 2,  3,  4,  5,  6,  7,                         // 4x4: 0..15
                                  8, 9, 10, 11, 12, 13, 14, 15};                       //
const std::vector<double> kG44 = {1, 2,  3,  4,  5,  6,  7,  8,                        // 4x4: 1..16
                                  9, 10, 11, 12, 13, 14, 15, 16};                      //
const std::vector<double> kG33 = {1, 2, 3, 4, 5, 6, 7, 8, 9};                          // 3x3
const std::vector<double> kG35 = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};  // 3x5
const std::vector<double> kG46 = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12,      // 4x6
                                  13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24};
const std::vector<double> kL3 = {1, 2, 4};              // 1-D, L = 3
const std::vector<double> kL4 = {0, 1, 3, 6};           // L = 4
const std::vector<double> kL5 = {1, 2, 3, 4, 5};        // L = 5: 1..5
const std::vector<double> kL6 = {1, 2, 3, 4, 5, 6};     // L = 6: 1..6
const std::vector<double> kL7 = {1, 2, 3, 4, 5, 6, 7};  // L = 7: 1..7

// A 1-D example: (1, 1, L) tensors, the forward maps in_l to out_l; `scale`
// is the function's one scale (aclnnUpsampleLinear1d: -1 for PyTorch's None).
WorkedExample OneDExample(const char* function, const char* pytorch, int64_t in_l, int64_t out_l,
                          bool align_corners, double scale, std::vector<double> source,
                          std::vector<double> expected) {
  return {function,
          pytorch,
          1,
          in_l,
          1,
          out_l,
          align_corners,
          0.0,
          scale,
          "",
          std::move(source),
          std::move(expected)};
}

const std::vector<WorkedExample>& WorkedExamples() {
  static const std::vector<WorkedExample> examples = {
      // Each input element becomes a 2x2 block.
      {"aclnnUpsampleNearest2d",
       "torch.ops.aten.upsample_nearest2d(x, [4, 6], None, None)",
       2,
       3,
       4,
       6,
       false,
       0,
       0,
       "",
       kX23,
       {1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 4, 4, 5, 5, 6, 6}},
      // Rows: scale 2 -> floor(o * 0.5) = 0, 0, 1; columns: scale 0.5 ->
      // min(floor(o * 2), 2) = 0, 2, 2, 2 (the scales, not the sizes, decide).
      {"aclnnUpsampleNearest2dV2",
       "torch.ops.aten.upsample_nearest2d(x, [3, 4], 2.0, 0.5)",
       2,
       3,
       3,
       4,
       false,
       2.0,
       0.5,
       "",
       kX23,
       {1, 3, 3, 3, 1, 3, 3, 3, 4, 6, 6, 6}},
      // Sums of 2x2 blocks: 1 + 2 + 7 + 8 = 18, ...
      {"aclnnUpsampleNearest2dBackward",
       "torch.ops.aten.upsample_nearest2d_backward(g, [4, 6], [1, 1, 2, 3], None, None)",
       2,
       3,
       4,
       6,
       false,
       0,
       0,
       "",
       kG46,
       {18, 26, 34, 66, 74, 82}},
      // Same size: nearest_idx copies whatever the scale (the forward formula
      // with scale 2 would pick rows 0, 0, 1).
      {"aclnnUpsampleNearest2dBackward",
       "torch.ops.aten.upsample_nearest2d_backward(g, [3, 3], [1, 1, 3, 3], 2.0, 2.0)",
       3,
       3,
       3,
       3,
       false,
       2.0,
       2.0,
       "",
       kG33,
       {1, 2, 3, 4, 5, 6, 7, 8, 9}},
      // Rows: floor((o + 0.5) * 2/3) = 0, 1, 1; columns: floor((o + 0.5) * 0.6)
      // = 0, 0, 1, 2, 2.
      {"aclnnUpsampleNearestExact2d",
       "torch.ops.aten._upsample_nearest_exact2d(x, [3, 5], None, None)",
       2,
       3,
       3,
       5,
       false,
       0,
       0,
       "",
       kX23,
       {1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 4, 4, 5, 6, 6}},
      // The adjoint of the above: source (0, 0) gets 1 + 2 = 3, ...
      {"aclnnUpsampleNearestExact2dBackward",
       "torch.ops.aten._upsample_nearest_exact2d_backward(g, [3, 5], [1, 1, 2, 3], None, None)",
       2,
       3,
       3,
       5,
       false,
       0,
       0,
       "",
       kG35,
       {3, 3, 9, 36, 21, 48}},
      // Half-pixel centres: weights 1, 0.75/0.25, 0.25/0.75, 1 along each axis.
      {"aclnnUpsampleBilinear2d",
       "torch.ops.aten.upsample_bilinear2d(x, [4, 4], False, None, None)",
       2,
       2,
       4,
       4,
       false,
       0,
       0,
       "",
       kX22,
       {1.0, 1.25, 1.75, 2.0, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3.0, 3.25, 3.75, 4.0}},
      // Corners aligned: thirds.
      {"aclnnUpsampleBilinear2d",
       "torch.ops.aten.upsample_bilinear2d(x, [4, 4], True, None, None)",
       2,
       2,
       4,
       4,
       true,
       0,
       0,
       "",
       kX22,
       {1.0, 1.3333333333333335, 1.6666666666666665, 2.0, 1.6666666666666667, 2.0,
        2.333333333333333, 2.666666666666667, 2.333333333333333, 2.666666666666667, 3.0,
        3.333333333333333, 3.0, 3.3333333333333335, 3.6666666666666665, 4.0}},
      // 4 -> 2: each output averages the middle two of its four (src 0.5, 2.5).
      {"aclnnUpsampleBilinear2dBackward",
       "torch.ops.aten.upsample_bilinear2d_backward(g, [4, 4], [1, 1, 2, 2], False, None, None)",
       2,
       2,
       4,
       4,
       false,
       0,
       0,
       "",
       kG44,
       {16.5, 23.5, 44.5, 51.5}},
      {"aclnnUpsampleBilinear2dBackwardV2",
       "torch.ops.aten.upsample_bilinear2d_backward(g, [4, 4], [1, 1, 2, 2], True, None, None)",
       2,
       2,
       4,
       4,
       true,
       0,
       0,
       "",
       kG44,
       {17.333333333333332, 23.999999999999996, 44.0, 50.666666666666664}},
      // Triangle of support 2 around centre 1 (and 3): weights 3/7, 3/7, 1/7.
      {"aclnnUpsampleBilinear2dAA",
       "torch.ops.aten._upsample_bilinear2d_aa(x, [2, 2], False, None, None)",
       4,
       4,
       2,
       2,
       false,
       0,
       0,
       "",
       kX44,
       {3.5714285714285707, 5.142857142857142, 9.857142857142856, 11.428571428571427}},
      {"aclnnUpsampleBilinear2dAABackward",
       "torch.ops.aten._upsample_bilinear2d_aa_backward(g, [2, 2], [1, 1, 4, 4], False, None, "
       "None)",
       4,
       4,
       2,
       2,
       false,
       0,
       0,
       "",
       kX22,
       {0.18367346938775508, 0.3061224489795918, 0.42857142857142855, 0.36734693877551017,
        0.36734693877551017, 0.5714285714285714, 0.7346938775510203, 0.6122448979591836,
        0.6122448979591836, 0.8979591836734693, 1.0612244897959182, 0.8571428571428571,
        0.5510204081632653, 0.7959183673469387, 0.9183673469387754, 0.7346938775510203}},
      // src = 0.5: t = 0.5, weights -0.09375, 0.59375, 0.59375, -0.09375 on
      // indices 0..3 (the first clamped from -1 onto 0).
      {"aclnnUpsampleBicubic2d",
       "torch.ops.aten.upsample_bicubic2d(x, [2, 2], False, None, None)",
       4,
       4,
       2,
       2,
       false,
       0,
       0,
       "",
       kX44,
       {2.03125, 4.21875, 10.78125, 12.96875}},
      {"aclnnUpsampleBicubic2d",
       "torch.ops.aten.upsample_bicubic2d(x, [4, 4], True, None, None)",
       2,
       2,
       4,
       4,
       true,
       0,
       0,
       "",
       kX22,
       {1.0, 1.314814814814815, 1.685185185185185, 2.0, 1.6296296296296302, 1.944444444444445,
        2.314814814814815, 2.62962962962963, 2.37037037037037, 2.685185185185185,
        3.0555555555555545, 3.37037037037037, 3.0, 3.3148148148148153, 3.6851851851851842, 4.0}},
      {"aclnnUpsampleBicubic2dBackward",
       "torch.ops.aten.upsample_bicubic2d_backward(g, [2, 2], [1, 1, 4, 4], False, None, None)",
       4,
       4,
       2,
       2,
       false,
       0,
       0,
       "",
       kX22,
       {0.25, 0.203125, 0.546875, 0.5, 0.15625, 0.109375, 0.453125, 0.40625, 0.84375, 0.796875,
        1.140625, 1.09375, 0.75, 0.703125, 1.046875, 1.0}},
      // Same size on both axes: the whole gradient is copied whatever the
      // scales (the forward with these scales is not the identity).
      {"aclnnUpsampleBicubic2dBackward",
       "torch.ops.aten.upsample_bicubic2d_backward(g, [3, 3], [1, 1, 3, 3], False, 2.0, 2.0)",
       3,
       3,
       3,
       3,
       false,
       2.0,
       2.0,
       "",
       kG33,
       {1, 2, 3, 4, 5, 6, 7, 8, 9}},
      {"aclnnUpsampleBicubic2d",
       "torch.ops.aten.upsample_bicubic2d(x, [3, 3], False, 2.0, 2.0)",
       3,
       3,
       3,
       3,
       false,
       2.0,
       2.0,
       "",
       kG33,
       {0.578125, 0.875, 1.3515625, 1.46875, 1.765625, 2.2421875, 2.8984375, 3.1953125, 3.671875}},
      {"aclnnResize",
       "torch.ops.aten.upsample_nearest2d(x, [4, 6], 2.0, 2.0)",
       2,
       3,
       4,
       6,
       false,
       2.0,
       2.0,
       "nearest",
       kX23,
       {1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 4, 4, 5, 5, 6, 6}},
      // ---- 1-D (float64 inputs; the functions run in FLOAT) ----
      // Legacy nearest: floorf(o * 5/8) = 0, 0, 1, 1, 2, 3, 3, 4.
      OneDExample("aclnnUpsampleNearest1d", "torch.ops.aten.upsample_nearest1d(x, [8], None)", 5, 8,
                  false, 0, kL5, {1, 1, 2, 2, 3, 4, 4, 5}),
      OneDExample("aclnnUpsampleNearest1d", "torch.ops.aten.upsample_nearest1d(x, [3], None)", 5, 3,
                  false, 0, kL5, {1, 2, 4}),
      // The scale, not the sizes: floorf(o * 2) = 0, 2, 4, 6 -> 4.
      OneDExample("aclnnUpsampleNearest1dV2", "torch.ops.aten.upsample_nearest1d(x, [4], 0.5)", 5,
                  4, false, 0.5, kL5, {1, 3, 5, 5}),
      OneDExample("aclnnUpsampleNearest1dV2", "torch.ops.aten.upsample_nearest1d(x, [7], 1.2)", 5,
                  7, false, 1.2, kL5, {1, 1, 2, 3, 4, 5, 5}),
      // Same size: the forward has no copy shortcut (floorf(o * 0.5)).
      OneDExample("aclnnUpsampleNearest1dV2", "torch.ops.aten.upsample_nearest1d(x, [5], 2.0)", 5,
                  5, false, 2.0, kL5, {1, 1, 2, 2, 3}),
      // out = 2 * in: nearest_idx's shift, pairs summed.
      OneDExample("aclnnUpsampleNearest1dBackward",
                  "torch.ops.aten.upsample_nearest1d_backward(g, [6], [1, 1, 3], None)", 3, 6,
                  false, 0, kL6, {3, 7, 11}),
      // floorf(o * 0.5) = 0, 0, 1, 1, 2.
      OneDExample("aclnnUpsampleNearest1dBackward",
                  "torch.ops.aten.upsample_nearest1d_backward(g, [5], [1, 1, 3], 2.0)", 3, 5, false,
                  2.0, kL5, {3, 7, 5}),
      // Same size: nearest_idx copies whatever the scale.
      OneDExample("aclnnUpsampleNearest1dBackward",
                  "torch.ops.aten.upsample_nearest1d_backward(g, [5], [1, 1, 5], 2.0)", 5, 5, false,
                  2.0, kL5, {1, 2, 3, 4, 5}),
      // floorf((o + 0.5) * 0.6) = 0, 0, 1, 2, 2.
      OneDExample("aclnnUpsampleNearestExact1d",
                  "torch.ops.aten._upsample_nearest_exact1d(x, [5], None)", 3, 5, false, 0, kL3,
                  {1, 1, 2, 4, 4}),
      // floorf((o + 0.5) * 2) = 1, 3, 5 -> 4, 7 -> 4.
      OneDExample("aclnnUpsampleNearestExact1d",
                  "torch.ops.aten._upsample_nearest_exact1d(x, [4], 0.5)", 5, 4, false, 0.5, kL5,
                  {2, 4, 5, 5}),
      OneDExample("aclnnUpsampleNearestExact1dBackward",
                  "torch.ops.aten._upsample_nearest_exact1d_backward(g, [5], [1, 1, 3], None)", 3,
                  5, false, 0, kL5, {3, 3, 9}),
      // Down: floorf((o + 0.5) * 5/7) = 0, 1, 1, 2, 3, 3, 4.
      OneDExample("aclnnUpsampleNearestExact1dBackward",
                  "torch.ops.aten._upsample_nearest_exact1d_backward(g, [7], [1, 1, 5], None)", 5,
                  7, false, 0, kL7, {1, 5, 4, 11, 7}),
      OneDExample("aclnnUpsampleLinear1d", "torch.ops.aten.upsample_linear1d(x, [5], False, None)",
                  3, 5, false, -1.0, kL3, {1.0, 1.4, 2.0, 3.1999999999999997, 4.0}),
      OneDExample("aclnnUpsampleLinear1d", "torch.ops.aten.upsample_linear1d(x, [5], True, None)",
                  3, 5, true, -1.0, kL3, {1.0, 1.5, 2.0, 3.0, 4.0}),
      // trunc(3 * 2.5) = 7; the step is 1 / 2.5, not 3 / 7.
      OneDExample("aclnnUpsampleLinear1d", "torch.ops.aten.upsample_linear1d(x, [7], False, 2.5)",
                  3, 7, false, 2.5, kL3,
                  {1.0, 1.1, 1.5, 1.9000000000000001, 2.6, 3.4000000000000004, 4.0}),
      OneDExample("aclnnUpsampleLinear1d", "torch.ops.aten.upsample_linear1d(x, [3], False, None)",
                  4, 3, false, -1.0, kL4, {0.16666666666666663, 2.0, 5.499999999999999}),
      OneDExample("aclnnUpsampleLinear1dBackward",
                  "torch.ops.aten.upsample_linear1d_backward(g, [5], [1, 1, 3], False, None)", 3, 5,
                  false, 0, kL5, {2.2, 5.4, 7.399999999999999}),
      OneDExample("aclnnUpsampleLinear1dBackward",
                  "torch.ops.aten.upsample_linear1d_backward(g, [5], [1, 1, 3], True, None)", 3, 5,
                  true, 0, kL5, {2.0, 6.0, 7.0}),
      OneDExample("aclnnUpsampleLinear1dBackward",
                  "torch.ops.aten.upsample_linear1d_backward(g, [7], [1, 1, 3], False, 2.5)", 3, 7,
                  false, 2.5, kL7, {4.699999999999999, 10.6, 12.700000000000001}),
      OneDExample("aclnnUpsampleLinear1dBackward",
                  "torch.ops.aten.upsample_linear1d_backward(g, [6], [1, 1, 4], False, None)", 4, 6,
                  false, 0, kL6, {2.0, 4.166666666666668, 6.333333333333332, 8.5}),
      {"aclnnResize",
       "torch.ops.aten.upsample_bilinear2d(x, [4, 4], False, 2.0, 2.0)",
       2,
       2,
       4,
       4,
       false,
       2.0,
       2.0,
       "bilinear",
       kX22,
       {1.0, 1.25, 1.75, 2.0, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3.0, 3.25, 3.75, 4.0}},
  };
  return examples;
}

TEST_P(FamilySemantics, WorkedExamplesGivePyTorchsValues) {
  const FamilyFunction& f = FindFamilyFunction(GetParam());
  int seen = 0;
  for (const WorkedExample& e : WorkedExamples()) {
    if (GetParam() != e.function) continue;
    ++seen;
    Case c;
    c.f = &f;
    c.in_h = e.in_h, c.in_w = e.in_w, c.out_h = e.out_h, c.out_w = e.out_w;
    c.align_corners = e.align_corners;
    c.scales_h = e.scales_h, c.scales_w = e.scales_w;
    if (f.mode == Mode::kResize) c.resize_mode = e.resize_mode;
    if (OneD(f)) c.format = f.formats.front();
    const std::string what = c.Describe() + " vs " + e.pytorch;
    // The reference alone reproduces PyTorch's float64 values.
    const std::vector<double> ref = RefRun(c.Problem(), e.source);
    ASSERT_EQ(ref.size(), e.expected.size()) << what;
    double max_ref = 0.0;
    for (double v : e.expected) max_ref = std::max(max_ref, std::fabs(v));
    for (size_t i = 0; i < ref.size(); ++i) {
      EXPECT_LE(std::fabs(ref[i] - e.expected[i]), 1e-12 * (std::fabs(e.expected[i]) + max_ref))
          << "reference, " << what << " element " << i;
    }
    // The function, in FLOAT, on each storage layout (1-D: in each format).
    const std::vector<aclFormat> formats =
        OneD(f) ? f.formats : std::vector<aclFormat>{ACL_FORMAT_NCHW};
    for (aclFormat format : formats) {
      c.format = format;
      for (Storage s : {Storage::kContiguous, Storage::kChannelsLast, Storage::kPadded}) {
        c.src_storage = c.dst_storage = s;
        const CaseRun run = Execute(c, e.source);
        ASSERT_EQ(run.result.phase1, ACLNN_SUCCESS) << what << ": " << run.result.message;
        ASSERT_EQ(run.result.phase2, ACLNN_SUCCESS) << what << ": " << run.result.message;
        ASSERT_EQ(run.destination_values.size(), e.expected.size()) << what;
        for (size_t i = 0; i < e.expected.size(); ++i) {
          EXPECT_LE(ErrorRatio(run.destination_values[i], e.expected[i], max_ref, ACL_FLOAT), 1.0)
              << what << " format " << FormatName(format) << " storage " << StorageName(s)
              << " element " << i << ": got " << run.destination_values[i] << ", PyTorch "
              << e.expected[i];
        }
        const Verdict v = Check(c, run);
        EXPECT_TRUE(v.failure.empty()) << v.failure;
      }
    }
  }
  EXPECT_GT(seen, 0) << "no worked example for " << GetParam();
}

// ---- negative scales --------------------------------------------------------

class FamilyScales : public ::testing::TestWithParam<std::string> {};

// The 1-D functions: the one scale negative (and -inf), on a down and an up
// problem in each format. Where not refused, the bytes equal those of the
// same call with the scale not given (0; -1 for aclnnUpsampleLinear1d).
void CheckNegativeOneDScales(const FamilyFunction& f) {
  Rng rng(SeedOf(f.name) + 1);
  const struct {
    double scale;
    const char* text;  // as the message writes it
  } negatives[] = {{-1.0, "-1"},
                   {-2.5, "-2.5"},
                   {-0.5, "-0.5"},
                   {-std::numeric_limits<double>::infinity(), "-inf"}};
  const int64_t sizes[][2] = {{7, 3}, {5, 12}};
  size_t k = 0;
  for (const auto& s : negatives) {
    for (const auto& size : sizes) {
      Case c;
      c.f = &f;
      c.n = 2, c.c = 3, c.in_w = size[0], c.out_w = size[1];
      c.format = f.formats[k % f.formats.size()];
      c.align_corners = f.align_corners && k % 3 == 1;
      c.src_storage = Storage::kPadded, c.dst_storage = Storage::kChannelsLast;
      c.scales_w = s.scale;
      ++k;
      const std::vector<double> values =
          RandomValues(rng, 2 * 3 * (f.backward ? size[1] : size[0]), ACL_FLOAT);
      const CaseRun run = Execute(c, values);
      ASSERT_TRUE(run.made) << c.Describe();
      if (RefusesNegativeScales(f)) {
        EXPECT_EQ(run.result.phase1, ACLNN_ERR_PARAM_INVALID) << c.Describe();
        const std::string needle = std::string("scales=") + s.text + " must not be negative";
        EXPECT_NE(run.result.message.find(needle), std::string::npos)
            << c.Describe() << ": \"" << run.result.message << "\" lacks \"" << needle << "\"";
        for (unsigned char b : run.destination_bytes) {
          ASSERT_EQ(b, kFamilySentinel) << c.Describe() << ": a refused call wrote";
        }
        EXPECT_TRUE(run.destination_sentinels && run.source_sentinels) << c.Describe();
        continue;
      }
      const Verdict v = Check(c, run);
      EXPECT_TRUE(v.failure.empty()) << v.failure;
      Case unset = c;
      unset.scales_w = UnsetScale(f);
      const CaseRun reference = Execute(unset, values);
      EXPECT_EQ(reference.result.phase2, ACLNN_SUCCESS) << unset.Describe();
      EXPECT_EQ(run.destination_bytes, reference.destination_bytes)
          << c.Describe() << ": differs from the scale not given (" << UnsetScale(f) << ")";
    }
  }
}

TEST_P(FamilyScales, NegativeScalesAreRefusedOrMeanNotGiven) {
  const FamilyFunction& f = FindFamilyFunction(GetParam());
  if (OneD(f)) {
    CheckNegativeOneDScales(f);
    return;
  }
  Rng rng(SeedOf(f.name) + 1);
  const double negatives[][2] = {{-1.0, 0.0}, {0.0, -2.5}, {-0.5, -3.0}};
  for (const auto& s : negatives) {
    Case c;
    c.f = &f;
    c.n = 2, c.c = 3, c.in_h = 5, c.in_w = 7, c.out_h = 10, c.out_w = 3;
    c.format = f.formats.back();
    c.src_storage = Storage::kPadded, c.dst_storage = Storage::kChannelsLast;
    c.scales_h = s[0], c.scales_w = s[1];
    const std::vector<double> values = RandomValues(rng, 2 * 3 * (f.backward ? 30 : 35), ACL_FLOAT);
    const CaseRun run = Execute(c, values);
    ASSERT_TRUE(run.made) << c.Describe();
    if (RefusesNegativeScales(f)) {
      EXPECT_EQ(run.result.phase1, ACLNN_ERR_PARAM_INVALID) << c.Describe();
      EXPECT_NE(run.result.message.find("negative"), std::string::npos)
          << c.Describe() << ": " << run.result.message;
      // Nothing written: the destination still holds its sentinel bytes.
      for (unsigned char b : run.destination_bytes) {
        ASSERT_EQ(b, kFamilySentinel) << c.Describe() << ": a refused call wrote";
      }
      EXPECT_TRUE(run.destination_sentinels && run.source_sentinels) << c.Describe();
    } else {
      // Not given: the reference uses the sizes (RefScaleGiven(-x) is false).
      const Verdict v = Check(c, run);
      EXPECT_TRUE(v.failure.empty()) << v.failure;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(, FamilyScales, ::testing::ValuesIn(FunctionsTakingScales()), ParamName);

// ---- determinism ------------------------------------------------------------

struct ThreadCountGuard {
  int saved = GetNumThreads();
  ~ThreadCountGuard() { SetNumThreads(saved); }
};

// PyTorch 1.13 computes a nearest forward's source index in the tensor's
// type: 84 -> 72 maps output 54 to input floor(54 * 84/72) = 63 in double, but
// floorf(54 * 1.1666666f) = 62 in float32 (torch.ops.aten.upsample_nearest2d
// on torch.arange(84.) as float64 and as float32).
TEST(FamilyNearest, DoubleTensorsComputeTheIndexInDouble) {
  const FamilyFunction& f = FindFamilyFunction("aclnnUpsampleNearest2d");
  for (aclDataType dtype : {ACL_DOUBLE, ACL_FLOAT}) {
    AnyTensor src, dst;
    MakeAnyTensor(&src, {1, 2, 1, 84}, dtype, ACL_FORMAT_NCHW, Storage::kContiguous);
    MakeAnyTensor(&dst, {1, 2, 1, 72}, dtype, ACL_FORMAT_NCHW, Storage::kContiguous);
    std::vector<double> ramp(168);
    for (size_t i = 0; i < ramp.size(); ++i) ramp[i] = static_cast<double>(i % 84);
    WriteAny(&src, ramp);
    const int64_t size[2] = {1, 72};
    aclIntArray* osz = aclCreateIntArray(size, 2);
    FamilyArgs args;
    args.source = src.tensor;
    args.destination = dst.tensor;
    args.output_size = osz;
    const FamilyResult r = CallFamily(f, args);
    aclDestroyIntArray(osz);
    ASSERT_EQ(r.phase2, ACLNN_SUCCESS) << r.message;
    const std::vector<double> got = ReadAny(dst);
    EXPECT_EQ(got[54], dtype == ACL_DOUBLE ? 63.0 : 62.0) << AnyDtypeName(dtype);
    EXPECT_EQ(got[72 + 54], got[54]);
  }
}

// The same in 1-D: aclnnUpsampleNearest1d and Nearest1dV2 (scale not given)
// compute a DOUBLE tensor's index in double, output 54 of 84 -> 72 copies
// input 63 (62 in FLOAT); aclnnUpsampleNearest1dBackward's nearest_idx stays
// in float for DOUBLE too: the gradient of output 54 lands on input 62 (PyTorch
// 1.13: upsample_nearest1d(_backward) on float64 and float32 tensors).
TEST(FamilyNearest, OneDDoubleTensorsComputeTheForwardIndexInDouble) {
  for (const char* name :
       {"aclnnUpsampleNearest1d", "aclnnUpsampleNearest1dV2", "aclnnUpsampleNearest1dBackward"}) {
    const FamilyFunction& f = FindFamilyFunction(name);
    for (aclDataType dtype : {ACL_DOUBLE, ACL_FLOAT}) {
      SCOPED_TRACE(std::string(name) + " " + AnyDtypeName(dtype));
      AnyTensor src, dst;
      MakeAnyTensor(&src, {1, 2, 1, f.backward ? 72 : 84}, dtype, ACL_FORMAT_NCL,
                    Storage::kContiguous, true);
      MakeAnyTensor(&dst, {1, 2, 1, f.backward ? 84 : 72}, dtype, ACL_FORMAT_NCL, Storage::kPadded,
                    true);
      std::vector<double> values(static_cast<size_t>(src.Count()), 0.0);
      if (f.backward) {
        values[54] = values[72 + 54] = 1.0;  // one-hot gradient at output 54
      } else {
        for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i % 84);
      }
      WriteAny(&src, values);
      const int64_t out_size[1] = {72};
      const int64_t in_size[3] = {1, 2, 84};
      aclIntArray* osz = aclCreateIntArray(out_size, 1);
      aclIntArray* isz = aclCreateIntArray(in_size, 3);
      FamilyArgs args;
      args.source = src.tensor;
      args.destination = dst.tensor;
      args.output_size = osz;
      args.input_size = isz;
      const FamilyResult r = CallFamily(f, args);
      aclDestroyIntArray(osz);
      aclDestroyIntArray(isz);
      ASSERT_EQ(r.phase2, ACLNN_SUCCESS) << r.message;
      const std::vector<double> got = ReadAny(dst);
      if (f.backward) {
        for (size_t i = 0; i < got.size(); ++i) {
          EXPECT_EQ(got[i], i % 84 == 62 ? 1.0 : 0.0) << "input " << i;
        }
      } else {
        EXPECT_EQ(got[54], dtype == ACL_DOUBLE ? 63.0 : 62.0);
        EXPECT_EQ(got[72 + 54], got[54]);
      }
      EXPECT_TRUE(AnySentinelsIntact(dst));
    }
  }
}

// aclnnUpsampleLinear1d's scale rule in results: a consistent scale is used
// (the step is 1 / scale, not in / out), a negative or NaN one means "not
// given", and 0 or an inconsistent one is refused before anything is written.
// The other 1-D functions read 0 as "not given" (aclnnUpsampleLinear1dBackward
// here).
TEST(FamilyLinear1d, ScaleRuleInResults) {
  const FamilyFunction& f = FindFamilyFunction("aclnnUpsampleLinear1d");
  Rng rng(SeedOf("ScaleRuleInResults"));
  for (bool align : {false, true}) {
    Case c;
    c.f = &f;
    c.format = align ? ACL_FORMAT_ND : ACL_FORMAT_NCL;
    c.n = 2, c.c = 3, c.in_w = 3, c.out_w = 7;
    c.align_corners = align;
    c.src_storage = Storage::kPadded, c.dst_storage = Storage::kPadded;
    const std::vector<double> values = RandomValues(rng, 2 * 3 * 3, ACL_FLOAT);
    auto run_with = [&](double scale) {
      Case k = c;
      k.scales_w = scale;
      return std::make_pair(k, Execute(k, values));
    };
    const auto [unset_case, unset] = run_with(-1.0);
    ASSERT_EQ(unset.result.phase2, ACLNN_SUCCESS) << unset.result.message;
    EXPECT_TRUE(Check(unset_case, unset).failure.empty()) << Check(unset_case, unset).failure;
    // trunc(3 * s) = 7: used (align_corners ignores it).
    for (double s : {2.5, 2.34, 2.66}) {
      const auto [k, run] = run_with(s);
      ASSERT_EQ(run.result.phase2, ACLNN_SUCCESS) << k.Describe() << ": " << run.result.message;
      const Verdict v = Check(k, run);
      EXPECT_TRUE(v.failure.empty()) << v.failure;
      if (align) {
        EXPECT_EQ(run.destination_bytes, unset.destination_bytes) << k.Describe();
      } else {
        EXPECT_NE(run.destination_bytes, unset.destination_bytes)
            << k.Describe() << ": the scale was not used";
      }
    }
    // Not given.
    for (double s : {-0.5, -1e300, -std::numeric_limits<double>::infinity(),
                     std::numeric_limits<double>::quiet_NaN()}) {
      const auto [k, run] = run_with(s);
      ASSERT_EQ(run.result.phase2, ACLNN_SUCCESS) << k.Describe() << ": " << run.result.message;
      EXPECT_EQ(run.destination_bytes, unset.destination_bytes) << k.Describe();
    }
    // Refused: trunc(3 * s) != 7.
    for (double s :
         {0.0, 2.0, 2.3, 3.0, 7.0 / 3.0 * 1.2, std::numeric_limits<double>::infinity()}) {
      const auto [k, run] = run_with(s);
      EXPECT_EQ(run.result.phase1, ACLNN_ERR_PARAM_INVALID) << k.Describe();
      for (unsigned char b : run.destination_bytes) {
        ASSERT_EQ(b, kFamilySentinel) << k.Describe() << ": a refused call wrote";
      }
    }
  }
  // aclnnUpsampleLinear1dBackward: 0 is "not given", like a negative scale,
  // and an inconsistent scale is used.
  const FamilyFunction& b = FindFamilyFunction("aclnnUpsampleLinear1dBackward");
  Case c;
  c.f = &b;
  c.format = ACL_FORMAT_NCL;
  c.n = 2, c.c = 3, c.in_w = 3, c.out_w = 7;
  const std::vector<double> values = RandomValues(rng, 2 * 3 * 7, ACL_FLOAT);
  std::vector<unsigned char> first;
  for (double s : {0.0, -1.0, 2.5}) {
    c.scales_w = s;
    const CaseRun run = Execute(c, values);
    const Verdict v = Check(c, run);
    EXPECT_TRUE(v.failure.empty()) << v.failure;
    if (s == 0.0) {
      first = run.destination_bytes;
    } else if (s < 0.0) {
      EXPECT_EQ(run.destination_bytes, first) << c.Describe();
    } else {
      EXPECT_NE(run.destination_bytes, first) << c.Describe();
    }
  }
}

TEST_P(FamilySemantics, ThreadCountDoesNotChangeTheBytes) {
  const FamilyFunction& f = FindFamilyFunction(GetParam());
  const ThreadCountGuard guard;
  Rng rng(SeedOf(f.name) + 2);
  size_t k = 0;
  for (const auto& [src, dst] : DtypePairs(f)) {
    Case c;
    c.f = &f;
    c.src_dtype = src, c.dst_dtype = dst;
    c.format = FormatFor(f, src, k++);
    c.src_storage = Storage::kPadded, c.dst_storage = Storage::kChannelsLast;
    c.n = 2, c.c = 3, c.in_h = 37, c.in_w = 29, c.out_h = 53, c.out_w = 17;
    if (f.mode == Mode::kResize) {  // 37 * 1.5 = 55.5, 29 * 0.6 = 17.4
      c.out_h = 55, c.scales_h = 1.5, c.scales_w = static_cast<double>(0.6f);
      c.resize_mode = k % 2 ? "bilinear" : "nearest";
    }
    if (OneD(f)) {  // (N, C, L) with long rows; every other dtype with a consistent scale
      c.n = 4, c.c = 8, c.in_h = c.out_h = 1, c.in_w = 157, c.out_w = 233;
      c.align_corners = f.align_corners && k % 2 == 1;
      c.scales_w = UnsetScale(f);
      if (TakesScales(f) && k % 2 == 0) c.scales_w = 233.5 / 157.0;  // trunc(157 s) = 233
      if (f.scales == Scales::kFloat) c.scales_w = static_cast<float>(c.scales_w);
    }
    const std::vector<int64_t> shape = c.SourceShape();
    const std::vector<double> values =
        RandomValues(rng, shape[0] * shape[1] * shape[2] * shape[3], src);
    std::vector<unsigned char> first;
    for (int threads : {1, 2, 3, 8}) {
      SetNumThreads(threads);
      ASSERT_EQ(GetNumThreads(), threads);
      const CaseRun run = Execute(c, values);
      const Verdict v = Check(c, run);
      ASSERT_TRUE(v.failure.empty()) << threads << " threads: " << v.failure;
      if (threads == 1) {
        first = run.destination_bytes;
      } else {
        size_t at = 0;
        while (at < first.size() && first[at] == run.destination_bytes[at]) ++at;
        EXPECT_EQ(at, first.size())
            << c.Describe() << ": " << threads << " threads differ from 1 thread at destination "
            << NchwIndex(c.DestinationShape(),
                         static_cast<int64_t>(at / ElementBytes(c.dst_dtype)));
      }
    }
  }
}

}  // namespace
}  // namespace aclnn_host::testing
