#!/usr/bin/env bash
# Builds the library and the benchmarks, then times the library against
# PyTorch's CPU kernel side by side (bench/bench_vs_pytorch.py) at 1 and 2
# threads. Pass --gbench to also run the Google Benchmark suite.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install_deps.sh" bench
cmake -S "$root" -B "$root/build/bench" -DCMAKE_BUILD_TYPE=Release -DACLNN_HOST_BUILD_TESTS=OFF \
  -DACLNN_HOST_BUILD_BENCH=ON >/dev/null
cmake --build "$root/build/bench" -j"$(nproc)" >/dev/null
lscpu | grep -E "Model name|^CPU\(s\)" || true
/usr/bin/python3 "$root/bench/bench_vs_pytorch.py" "$root/build/bench/libaclnn_host.so" \
  "$root/build/bench/bench/stream_bandwidth" --threads 1 2
if [ "${1:-}" = "--gbench" ]; then
  "$root/build/bench/bench/engine_benchmark" --benchmark_min_time=0.2
fi
