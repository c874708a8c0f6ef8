#include "aclnn/ops/resample_op.h"

#include <memory>
#include <vector>

#include "resample/thread_pool.h"
#include "resample/view_checks.h"
#include "resample/volume_plan.h"
#include "runtime/runtime.h"

namespace aclnn_host::aclnn {
namespace {

DataType ToEngine(int32_t t) {
  switch (t) {
    case ACL_FLOAT16:
      return DataType::kFloat16;
    case ACL_BF16:
      return DataType::kBFloat16;
    case ACL_DOUBLE:
      return DataType::kFloat64;
    case ACL_UINT8:
      return DataType::kUInt8;
    default:
      return DataType::kFloat32;
  }
}

// Byte range of a tensor's view inside its live aclrtMalloc block.
struct Placement {
  uintptr_t block = 0;
  resample::AddressRange bytes;  // the bytes the view touches
};

std::string CheckPlacement(const char* name, const aclTensor* t, Placement* where) {
  const int64_t esize = static_cast<int64_t>(runtime::DataTypeBytes(t->dtype));
  const int rank = static_cast<int>(t->view_shape.size());
  resample::ByteSpan span;
  if (!resample::ViewByteSpan(t->view_shape.data(), t->strides.data(), rank, t->offset, esize,
                              &span)) {
    return std::string(name) + ": the view (offset " + std::to_string(t->offset) + ", strides " +
           ShapeString(t->strides) + ") overflows 64-bit addressing";
  }
  const uintptr_t base = reinterpret_cast<uintptr_t>(t->data);
  uintptr_t block = 0;
  if (t->data == nullptr || !runtime::FindBlock(t->data, 0, &block)) {
    return std::string(name) + ": data pointer " + std::to_string(base) +
           " is not inside a live aclrtMalloc block (not device memory)";
  }
  if (base % static_cast<uintptr_t>(esize) != 0) {
    return std::string(name) + ": data pointer " + std::to_string(base) +
           " is not aligned to its element size of " + std::to_string(esize) + " bytes";
  }
  // The view must stay inside the block that holds the data pointer.
  resample::AddressRange range;
  uintptr_t view_block = 0;
  if (!resample::SpanAddresses(t->data, span, &range) ||
      !runtime::FindBlock(reinterpret_cast<const void*>(range.begin), range.size(), &view_block) ||
      view_block != block) {
    return std::string(name) + ": the view (offset " + std::to_string(t->offset) +
           " elements, strides " + ShapeString(t->strides) + ", shape " +
           ShapeString(t->view_shape) + ") reaches bytes [" + resample::Int128String(span.lo) +
           ", " + resample::Int128String(span.hi) +
           ") from the data pointer, outside the aclrtMalloc block it lies in";
  }
  where->block = block;
  where->bytes = range;
  return "";
}

// Phase 2 of an empty problem: the workspace and stream rules, no work.
class EmptyExecutor : public aclOpExecutor {
 public:
  std::string op;
  aclnnStatus Launch(const std::shared_ptr<aclOpExecutor>&, void*, uint64_t,
                     void* stream) override {
    if (!runtime::IsLiveStream(stream)) {
      return Fail(ACLNN_ERR_PARAM_INVALID, op + ": stream is not a live stream");
    }
    return ACLNN_SUCCESS;
  }
};

// Phase 2 of a planned problem: the plan (2-D or volume) and the views it
// runs on, with their placements to re-check.
template <typename Plan, typename Source, typename Destination>
class PlanExecutor : public aclOpExecutor {
 public:
  std::shared_ptr<const Plan> plan;
  std::string op;        // the phase-2 function's name, for messages
  std::string src_name;  // the source tensor's parameter name
  std::string dst_name;  // the destination's
  Source source;
  Destination destination;
  Placement source_at;
  Placement destination_at;

  aclnnStatus Launch(const std::shared_ptr<aclOpExecutor>& self, void* workspace,
                     uint64_t given_bytes, void* stream) override {
    std::vector<uintptr_t> pins;
    for (const Placement* p : {&source_at, &destination_at}) {
      uintptr_t block = 0;
      if (!runtime::FindBlock(reinterpret_cast<const void*>(p->bytes.begin), p->bytes.size(),
                              &block) ||
          block != p->block) {
        return Fail(ACLNN_ERR_PARAM_INVALID, op + ": the " +
                                                 (p == &destination_at ? dst_name : src_name) +
                                                 " memory was freed after phase 1");
      }
      pins.push_back(block);
    }
    const uint64_t need = plan->scratch_bytes();
    if (given_bytes < need) {
      return Fail(ACLNN_ERR_PARAM_INVALID, op + ": workspaceSize=" + std::to_string(given_bytes) +
                                               " is smaller than the " + std::to_string(need) +
                                               " bytes phase 1 asked for");
    }
    uintptr_t ws_block = 0;
    if (need > 0) {
      if (!runtime::FindBlock(workspace, need, &ws_block)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    op + ": workspace with " + std::to_string(need) +
                        " bytes is not inside one live aclrtMalloc block (not device memory)");
      }
      const uintptr_t ws_lo = reinterpret_cast<uintptr_t>(workspace);
      const resample::AddressRange ws_bytes{ws_lo, ws_lo + need};  // inside a block: no wrap
      for (const Placement* p : {&source_at, &destination_at}) {
        if (ws_bytes.Overlaps(p->bytes)) {
          return Fail(ACLNN_ERR_PARAM_INVALID, op + ": the workspace overlaps " +
                                                   (p == &destination_at ? dst_name : src_name));
        }
      }
      pins.push_back(ws_block);
    }
    if (!runtime::IsLiveStream(stream)) {
      return Fail(ACLNN_ERR_PARAM_INVALID, op + ": stream is not a live stream");
    }
    auto keep = self;  // the work owns the executor until it has run
    const bool queued = runtime::Enqueue(
        stream, [keep, this, workspace] { plan->Run(source, destination, workspace); }, pins,
        plan->small_job());
    if (!queued) {
      return Fail(ACLNN_ERR_PARAM_INVALID, op + ": memory or stream released concurrently");
    }
    return ACLNN_SUCCESS;
  }
};

// Phase 1's last step: the executor, registered, handed out.
template <typename Plan, typename Source, typename Destination>
aclnnStatus RegisterPlan(std::shared_ptr<const Plan> plan, const char* run_op, const char* src_name,
                         const char* dst_name, const Source& source, const Destination& destination,
                         const Placement& src_at, const Placement& dst_at, uint64_t* workspaceSize,
                         aclOpExecutor** executor) {
  auto exec = std::make_shared<PlanExecutor<Plan, Source, Destination>>();
  exec->plan = std::move(plan);
  exec->op = run_op;
  exec->src_name = src_name;
  exec->dst_name = dst_name;
  exec->source = source;
  exec->destination = destination;
  exec->source_at = src_at;
  exec->destination_at = dst_at;
  exec->workspace_size = exec->plan->scratch_bytes();
  const uint64_t size = exec->workspace_size;
  aclOpExecutor* handle = exec.get();
  RegisterExecutor(std::move(exec));  // may throw: then nothing is handed out
  *workspaceSize = size;
  *executor = handle;
  return ACLNN_SUCCESS;
}

// Row 9 of the checks for any rank: both views inside the aclrtMalloc blocks
// their data pointers lie in and aligned, the destination not overlapping
// itself, source and destination disjoint. "" or the message.
std::string CheckPlacements(const char* src_name, const aclTensor* source, const char* dst_name,
                            const aclTensor* destination, Placement* src_at, Placement* dst_at) {
  std::string why = CheckPlacement(src_name, source, src_at);
  if (!why.empty()) return why;
  why = CheckPlacement(dst_name, destination, dst_at);
  if (!why.empty()) return why;
  if (resample::ViewOverlapsItself(destination->view_shape.data(), destination->strides.data(),
                                   static_cast<int>(destination->view_shape.size()))) {
    return std::string(dst_name) + " strides " + ShapeString(destination->strides) +
           " make the view of shape " + ShapeString(destination->view_shape) + " overlap itself";
  }
  if (src_at->bytes.Overlaps(dst_at->bytes)) {
    return std::string(src_name) + " and " + dst_name + " overlap in memory";
  }
  return "";
}

template <typename View>
View ViewAt(const aclTensor* t, const int64_t* shape, const int64_t* strides, int rank) {
  View v;
  const int64_t size = static_cast<int64_t>(runtime::DataTypeBytes(t->dtype));
  v.data = static_cast<char*>(t->data) + t->offset * size;
  v.dtype = ToEngine(t->dtype);
  for (int k = 0; k < rank; ++k) {
    v.shape[k] = shape[k];
    v.strides[k] = strides[k];
  }
  return v;
}

}  // namespace

bool IsSupportedDtype(int32_t t) { return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16; }

std::string CheckTensorsAndScales(const char* src_name, const aclTensor* src, const aclTensor* out,
                                  double scalesH, double scalesW) {
#define FAIL_IF(cond, msg) \
  if (cond) return (msg)
  // 2. Data types.
  FAIL_IF(!IsSupportedDtype(src->dtype),
          std::string(src_name) + " dtype " + std::to_string(src->dtype) + " (" +
              DataTypeName(src->dtype) + ") is not supported; expected FLOAT, FLOAT16 or BFLOAT16");
  FAIL_IF(out->dtype != src->dtype,
          "out dtype " + std::to_string(out->dtype) + " (" + DataTypeName(out->dtype) +
              ") differs from " + std::string(src_name) + " dtype " + DataTypeName(src->dtype));

  // 3. Scales: negative is an error; NaN counts as "not given".
  FAIL_IF(scalesH < 0.0, "scalesH=" + resample::NumberString(scalesH) + " must not be negative");
  FAIL_IF(scalesW < 0.0, "scalesW=" + resample::NumberString(scalesW) + " must not be negative");

  // 4. Formats and ranks.
  FAIL_IF(src->format != out->format, std::string(src_name) + " format " + FormatName(src->format) +
                                          " (" + std::to_string(src->format) +
                                          ") differs from out format " + FormatName(out->format) +
                                          " (" + std::to_string(out->format) + ")");
  FAIL_IF(src->format != ACL_FORMAT_NCHW && src->format != ACL_FORMAT_ND,
          std::string("format ") + FormatName(src->format) + " (" + std::to_string(src->format) +
              ") is not supported; expected NCHW or ND");
  FAIL_IF(src->view_shape.size() != 4, std::string(src_name) + " must be 4-D, got " +
                                           std::to_string(src->view_shape.size()) + "-D shape " +
                                           ShapeString(src->view_shape));
  FAIL_IF(out->view_shape.size() != 4, "out must be 4-D, got " +
                                           std::to_string(out->view_shape.size()) + "-D shape " +
                                           ShapeString(out->view_shape));
#undef FAIL_IF
  return "";
}

EngineView NchwView(const aclTensor* t, bool nhwc) {
  EngineView v;
  if (t->view_shape.size() == 3) {  // (N, C, L) -> (N, C, 1, L)
    v.shape[0] = t->view_shape[0], v.shape[1] = t->view_shape[1], v.shape[2] = 1;
    v.shape[3] = t->view_shape[2];
    v.strides[0] = t->strides[0], v.strides[1] = t->strides[1], v.strides[2] = 0;
    v.strides[3] = t->strides[2];
    return v;
  }
  // NHWC: view dims (N, H, W, C) -> engine order (N, C, H, W).
  static constexpr int kNchw[4] = {0, 1, 2, 3};
  static constexpr int kNhwc[4] = {0, 3, 1, 2};
  const int* from = nhwc ? kNhwc : kNchw;
  for (int k = 0; k < 4; ++k) {
    v.shape[k] = t->view_shape[static_cast<size_t>(from[k])];
    v.strides[k] = t->strides[static_cast<size_t>(from[k])];
  }
  return v;
}

aclnnStatus PlaceAndPlan(const char* op, const char* run_op, const char* src_name,
                         const char* dst_name, const aclTensor* source,
                         const EngineView& source_view, aclTensor* destination,
                         const EngineView& destination_view,
                         const resample::ResampleProblem& requested, uint64_t* workspaceSize,
                         aclOpExecutor** executor) {
  // 9. Memory, then the plan.
  Placement src_at, dst_at;
  const std::string why =
      CheckPlacements(src_name, source, dst_name, destination, &src_at, &dst_at);
  if (!why.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + why);
  // The engine's limit on the weight tables (2^30 taps an axis).
  const std::string tables =
      resample::CheckTableSizes(requested, source->view_shape.size() == 3 ? "L" : "W");
  if (!tables.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + tables);
  resample::ResampleProblem problem = requested;
  EngineView src_view = source_view, dst_view = destination_view;
  resample::ColumnsAsRows(&problem, src_view.shape, src_view.strides, dst_view.shape,
                          dst_view.strides);
  const resample::ViewLayout src_layout{ToEngine(source->dtype), src_view.strides[3],
                                        src_view.strides[1]};
  const resample::ViewLayout dst_layout{ToEngine(destination->dtype), dst_view.strides[3],
                                        dst_view.strides[1]};
  std::string error;
  std::shared_ptr<const resample::ResamplePlan> plan = resample::ResamplePlan::Create(
      problem, src_layout, dst_layout,
      resample::ResamplePlan::DefaultPartition(problem, src_layout.dtype, dst_layout.dtype,
                                               resample::ThreadPool::Global().num_threads()),
      &error);
  if (!plan) return Fail(ACLNN_ERR_INNER, std::string(op) + ": " + error);
  return RegisterPlan(plan, run_op, src_name, dst_name,
                      ViewAt<TensorView>(source, src_view.shape, src_view.strides, 4),
                      ViewAt<MutableTensorView>(destination, dst_view.shape, dst_view.strides, 4),
                      src_at, dst_at, workspaceSize, executor);
}

aclnnStatus PlaceAndPlanVolume(const char* op, const char* run_op, const char* src_name,
                               const char* dst_name, const aclTensor* source,
                               const VolumeEngineView& src_view, aclTensor* destination,
                               const VolumeEngineView& dst_view,
                               const resample::VolumeProblem& problem, uint64_t* workspaceSize,
                               aclOpExecutor** executor) {
  Placement src_at, dst_at;
  const std::string why =
      CheckPlacements(src_name, source, dst_name, destination, &src_at, &dst_at);
  if (!why.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + why);
  const std::string tables = resample::CheckTableSizes(problem);
  if (!tables.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, std::string(op) + ": " + tables);
  std::string error;
  std::shared_ptr<const resample::VolumePlan> plan = resample::VolumePlan::Create(
      problem, {ToEngine(source->dtype), src_view.strides[4], src_view.strides[1]},
      {ToEngine(destination->dtype), dst_view.strides[4], dst_view.strides[1]},
      resample::ThreadPool::Global().num_threads(), &error);
  if (!plan) return Fail(ACLNN_ERR_INNER, std::string(op) + ": " + error);
  return RegisterPlan(plan, run_op, src_name, dst_name,
                      ViewAt<VolumeView>(source, src_view.shape, src_view.strides, 5),
                      ViewAt<MutableVolumeView>(destination, dst_view.shape, dst_view.strides, 5),
                      src_at, dst_at, workspaceSize, executor);
}

VolumeEngineView NcdhwView(const aclTensor* t, bool channels_last) {
  // NDHWC: view dims (N, D, H, W, C) -> engine order (N, C, D, H, W).
  static constexpr int kNcdhw[5] = {0, 1, 2, 3, 4};
  static constexpr int kNdhwc[5] = {0, 4, 1, 2, 3};
  const int* from = channels_last ? kNdhwc : kNcdhw;
  VolumeEngineView v;
  for (int k = 0; k < 5; ++k) {
    v.shape[k] = t->view_shape[static_cast<size_t>(from[k])];
    v.strides[k] = t->strides[static_cast<size_t>(from[k])];
  }
  return v;
}

aclnnStatus PlaceAndPlan(const char* op, const char* run_op, const char* src_name,
                         const aclTensor* source, aclTensor* destination,
                         const resample::ResampleProblem& problem, uint64_t* workspaceSize,
                         aclOpExecutor** executor) {
  return PlaceAndPlan(op, run_op, src_name, "out", source, NchwView(source, false), destination,
                      NchwView(destination, false), problem, workspaceSize, executor);
}

aclnnStatus PlanNothing(const char* run_op, uint64_t* workspaceSize, aclOpExecutor** executor) {
  auto exec = std::make_shared<EmptyExecutor>();
  exec->op = run_op;
  aclOpExecutor* handle = exec.get();
  RegisterExecutor(std::move(exec));
  *workspaceSize = 0;
  *executor = handle;
  return ACLNN_SUCCESS;
}

aclnnStatus RunExecutor(const char* op, void* workspace, uint64_t workspaceSize,
                        aclOpExecutor* executor, aclrtStream stream) {
  if (executor == nullptr) {
    return Fail(ACLNN_ERR_PARAM_NULLPTR, std::string(op) + ": executor is nullptr");
  }
  const ExecutorRun run = TakeExecutorForRun(executor);
  if (!run.executor) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                std::string(op) +
                    ": executor is not live (already run without aclSetAclOpExecutorRepeatable, "
                    "running on another thread, destroyed, or never created)");
  }
  // Ends the hold on every way out, a throw included (GuardOp's status).
  struct Hold {
    const ExecutorRun& run;
    bool release = false;
    ~Hold() { EndExecutorRun(run, release); }
  } hold{run};
  if (workspaceSize > 0 && workspace == nullptr) {
    hold.release = true;  // a non-repeatable executor is released, as CANN does
    return Fail(ACLNN_ERR_PARAM_NULLPTR,
                std::string(op) +
                    ": workspace is nullptr with workspaceSize=" + std::to_string(workspaceSize));
  }
  const aclnnStatus status = run.executor->Launch(run.executor, workspace, workspaceSize, stream);
  hold.release = status == ACLNN_SUCCESS;  // not launched: the caller's, to run again or destroy
  return status;
}

}  // namespace aclnn_host::aclnn
