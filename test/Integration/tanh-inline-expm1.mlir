// The inline f32 tanh's one-expression form (tenferro-expand-tanh's expm1,
// inline-tanh=true inline-tanh-expm1=true where vector math calls libmvec)
// against long double references, within its bound, 2.6 ulps
// (docs/semantics.md, "Accuracy of vector transcendentals"), over every third
// f32 in [2^-8, 2^-4) (where its largest errors are), a sweep of [0.5, 1), the
// saturation thresholds and 2^18 random bit patterns; and the same bits
// whether the loop is 16, 8 or 4 lanes, scalar, unfused or on parallel loops,
// for x86-64, x86-64-v3 or x86-64-v4 (those the CPU runs; see the script).
// REQUIRES: x86_64-host
// RUN: rm -rf %t && %python %S/Inputs/inline_math.py tanh-expm1 tenferro-runner %t | FileCheck %s

// CHECK: tanh-expm1 f32 inline: {{[0-9]+}} inputs, max {{[0-2]\.[0-9]+}} ulps
// CHECK-NEXT: --vector-width=0: same bits
// CHECK-NEXT: --no-fusion: same bits
// CHECK-NEXT: --parallel-loops: same bits
// CHECK-NEXT: --vector-width=4 --target-cpu=x86-64: same bits
// CHECK-NOT: differ
