// Broadcast-multiply regions whose broadcasts share one source: the loop
// nest reads the same buffer through two indexing maps (the region has one
// input). Every compiled mode (fused, unfused, vector widths, parallel
// loops) and the reference interpreter agree bit for bit, static and
// dynamic.
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t file %s --entry self_outer:4
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t file %s --entry self_outer_dynamic:4 --dim 37
// RUN: tenferro-opt %s --tenferro-segment --convert-tenferro-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @self_outer(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<13xf64>
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[X]] : tensor<13xf64>, tensor<13xf64>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @self_outer(%x: tensor<13xf64>) -> tensor<13x13xf64> {
  %0 = tenferro.broadcast_in_dim %x, dims = [0] to [13, 13] : tensor<13xf64>
  %1 = tenferro.broadcast_in_dim %x, dims = [1] to [13, 13] : tensor<13xf64>
  %2 = tenferro.multiply %0, %1 : tensor<13x13xf64>
  return %2 : tensor<13x13xf64>
}

func.func @self_outer_dynamic(%x: tensor<?xf64>) -> tensor<?x?xf64> {
  %0 = tenferro.broadcast_in_dim %x, dims = [0] to [input_dim(0, 0), input_dim(0, 0)] : tensor<?xf64>
  %1 = tenferro.broadcast_in_dim %x, dims = [1] to [input_dim(0, 0), input_dim(0, 0)] : tensor<?xf64>
  %2 = tenferro.multiply %0, %1 : tensor<?x?xf64>
  return %2 : tensor<?x?xf64>
}
