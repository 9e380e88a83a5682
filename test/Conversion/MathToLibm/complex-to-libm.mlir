// Complex functions become libm calls (complex<f32> through complex<f64>)
// or formulas of real ops; log(exp(z)) stays two calls after
// canonicalization (the complex dialect would fold it to z).
// RUN: tenferro-opt %s --tenferro-complex-to-libm --canonicalize --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-DAG: func.func private @csin(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @cabs(complex<f64>) -> f64
// CHECK-DAG: func.func private @clog(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @cexp(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @cpow(complex<f64>, complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @csqrt(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @hypot(f64, f64) -> f64
// CHECK-LABEL: func.func @f(
// CHECK: call @csin(%{{.*}}) : (complex<f64>) -> complex<f64>
// CHECK: arith.extf
// CHECK: call @cabs(%{{.*}}) : (complex<f64>) -> f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: %[[L:.*]] = call @clog(
// CHECK: call @cexp(%[[L]])
// CHECK: call @cpow(
// CHECK: call @csqrt(
// CHECK: call @hypot(
// CHECK-NOT: complex.rsqrt
// CHECK: return
func.func @f(%z: complex<f64>, %w: complex<f32>) -> (complex<f64>, f32, complex<f64>, complex<f32>, complex<f64>) {
  %0 = complex.sin %z : complex<f64>
  %1 = complex.abs %w : complex<f32>
  %2 = complex.log %z : complex<f64>
  %3 = complex.exp %2 : complex<f64>
  %4 = complex.pow %w, %w : complex<f32>
  %5 = complex.rsqrt %z : complex<f64>
  return %0, %1, %3, %4, %5 : complex<f64>, f32, complex<f64>, complex<f32>, complex<f64>
}

// -----

// expm1, log1p and division are formulas of real ops: no complex function
// is left.
// CHECK-LABEL: func.func @g(
// CHECK-DAG: math.expm1
// CHECK-DAG: math.atan2
// CHECK-DAG: math.log1p
// CHECK-DAG: math.fma
// CHECK-NOT: complex.expm1
// CHECK-NOT: complex.log1p
// CHECK-NOT: complex.div
// CHECK: return
func.func @g(%z: complex<f64>, %w: complex<f32>) -> (complex<f64>, complex<f64>, complex<f32>, complex<f64>) {
  %0 = complex.expm1 %z : complex<f64>
  %1 = complex.log1p %z : complex<f64>
  %2 = complex.div %w, %w : complex<f32>
  %3 = complex.div %z, %z : complex<f64>
  return %0, %1, %2, %3 : complex<f64>, complex<f64>, complex<f32>, complex<f64>
}

// -----

// A program's own @csin of another type cannot be the libm function.
// expected-error @+1 {{'csin' is a C library function the complex lowering calls}}
func.func private @csin(f64) -> f64
func.func @h(%z: complex<f64>) -> complex<f64> {
  %0 = complex.sin %z : complex<f64>
  return %0 : complex<f64>
}
