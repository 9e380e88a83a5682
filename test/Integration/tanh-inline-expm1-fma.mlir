// The inline f32 tanh's one-expression form with fused multiply-adds
// (tenferro-expand-tanh's expm1 and fma, inline-tanh=true inline-tanh-expm1=true
// inline-tanh-fma=true) against long double references, within its bound, 2.6
// ulps (docs/semantics.md, "Accuracy of vector transcendentals"), over the
// inputs of tanh-inline-expm1.mlir; and the same bits whether the loop is 16 or
// 8 lanes, scalar, unfused or on parallel loops, on this CPU, x86-64-v3 or
// x86-64-v4 (those the CPU runs; see the script).
// REQUIRES: x86_64-host, fma-host
// RUN: rm -rf %t && %python %S/Inputs/inline_math.py tanh-expm1-fma tenferro-runner %t | FileCheck %s

// CHECK: tanh-expm1-fma f32 inline: {{[0-9]+}} inputs, max {{[0-2]\.[0-9]+}} ulps
// CHECK-NEXT: --vector-width=0: same bits
// CHECK-NEXT: --no-fusion: same bits
// CHECK-NEXT: --parallel-loops: same bits
// CHECK-NOT: differ
