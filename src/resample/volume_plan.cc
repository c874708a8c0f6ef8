#include "resample/volume_plan.h"

#include <algorithm>

namespace aclnn_host::resample {
namespace {

constexpr uint64_t kAlign = 64;

uint64_t AlignUp(uint64_t v) { return (v + kAlign - 1) / kAlign * kAlign; }

bool IsNearest(Filter f) { return f == Filter::kNearest || f == Filter::kNearestExact; }

// A 4-D engine view over part of a 5-D one: dims[k] of the volume, in order.
template <typename Volume>
TensorView Pick(const Volume& v, int64_t n, const int (&dims)[4]) {
  TensorView t;
  t.dtype = v.dtype;
  // Element (n, 0, 0, 0, 0): inside the view the checks validated.
  t.data = static_cast<const char*>(v.data) +
           n * v.strides[0] * static_cast<int64_t>(DataTypeSize(v.dtype));
  for (int k = 0; k < 4; ++k) {
    t.shape[k] = v.shape[dims[k]];
    t.strides[k] = v.strides[dims[k]];
  }
  return t;
}

MutableTensorView Mutable(const TensorView& t) {
  MutableTensorView m;
  m.data = const_cast<void*>(t.data);
  m.dtype = t.dtype;
  for (int k = 0; k < 4; ++k) {
    m.shape[k] = t.shape[k];
    m.strides[k] = t.strides[k];
  }
  return m;
}

}  // namespace

std::unique_ptr<VolumePlan> VolumePlan::Create(const VolumeProblem& p, const ViewLayout& source,
                                               const ViewLayout& destination, int threads,
                                               std::string* error) {
  std::unique_ptr<VolumePlan> plan(new VolumePlan());
  plan->problem_ = p;
  const bool backward = p.direction == Direction::kBackward;
  // Source and destination extents (D, H, W).
  const int64_t sd = backward ? p.out_d : p.in_d, sh = backward ? p.out_h : p.in_h,
                sw = backward ? p.out_w : p.in_w;
  const int64_t dd = backward ? p.in_d : p.out_d, dh = backward ? p.in_h : p.out_h,
                dw = backward ? p.in_w : p.out_w;
  // The smaller intermediate first: (sd, dh, dw) after the H/W pass, or
  // (dd, sh, sw) after the depth pass.
  const double hw_first =
      static_cast<double>(sd) * static_cast<double>(dh) * static_cast<double>(dw);
  const double d_first =
      static_cast<double>(dd) * static_cast<double>(sh) * static_cast<double>(sw);
  plan->depth_first_ = d_first < hw_first;
  plan->mid_d_ = plan->depth_first_ ? dd : sd;
  plan->mid_h_ = plan->depth_first_ ? sh : dh;
  plan->mid_w_ = plan->depth_first_ ? sw : dw;
  plan->middle_ = (IsNearest(p.filter) && !backward)   ? source.dtype
                  : source.dtype == DataType::kFloat64 ? DataType::kFloat64
                                                       : DataType::kFloat32;
  // The H/W pass over the depth slices of one batch element: (C, D, H, W).
  const ResampleProblem hw{p.channels,      plan->depth_first_ ? dd : sd,
                           p.out_h,         p.out_w,
                           p.in_h,          p.in_w,
                           p.align_corners, p.scales_h,
                           p.scales_w,      p.direction,
                           p.filter};
  // The depth pass: (C, H, D, W), D as the "height" axis, W a copy.
  const int64_t rows = plan->depth_first_ ? sh : dh, width = plan->depth_first_ ? sw : dw;
  const ResampleProblem depth{p.channels,      rows,       p.out_d, width,       p.in_d,  width,
                              p.align_corners, p.scales_d, 0.0,     p.direction, p.filter};
  const ResampleProblem& first = plan->depth_first_ ? depth : hw;
  const ResampleProblem& second = plan->depth_first_ ? hw : depth;
  const ViewLayout middle{plan->middle_, 1};
  auto make = [&](const ResampleProblem& q, const ViewLayout& a, const ViewLayout& b) {
    return ResamplePlan::Create(
        q, a, b, ResamplePlan::DefaultPartition(q, a.dtype, b.dtype, threads), error);
  };
  plan->first_ = make(first, source, middle);
  plan->second_ = make(second, middle, destination);
  if (!plan->first_ || !plan->second_) return nullptr;
  plan->middle_bytes_ = static_cast<uint64_t>(p.channels) * static_cast<uint64_t>(plan->mid_d_) *
                        static_cast<uint64_t>(plan->mid_h_) * static_cast<uint64_t>(plan->mid_w_) *
                        DataTypeSize(plan->middle_);
  plan->scratch_bytes_ = kAlign + AlignUp(plan->middle_bytes_) +
                         std::max(plan->first_->scratch_bytes(), plan->second_->scratch_bytes());
  return plan;
}

void VolumePlan::Run(const VolumeView& source, const MutableVolumeView& destination,
                     void* scratch) const {
  const uintptr_t raw = reinterpret_cast<uintptr_t>(scratch);
  char* base = reinterpret_cast<char*>((raw + kAlign - 1) / kAlign * kAlign);
  char* plans = base + AlignUp(middle_bytes_);
  // The intermediate of one batch element, (C, mid_d, mid_h, mid_w) contiguous.
  VolumeView middle;
  middle.data = base;
  middle.dtype = middle_;
  const int64_t c = problem_.channels;
  const int64_t dims[5] = {1, c, mid_d_, mid_h_, mid_w_};
  middle.strides[4] = 1;
  middle.strides[3] = mid_w_;
  middle.strides[2] = mid_h_ * mid_w_;
  middle.strides[1] = mid_d_ * mid_h_ * mid_w_;
  middle.strides[0] = c * middle.strides[1];
  for (int k = 0; k < 5; ++k) middle.shape[k] = dims[k];
  // (C, D, H, W) and (C, H, D, W) views of a volume.
  static constexpr int kSlices[4] = {1, 2, 3, 4};
  static constexpr int kDepthRows[4] = {1, 3, 2, 4};
  for (int64_t n = 0; n < source.shape[0]; ++n) {
    if (depth_first_) {
      first_->Run(Pick(source, n, kDepthRows), Mutable(Pick(middle, 0, kDepthRows)), plans);
      second_->Run(Pick(middle, 0, kSlices), Mutable(Pick(destination, n, kSlices)), plans);
    } else {
      first_->Run(Pick(source, n, kSlices), Mutable(Pick(middle, 0, kSlices)), plans);
      second_->Run(Pick(middle, 0, kDepthRows), Mutable(Pick(destination, n, kDepthRows)), plans);
    }
  }
}

}  // namespace aclnn_host::resample
