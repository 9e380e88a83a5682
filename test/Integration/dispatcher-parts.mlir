// Buffer addresses aside (grep -v), a dispatcher cut into parts of 1, 2 and 3 ops (tenferro-split-dispatchers
// through the pipeline's dispatcher-part-ops) computes what the uncut one
// does: parts pass buffers and extents to later parts and return the
// program's results, and the intermediates are freed in other parts than
// the ones that allocated them.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{dispatcher-part-ops=0})" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | grep -v 'base@' > %t.dir/whole
// RUN: FileCheck %s < %t.dir/whole
// RUN: for n in 1 2 3; do \
// RUN:   tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{dispatcher-part-ops=$n})" \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   | grep -v 'base@' | diff %t.dir/whole - || exit 1; done
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(tenferro-lower-to-llvm{dispatcher-part-ops=2})" \
// RUN:   | FileCheck %s --check-prefix=PARTS

// PARTS: llvm.func @tenferro_chain(
// PARTS: llvm.call @tenferro_chain.part0(
// PARTS: llvm.func internal @tenferro_chain.part1(

// x = [0, 1, ..., 7]: exp(-x) * x, its sum over the one axis, x + sum.
// CHECK: [0, 0.367879, 0.270671, 0.149361, 0.0732626, 0.0336897, 0.0148725, 0.00638317]
// CHECK: [0.916119]
// CHECK: [0.916119, 1.91612, 2.91612, 3.91612, 4.91612, 5.91612, 6.91612, 7.91612]
func.func @chain(%x: tensor<8xf64>) -> (tensor<8xf64>, tensor<f64>, tensor<8xf64>) {
  %n = tenferro.negate %x : tensor<8xf64>
  %d = tenferro.shape_of %n, axis = 0 : tensor<8xf64>
  %e = tenferro.exp %n : tensor<8xf64>
  %d2 = tenferro.shape_of %e, axis = 0 : tensor<8xf64>
  %m = tenferro.multiply %e, %x : tensor<8xf64>
  %s = tenferro.reduce_sum %m, axes = [0] : tensor<8xf64>
  %b = tenferro.broadcast_in_dim %s, dims = [] to [8] : tensor<f64>
  %d3 = tenferro.shape_of %b, axis = 0 : tensor<8xf64>
  %y = tenferro.add %x, %b : tensor<8xf64>
  return %m, %s, %y : tensor<8xf64>, tensor<f64>, tensor<8xf64>
}

func.func private @printMemrefF64(tensor<*xf64>)
func.func @main() {
  %x = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : tensor<8xf64>
  %m, %s, %y = call @chain(%x) : (tensor<8xf64>) -> (tensor<8xf64>, tensor<f64>, tensor<8xf64>)
  %mu = tensor.cast %m : tensor<8xf64> to tensor<*xf64>
  %su = tensor.cast %s : tensor<f64> to tensor<*xf64>
  %yu = tensor.cast %y : tensor<8xf64> to tensor<*xf64>
  call @printMemrefF64(%mu) : (tensor<*xf64>) -> ()
  call @printMemrefF64(%su) : (tensor<*xf64>) -> ()
  call @printMemrefF64(%yu) : (tensor<*xf64>) -> ()
  return
}
