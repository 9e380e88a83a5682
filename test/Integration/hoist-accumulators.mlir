// Reductions whose vector partial sums tenferro-hoist-vector-accumulators
// keeps in registers (pipeline option hoist-accumulators, on by default)
// compute the interpreter's bits for every dtype a lane reduction takes:
// i32 and i64 sums, sums of squares and products (wrapping), a count of
// Bool values, f64 sums and maxima over selects, at 1037 x 5 (16 groups
// of 64 lanes and a tail of 13), with and without elementwise-fusion (the reduction then shares its
// loop nest with its producers), at 4, 8 and 16 lanes and on parallel
// loops, and with hoisting off (exp through libm, as the interpreter).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --random=7 --reference --output=%t.dir/ref > /dev/null
// RUN: for options in "" "hoist-accumulators=false" "elementwise-fusion=true" \
// RUN:     "elementwise-fusion=true hoist-accumulators=false" \
// RUN:     "elementwise-fusion=true vector-width=4" \
// RUN:     "elementwise-fusion=true vector-width=16" \
// RUN:     "elementwise-fusion=true parallel-loops=true parallel-min-work=0"; do \
// RUN:   tenferro-runner %s --random=7 --vector-math=libm --pipeline-options="$options" --output=%t.dir/got > /dev/null || exit 1; \
// RUN:   for i in 0 1 2 3 4 5 6; do \
// RUN:     python3 %S/../Differential/npy_compare.py %t.dir/got$i.npy %t.dir/ref$i.npy || exit 1; \
// RUN:   done; \
// RUN: done
// The accumulators are loop-carried vectors in the fused kernel, for
// integers as for floats: 64 lanes, eight vectors of 8.
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{elementwise-fusion vector-width=8})" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=tenferro-hoist-vector-accumulators -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: func.func private @tenferro_reductions.kernel
// CHECK-DAG: iter_args({{.*}}) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
// CHECK-DAG: iter_args({{.*}}) -> (vector<8xi64>, vector<8xi64>, vector<8xi64>, vector<8xi64>, vector<8xi64>, vector<8xi64>, vector<8xi64>, vector<8xi64>)
// CHECK-DAG: iter_args({{.*}}) -> (vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>)

func.func @reductions(%a: tensor<1037x5xi32>, %b: tensor<1037x5xi64>, %p: tensor<1037x5xi1>, %x: tensor<1037x5xf64>)
    -> (tensor<5xi32>, tensor<5xi32>, tensor<5xi64>, tensor<5xi64>, tensor<5xi32>, tensor<5xf64>, tensor<5xf64>) {
  %aa = tenferro.multiply %a, %a : tensor<1037x5xi32>
  %a2 = tenferro.add %aa, %a : tensor<1037x5xi32>
  %0 = tenferro.reduce_sum %a2, axes = [0] : tensor<1037x5xi32>
  %1 = tenferro.reduce_sum_squares %a, axes = [0] : tensor<1037x5xi32>
  %a64 = tenferro.convert %a2 : tensor<1037x5xi32> to i64
  %bb = tenferro.subtract %b, %a64 : tensor<1037x5xi64>
  %2 = tenferro.reduce_prod %bb, axes = [0] : tensor<1037x5xi64>
  %3 = tenferro.reduce_sum %bb, axes = [0] : tensor<1037x5xi64>
  %pi = tenferro.convert %p : tensor<1037x5xi1> to i32
  %4 = tenferro.reduce_sum %pi, axes = [0] : tensor<1037x5xi32>
  %nx = tenferro.negate %x : tensor<1037x5xf64>
  %s = tenferro.select %p, %x, %nx : tensor<1037x5xi1>, tensor<1037x5xf64>, tensor<1037x5xf64>
  %5 = tenferro.reduce_sum %s, axes = [0] : tensor<1037x5xf64>
  %e = tenferro.exp %s : tensor<1037x5xf64>
  %6 = tenferro.reduce_max %e, axes = [0] : tensor<1037x5xf64>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<5xi32>, tensor<5xi32>, tensor<5xi64>, tensor<5xi64>, tensor<5xi32>, tensor<5xf64>, tensor<5xf64>
}
