#!/usr/bin/env bash
# Builds everything and runs every test: the lit suite, the GoogleTest unit
# tests (through lit), and the embedder example built against the installed
# CMake package. Ends with the line "N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

fail_early() { echo "$1"; echo "0 passed, 1 failed"; exit 1; }

bash scripts/build.sh || fail_early "build failed"
cmake --build "$BUILD_DIR" --target mlir-doc \
  || fail_early "building the docs failed"

# Install the package and build the embedder example against it; the lit
# test Examples/embedder.mlir runs it.
cmake --install "$BUILD_DIR" --prefix "$BUILD_DIR/install" > /dev/null \
  || fail_early "install failed"
rm -rf "$BUILD_DIR/embedder"
cmake -G Ninja -S examples/embedder -B "$BUILD_DIR/embedder" \
  -DCMAKE_PREFIX_PATH="$PWD/$BUILD_DIR/install" > "$BUILD_DIR/embedder.log" 2>&1 \
  && cmake --build "$BUILD_DIR/embedder" >> "$BUILD_DIR/embedder.log" 2>&1 \
  || { cat "$BUILD_DIR/embedder.log"; echo "embedder build failed (the lit test will fail)"; }

LIT=/usr/lib/llvm-22/bin/lit
log=$(mktemp)
"$LIT" -sv "$BUILD_DIR/test" "$BUILD_DIR/unittests" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# lit aligns the colons ("Passed     : 12") when it prints several kinds.
count() { grep -E "^ *$1 *: *[0-9]+" "$log" | awk -F: '{print $2}' | awk '{print $1}' | head -n1; }
passed=$(count Passed); passed=${passed:-0}
failed=0
for kind in Failed Unresolved "Timed Out" "Unexpectedly Passed"; do
  n=$(count "$kind")
  failed=$((failed + ${n:-0}))
done
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
