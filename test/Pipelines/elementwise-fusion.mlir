// The pipeline's elementwise-fusion option (off by default: the runtime's
// segmentation): tenferro-fuse-elementwise-ops after the conversion to
// linalg, across region boundaries. Layer norm is a sequence region and a
// broadcast-multiply region (lowered op by op: its extents are symbolic):
// 15 kernels with each instruction a loop nest (segment-fusion=false), 13
// by default (fused within each segment: segment-fusion.mlir), 13 with the
// option too (of which 4 for the two reductions' whole parts of 65536
// elements, which a dynamic extent has whether or not there are any,
// docs/semantics.md 8.5): the mean's scaling is also fused into the next region's loop,
// but the rsqrt of the variance is not fused into the broadcast multiply
// that reads it at every element of a column (it would be computed there
// once per element; test/Transforms/fuse-elementwise-ops.mlir). The
// results are the same bits, at extents that fill vectors and leave tails.
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="segment-fusion=false" | FileCheck %s --check-prefix=OPBYOP
// RUN: tenferro-opt %s --tenferro-lower-to-llvm | FileCheck %s --check-prefix=DEFAULT
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="elementwise-fusion=true" | FileCheck %s --check-prefix=FUSED
// RUN: rm -rf %t && mkdir -p %t
// RUN: tenferro-runner %s --random=5 --dim=1000 --vector-math=libm --output=%t/default- > /dev/null
// RUN: tenferro-runner %s --random=5 --dim=1000 --vector-math=libm --pipeline-options=elementwise-fusion=true --output=%t/fused- > /dev/null
// RUN: tenferro-runner %s --random=5 --dim=1000 --reference --output=%t/ref- > /dev/null
// RUN: %python %S/../Differential/npy_compare.py %t/fused-0.npy %t/default-0.npy
// RUN: %python %S/../Differential/npy_compare.py %t/fused-0.npy %t/ref-0.npy
// reduce_sum(exp(x) * y) over the contiguous axis, with a vector tail
// (1000 rows): the product is fused into the lane reduction and its tail
// (tenferro-fuse-elementwise-ops), 9 kernels with each instruction a loop
// nest, 7 with the option, as by default (one segment).
// RUN: tenferro-opt %S/Inputs/sum-exp-product.mlir --tenferro-lower-to-llvm="segment-fusion=false" | FileCheck %s --check-prefix=SUM-OPBYOP
// RUN: tenferro-opt %S/Inputs/sum-exp-product.mlir --tenferro-lower-to-llvm="elementwise-fusion=true" | FileCheck %s --check-prefix=SUM-FUSED
// RUN: tenferro-runner %S/Inputs/sum-exp-product.mlir --random=2 --dim=1000 --vector-math=libm --output=%t/sum-default- > /dev/null
// RUN: tenferro-runner %S/Inputs/sum-exp-product.mlir --random=2 --dim=1000 --vector-math=libm --pipeline-options=elementwise-fusion=true --output=%t/sum-fused- > /dev/null
// RUN: tenferro-runner %S/Inputs/sum-exp-product.mlir --random=2 --dim=1000 --reference --output=%t/sum-ref- > /dev/null
// RUN: %python %S/../Differential/npy_compare.py %t/sum-fused-0.npy %t/sum-default-0.npy
// RUN: %python %S/../Differential/npy_compare.py %t/sum-fused-0.npy %t/sum-ref-0.npy
// A slice of a pad, padded again: the interpreter's bits.
// RUN: tenferro-runner %S/Inputs/slice-of-pad.mlir --random=1 --vector-math=libm --pipeline-options=elementwise-fusion=true --output=%t/pad-fused- > /dev/null
// RUN: tenferro-runner %S/Inputs/slice-of-pad.mlir --random=1 --reference --output=%t/pad-ref- > /dev/null
// RUN: %python %S/../Differential/npy_compare.py %t/pad-fused-0.npy %t/pad-ref-0.npy

// OPBYOP-COUNT-15: tenferro.kernel}
// OPBYOP-NOT: tenferro.kernel}
// DEFAULT-COUNT-13: tenferro.kernel}
// DEFAULT-NOT: tenferro.kernel}
// FUSED-COUNT-13: tenferro.kernel}
// FUSED-NOT: tenferro.kernel}
// SUM-OPBYOP-COUNT-9: tenferro.kernel}
// SUM-OPBYOP-NOT: tenferro.kernel}
// SUM-FUSED-COUNT-7: tenferro.kernel}
// SUM-FUSED-NOT: tenferro.kernel}
func.func @layernorm(%x: tensor<?x67xf32>) -> tensor<?x67xf32> {
  %inv = tenferro.constant 1.562500e-02 : f32
  %s = tenferro.reduce_sum %x, axes = [0] : tensor<?x67xf32>
  %mean = tenferro.multiply %s, %inv : tensor<67xf32>, tensor<f32>
  %mb = tenferro.broadcast_in_dim %mean refs(%x : tensor<?x67xf32>), dims = [1] to [input_dim(1, 0), 67] : tensor<67xf32>
  %d = tenferro.subtract %x, %mb : tensor<?x67xf32>
  %ss = tenferro.reduce_sum_squares %d, axes = [0] : tensor<?x67xf32>
  %var = tenferro.multiply %ss, %inv : tensor<67xf32>, tensor<f32>
  %rs = tenferro.rsqrt %var : tensor<67xf32>
  %rb = tenferro.broadcast_in_dim %rs refs(%x : tensor<?x67xf32>), dims = [1] to [input_dim(1, 0), 67] : tensor<67xf32>
  %y = tenferro.multiply %d, %rb : tensor<?x67xf32>
  return %y : tensor<?x67xf32>
}
