// RUN: tenferro-opt %s --tenferro-order-constant-globals --split-input-file --verify-diagnostics | FileCheck %s

// Constant globals are renamed and moved to the front in order of first
// use; a global nothing reads and a mutable one keep their names.
// CHECK-LABEL: module {
// CHECK-NEXT: memref.global "private" constant @__tenferro_constant_0 : memref<2xindex> = dense<[2, 3]>
// CHECK-NEXT: memref.global "private" constant @__tenferro_constant_1 : memref<i32> = dense<-7>
// CHECK: memref.global "private" constant @unused : memref<f32>
// CHECK: memref.global "private" @mutable : memref<f32>
// CHECK-LABEL: func.func @first(
// CHECK: memref.get_global @__tenferro_constant_0
// CHECK: memref.get_global @mutable
// CHECK-LABEL: func.func @second(
// CHECK: memref.get_global @__tenferro_constant_1
// CHECK: memref.get_global @__tenferro_constant_0
memref.global "private" constant @unused : memref<f32> = dense<1.0>
memref.global "private" constant @__constant_xi32 : memref<i32> = dense<-7>
memref.global "private" @mutable : memref<f32> = dense<0.0>
memref.global "private" constant @__constant_2xindex : memref<2xindex> = dense<[2, 3]>
func.func @first() -> (memref<2xindex>, memref<f32>) {
  %0 = memref.get_global @__constant_2xindex : memref<2xindex>
  %1 = memref.get_global @mutable : memref<f32>
  return %0, %1 : memref<2xindex>, memref<f32>
}
func.func @second() -> (memref<i32>, memref<2xindex>) {
  %0 = memref.get_global @__constant_xi32 : memref<i32>
  %1 = memref.get_global @__constant_2xindex : memref<2xindex>
  return %0, %1 : memref<i32>, memref<2xindex>
}

// -----

// The new names are reserved: a module that already defines one is an
// error, not a silent merge of two symbols.
// expected-error @+1 {{symbol '__tenferro_constant_0' is reserved for constant globals by tenferro-order-constant-globals}}
func.func private @__tenferro_constant_0()
memref.global "private" constant @__constant_xi32 : memref<i32> = dense<-7>
func.func @reads() -> memref<i32> {
  %0 = memref.get_global @__constant_xi32 : memref<i32>
  return %0 : memref<i32>
}
