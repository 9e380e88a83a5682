// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-dealloc-after-last-use))" \
// RUN:   --split-input-file | FileCheck %s

// Local buffers are freed right after their last use, in program order;
// the block-end dealloc that freed them all is erased.
// CHECK-LABEL: func.func @chain(
// CHECK: %[[T1:.*]] = memref.alloc()
// CHECK-NEXT: linalg.copy ins(%{{.*}} : {{.*}}) outs(%[[T1]] : {{.*}})
// CHECK-NEXT: %[[T2:.*]] = memref.alloc()
// CHECK-NEXT: linalg.copy ins(%[[T1]] : {{.*}}) outs(%[[T2]] : {{.*}})
// CHECK-NEXT: memref.dealloc %[[T1]]
// CHECK-NEXT: linalg.copy ins(%[[T2]] : {{.*}}) outs(%{{.*}} : {{.*}})
// CHECK-NEXT: memref.dealloc %[[T2]]
// CHECK-NEXT: return
// CHECK-NOT: bufferization.dealloc
func.func @chain(%in: memref<8xf32>, %out: memref<8xf32>) {
  %true = arith.constant true
  %t1 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%in : memref<8xf32>) outs(%t1 : memref<8xf32>)
  %t2 = memref.alloc() : memref<8xf32>
  linalg.copy ins(%t1 : memref<8xf32>) outs(%t2 : memref<8xf32>)
  linalg.copy ins(%t2 : memref<8xf32>) outs(%out : memref<8xf32>)
  bufferization.dealloc (%t1, %t2 : memref<8xf32>, memref<8xf32>) if (%true, %true)
  return
}

// -----

// A use through a view counts, and a use inside a loop counts as the loop.
// CHECK-LABEL: func.func @views_and_loops(
// CHECK: %[[T:.*]] = memref.alloc()
// CHECK: %[[V:.*]] = memref.subview %[[T]]
// CHECK: scf.for
// CHECK: memref.load %[[V]]
// CHECK: }
// CHECK-NEXT: memref.dealloc %[[T]]
// CHECK-NEXT: return
func.func @views_and_loops(%in: memref<8xf32>, %out: memref<4xf32>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc() : memref<8xf32>
  linalg.copy ins(%in : memref<8xf32>) outs(%t : memref<8xf32>)
  %v = memref.subview %t[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %v[%i] : memref<4xf32, strided<[1], offset: 2>>
    memref.store %x, %out[%i] : memref<4xf32>
  }
  bufferization.dealloc (%t : memref<8xf32>) if (%true)
  return
}

// -----

// Buffers that are not local stay with the block-end dealloc: one whose
// view is retained (returned), one freed under a run-time condition, one
// consumed by an op that makes buffers the pass cannot follow. The local
// one leaves; the retained value's ownership result is kept.
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME: %[[C:[^:]*]]: i1
// CHECK: %[[LOCAL:.*]] = memref.alloc()
// CHECK: %[[RET:.*]] = memref.alloc()
// CHECK: %[[COND:.*]] = memref.alloc()
// CHECK: %[[UNK:.*]] = memref.alloc()
// CHECK: linalg.copy ins(%[[LOCAL]] : {{.*}}) outs(%[[RET]] : {{.*}})
// CHECK-NEXT: memref.dealloc %[[LOCAL]]
// CHECK: %[[CAST:.*]] = memref.cast %[[RET]]
// CHECK: %[[OWN:.*]] = bufferization.dealloc (%[[RET]], %[[COND]], %[[UNK]] : {{.*}}) if (%{{.*}}, %[[C]], %{{.*}}) retain (%[[CAST]] : {{.*}})
// CHECK-NEXT: return %[[CAST]], %[[OWN]]
func.func @mixed(%in: memref<8xf32>, %c: i1) -> (memref<?xf32>, i1) {
  %true = arith.constant true
  %local = memref.alloc() : memref<8xf32>
  %ret = memref.alloc() : memref<8xf32>
  %cond = memref.alloc() : memref<8xf32>
  %unk = memref.alloc() : memref<8xf32>
  linalg.copy ins(%in : memref<8xf32>) outs(%local : memref<8xf32>)
  linalg.copy ins(%local : memref<8xf32>) outs(%ret : memref<8xf32>)
  linalg.copy ins(%in : memref<8xf32>) outs(%cond : memref<8xf32>)
  %clone = bufferization.clone %unk : memref<8xf32> to memref<8xf32>
  memref.dealloc %clone : memref<8xf32>
  %cast = memref.cast %ret : memref<8xf32> to memref<?xf32>
  %own = bufferization.dealloc (%local, %ret, %cond, %unk : memref<8xf32>, memref<8xf32>, memref<8xf32>, memref<8xf32>) if (%true, %true, %c, %true) retain (%cast : memref<?xf32>)
  return %cast, %own : memref<?xf32>, i1
}

// -----

// Buffers of an enclosing block are left to that block's dealloc.
// CHECK-LABEL: func.func @outer_buffer(
// CHECK: scf.if
// CHECK: bufferization.dealloc (%{{.*}} : memref<8xf32>) if (%{{.*}})
// CHECK: bufferization.dealloc
// CHECK-NOT: memref.dealloc
func.func @outer_buffer(%in: memref<8xf32>, %c: i1) {
  %true = arith.constant true
  %t = memref.alloc() : memref<8xf32>
  scf.if %c {
    linalg.copy ins(%in : memref<8xf32>) outs(%t : memref<8xf32>)
    bufferization.dealloc (%t : memref<8xf32>) if (%c)
  }
  bufferization.dealloc (%t : memref<8xf32>) if (%true)
  return
}
