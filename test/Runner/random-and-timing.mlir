// Seeded random inputs (dynamic extents from --dim) and --repeat timing.
// RUN: tenferro-runner %s --random=7 --dim=5 --repeat=3 | FileCheck %s
// RUN: tenferro-runner %s --random=7 --dim=5 > %t.a
// RUN: tenferro-runner %s --random=7 --dim=5 --no-fusion > %t.b
// The same seed gives the same values, fused or not.
// RUN: grep "output #0" %t.a > %t.a0
// RUN: grep "output #0" %t.b > %t.b0
// RUN: diff %t.a0 %t.b0

// CHECK: program @chain: 1 inputs, 1 outputs (fused)
// CHECK-NEXT: output #0: f64 [5, 3] [{{.*}}]
// CHECK-NEXT: time: min {{.*}} s, median {{.*}} s over 3 runs
func.func @chain(%x: tensor<?x3xf64>) -> tensor<?x3xf64> {
  %0 = tenferro.add %x, %x : tensor<?x3xf64>
  %1 = tenferro.multiply %0, %x : tensor<?x3xf64>
  return %1 : tensor<?x3xf64>
}
