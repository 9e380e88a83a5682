// RUN: tenferro-opt %s --tenferro-bufferize=explain --split-input-file --verify-diagnostics | FileCheck %s
// RUN: not tenferro-opt %s --tenferro-bufferize="always-analyze explain" --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALWAYS

// always-analyze runs the analysis on every module (test/Transforms/
// bufferize-equivalence.mlir checks that both paths print the same).
// ALWAYS-COUNT-6: remark: needs One-Shot Analysis: always-analyze is set
// ALWAYS: remark: needs One-Shot Analysis: always-analyze is set
// ALWAYS: error: op was not bufferized

#id = affine_map<(d0) -> (d0)>

// Every write goes to a fresh tensor.empty, and the input is read by many
// ops (the case One-Shot Analysis takes quadratic time for): no analysis,
// every write in place.
// CHECK-LABEL: func.func @fresh_writes(
// CHECK-SAME: %[[X:.*]]: memref<4xf64>
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[X]] : memref<4xf64>, memref<4xf64>) outs(%[[A]] : memref<4xf64>)
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[X]] : memref<4xf64>, memref<4xf64>) outs(%[[B]] : memref<4xf64>)
// CHECK-NOT: memref.copy
// CHECK: return %[[B]]
// expected-remark @below {{bufferized without One-Shot Analysis: every write goes to a fresh buffer}}
module {
  func.func @fresh_writes(%x: tensor<4xf64>) -> tensor<4xf64> {
    %e0 = tensor.empty() : tensor<4xf64>
    %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%x, %x : tensor<4xf64>, tensor<4xf64>) outs(%e0 : tensor<4xf64>) {
    ^bb0(%a: f64, %b: f64, %o: f64):
      %s = arith.addf %a, %b : f64
      linalg.yield %s : f64
    } -> tensor<4xf64>
    %e1 = tensor.empty() : tensor<4xf64>
    %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%0, %x : tensor<4xf64>, tensor<4xf64>) outs(%e1 : tensor<4xf64>) {
    ^bb0(%a: f64, %b: f64, %o: f64):
      %s = arith.mulf %a, %b : f64
      linalg.yield %s : f64
    } -> tensor<4xf64>
    return %1 : tensor<4xf64>
  }
}

// -----

#id = affine_map<(d0) -> (d0)>

// A fill and a reduction into it (a chain of writes to one fresh buffer),
// and a value read before it is overwritten in place: still fresh.
// CHECK-LABEL: func.func @read_before_write(
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
// CHECK: linalg.fill ins(%{{.*}} : f64) outs(%[[A]] : memref<4xf64>)
// CHECK: linalg.generic {{.*}} ins(%[[A]] : memref<4xf64>) outs(%{{.*}} : memref<4xf64>)
// CHECK: linalg.generic {{.*}} outs(%[[A]] : memref<4xf64>)
// CHECK-NOT: memref.copy
// expected-remark @below {{bufferized without One-Shot Analysis: every write goes to a fresh buffer}}
module {
  func.func @read_before_write(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
    %zero = arith.constant 0.0 : f64
    %e0 = tensor.empty() : tensor<4xf64>
    %f = linalg.fill ins(%zero : f64) outs(%e0 : tensor<4xf64>) -> tensor<4xf64>
    %e1 = tensor.empty() : tensor<4xf64>
    %copy = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%f : tensor<4xf64>) outs(%e1 : tensor<4xf64>) {
    ^bb0(%a: f64, %o: f64):
      linalg.yield %a : f64
    } -> tensor<4xf64>
    %acc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf64>) outs(%f : tensor<4xf64>) {
    ^bb0(%a: f64, %o: f64):
      %s = arith.addf %a, %o : f64
      linalg.yield %s : f64
    } -> tensor<4xf64>
    return %copy, %acc : tensor<4xf64>, tensor<4xf64>
  }
}

// -----

#id = affine_map<(d0) -> (d0)>

// The filled value is read after the op that writes its buffer: the
// analysis runs and copies.
// CHECK-LABEL: func.func @read_after_write(
// CHECK: memref.copy
module {
  func.func @read_after_write(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
    %zero = arith.constant 0.0 : f64
    %e0 = tensor.empty() : tensor<4xf64>
    %f = linalg.fill ins(%zero : f64) outs(%e0 : tensor<4xf64>) -> tensor<4xf64>
    // expected-remark @below {{needs One-Shot Analysis: the op writes a buffer that is not fresh (an argument, a value with other uses, or one from another block)}}
    %acc = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf64>) outs(%f : tensor<4xf64>) {
    ^bb0(%a: f64, %o: f64):
      %s = arith.addf %a, %o : f64
      linalg.yield %s : f64
    } -> tensor<4xf64>
    %e1 = tensor.empty() : tensor<4xf64>
    %copy = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%f : tensor<4xf64>) outs(%e1 : tensor<4xf64>) {
    ^bb0(%a: f64, %o: f64):
      linalg.yield %a : f64
    } -> tensor<4xf64>
    return %copy, %acc : tensor<4xf64>, tensor<4xf64>
  }
}

// -----

// A write into an argument: the analysis decides (in place: arguments are
// writable unless marked otherwise).
// CHECK-LABEL: func.func @write_argument(
// CHECK-SAME: %[[X:.*]]: memref<4xf64>
// CHECK: linalg.fill ins(%{{.*}} : f64) outs(%[[X]] : memref<4xf64>)
module {
  func.func @write_argument(%x: tensor<4xf64>) -> tensor<4xf64> {
    %zero = arith.constant 0.0 : f64
    // expected-remark @below {{needs One-Shot Analysis: the op writes a buffer that is not fresh}}
    %f = linalg.fill ins(%zero : f64) outs(%x : tensor<4xf64>) -> tensor<4xf64>
    return %f : tensor<4xf64>
  }
}

// -----

// Calls with tensors need the module analysis (what the callee writes).
// CHECK-LABEL: func.func @callee(
// CHECK-LABEL: func.func @caller(
// CHECK: call @callee(%{{.*}}) : (memref<4xf64>) -> memref<4xf64>
module {
  func.func @callee(%x: tensor<4xf64>) -> tensor<4xf64> {
    return %x : tensor<4xf64>
  }
  func.func @caller(%x: tensor<4xf64>) -> tensor<4xf64> {
    // expected-remark @below {{needs One-Shot Analysis: a call passes or returns tensors}}
    %0 = func.call @callee(%x) : (tensor<4xf64>) -> tensor<4xf64>
    return %0 : tensor<4xf64>
  }
}

// -----

// Regions that yield tensors have rules of their own in the analysis.
// CHECK-LABEL: func.func @branch(
// CHECK: scf.if %{{.*}} -> (memref<4xf64>)
module {
  func.func @branch(%c: i1, %x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {
    // expected-remark @below {{needs One-Shot Analysis: the op has regions that may carry tensors}}
    %0 = scf.if %c -> tensor<4xf64> {
      scf.yield %x : tensor<4xf64>
    } else {
      scf.yield %y : tensor<4xf64>
    }
    return %0 : tensor<4xf64>
  }
}

// -----

// An op that is not bufferizable: the analysis runs and reports it, as
// one-shot-bufferize does.
module {
  func.func @not_bufferizable(%x: tensor<4xf64>) -> tensor<4xf64> {
    // expected-remark @below {{needs One-Shot Analysis: the op is not bufferizable}}
    // expected-error @below {{op was not bufferized}}
    %0 = tenferro.negate %x : tensor<4xf64>
    return %0 : tensor<4xf64>
  }
}
