// Every instruction, compiled in every mode (fused, unfused, vector widths
// 0, 4, 8 and 16, parallel loops) and in the reference interpreter, on the
// same seeded random inputs: bit-identical outputs (docs/semantics.md 1.1,
// 7.15, complex functions included). The NumPy oracle
// checks every elementwise op and dtype at many contiguous extents in
// sweep-*.mlir.
// RUN: rm -rf %t
// RUN: %python %S/differential.py --runner tenferro-runner --workdir %t file %s --entry elementwise:1 --entry layout:2 --entry indexing:3 --entry reductions:4 --entry complex:5 --entry ints:6

func.func @elementwise(%x: tensor<5x3xf64>, %y: tensor<5x3xf64>, %v: tensor<3xf64>) -> (tensor<5x3xf64>, tensor<5x3xf64>) {
  %0 = tenferro.add %x, %v : tensor<5x3xf64>, tensor<3xf64>
  %1 = tenferro.subtract %0, %y : tensor<5x3xf64>
  %2 = tenferro.multiply %1, %x : tensor<5x3xf64>
  %3 = tenferro.divide %2, %y : tensor<5x3xf64>
  %4 = tenferro.maximum %3, %x : tensor<5x3xf64>
  %5 = tenferro.minimum %4, %y : tensor<5x3xf64>
  %6 = tenferro.negate %5 : tensor<5x3xf64>
  %7 = tenferro.abs %6 : tensor<5x3xf64>
  %8 = tenferro.sign %1 : tensor<5x3xf64>
  %9 = tenferro.exp %x : tensor<5x3xf64>
  %10 = tenferro.log %9 : tensor<5x3xf64>
  %11 = tenferro.sin %10 : tensor<5x3xf64>
  %12 = tenferro.cos %11 : tensor<5x3xf64>
  %13 = tenferro.tanh %12 : tensor<5x3xf64>
  %14 = tenferro.sqrt %7 : tensor<5x3xf64>
  %15 = tenferro.rsqrt %9 : tensor<5x3xf64>
  %16 = tenferro.expm1 %x : tensor<5x3xf64>
  %17 = tenferro.log1p %7 : tensor<5x3xf64>
  %18 = tenferro.pow %9, %y : tensor<5x3xf64>
  %19 = tenferro.clamp %x, %y, %9 : tensor<5x3xf64>
  %20 = tenferro.remainder %9, %x : tensor<5x3xf64>
  %p = tenferro.compare lt, %x, %y : tensor<5x3xf64>
  %21 = tenferro.select %p, %13, %14 : tensor<5x3xi1>, tensor<5x3xf64>, tensor<5x3xf64>
  %22 = tenferro.add %21, %15 : tensor<5x3xf64>
  %23 = tenferro.add %22, %16 : tensor<5x3xf64>
  %24 = tenferro.add %23, %17 : tensor<5x3xf64>
  %25 = tenferro.add %24, %18 : tensor<5x3xf64>
  %26 = tenferro.add %25, %19 : tensor<5x3xf64>
  %27 = tenferro.add %26, %8 : tensor<5x3xf64>
  %28 = tenferro.conj %27 : tensor<5x3xf64>
  return %28, %20 : tensor<5x3xf64>, tensor<5x3xf64>
}

func.func @layout(%x: tensor<4x3x2xf32>, %v: tensor<3xf32>) -> (tensor<2x4x3xf32>, tensor<6x4xf32>, tensor<4x3x2xf32>, tensor<3x4xf32>, tensor<4x3x2xf32>, tensor<f64>) {
  %0 = tenferro.transpose %x, perm = [2, 0, 1] : tensor<4x3x2xf32>
  %1 = tenferro.reshape %x to [6, 4] : tensor<4x3x2xf32>
  %2 = tenferro.broadcast_in_dim %v, dims = [1] to [4, 3, 2] : tensor<3xf32>
  %3 = tenferro.dot_general %x, %2, dims = <lhs_contracting_dims = [2], rhs_contracting_dims = [2], lhs_batch_dims = [1], rhs_batch_dims = [1]> : tensor<4x3x2xf32>, tensor<4x3x2xf32>
  %4 = tenferro.reduce_sum %3, axes = [0] : tensor<4x4x3xf32>
  %5 = tenferro.transpose %4, perm = [1, 0] : tensor<4x3xf32>
  %6 = tenferro.convert %x : tensor<4x3x2xf32> to f64
  %7 = tenferro.convert %6 : tensor<4x3x2xf64> to f32
  %8 = tenferro.multiply %7, %2 : tensor<4x3x2xf32>
  %s = tenferro.shape_of %x, axis = 1 : tensor<4x3x2xf32>
  return %0, %1, %8, %5, %2, %s : tensor<2x4x3xf32>, tensor<6x4xf32>, tensor<4x3x2xf32>, tensor<3x4xf32>, tensor<4x3x2xf32>, tensor<f64>
}

func.func @indexing(%x: tensor<5x4xf64>, %i: tensor<3x1xi64>, %u: tensor<3x4xf64>, %s: tensor<2xi64>, %w: tensor<2x2xf64>)
    -> (tensor<3x4xf64>, tensor<5x4xf64>, tensor<2x2xf64>, tensor<5x4xf64>, tensor<10x4xf64>) {
  %0 = tenferro.gather %x, %i, dims = <offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = [1, 4] : tensor<5x4xf64>, tensor<3x1xi64>
  %1 = tenferro.scatter %x, %i, %u, dims = <update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<5x4xf64>, tensor<3x1xi64>, tensor<3x4xf64>
  %2 = tenferro.dynamic_slice %x, %s, sizes = [2, 2] : tensor<5x4xf64>, tensor<2xi64>
  %3 = tenferro.dynamic_update_slice %x, %w, %s : tensor<5x4xf64>, tensor<2x2xf64>, tensor<2xi64>
  %4 = tenferro.concatenate(%x, %3) axis = 0 : tensor<5x4xf64>, tensor<5x4xf64>
  return %0, %1, %2, %3, %4 : tensor<3x4xf64>, tensor<5x4xf64>, tensor<2x2xf64>, tensor<5x4xf64>, tensor<10x4xf64>
}

func.func @reductions(%x: tensor<4x5x3xf64>) -> (tensor<5xf64>, tensor<4x3xf64>, tensor<f64>, tensor<4x3xf64>, tensor<5x3xf64>, tensor<8x5x3xf64>) {
  %0 = tenferro.reduce_sum %x, axes = [0, 2] : tensor<4x5x3xf64>
  %1 = tenferro.reduce_prod %x, axes = [1] : tensor<4x5x3xf64>
  %2 = tenferro.reduce_max %x, axes = [0, 1, 2] : tensor<4x5x3xf64>
  %3 = tenferro.reduce_min %x, axes = [1] : tensor<4x5x3xf64>
  %4 = tenferro.reduce_sum_squares %x, axes = [0] : tensor<4x5x3xf64>
  %5 = tenferro.pad %x, low = [1, 0, -1], high = [0, 0, 1], interior = [1, 0, 0] : tensor<4x5x3xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<5xf64>, tensor<4x3xf64>, tensor<f64>, tensor<4x3xf64>, tensor<5x3xf64>, tensor<8x5x3xf64>
}

func.func @complex(%z: tensor<4x3xcomplex<f64>>, %w: tensor<3xcomplex<f64>>) -> (tensor<4x3xf64>, tensor<4x3xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4x3xcomplex<f64>>) {
  %0 = tenferro.abs %z : tensor<4x3xcomplex<f64>>
  %1 = tenferro.multiply %z, %w : tensor<4x3xcomplex<f64>>, tensor<3xcomplex<f64>>
  %2 = tenferro.conj %1 : tensor<4x3xcomplex<f64>>
  %3 = tenferro.add %2, %z : tensor<4x3xcomplex<f64>>
  %4 = tenferro.dot_general_with_conj %z, %w, dims = <lhs_contracting_dims = [1], rhs_contracting_dims = [0]> conj_rhs : tensor<4x3xcomplex<f64>>, tensor<3xcomplex<f64>>
  %5 = tenferro.divide %z, %3 : tensor<4x3xcomplex<f64>>, tensor<4x3xcomplex<f64>>
  %6 = tenferro.exp %5 : tensor<4x3xcomplex<f64>>
  %7 = tenferro.log %6 : tensor<4x3xcomplex<f64>>
  %8 = tenferro.sin %7 : tensor<4x3xcomplex<f64>>
  %9 = tenferro.cos %8 : tensor<4x3xcomplex<f64>>
  %10 = tenferro.tanh %9 : tensor<4x3xcomplex<f64>>
  %11 = tenferro.sqrt %10 : tensor<4x3xcomplex<f64>>
  %12 = tenferro.rsqrt %z : tensor<4x3xcomplex<f64>>
  %13 = tenferro.expm1 %12 : tensor<4x3xcomplex<f64>>
  %14 = tenferro.log1p %13 : tensor<4x3xcomplex<f64>>
  %15 = tenferro.pow %z, %3 : tensor<4x3xcomplex<f64>>, tensor<4x3xcomplex<f64>>
  %16 = tenferro.add %11, %14 : tensor<4x3xcomplex<f64>>
  %17 = tenferro.add %16, %15 : tensor<4x3xcomplex<f64>>
  return %0, %3, %4, %17 : tensor<4x3xf64>, tensor<4x3xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4x3xcomplex<f64>>
}

func.func @ints(%a: tensor<6x4xi32>, %b: tensor<4xi64>) -> (tensor<6x4xi64>, tensor<4x6xi32>, tensor<6x4xi32>) {
  %0 = tenferro.multiply %a, %b : tensor<6x4xi32>, tensor<4xi64>
  %1 = tenferro.negate %0 : tensor<6x4xi64>
  %2 = tenferro.abs %1 : tensor<6x4xi64>
  %3 = tenferro.transpose %a, perm = [1, 0] : tensor<6x4xi32>
  %4 = tenferro.tril %a, k = 1 : tensor<6x4xi32>
  %5 = tenferro.triu %4, k = -1 : tensor<6x4xi32>
  %6 = tenferro.reverse %5, axes = [0, 1] : tensor<6x4xi32>
  return %2, %3, %6 : tensor<6x4xi64>, tensor<4x6xi32>, tensor<6x4xi32>
}
