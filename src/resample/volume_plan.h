// 3-D resampling (N, C, D, H, W) on the 2-D engine, in one of three forms:
// - nearest forwards: one gather of whole elements (no arithmetic);
// - the fp32 engine (FLOAT, FLOAT16, BFLOAT16), fused per destination slice
//   (n, c, d): the depth sum of its source slices into an fp32 slice in the
//   thread's scratch (cache-sized for the usual volumes), then the H/W pass
//   of that one slice into the destination; a slice whose depth sum is one
//   source slice with weight 1 goes straight to the H/W pass, one with no
//   source slices is zero. Nothing of the volume's size goes through memory
//   between the passes. Where every destination slice is one source slice
//   times its phase's weight (the backward of a 2x linear depth shrink, an
//   unchanged depth), the phased form instead: one 2-D plan over all slices
//   of a batch element per phase (see phase_plan_).
// - DOUBLE: two 2-D plans through an intermediate volume in the workspace: a
//   depth pass (a 2-D pass whose "height" axis is the depth and whose width
//   axis is a copy), and the usual 2-D pass over every depth slice; the
//   smaller intermediate decides which runs first.
// Deterministic: each destination slice (or row) is written by one thread
// with sums whose order does not depend on the thread count.
#ifndef ACLNN_HOST_RESAMPLE_VOLUME_PLAN_H_
#define ACLNN_HOST_RESAMPLE_VOLUME_PLAN_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "aclnn_host/tensor_view.h"
#include "resample/resample_plan.h"

namespace aclnn_host::resample {

// Sizes are the forward op's: in = forward input, out = forward output.
struct VolumeProblem {
  int64_t batch = 0, channels = 0;
  int64_t in_d = 0, in_h = 0, in_w = 0;
  int64_t out_d = 0, out_h = 0, out_w = 0;
  bool align_corners = false;
  double scales_d = 0.0, scales_h = 0.0, scales_w = 0.0;  // <= 0 or NaN: not given
  Direction direction = Direction::kForward;
  Filter filter = Filter::kLinear;
};

// AxisTableLimit for the D, H and W axes, in that order.
std::string CheckTableSizes(const VolumeProblem& problem);

// The sizes of a thread's buffers in VolumePlan's fused form (laid out by
// FusedBuffers::Carve in volume_plan.cc).
struct FusedBufferSizes {
  int64_t src_h = 0, src_w = 0;  // a source slice: rows of src_w elements
  int64_t taps = 1;              // the most source slices of a depth sum
  uint64_t slice_scratch = 0;    // the slice plans' scratch bytes
  // The combined form's buffers (none where combined_taps is 0): rows of
  // dst_w elements, combined_taps source rows a destination row, the slice
  // plan's width-pass scratch.
  int64_t dst_w = 0, combined_taps = 0, width_floats = 0;
};

class VolumePlan {
 public:
  // nullptr and *error when the tables would not fit in memory or the
  // dtypes do not suit the filter. The layouts give the views' dtypes and W
  // strides (as ResamplePlan's do).
  static std::unique_ptr<VolumePlan> Create(const VolumeProblem& problem, const ViewLayout& source,
                                            const ViewLayout& destination, int threads,
                                            std::string* error);

  uint64_t scratch_bytes() const { return scratch_bytes_; }
  // Under kRunOnLaunchBytes (as ResamplePlan::small_job).
  bool small_job() const { return job_size_ != JobSize::kLarge; }
  bool depth_first() const { return depth_first_; }
  // Whether Run takes the fused per-slice form.
  bool fused() const { return fused_; }
  // Channels-last views on both sides (C stride 1, W stride C): slices (n, d)
  // of H rows of W pixels of C channels, run by the 2-D plan's pixel rows
  // (ResamplePlan::pixel_rows; copies from 2 channels): the bytes of
  // contiguous views.
  bool pixel_slices() const { return pixel_slices_; }
  // Whether the fused form writes the destination with non-temporal stores.
  bool destination_streamed() const {
    if (!phase_plans_.empty()) return phase_plans_[0]->destination_streamed();
    return slice_from_sum_ != nullptr && slice_from_sum_->destination_streamed();
  }
  // Whether Run takes the phased form (see phase_plan_).
  bool phased() const { return !phase_plan_.empty(); }
  // The phased form's plans (tests: their scratch slots).
  const std::vector<std::unique_ptr<ResamplePlan>>& phase_plans() const { return phase_plans_; }
  uint64_t phase_slot_bytes() const { return phase_slot_bytes_; }
  // Whether the fused form sums each destination row of a slice with more
  // than one source slice straight from the source rows, its depth and
  // height taps in one sum (tap weight: height weight times depth weight),
  // then takes the slice plan's width pass, instead of summing the depth
  // first into a slice of fp32 and running the slice plan over it. Taken
  // where it costs no more multiply-adds (the nearest backwards of
  // upsampled depths, the forward of a linear depth shrink); no fp32 slice
  // goes through the caches between the passes. Tests turn it off to compare
  // the two forms.
  bool combined() const { return combined_; }
  void DisableCombinedForTesting() { combined_ = false; }

  // source/destination as the problem's direction reads and writes them.
  void Run(const VolumeView& source, const MutableVolumeView& destination, void* scratch) const;

  VolumePlan(const VolumePlan&) = delete;
  VolumePlan& operator=(const VolumePlan&) = delete;

 private:
  VolumePlan() = default;
  VolumeProblem problem_;
  bool depth_first_ = false;
  DataType middle_ = DataType::kFloat32;  // the intermediate's element type
  int64_t mid_d_ = 0, mid_h_ = 0, mid_w_ = 0;
  std::unique_ptr<ResamplePlan> first_, second_;
  // Nearest forwards copy in one pass (no intermediate): per destination
  // (d, h, w) the source index of each axis.
  bool direct_copy_ = false;
  bool same_w_ = false;  // W copies whole rows
  bool pixel_slices_ = false;
  int threads_ = 1;
  JobSize job_size_ = JobSize::kLarge;  // SizeOfJob of the job's bytes
  std::vector<int64_t> index_d_, index_h_, index_w_;
  std::vector<int32_t> index_w32_;  // index_w_ for kernels::gather_row32 (or empty)
  uint64_t middle_bytes_ = 0;
  uint64_t scratch_bytes_ = 0;
  // The fused form: per destination depth index, its source slices and
  // weights; the H/W pass of one slice from the fp32 depth sum, and from a
  // source slice itself; per thread, the bytes of its scratch (the depth sum,
  // fp32 copies of source rows, row pointers, the slice plans' scratch).
  bool fused_ = false;
  std::shared_ptr<const AxisTables> depth_;
  std::unique_ptr<ResamplePlan> slice_from_sum_, slice_from_source_;
  // The phased form, where the destination has k times the source's depth
  // slices and each slice k * o + j is source slice o times phase j's
  // weight w_j (the backward of a 2x linear depth shrink: 1/2 and 1/2; an
  // unchanged depth: one phase of weight 1). Per batch element and phase,
  // one 2-D plan (gain w_j) over all its (C, S) slices as planes, no
  // per-slice calls; the pieces of all those runs form one job of the pool
  // (RunPhased). Shrinks whose phases include slices without a source
  // (nearest, 4x linear) keep the per-slice form: its zero slices, written
  // between the others, and its source prefetch were measured faster for
  // the nearest backwards. Per phase: an index into phase_plans_ (one per
  // distinct weight).
  std::vector<int> phase_plan_;
  std::vector<std::unique_ptr<ResamplePlan>> phase_plans_;
  // The threads' slots of the phase plans' pieces, which run side by side in
  // one job of the pool: the largest slot of the plans (their tables differ
  // by the phase's gain, so may their paths and scratch; a fuzz finding,
  // fuzz/regressions/phased-volume-plans-of-different-scratch-share-slots).
  // scratch_bytes_ (the largest plan's) holds threads slots of it.
  uint64_t phase_slot_bytes_ = 0;
  // Sets the phased form up for the phases' weights: false (and *error)
  // where a plan could not be made.
  bool MakePhasePlans(const std::vector<float>& weights, const ViewLayout& source,
                      const ViewLayout& destination, std::string* error);
  void RunPhased(const VolumeView& source, const MutableVolumeView& destination,
                 void* scratch) const;
  // Per thread: its buffers' sizes and their bytes.
  FusedBufferSizes fused_sizes_;
  uint64_t thread_scratch_bytes_ = 0;
  bool combined_ = false;  // see combined()
  void RunFused(const VolumeView& source, const MutableVolumeView& destination,
                char* scratch) const;
};

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_VOLUME_PLAN_H_
