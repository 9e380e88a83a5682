// tenferro-vectorize-affine-loops prints what upstream's
// affine-loop-normalize{promote-single-iter} followed by
// affine-super-vectorize (one vector size, no fastest-varying pattern)
// prints: it only applies them one loop nest at a time, so that its time is
// linear in the number of nests (docs/design.md, "Custom passes and their
// upstream counterparts"). Checked on the pass's own test cases and on a
// program as the lowering pipeline hands it to the pass. The one
// difference, loops along which an index steps by other than one element
// (upstream reads consecutive elements there), is
// vectorize-affine-loops-strides.mlir.
// RUN: tenferro-opt %S/vectorize-affine-loops.mlir --split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-vectorize-affine-loops))" -o %t.ours
// RUN: tenferro-opt %S/vectorize-affine-loops.mlir --split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(affine-loop-normalize{promote-single-iter},affine-super-vectorize{virtual-vector-size=8}))" -o %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: tenferro-opt %S/vectorize-affine-loops.mlir --split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-vectorize-affine-loops{vector-size=4}))" -o %t.ours4
// RUN: tenferro-opt %S/vectorize-affine-loops.mlir --split-input-file \
// RUN:   --pass-pipeline="builtin.module(func.func(affine-loop-normalize{promote-single-iter},affine-super-vectorize{virtual-vector-size=4}))" -o %t.upstream4
// RUN: diff %t.ours4 %t.upstream4
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-segment),convert-tenferro-to-linalg,func.func(convert-elementwise-to-linalg),canonicalize,tenferro-bufferize,func.func(convert-linalg-to-affine-loops))" -o %t.program.mlir
// RUN: tenferro-opt %t.program.mlir \
// RUN:   --pass-pipeline="builtin.module(func.func(tenferro-vectorize-affine-loops))" -o %t.program.ours
// RUN: tenferro-opt %t.program.mlir \
// RUN:   --pass-pipeline="builtin.module(func.func(affine-loop-normalize{promote-single-iter},affine-super-vectorize{virtual-vector-size=8}))" -o %t.program.upstream
// RUN: diff %t.program.ours %t.program.upstream
// RUN: FileCheck %s < %t.program.ours

// Several nests, broadcasts, a reduction and a transpose.
// CHECK-LABEL: func.func @program(
// CHECK: vector.transfer_read
// CHECK: vector.transfer_write
func.func @program(%a: tensor<3x37xf64>, %b: tensor<37xf64>) -> (tensor<3x37xf64>, tensor<37xf64>, tensor<37x3xf64>) {
  %0 = tenferro.broadcast_in_dim %b, dims = [1] to [3, 37] : tensor<37xf64>
  %1 = tenferro.multiply %a, %0 : tensor<3x37xf64>
  %2 = tenferro.exp %1 : tensor<3x37xf64>
  %3 = tenferro.reduce_sum %2, axes = [0] : tensor<3x37xf64>
  %4 = tenferro.transpose %2, perm = [1, 0] : tensor<3x37xf64>
  return %2, %3, %4 : tensor<3x37xf64>, tensor<37xf64>, tensor<37x3xf64>
}
