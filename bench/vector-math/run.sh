#!/usr/bin/env bash
# Compares libmvec, SLEEF and MLIR's polynomial approximations (compare.c)
# on this machine: prints the markdown table of docs/performance.md,
# "Vector transcendentals". Needs an AVX-512 CPU, Debian's libsleef-dev
# (apt-get install libsleef-dev; not a dependency of the project) and
# LLVM/MLIR 22's mlir-opt (its --test-math-polynomial-approximation).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=/usr/lib/llvm-22/bin
[ -f /usr/include/x86_64-linux-gnu/sleef.h ] || {
  echo "vector-math: needs libsleef-dev (apt-get install libsleef-dev)" >&2
  exit 1
}
grep -qw avx512f /proc/cpuinfo || {
  echo "vector-math: needs an AVX-512 CPU" >&2
  exit 1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One kernel per function: 2^20 elements, 16 lanes at a time.
for fn in exp log sin cos tanh expm1 log1p; do
  cat <<MLIR
func.func @poly_${fn}_f32(%in: memref<1048576xf32>, %out: memref<1048576xf32>) {
  %c0 = arith.constant 0 : index
  %cn = arith.constant 1048576 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %cn step %c16 {
    %v = vector.load %in[%i] : memref<1048576xf32>, vector<16xf32>
    %r = math.${fn} %v : vector<16xf32>
    vector.store %r, %out[%i] : memref<1048576xf32>, vector<16xf32>
  }
  return
}
MLIR
done > "$work/kernels.mlir"
"$bin/mlir-opt" "$work/kernels.mlir" --test-math-polynomial-approximation \
  --convert-vector-to-llvm --convert-scf-to-cf --convert-math-to-llvm \
  --convert-math-to-libm --finalize-memref-to-llvm \
  --convert-func-to-llvm=use-bare-ptr-memref-call-conv \
  --convert-arith-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts |
  "$bin/mlir-translate" --mlir-to-llvmir -o "$work/kernels.ll"
"$bin/llc" -O3 -mcpu=native -filetype=obj "$work/kernels.ll" -o "$work/kernels.o"
gcc -O2 -mavx512f -mfma "$here/compare.c" "$work/kernels.o" -o "$work/compare" \
  -lmvec -lsleef -lm
"$work/compare"
