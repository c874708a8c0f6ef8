#!/usr/bin/env bash
# Fuzzes the C API with libFuzzer under ASan+UBSan (clang): builds fuzz/op_fuzzer,
# replays every past finding (fuzz/regressions), then fuzzes on every core
# (fork mode) for the given time, starting from the committed corpus.
#
#   scripts/fuzz.sh [MINUTES]       default 30; every session that changes the
#                                   API layer, the checks or the planner runs
#                                   at least 30 minutes and reports the result
#   options (environment):
#     FUZZ_SECONDS=N   run N seconds instead of MINUTES (CI: 60, see test.sh)
#     FUZZ_JOBS=N      parallel fuzzing processes (default: all cores)
#     FUZZ_SEED=N      libFuzzer seed (default: random)
#     FUZZ_MERGE=0     leave fuzz/corpus alone (default 1: inputs that add
#                      coverage are merged into the committed corpus)
#     FUZZ_BUILD=DIR   build directory (default build/fuzz)
#     FUZZ_BUILD_ONLY=1 build the fuzzer and stop (test.sh builds it beside
#                      the ASan+UBSan suite)
#     FUZZ_OPT=N       optimisation level of the build (default 2; test.sh's
#                      short run: 1, which compiles the instrumented kernels
#                      in about two thirds of the time)
# A finding stops the run: its input is saved as build/fuzz/crash-* (copy it
# to fuzz/regressions/ with a name that says what it found) and the script
# exits non-zero. It prints executions, coverage and findings at the end.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
minutes=${1:-30}
seconds=${FUZZ_SECONDS:-$((minutes * 60))}
jobs=${FUZZ_JOBS:-$(nproc)}
merge=${FUZZ_MERGE:-1}
dir=${FUZZ_BUILD:-$root/build/fuzz}
opt=${FUZZ_OPT:-2}
seed_arg=()
[ -n "${FUZZ_SEED:-}" ] && seed_arg=(-seed="$FUZZ_SEED")

"$root/scripts/install_deps.sh" test
generator=()
[ -f "$dir/CMakeCache.txt" ] || generator=(-G Ninja)  # new build folders: as test.sh
CC=clang CXX=clang++ cmake "${generator[@]}" -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O$opt -DNDEBUG" -DACLNN_HOST_FUZZ=ON -DACLNN_HOST_BUILD_TESTS=OFF -DACLNN_HOST_WERROR=ON \
  -DACLNN_HOST_SANITIZE=address,undefined >/dev/null
cmake --build "$dir" -j"$(nproc)" --target op_fuzzer >/dev/null
fuzzer="$dir/fuzz/op_fuzzer"
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

echo "replaying $(ls "$root"/fuzz/regressions | wc -l) past findings"
"$fuzzer" "$root"/fuzz/regressions/* >"$dir/replay.log" 2>&1 ||
  { cat "$dir/replay.log"; exit 1; }
echo "replayed $(grep -c '^Executed' "$dir/replay.log") inputs without a finding"

# New inputs go to a scratch corpus; the committed one is only read.
work="$dir/corpus"
rm -rf "$work" && mkdir -p "$work"
log="$dir/fuzz.log"
cd "$dir"
echo "fuzzing ${seconds}s with $jobs process(es)${FUZZ_SEED:+, seed $FUZZ_SEED}"
# Findings are this run's artifacts: older ones left in $dir are not counted.
stamp="$dir/fuzz.start"
touch "$stamp"
set +e
if [ "$jobs" -gt 1 ]; then
  "$fuzzer" -fork="$jobs" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
    -artifact_prefix="$dir/" "${seed_arg[@]}" "$work" "$root/fuzz/corpus" >"$log" 2>&1
else
  "$fuzzer" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$dir/" "${seed_arg[@]}" "$work" "$root/fuzz/corpus" >"$log" 2>&1
fi
rc=$?
set -e
# The last progress line holds executions, coverage and corpus size.
grep -E "^#[0-9]+" "$log" | tail -1 || true
grep -E "^stat::(number_of_executed_units|peak_rss)|ERROR|runtime error|SUMMARY|crash-" "$log" |
  head -20 || true
findings=$(find "$dir" -maxdepth 1 -newer "$stamp" \( -name 'crash-*' -o -name 'leak-*' \
  -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
echo "findings: $findings (full log: $log)"
if [ "$rc" -eq 0 ] && [ "$merge" = 1 ]; then
  before=$(ls "$root/fuzz/corpus" | wc -l)
  "$fuzzer" -merge=1 "$root/fuzz/corpus" "$work" >"$dir/merge.log" 2>&1
  echo "corpus: $before -> $(ls "$root/fuzz/corpus" | wc -l) inputs (merged by coverage)"
fi
exit "$rc"
