// The machine's memory numbers that the ops are measured against.
//
//   stream_bandwidth THREADS
//     A simple streaming loop (read one buffer, write another, 256 MiB each
//     way) with THREADS threads: prints the read+write bandwidth in GB/s.
//
//   stream_bandwidth THREADS READ_BYTES WRITE_BYTES
//     The floor of one shape: the least time, in ms, in which THREADS threads
//     read READ_BYTES and write WRITE_BYTES once (a plain loop over the same
//     bytes as the op, no arithmetic), with the caches emptied before each
//     timed pass as the bench's calls find them. The reads and writes are
//     interleaved in proportion, as an op's passes mix them; the writes are
//     tried with regular and with non-temporal stores, and the faster kept.
//     The threads are started once and kept, as the library's pool is.
#include <emmintrin.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

int Bandwidth(int threads) {
  const size_t floats = size_t(64) << 20;  // 256 MiB each way
  std::vector<float> src(floats, 1.0f), dst(floats, 0.0f);
  double best = 1e30;
  for (int rep = 0; rep < 7; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        const size_t begin = floats / threads * t;
        const size_t end = t == threads - 1 ? floats : floats / threads * (t + 1);
        const float* s = src.data();
        float* d = dst.data();
        for (size_t i = begin; i < end; ++i) d[i] = s[i] * 1.0001f;
      });
    }
    for (auto& p : pool) p.join();
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (sec < best) best = sec;
  }
  std::printf("%.3f\n", 2.0 * floats * sizeof(float) / best / 1e9);  // GB/s read+write
  return dst[floats / 2] > 0 ? 0 : 1;
}

constexpr size_t kLine = 64;
constexpr size_t kStepBytes = 4096;  // bytes written per step (the reads in proportion)
constexpr size_t kEvictBytes = size_t(96) << 20;  // more than any L3 here

struct Floor {
  const char* src = nullptr;
  char* dst = nullptr;
  size_t read_bytes = 0, write_bytes = 0;
  const char* evict = nullptr;
  int threads = 1;
  std::atomic<int> generation{0};  // bumped per phase by thread 0
  std::atomic<int> arrived{0};
  std::atomic<bool> stop{false};
  bool streamed = false;
  std::atomic<uint64_t> sink{0};

  void Barrier(int& seen) {
    if (arrived.fetch_add(1) + 1 == threads) {
      arrived.store(0);
      generation.fetch_add(1);
    } else {
      while (generation.load() == seen) std::this_thread::yield();
    }
    ++seen;
  }

  // Reads this thread's share of the eviction buffer: every cache (the
  // thread's own L1/L2 and, between them, the shared L3) ends up holding
  // clean lines of nothing the pass touches.
  void Evict(int t) {
    const size_t share = kEvictBytes / static_cast<size_t>(threads);
    __m128i acc = _mm_setzero_si128();
    for (size_t b = share * t; b < share * (t + 1); b += kLine) {
      acc = _mm_add_epi32(acc, _mm_load_si128(reinterpret_cast<const __m128i*>(evict + b)));
    }
    sink.fetch_add(static_cast<uint64_t>(_mm_cvtsi128_si32(acc)));
  }

  // Thread t's share of the pass: the lines of both buffers split evenly,
  // walked in steps that each write kStepBytes and read their proportion.
  void Pass(int t) {
    const auto share = [&](size_t bytes, int i) {
      const size_t lines = bytes / kLine;
      return lines * static_cast<size_t>(i) / static_cast<size_t>(threads) * kLine;
    };
    const size_t r0 = share(read_bytes, t), r1 = share(read_bytes, t + 1);
    const size_t w0 = share(write_bytes, t), w1 = share(write_bytes, t + 1);
    const size_t steps = std::max<size_t>(1, std::max(w1 - w0, r1 - r0) / kStepBytes);
    __m128 acc = _mm_setzero_ps();
    const __m128 value = _mm_set1_ps(1.0f);
    for (size_t s = 0; s < steps; ++s) {
      const size_t ra = r0 + (r1 - r0) / kLine * s / steps * kLine;
      const size_t rb = r0 + (r1 - r0) / kLine * (s + 1) / steps * kLine;
      for (size_t b = ra; b < rb; b += kLine) {
        const float* p = reinterpret_cast<const float*>(src + b);
        acc = _mm_add_ps(acc, _mm_add_ps(_mm_add_ps(_mm_load_ps(p), _mm_load_ps(p + 4)),
                                         _mm_add_ps(_mm_load_ps(p + 8), _mm_load_ps(p + 12))));
      }
      const size_t wa = w0 + (w1 - w0) / kLine * s / steps * kLine;
      const size_t wb = w0 + (w1 - w0) / kLine * (s + 1) / steps * kLine;
      for (size_t b = wa; b < wb; b += kLine) {
        float* p = reinterpret_cast<float*>(dst + b);
        for (int q = 0; q < 16; q += 4) {
          if (streamed) {
            _mm_stream_ps(p + q, value);
          } else {
            _mm_store_ps(p + q, value);
          }
        }
      }
    }
    _mm_sfence();
    sink.fetch_add(static_cast<uint64_t>(_mm_cvtss_f32(acc)));
  }

  // Phases, all threads together: evict, pass (timed by thread 0), repeat.
  void Worker(int t) {
    int seen = 0;
    for (;;) {
      Barrier(seen);
      if (stop.load()) return;
      Evict(t);
      Barrier(seen);
      Pass(t);
      Barrier(seen);
    }
  }
};

int ShapeFloor(int threads, size_t read_bytes, size_t write_bytes) {
  const auto round_up = [](size_t b) { return (b + kLine - 1) / kLine * kLine; };
  read_bytes = round_up(read_bytes);
  write_bytes = round_up(write_bytes);
  auto* src = static_cast<char*>(std::aligned_alloc(kLine, std::max(read_bytes, kLine)));
  auto* dst = static_cast<char*>(std::aligned_alloc(kLine, std::max(write_bytes, kLine)));
  auto* evict = static_cast<char*>(std::aligned_alloc(kLine, kEvictBytes));
  if (src == nullptr || dst == nullptr || evict == nullptr) return 2;
  std::memset(src, 1, read_bytes);
  std::memset(dst, 0, write_bytes);
  std::memset(evict, 2, kEvictBytes);
  Floor f;
  f.src = src;
  f.dst = dst;
  f.read_bytes = read_bytes;
  f.write_bytes = write_bytes;
  f.evict = evict;
  f.threads = threads;
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back([&f, t] { f.Worker(t); });
  double best = 1e30;
  int seen = 0;
  for (int rep = 0; rep < 24; ++rep) {
    f.streamed = rep % 2 == 1;  // set before the phase's barrier releases the workers
    f.Barrier(seen);
    f.Evict(0);
    f.Barrier(seen);
    const auto t0 = std::chrono::steady_clock::now();
    f.Pass(0);
    f.Barrier(seen);
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = std::min(best, sec);
  }
  f.stop.store(true);
  f.Barrier(seen);
  for (auto& p : pool) p.join();
  std::printf("%.4f\n", best * 1e3);
  std::free(src);
  std::free(dst);
  std::free(evict);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const int threads = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1;
  if (argc == 4) {
    return ShapeFloor(threads, std::strtoull(argv[2], nullptr, 10),
                      std::strtoull(argv[3], nullptr, 10));
  }
  if (argc > 2) {
    std::fprintf(stderr, "usage: stream_bandwidth THREADS [READ_BYTES WRITE_BYTES]\n");
    return 2;
  }
  return Bandwidth(threads);
}
