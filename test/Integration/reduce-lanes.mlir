// A reduction over the contiguous axis alone runs in 64 lanes and 16
// groups (docs/semantics.md 8.5): lane l sums the elements i = l mod 64 in
// order, group g the lanes g, g + 16, g + 32, g + 48 in order, then the
// groups pairwise (g with g + 8, then 4, 2, 1). On 65 elements with x0 = 1, x16 = 1e8,
// x32 = -1e8, x64 = 1 and zeros elsewhere (f32), lane 0 is 2 and group 0
// (2 + 1e8) - 1e8 = 0 (1e8 + 2 rounds to 1e8), where the sequential sum, and
// 16 lanes, would give ((1 + 1e8) - 1e8) + 1 = 1: compiled code and the
// interpreter agree on 0. At 1037 x 5 (16 groups of 64 and a tail of 13)
// every mode is bit-identical to the interpreter, and the lane loop is
// vectorized (@long).
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.x.npy "<f4" F 65 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1e8,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-1e8,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1
// RUN: tenferro-runner %s --entry=order --input=%t.x.npy | FileCheck %s --check-prefix=ORDER
// RUN: tenferro-runner %s --entry=order --input=%t.x.npy --reference | FileCheck %s --check-prefix=ORDER
// The same over the leading axes [1, 0] of a 2 x 33 matrix: lanes over
// the column-major block of 66 (positions 0, 16, 32 and 64 in row 0), also
// 0.
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.m.npy "<f4" F 2,33 1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1e8,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-1e8,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0
// RUN: tenferro-runner %s --entry=order2 --input=%t.m.npy | FileCheck %s --check-prefix=ORDER
// RUN: tenferro-runner %s --entry=order2 --input=%t.m.npy --reference | FileCheck %s --check-prefix=ORDER
// The groups pairwise: on 9 elements (one per lane and group) 1e8, -1e8,
// 0, ..., 0, 1, group 0 takes group 8 first, (1e8 + 1) - 1e8 = 0 in f32,
// where the groups in order (and the sequential sum) give (1e8 - 1e8) + 1
// = 1.
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.p.npy "<f4" F 9 1e8,-1e8,0,0,0,0,0,0,1
// RUN: tenferro-runner %s --entry=pairs --input=%t.p.npy | FileCheck %s --check-prefix=ORDER
// RUN: tenferro-runner %s --entry=pairs --input=%t.p.npy --reference | FileCheck %s --check-prefix=ORDER
// RUN: tenferro-runner %s --entry=pairs --input=%t.p.npy --vector-width=0 | FileCheck %s --check-prefix=ORDER
// Whole parts of 65536 (docs/semantics.md 8.5): on 131072 elements (f32)
// with x0 = 1e8, x64 = 1, x65536 = -1e8, x65600 = 1 and zeros elsewhere,
// part 0's lane 0 is 1e8 + 1 = 1e8 and part 1's is -1e8 + 1 = -1e8, so
// lane 0 is 1e8 - 1e8 = 0, where lanes over the whole block give
// ((1e8 + 1) - 1e8) + 1 = 1. Static and dynamic extents, every mode, two
// threads taking a part each, and the interpreter agree on 0.
// RUN: %python -c "import numpy as np; x = np.zeros(131072, np.float32); x[[0, 64, 65536, 65600]] = [1e8, 1, -1e8, 1]; np.save('%t.parts.npy', x)"
// RUN: for entry in parts parts_dynamic; do \
// RUN:   for mode in --reference "" --vector-width=0 --vector-width=4 --vector-width=16 --no-fusion \
// RUN:       "--parallel-loops --parallel-min-work=0" "--pipeline-options=lane-tiles=false"; do \
// RUN:     OMP_NUM_THREADS=2 tenferro-runner %s --entry=$entry --input=%t.parts.npy $mode || exit 1; \
// RUN:   done; \
// RUN: done | FileCheck %s --check-prefix=PARTS
// PARTS-COUNT-16: output #0: f32 [] [0]
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --entry=matrix --random=5 --reference --output=%t.dir/ref > /dev/null
// RUN: for mode in "" --vector-width=0 --vector-width=4 --vector-width=16 --no-fusion "--parallel-loops --parallel-min-work=0" \
// RUN:     "--pipeline-options=lane-tiles=false"; do \
// RUN:   tenferro-runner %s --entry=matrix --random=5 $mode --output=%t.dir/got > /dev/null || exit 1; \
// RUN:   for i in 0 1 2 3 4; do \
// RUN:     python3 %S/../Differential/npy_compare.py %t.dir/got$i.npy %t.dir/ref$i.npy || exit 1; \
// RUN:   done; \
// RUN: done
// Leading axes of a 37 x 29 x 3 tensor ([0, 1]: a block of 1073 per
// output; [0, 1, 2]: the whole tensor) and axes that are not leading
// ([0, 2], [1]: column-major order), in every mode, bit-identical to the
// interpreter.
// RUN: tenferro-runner %s --entry=blocks --random=7 --reference --output=%t.dir/bref > /dev/null
// RUN: for mode in "" --vector-width=0 --vector-width=4 --vector-width=8 --no-fusion "--parallel-loops --parallel-min-work=0" \
// RUN:     "--pipeline-options=elementwise-fusion=true"; do \
// RUN:   tenferro-runner %s --entry=blocks --random=7 $mode --output=%t.dir/bgot > /dev/null || exit 1; \
// RUN:   for i in 0 1 2 3 4; do \
// RUN:     python3 %S/../Differential/npy_compare.py %t.dir/bgot$i.npy %t.dir/bref$i.npy || exit 1; \
// RUN:   done; \
// RUN: done
// A vector's lanes with parallel-loops, at widths 8, 16 and 4 (PAR and
// PAR16 below: one thread, vectorized).
// RUN: tenferro-runner %s --entry=long --random=5 --reference --output=%t.dir/lref > /dev/null
// RUN: for mode in "--parallel-loops --parallel-min-work=0 --vector-width=8" "--parallel-loops --parallel-min-work=0 --vector-width=16" \
// RUN:     "--parallel-loops --parallel-min-work=0 --vector-width=4"; do \
// RUN:   OMP_NUM_THREADS=2 tenferro-runner %s --entry=long --random=5 $mode --output=%t.dir/lgot > /dev/null || exit 1; \
// RUN:   python3 %S/../Differential/npy_compare.py %t.dir/lgot0.npy %t.dir/lref0.npy || exit 1; \
// RUN: done
// RUN: tenferro-runner %s --entry=dynamic --dim=1037 --random=5 --print-elements=3 > %t.dir/dyn
// RUN: tenferro-runner %s --entry=dynamic --dim=1037 --random=5 --print-elements=3 --reference > %t.dir/dynref
// RUN: diff <(sed -n 's/^output //p' %t.dir/dyn) <(sed -n 's/^output //p' %t.dir/dynref)
// The steps' own loops (IR), without lane-tiles (which computes them one
// row at a time: LANES):
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=8 lane-tiles=false})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-peel-vector-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=8})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-outline-kernels -o /dev/null 2>&1 | FileCheck %s --check-prefix=LANES
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=8 parallel-loops})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=convert-scf-to-openmp -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAR
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=16 parallel-loops})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=convert-scf-to-openmp -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAR16

// ORDER: output #0: f32 [] [0]

// The whole tensor of @blocks: its three dimensions collapsed into one
// contiguous extent of 3219 (the kernel takes the collapsed buffer),
// groups of 64 outside, the lanes inside, read in vectors.
// IR-LABEL: func.func private @tenferro_blocks.kernel1(
// IR-SAME: %{{.*}}: memref<3219xf32>
// IR: scf.for %{{.*}} = %{{.*}} to %c50 step %{{.*}} {
// IR: scf.for %{{.*}} = %{{.*}} to %c64{{.*}} step %c8 {
// IR: vector.transfer_read {{.*}} : memref<3219xf32{{.*}}>, vector<8xf32>
// The lanes of @long (a vector: groups outside, lanes inside): for each
// group k, x[64 k + l] added to the lanes' partial sums, eight vectors of
// 8 lanes.
// IR-LABEL: func.func private @tenferro_long.kernel1(
// IR: scf.for %[[K:.*]] = %{{.*}} to %c64 step %{{.*}} {
// IR: scf.for %[[L:.*]] = %{{.*}} to %c64{{.*}} step %c8 {
// IR: %[[I:.*]] = arith.muli %[[K]], %{{.*}}
// IR: %[[J:.*]] = arith.addi %[[I]], %[[L]]
// IR: vector.transfer_read %{{.*}}[%[[J]]], %{{.*}} : memref<4096xf32>, vector<8xf32>
// IR: arith.addf %{{.*}} : vector<8xf32>
// The lanes of @matrix (kept axis outside, then groups, then lanes): the
// innermost loop runs over 8 contiguous lanes.
// IR-LABEL: func.func private @tenferro_matrix.kernel1(
// IR: scf.for %{{.*}} = %{{.*}} to %c5 step %{{.*}} {
// IR: scf.for %{{.*}} = %{{.*}} to %c16 step %{{.*}} {
// IR: scf.for %{{.*}} = %{{.*}} to %c64 step %c8 {
// IR: vector.transfer_read {{.*}} : memref<5x1037xf32>, vector<8xf32>
// By default (lane-tiles) the steps of @matrix's five reductions go one
// row at a time in one loop, each row's 64 partials and 16 groups on the
// kernel's stack; only the result sums are buffers of the dispatcher.
// LANES-LABEL: func.func @tenferro_matrix(
// LANES-NOT: memref<5x64xf32>
// LANES: call @tenferro_matrix.kernel0(
// LANES-NOT: call
// LANES: return
// LANES-LABEL: func.func private @tenferro_matrix.kernel0(
// LANES-COUNT-10: memref.alloca() {alignment = 64 : i64} : memref<1x{{64|16}}xf32>
// LANES-NOT: memref.alloc
// LANES: affine.for %{{.*}} = 0 to 5 {
// With parallel-loops a vector's 64 lanes are one chunk of the
// innermost parallel loop: no OpenMP region, the loop of the serial
// program (the partial sums in registers, plain loads), at width 8 as at
// width 16.
// PAR-LABEL: func.func private @tenferro_long.kernel1(
// PAR-NOT: omp.parallel
// PAR: scf.for {{.*}} iter_args({{.*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// PAR: vector.transfer_read {{.*}} {in_bounds = [true]} : memref<4096xf32>, vector<8xf32>
// PAR16-LABEL: func.func private @tenferro_long.kernel1(
// PAR16-NOT: omp.parallel
// PAR16: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// PAR16: vector.transfer_read {{.*}} {in_bounds = [true]} : memref<4096xf32>, vector<16xf32>

func.func @order(%x: tensor<65xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_sum %x, axes = [0] : tensor<65xf32>
  return %0 : tensor<f32>
}

func.func @parts(%x: tensor<131072xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_sum %x, axes = [0] : tensor<131072xf32>
  return %0 : tensor<f32>
}

func.func @parts_dynamic(%x: tensor<?xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_sum %x, axes = [0] : tensor<?xf32>
  return %0 : tensor<f32>
}

func.func @pairs(%x: tensor<9xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_sum %x, axes = [0] : tensor<9xf32>
  return %0 : tensor<f32>
}

func.func @order2(%x: tensor<2x33xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_sum %x, axes = [1, 0] : tensor<2x33xf32>
  return %0 : tensor<f32>
}

func.func @blocks(%x: tensor<37x29x3xf32>) -> (tensor<f32>, tensor<3xf32>, tensor<f32>, tensor<29xf32>, tensor<37x3xf32>) {
  %0 = tenferro.reduce_sum %x, axes = [0, 1, 2] : tensor<37x29x3xf32>
  %1 = tenferro.reduce_sum_squares %x, axes = [0, 1] : tensor<37x29x3xf32>
  %2 = tenferro.reduce_max %x, axes = [2, 1, 0] : tensor<37x29x3xf32>
  %3 = tenferro.reduce_sum %x, axes = [0, 2] : tensor<37x29x3xf32>
  %4 = tenferro.reduce_prod %x, axes = [1] : tensor<37x29x3xf32>
  return %0, %1, %2, %3, %4 : tensor<f32>, tensor<3xf32>, tensor<f32>, tensor<29xf32>, tensor<37x3xf32>
}

func.func @long(%x: tensor<4096xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_sum %x, axes = [0] : tensor<4096xf32>
  return %0 : tensor<f32>
}

func.func @matrix(%x: tensor<1037x5xf32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %0 = tenferro.reduce_sum %x, axes = [0] : tensor<1037x5xf32>
  %1 = tenferro.reduce_sum_squares %x, axes = [0] : tensor<1037x5xf32>
  %2 = tenferro.reduce_prod %x, axes = [0] : tensor<1037x5xf32>
  %3 = tenferro.reduce_max %x, axes = [0] : tensor<1037x5xf32>
  %4 = tenferro.reduce_min %x, axes = [0] : tensor<1037x5xf32>
  return %0, %1, %2, %3, %4 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}

func.func @dynamic(%x: tensor<?x3xf64>) -> tensor<3xf64> {
  %0 = tenferro.reduce_sum %x, axes = [0] : tensor<?x3xf64>
  return %0 : tensor<3xf64>
}
