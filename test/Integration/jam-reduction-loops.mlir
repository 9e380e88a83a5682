// Reductions over outer axes whose reduced loop tenferro-jam-reduction-loops
// unroll-and-jams (pipeline option jam-factor, 4 by default): each kept
// element's accumulator is read once per `jam-factor` rows and the rows are
// added in order, so the bits are the interpreter's, for every dtype and op:
// i32 sums and sums of squares (wrapping), i64 products, a count of Bool
// values, f32 sums of an elementwise chain fused in, f64 maxima of exp
// (NaNs in row reductions: test/Differential/sweep-parallel.mlir, against
// NumPy), complex sums; kept axes of 1037 (129 vectors of 8 and a tail)
// and 7 rows (a jammed iteration of 4 and a cleanup of 3), and a 3-D
// tensor over its two outer axes (6 x 5: the loop over 5 jammed inside the
// one over 6). Jam factors 0 (off), 2, 4 and 8, vector widths 0, 4, 8 and
// 16, parallel loops (the kept axis in halves), elementwise fusion, and a
// dynamic kept extent.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --random=5 --reference --output=%t.dir/ref > /dev/null
// RUN: for options in "" "jam-factor=0" "jam-factor=2" "jam-factor=8" \
// RUN:     "vector-width=0" "vector-width=4" "vector-width=16" \
// RUN:     "parallel-loops=true parallel-min-work=0" \
// RUN:     "elementwise-fusion=true" "hoist-accumulators=false"; do \
// RUN:   tenferro-runner %s --random=5 --vector-math=libm --pipeline-options="$options" --output=%t.dir/got > /dev/null || exit 1; \
// RUN:   for i in 0 1 2 3 4 5 6 7; do \
// RUN:     python3 %S/../Differential/npy_compare.py %t.dir/got$i.npy %t.dir/ref$i.npy || exit 1; \
// RUN:   done; \
// RUN: done
// RUN: tenferro-runner %s --entry=dynamic --dim=1037 --random=5 --reference --output=%t.dir/dref > /dev/null
// RUN: for options in "" "vector-width=16" "parallel-loops=true parallel-min-work=0"; do \
// RUN:   tenferro-runner %s --entry=dynamic --dim=1037 --random=5 --vector-math=libm --pipeline-options="$options" --output=%t.dir/dgot > /dev/null || exit 1; \
// RUN:   python3 %S/../Differential/npy_compare.py %t.dir/dgot0.npy %t.dir/dref0.npy || exit 1; \
// RUN: done
// The kernel of the f64 maximum: the first four rows in one pass, each
// accumulator vector read and written once (a jammed loop of one
// iteration, promoted), then the loop over the last three rows.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=8})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-peel-vector-loops -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: func.func private @tenferro_rows.kernel5(
// CHECK: vector.transfer_read %arg1[%c0, %[[I:.*]]], %{{.*}} {in_bounds = [true]}
// CHECK-NEXT: ub.poison
// CHECK-NEXT: vector.transfer_read %arg0[%[[I]]]
// CHECK-NOT: vector.transfer_write
// CHECK-COUNT-4: arith.maximumf
// CHECK-NEXT: vector.transfer_write %{{.*}}, %arg0[%[[I]]] {in_bounds = [true]}
// CHECK: scf.for %{{.*}} = %c4 to %c7 step %c1 {

func.func @rows(%a: tensor<1037x7xi32>, %b: tensor<1037x7xi64>, %p: tensor<1037x7xi1>,
                %x: tensor<1037x7xf32>, %y: tensor<1037x7xf64>, %z: tensor<1037x7xcomplex<f32>>,
                %w: tensor<1037x6x5xf64>)
    -> (tensor<1037xi32>, tensor<1037xi32>, tensor<1037xi64>, tensor<1037xi32>,
        tensor<1037xf32>, tensor<1037xf64>, tensor<1037xcomplex<f32>>, tensor<1037xf64>) {
  %0 = tenferro.reduce_sum %a, axes = [1] : tensor<1037x7xi32>
  %1 = tenferro.reduce_sum_squares %a, axes = [1] : tensor<1037x7xi32>
  %2 = tenferro.reduce_prod %b, axes = [1] : tensor<1037x7xi64>
  %pi = tenferro.convert %p : tensor<1037x7xi1> to i32
  %3 = tenferro.reduce_sum %pi, axes = [1] : tensor<1037x7xi32>
  %xx = tenferro.multiply %x, %x : tensor<1037x7xf32>
  %x2 = tenferro.subtract %xx, %x : tensor<1037x7xf32>
  %4 = tenferro.reduce_sum %x2, axes = [1] : tensor<1037x7xf32>
  %l = tenferro.exp %y : tensor<1037x7xf64>
  %5 = tenferro.reduce_max %l, axes = [1] : tensor<1037x7xf64>
  %6 = tenferro.reduce_sum %z, axes = [1] : tensor<1037x7xcomplex<f32>>
  %7 = tenferro.reduce_sum %w, axes = [1, 2] : tensor<1037x6x5xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<1037xi32>, tensor<1037xi32>, tensor<1037xi64>, tensor<1037xi32>,
        tensor<1037xf32>, tensor<1037xf64>, tensor<1037xcomplex<f32>>, tensor<1037xf64>
}

func.func @dynamic(%x: tensor<?x7xf32>) -> tensor<?xf32> {
  %0 = tenferro.reduce_sum %x, axes = [1] : tensor<?x7xf32>
  return %0 : tensor<?xf32>
}
