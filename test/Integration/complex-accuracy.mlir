// Accuracy of the complex functions, compiled (fused, unfused, scalar) and
// in the reference interpreter, against correctly rounded values (mpmath)
// on inputs chosen where naive formulas fail: tiny imaginary or real parts
// (sin(1e-8 + 1e-8i)), |z| near 1 (log), z near 0 (expm1, log1p), |1 + z|
// near 1 (log1p), the curve exp(x) cos(y) = 1 (expm1), large arguments and
// results near overflow, pow results that under- or overflow, cancelling
// quotients; and seeded random points. The bounds, per function and dtype,
// are in Inputs/complex_accuracy.py and docs/semantics.md ("Accuracy of
// complex functions"); Inputs/complex-accuracy holds the inputs and the
// references (`complex_accuracy.py gen` writes them; it needs mpmath, the
// test does not). Compiled results must also be bit-identical to the
// interpreter's.
// DEFINE: %{in-c8} = --input=%S/Inputs/complex-accuracy/z-c8.npy --input=%S/Inputs/complex-accuracy/a-c8.npy --input=%S/Inputs/complex-accuracy/b-c8.npy --input=%S/Inputs/complex-accuracy/c-c8.npy --input=%S/Inputs/complex-accuracy/d-c8.npy
// DEFINE: %{in-c16} = --input=%S/Inputs/complex-accuracy/z-c16.npy --input=%S/Inputs/complex-accuracy/a-c16.npy --input=%S/Inputs/complex-accuracy/b-c16.npy --input=%S/Inputs/complex-accuracy/c-c16.npy --input=%S/Inputs/complex-accuracy/d-c16.npy
// DEFINE: %{check} = python3 %S/Inputs/complex_accuracy.py check %S/Inputs/complex-accuracy
// DEFINE: %{same} = python3 %S/Inputs/complex_accuracy.py same
// RUN: rm -rf %t && mkdir -p %t
// RUN: tenferro-runner %s --entry=c8 --reference %{in-c8} --output=%t/c8-ref- > /dev/null
// RUN: %{check} c8 %t/c8-ref-
// RUN: tenferro-runner %s --entry=c8 %{in-c8} --output=%t/c8-fused- > /dev/null
// RUN: %{check} c8 %t/c8-fused-
// RUN: tenferro-runner %s --entry=c8 --no-fusion %{in-c8} --output=%t/c8-unfused- > /dev/null
// RUN: %{check} c8 %t/c8-unfused-
// RUN: tenferro-runner %s --entry=c8 --vector-width=0 %{in-c8} --output=%t/c8-scalar- > /dev/null
// RUN: %{check} c8 %t/c8-scalar-
// RUN: %{same} %t/c8-ref- %t/c8-fused-
// RUN: %{same} %t/c8-ref- %t/c8-unfused-
// RUN: %{same} %t/c8-ref- %t/c8-scalar-
// RUN: tenferro-runner %s --entry=c16 --reference %{in-c16} --output=%t/c16-ref- > /dev/null
// RUN: %{check} c16 %t/c16-ref-
// RUN: tenferro-runner %s --entry=c16 %{in-c16} --output=%t/c16-fused- > /dev/null
// RUN: %{check} c16 %t/c16-fused-
// RUN: tenferro-runner %s --entry=c16 --no-fusion %{in-c16} --output=%t/c16-unfused- > /dev/null
// RUN: %{check} c16 %t/c16-unfused-
// RUN: tenferro-runner %s --entry=c16 --vector-width=0 %{in-c16} --output=%t/c16-scalar- > /dev/null
// RUN: %{check} c16 %t/c16-scalar-
// RUN: %{same} %t/c16-ref- %t/c16-fused-
// RUN: %{same} %t/c16-ref- %t/c16-unfused-
// RUN: %{same} %t/c16-ref- %t/c16-scalar-

func.func @c16(%z: tensor<?xcomplex<f64>>, %a: tensor<?xcomplex<f64>>, %b: tensor<?xcomplex<f64>>, %c: tensor<?xcomplex<f64>>, %d: tensor<?xcomplex<f64>>)
    -> (tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>,
        tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>,
        tensor<?xcomplex<f64>>, tensor<?xf64>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>) {
  %0 = tenferro.exp %z : tensor<?xcomplex<f64>>
  %1 = tenferro.log %z : tensor<?xcomplex<f64>>
  %2 = tenferro.sin %z : tensor<?xcomplex<f64>>
  %3 = tenferro.cos %z : tensor<?xcomplex<f64>>
  %4 = tenferro.tanh %z : tensor<?xcomplex<f64>>
  %5 = tenferro.sqrt %z : tensor<?xcomplex<f64>>
  %6 = tenferro.rsqrt %z : tensor<?xcomplex<f64>>
  %7 = tenferro.expm1 %z : tensor<?xcomplex<f64>>
  %8 = tenferro.log1p %z : tensor<?xcomplex<f64>>
  %9 = tenferro.abs %z : tensor<?xcomplex<f64>>
  %10 = tenferro.pow %a, %b : tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>
  %11 = tenferro.divide %c, %d : tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11
    : tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>,
      tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>,
      tensor<?xcomplex<f64>>, tensor<?xf64>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>
}
func.func @c8(%z: tensor<?xcomplex<f32>>, %a: tensor<?xcomplex<f32>>, %b: tensor<?xcomplex<f32>>, %c: tensor<?xcomplex<f32>>, %d: tensor<?xcomplex<f32>>)
    -> (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>,
        tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>,
        tensor<?xcomplex<f32>>, tensor<?xf32>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>) {
  %0 = tenferro.exp %z : tensor<?xcomplex<f32>>
  %1 = tenferro.log %z : tensor<?xcomplex<f32>>
  %2 = tenferro.sin %z : tensor<?xcomplex<f32>>
  %3 = tenferro.cos %z : tensor<?xcomplex<f32>>
  %4 = tenferro.tanh %z : tensor<?xcomplex<f32>>
  %5 = tenferro.sqrt %z : tensor<?xcomplex<f32>>
  %6 = tenferro.rsqrt %z : tensor<?xcomplex<f32>>
  %7 = tenferro.expm1 %z : tensor<?xcomplex<f32>>
  %8 = tenferro.log1p %z : tensor<?xcomplex<f32>>
  %9 = tenferro.abs %z : tensor<?xcomplex<f32>>
  %10 = tenferro.pow %a, %b : tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>
  %11 = tenferro.divide %c, %d : tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11
    : tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>,
      tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>,
      tensor<?xcomplex<f32>>, tensor<?xf32>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>
}
