// RUN: tenferro-opt %s --tenferro-results-to-out-params --split-input-file \
// RUN:   --allow-unregistered-dialect | FileCheck %s

// A buffer the function allocates is computed in the caller's: the
// allocation is gone, nothing is copied, and the result became the last
// argument.
// CHECK-LABEL: func.func @in_place(
// CHECK-SAME: %[[X:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>) {
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NOT: memref.copy
// CHECK: return{{$}}
#id = affine_map<(d0) -> (d0)>
func.func @in_place(%x: memref<4xf32>) -> memref<4xf32> {
  %r = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<4xf32>) outs(%r : memref<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  }
  return %r : memref<4xf32>
}

// -----

// A buffer returned twice is computed in the first caller's buffer and
// copied into the second; an argument returned is copied. Other results
// stay results, in their order.
// CHECK-LABEL: func.func @twice_and_argument(
// CHECK-SAME: %[[X:[^:]*]]: memref<4xf32>, %[[A:[^:]*]]: memref<4xf32>, %[[B:[^:]*]]: memref<4xf32>, %[[C:[^:]*]]: memref<4xf32>) -> i32 {
// CHECK-NEXT: %[[K:.*]] = arith.constant 7 : i32
// CHECK-NEXT: "test.write"(%[[A]])
// CHECK-NEXT: memref.copy %[[A]], %[[B]]
// CHECK-NEXT: memref.copy %[[X]], %[[C]]
// CHECK-NEXT: return %[[K]] : i32
func.func @twice_and_argument(%x: memref<4xf32>)
    -> (memref<4xf32>, i32, memref<4xf32>, memref<4xf32>) {
  %k = arith.constant 7 : i32
  %r = memref.alloc() : memref<4xf32>
  "test.write"(%r) : (memref<4xf32>) -> ()
  return %r, %k, %r, %x : memref<4xf32>, i32, memref<4xf32>, memref<4xf32>
}

// -----

// A dynamic extent of the caller's buffer is checked against the one the
// function computes, where the allocation was, before anything is written.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[X:[^:]*]]: memref<?x3xf32>, %[[OUT:[^:]*]]: memref<?x3xf32>) {
// CHECK: %[[N:.*]] = memref.dim %[[X]], %{{.*}}
// CHECK: %[[M:.*]] = memref.dim %[[OUT]], %{{.*}}
// CHECK-NEXT: %[[SAME:.*]] = arith.cmpi eq, %[[M]], %[[N]] : index
// CHECK-NEXT: cf.assert %[[SAME]], "tenferro @dynamic output #0: the caller's buffer does not have the result's extents (OutputShapeMismatch)"
// CHECK-NEXT: "test.write"(%[[OUT]])
// CHECK-NOT: memref.copy
// CHECK: return{{$}}
func.func @dynamic(%x: memref<?x3xf32>) -> memref<?x3xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x3xf32>
  %r = memref.alloc(%n) : memref<?x3xf32>
  "test.write"(%r) : (memref<?x3xf32>) -> ()
  return %r : memref<?x3xf32>
}

// -----

// A dynamic result that is not the function's allocation is checked, then
// copied.
// CHECK-LABEL: func.func @dynamic_argument(
// CHECK-SAME: %[[X:[^:]*]]: memref<?xf32>, %[[OUT:[^:]*]]: memref<?xf32>) {
// CHECK: %[[N:.*]] = memref.dim %[[OUT]], %{{.*}}
// CHECK: %[[M:.*]] = memref.dim %[[X]], %{{.*}}
// CHECK-NEXT: %[[SAME:.*]] = arith.cmpi eq, %[[N]], %[[M]] : index
// CHECK-NEXT: cf.assert %[[SAME]], "tenferro @dynamic_argument output #0
// CHECK-NEXT: memref.copy %[[X]], %[[OUT]]
func.func @dynamic_argument(%x: memref<?xf32>) -> memref<?xf32> {
  return %x : memref<?xf32>
}

// -----

// Calls in the module follow: the caller allocates the callee's result and
// passes it; a call's result that the caller returns is the caller's
// caller's buffer.
// CHECK-LABEL: func.func @callee(
// CHECK-SAME: %{{.*}}: memref<2xf64>, %{{.*}}: memref<2xf64>) {
// CHECK-LABEL: func.func @caller(
// CHECK-SAME: %[[X:[^:]*]]: memref<2xf64>, %[[OUT:[^:]*]]: memref<2xf64>) {
// CHECK-NEXT: %[[TMP:.*]] = memref.alloc() : memref<2xf64>
// CHECK-NEXT: call @callee(%[[X]], %[[TMP]]) : (memref<2xf64>, memref<2xf64>) -> ()
// CHECK-NEXT: call @callee(%[[TMP]], %[[OUT]]) : (memref<2xf64>, memref<2xf64>) -> ()
// CHECK-NEXT: return{{$}}
func.func @callee(%x: memref<2xf64>) -> memref<2xf64> {
  %r = memref.alloc() : memref<2xf64>
  "test.write"(%x, %r) : (memref<2xf64>, memref<2xf64>) -> ()
  return %r : memref<2xf64>
}
func.func @caller(%x: memref<2xf64>) -> memref<2xf64> {
  %0 = call @callee(%x) : (memref<2xf64>) -> memref<2xf64>
  %1 = call @callee(%0) : (memref<2xf64>) -> memref<2xf64>
  return %1 : memref<2xf64>
}

// -----

// Functions without buffer results and declarations are left alone.
// CHECK-LABEL: func.func private @declared() -> memref<4xf32>
// CHECK-LABEL: func.func @no_buffers(
// CHECK-SAME: -> i32
func.func private @declared() -> memref<4xf32>
func.func @no_buffers(%x: memref<4xf32>) -> i32 {
  %k = arith.constant 1 : i32
  return %k : i32
}
