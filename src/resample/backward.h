// The anti-aliased bicubic backward as a plan: built once (weight tables,
// pass order, scratch layout), then run any number of times over strided
// views. Pure C++; knows nothing of the aclnn API.
#ifndef ACLNN_HOST_RESAMPLE_BACKWARD_H_
#define ACLNN_HOST_RESAMPLE_BACKWARD_H_

#include <cstdint>
#include <memory>
#include <string>

#include "aclnn_host/upsample_bicubic2d_aa.h"
#include "resample/axis_weights.h"

namespace aclnn_host::resample {

struct BackwardProblem {
  int64_t batch = 0;     // N
  int64_t channels = 0;  // C
  int64_t out_h = 0;     // forward output = gradOutput's H, W
  int64_t out_w = 0;
  int64_t in_h = 0;  // forward input = result's H, W
  int64_t in_w = 0;
  bool align_corners = false;
  double scales_h = 0.0;  // forward scale factors; <= 0 or NaN: not given
  double scales_w = 0.0;
};

// How the two separable passes are arranged. The backward is
// dX = Wh^T . dY . Ww per plane; "height first" forms Wh^T . dY (Hi x Wo)
// row by row, "width first" forms dY . Ww (Ho x Wi) rows into a ring cache.
enum class PassOrder { kCopy, kHeightFirst, kWidthFirst };

const char* PassOrderName(PassOrder order);

// Row layout facts the plan needs (not the data pointers).
struct ViewLayout {
  DataType dtype = DataType::kFloat32;
  int64_t w_stride = 1;  // elements between neighbours along W
};

class BackwardPlan {
 public:
  // Row caches aim to stay in a core's L2.
  static constexpr uint64_t kDefaultRowCacheBytes = uint64_t{1} << 20;

  // Returns nullptr and sets *error when the tables would not fit in memory.
  // row_cache_bytes bounds each chunk's row caches (tests shrink it to drive
  // the multi-group and ring-cache paths; results do not depend on it).
  static std::unique_ptr<BackwardPlan> Create(const BackwardProblem& problem,
                                              const ViewLayout& grad_output, const ViewLayout& out,
                                              int64_t num_chunks, std::string* error,
                                              uint64_t row_cache_bytes = kDefaultRowCacheBytes);

  // Bytes of scratch Run needs (all chunks together, alignment included).
  uint64_t scratch_bytes() const { return scratch_bytes_; }
  PassOrder order() const { return order_; }
  const BackwardProblem& problem() const { return problem_; }

  // grad_output and out must match the problem and the layouts given to
  // Create. scratch must hold scratch_bytes() bytes. Deterministic: the bytes
  // written do not depend on the thread count or on num_chunks.
  void Run(const TensorView& grad_output, const MutableTensorView& out, void* scratch) const;

  BackwardPlan(const BackwardPlan&) = delete;
  BackwardPlan& operator=(const BackwardPlan&) = delete;

 private:
  class ChunkRunner;
  BackwardPlan() = default;

  BackwardProblem problem_;
  ViewLayout grad_output_layout_;
  ViewLayout out_layout_;
  bool input_direct_ = false;   // gradOutput rows usable as fp32 in place
  bool output_direct_ = false;  // result rows writable as fp32 in place
  bool h_identity_ = false;
  bool w_identity_ = false;
  PassOrder order_ = PassOrder::kCopy;
  TransposedTable height_;  // per dX row: the dY rows it gathers
  TransposedTable width_;   // per dX column: the dY columns it gathers
  BlockedTable width_blocked_;
  int64_t num_chunks_ = 1;
  int64_t row_cache_slots_ = 0;
  bool small_planes_ = false;  // width-first with whole planes in scratch
  uint64_t chunk_bytes_ = 0;
  uint64_t scratch_bytes_ = 0;
};

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_BACKWARD_H_
