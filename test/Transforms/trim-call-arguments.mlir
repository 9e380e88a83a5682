// RUN: tenferro-opt %s --tenferro-trim-call-arguments --split-input-file | FileCheck %s

// A descriptor built from constants at every call: the kernel gets the
// constants, and only the aligned pointer stays an argument (the
// allocated pointer is unused once the kernel's own descriptor is read
// through).
// CHECK-LABEL: llvm.func @caller(
// CHECK: llvm.call @kernel(%[[ALIGNED:.*]]) : (!llvm.ptr) -> ()
// CHECK: llvm.call @kernel(%[[ALIGNED]]) : (!llvm.ptr) -> ()
// CHECK-LABEL: llvm.func internal @kernel(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr)
// CHECK-DAG: %[[SIZE:.*]] = llvm.mlir.constant(8 : index) : i64
// CHECK-DAG: %[[STRIDE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-NOT: llvm.insertvalue
// CHECK-NOT: llvm.extractvalue
// CHECK: llvm.getelementptr %[[P]][%[[STRIDE]]]
// CHECK: llvm.icmp "slt" %{{.*}}, %[[SIZE]]
!desc = !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
llvm.func @caller(%allocated: !llvm.ptr, %aligned: !llvm.ptr) {
  %zero = llvm.mlir.constant(0 : index) : i64
  %eight = llvm.mlir.constant(8 : index) : i64
  %one = llvm.mlir.constant(1 : index) : i64
  %0 = llvm.mlir.poison : !desc
  %1 = llvm.insertvalue %allocated, %0[0] : !desc
  %2 = llvm.insertvalue %aligned, %1[1] : !desc
  %3 = llvm.insertvalue %zero, %2[2] : !desc
  %4 = llvm.insertvalue %eight, %3[3, 0] : !desc
  %5 = llvm.insertvalue %one, %4[4, 0] : !desc
  %a = llvm.extractvalue %5[0] : !desc
  %b = llvm.extractvalue %5[1] : !desc
  %c = llvm.extractvalue %5[2] : !desc
  %d = llvm.extractvalue %5[3, 0] : !desc
  %e = llvm.extractvalue %5[4, 0] : !desc
  llvm.call @kernel(%a, %b, %c, %d, %e) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
  llvm.call @kernel(%a, %b, %c, %d, %e) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
  llvm.return
}
llvm.func internal @kernel(%allocated: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64, %size: i64, %stride: i64) attributes {passthrough = ["noinline"]} {
  %0 = llvm.mlir.poison : !desc
  %1 = llvm.insertvalue %allocated, %0[0] : !desc
  %2 = llvm.insertvalue %aligned, %1[1] : !desc
  %3 = llvm.insertvalue %offset, %2[2] : !desc
  %4 = llvm.insertvalue %size, %3[3, 0] : !desc
  %5 = llvm.insertvalue %stride, %4[4, 0] : !desc
  %p = llvm.extractvalue %5[1] : !desc
  %n = llvm.extractvalue %5[3, 0] : !desc
  %s = llvm.extractvalue %5[4, 0] : !desc
  %q = llvm.getelementptr %p[%s] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %c = llvm.icmp "slt" %s, %n : i64
  llvm.return
}

// -----

// Different constants at two calls, and a run-time value: those stay
// arguments; an argument no call needs goes.
// CHECK-LABEL: llvm.func @caller(
// CHECK: llvm.call @kernel(%{{.*}}, %arg0) : (i64, i64) -> i64
// CHECK: llvm.call @kernel(%{{.*}}, %arg0) : (i64, i64) -> i64
// CHECK-LABEL: llvm.func internal @kernel(
// CHECK-SAME: %[[A:.*]]: i64, %[[B:.*]]: i64) -> i64
// CHECK: llvm.add %[[A]], %[[B]]
llvm.func @caller(%n: i64) -> i64 {
  %one = llvm.mlir.constant(1 : i64) : i64
  %two = llvm.mlir.constant(2 : i64) : i64
  %x = llvm.call @kernel(%one, %n, %n) : (i64, i64, i64) -> i64
  %y = llvm.call @kernel(%two, %n, %x) : (i64, i64, i64) -> i64
  llvm.return %y : i64
}
llvm.func internal @kernel(%a: i64, %b: i64, %unused: i64) -> i64 {
  %s = llvm.add %a, %b : i64
  llvm.return %s : i64
}

// -----

// External functions and local functions whose address is taken keep
// their arguments: a caller the pass cannot see may pass anything.
// CHECK-LABEL: llvm.func @caller(
// CHECK: llvm.call @public(%{{.*}}, %{{.*}}) : (i64, i64) -> ()
// CHECK: llvm.call @taken(%{{.*}}, %{{.*}}) : (i64, i64) -> ()
// CHECK-LABEL: llvm.func @public(%arg0: i64, %arg1: i64)
// CHECK-LABEL: llvm.func internal @taken(%arg0: i64, %arg1: i64)
llvm.func @caller() -> !llvm.ptr {
  %one = llvm.mlir.constant(1 : i64) : i64
  llvm.call @public(%one, %one) : (i64, i64) -> ()
  llvm.call @taken(%one, %one) : (i64, i64) -> ()
  %f = llvm.mlir.addressof @taken : !llvm.ptr
  llvm.return %f : !llvm.ptr
}
llvm.func @public(%a: i64, %b: i64) {
  llvm.return
}
llvm.func internal @taken(%a: i64, %b: i64) {
  llvm.return
}
