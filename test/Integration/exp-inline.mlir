// The inline f32 exp (tenferro-expand-exp, inline-exp=true where vector math
// calls libmvec) against long double references, within the bound of
// docs/semantics.md ("Accuracy of vector transcendentals"), over about 4
// million inputs (the reduced interval, subnormal results, the overflow and
// underflow thresholds, 2^18 random bit patterns, special values); and the same
// bits whether the loop is 16, 8 or 4 lanes, scalar, unfused or on parallel
// loops, for x86-64, x86-64-v3 or x86-64-v4 (those the CPU runs; see the
// script).
// REQUIRES: x86_64-host
// RUN: rm -rf %t && %python %S/Inputs/inline_math.py exp tenferro-runner %t | FileCheck %s

// CHECK: exp f32 inline: {{[0-9]+}} inputs, max {{0\.[0-9]+|1\.000}} ulps
// CHECK-NEXT: --vector-width=0: same bits
// CHECK-NEXT: --no-fusion: same bits
// CHECK-NEXT: --parallel-loops: same bits
// CHECK-NEXT: --vector-width=4 --target-cpu=x86-64: same bits
// CHECK-NOT: differ
