// RUN: tenferro-opt %s --split-input-file --verify-diagnostics \
// RUN:   --tenferro-convert-assert-to-llvm | FileCheck %s

// A failed check writes its message and a newline to fd 2, then aborts
// (docs/abi.md, "Run-time checks"); one global per distinct message, in
// module order; nothing calls puts.
// CHECK-NOT: puts
// CHECK-DAG: llvm.func @abort()
// CHECK-DAG: llvm.func @write(i32, !llvm.ptr, i64) -> i64
// CHECK-LABEL: func.func @checks(
// CHECK-SAME: %[[A:.*]]: i1, %[[B:.*]]: i1
// CHECK: llvm.cond_br %[[A]], ^[[OK1:.*]], ^[[FAIL1:[a-z0-9]*]]
// CHECK: ^[[FAIL1]]:
// CHECK-NEXT: %[[FD:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[MSG:.*]] = llvm.mlir.addressof @tenferro_check_message_0 : !llvm.ptr
// CHECK-NEXT: %[[LEN:.*]] = llvm.mlir.constant(9 : i64) : i64
// CHECK-NEXT: llvm.call @write(%[[FD]], %[[MSG]], %[[LEN]])
// CHECK-NEXT: llvm.call @abort()
// CHECK-NEXT: llvm.unreachable
// CHECK: ^[[OK1]]:
// CHECK: llvm.cond_br %[[B]]
// CHECK: llvm.mlir.addressof @tenferro_check_message_1
// CHECK: llvm.mlir.addressof @tenferro_check_message_0
// CHECK: return
// CHECK-DAG: llvm.mlir.global internal constant @tenferro_check_message_0("a failed\0A")
// CHECK-DAG: llvm.mlir.global internal constant @tenferro_check_message_1("b failed\0A")
func.func @checks(%a: i1, %b: i1) {
  cf.assert %a, "a failed"
  cf.assert %b, "b failed"
  cf.assert %b, "a failed"
  return
}

// -----

// No asserts, nothing declared.
// CHECK-LABEL: func.func @none(
// CHECK-NOT: llvm.func
func.func @none() {
  return
}

// -----

func.func @in_loop(%n: index, %ok: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'cf.assert' op in a single-block region ('scf.for'): lower it to cf before tenferro-convert-assert-to-llvm}}
    cf.assert %ok, "in a loop"
  }
  return
}
