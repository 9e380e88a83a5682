// RUN: tenferro-opt %s --tenferro-deduplicate-kernels --split-input-file | FileCheck %s

// Two kernels identical apart from their names (and the names of their
// values): the first stays, and every call goes to it.
// CHECK-LABEL: func.func @program(
// CHECK-NEXT: call @program.kernel0(%arg0, %arg1)
// CHECK-NEXT: call @program.kernel0(%arg1, %arg0)
// CHECK-NEXT: call @program.kernel0(%arg0, %arg0)
// CHECK-NEXT: return
// CHECK: func.func private @program.kernel0(
// CHECK-NOT: func.func
func.func @program(%x: memref<8xf64>, %y: memref<8xf64>) {
  call @program.kernel0(%x, %y) : (memref<8xf64>, memref<8xf64>) -> ()
  call @program.kernel1(%y, %x) : (memref<8xf64>, memref<8xf64>) -> ()
  call @program.kernel1(%x, %x) : (memref<8xf64>, memref<8xf64>) -> ()
  return
}
func.func private @program.kernel0(%a: memref<8xf64>, %b: memref<8xf64>) attributes {tenferro.kernel} {
  %one = arith.constant 1.0 : f64
  linalg.fill ins(%one : f64) outs(%a : memref<8xf64>)
  memref.copy %a, %b : memref<8xf64> to memref<8xf64>
  return
}
func.func private @program.kernel1(%p: memref<8xf64>, %q: memref<8xf64>) attributes {tenferro.kernel} {
  %c = arith.constant 1.0 : f64
  linalg.fill ins(%c : f64) outs(%p : memref<8xf64>)
  memref.copy %p, %q : memref<8xf64> to memref<8xf64>
  return
}

// -----

// Kernels that differ in a constant, a type or the order of their ops stay
// distinct; functions that are not kernels are never merged.
// CHECK-LABEL: func.func @distinct(
// CHECK-NEXT: call @k0(
// CHECK-NEXT: call @k1(
// CHECK-NEXT: call @k2(
// CHECK-NEXT: call @k3(
// CHECK-NEXT: call @plain0(
// CHECK-NEXT: call @plain1(
// CHECK-DAG: func.func private @k0(
// CHECK-DAG: func.func private @k1(
// CHECK-DAG: func.func private @k2(
// CHECK-DAG: func.func private @k3(
// CHECK-DAG: func.func private @plain0(
// CHECK-DAG: func.func private @plain1(
func.func @distinct(%x: memref<8xf64>, %y: memref<8xf64>, %z: memref<8xf32>) {
  call @k0(%x, %y) : (memref<8xf64>, memref<8xf64>) -> ()
  call @k1(%x, %y) : (memref<8xf64>, memref<8xf64>) -> ()
  call @k2(%z) : (memref<8xf32>) -> ()
  call @k3(%x, %y) : (memref<8xf64>, memref<8xf64>) -> ()
  call @plain0(%x) : (memref<8xf64>) -> ()
  call @plain1(%x) : (memref<8xf64>) -> ()
  return
}
func.func private @k0(%a: memref<8xf64>, %b: memref<8xf64>) attributes {tenferro.kernel} {
  %one = arith.constant 1.0 : f64
  linalg.fill ins(%one : f64) outs(%a : memref<8xf64>)
  memref.copy %a, %b : memref<8xf64> to memref<8xf64>
  return
}
func.func private @k1(%a: memref<8xf64>, %b: memref<8xf64>) attributes {tenferro.kernel} {
  %two = arith.constant 2.0 : f64
  linalg.fill ins(%two : f64) outs(%a : memref<8xf64>)
  memref.copy %a, %b : memref<8xf64> to memref<8xf64>
  return
}
func.func private @k2(%a: memref<8xf32>) attributes {tenferro.kernel} {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  return
}
func.func private @k3(%a: memref<8xf64>, %b: memref<8xf64>) attributes {tenferro.kernel} {
  %one = arith.constant 1.0 : f64
  memref.copy %a, %b : memref<8xf64> to memref<8xf64>
  linalg.fill ins(%one : f64) outs(%a : memref<8xf64>)
  return
}
func.func private @plain0(%a: memref<8xf64>) {
  %one = arith.constant 1.0 : f64
  linalg.fill ins(%one : f64) outs(%a : memref<8xf64>)
  return
}
func.func private @plain1(%a: memref<8xf64>) {
  %one = arith.constant 1.0 : f64
  linalg.fill ins(%one : f64) outs(%a : memref<8xf64>)
  return
}
