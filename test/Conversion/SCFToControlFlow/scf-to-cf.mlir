// RUN: tenferro-opt %s --tenferro-convert-scf-to-cf --split-input-file | FileCheck %s
// Same result as upstream's pass, block for block:
// RUN: tenferro-opt %s --tenferro-convert-scf-to-cf --split-input-file -o %t.ours
// RUN: tenferro-opt %s --convert-scf-to-cf --split-input-file -o %t.upstream
// RUN: diff %t.ours %t.upstream

// Loops and branches in sequence and nested: ops between two SCF ops stay
// in order, in the block that follows the first one.
// CHECK-LABEL: func.func @sequence(
// CHECK-NOT: scf.
// CHECK: cf.br ^[[HEAD:bb[0-9]+]](
// CHECK: ^[[HEAD]](%[[I:.*]]: index, %[[ACC:.*]]: f32):
// CHECK: cf.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: %[[MID:.*]] = arith.mulf %[[ACC]], %[[ACC]] : f32
// CHECK-NEXT: cf.cond_br
// CHECK: memref.store %[[MID]]
// CHECK: ^[[JOIN:bb[0-9]+]](%[[R:.*]]: f32):
// CHECK: arith.subf %[[R]], %[[MID]] : f32
// CHECK-NOT: scf.
func.func @sequence(%n: index, %m: memref<?xf32>, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %f0) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  %mid = arith.mulf %s, %s : f32
  %r = scf.if %c -> f32 {
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        memref.store %mid, %m[%j] : memref<?xf32>
      }
    }
    scf.yield %mid : f32
  } else {
    scf.yield %s : f32
  }
  %out = arith.subf %r, %mid : f32
  return %out : f32
}

// -----

// The other SCF ops upstream lowers: while, index_switch, execute_region,
// parallel.
// CHECK-LABEL: func.func @others(
// CHECK-NOT: scf.
// CHECK: return
func.func @others(%n: index, %m: memref<?xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = scf.while (%i = %c0) : (index) -> index {
    %lt = arith.cmpi slt, %i, %n : index
    scf.condition(%lt) %i : index
  } do {
  ^bb0(%i: index):
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  %k = scf.index_switch %w -> i32
  case 2 {
    %c = arith.constant 2 : i32
    scf.yield %c : i32
  }
  default {
    %e = scf.execute_region -> i32 {
      %d = arith.constant 7 : i32
      scf.yield %d : i32
    }
    scf.yield %e : i32
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %f = arith.constant 1.0 : f32
    memref.store %f, %m[%i] : memref<?xf32>
  }
  return %k : i32
}
