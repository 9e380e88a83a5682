// RUN: tenferro-opt %s --tenferro-outline-kernels --split-input-file | FileCheck %s

// One region between allocations: the dispatcher keeps the allocation, the
// deallocation and the call; the kernel takes the buffers in order of first
// use, is private, internal and never inlined.
// CHECK-LABEL: func.func @one_region(
// CHECK-SAME: %[[X:.*]]: memref<8xf64>) -> memref<8xf64>
// CHECK-NEXT: %[[T:.*]] = memref.alloc() : memref<8xf64>
// CHECK-NEXT: %[[Y:.*]] = memref.alloc() : memref<8xf64>
// CHECK-NEXT: call @one_region.kernel0(%[[X]], %[[T]], %[[Y]]) : (memref<8xf64>, memref<8xf64>, memref<8xf64>) -> ()
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK-NEXT: return %[[Y]]
// CHECK: func.func private @one_region.kernel0(%[[A:.*]]: memref<8xf64>, %[[B:.*]]: memref<8xf64>, %[[C:.*]]: memref<8xf64>)
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"], tenferro.kernel}
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[A]] : memref<8xf64>) outs(%[[B]] : memref<8xf64>)
// CHECK: linalg.generic {{.*}} ins(%[[B]] : memref<8xf64>) outs(%[[C]] : memref<8xf64>)
// CHECK: return
#id = affine_map<(d0) -> (d0)>
func.func @one_region(%x: memref<8xf64>) -> memref<8xf64> {
  %t = memref.alloc() : memref<8xf64>
  %y = memref.alloc() : memref<8xf64>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<8xf64>) outs(%t : memref<8xf64>) {
  ^bb0(%in: f64, %out: f64):
    %e = math.exp %in : f64
    linalg.yield %e : f64
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : memref<8xf64>) outs(%y : memref<8xf64>) {
  ^bb0(%in: f64, %out: f64):
    %n = arith.negf %in : f64
    linalg.yield %n : f64
  }
  memref.dealloc %t : memref<8xf64>
  return %y : memref<8xf64>
}

// -----

// Constants are cloned into the kernel, not passed; the dispatcher's copy
// goes once nothing uses it.
// CHECK-LABEL: func.func @constants(
// CHECK-SAME: %[[Y:.*]]: memref<8xf64>)
// CHECK-NOT: arith.constant
// CHECK: call @constants.kernel0(%[[Y]]) : (memref<8xf64>) -> ()
// CHECK: func.func private @constants.kernel0(%[[B:.*]]: memref<8xf64>)
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.0{{.*}} : f64
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f64) outs(%[[B]] : memref<8xf64>)
func.func @constants(%y: memref<8xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%y : memref<8xf64>)
  return
}

// -----

// Extent arithmetic inside a run that is used after it moves before the
// run and stays in the dispatcher; the scalar a loop computes for a later
// call is returned.
// CHECK-LABEL: func.func @values_after(
// CHECK-SAME: %[[X:.*]]: memref<?xf64>)
// CHECK: %[[N:.*]] = memref.dim %[[X]]
// CHECK-NEXT: %[[M:.*]] = arith.addi %[[N]], %[[N]]
// CHECK-NEXT: %[[S:.*]] = call @values_after.kernel0(%[[X]], %[[N]]) : (memref<?xf64>, index) -> f64
// CHECK-NEXT: %[[B:.*]] = memref.alloc(%[[M]])
// CHECK-NEXT: call @use(%[[S]], %[[B]])
// CHECK: func.func private @values_after.kernel0(%{{.*}}: memref<?xf64>, %{{.*}}: index) -> f64
// CHECK: scf.for
// CHECK: linalg.fill
// CHECK-NEXT: return %{{.*}} : f64
func.func private @use(f64, memref<?xf64>)
func.func @values_after(%x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 0.0 : f64
  %n = memref.dim %x, %c0 : memref<?xf64>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> f64 {
    %v = memref.load %x[%i] : memref<?xf64>
    %a = arith.addf %acc, %v : f64
    scf.yield %a : f64
  }
  %m = arith.addi %n, %n : index
  linalg.fill ins(%init : f64) outs(%x : memref<?xf64>)
  %b = memref.alloc(%m) : memref<?xf64>
  func.call @use(%sum, %b) : (f64, memref<?xf64>) -> ()
  return
}

// -----

// Runs without a loop nest (a lone copy) stay in the dispatcher; calls end
// a run; a stack allocation used after its run moves before it (a kernel
// must not return stack memory); each function numbers its own kernels.
// CHECK-LABEL: func.func @boundaries(
// CHECK: memref.copy
// CHECK-NEXT: call @sink(
// CHECK-NEXT: %[[S:.*]] = memref.alloca() : memref<4xf64>
// CHECK-NEXT: call @boundaries.kernel0(%{{.*}}, %[[S]])
// CHECK-NEXT: call @sink(%[[S]])
// CHECK-NEXT: call @boundaries.kernel1(
// CHECK-NEXT: return
// CHECK-LABEL: func.func @other(
// CHECK: call @other.kernel0(
func.func private @sink(memref<4xf64>)
func.func @boundaries(%x: memref<4xf64>, %y: memref<4xf64>) {
  %one = arith.constant 1.0 : f64
  memref.copy %x, %y : memref<4xf64> to memref<4xf64>
  func.call @sink(%y) : (memref<4xf64>) -> ()
  linalg.fill ins(%one : f64) outs(%x : memref<4xf64>)
  %s = memref.alloca() : memref<4xf64>
  linalg.fill ins(%one : f64) outs(%s : memref<4xf64>)
  func.call @sink(%s) : (memref<4xf64>) -> ()
  linalg.fill ins(%one : f64) outs(%y : memref<4xf64>)
  return
}
func.func @other(%x: memref<4xf64>) {
  %one = arith.constant 1.0 : f64
  linalg.fill ins(%one : f64) outs(%x : memref<4xf64>)
  return
}

// -----

// A stack allocation of a static size used only in its run is the
// kernel's own scratch memory (a lane reduction's partials with
// lane-tiles): it moves into the kernel, which LLVM then knows cannot
// alias the kernel's arguments. One of a dynamic size ends the run.
// CHECK-LABEL: func.func @scratch(
// CHECK-SAME: %[[X:.*]]: memref<4xf64>, %[[N:.*]]: index)
// CHECK-NEXT: call @scratch.kernel0(%[[X]]) : (memref<4xf64>) -> ()
// CHECK-NEXT: %[[D:.*]] = memref.alloca(%[[N]]) : memref<?xf64>
// CHECK-NEXT: call @scratch.kernel1(%[[D]]) : (memref<?xf64>) -> ()
// CHECK-NEXT: return
// CHECK: func.func private @scratch.kernel0(%[[A:.*]]: memref<4xf64>)
// CHECK: %[[S:.*]] = memref.alloca() : memref<4xf64>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f64) outs(%[[S]] : memref<4xf64>)
// CHECK-NEXT: linalg.copy ins(%[[S]] : memref<4xf64>) outs(%[[A]] : memref<4xf64>)
// CHECK-NEXT: return
func.func @scratch(%x: memref<4xf64>, %n: index) {
  %one = arith.constant 1.0 : f64
  %s = memref.alloca() : memref<4xf64>
  linalg.fill ins(%one : f64) outs(%s : memref<4xf64>)
  linalg.copy ins(%s : memref<4xf64>) outs(%x : memref<4xf64>)
  %d = memref.alloca(%n) : memref<?xf64>
  linalg.fill ins(%one : f64) outs(%d : memref<?xf64>)
  return
}

// -----

// Kernels and declarations are left alone: running the pass again
// changes nothing.
// CHECK-LABEL: func.func @already(
// CHECK-NEXT: call @already.kernel0
// CHECK-NEXT: return
// CHECK: func.func private @already.kernel0(
// CHECK-NEXT: %[[ONE:.*]] = arith.constant
// CHECK-NEXT: linalg.fill
// CHECK-NOT: call
// CHECK-NOT: func.func
func.func @already(%x: memref<4xf64>) {
  call @already.kernel0(%x) : (memref<4xf64>) -> ()
  return
}
func.func private @already.kernel0(%x: memref<4xf64>) attributes {tenferro.kernel} {
  %one = arith.constant 1.0 : f64
  linalg.fill ins(%one : f64) outs(%x : memref<4xf64>)
  return
}

// -----

// Each block of a function is outlined on its own; a value of another
// block is an argument of the kernel.
// CHECK-LABEL: func.func @blocks(
// CHECK: ^bb1:
// CHECK-NEXT: call @blocks.kernel0(%[[V:.*]], %arg0) : (f64, memref<4xf64>) -> ()
// CHECK: func.func private @blocks.kernel0(%[[A:.*]]: f64, %[[B:.*]]: memref<4xf64>)
// CHECK-NEXT: linalg.fill ins(%[[A]] : f64) outs(%[[B]] : memref<4xf64>)
func.func @blocks(%x: memref<4xf64>, %y: f64) {
  %v = arith.addf %y, %y : f64
  cf.br ^bb1
^bb1:
  linalg.fill ins(%v : f64) outs(%x : memref<4xf64>)
  return
}
