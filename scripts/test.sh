#!/usr/bin/env bash
# Builds and runs every test: format check, release build with warnings as
# errors (unit tests, PyTorch cross-check, thread-count check, installed
# package used by an outside project), then the whole unit suite under
# ASan+UBSan, a libFuzzer run, and the suite under TSan; both sanitizer suites
# run again with 8 threads (more than cores; their AVX2 copies do not).
# Installs what it needs first.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
out="$root/build/test"
"$root/scripts/install_deps.sh" test
passed=0
failed=0
stage() {  # stage NAME COMMAND...
  local name=$1
  shift
  local start=$SECONDS
  echo "=== $name"
  if "$@"; then
    passed=$((passed + 1))
    echo "=== $name: passed in $((SECONDS - start)) s"
  else
    failed=$((failed + 1))
    echo "=== FAILED: $name (after $((SECONDS - start)) s)"
  fi
}

format_check() {
  cd "$root"
  git ls-files '*.cc' '*.h' '*.cpp' '*.c' | xargs clang-format --dry-run --Werror
}

build() {  # build DIR CMAKE_ARGS...
  local dir=$1
  shift
  # Ninja (new build folders): a test's objects compile while the library's
  # kernels do, where Make would wait for the library first.
  local generator=()
  [ -f "$dir/CMakeCache.txt" ] || generator=(-G Ninja)
  cmake "${generator[@]}" -S "$root" -B "$dir" -DACLNN_HOST_WERROR=ON -DACLNN_HOST_BUILD_TESTS=ON \
    "$@" >/dev/null &&
    cmake --build "$dir" -j"$jobs"
}

unit_tests() {  # unit_tests DIR [THREADS]: THREADS sets ACLNN_HOST_NUM_THREADS
  if [ -n "${2:-}" ]; then
    # The suites' AVX2 copies run the same threading code as their originals
    # (only the kernels inside a row differ): not again with more threads.
    ACLNN_HOST_NUM_THREADS=$2 ctest --test-dir "$1" --output-on-failure -j"$jobs" -E '_simd_avx2$'
  else
    ctest --test-dir "$1" --output-on-failure -j"$jobs"
  fi
}

crosscheck() {
  local op
  for op in backward forward; do
    /usr/bin/python3 "$root/tests/pytorch_crosscheck.py" "$out/release/libaclnn_host.so" \
      --op "$op" --cases 400 || return 1
  done
  # The 2-D family: 120 random cases per function.
  /usr/bin/python3 "$root/tests/family_crosscheck.py" "$out/release/libaclnn_host.so" --cases 120
}

python_package() {
  # The README's install (a venv seeing Debian's torch and numpy, our package
  # built by pip), then its tests against the installed copy.
  rm -rf "$out/venv" &&
    /usr/bin/python3 -m venv --system-site-packages "$out/venv" &&
    "$out/venv/bin/pip" install -q --no-build-isolation "$root/python" &&
    (cd "$out" && "$out/venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests")
}

thread_env() {
  # ACLNN_HOST_NUM_THREADS is honoured and never changes the bytes, also with
  # more threads than cores.
  local t
  for t in 1 3 8; do
    ACLNN_HOST_NUM_THREADS=$t "$out/release/tests/determinism_test" --gtest_brief=1 || return 1
    ACLNN_HOST_NUM_THREADS=$t "$out/release/tests/concurrency_test" --gtest_brief=1 || return 1
    ACLNN_HOST_NUM_THREADS=$t "$out/release/tests/family_semantics_test" --gtest_brief=1 \
      --gtest_filter='*ThreadCount*' || return 1
  done
}

# shellcheck source=examples.sh
source "$root/scripts/examples.sh"

outside_project() {
  rm -rf "$out/install" "$out/example"
  cmake --install "$out/release" --prefix "$out/install" >/dev/null &&
    cmake -S "$root/examples" -B "$out/example" -DCMAKE_PREFIX_PATH="$out/install" >/dev/null &&
    cmake --build "$out/example" -j"$jobs" >/dev/null &&
    run_examples "$out/example" >"$out/example/output.txt" &&
    /usr/bin/python3 "$root/tests/compare_example_output.py" \
      "$root/tests/data/example_expected.txt" "$out/example/output.txt" &&
    pkg_config_user && subproject_user
}

pkg_config_user() {  # a program built with pkg-config's flags against the install
  local pc flags
  pc=$(dirname "$(find "$out/install" -name aclnn_host.pc | head -1)") &&
    flags=$(PKG_CONFIG_PATH="$pc" pkg-config --cflags --libs aclnn_host) || return 1
  # shellcheck disable=SC2086 # the flags are words
  g++ -std=c++17 "$root/examples/resize_example.cpp" $flags -o "$out/example/pkg_config_user" &&
    LD_LIBRARY_PATH="$(dirname "$pc")" "$out/example/pkg_config_user" >/dev/null
}

subproject_user() {  # add_subdirectory / FetchContent: no tests or examples of ours built
  rm -rf "$out/subproject"
  # A Debug consumer (-O0: the kernels compile there too, in about 2/3 of
  # the CPU time of a Release build).
  cmake -S "$root/tests/subproject" -B "$out/subproject" -DACLNN_HOST_SOURCE="$root" \
    -DCMAKE_BUILD_TYPE=Debug >/dev/null &&
    cmake --build "$out/subproject" -j"$jobs" >/dev/null &&
    "$out/subproject/uses_aclnn_host" >/dev/null
}

# The ASan+UBSan builds (the suite's and the fuzzer's) at -O1, the level
# ASan's documentation names: UBSan's checks made the kernels' compile at -O2
# 2.6x longer than ASan's alone (GCC, kernels_planes.cc 144 s against 55 s;
# -O1 63 s; clang 148 s against 102 s at -O1), and the build stage took 11-12
# of CI's 29-30 minutes. The suite runs about 15% longer. Deep fuzz runs
# (scripts/fuzz.sh MINUTES) keep -O2.
sanitizer_opt=1
# The example programs run from the installed package (outside_project), not
# from the sanitizer trees: those do not build them.
sanitizer_no_examples=-DACLNN_HOST_BUILD_EXAMPLES=OFF

sanitizer_builds() {
  # The ASan+UBSan suite (GCC) and the fuzzer (clang) build side by side: each
  # spends minutes in one compiler process on the instrumented kernels, which
  # would leave the other core idle.
  FUZZ_OPT=$sanitizer_opt FUZZ_BUILD_ONLY=1 FUZZ_BUILD="$out/fuzz" bash "$root/scripts/fuzz.sh" \
    >"$out/fuzz_build.log" 2>&1 &
  local fuzz_build=$!
  local rc=0
  build "$out/asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O$sanitizer_opt -DNDEBUG" \
    -DACLNN_HOST_SANITIZE=address,undefined "$sanitizer_no_examples" || rc=1
  wait "$fuzz_build" || { cat "$out/fuzz_build.log"; rc=1; }
  return "$rc"
}

fuzz() {
  # CI's bounded run (FUZZ_SECONDS, default 60) on one core, the committed
  # corpus left as it is; scripts/fuzz.sh MINUTES fuzzes deeper.
  FUZZ_SECONDS="${FUZZ_SECONDS:-60}" FUZZ_JOBS=1 FUZZ_MERGE=0 FUZZ_BUILD="$out/fuzz" \
    FUZZ_OPT=$sanitizer_opt bash "$root/scripts/fuzz.sh"
}

stage "clang-format" format_check
stage "release build (-Werror)" build "$out/release" -DCMAKE_BUILD_TYPE=Release
stage "unit tests (release)" unit_tests "$out/release"
stage "PyTorch cross-check" crosscheck
stage "Python package (venv install, pytest)" python_package
stage "ACLNN_HOST_NUM_THREADS" thread_env
stage "installed package from an outside project" outside_project
stage "ASan+UBSan builds (suite: GCC, fuzzer: clang)" sanitizer_builds
stage "unit tests (ASan+UBSan)" unit_tests "$out/asan"
stage "unit tests (ASan+UBSan, 8 threads)" unit_tests "$out/asan" 8
stage "fuzzing (libFuzzer, ASan+UBSan)" fuzz
stage "TSan build" build "$out/tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DACLNN_HOST_SANITIZE=thread \
  "$sanitizer_no_examples"
stage "unit tests (TSan)" unit_tests "$out/tsan"
stage "unit tests (TSan, 8 threads)" unit_tests "$out/tsan" 8
echo "test.sh: $passed passed, $failed failed in $SECONDS s"
[ "$failed" -eq 0 ]
