// A simple streaming loop (read one buffer, write another) with T threads:
// the machine's read+write bandwidth that the op is measured against.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
  const int threads = argc > 1 ? std::atoi(argv[1]) : 1;
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
