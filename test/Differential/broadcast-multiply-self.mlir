// Broadcast-multiply regions whose broadcasts share one source: the loop
// nest reads the same buffer through two indexing maps (the region has one
// input). Fused, unfused and the reference interpreter agree bit for bit,
// static and dynamic.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tenferro-runner %s --entry=self_outer --random=4 --output=%t/c- > /dev/null
// RUN: tenferro-runner %s --entry=self_outer --random=4 --output=%t/u- --no-fusion > /dev/null
// RUN: tenferro-runner %s --entry=self_outer --random=4 --output=%t/r- --reference > /dev/null
// RUN: cmp %t/c-0.npy %t/r-0.npy && cmp %t/u-0.npy %t/r-0.npy
// RUN: tenferro-runner %s --entry=self_outer_dynamic --random=4 --dim=37 --output=%t/dc- > /dev/null
// RUN: tenferro-runner %s --entry=self_outer_dynamic --random=4 --dim=37 --output=%t/dr- --reference > /dev/null
// RUN: cmp %t/dc-0.npy %t/dr-0.npy
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
