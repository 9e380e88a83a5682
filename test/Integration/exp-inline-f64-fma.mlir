// The inline f64 exp with fused multiply-adds (inline-exp=true
// inline-exp-f64=true inline-exp-fma=true) against long double references,
// within its bound, 1 ulp (docs/semantics.md, "Accuracy of vector
// transcendentals"), over the inputs of exp-inline-f64.mlir; and the same bits
// whether the loop is 16 or 8 lanes, scalar, unfused or on parallel loops, on
// this CPU, x86-64-v3 or x86-64-v4 (those the CPU runs; see the script).
// REQUIRES: x86_64-host, fma-host
// RUN: rm -rf %t && %python %S/Inputs/inline_math.py exp-f64-fma tenferro-runner %t | FileCheck %s

// CHECK: exp-f64-fma f64 inline: {{[0-9]+}} inputs, max {{0\.[0-9]+|1\.000}} ulps
// CHECK-NEXT: --vector-width=0: same bits
// CHECK-NEXT: --no-fusion: same bits
// CHECK-NEXT: --parallel-loops: same bits
// CHECK-NOT: differ
