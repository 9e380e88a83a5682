// On complex<f64> log, sin, cos, tanh, sqrt, pow and abs,
// tenferro-complex-to-libm prints what upstream's convert-complex-to-libm
// prints: calls to glibc's clog, csin, ccos, ctanh, csqrt, cpow and cabs.
// It differs on purpose elsewhere (complex-to-libm.mlir): it also calls
// cexp (MLIR 22's pass leaves complex.exp), computes complex<f32> in
// complex<f64> (upstream calls the f variants, whose C ABI differs from the
// LLVM dialect's struct), and gives expm1, log1p, rsqrt and division
// accurate formulas (docs/semantics.md, "Accuracy of complex functions").
// RUN: tenferro-opt %s --tenferro-complex-to-libm -o %t.ours
// RUN: tenferro-opt %s --convert-complex-to-libm -o %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: FileCheck %s < %t.ours

// CHECK-LABEL: func.func @f(
// CHECK: call @clog(
// CHECK: call @csin(
// CHECK: call @ccos(
// CHECK: call @ctanh(
// CHECK: call @csqrt(
// CHECK: call @cpow(
// CHECK: call @cabs(
func.func @f(%z: complex<f64>, %w: complex<f64>) -> (complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, f64) {
  %1 = complex.log %z : complex<f64>
  %2 = complex.sin %z : complex<f64>
  %3 = complex.cos %z : complex<f64>
  %4 = complex.tanh %z : complex<f64>
  %5 = complex.sqrt %z : complex<f64>
  %6 = complex.pow %z, %w : complex<f64>
  %7 = complex.abs %z : complex<f64>
  return %1, %2, %3, %4, %5, %6, %7 : complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, complex<f64>, f64
}
