// log(exp(z)) is the principal logarithm of exp(z), not z: for
// Im z outside (-pi, pi] the two differ by a multiple of 2 pi i. Fused
// code used to return z (the complex dialect's fold), unlike the
// interpreter. Python's cmath gives the expected values.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/z.npy "<c16" F 4 0.3:4,1:-5,0.5:3,-2:10
// RUN: python3 -c "import cmath; print(','.join('%%r:%%r' %% (w.real, w.imag) for w in (cmath.log(cmath.exp(z)) for z in (0.3+4j, 1-5j, 0.5+3j, -2+10j))))" > %t/e
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/e.npy "<c16" F 4 %{readfile:%t/e}
// RUN: tenferro-runner %s --input=%t/z.npy --output=%t/f- > /dev/null
// RUN: tenferro-runner %s --input=%t/z.npy --output=%t/r- --reference > /dev/null
// RUN: cmp %t/f-0.npy %t/r-0.npy
// RUN: python3 %S/../Differential/npy_compare.py %t/f-0.npy %t/e.npy --max-ulps=4
func.func @log_exp(%z: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = tenferro.exp %z : tensor<4xcomplex<f64>>
  %1 = tenferro.log %0 : tensor<4xcomplex<f64>>
  return %1 : tensor<4xcomplex<f64>>
}
