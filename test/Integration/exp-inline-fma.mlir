// The inline f32 exp with fused multiply-adds (tenferro-expand-exp's fma,
// inline-exp=true inline-exp-fma=true) against long double references, within
// its bound, 1.01 ulps (docs/semantics.md, "Accuracy of vector
// transcendentals"), over the inputs of exp-inline.mlir; and the same bits
// whether the loop is 16 or 8 lanes, scalar, unfused or on parallel loops, on
// this CPU, x86-64-v3 or x86-64-v4 (those the CPU runs; see the script).
// REQUIRES: x86_64-host, fma-host
// RUN: rm -rf %t && %python %S/Inputs/inline_math.py exp-fma tenferro-runner %t | FileCheck %s

// CHECK: exp-fma f32 inline: {{[0-9]+}} inputs, max {{0\.[0-9]+|1\.0[01][0-9]}} ulps
// CHECK-NEXT: --vector-width=0: same bits
// CHECK-NEXT: --no-fusion: same bits
// CHECK-NEXT: --parallel-loops: same bits
// CHECK-NOT: differ
