#!/usr/bin/env bash
# The main demo: builds tenferro-opt and segments an example program,
# explaining every decision, then prints the segmented IR and its DOT graph.
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
