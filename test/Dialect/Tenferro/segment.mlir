// Segmentation reproduces tenferro's segment_exec_program on the test cases
// of docs/semantics.md §13: regions, their operands in first-read order,
// results in production order, last-use flags and kinds.
// RUN: tenferro-opt %s --tenferro-segment | FileCheck %s

// S1: the pair at 1 is isolated; Fused[Abs] reads a complex input, so
// its plan fails the input-dtype guard (docs/semantics.md §11.3) and it is a
// sequence. The pair's product is bigger than the broadcast target, so no
// kernel takes it; its plan builds.
// CHECK-LABEL: func.func @s1(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region sequence (%{{[a-z0-9]+}} = %arg0 : tensor<2x2xcomplex<f64>> last_use) -> (tensor<2x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.abs 
// CHECK-NEXT: tenferro.yield 
// CHECK: %[[R1:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %arg1 : tensor<f64> broadcast [] dims [] last_use, %{{[a-z0-9]+}} = %[[R0]] : tensor<2x2xf64> last_use) -> (tensor<2x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R1]] : tensor<2x2xf64>
func.func @s1(%s0: tensor<2x2xcomplex<f64>>, %s1: tensor<f64>) -> tensor<2x2xf64> {
  %s2 = tenferro.abs %s0 : tensor<2x2xcomplex<f64>>
  %s3 = tenferro.broadcast_in_dim %s1, dims = [] to [] : tensor<f64>
  %s4 = tenferro.multiply %s3, %s2 : tensor<f64>, tensor<2x2xf64>
  return %s4 : tensor<2x2xf64>
}

// S2: one elementwise region over inputs [s10, s20].
// CHECK-LABEL: func.func @s2(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %arg0 : tensor<4xf64> last_use, %{{[a-z0-9]+}} = %arg1 : tensor<4xf64> last_use) -> (tensor<4xf64>) {
// CHECK-NEXT: {{.*}}tenferro.add 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R0]] : tensor<4xf64>
func.func @s2(%s10: tensor<4xf64>, %s20: tensor<4xf64>) -> tensor<4xf64> {
  %s30 = tenferro.add %s10, %s20 : tensor<4xf64>
  %s40 = tenferro.multiply %s30, %s10 : tensor<4xf64>
  return %s40 : tensor<4xf64>
}

// S3: a terminal triplet, isolated and taken by the kernel.
// CHECK-LABEL: func.func @s3(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region broadcast_multiply (%{{[a-z0-9]+}} = %arg0 : tensor<3xf64> last_use, %{{[a-z0-9]+}} = %arg1 : tensor<2xf64> last_use) -> (tensor<3x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R0]] : tensor<3x2xf64>
func.func @s3(%s0: tensor<3xf64>, %s1: tensor<2xf64>) -> tensor<3x2xf64> {
  %s2 = tenferro.broadcast_in_dim %s0, dims = [0] to [3, 2] : tensor<3xf64>
  %s3 = tenferro.broadcast_in_dim %s1, dims = [1] to [3, 2] : tensor<2xf64>
  %s4 = tenferro.multiply %s2, %s3 : tensor<3x2xf64>
  return %s4 : tensor<3x2xf64>
}

// S4: two terminal triplets, two regions of three.
// CHECK-LABEL: func.func @s4(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region broadcast_multiply (%{{[a-z0-9]+}} = %arg0 : tensor<2xf64> last_use, %{{[a-z0-9]+}} = %arg1 : tensor<2xf64> last_use) -> (tensor<2x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: %[[R1:[0-9]+]] = tenferro.fused_region broadcast_multiply (%{{[a-z0-9]+}} = %arg2 : tensor<2xf64> last_use, %{{[a-z0-9]+}} = %arg3 : tensor<2xf64> last_use) -> (tensor<2x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R0]], %[[R1]] : tensor<2x2xf64>, tensor<2x2xf64>
func.func @s4(%s0: tensor<2xf64>, %s1: tensor<2xf64>, %s2: tensor<2xf64>, %s3: tensor<2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  %s4 = tenferro.broadcast_in_dim %s0, dims = [0] to [2, 2] : tensor<2xf64>
  %s5 = tenferro.broadcast_in_dim %s1, dims = [1] to [2, 2] : tensor<2xf64>
  %s6 = tenferro.multiply %s4, %s5 : tensor<2x2xf64>
  %s7 = tenferro.broadcast_in_dim %s2, dims = [0] to [2, 2] : tensor<2xf64>
  %s8 = tenferro.broadcast_in_dim %s3, dims = [1] to [2, 2] : tensor<2xf64>
  %s9 = tenferro.multiply %s7, %s8 : tensor<2x2xf64>
  return %s6, %s9 : tensor<2x2xf64>, tensor<2x2xf64>
}

// S5: slots 2 and 4 are read at 3, so neither the triplet nor the
// pair is isolated: one region of four.
// CHECK-LABEL: func.func @s5(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %arg0 : tensor<3xf64> broadcast [3, 2] dims [0] last_use, %{{[a-z0-9]+}} = %arg1 : tensor<2xf64> broadcast [3, 2] dims [1] last_use) -> (tensor<3x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: {{.*}}tenferro.add 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R0]] : tensor<3x2xf64>
func.func @s5(%s0: tensor<3xf64>, %s1: tensor<2xf64>) -> tensor<3x2xf64> {
  %s2 = tenferro.broadcast_in_dim %s0, dims = [0] to [3, 2] : tensor<3xf64>
  %s3 = tenferro.broadcast_in_dim %s1, dims = [1] to [3, 2] : tensor<2xf64>
  %s4 = tenferro.multiply %s2, %s3 : tensor<3x2xf64>
  %s5 = tenferro.add %s4, %s2 : tensor<3x2xf64>
  return %s5 : tensor<3x2xf64>
}

// S6 (and the segmentation of S9): two pairs, the second with the
// broadcast as the rhs.
// CHECK-LABEL: func.func @s6(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region broadcast_multiply (%{{[a-z0-9]+}} = %arg0 : tensor<2xf64> last_use, %{{[a-z0-9]+}} = %arg1 : tensor<2x2xf64> last_use) -> (tensor<2x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: %[[R1:[0-9]+]] = tenferro.fused_region broadcast_multiply (%{{[a-z0-9]+}} = %arg2 : tensor<2xf64> last_use, %{{[a-z0-9]+}} = %arg3 : tensor<2x2xf64> last_use) -> (tensor<2x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R0]], %[[R1]] : tensor<2x2xf64>, tensor<2x2xf64>
func.func @s6(%s0: tensor<2xf64>, %s1: tensor<2x2xf64>, %s2: tensor<2xf64>, %s3: tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  %s4 = tenferro.broadcast_in_dim %s0, dims = [0] to [2, 2] : tensor<2xf64>
  %s5 = tenferro.multiply %s4, %s1 : tensor<2x2xf64>
  %s6 = tenferro.broadcast_in_dim %s2, dims = [1] to [2, 2] : tensor<2xf64>
  %s7 = tenferro.multiply %s3, %s6 : tensor<2x2xf64>
  return %s5, %s7 : tensor<2x2xf64>, tensor<2x2xf64>
}

// S7 (and the segmentation of S10): the reused-broadcast pair.
// CHECK-LABEL: func.func @s7(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region broadcast_multiply (%{{[a-z0-9]+}} = %arg0 : tensor<2xf64> last_use) -> (tensor<2x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R0]] : tensor<2x2xf64>
func.func @s7(%s0: tensor<2xf64>) -> tensor<2x2xf64> {
  %s4 = tenferro.broadcast_in_dim %s0, dims = [0] to [2, 2] : tensor<2xf64>
  %s5 = tenferro.multiply %s4, %s4 : tensor<2x2xf64>
  return %s5 : tensor<2x2xf64>
}

// S11: a pair whose other operand is a scalar; inputs in first-read
// order (s1 before s0).
// CHECK-LABEL: func.func @s11(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region broadcast_multiply (%{{[a-z0-9]+}} = %arg1 : tensor<f64> last_use, %{{[a-z0-9]+}} = %arg0 : tensor<f64> last_use) -> (tensor<3xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R0]] : tensor<3xf64>
func.func @s11(%s0: tensor<f64>, %s1: tensor<f64>) -> tensor<3xf64> {
  %s2 = tenferro.broadcast_in_dim %s1, dims = [] to [3] : tensor<f64>
  %s3 = tenferro.multiply %s0, %s2 : tensor<f64>, tensor<3xf64>
  return %s3 : tensor<3xf64>
}

// X1: host, a one-instruction run, FFI. s1 is read by the dot, so
// it is not the run's last use.
// CHECK-LABEL: func.func @x1(
// CHECK: %[[R0:[0-9]+]] = tenferro.shape_of %arg0, axis = 0 : tensor<5xf64>
// CHECK: %[[R1:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %[[R0]] : tensor<f64>) -> (tensor<f64>) {
// CHECK-NEXT: {{.*}}tenferro.negate 
// CHECK-NEXT: tenferro.yield 
// CHECK: %[[R2:[0-9]+]] = tenferro.dot_general %[[R1]], %[[R0]], dims = <> : tensor<f64>, tensor<f64>
// CHECK: return %[[R2]] : tensor<f64>
func.func @x1(%s0: tensor<5xf64>) -> tensor<f64> {
  %s1 = tenferro.shape_of %s0, axis = 0 : tensor<5xf64>
  %s2 = tenferro.negate %s1 : tensor<f64>
  %s3 = tenferro.dot_general %s2, %s1, dims = <> : tensor<f64>, tensor<f64>
  return %s3 : tensor<f64>
}

// X2/X3: Fused[Neg, Neg] with last_use [false], Ffi, Host,
// Fused[Neg, Neg] with last_use [true].
// CHECK-LABEL: func.func @x2(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %arg0 : tensor<4xf64>) -> (tensor<4xf64>) {
// CHECK-NEXT: {{.*}}tenferro.negate 
// CHECK-NEXT: {{.*}}tenferro.negate 
// CHECK-NEXT: tenferro.yield 
// CHECK: %[[R1:[0-9]+]] = tenferro.dot_general %[[R0]], %arg0, dims = <> : tensor<4xf64>, tensor<4xf64>
// CHECK: %[[R2:[0-9]+]] = tenferro.shape_of %arg0, axis = 0 : tensor<4xf64>
// CHECK: %[[R3:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %[[R2]] : tensor<f64> last_use) -> (tensor<f64>) {
// CHECK-NEXT: {{.*}}tenferro.negate 
// CHECK-NEXT: {{.*}}tenferro.negate 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R1]], %[[R3]] : tensor<4x4xf64>, tensor<f64>
func.func @x2(%s0: tensor<4xf64>) -> (tensor<4x4xf64>, tensor<f64>) {
  %s1 = tenferro.negate %s0 : tensor<4xf64>
  %s2 = tenferro.negate %s1 : tensor<4xf64>
  %s3 = tenferro.dot_general %s2, %s0, dims = <> : tensor<4xf64>, tensor<4xf64>
  %s4 = tenferro.shape_of %s0, axis = 0 : tensor<4xf64>
  %s5 = tenferro.negate %s4 : tensor<f64>
  %s6 = tenferro.negate %s5 : tensor<f64>
  return %s3, %s6 : tensor<4x4xf64>, tensor<f64>
}

// D1: one region of two.
// CHECK-LABEL: func.func @d1(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %arg0 : tensor<4xf64> last_use, %{{[a-z0-9]+}} = %arg1 : tensor<4xf64> last_use) -> (tensor<4xf64>) {
// CHECK-NEXT: {{.*}}tenferro.add 
// CHECK-NEXT: {{.*}}tenferro.negate 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R0]] : tensor<4xf64>
func.func @d1(%s0: tensor<4xf64>, %s1: tensor<4xf64>) -> tensor<4xf64> {
  %s2 = tenferro.add %s0, %s1 : tensor<4xf64>
  %s3 = tenferro.negate %s2 : tensor<4xf64>
  return %s3 : tensor<4xf64>
}

// D2: Fused[Add] (its result is a program output), then Host.
// CHECK-LABEL: func.func @d2(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %arg0 : tensor<4xf64> last_use, %{{[a-z0-9]+}} = %arg1 : tensor<4xf64> last_use) -> (tensor<4xf64>) {
// CHECK-NEXT: {{.*}}tenferro.add 
// CHECK-NEXT: tenferro.yield 
// CHECK: %[[R1:[0-9]+]] = tenferro.shape_of %[[R0]], axis = 0 : tensor<4xf64>
// CHECK: return %[[R0]], %[[R1]] : tensor<4xf64>, tensor<f64>
func.func @d2(%s0: tensor<4xf64>, %s1: tensor<4xf64>) -> (tensor<4xf64>, tensor<f64>) {
  %s2 = tenferro.add %s0, %s1 : tensor<4xf64>
  %s3 = tenferro.shape_of %s2, axis = 0 : tensor<4xf64>
  return %s2, %s3 : tensor<4xf64>, tensor<f64>
}

// O1: Fused of two with inputs [s0, s1], outputs [s3], last_use
// [false, true] (s0 is read by the FFI op); Host; a two-output Ffi.
// CHECK-LABEL: func.func @o1(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %arg0 : tensor<4xf64>, %{{[a-z0-9]+}} = %arg1 : tensor<4xf64> last_use) -> (tensor<4xf64>) {
// CHECK-NEXT: {{.*}}tenferro.add 
// CHECK-NEXT: {{.*}}tenferro.negate 
// CHECK-NEXT: tenferro.yield 
// CHECK: %[[R1:[0-9]+]] = tenferro.shape_of %[[R0]], axis = 0 : tensor<4xf64>
// CHECK: %[[R2:[0-9]+]]:2 = tenferro.extension "test.split.v1"(%arg0) inputs 1 outputs 2 : (tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>)
// CHECK: return %[[R1]], %[[R2]]#0, %[[R2]]#1 : tensor<f64>, tensor<4xf64>, tensor<4xf64>
func.func @o1(%s0: tensor<4xf64>, %s1: tensor<4xf64>) -> (tensor<f64>, tensor<4xf64>, tensor<4xf64>) {
  %s2 = tenferro.add %s0, %s1 : tensor<4xf64>
  %s3 = tenferro.negate %s2 : tensor<4xf64>
  %s4 = tenferro.shape_of %s3, axis = 0 : tensor<4xf64>
  %s5, %s6 = tenferro.extension "test.split.v1"(%s0) inputs 1 outputs 2 : (tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>)
  return %s4, %s5, %s6 : tensor<f64>, tensor<4xf64>, tensor<4xf64>
}

// F1, fragmentation: the triplet at 0 fails (slot 2 is read at 3), the
// pair at 1 is isolated: Fused[BC a], Fused[BC b, Mul], Fused[Add].
// CHECK-LABEL: func.func @fragmentation(
// CHECK: %[[R0:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %arg0 : tensor<3xf64> broadcast [3, 2] dims [0] last_use) -> (tensor<3x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: tenferro.yield 
// CHECK: %[[R1:[0-9]+]] = tenferro.fused_region broadcast_multiply (%{{[a-z0-9]+}} = %arg1 : tensor<2xf64> last_use, %{{[a-z0-9]+}} = %[[R0]] : tensor<3x2xf64>) -> (tensor<3x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.broadcast_in_dim 
// CHECK-NEXT: {{.*}}tenferro.multiply 
// CHECK-NEXT: tenferro.yield 
// CHECK: %[[R2:[0-9]+]] = tenferro.fused_region elementwise (%{{[a-z0-9]+}} = %[[R0]] : tensor<3x2xf64> last_use, %{{[a-z0-9]+}} = %arg2 : tensor<3x2xf64> last_use) -> (tensor<3x2xf64>) {
// CHECK-NEXT: {{.*}}tenferro.add 
// CHECK-NEXT: tenferro.yield 
// CHECK: return %[[R1]], %[[R2]] : tensor<3x2xf64>, tensor<3x2xf64>
func.func @fragmentation(%a: tensor<3xf64>, %b: tensor<2xf64>, %c: tensor<3x2xf64>) -> (tensor<3x2xf64>, tensor<3x2xf64>) {
  %s2 = tenferro.broadcast_in_dim %a, dims = [0] to [3, 2] : tensor<3xf64>
  %s3 = tenferro.broadcast_in_dim %b, dims = [1] to [3, 2] : tensor<2xf64>
  %s4 = tenferro.multiply %s2, %s3 : tensor<3x2xf64>
  %s5 = tenferro.add %s2, %c : tensor<3x2xf64>
  return %s4, %s5 : tensor<3x2xf64>, tensor<3x2xf64>
}
