#!/usr/bin/env bash
# The sanitizer and fuzzing configuration (docs/robustness.md): clang 22
# with AddressSanitizer, UndefinedBehaviorSanitizer (every report fatal) and
# libFuzzer coverage, in build-san/.
#
#   scripts/sanitize.sh build          configure and build
#   scripts/sanitize.sh test [FILTER]  the lit suite (or the tests whose
#                                      path matches FILTER) under sanitizers
#   scripts/sanitize.sh fuzz SECONDS   each fuzz target for SECONDS, from
#                                      its seed corpus; a finding fails
#
# Every command builds first. Ends with "N passed, M failed" like
# scripts/test.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${SAN_BUILD_DIR:-build-san}
mode=${1:-test}

bash scripts/install-deps.sh || exit 1
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  mkdir -p "$BUILD_DIR"
  CC=clang-22 CXX=clang++-22 cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release -DLLVM_ENABLE_ASSERTIONS=ON \
    -DLLVM_USE_SANITIZER="Address;Undefined" \
    -DLLVM_USE_SANITIZE_COVERAGE=ON > "$BUILD_DIR/configure.log" 2>&1 \
    || { cat "$BUILD_DIR/configure.log"; echo "0 passed, 1 failed"; exit 1; }
fi
cmake --build "$BUILD_DIR" || { echo "0 passed, 1 failed"; exit 1; }

# Leaks are errors too. allow_user_poisoning=0: see test/lit.cfg.py.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

case "$mode" in
build)
  echo "1 passed, 0 failed"
  ;;
test)
  filter=()
  [ $# -ge 2 ] && filter=(--filter "$2")
  log=$(mktemp)
  /usr/lib/llvm-22/bin/lit -sv "${filter[@]}" "$BUILD_DIR/test" \
    "$BUILD_DIR/unittests" 2>&1 | tee "$log"
  # lit aligns the colons ("Passed     : 12") when it prints several kinds.
  passed=$(grep -E "^ *Passed *: *[0-9]+" "$log" | awk -F: '{print $2}' | awk '{print $1}')
  failed=$(grep -E "^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *: *[0-9]+" "$log" \
             | awk -F: '{split($2, a, " "); s += a[1]} END {print s + 0}')
  rm -f "$log"
  echo "${passed:-0} passed, ${failed:-0} failed"
  [ "${failed:-0}" -eq 0 ]
  ;;
fuzz)
  seconds=${2:-60}
  passed=0 failed=0
  for target in parse pipeline; do
    corpus=$(mktemp -d)
    if [ "$target" = parse ]; then
      cp test/Fuzz/Inputs/parse/* test/Dialect/Tenferro/*.mlir "$corpus"/
    else
      cp test/Fuzz/Inputs/pipeline/* "$corpus"/
    fi
    echo "fuzz: tenferro-$target-fuzzer for ${seconds} s"
    # Findings land in $BUILD_DIR/fuzz-findings as crash-* files.
    mkdir -p "$BUILD_DIR/fuzz-findings"
    # The whole log stays in $BUILD_DIR/fuzz-$target.log; a finding's
    # report is printed.
    if "$BUILD_DIR/bin/tenferro-$target-fuzzer" "$corpus" \
         -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
         -artifact_prefix="$BUILD_DIR/fuzz-findings/$target-" \
         -print_final_stats=1 > "$BUILD_DIR/fuzz-$target.log" 2>&1; then
      tail -n 6 "$BUILD_DIR/fuzz-$target.log"
      passed=$((passed + 1))
    else
      grep -a -A60 -E "^==[0-9]+==ERROR|LLVM ERROR|^SUMMARY|deadly signal|timeout after" \
        "$BUILD_DIR/fuzz-$target.log" | grep -a -v "^ *#[0-9]* 0x.*/usr/lib" | head -n 80
      failed=$((failed + 1))
    fi
    rm -rf "$corpus"
  done
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  ;;
*)
  echo "usage: scripts/sanitize.sh build|test [FILTER]|fuzz SECONDS" >&2
  exit 2
  ;;
esac
