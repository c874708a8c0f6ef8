// 3-D resampling (N, C, D, H, W) as two 2-D plans of the same engine: a depth
// pass is a 2-D pass whose "height" axis is the depth (its table from the
// filter layer) and whose width axis is a copy; the H/W pass is the usual 2-D
// pass over every depth slice. The smaller intermediate decides which runs
// first; it lives in the workspace, in fp32 (double for DOUBLE, the element
// type for nearest copies). Deterministic like its two plans.
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

class VolumePlan {
 public:
  // nullptr and *error when the tables would not fit in memory or the
  // dtypes do not suit the filter. The layouts give the views' dtypes and W
  // strides (as ResamplePlan's do).
  static std::unique_ptr<VolumePlan> Create(const VolumeProblem& problem, const ViewLayout& source,
                                            const ViewLayout& destination, int threads,
                                            std::string* error);

  uint64_t scratch_bytes() const { return scratch_bytes_; }
  bool depth_first() const { return depth_first_; }

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
  int threads_ = 1;
  std::vector<int64_t> index_d_, index_h_, index_w_;
  uint64_t middle_bytes_ = 0;
  uint64_t scratch_bytes_ = 0;
};

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_VOLUME_PLAN_H_
