#!/usr/bin/env bash
# Builds and installs libaclnn_host, then builds the CANN-style examples as an
# outside project against the installed CMake package, and runs them: the
# gradient (the CANN documentation example) and the forward with its adjoint.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/install_deps.sh" build
cmake -S "$root" -B "$root/build/release" -DCMAKE_BUILD_TYPE=Release \
  -DACLNN_HOST_BUILD_TESTS=OFF >/dev/null
cmake --build "$root/build/release" -j"$jobs" >/dev/null
cmake --install "$root/build/release" --prefix "$root/build/install" >/dev/null
cmake -S "$root/examples" -B "$root/build/example" \
  -DCMAKE_PREFIX_PATH="$root/build/install" >/dev/null
cmake --build "$root/build/example" -j"$jobs" >/dev/null
"$root/build/example/upsample_bicubic2d_aa_grad_example"
"$root/build/example/upsample_bicubic2d_aa_example"
