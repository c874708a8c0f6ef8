#!/usr/bin/env bash
# Builds and installs libaclnn_host, then builds the CANN-style examples as an
# outside project against the installed CMake package, and runs them: the
# bicubic AA gradient (the CANN documentation example), the bicubic AA forward
# with its adjoint, then one CANN-style program per function of the 2-D resize
# family (the order of tests/data/example_expected.txt).
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
# shellcheck source=examples.sh
source "$root/scripts/examples.sh"
run_examples "$root/build/example" | tee "$root/build/example/output.txt"
# The printed values against PyTorch's (float64) within float32's accuracy.
if command -v /usr/bin/python3 >/dev/null; then
  /usr/bin/python3 "$root/tests/compare_example_output.py" \
    "$root/tests/data/example_expected.txt" "$root/build/example/output.txt"
else
  echo "(no /usr/bin/python3: the output was not compared with PyTorch's values)"
fi
