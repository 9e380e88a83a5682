// On expm1 and log1p, tenferro-expm1-log1p-to-libm prints what upstream's
// convert-math-to-libm prints (declarations, scalar calls, vectors element
// by element); it differs only in leaving every other math op to
// convert-math-to-llvm (expm1-log1p-to-libm.mlir).
// RUN: tenferro-opt %s --tenferro-expm1-log1p-to-libm -o %t.ours
// RUN: tenferro-opt %s --convert-math-to-libm -o %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: FileCheck %s < %t.ours

// CHECK-DAG: func.func private @expm1(f64) -> f64
// CHECK-DAG: func.func private @expm1f(f32) -> f32
// CHECK-DAG: func.func private @log1p(f64) -> f64
// CHECK-DAG: func.func private @log1pf(f32) -> f32
// CHECK-LABEL: func.func @f(
// CHECK-NOT: math.
func.func @f(%x: f64, %y: f32, %v: vector<4xf32>, %w: vector<2xf64>) -> (f64, f32, vector<4xf32>, f64, f32, vector<2xf64>) {
  %0 = math.expm1 %x : f64
  %1 = math.expm1 %y : f32
  %2 = math.log1p %v : vector<4xf32>
  %3 = math.log1p %x : f64
  %4 = math.log1p %y : f32
  %5 = math.expm1 %w : vector<2xf64>
  return %0, %1, %2, %3, %4, %5 : f64, f32, vector<4xf32>, f64, f32, vector<2xf64>
}
