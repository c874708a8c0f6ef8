// Google Benchmark suite of the engine through the native C++ API: the shape
// suites of bench_vs_pytorch.py (backward and forward), every dtype, 1 and 2
// threads.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "aclnn_host/upsample_bicubic2d_aa.h"
#include "evict_caches.h"

namespace {

// ENGINE_BENCH_COLD=1: before each timed call, untimed, write more than the
// caches hold (CacheEvictionBytes) so that no input or output stays in them;
// the L3 of many CPUs holds a whole shape.
bool Cold() {
  static const bool cold = std::getenv("ENGINE_BENCH_COLD") != nullptr;
  return cold;
}

// A buffer 64-byte aligned as aclrtMalloc's (plus ENGINE_BENCH_OFFSET bytes,
// default 0, to time misaligned rows), filled with `fill`.
struct Buffer {
  std::vector<unsigned char> storage;
  unsigned char* data = nullptr;
  size_t size = 0;
  Buffer(size_t bytes, unsigned char fill) : storage(bytes + 128, fill), size(bytes) {
    const char* env = std::getenv("ENGINE_BENCH_OFFSET");
    const uintptr_t offset = env ? std::strtoul(env, nullptr, 10) % 64 : 0;
    const uintptr_t raw = reinterpret_cast<uintptr_t>(storage.data());
    data = storage.data() + ((64 - raw % 64) % 64 + offset);
  }
};

struct Case {
  const char* name;
  int64_t n, c, ho, wo, hi, wi;
};

const Case kCases[] = {
    {"model_input_512_to_224", 8, 3, 224, 224, 512, 512},
    {"inverse_224_to_512", 8, 3, 512, 512, 224, 224},
    {"feature_2x_up", 1, 64, 256, 256, 128, 128},
    {"feature_2x_down", 1, 64, 64, 64, 128, 128},
    {"down4x_1024", 2, 3, 256, 256, 1024, 1024},
    {"single_plane_2048", 1, 1, 1024, 1024, 2048, 2048},
    {"tiny_planes", 32, 16, 8, 8, 32, 32},
    {"hd_1080x1920_to_224", 2, 3, 224, 224, 1080, 1920},
    {"small_maps_14_to_7", 64, 64, 7, 7, 14, 14},
    // The backward's destination (16 MiB) passes the non-temporal store
    // threshold in the height-first order.
    {"feature_2x_up_256_planes", 1, 256, 256, 256, 128, 128},
};

// Times op(source view, destination view) on case k at the benchmark's
// dtype and thread count: the source (N, C, ho, wo), the destination
// (N, C, hi, wi), both contiguous.
template <class Op>
void TimeCase(benchmark::State& state, const Case& k, const Op& op) {
  const auto dtype = static_cast<aclnn_host::DataType>(state.range(1));
  aclnn_host::SetNumThreads(static_cast<int>(state.range(2)));
  const size_t es = dtype == aclnn_host::DataType::kFloat32 ? 4 : 2;
  Buffer in(size_t(k.n * k.c * k.ho * k.wo) * es, 0x3C);
  Buffer out(size_t(k.n * k.c * k.hi * k.wi) * es, 0);
  aclnn_host::TensorView source;
  source.data = in.data;
  source.dtype = dtype;
  const int64_t ss[4] = {k.n, k.c, k.ho, k.wo};
  for (int i = 0; i < 4; ++i) source.shape[i] = ss[i];
  aclnn_host::ContiguousStrides(source.shape, source.strides);
  aclnn_host::MutableTensorView destination;
  destination.data = out.data;
  destination.dtype = dtype;
  const int64_t ds[4] = {k.n, k.c, k.hi, k.wi};
  for (int i = 0; i < 4; ++i) destination.shape[i] = ds[i];
  aclnn_host::ContiguousStrides(destination.shape, destination.strides);
  for (auto _ : state) {
    if (Cold()) {
      state.PauseTiming();
      EvictCaches(CacheEvictionBytes());
      state.ResumeTiming();
    }
    const aclnn_host::Status s = op(source, destination);
    if (!s.ok()) state.SkipWithError(s.message.c_str());
    benchmark::DoNotOptimize(out.data);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(in.size + out.size));
  state.SetLabel(k.name);
}

// Here ho, wo are gradOutput's size and hi, wi the gradient's.
void BM_Backward(benchmark::State& state) {
  TimeCase(state, kCases[state.range(0)], [](const auto& go, const auto& grad_x) {
    return aclnn_host::UpsampleBicubic2dAABackward(go, grad_x, false, 0, 0);
  });
}

// The forward op on the forward suite of bench_vs_pytorch.py (one plane).
const Case kForwardCases[] = {
    {"photo_4032x3024_to_1024x768", 1, 1, 3024, 4032, 768, 1024},
    {"frame_1080x1920_to_224", 1, 1, 1080, 1920, 224, 224},
    {"2048_to_512", 1, 1, 2048, 2048, 512, 512},
    {"512_to_1024_up", 1, 1, 512, 512, 1024, 1024},
};

// Here ho, wo are the input's size and hi, wi the output's.
void BM_Forward(benchmark::State& state) {
  TimeCase(state, kForwardCases[state.range(0)], [](const auto& x, const auto& y) {
    return aclnn_host::UpsampleBicubic2dAA(x, y, false, 0, 0);
  });
}

void ForwardArgs(benchmark::internal::Benchmark* b) {
  for (int c = 0; c < int(sizeof(kForwardCases) / sizeof(kForwardCases[0])); ++c)
    for (int dtype = 0; dtype < 3; ++dtype)
      for (int threads = 1; threads <= 2; ++threads) b->Args({c, dtype, threads});
}

BENCHMARK(BM_Forward)->Apply(ForwardArgs)->Unit(benchmark::kMillisecond)->UseRealTime();

void Args(benchmark::internal::Benchmark* b) {
  for (int c = 0; c < int(sizeof(kCases) / sizeof(kCases[0])); ++c)
    for (int dtype = 0; dtype < 3; ++dtype)
      for (int threads = 1; threads <= 2; ++threads) b->Args({c, dtype, threads});
}

BENCHMARK(BM_Backward)->Apply(Args)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
