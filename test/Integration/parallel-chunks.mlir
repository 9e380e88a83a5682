// With parallel-loops, a 1-d loop is cut into chunks for the threads and
// each chunk is vectorized (full vectors unmasked, the last partial vector
// masked); the results are bit-identical to the serial and unfused
// programs, and with exp/tanh through libm (--vector-math=libm) to the
// scalar ones (scalar loops call libm; libmvec's results differ in the
// last bits). 40005 elements: two full chunks of 16384, a last chunk
// of 7237 = 904 full vectors and a partial one of 5.
// RUN: tenferro-runner %s --random=11 --parallel-loops --parallel-min-work=0 --output=%t.par | FileCheck %s
// RUN: tenferro-runner %s --random=11 --output=%t.ser
// RUN: tenferro-runner %s --random=11 --parallel-loops --parallel-min-work=0 --vector-math=libm --output=%t.parx
// RUN: tenferro-runner %s --random=11 --vector-width=0 --vector-math=libm --output=%t.scalar
// RUN: tenferro-runner %s --random=11 --no-fusion --parallel-loops --parallel-min-work=0 --output=%t.unfused
// RUN: python3 %S/../Differential/npy_compare.py %t.par0.npy %t.ser0.npy
// RUN: python3 %S/../Differential/npy_compare.py %t.parx0.npy %t.scalar0.npy
// RUN: python3 %S/../Differential/npy_compare.py %t.par0.npy %t.unfused0.npy
// The same with a dynamic extent (its chunk bounds and checks at run time).
// RUN: tenferro-runner %s --entry=dynamic --dim=40005 --random=11 --parallel-loops --parallel-min-work=0 --output=%t.dpar
// RUN: tenferro-runner %s --entry=dynamic --dim=40005 --random=11 --parallel-loops --parallel-min-work=0 --vector-math=libm --output=%t.dparx
// RUN: tenferro-runner %s --entry=dynamic --dim=40005 --random=11 --vector-width=0 --vector-math=libm --output=%t.dscalar
// RUN: python3 %S/../Differential/npy_compare.py %t.dparx0.npy %t.dscalar0.npy
// With the default parallel-min-work the dynamic nest is versioned
// (tenferro-serialize-small-parallel-loops): 100 elements are one chunk
// and run the sequential copy, 40005 are three chunks of far more work
// than the threshold and run the parallel loop; both the same bits as
// the scalar program.
// RUN: OMP_NUM_THREADS=2 tenferro-runner %s --entry=dynamic --dim=40005 --random=11 --parallel-loops --vector-math=libm --output=%t.vparx
// RUN: python3 %S/../Differential/npy_compare.py %t.vparx0.npy %t.dscalar0.npy
// RUN: OMP_NUM_THREADS=2 tenferro-runner %s --entry=dynamic --dim=100 --random=11 --parallel-loops --vector-math=libm --output=%t.vserx
// RUN: tenferro-runner %s --entry=dynamic --dim=100 --random=11 --vector-width=0 --vector-math=libm --output=%t.vscalar
// RUN: python3 %S/../Differential/npy_compare.py %t.vserx0.npy %t.vscalar0.npy
// Reductions over an outer axis (the kept axis inside the reduced one):
// the kept axis goes to the threads outside the reduced loop, in chunks of
// 16384 where it is innermost (rows of 16400: one chunk of 16384, one of
// 16; its fill is a lone loop, in chunks too),
// as it is otherwise ([5000, 2, 3] over axis 2: the threads take axis 1),
// and in two halves of whole vectors where it fits one chunk and the
// halves span 8 KiB ([4100, 3] over axis 1: 2056 and 2044 f32, the second
// ending in a partial vector), bit-identical to the serial program and the
// interpreter. Each nest's three rows are jammed into one pass over the
// kept axis (tenferro-jam-reduction-loops: each accumulator read and
// written once, the rows added in order).
// RUN: tenferro-runner %s --entry=rows --random=3 --reference --output=%t.rref > /dev/null
// RUN: OMP_NUM_THREADS=2 tenferro-runner %s --entry=rows --random=3 --parallel-loops --parallel-min-work=0 --output=%t.rpar > /dev/null
// RUN: tenferro-runner %s --entry=rows --random=3 --output=%t.rser > /dev/null
// RUN: for i in 0 1 2; do \
// RUN:   python3 %S/../Differential/npy_compare.py %t.rpar$i.npy %t.rref$i.npy || exit 1; \
// RUN:   python3 %S/../Differential/npy_compare.py %t.rser$i.npy %t.rref$i.npy || exit 1; \
// RUN: done
// Whole-tensor sums: the 64 lanes inside the loop over their groups go to
// the threads in halves of 32 (at most four vectors: their partial sums
// stay in registers), each lane still adding its elements in order
// (docs/semantics.md 8.5), so bit-identical to the interpreter and the
// serial program; the halves read with plain loads (in bounds from the
// loops' steps).
// RUN: tenferro-runner %s --entry=lanes --random=5 --reference --output=%t.lref > /dev/null
// RUN: OMP_NUM_THREADS=2 tenferro-runner %s --entry=lanes --random=5 --parallel-loops --parallel-min-work=0 --output=%t.lpar > /dev/null
// RUN: tenferro-runner %s --entry=lanes --random=5 --output=%t.lser > /dev/null
// RUN: for i in 0 1; do \
// RUN:   python3 %S/../Differential/npy_compare.py %t.lpar$i.npy %t.lref$i.npy || exit 1; \
// RUN:   python3 %S/../Differential/npy_compare.py %t.lser$i.npy %t.lref$i.npy || exit 1; \
// RUN: done
// The pipeline: chunk loop to OpenMP, chunks vectorized (every parallel
// loop, as these nests are smaller than parallel-min-work).
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{parallel-loops parallel-min-work=0})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-peel-vector-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR

// CHECK: program @chain: 2 inputs, 1 outputs (fused)
// CHECK: output #0: f64 [40005]
// IR-LABEL: func.func @tenferro_chain(
// IR: scf.parallel (%[[C:.*]]) = (%{{.*}}) to (%{{.*}}) step (%c16384)
// IR: scf.for %{{.*}} = %[[C]] to %{{.*}} step %c8
// IR: vector.transfer_read {{.*}} {in_bounds = [true]} : memref<40005xf64>, vector<8xf64>
// IR-LABEL: func.func private @tenferro_rows.kernel0(
// IR: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%c16384) {
// IR: scf.parallel (%[[C:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// IR-NOT: scf.for
// IR: scf.for %{{.*}} = %[[C]] to %{{.*}} step %c8
// IR: vector.transfer_read %{{.*}}[%c0, {{.*}} {in_bounds = [true]} : memref<3x16400xf32>, vector<8xf32>
// IR: vector.transfer_read %{{.*}}[%c1, {{.*}} {in_bounds = [true]} : memref<3x16400xf32>, vector<8xf32>
// IR: vector.transfer_read %{{.*}}[%c2, {{.*}} {in_bounds = [true]} : memref<3x16400xf32>, vector<8xf32>
// IR-LABEL: func.func private @tenferro_rows.kernel1(
// IR: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// IR: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// IR-NOT: scf.for
// IR: scf.for
// IR-NOT: scf.for
// IR: vector.transfer_read %{{.*}}[%c0, %[[B]], %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<3x2x5000xf64>, vector<8xf64>
// IR: vector.transfer_read %{{.*}}[%c1{{.*}}, %[[B]], %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<3x2x5000xf64>, vector<8xf64>
// IR: vector.transfer_read %{{.*}}[%c2{{.*}}, %[[B]], %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<3x2x5000xf64>, vector<8xf64>
// IR-LABEL: func.func private @tenferro_rows.kernel2(
// IR: scf.parallel (%[[C:.*]]) = (%{{.*}}) to (%c4100{{.*}}) step (%c2056{{.*}}) {
// IR-NOT: scf.for
// IR: scf.for %{{.*}} = %[[C]] to %{{.*}} step %c8
// IR: vector.transfer_read {{.*}} {in_bounds = [true]} : memref<3x4100xf32>, vector<8xf32>
// IR-LABEL: func.func private @tenferro_lanes.kernel1(
// IR: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c64{{.*}}) step (%c32{{.*}}) {
// IR: scf.for %{{.*}} = %{{.*}} to %c625{{.*}} step
// IR: scf.for %{{.*}} = %{{.*}} to %c32{{.*}} step %c8
// IR: vector.transfer_read {{.*}} {in_bounds = [true]} : memref<40005xf32>, vector<8xf32>
// IR: vector.transfer_read {{.*}} {in_bounds = [true]} : memref<64xf32>, vector<8xf32>

func.func @chain(%a: tensor<40005xf64>, %b: tensor<40005xf64>) -> tensor<40005xf64> {
  %0 = tenferro.multiply %a, %b : tensor<40005xf64>
  %1 = tenferro.exp %0 : tensor<40005xf64>
  %2 = tenferro.add %1, %a : tensor<40005xf64>
  return %2 : tensor<40005xf64>
}

func.func @dynamic(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tenferro.multiply %a, %b : tensor<?xf64>
  %1 = tenferro.tanh %0 : tensor<?xf64>
  %2 = tenferro.subtract %1, %a : tensor<?xf64>
  return %2 : tensor<?xf64>
}

func.func @rows(%x: tensor<16400x3xf32>, %y: tensor<5000x2x3xf64>, %z: tensor<4100x3xf32>) -> (tensor<16400xf32>, tensor<5000x2xf64>, tensor<4100xf32>) {
  %0 = tenferro.reduce_sum %x, axes = [1] : tensor<16400x3xf32>
  %1 = tenferro.reduce_max %y, axes = [2] : tensor<5000x2x3xf64>
  %2 = tenferro.reduce_sum_squares %z, axes = [1] : tensor<4100x3xf32>
  return %0, %1, %2 : tensor<16400xf32>, tensor<5000x2xf64>, tensor<4100xf32>
}

func.func @lanes(%a: tensor<40005xf32>, %b: tensor<300x70xf64>) -> (tensor<f32>, tensor<f64>) {
  %0 = tenferro.reduce_sum %a, axes = [0] : tensor<40005xf32>
  %1 = tenferro.reduce_sum_squares %b, axes = [0, 1] : tensor<300x70xf64>
  return %0, %1 : tensor<f32>, tensor<f64>
}
