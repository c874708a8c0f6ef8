// Separable resampling as a plan: built once (weight tables from the filter
// layer, pass order, scratch layout), then run any number of times over
// strided views. The same engine runs every mode's forward (x -> y) and
// backward (dY -> dX, the transpose). Pure C++; knows nothing of the aclnn API.
#ifndef ACLNN_HOST_RESAMPLE_BACKWARD_H_
#define ACLNN_HOST_RESAMPLE_BACKWARD_H_

#include <cstdint>
#include <memory>
#include <string>

#include "aclnn_host/tensor_view.h"
#include "resample/axis_weights.h"
#include "resample/filters.h"
#include "resample/thread_pool.h"

namespace aclnn_host::resample {

// One axis's tables as a direction uses them.
struct AxisTables {
  bool identity = false;
  GatherTable gather;
  BlockedTable blocked;
};

enum class Direction {
  kBackward,  // source gradOutput (N, C, out_h, out_w) -> destination (N, C, in_h, in_w)
  kForward,   // source x (N, C, in_h, in_w) -> destination y (N, C, out_h, out_w)
};

// One axis's tables in the form `direction` gathers with (the blocked form
// too where `blocked`), built once and shared between plans (a network calls
// the op with the same few shapes over and over); null where they would
// exceed 2^30 taps.
std::shared_ptr<const AxisTables> CachedAxisTables(const AxisRule& rule, Direction direction,
                                                   bool blocked);

// Why one axis's weight tables would exceed the engine's limit of 2^30 taps
// ("" where they do not): names the axis (`axis`: "D", "H", "W" or "L") and
// its forward sizes. The C and native APIs refuse such a problem as an
// invalid argument before planning (Create's own guard returns no plan).
std::string AxisTableLimit(const AxisRule& rule, const char* axis);

// Sizes are always the forward op's: in = forward input, out = forward output.
struct ResampleProblem {
  int64_t batch = 0;     // N
  int64_t channels = 0;  // C
  int64_t out_h = 0;     // forward output = gradOutput's H, W
  int64_t out_w = 0;
  int64_t in_h = 0;  // forward input = result's H, W
  int64_t in_w = 0;
  bool align_corners = false;
  double scales_h = 0.0;  // forward scale factors; <= 0 or NaN: not given
  double scales_w = 0.0;
  Direction direction = Direction::kBackward;
  Filter filter = Filter::kCubicAA;
  // Every destination value times this (fp32 engine only): each height
  // weight is multiplied by it once, when the plan is made. The 3-D phased
  // form folds its phase's depth weight into it.
  float gain = 1.0f;
};

// AxisTableLimit for the H axis, then the W axis (named w_axis: "L" for the
// 1-D functions).
std::string CheckTableSizes(const ResampleProblem& problem, const char* w_axis = "W");

// How a plan computes: the fp32 engine (fp32, fp16, bf16: fp32 arithmetic,
// 16-bit rounded once), double arithmetic for DOUBLE tensors, or exact
// element copies (nearest forwards, any dtype: PyTorch copies the bits).
enum class Arithmetic { kFloat32, kFloat64, kCopy };

// How the two separable passes are arranged. Per plane the destination is
// D = Gh . S . Gw^T with gather tables Gh, Gw (the forward weights for the
// forward, their transposes for the backward); "height first" forms Gh . S
// row by row, "width first" forms S . Gw^T rows into a ring cache.
enum class PassOrder { kCopy, kHeightFirst, kWidthFirst };

// Row layout facts the plan needs (not the data pointers).
struct ViewLayout {
  DataType dtype = DataType::kFloat32;
  int64_t w_stride = 1;  // elements between neighbours along W
  int64_t c_stride = 0;  // elements between neighbours along C (0: not given)
};

// How Run splits its work: `chunks` units of consecutive destination rows,
// run by at most `threads` threads at once, each with its own scratch.
// Results do not depend on either number.
struct Partition {
  int64_t chunks = 1;
  int threads = 1;
  // > 0: the runs of this plan write parts of one larger output of this many
  // elements (a volume runs a plan per depth slice); whether the destination
  // is written with non-temporal stores follows that output's size.
  double whole_destination_elements = 0.0;
  // Who runs it (ThreadPool::ParallelFor): SizeOfJob of its bytes.
  JobSize job_size = JobSize::kLarge;
};

// Jobs that read and write fewer bytes than this leave sleeping workers
// asleep after an idle spell (ThreadPool::ParallelFor): waking one costs the
// caller ~20-30 us on the project's 2-vCPU VMs and it arrives ~45 us later,
// when the caller has done much of such a job alone. Measured on the Intel
// Xeon VM with the workers kept off the caller's CPU (KeepWorkersOffCallerCpu),
// AVX2, 2 threads, AA bicubic backwards of 32 -> 8 on N x 16 planes and 14 ->
// 7 on N x 64, medians of 60 calls 10 ms apart / of 30 on emptied caches,
// caller alone against the worker woken: 1.1 MB 0.080-0.087 / 0.20-0.23 ms
// against 0.118-0.120 / 0.184-0.188; 1.4 MB 0.109-0.174 / 0.23-0.25 against
// 0.126-0.145 / 0.20-0.21; 1.5-1.7 MB 0.128-0.160 / 0.30-0.33 against
// 0.134-0.154 / 0.22-0.24; 2.0-2.2 MB 0.175-0.19 / 0.34-0.37 against
// 0.16-0.17 / 0.23-0.27; 2.5 MB 0.245-0.265 / 0.52 against 0.19-0.21 /
// 0.32-0.35. (Before the workers were kept off the caller's CPU, a woken
// worker landed on it, and jobs up to 3 MiB ran on the caller alone.)
inline constexpr double kWakeWorkersBytes = 1.5 * (1 << 20);

// Jobs under this many bytes that are launched on an idle stream whose
// thread sleeps run on the launching thread (runtime::Enqueue's `small`):
// waking the stream's thread cost the caller 50-70 us on the project's
// 2-vCPU VMs (README, "Small problems").
inline constexpr double kRunOnLaunchBytes = 3.0 * (1 << 20);

// Jobs that read and write fewer bytes than this run on the caller alone
// when the pool runs on an OpenMP team (inside PyTorch). Measured through
// the PyTorch override (AMD EPYC VM, 2 threads, AVX-512, best of 25 batches
// of 300 bilinear forwards of (1, C, 64, 64) -> 32, us per call, the team
// against the caller alone): 60 KB 12.9 / 10.8, 160 KB 17.4 / 13.4, 320 KB
// 24.5 / 17.6, 640 KB 28.4 / 27.9, 1.3 MB 40.4 / 48.0.
inline constexpr double kCallerAloneBytes = 512.0 * (1 << 10);

// Jobs that read and write fewer bytes than this run on the caller alone,
// on the pool's own threads too, even with workers awake (ThreadPool::
// ParallelFor): handing out the tasks costs more than the second thread
// saves. Measured on the Intel Xeon VM through the C API, AVX2, calls back
// to back (workers spinning), medians of 3000 calls, 1 thread against 2:
// AA bicubic backward of 64 -> 32 on C planes, 20 KB 2.2 / 5.1 us, 40 KB 3.3
// / 6.2, 80 KB 5.3 / 6.9, 160 KB 9.4 / 8.9; of 32 -> 64 (more FMAs a byte)
// 80 KB 10.7-10.8 / 10.3-11.6, 100 KB 13.0 / 12.1-12.5, 160 KB 20.0-20.1 /
// 15.2-17.0.
inline constexpr double kMicroJobBytes = 64.0 * (1 << 10);

inline JobSize SizeOfJob(double bytes) {
  return bytes < kMicroJobBytes      ? JobSize::kMicro
         : bytes < kCallerAloneBytes ? JobSize::kTiny
         : bytes < kWakeWorkersBytes ? JobSize::kSmall
         : bytes < kRunOnLaunchBytes ? JobSize::kMedium
                                     : JobSize::kLarge;
}

// The bytes a job reads and writes: `planes` planes (or volumes) of
// in_elements and out_elements, the source side being the output for a
// backward.
double JobBytes(double planes, double in_elements, double out_elements, bool backward,
                DataType source, DataType destination);

// Channels-last views on both sides (C stride 1, W stride C), with enough
// channels for pixel rows (ResamplePlan::pixel_rows): kMinPixelChannels for
// the fp32 engine, kMinPixelCopyChannels for element copies (`copy`: the
// nearest forwards, whole pixels copied).
inline constexpr int64_t kMinPixelCopyChannels = 2;
bool PixelLayouts(const ViewLayout& source, const ViewLayout& destination, int64_t channels,
                  bool copy);

// Planes one element wide on both sides (in_w == out_w == 1, more than one
// row) as planes one row high: swaps H and W in *problem and in both views'
// shapes and strides. The height pass over rows of one element pays its
// per-row cost on every element; the width pass runs the same sums along one
// row (a contiguous column is a contiguous row). For gradOutput
// (1, 1, 250, 1) of 1000x1, AA bicubic, AVX2, 1 thread: fp32 0.023 -> 0.003
// ms, and fp16 / bf16 1.7x -> 1.0x of fp32's time.
void ColumnsAsRows(ResampleProblem* problem, int64_t source_shape[4], int64_t source_strides[4],
                   int64_t destination_shape[4], int64_t destination_strides[4]);

class ResamplePlan {
 public:
  // At least this many work units per thread: a thread that starts late
  // (waking a worker takes tens of microseconds on a VM) finds the others'
  // units already taken instead of holding up the end.
  static constexpr int64_t kChunksPerThread = 4;
  // Large problems get units of about this many bytes (source and
  // destination), so that a thread slowed down by another process (a
  // neighbour on a shared machine, another runtime's threads still spinning)
  // holds up the end by one short unit at most.
  static constexpr uint64_t kChunkBytes = uint64_t{1} << 20;
  static constexpr int64_t kMaxChunks = 256;

  // Row caches aim to stay in a core's L2.
  static constexpr uint64_t kDefaultRowCacheBytes = uint64_t{1} << 20;

  // The partition for `threads` threads: one thread and one chunk for a job
  // under kMicroJobBytes, unless `part_of_larger_job` (a volume's phase plans,
  // whose pieces run in the volume's job: they keep the threads asked for).
  static Partition DefaultPartition(const ResampleProblem& problem, DataType source,
                                    DataType destination, int threads,
                                    bool part_of_larger_job = false);

  // Returns nullptr and sets *error when the tables would not fit in memory.
  // row_cache_bytes bounds each thread's row caches (tests shrink it to drive
  // the multi-group and ring-cache paths; results do not depend on it).
  static std::unique_ptr<ResamplePlan> Create(const ResampleProblem& problem,
                                              const ViewLayout& source,
                                              const ViewLayout& destination,
                                              const Partition& partition, std::string* error,
                                              uint64_t row_cache_bytes = kDefaultRowCacheBytes);

  // Bytes of scratch Run needs (all threads together, alignment included).
  uint64_t scratch_bytes() const { return scratch_bytes_; }
  PassOrder order() const { return order_; }
  // Under kRunOnLaunchBytes: a launch on an idle stream runs it on the caller.
  bool small_job() const { return job_size_ != JobSize::kLarge; }
  // Whether the height pass writes the destination with non-temporal stores.
  bool destination_streamed() const { return destination_streamed_; }
  // Whether the width-first order runs whole small planes per height-pass
  // call (RunWidthFirstSmallPlanes).
  bool small_planes() const { return small_planes_; }
  // The small planes' width pass prefetches the planes ahead of it on every
  // CPU but Intel's (resample_plan.cc, kSmallPlanePrefetchBytes); tests turn
  // it on or off, so that both forms run on any machine.
  void SetPlanePrefetchForTesting(bool on) { prefetch_planes_ = on; }
  // The small planes' height pass staggers by a row the pairs of planes
  // whose destinations lie a multiple of 4 KiB apart on Intel CPUs (AVX2;
  // kernels_planes.cc, StaggeredPlanePair); tests turn it on or off, so that
  // both forms run on any machine.
  void SetStagger4KiBApartForTesting(bool on) { stagger_4kib_apart_planes_ = on; }
  // Whether the height-first order sweeps the source rows (fp32 rows read in
  // place; others gather); tests turn it off, or on wherever it can run (any
  // tap count and row width; returns whether it is on), to compare the two
  // forms' bytes. Where the width pass runs transposed (AVX2), the runner
  // gathers rows of more than 256 floats all the same (resample_plan.cc,
  // kMaxSweepRowFloatsTransposed).
  bool height_sweep() const { return height_sweep_; }
  void DisableHeightSweepForTesting() { height_sweep_ = false; }
  bool EnableHeightSweepForTesting() { return height_sweep_ = sweep_capable_; }
  // Where the height-first order gathers, two consecutive rows whose sums
  // share source rows read in place are summed in one pass over them where
  // they read at least 16 KiB (resample_plan.cc, kMinPairSourceBytes); tests
  // pair them wherever they can (sharing 2 rows or more), or never, to
  // compare the bytes.
  void PairRowsWhereverPossibleForTesting() { pair_min_source_bytes_ = 0; }
  void DisableRowPairsForTesting() { pair_min_source_bytes_ = INT64_MAX; }
  // Whether the height-first order prefetches the source rows ahead of its
  // sums (resample_plan.cc: not rows of kIntelMaxPrefetchRowBytes or more on
  // Intel); tests prefetch them, or not, to compare the bytes (the sums then
  // take other kernels).
  void SetRowPrefetchForTesting(bool on) { prefetch_rows_ahead_ = on; }
  // Whether groups of 8 rows take the transposed width pass where the target
  // has one (AVX2); tests turn it off to compare the two forms' bytes.
  bool width_transposed() const { return width_transposed_; }
  void DisableTransposedWidthForTesting() { width_transposed_ = false; }
  // Whether the width pass takes its table's phased or periodic lane8 form
  // where the target takes it (BlockedTable::phase_period and lane8_period:
  // AVX2, and AVX-512 where a phase or a lane8 run has one or two taps);
  // tests turn it off to compare the forms' bytes with the lane forms'.
  bool width_phased() const { return width_phased_; }
  void DisablePhasedWidthForTesting() { width_phased_ = false; }
  // Whether height-first rows that sum two source rows take both passes in
  // one kernel call (kernels::pair_decimated_row and its 16-bit forms:
  // fp32, fp16 or bf16 rows in place, a two-tap decimated width form); tests
  // turn it off to compare the bytes with the two passes'.
  bool pair_decimated() const { return pair_decimated_; }
  void DisablePairDecimatedForTesting() { pair_decimated_ = false; }
  // Whether rows that go straight to the width pass (an identity height
  // axis), fp16 or bf16 rows of unit stride in and out, take the decimated
  // width form in place (kernels::decimated_half_rows and the bf16 form:
  // no fp32 stage or result rows); tests turn it off to compare the bytes
  // with the converted rows'.
  bool decimated16() const { return decimated16_; }
  void DisableDecimated16ForTesting() { decimated16_ = false; }
  // Whether height-first rows into fp16 or bf16 destination rows (unit
  // stride, not streamed) whose width table has a phased or periodic lane8
  // run take kernels::width_pass_to_half / width_pass_to_bfloat16 (the run's
  // sums rounded as they are stored) where the target has it; tests turn it
  // off to compare the bytes with the fp32 result rows'.
  bool width16() const { return width16_; }
  void DisableWidth16ForTesting() { width16_ = false; }
  // Channels-last views: both views' rows (n, h) are W pixels of C
  // contiguous channels (C stride 1, W stride C, C >= kMinPixelChannels, the
  // fp32 engine). The height pass sums whole rows of W * C elements and the
  // width pass sums pixels (vectors along C) instead of gathering each
  // plane's elements C apart. The same pass order and sums as contiguous
  // views of the problem, so the same bytes. Measured from 3 channels: AVX2, 1
  // thread, AA bicubic, strided gathers against pixel rows: 4 channels 512 ->
  // 1024 forward 4.8 -> 4.1 ms, backward 5.9 -> 3.9; 6 channels 300 -> 150
  // 1.24 -> 0.79 and 0.87 -> 0.52; RGB (8, 3, 512, 512) -> 224, best of 10,
  // two alternated runs: bilinear forward 4.8 -> 3.0, bicubic 5.1-5.5 ->
  // 3.5-4.3, AA bicubic 6.6-6.7 -> 6.3-6.4, backwards within the noise
  // (4.6-6.4 against 3.9-7.2). 2 channels since their width pass runs
  // through planes (pixel_planar): AVX2, 2 threads, hot, strided gathers
  // against planes, (8, 2, 512, 512) -> 224 AA bilinear forward 2.1 -> 1.9
  // ms, its backward 1.8 -> 0.64; nearest-exact backward of 256 -> 512 on
  // (4, 2) planes 1.55 -> 0.49.
  static constexpr int64_t kMinPixelChannels = 2;
  bool pixel_rows() const { return pixel_rows_; }
  // Pixel rows of 2 to kernels::kMaxPlanarChannels channels take their width
  // pass through planes: each row's channels split into C planar rows, the
  // contiguous layout's width pass over those (the same bits), joined back.
  // Pixels of fewer channels than a vector's lanes left most lanes idle:
  // RGB (8, 3, 224, 224) -> (512, 512) nearest-exact backward, AVX-512, 1
  // thread, 2.4 ms through pixels against 1.2 for contiguous views.
  bool pixel_planar() const { return pixel_planar_; }
  Arithmetic arithmetic() const { return arithmetic_; }
  const ResampleProblem& problem() const { return problem_; }
  // Per destination row, the source rows it gathers; per destination column,
  // the source columns.
  const GatherTable& height() const { return height_tables_->gather; }
  const GatherTable& width() const { return width_tables_->gather; }
  const BlockedTable& width_blocked() const { return width_tables_->blocked; }
  // Whether the width axis is a copy (no width pass).
  bool width_identity() const { return w_identity_; }
  // The width pass of `rows` (1 to kernels::kMaxWidthRows) fp32 rows of
  // width().src_size floats into rows of width().size floats (pixel rows:
  // times C) as this plan's height-first order runs it (the same forms, so
  // the same bits), for callers that form the height sums themselves (a
  // volume's combined depth and height sums). from_memory: the rows are
  // likely not cached. scratch: width_scratch_floats() floats, 64-byte
  // aligned (none where 0).
  void WidthPassRows(const float* const* src, float* const* dst, int64_t rows, bool from_memory,
                     float* scratch) const;
  int64_t width_scratch_floats() const;

  // source and destination must match the problem and the layouts given to
  // Create. scratch must hold scratch_bytes() bytes. Deterministic: the bytes
  // written do not depend on the thread count or on the partition.
  void Run(const TensorView& grad_output, const MutableTensorView& out, void* scratch) const;
  // Run on the calling thread only, all rows as one chunk with the first
  // thread's scratch (scratch_bytes() suffices): for callers that already run
  // on the pool's threads, such as a volume's per-slice passes. The same bits
  // as Run.
  void RunOnThisThread(const TensorView& source, const MutableTensorView& destination,
                       void* scratch) const;
  // Run in pieces, for callers that put several runs into one job of the
  // pool (a volume's phases): pieces() of them, each a task of that job;
  // RunPiece runs piece k with the scratch of the thread's slot: slot <
  // threads(), slot_stride bytes apart from the workspace's first aligned
  // byte. Plans whose pieces share one workspace and run side by side pass
  // the largest slot_bytes() of them all (each plan's own would let a slot of
  // one overlap another plan's on another thread); scratch as Run's, sized
  // for that stride. Running every piece once writes the bytes Run writes.
  int64_t pieces() const;
  int threads() const { return num_threads_; }
  uint64_t slot_bytes() const { return chunk_bytes_; }
  void RunPiece(const TensorView& source, const MutableTensorView& destination, int64_t k, int slot,
                uint64_t slot_stride, void* scratch) const;

  ResamplePlan(const ResamplePlan&) = delete;
  ResamplePlan& operator=(const ResamplePlan&) = delete;

 private:
  class ChunkRunner;
  class PixelRunner;
  ResamplePlan() = default;
  // Destination rows the chunks split: (n, c, h), or (n, h) for pixel rows.
  int64_t DestinationRows() const;
  // Every chunk, on the pool's threads or on the calling thread only.
  void RunChunks(const TensorView& source, const MutableTensorView& destination, void* scratch,
                 bool on_this_thread) const;
  // Chunk k of `chunks` (consecutive destination rows), with one thread's
  // scratch.
  void RunChunk(const TensorView& source, const MutableTensorView& destination, int64_t k,
                int64_t chunks, char* chunk_scratch) const;
  // Destination rows [begin, end) (planes and rows flattened) of the exact
  // paths; scratch holds chunk_bytes_.
  void CopyRows(const TensorView& source, const MutableTensorView& destination, int64_t begin,
                int64_t end) const;
  void Float64Rows(const TensorView& source, const MutableTensorView& destination, int64_t begin,
                   int64_t end, double* scratch) const;

  ResampleProblem problem_;
  struct Extent {
    int64_t src_h, src_w, dst_h, dst_w;
  };
  Extent extent_{};
  bool source_direct_ = false;       // source rows usable as fp32 in place
  bool destination_direct_ = false;  // destination rows writable as fp32 in place
  // 16-bit destination rows with unit stride: in width-first order the
  // height pass rounds in registers and stores 16 bits (no fp32 result rows).
  bool destination_fused16_ = false;
  // Destinations far larger than the caches (fp32 in place or fused 16-bit):
  // the height pass of the width-first order writes them with non-temporal
  // stores.
  bool destination_streamed_ = false;
  bool h_identity_ = false;
  bool w_identity_ = false;
  // Height-first order: the height pass sweeps the source rows in address
  // order into the width-pass group's stage rows (fp32 source rows read in
  // place), instead of gathering each sum's rows at once.
  bool sweep_capable_ = false;  // height-first, fp32 rows in place, stage rows fit
  bool height_sweep_ = false;
  // Row pairs of the height-first order read at least this many source bytes.
  int64_t pair_min_source_bytes_ = 0;
  bool prefetch_rows_ahead_ = true;  // source rows ahead of the sums prefetched
  // Groups of 8 rows take the width pass through their columns
  // (width_pass_transposed) where the target has it.
  bool width_transposed_ = false;
  bool width_phased_ = false;
  // Height-first sums of two rows and a two-tap decimated width pass in one
  // kernel call a row (kernels::pair_decimated_row).
  bool pair_decimated_ = false;
  // Height-identity 16-bit rows by the decimated width form in place
  // (kernels::decimated_half_rows).
  bool decimated16_ = false;
  bool width16_ = false;
  bool pixel_rows_ = false;
  bool pixel_planar_ = false;
  // Pixel rows: the ring cache's slots (converted source rows height-first,
  // width-passed rows width-first; 0: none).
  int64_t pixel_slots_ = 0;
  PassOrder order_ = PassOrder::kCopy;
  Arithmetic arithmetic_ = Arithmetic::kFloat32;
  // Per destination row: the source rows it gathers; per destination column:
  // the source columns it gathers (also blocked for the width pass).
  std::shared_ptr<const AxisTables> height_tables_;
  std::shared_ptr<const AxisTables> width_tables_;
  // Nearest forwards (copies): the width table's source columns as int32
  // for kernels::gather_row32 (empty where they do not fit).
  std::vector<int32_t> copy_first32_;
  int64_t num_chunks_ = 1;
  int num_threads_ = 1;  // scratch regions
  JobSize job_size_ = JobSize::kLarge;
  int64_t row_cache_slots_ = 0;
  bool small_planes_ = false;  // width-first with whole planes in scratch
  int64_t batch_planes_ = 1;   // small planes handled together
  int64_t whole_lo_ = 0;       // small planes: the source rows [lo, hi) a whole plane reads
  int64_t whole_hi_ = 0;
  int64_t stage_floats_ = 0;                // small planes: the source rows' stage buffer
  bool prefetch_planes_ = false;            // small planes: prefetched ahead (not on Intel)
  bool stagger_4kib_apart_planes_ = false;  // small planes: staggered pairs (Intel)
  uint64_t chunk_bytes_ = 0;
  uint64_t scratch_bytes_ = 0;
};

}  // namespace aclnn_host::resample

#endif  // ACLNN_HOST_RESAMPLE_BACKWARD_H_
