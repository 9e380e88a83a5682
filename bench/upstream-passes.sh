#!/usr/bin/env bash
# Times tenferro's replacements of upstream passes against their upstream
# counterparts (docs/design.md, "Custom passes and their upstream
# counterparts") on the IR the lowering pipeline hands each of them, for an
# unfused chain of N instructions over tensors of EXT elements
# (test/Pipelines/Inputs/gen_chain.py: every instruction also reads one
# input). Each run is one tenferro-opt process, limited to 60 s; prints its
# wall time and peak memory, and whether both outputs are identical.
#   bash bench/upstream-passes.sh [N] [EXT]     (defaults 2000 and 1003)
set -u
cd "$(dirname "$0")/.."
O=${TENFERRO_OPT:-build/bin/tenferro-opt}
N=${1:-2000}
EXT=${2:-1003}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
python3 test/Pipelines/Inputs/gen_chain.py "$N" \
  | sed "s/tensor<8xf64>/tensor<${EXT}xf64>/g" > "$W/chain.mlir"
# The pipeline as tenferro-lower-to-llvm{enable-fusion=false} runs it.
PIPE=$("$O" "$W/chain.mlir" --tenferro-lower-to-llvm=enable-fusion=false \
  --dump-pass-pipeline -o /dev/null 2>&1 | tail -n +2 | tr -d '\n' \
  | sed 's/  */ /g; s/^builtin.module( //; s/)$//')

# The pipeline up to (not including) the first pass named $1.
prefix() {
  python3 - "$PIPE" "$1" <<'PY'
import sys
pipe, stop = sys.argv[1], sys.argv[2]
s = pipe[:pipe.index(stop)].rstrip().rstrip(",").rstrip()
if s.endswith("func.func("):
    s = s[: -len("func.func(")].rstrip().rstrip(",")
print(s)
PY
}
stage() { "$O" "$W/chain.mlir" --pass-pipeline="builtin.module($(prefix "$1"))" -o "$W/in.mlir"; }
run() { # label pipeline
  rm -f "$W/out.$1"
  timeout 60 /usr/bin/time -f "  $1: %e s, %M KB peak" "$O" "$W/in.mlir" \
    --pass-pipeline="builtin.module($2)" -o "$W/out.$1" 2>&1 | tail -1
  [ "${PIPESTATUS[0]}" -eq 124 ] && echo "  $1: killed after 60 s"
}
same() {
  if [ ! -s "$W/out.$1" ] || [ ! -s "$W/out.$2" ]; then echo "  no output to compare"
  elif cmp -s "$W/out.$1" "$W/out.$2"; then echo "  identical output"
  else echo "  outputs differ"; fi
}

echo "chain of $N instructions on tensor<${EXT}xf64>"
echo "tenferro-bufferize vs one-shot-bufferize"
stage tenferro-bufferize
run ours "tenferro-bufferize"
run upstream "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}"
echo "buffer-deallocation-simplification with and without tenferro-dealloc-after-last-use before it"
stage "func.func( tenferro-dealloc-after-last-use"
run ours "func.func(tenferro-dealloc-after-last-use),buffer-deallocation-simplification"
run upstream "buffer-deallocation-simplification"
echo "tenferro-vectorize-affine-loops vs affine-loop-normalize{promote-single-iter},affine-super-vectorize"
stage "func.func( tenferro-vectorize-affine-loops"
run ours "func.func(tenferro-vectorize-affine-loops)"
run upstream "func.func(affine-loop-normalize{promote-single-iter},affine-super-vectorize{virtual-vector-size=8})"
same ours upstream
echo "tenferro-convert-scf-to-cf vs convert-scf-to-cf"
stage "func.func( tenferro-convert-scf-to-cf"
run ours "func.func(tenferro-convert-scf-to-cf)"
run upstream "func.func(convert-scf-to-cf)"
same ours upstream
echo "tenferro-convert-scalars-to-llvm vs the five upstream conversions"
stage tenferro-convert-scalars-to-llvm
run ours "tenferro-convert-scalars-to-llvm,reconcile-unrealized-casts"
run upstream "convert-arith-to-llvm,convert-complex-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts"
same ours upstream
