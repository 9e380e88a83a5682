// A reduction over the contiguous axis alone runs in 16 lanes
// (docs/semantics.md 8.5): lane l sums the elements i = l mod 16 in order,
// then the lanes are summed in order. On [1, 1e8, -1e8, 0 x 13, 1] (f32)
// the lanes give (2 + 1e8) - 1e8 = 0 (1e8 + 2 rounds to 1e8), where the
// sequential sum would give 1: compiled code and the interpreter agree on
// 0. At 1037 x 5 (64 groups of 16 and a tail of 13) every mode is
// bit-identical to the interpreter, and the lane loop is vectorized
// (@long).
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.x.npy "<f4" F 17 1,1e8,-1e8,0,0,0,0,0,0,0,0,0,0,0,0,0,1
// RUN: tenferro-runner %s --entry=order --input=%t.x.npy | FileCheck %s --check-prefix=ORDER
// RUN: tenferro-runner %s --entry=order --input=%t.x.npy --reference | FileCheck %s --check-prefix=ORDER
// The same over the leading axes [1, 0] of a 2 x 9 matrix: lanes over
// the column-major block of 18 (position 16 is in lane 0), also 0.
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.m.npy "<f4" F 2,9 1,1e8,-1e8,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0
// RUN: tenferro-runner %s --entry=order2 --input=%t.m.npy | FileCheck %s --check-prefix=ORDER
// RUN: tenferro-runner %s --entry=order2 --input=%t.m.npy --reference | FileCheck %s --check-prefix=ORDER
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --entry=matrix --random=5 --reference --output=%t.dir/ref > /dev/null
// RUN: for mode in "" --vector-width=0 --vector-width=4 --vector-width=16 --no-fusion --parallel-loops \
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
// RUN: for mode in "" --vector-width=0 --vector-width=4 --vector-width=8 --no-fusion --parallel-loops \
// RUN:     "--pipeline-options=elementwise-fusion=true"; do \
// RUN:   tenferro-runner %s --entry=blocks --random=7 $mode --output=%t.dir/bgot > /dev/null || exit 1; \
// RUN:   for i in 0 1 2 3 4; do \
// RUN:     python3 %S/../Differential/npy_compare.py %t.dir/bgot$i.npy %t.dir/bref$i.npy || exit 1; \
// RUN:   done; \
// RUN: done
// A vector's lanes with parallel-loops: chunks of one vector of lanes for
// the threads (two chunks of 8, one of 16), each vectorized.
// RUN: tenferro-runner %s --entry=long --random=5 --reference --output=%t.dir/lref > /dev/null
// RUN: for mode in "--parallel-loops --vector-width=8" "--parallel-loops --vector-width=16" \
// RUN:     "--parallel-loops --vector-width=4"; do \
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
// lanes outside (as for a vector), groups of 16 inside, read in vectors.
// IR-LABEL: func.func private @tenferro_blocks.kernel1(
// IR-SAME: %{{.*}}: memref<3219xf32>
// IR: scf.for %{{.*}} = %{{.*}} to %c16 step %c8 {
// IR: scf.for %{{.*}} = %{{.*}} to %c201 step %{{.*}} {
// IR: vector.transfer_read {{.*}} : memref<3219xf32{{.*}}>, vector<8xf32>
// The lanes of @long (a vector: lanes outside, groups inside): for each
// vector of 8 lanes, x[16 k + l] for every group k added to the lanes'
// partial sums. With parallel-loops the threads take chunks of one vector
// of lanes: one OpenMP region, not one per group, and vectors.
// IR-LABEL: func.func private @tenferro_long.kernel1(
// IR: scf.for %[[L:.*]] = %{{.*}} to %c16 step %c8 {
// IR: scf.for %[[K:.*]] = %{{.*}} to %c256 step %{{.*}} {
// IR: %[[I:.*]] = arith.muli %[[K]], %{{.*}}
// IR: %[[J:.*]] = arith.addi %[[L]], %[[I]]
// IR: vector.transfer_read %{{.*}}[%[[J]]], %{{.*}} : memref<4096xf32>, vector<8xf32>
// IR: arith.addf %{{.*}} : vector<8xf32>
// The lanes of @matrix (kept axis outside, then groups, then lanes): the
// innermost loop runs over 8 contiguous lanes.
// IR-LABEL: func.func private @tenferro_matrix.kernel1(
// IR: scf.for %{{.*}} = %{{.*}} to %c5 step %{{.*}} {
// IR: scf.for %{{.*}} = %{{.*}} to %c64 step %{{.*}} {
// IR: scf.for %{{.*}} = %{{.*}} to %c16 step %c8 {
// IR: vector.transfer_read {{.*}} : memref<5x1037xf32>, vector<8xf32>
// By default (lane-tiles) the steps of @matrix's five reductions go one
// row at a time in one loop, each row's partials on the kernel's stack;
// only the result sums are buffers of the dispatcher.
// LANES-LABEL: func.func @tenferro_matrix(
// LANES-NOT: memref<5x16xf32>
// LANES: call @tenferro_matrix.kernel0(
// LANES-NOT: call
// LANES: return
// LANES-LABEL: func.func private @tenferro_matrix.kernel0(
// LANES-COUNT-5: memref.alloca() {alignment = 64 : i64} : memref<1x16xf32>
// LANES: affine.for %{{.*}} = 0 to 5 {
// PAR-LABEL: func.func private @tenferro_long.kernel1(
// PAR: omp.parallel {
// PAR: omp.loop_nest (%{{.*}}) : index = (%c0) to (%c16) step (%c8)
// PAR: scf.for %{{.*}} = %{{.*}} to %c256 step
// PAR: vector.transfer_read {{.*}} : memref<4096xf32>, vector<8xf32>
// With 16 lanes to a vector all lanes are one chunk: no OpenMP region,
// the loop of the serial program (one vector of partial sums in a
// register, plain loads).
// PAR16-LABEL: func.func private @tenferro_long.kernel1(
// PAR16-NOT: omp.parallel
// PAR16: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>)
// PAR16: vector.transfer_read {{.*}} {in_bounds = [true]} : memref<4096xf32>, vector<16xf32>

func.func @order(%x: tensor<17xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_sum %x, axes = [0] : tensor<17xf32>
  return %0 : tensor<f32>
}

func.func @order2(%x: tensor<2x9xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_sum %x, axes = [1, 0] : tensor<2x9xf32>
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
