#include "resample/volume_plan.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "resample/kernels.h"
#include "resample/rows.h"
#include "resample/thread_pool.h"

namespace aclnn_host::resample {
namespace {

constexpr uint64_t kAlign = 64;

uint64_t AlignUp(uint64_t v) { return (v + kAlign - 1) / kAlign * kAlign; }

// Rows of n floats padded to whole blocks of the width pass.
uint64_t PaddedFloats(uint64_t n) {
  constexpr uint64_t b = static_cast<uint64_t>(BlockedTable::kWidth);
  return (n + b - 1) / b * b;
}

// The fused form prefetches the source slices that the next kSlicesAhead
// destination slices pass straight to their H/W pass (the slice plan's
// height pass reads their rows side by side) and no earlier slice read,
// where a source slice is contiguous and at most kPrefetchSliceBytes: each
// such slice starts new streams that the hardware prefetchers pick up only
// after their first misses. Depth sums read their slices in one sequential
// run and are left to the hardware. Measured on AMD Zen 4 with cold caches
// (best of ~85 calls 10 ms apart, alternated runs), Nearest3dBackward of
// gradOutput (2, 8, 32, 32, 32) -> 64^3: 1 thread 0.92-0.93 -> 0.71-0.74 ms
// (AVX-512), medians 1.12-1.15 -> 0.96 ms (AVX2); 2 threads within the noise
// (AVX2 0.55-0.56 -> 0.51-0.53). Prefetching the depth sums' slices too made
// Trilinear3dBackward of that shape slower at 2 threads (0.54-0.56 -> 0.57-0.67).
constexpr int64_t kSlicesAhead = 2;
constexpr int64_t kPrefetchSliceBytes = 64 << 10;
constexpr int64_t kCacheLine = 64;
constexpr int64_t kCombinedRowsAhead = 4;
// Those rows are prefetched by the sum itself, spread over it, where they
// are at least this many bytes; fewer go in one burst. Measured, the two
// forms alternated in one process (two library builds; a control of one build
// against its copy put 7-15% between the two slots, either way, so each
// comparison was run in both orders): Nearest3dBackward of the video clip,
// (1, 16, 64, 224, 224) -> 32 x 112 x 112, rows of 896 B, AVX-512, calls back
// to back, 5.8-6.0 -> 4.9-5.0 ms (burst first) and 5.2-5.25 -> 4.4-4.7 (spread
// first), AVX2 6.0-6.1 -> 4.6; the 2x-down volume, rows of 128 B, spread:
// 0.52-0.53 -> 0.56-0.57 ms in the bench's protocol.
constexpr int64_t kMinSpreadBytes = 1024;

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

// A thread's buffers for the combined form (VolumePlan::combined).
struct CombinedBuffers {
  float* stage = nullptr;   // kernels::kMaxWidthRows rows of the source width
  float* result = nullptr;  // as many of the destination width
  int64_t stage_stride = 0, result_stride = 0;
  float* width_scratch = nullptr;
  const float** rows = nullptr;  // one destination row's source rows (fp32, 16-bit)
  const uint16_t** rows16 = nullptr;
  float* weights = nullptr;  // and their weights
  // The rows a destination row's sum prefetches for a later one (fp32, 16-bit).
  const float* ahead[kernels::kMaxFusedTaps] = {};
  const uint16_t* ahead16[kernels::kMaxFusedTaps] = {};
  bool streamed = false;  // non-temporal stores issued (to flush)
};

// A thread's buffers for the fused form (VolumePlan::fused): the depth sum
// of a slice, fp32 copies of a sum's source rows and pointers to them, the
// slice plans' scratch, then the combined form's buffers where it has them.
struct FusedBuffers {
  float* sum = nullptr;              // src_h rows of src_w elements
  float* rows = nullptr;             // taps rows of src_w elements
  const float** row_ptrs = nullptr;  // taps of each
  const uint16_t** row16_ptrs = nullptr;
  char* slice_scratch = nullptr;
  CombinedBuffers combined;

  // Lays the buffers out from base (or counts them, base null); returns
  // their bytes. The one place for both: Create counts, RunFused carves.
  static uint64_t Carve(char* base, const FusedBufferSizes& s, FusedBuffers* b) {
    uint64_t used = 0;
    auto take = [&](uint64_t bytes) {
      char* at = base == nullptr ? nullptr : base + used;
      used += AlignUp(bytes);
      return at;
    };
    const uint64_t src_w = static_cast<uint64_t>(s.src_w), taps = static_cast<uint64_t>(s.taps);
    b->sum = reinterpret_cast<float*>(take(static_cast<uint64_t>(s.src_h) * src_w * sizeof(float)));
    b->rows = reinterpret_cast<float*>(take(taps * src_w * sizeof(float)));
    b->row_ptrs = reinterpret_cast<const float**>(take(taps * sizeof(const float*)));
    b->row16_ptrs = reinterpret_cast<const uint16_t**>(take(taps * sizeof(const uint16_t*)));
    b->slice_scratch = take(s.slice_scratch);
    if (s.combined_taps == 0) return used;
    CombinedBuffers* c = &b->combined;
    const uint64_t rows_at_once = static_cast<uint64_t>(kernels::kMaxWidthRows);
    const uint64_t n = static_cast<uint64_t>(s.combined_taps);
    c->stage_stride = static_cast<int64_t>(PaddedFloats(src_w));
    c->result_stride = static_cast<int64_t>(PaddedFloats(static_cast<uint64_t>(s.dst_w)));
    c->stage = reinterpret_cast<float*>(
        take(rows_at_once * static_cast<uint64_t>(c->stage_stride) * sizeof(float)));
    c->result = reinterpret_cast<float*>(
        take(rows_at_once * static_cast<uint64_t>(c->result_stride) * sizeof(float)));
    c->width_scratch =
        reinterpret_cast<float*>(take(static_cast<uint64_t>(s.width_floats) * sizeof(float)));
    c->rows = reinterpret_cast<const float**>(take(n * sizeof(const float*)));
    c->rows16 = reinterpret_cast<const uint16_t**>(take(n * sizeof(const uint16_t*)));
    c->weights = reinterpret_cast<float*>(take(n * sizeof(float)));
    return used;
  }
};

// The elements of the whole destination volume (the direction's output).
double DestinationElements(const VolumeProblem& p) {
  const bool backward = p.direction == Direction::kBackward;
  return static_cast<double>(p.batch) * static_cast<double>(p.channels) *
         static_cast<double>(backward ? p.in_d : p.out_d) *
         static_cast<double>(backward ? p.in_h : p.out_h) *
         static_cast<double>(backward ? p.in_w : p.out_w);
}

// Where every destination depth slice k * o + j of a table is source slice o
// times one weight per phase j: those k weights; else none.
std::vector<float> PhaseWeights(const GatherTable& depth) {
  const int64_t from = depth.src_size, to = depth.size;
  if (from <= 0 || to % from != 0) return {};
  const int64_t k = to / from;
  std::vector<float> weight(static_cast<size_t>(k), 0.0f);
  for (int64_t d = 0; d < to; ++d) {
    const size_t i = static_cast<size_t>(d), j = static_cast<size_t>(d % k);
    if (depth.count[i] != 1 || depth.first[i] != d / k) return {};
    const float w = depth.weights[static_cast<size_t>(depth.offset[i])];
    if ((d >= k && w != weight[j]) || !std::isfinite(w)) return {};
    weight[j] = w;
  }
  return weight;
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

std::string CheckTableSizes(const VolumeProblem& p) {
  std::string why =
      AxisTableLimit(AxisRule{p.filter, p.in_d, p.out_d, p.align_corners, p.scales_d}, "D");
  if (why.empty()) {
    why = AxisTableLimit(AxisRule{p.filter, p.in_h, p.out_h, p.align_corners, p.scales_h}, "H");
  }
  if (why.empty()) {
    why = AxisTableLimit(AxisRule{p.filter, p.in_w, p.out_w, p.align_corners, p.scales_w}, "W");
  }
  return why;
}

std::unique_ptr<VolumePlan> VolumePlan::Create(const VolumeProblem& p, const ViewLayout& source,
                                               const ViewLayout& destination, int threads,
                                               std::string* error) {
  std::unique_ptr<VolumePlan> plan(new VolumePlan());
  plan->problem_ = p;
  plan->threads_ = std::max(1, threads);
  const bool backward = p.direction == Direction::kBackward;
  plan->job_size_ = SizeOfJob(JobBytes(
      static_cast<double>(p.batch) * static_cast<double>(p.channels),
      static_cast<double>(p.in_d) * static_cast<double>(p.in_h) * static_cast<double>(p.in_w),
      static_cast<double>(p.out_d) * static_cast<double>(p.out_h) * static_cast<double>(p.out_w),
      backward, source.dtype, destination.dtype));
  if (IsNearest(p.filter) && !backward) {
    // A gather of whole elements (pixels): one pass, bit for bit, no workspace.
    plan->pixel_slices_ = PixelLayouts(source, destination, p.channels, true);
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
    if (!plan->same_w_) plan->index_w32_ = GatherRowIndices(plan->index_w_, p.in_w);
    plan->direct_copy_ = true;
    return plan;
  }
  if (source.dtype != DataType::kFloat64 && destination.dtype != DataType::kFloat64) {
    const AxisRule rule_d{p.filter,   p.in_d, p.out_d,  p.align_corners,
                          p.scales_d, false,  backward, false};
    plan->depth_ = CachedAxisTables(rule_d, p.direction, false);
    if (!plan->depth_) {
      if (error) *error = CheckTableSizes(p);
      return nullptr;
    }
    const GatherTable& depth = plan->depth_->gather;
    const bool pixel = PixelLayouts(source, destination, p.channels, false);
    plan->pixel_slices_ = pixel;
    plan->fused_ = true;
    const std::vector<float> phases = PhaseWeights(depth);
    if (!phases.empty()) {
      if (!plan->MakePhasePlans(phases, source, destination, error)) return nullptr;
      return plan;
    }
    const int64_t slice_channels = pixel ? p.channels : 1;
    const ResampleProblem slice{1,          slice_channels, p.out_h,         p.out_w,
                                p.in_h,     p.in_w,         p.align_corners, p.scales_h,
                                p.scales_w, p.direction,    p.filter};
    // One slice at a time, streamed where the whole destination is large.
    const Partition one{1, 1, DestinationElements(p)};
    // The depth sum: (H, W) fp32, or (H, W, C) for pixel slices.
    const ViewLayout sum_layout =
        pixel ? ViewLayout{DataType::kFloat32, p.channels, 1} : ViewLayout{DataType::kFloat32, 1};
    plan->slice_from_sum_ = ResamplePlan::Create(slice, sum_layout, destination, one, error);
    if (!plan->slice_from_sum_) return nullptr;
    bool single = false;  // some depth sum is one source slice with weight 1
    for (int64_t d = 0; d < depth.size; ++d) {
      const size_t i = static_cast<size_t>(d);
      single = single ||
               (depth.count[i] == 1 && depth.weights[static_cast<size_t>(depth.offset[i])] == 1.0f);
    }
    uint64_t slice_scratch = plan->slice_from_sum_->scratch_bytes();
    if (single) {
      plan->slice_from_source_ = ResamplePlan::Create(slice, source, destination, one, error);
      if (!plan->slice_from_source_) return nullptr;
      slice_scratch = std::max(slice_scratch, plan->slice_from_source_->scratch_bytes());
    }
    FusedBufferSizes& sizes = plan->fused_sizes_;
    sizes.src_h = backward ? p.out_h : p.in_h;
    sizes.src_w = (backward ? p.out_w : p.in_w) * slice_channels;  // elements of a row
    sizes.taps = std::max<int64_t>(1, depth.max_count);
    sizes.slice_scratch = slice_scratch;
    // The combined form where its sums take no more multiply-adds than a
    // depth sum (k slices per source row) and the slice plan's height pass.
    const GatherTable& height = plan->slice_from_sum_->height();
    const int64_t k = depth.max_count;
    const double height_taps =
        height.offset.empty() ? 0.0 : static_cast<double>(height.offset.back());
    plan->combined_ = k >= 2 && static_cast<double>(k - 1) * height_taps <=
                                    static_cast<double>(k) * static_cast<double>(sizes.src_h);
    if (plan->combined_) {
      sizes.dst_w = (backward ? p.in_w : p.out_w) * slice_channels;
      sizes.combined_taps = k * std::max<int64_t>(1, height.max_count);
      sizes.width_floats = plan->slice_from_sum_->width_scratch_floats();
    }
    FusedBuffers counted;
    plan->thread_scratch_bytes_ = FusedBuffers::Carve(nullptr, sizes, &counted);
    plan->scratch_bytes_ =
        kAlign + plan->thread_scratch_bytes_ * static_cast<uint64_t>(plan->threads_);
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

bool VolumePlan::MakePhasePlans(const std::vector<float>& weights, const ViewLayout& source,
                                const ViewLayout& destination, std::string* error) {
  // One 2-D plan per distinct weight: the (C, S) slices of a batch element
  // as its planes, (S, C) for pixel slices (each plane a row of pixels).
  const VolumeProblem& p = problem_;
  const int64_t from = depth_->gather.src_size;
  ResampleProblem slices{pixel_slices_ ? from : p.channels,
                         pixel_slices_ ? p.channels : from,
                         p.out_h,
                         p.out_w,
                         p.in_h,
                         p.in_w,
                         p.align_corners,
                         p.scales_h,
                         p.scales_w,
                         p.direction,
                         p.filter};
  // The plans' views have the depth where a 2-D view has C (pixel slices:
  // C itself, stride 1): the volume's C stride says nothing about that dim,
  // so it is not given, and no pixel rows are chosen from it (an NDHWC view
  // with C = 1 and W stride == S would otherwise pass for pixel rows: a
  // fuzz finding, fuzz/regressions/phased-ndhwc-one-channel-taken-for-pixel-rows).
  ViewLayout source_layout = source, destination_layout = destination;
  if (!pixel_slices_) source_layout.c_stride = destination_layout.c_stride = 0;
  Partition partition = ResamplePlan::DefaultPartition(slices, source.dtype, destination.dtype,
                                                       threads_, /*part_of_larger_job=*/true);
  // Streaming and who runs it follow the whole volume, not one phase.
  partition.whole_destination_elements = DestinationElements(p);
  partition.job_size = job_size_;
  for (size_t j = 0; j < weights.size(); ++j) {
    int index = -1;
    for (size_t q = 0; q < j; ++q) {
      if (weights[q] == weights[j]) index = phase_plan_[q];
    }
    if (index < 0) {
      slices.gain = weights[j];
      auto plan = ResamplePlan::Create(slices, source_layout, destination_layout, partition, error);
      if (!plan) return false;
      scratch_bytes_ = std::max(scratch_bytes_, plan->scratch_bytes());
      phase_slot_bytes_ = std::max(phase_slot_bytes_, plan->slot_bytes());
      index = static_cast<int>(phase_plans_.size());
      phase_plans_.push_back(std::move(plan));
    }
    phase_plan_.push_back(index);
  }
  scratch_bytes_ += kAlign;  // Run aligns the workspace
  return true;
}

namespace {

template <typename T>
void CopyVolumeRows(const VolumeView& src, const MutableVolumeView& dst,
                    const std::vector<int64_t>& index_d, const std::vector<int64_t>& index_h,
                    const std::vector<int64_t>& index_w, const std::vector<int32_t>& index_w32,
                    bool same_w, int64_t begin, int64_t end) {
  const kernels::KernelTable& k = kernels::CurrentKernels();
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
      GatherRow(k, s, ss, src.shape[4], index_w.data(), index_w32, o, ds, cols);
    }
  }
}

// CopyVolumeRows for pixel slices: rows (n, d, h) flattened, each
// destination pixel its source pixel's C elements.
void CopyVolumePixelRows(const VolumeView& src, const MutableVolumeView& dst,
                         const std::vector<int64_t>& index_d, const std::vector<int64_t>& index_h,
                         const std::vector<int64_t>& index_w, bool same_w, int64_t begin,
                         int64_t end) {
  const int64_t rows_d = dst.shape[2], rows_h = dst.shape[3], cols = dst.shape[4];
  const int64_t size = static_cast<int64_t>(DataTypeSize(src.dtype));
  const size_t pixel = static_cast<size_t>(dst.shape[1] * size);
  for (int64_t r = begin; r < end; ++r) {
    const int64_t h = r % rows_h, d = (r / rows_h) % rows_d, n = r / (rows_h * rows_d);
    const char* s = static_cast<const char*>(src.data) +
                    (n * src.strides[0] + index_d[static_cast<size_t>(d)] * src.strides[2] +
                     index_h[static_cast<size_t>(h)] * src.strides[3]) *
                        size;
    char* o = static_cast<char*>(dst.data) +
              (n * dst.strides[0] + d * dst.strides[2] + h * dst.strides[3]) * size;
    if (same_w) {
      std::memcpy(o, s, static_cast<size_t>(cols) * pixel);
    } else {
      CopyPixels(s, index_w.data(), cols, pixel, o);
    }
  }
}

// Items [0, items) in units of consecutive ones (at most 4 per thread, plus
// 4), run on the pool: fn(begin, end, slot). Which thread takes which unit
// does not matter: each item is written once.
template <class Fn>
void ForEachUnit(int64_t items, int threads, JobSize size, const Fn& fn) {
  const int64_t units = std::min<int64_t>(items, int64_t{4} * threads + 4);
  ThreadPool::Global().ParallelFor(
      units, threads,
      [&](int64_t k, int slot) {
        const int64_t begin = items / units * k + std::min(k, items % units);
        fn(begin, begin + items / units + (k < items % units ? 1 : 0), slot);
      },
      size);
}

}  // namespace

void VolumePlan::Run(const VolumeView& source, const MutableVolumeView& destination,
                     void* scratch) const {
  if (direct_copy_) {
    // Units of consecutive destination rows.
    const int64_t rows = destination.shape[0] * (pixel_slices_ ? 1 : destination.shape[1]) *
                         destination.shape[2] * destination.shape[3];
    ForEachUnit(rows, threads_, job_size_, [&](int64_t begin, int64_t end, int) {
      if (pixel_slices_) {
        return CopyVolumePixelRows(source, destination, index_d_, index_h_, index_w_, same_w_,
                                   begin, end);
      }
      switch (DataTypeSize(source.dtype)) {
        case 1:
          return CopyVolumeRows<uint8_t>(source, destination, index_d_, index_h_, index_w_,
                                         index_w32_, same_w_, begin, end);
        case 2:
          return CopyVolumeRows<uint16_t>(source, destination, index_d_, index_h_, index_w_,
                                          index_w32_, same_w_, begin, end);
        case 4:
          return CopyVolumeRows<uint32_t>(source, destination, index_d_, index_h_, index_w_,
                                          index_w32_, same_w_, begin, end);
        default:
          return CopyVolumeRows<uint64_t>(source, destination, index_d_, index_h_, index_w_,
                                          index_w32_, same_w_, begin, end);
      }
    });
    return;
  }
  const uintptr_t raw = reinterpret_cast<uintptr_t>(scratch);
  char* base = reinterpret_cast<char*>((raw + kAlign - 1) / kAlign * kAlign);
  if (!phase_plan_.empty()) return RunPhased(source, destination, base);
  if (fused_) return RunFused(source, destination, base);
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

namespace {

// Slice (n, c, d) of a volume as a one-plane 4-D view (its H and W), or
// for pixel slices slice (n, d) with its C channels (c = 0).
template <typename Slice, typename Volume>
Slice SliceOf(const Volume& v, int64_t n, int64_t c, int64_t d, bool pixel) {
  Slice t;
  const int64_t at = (n * v.strides[0] + c * v.strides[1] + d * v.strides[2]) *
                     static_cast<int64_t>(DataTypeSize(v.dtype));
  t.data = static_cast<char*>(const_cast<void*>(v.data)) + at;
  t.dtype = v.dtype;
  const int64_t shape[4] = {1, pixel ? v.shape[1] : 1, v.shape[3], v.shape[4]};
  const int64_t strides[4] = {v.strides[0], v.strides[1], v.strides[3], v.strides[4]};
  for (int k = 0; k < 4; ++k) {
    t.shape[k] = shape[k];
    t.strides[k] = strides[k];
  }
  return t;
}

// +0 in every element of a slice (all-zero bytes in every float dtype);
// contiguous rows with non-temporal stores where `streamed`, a slice whose
// rows follow each other as one run.
void ZeroSlice(const MutableTensorView& t, const kernels::KernelTable& kt, bool streamed,
               bool pixel) {
  const int64_t size = static_cast<int64_t>(DataTypeSize(t.dtype));
  // Pixel slices: rows of W * C contiguous elements.
  const int64_t width = pixel ? t.shape[3] * t.shape[1] : t.shape[3];
  const bool unit = pixel || t.strides[3] == 1;
  const bool one_run = unit && (t.strides[2] == width || t.shape[2] == 1);
  const int64_t rows = one_run ? 1 : t.shape[2];
  const int64_t row_elements = one_run ? t.shape[2] * width : width;
  for (int64_t h = 0; h < rows; ++h) {
    char* row = static_cast<char*>(t.data) + h * t.strides[2] * size;
    if (unit && streamed) {
      kt.zero_row_streamed(row, row_elements * size);
    } else if (unit) {
      std::memset(row, 0, static_cast<size_t>(row_elements * size));
    } else {
      for (int64_t x = 0; x < t.shape[3]; ++x) {
        std::memset(row + x * t.strides[3] * size, 0, static_cast<size_t>(size));
      }
    }
  }
}

// One destination slice in the combined form: destination row h is the one
// chain over its height taps l (outer) and the slice's depth taps j (inner)
// of height weight l times depth weight j times source row (first_h + l) of
// depth slice j (row_of(j, row); pixel rows: W * C elements), fp32 rows of
// unit stride in place, 16-bit ones converted in registers (in_place16),
// others converted count rows at a time into `converted` (count rows of the
// slice's row elements, as floats) and chained on with accumulate; then the slice plan's width
// pass, kernels::kMaxWidthRows rows at a time, into the destination (fp32 rows of unit stride in
// place, others through StoreRow, streamed as the slice plan streams).
template <class RowOf, class Combine16, class Fetch16>
void CombinedSlice(const ResamplePlan& plan, const kernels::KernelTable& kt, const RowOf& row_of,
                   bool rows_in_place, Combine16 in_place16, Fetch16 fetch16,
                   const TensorView& source_slice, int64_t count, const float* depth_weights,
                   const MutableTensorView& out, bool pixel, float* converted, CombinedBuffers* b) {
  constexpr int64_t kRows = kernels::kMaxWidthRows;
  const GatherTable& height = plan.height();
  const int64_t channels = pixel ? out.shape[1] : 1;
  const int64_t src_w = plan.width().src_size * channels, dst_w = out.shape[3] * channels;
  const int64_t size = static_cast<int64_t>(DataTypeSize(out.dtype));
  const int64_t dst_stride = pixel ? 1 : out.strides[3];
  const int64_t src_stride = pixel ? 1 : source_slice.strides[3];
  const bool streamed = plan.destination_streamed();
  const bool in_place = out.dtype == DataType::kFloat32 && dst_stride == 1 && !streamed;
  const bool identity = plan.width_identity();
  const bool prefetch_rows = rows_in_place || in_place16 != nullptr;
  const int64_t row_bytes = src_w * static_cast<int64_t>(DataTypeSize(source_slice.dtype));
  float* mid[kRows] = {};
  float* dst[kRows] = {};
  for (int64_t h0 = 0; h0 < height.size; h0 += kRows) {
    const int64_t g = std::min(kRows, height.size - h0);
    for (int64_t i = 0; i < g; ++i) {
      const size_t r = static_cast<size_t>(h0 + i);
      char* row = static_cast<char*>(out.data) + (h0 + i) * out.strides[2] * size;
      dst[i] = in_place ? reinterpret_cast<float*>(row) : b->result + i * b->result_stride;
      mid[i] = identity ? dst[i] : b->stage + i * b->stage_stride;
      const int64_t first = height.first[r], taps = height.count[r];
      const float* wh = height.weights.data() + height.offset[r];
      // The rows that destination row h + kCombinedRowsAhead reads and the
      // one before it does not, fetched ahead of their loads: by the sum
      // itself where it has a fetching form (kernels::KernelTable::
      // height_combine_fetch; each slice's rows in address order), else in
      // one burst.
      int64_t ahead_rows = 0;
      if (prefetch_rows) {
        int64_t from = 0, to = 0;
        NewSourceRows(height, h0 + i + kCombinedRowsAhead, &from, &to);
        // (Both sums have a fetching form: height_combine_fetch always,
        // fetch16 wherever in_place16 is.)
        const bool spread = taps > 0 && taps * count <= kernels::kMaxFusedTaps &&
                            (to - from) * count <= kernels::kMaxFusedTaps &&
                            (to - from) * count * row_bytes >= kMinSpreadBytes;
        for (int64_t j = 0; j < count; ++j) {
          for (int64_t o = from; o < to; ++o) {
            const char* at = row_of(j, o);
            if (spread) {
              b->ahead[ahead_rows] = reinterpret_cast<const float*>(at);
              b->ahead16[ahead_rows++] = reinterpret_cast<const uint16_t*>(at);
              continue;
            }
            for (int64_t line = 0; line < row_bytes; line += kCacheLine) {
              __builtin_prefetch(at + line);
            }
          }
        }
      }
      if (taps == 0) kt.height_combine(nullptr, nullptr, 0, src_w, mid[i], false);
      if (!rows_in_place && in_place16 == nullptr) {
        for (int64_t l = 0; l < taps; ++l) {
          for (int64_t j = 0; j < count; ++j) {
            b->weights[j] = wh[l] * depth_weights[j];
            LoadRow(kt, source_slice.dtype, row_of(j, first + l), src_stride, src_w,
                    converted + j * src_w);
            b->rows[j] = converted + j * src_w;
          }
          kt.height_combine(b->rows, b->weights, count, src_w, mid[i], l > 0);
        }
        continue;
      }
      int64_t t = 0;
      for (int64_t l = 0; l < taps; ++l) {
        for (int64_t j = 0; j < count; ++j, ++t) {
          b->weights[t] = wh[l] * depth_weights[j];
          const char* at = row_of(j, first + l);
          b->rows[t] = reinterpret_cast<const float*>(at);
          b->rows16[t] = reinterpret_cast<const uint16_t*>(at);
        }
      }
      if (t == 0) continue;
      if (rows_in_place) {
        if (ahead_rows > 0) {
          kt.height_combine_fetch(b->rows, b->weights, t, src_w, mid[i], b->ahead, ahead_rows);
        } else {
          kt.height_combine(b->rows, b->weights, t, src_w, mid[i], false);
        }
      } else if (ahead_rows > 0) {
        fetch16(b->rows16, b->weights, t, src_w, mid[i], b->ahead16, ahead_rows);
      } else {
        in_place16(b->rows16, b->weights, t, src_w, mid[i], false);
      }
    }
    if (!identity) plan.WidthPassRows(mid, dst, g, false, b->width_scratch);
    if (!in_place) {
      for (int64_t i = 0; i < g; ++i) {
        StoreRow(kt, dst[i], dst_w, out.dtype,
                 static_cast<char*>(out.data) + (h0 + i) * out.strides[2] * size, dst_stride,
                 streamed);
      }
      b->streamed = b->streamed || streamed;
    }
  }
}

}  // namespace

void VolumePlan::RunFused(const VolumeView& source, const MutableVolumeView& destination,
                          char* scratch) const {
  const bool pixel = pixel_slices_;
  // Pixel slices: slices (n, d), rows of W * C elements (channels as one).
  const int64_t channels = pixel ? 1 : destination.shape[1], depth = destination.shape[2];
  const int64_t slices = destination.shape[0] * channels * depth;
  const int64_t src_h = source.shape[3], src_w = source.shape[4] * (pixel ? source.shape[1] : 1);
  const int64_t size = static_cast<int64_t>(DataTypeSize(source.dtype));
  const bool unit_rows = pixel || source.strides[4] == 1;  // rows of src_w elements
  // Whole source slices as one row: their rows follow each other.
  const bool slice_rows = unit_rows && (source.strides[3] == src_w || src_h == 1);
  const bool fp32_rows = source.dtype == DataType::kFloat32 && unit_rows;
  const GatherTable& depth_table = depth_->gather;
  // Units of consecutive destination slices: neighbours share source slices,
  // which the thread then finds in its cache.
  ForEachUnit(slices, threads_, job_size_, [&](int64_t begin, int64_t end, int slot) {
    const kernels::KernelTable& kt = kernels::CurrentKernels();
    FusedBuffers buffers;
    FusedBuffers::Carve(scratch + static_cast<uint64_t>(slot) * thread_scratch_bytes_, fused_sizes_,
                        &buffers);
    float* const sum = buffers.sum;
    float* const rows = buffers.rows;
    const float** const row_ptrs = buffers.row_ptrs;
    const uint16_t** const row16_ptrs = buffers.row16_ptrs;
    char* const slice_scratch = buffers.slice_scratch;
    CombinedBuffers& combined = buffers.combined;
    // The 16-bit kernel that sums source rows in place, if the target has
    // one, and its form that prefetches the rows ahead itself (CombinedSlice).
    kernels::SixteenBitRowCombines forms16 = {};
    if (unit_rows) forms16 = kernels::SixteenBitRowCombinesOf(kt, source.dtype);
    const auto in_place16 = forms16.combine;
    const auto fetch16 = forms16.fetch;
    // One call per slice where its rows follow each other and are summed in
    // place, else one per row.
    const bool whole = slice_rows && (fp32_rows || in_place16 != nullptr);
    const int64_t row_len = whole ? src_h * src_w : src_w;
    TensorView sum_view;
    sum_view.data = sum;
    sum_view.dtype = DataType::kFloat32;
    const int64_t sum_c = pixel ? source.shape[1] : 1;
    const int64_t sum_shape[4] = {1, sum_c, src_h, src_w / sum_c};
    const int64_t sum_strides[4] = {src_h * src_w, pixel ? 1 : src_h * src_w, src_w, sum_c};
    for (int q = 0; q < 4; ++q) {
      sum_view.shape[q] = sum_shape[q];
      sum_view.strides[q] = sum_strides[q];
    }
    // Zero slices streamed as the slice plan streams its rows.
    const bool streamed = slice_from_sum_->destination_streamed();
    bool zeroed_streamed = false;
    const int64_t slice_bytes = src_h * src_w * size;
    const bool prefetch =
        !pixel && slice_rows && slice_bytes <= kPrefetchSliceBytes && slice_from_source_;
    // Destination depth index d passes its one source slice straight on.
    auto direct = [&](size_t d) {
      return depth_table.count[d] == 1 &&
             depth_table.weights[static_cast<size_t>(depth_table.offset[d])] == 1.0f;
    };
    // Source slice (n, c, sd) as (n * C + c) * source depth + sd; the
    // highest one that an earlier slice read or prefetched.
    const int64_t source_depth = source.shape[2];
    int64_t seen = -1;
    auto prefetch_ahead = [&](int64_t s) {
      for (int64_t t = s; t < std::min(end, s + kSlicesAhead + 1); ++t) {
        const size_t dt = static_cast<size_t>(t % depth);
        const int64_t first = t / depth * source_depth + depth_table.first[dt];
        const int64_t last = first + depth_table.count[dt];
        // Slice s reads its own now; sums read theirs in one run.
        if (t != s && direct(dt)) {
          for (int64_t sd = std::max(seen + 1, first); sd < last; ++sd) {
            const int64_t plane = sd / source_depth;
            const char* at =
                static_cast<const char*>(source.data) +
                (plane / channels * source.strides[0] + plane % channels * source.strides[1] +
                 sd % source_depth * source.strides[2]) *
                    size;
            for (int64_t line = 0; line < slice_bytes; line += kCacheLine) {
              __builtin_prefetch(at + line);
            }
          }
        }
        seen = std::max(seen, last - 1);
      }
    };
    for (int64_t s = begin; s < end; ++s) {
      const int64_t d = s % depth, c = (s / depth) % channels, n = s / (depth * channels);
      if (prefetch) prefetch_ahead(s);
      const MutableTensorView out = SliceOf<MutableTensorView>(destination, n, c, d, pixel);
      const size_t i = static_cast<size_t>(d);
      const int64_t count = depth_table.count[i], first = depth_table.first[i];
      const float* w = depth_table.weights.data() + depth_table.offset[i];
      if (count == 0) {
        ZeroSlice(out, kt, streamed, pixel);
        zeroed_streamed = zeroed_streamed || streamed;
        continue;
      }
      if (direct(i) && slice_from_source_) {
        slice_from_source_->RunOnThisThread(SliceOf<TensorView>(source, n, c, first, pixel), out,
                                            slice_scratch);
        continue;
      }
      // Row h of source slice (n, c, first + j).
      auto row_of = [&](int64_t j, int64_t h) {
        return static_cast<const char*>(source.data) +
               (n * source.strides[0] + c * source.strides[1] + (first + j) * source.strides[2] +
                h * source.strides[3]) *
                   size;
      };
      if (combined_ && count >= 2) {
        CombinedSlice(*slice_from_sum_, kt, row_of, fp32_rows, in_place16, fetch16,
                      SliceOf<TensorView>(source, n, c, first, pixel), count, w, out, pixel, rows,
                      &combined);
        continue;
      }
      for (int64_t h = 0; h < src_h; h += whole ? src_h : 1) {
        float* acc = sum + h * src_w;
        if (fp32_rows) {
          for (int64_t j = 0; j < count; ++j)
            row_ptrs[j] = reinterpret_cast<const float*>(row_of(j, h));
          kt.height_combine(row_ptrs, w, count, row_len, acc, false);
        } else if (in_place16) {
          for (int64_t j = 0; j < count; ++j) {
            row16_ptrs[j] = reinterpret_cast<const uint16_t*>(row_of(j, h));
          }
          in_place16(row16_ptrs, w, count, row_len, acc, false);
        } else {
          for (int64_t j = 0; j < count; ++j) {
            LoadRow(kt, source.dtype, row_of(j, h), pixel ? 1 : source.strides[4], src_w,
                    rows + j * src_w);
            row_ptrs[j] = rows + j * src_w;
          }
          kt.height_combine(row_ptrs, w, count, src_w, acc, false);
        }
      }
      slice_from_sum_->RunOnThisThread(sum_view, out, slice_scratch);
    }
    // Non-temporal stores ordered before the task is published as done.
    if (zeroed_streamed || combined.streamed) kt.flush_streamed_stores();
  });
}

void VolumePlan::RunPhased(const VolumeView& source, const MutableVolumeView& destination,
                           void* scratch) const {
  const int64_t k = static_cast<int64_t>(phase_plan_.size());
  const int64_t size = static_cast<int64_t>(DataTypeSize(destination.dtype));
  const bool pixel = pixel_slices_;
  // Batch element n's source slices, and its destination slices of phase j,
  // as the plans' 4-D views: (C, S, H, W), or (S, C, H, W) for pixel slices.
  static constexpr int kPlanes[4] = {1, 2, 3, 4};
  static constexpr int kPixelPlanes[4] = {2, 1, 3, 4};
  const int(&dims)[4] = pixel ? kPixelPlanes : kPlanes;
  const int slice_dim = pixel ? 0 : 1;  // the depth dim of the 4-D views
  // Run v = n * k + j: phase j of batch element n.
  const auto run = [&](int64_t v, TensorView* from, MutableTensorView* to) {
    const int64_t n = v / k, j = v % k;
    *from = Pick(source, n, dims);
    *to = Mutable(Pick(destination, n, dims));
    to->data = static_cast<char*>(to->data) + j * destination.strides[2] * size;
    to->shape[slice_dim] = from->shape[slice_dim];
    to->strides[slice_dim] = k * destination.strides[2];
    return phase_plans_[static_cast<size_t>(phase_plan_[static_cast<size_t>(j)])].get();
  };
  // Every run's pieces in one job of the pool (the plans share the problem
  // and partition, so the same number of pieces): one wake-up and one join
  // for the whole volume instead of one per run.
  const int64_t runs = source.shape[0] * k;
  const int64_t pieces = phase_plans_[0]->pieces();
  const auto alone = [&](int64_t, int) {
    TensorView from;
    MutableTensorView to;
    for (int64_t v = 0; v < runs; ++v) run(v, &from, &to)->RunOnThisThread(from, to, scratch);
  };
  const TaskRef alone_ref(alone);
  ThreadPool::Global().ParallelFor(
      runs * pieces, phase_plans_[0]->threads(),
      [&](int64_t task, int slot) {
        TensorView from;
        MutableTensorView to;
        run(task / pieces, &from, &to)
            ->RunPiece(from, to, task % pieces, slot, phase_slot_bytes_, scratch);
      },
      job_size_, &alone_ref);
}

}  // namespace aclnn_host::resample
