// RUN: tenferro-opt %s --tenferro-convert-scalars-to-llvm --reconcile-unrealized-casts > %t.one.mlir
// RUN: tenferro-opt %s --convert-arith-to-llvm --convert-complex-to-llvm --convert-ub-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts > %t.five.mlir
// RUN: diff %t.one.mlir %t.five.mlir
// RUN: FileCheck %s < %t.one.mlir

// One walk gives what the five upstream conversions give one after the
// other: arith, complex, ub, cf (assert included) and func, C interface
// wrappers too.
// CHECK-LABEL: llvm.func @scalars(
// CHECK: llvm.fadd
// CHECK: llvm.mlir.poison : i32
// CHECK: llvm.cond_br
// CHECK: llvm.call @helper(
// CHECK: llvm.call @abort()
// CHECK-LABEL: llvm.func @_mlir_ciface_scalars(
func.func @helper(%x: f64) -> f64 {
  return %x : f64
}
func.func @scalars(%a: f64, %b: f64, %c: i1, %z: complex<f64>) -> (f64, i32, complex<f64>)
    attributes {llvm.emit_c_interface} {
  %s = arith.addf %a, %b : f64
  %p = ub.poison : i32
  %w = complex.add %z, %z : complex<f64>
  cf.assert %c, "c must hold"
  cf.cond_br %c, ^then, ^else
^then:
  %h = func.call @helper(%s) : (f64) -> f64
  return %h, %p, %w : f64, i32, complex<f64>
^else:
  return %a, %p, %w : f64, i32, complex<f64>
}
