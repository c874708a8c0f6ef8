#include "resample/volume_plan.h"

#include <algorithm>
#include <cstring>

#include "resample/thread_pool.h"

namespace aclnn_host::resample {
namespace {

constexpr uint64_t kAlign = 64;

uint64_t AlignUp(uint64_t v) { return (v + kAlign - 1) / kAlign * kAlign; }

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
  if (IsNearest(p.filter) && !backward) {
    // A gather of whole elements: one pass, bit for bit, no workspace.
    if (source.dtype != destination.dtype) {
      if (error) *error = "a nearest copy needs the same dtype on both sides";
      return nullptr;
    }
    const bool double_index = source.dtype == DataType::kFloat64;
    auto index = [&](int64_t in, int64_t out, double scale, std::vector<int64_t>* to) {
      const AxisWeights w =
          ComputeAxisWeights(AxisRule{p.filter, in, out, false, scale, false, false, double_index});
      *to = w.first;
    };
    index(p.in_d, p.out_d, p.scales_d, &plan->index_d_);
    index(p.in_h, p.out_h, p.scales_h, &plan->index_h_);
    index(p.in_w, p.out_w, p.scales_w, &plan->index_w_);
    plan->same_w_ = plan->index_w_.size() == static_cast<size_t>(p.in_w);
    for (size_t x = 0; plan->same_w_ && x < plan->index_w_.size(); ++x) {
      plan->same_w_ = plan->index_w_[x] == static_cast<int64_t>(x);
    }
    plan->direct_copy_ = true;
    plan->threads_ = std::max(1, threads);
    return plan;
  }
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

namespace {

template <typename T>
void CopyVolumeRows(const VolumeView& src, const MutableVolumeView& dst,
                    const std::vector<int64_t>& index_d, const std::vector<int64_t>& index_h,
                    const std::vector<int64_t>& index_w, bool same_w, int64_t begin, int64_t end) {
  const int64_t rows_d = dst.shape[2], rows_h = dst.shape[3], cols = dst.shape[4];
  const int64_t ss = src.strides[4], ds = dst.strides[4];
  for (int64_t r = begin; r < end; ++r) {
    // Row r = ((n * C + c) * D + d) * H + h of the destination.
    const int64_t h = r % rows_h, d = (r / rows_h) % rows_d, nc = r / (rows_h * rows_d);
    const int64_t n = nc / dst.shape[1], c = nc % dst.shape[1];
    const T* s = static_cast<const T*>(src.data) + n * src.strides[0] + c * src.strides[1] +
                 index_d[static_cast<size_t>(d)] * src.strides[2] +
                 index_h[static_cast<size_t>(h)] * src.strides[3];
    T* o = static_cast<T*>(dst.data) + n * dst.strides[0] + c * dst.strides[1] +
           d * dst.strides[2] + h * dst.strides[3];
    if (same_w && ss == 1 && ds == 1) {
      std::memcpy(o, s, static_cast<size_t>(cols) * sizeof(T));
    } else {
      for (int64_t x = 0; x < cols; ++x) o[x * ds] = s[index_w[static_cast<size_t>(x)] * ss];
    }
  }
}

}  // namespace

void VolumePlan::Run(const VolumeView& source, const MutableVolumeView& destination,
                     void* scratch) const {
  if (direct_copy_) {
    // Units of consecutive destination rows; which thread takes which does
    // not matter (each row is written once).
    const int64_t rows =
        destination.shape[0] * destination.shape[1] * destination.shape[2] * destination.shape[3];
    const int64_t units = std::min<int64_t>(rows, int64_t{4} * threads_ + 4);
    ThreadPool::Global().ParallelFor(units, threads_, [&](int64_t k, int) {
      const int64_t begin = rows / units * k + std::min(k, rows % units);
      const int64_t end = begin + rows / units + (k < rows % units ? 1 : 0);
      switch (DataTypeSize(source.dtype)) {
        case 1:
          return CopyVolumeRows<uint8_t>(source, destination, index_d_, index_h_, index_w_, same_w_,
                                         begin, end);
        case 2:
          return CopyVolumeRows<uint16_t>(source, destination, index_d_, index_h_, index_w_,
                                          same_w_, begin, end);
        case 4:
          return CopyVolumeRows<uint32_t>(source, destination, index_d_, index_h_, index_w_,
                                          same_w_, begin, end);
        default:
          return CopyVolumeRows<uint64_t>(source, destination, index_d_, index_h_, index_w_,
                                          same_w_, begin, end);
      }
    });
    return;
  }
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
