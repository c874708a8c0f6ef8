// Empties the caches between timed passes of the benchmarks: a write to every
// 64-byte line of a buffer larger than the caches pushes out whatever the
// last pass left there, so the next one finds its inputs and outputs in
// memory, as a call after unrelated work does.
#ifndef ACLNN_HOST_BENCH_EVICT_CACHES_H_
#define ACLNN_HOST_BENCH_EVICT_CACHES_H_

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

#endif  // ACLNN_HOST_BENCH_EVICT_CACHES_H_
