// RUN: tenferro-opt %s --tenferro-split-dispatchers="max-ops=3" --split-input-file | FileCheck %s
// RUN: tenferro-opt %s --tenferro-split-dispatchers="max-ops=0" --split-input-file | FileCheck %s --check-prefix=OFF

// Six ops and a constant, in parts of three: each part takes what it uses
// (constants cloned, the function's copy erased) and returns what later
// parts use; the function calls the parts in order and keeps its return.
// CHECK-LABEL: func.func @long(
// CHECK-SAME: %[[X:.*]]: memref<4xf64>) -> memref<4xf64>
// CHECK-NEXT: %[[A:.*]] = call @long.part0(%[[X]]) : (memref<4xf64>) -> memref<4xf64>
// CHECK-NEXT: %[[B:.*]] = call @long.part1(%[[A]]) : (memref<4xf64>) -> memref<4xf64>
// CHECK-NEXT: return %[[B]]
// CHECK: func.func private @long.part0(%{{.*}}: memref<4xf64>) -> memref<4xf64>
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]}
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.0
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: linalg.fill ins(%[[ONE]]
// CHECK-NEXT: call @k(
// CHECK-NEXT: return
// CHECK: func.func private @long.part1(
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: call @k(
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: return
// OFF-LABEL: func.func @long(
// OFF-NOT: part
func.func private @k(memref<4xf64>, memref<4xf64>)
func.func @long(%x: memref<4xf64>) -> memref<4xf64> {
  %one = arith.constant 1.0 : f64
  %a = memref.alloc() : memref<4xf64>
  linalg.fill ins(%one : f64) outs(%a : memref<4xf64>)
  func.call @k(%x, %a) : (memref<4xf64>, memref<4xf64>) -> ()
  %b = memref.alloc() : memref<4xf64>
  func.call @k(%a, %b) : (memref<4xf64>, memref<4xf64>) -> ()
  memref.dealloc %a : memref<4xf64>
  return %b : memref<4xf64>
}

// -----

// Stack allocations stay in the function and end a part; functions of at
// most max-ops ops, kernels and declarations are left alone.
// CHECK-LABEL: func.func @stack(
// CHECK-NEXT: call @stack.part0(
// CHECK-NEXT: %[[S:.*]] = memref.alloca()
// CHECK-NEXT: call @stack.part1(%[[S]], %{{.*}})
// CHECK-NEXT: return
// CHECK-LABEL: func.func @short(
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @kernel(
// CHECK-NEXT: arith.constant
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: return
func.func @stack(%x: memref<4xf64>) {
  %one = arith.constant 1.0 : f64
  linalg.fill ins(%one : f64) outs(%x : memref<4xf64>)
  %s = memref.alloca() : memref<4xf64>
  linalg.fill ins(%one : f64) outs(%s : memref<4xf64>)
  memref.copy %s, %x : memref<4xf64> to memref<4xf64>
  return
}
func.func @short(%x: memref<4xf64>, %one: f64) {
  linalg.fill ins(%one : f64) outs(%x : memref<4xf64>)
  return
}
func.func private @kernel(%x: memref<4xf64>) attributes {tenferro.kernel} {
  %one = arith.constant 1.0 : f64
  linalg.fill ins(%one : f64) outs(%x : memref<4xf64>)
  linalg.fill ins(%one : f64) outs(%x : memref<4xf64>)
  linalg.fill ins(%one : f64) outs(%x : memref<4xf64>)
  linalg.fill ins(%one : f64) outs(%x : memref<4xf64>)
  return
}
