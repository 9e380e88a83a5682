// expm1 and log1p become libm calls (vectors element by element); other
// math ops, integer ones included, are left for convert-math-to-llvm.
// RUN: tenferro-opt %s --tenferro-expm1-log1p-to-libm | FileCheck %s

// CHECK-DAG: func.func private @expm1(f64) -> f64
// CHECK-DAG: func.func private @log1pf(f32) -> f32
// CHECK-LABEL: func.func @f(
// CHECK: call @expm1(%{{.*}}) : (f64) -> f64
// CHECK-COUNT-4: call @log1pf(%{{.*}}) : (f32) -> f32
// CHECK: math.exp
// CHECK: math.absi
func.func @f(%x: f64, %v: vector<4xf32>, %i: vector<8xi64>) -> (f64, vector<4xf32>, f64, vector<8xi64>) {
  %0 = math.expm1 %x : f64
  %1 = math.log1p %v : vector<4xf32>
  %2 = math.exp %x : f64
  %3 = math.absi %i : vector<8xi64>
  return %0, %1, %2, %3 : f64, vector<4xf32>, f64, vector<8xi64>
}
