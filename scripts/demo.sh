#!/usr/bin/env bash
# The main demo: builds tenferro-opt, segments an example program
# (explaining every decision), lowers it through linalg to LLVM IR, and shows
# each step.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
bash scripts/build.sh --target tenferro-opt > /dev/null
OPT="$BUILD_DIR/bin/tenferro-opt"
PROGRAM=${1:-examples/programs/softmax_like.mlir}

echo "== Input program: $PROGRAM"
cat "$PROGRAM"
echo
echo "== Segmentation decisions (tenferro-segment{explain})"
"$OPT" "$PROGRAM" --tenferro-segment=explain --mlir-print-op-on-diagnostic=false \
  -o /dev/null 2>&1 | grep -E "remark:" | sed -E 's/^[^:]+:([0-9]+):[0-9]+: remark: /  line \1: /'
echo
echo "== Segmented program"
"$OPT" "$PROGRAM" --tenferro-segment
echo "== Graphviz DOT (render with: dot -Tsvg)"
"$OPT" "$PROGRAM" --tenferro-segment --tenferro-view-segments -o /dev/null
echo
echo "== Lowered to linalg on column-major tensors (one linalg.generic per elementwise region)"
"$OPT" "$PROGRAM" --tenferro-segment --convert-tenferro-to-linalg
echo "== LLVM IR (tenferro-lower-to-llvm | mlir-translate --mlir-to-llvmir), first lines"
"$OPT" "$PROGRAM" --tenferro-lower-to-llvm \
  | /usr/lib/llvm-22/bin/mlir-translate --mlir-to-llvmir > "$BUILD_DIR/demo.ll"
head -n 30 "$BUILD_DIR/demo.ll"
echo "..."
echo "(full LLVM IR: $BUILD_DIR/demo.ll, $(wc -l < "$BUILD_DIR/demo.ll") lines; allocations:" \
  "$(grep -c 'call ptr @malloc' "$BUILD_DIR/demo.ll") fused vs" \
  "$("$OPT" "$PROGRAM" --pass-pipeline='builtin.module(tenferro-lower-to-llvm{enable-fusion=false})' \
     | /usr/lib/llvm-22/bin/mlir-translate --mlir-to-llvmir | grep -c 'call ptr @malloc') unfused)"
