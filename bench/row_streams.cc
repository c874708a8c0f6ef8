// How one thread's memory bandwidth depends on the order in which rows are
// walked: the access patterns of the engine's passes, without their
// arithmetic.
//
//   row_streams ROW_FLOATS MIB
//     Over a buffer of MIB MiB of rows of ROW_FLOATS floats, one thread reads
//     (sums) and then writes (regular stores, then non-temporal ones) every
//     row once, K rows at a time: K = 1 walks each row to its end before the
//     next (one sequential stream, as the height sweep reads its source rows);
//     K = 2, 4, 8 take one 64-byte line of each of the K rows in turn (K
//     streams side by side, as a gathered K-row sum reads them or an 8-row
//     width pass writes its rows). Prints GB/s per K, best of 7 passes, the
//     caches emptied before each.
//
// Its numbers on the project's VMs, and what they explain: README,
// "Performance", "Where the time goes".
#include <emmintrin.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "evict_caches.h"

namespace {

constexpr int64_t kLineFloats = 16;

// Sums rows [0, rows) of n floats, k at a time, a line of each in turn.
float ReadRows(const float* data, int64_t rows, int64_t n, int64_t k) {
  __m128 acc = _mm_setzero_ps();
  for (int64_t r = 0; r + k <= rows; r += k) {
    for (int64_t x = 0; x < n; x += kLineFloats) {
      for (int64_t j = 0; j < k; ++j) {
        const float* line = data + (r + j) * n + x;
        acc = _mm_add_ps(acc,
                         _mm_add_ps(_mm_add_ps(_mm_loadu_ps(line), _mm_loadu_ps(line + 4)),
                                    _mm_add_ps(_mm_loadu_ps(line + 8), _mm_loadu_ps(line + 12))));
      }
    }
  }
  float out[4];
  _mm_storeu_ps(out, acc);
  return out[0];
}

// Writes rows [0, rows) of n floats the same way.
void WriteRows(float* data, int64_t rows, int64_t n, int64_t k, bool streamed) {
  const __m128 v = _mm_set1_ps(1.0f);
  for (int64_t r = 0; r + k <= rows; r += k) {
    for (int64_t x = 0; x < n; x += kLineFloats) {
      for (int64_t j = 0; j < k; ++j) {
        float* line = data + (r + j) * n + x;
        for (int q = 0; q < kLineFloats; q += 4) {
          if (streamed) {
            _mm_stream_ps(line + q, v);
          } else {
            _mm_store_ps(line + q, v);
          }
        }
      }
    }
  }
  _mm_sfence();
}

// Best of 7 cold passes of f, in GB/s over `bytes`.
template <class F>
double BestGbps(size_t bytes, const F& f) {
  double best = 1e30;
  for (int rep = 0; rep < 7; ++rep) {
    EvictCaches(CacheEvictionBytes());
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (sec < best) best = sec;
  }
  return static_cast<double>(bytes) / best / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  const int64_t n = argc == 3 ? std::atoll(argv[1]) : 0;
  const int64_t mib = argc == 3 ? std::atoll(argv[2]) : 0;
  if (n <= 0 || n % kLineFloats != 0 || mib <= 0 || mib > 4096) {
    std::fprintf(stderr,
                 "usage: row_streams ROW_FLOATS MIB (ROW_FLOATS a multiple of 16, MIB 1-4096)\n");
    return 2;
  }
  const int64_t rows = (mib << 20) / static_cast<int64_t>(sizeof(float)) / n / 8 * 8;
  if (rows == 0) {
    std::fprintf(stderr, "row_streams: fewer than 8 rows of %lld floats in %lld MiB\n",
                 static_cast<long long>(n), static_cast<long long>(mib));
    return 2;
  }
  const size_t bytes = static_cast<size_t>(rows * n) * sizeof(float);
  void* raw = nullptr;
  if (posix_memalign(&raw, 4096, bytes) != 0) {
    std::fprintf(stderr, "row_streams: cannot allocate %zu bytes\n", bytes);
    return 1;
  }
  float* data = static_cast<float*>(raw);
  std::memset(data, 0, bytes);
  volatile float sink = 0.0f;  // keeps the sums
  std::printf("rows of %lld floats, %.1f MiB, 1 thread, GB/s\n", static_cast<long long>(n),
              static_cast<double>(bytes) / (1 << 20));
  std::printf("K  read   write  write-nt\n");
  for (int64_t k : {1, 2, 4, 8}) {
    const double read = BestGbps(bytes, [&] { sink = sink + ReadRows(data, rows, n, k); });
    const double write = BestGbps(bytes, [&] { WriteRows(data, rows, n, k, false); });
    const double streamed = BestGbps(bytes, [&] { WriteRows(data, rows, n, k, true); });
    std::printf("%lld  %5.1f  %5.1f  %5.1f\n", static_cast<long long>(k), read, write, streamed);
  }
  std::free(raw);
  return 0;
}
