#!/usr/bin/env bash
# Builds the library and the benchmarks, then times the library against
# PyTorch's CPU kernels side by side (bench/bench_vs_pytorch.py) at 1 and 2
# threads, on the best SIMD target the CPU has and on AVX2, and writes the
# chart of GB/s per shape against the streaming bandwidth to docs/bench_gbps.png.
# Pass --gbench to also run the Google Benchmark suite.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install_deps.sh" bench
cmake -S "$root" -B "$root/build/bench" -DCMAKE_BUILD_TYPE=Release -DACLNN_HOST_BUILD_TESTS=OFF \
  -DACLNN_HOST_BUILD_BENCH=ON >/dev/null
cmake --build "$root/build/bench" -j"$(nproc)" >/dev/null
lscpu | grep -E "Model name|^CPU\(s\)" || true
mkdir -p "$root/docs"
/usr/bin/python3 "$root/bench/bench_vs_pytorch.py" "$root/build/bench/libaclnn_host.so" \
  "$root/build/bench/bench/stream_bandwidth" --threads 1 2 --simd best avx2 \
  --chart "$root/docs/bench_gbps.png" --save-runs "$root/docs/bench_runs.json"
if [ "${1:-}" = "--gbench" ]; then
  "$root/build/bench/bench/engine_benchmark" --benchmark_min_time=0.2
fi
