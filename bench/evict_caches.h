// Empties the caches between timed passes of the benchmarks: a write to every
// 64-byte line of a buffer larger than the caches pushes out whatever the
// last pass left there, so the next one finds its inputs and outputs in
// memory, as a call after unrelated work does.
#ifndef ACLNN_HOST_BENCH_EVICT_CACHES_H_
#define ACLNN_HOST_BENCH_EVICT_CACHES_H_

#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <vector>

// Writes one byte per line of a buffer of `bytes` (kept from call to call,
// grown when a call asks for more).
inline void EvictCaches(size_t bytes) {
  static std::vector<unsigned char> evictor;
  if (evictor.size() < bytes) evictor.resize(bytes);
  for (size_t i = 0; i < bytes; i += 64) evictor[i] = static_cast<unsigned char>(i);
  // The stores must happen although nothing reads them.
  asm volatile("" : : "r"(evictor.data()) : "memory");
}

// Bytes that empty this machine's caches: 1.25x the last-level cache the OS
// reports, at least 64 MiB. A fixed 64 or 96 MiB did not on an Intel Xeon VM
// whose L3 reads 480 MiB: a pass reading 25 MB and writing 5 MB took 1.06 ms
// with nothing written in between, 1.18 after 64 MiB, 1.52 after 96, 2.05
// after 256 and 2.34 after 512 or 1024 (medians of 15).
inline size_t CacheEvictionBytes() {
  static const size_t bytes = [] {
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    const size_t last_level = l3 > 0 ? static_cast<size_t>(l3) : 0;
    return std::max(size_t(64) << 20, last_level / 4 * 5);
  }();
  return bytes;
}

#endif  // ACLNN_HOST_BENCH_EVICT_CACHES_H_
