// The innermost loops of elementwise and broadcast-multiply regions are
// vectorized with the vector dialect at the requested width; full vectors
// use plain loads and stores, only the partial last vector is masked. The outer product reads the row source once per
// column, before the loop over it (tenferro-hoist-vector-accumulators hoists
// the read-only transfer), broadcast to a vector, and the column source with
// full-width loads.
// The vector IR as the loop stage leaves it, printed after the first
// module pass that follows (convert-vector-to-scf runs per function, in
// parallel: its dumps come in any order).
// RUN: tenferro-opt %s --tenferro-lower-to-llvm --mlir-print-ir-after=tenferro-expm1-log1p-to-libm -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VECTOR
// RUN: tenferro-opt %s --tenferro-lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=W8
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=4})" \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=W4
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{vector-width=0})" \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=SCALAR

// VECTOR-LABEL: func.func private @tenferro_outer.kernel0(
// VECTOR: scf.for
// VECTOR: %[[ROW:.*]] = vector.transfer_read %{{.*}} : memref<1003xf64>, vector<f64>
// VECTOR: %[[SPLAT:.*]] = vector.broadcast %[[ROW]] : vector<f64> to vector<8xf64>
// VECTOR: scf.for {{.*}} step %c8
// VECTOR: %[[COL:.*]] = vector.transfer_read %{{.*}} {in_bounds = [true]} : memref<1000xf64>, vector<8xf64>
// VECTOR: arith.mulf %[[COL]], %[[SPLAT]] : vector<8xf64>
// VECTOR: vector.transfer_write %{{.*}} {in_bounds = [true]} : vector<8xf64>, memref<1003x1000xf64>
// W8-LABEL: define {{.*}} @tenferro_outer.kernel0(
// W8: fmul <8 x double>
// W8-LABEL: define {{.*}} @tenferro_tail.kernel0(
// W8: load <8 x float>, ptr
// W8: call <8 x float> @llvm.exp.v8f32
// W8: store <8 x float>
// W8: call <8 x float> @llvm.masked.load
// W8: call <8 x float> @llvm.exp.v8f32
// W8: call void @llvm.masked.store
// W4-LABEL: define {{.*}} @tenferro_outer.kernel0(
// W4: fmul <4 x double>
// SCALAR-LABEL: define {{.*}} @tenferro_outer.kernel0(
// SCALAR-NOT: x double>
// SCALAR: fmul double
func.func @outer(%a: tensor<1000xf64>, %b: tensor<1003xf64>) -> tensor<1000x1003xf64> {
  %0 = tenferro.broadcast_in_dim %a, dims = [0] to [1000, 1003] : tensor<1000xf64>
  %1 = tenferro.broadcast_in_dim %b, dims = [1] to [1000, 1003] : tensor<1003xf64>
  %2 = tenferro.multiply %0, %1 : tensor<1000x1003xf64>
  return %2 : tensor<1000x1003xf64>
}

// A dynamic extent: full vectors are plain, the last partial one masked.
func.func @tail(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tenferro.negate %x : tensor<?xf32>
  %1 = tenferro.exp %0 : tensor<?xf32>
  return %1 : tensor<?xf32>
}

// The reused-broadcast pair (x_b * x_b) and a scalar operand: the source is
// read once per vector and broadcast.
// VECTOR-LABEL: func.func private @tenferro_reused.kernel0(
// VECTOR: %[[R:.*]] = vector.transfer_read %{{.*}} : memref<1003xf64>, vector<f64>
// VECTOR: %[[S:.*]] = vector.broadcast %[[R]] : vector<f64> to vector<8xf64>
// VECTOR: arith.mulf %[[S]], %[[S]] : vector<8xf64>
// VECTOR-LABEL: func.func private @tenferro_scalar_operand.kernel0(
// VECTOR: vector.transfer_read %{{.*}} : memref<f64>, vector<f64>
// VECTOR: vector.broadcast
// VECTOR: arith.mulf {{.*}} : vector<8xf64>
func.func @reused(%a: tensor<1003xf64>) -> tensor<1000x1003xf64> {
  %0 = tenferro.broadcast_in_dim %a, dims = [1] to [1000, 1003] : tensor<1003xf64>
  %1 = tenferro.multiply %0, %0 : tensor<1000x1003xf64>
  return %1 : tensor<1000x1003xf64>
}

func.func @scalar_operand(%s: tensor<f64>, %t: tensor<f64>) -> tensor<1024xf64> {
  %0 = tenferro.broadcast_in_dim %t, dims = [] to [1024] : tensor<f64>
  %1 = tenferro.multiply %s, %0 : tensor<f64>, tensor<1024xf64>
  return %1 : tensor<1024xf64>
}
