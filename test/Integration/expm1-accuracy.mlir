// expm1 and log1p keep full accuracy near zero in compiled code: within 1
// ulp of Python's math.expm1/log1p, where a naive exp(x) - 1 is off by
// about 8e-8 relative (millions of ulps).
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.in.npy "<f8" F 2 1e-10,-1e-12
// RUN: python3 -c "import math; print(','.join(repr(math.expm1(x)) for x in (1e-10, -1e-12)))" > %t.e
// RUN: python3 -c "import math; print(','.join(repr(math.log1p(x)) for x in (1e-10, -1e-12)))" > %t.l
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.e.npy "<f8" F 2 %{readfile:%t.e}
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.l.npy "<f8" F 2 %{readfile:%t.l}
// RUN: tenferro-runner %s --input=%t.in.npy --output=%t.out > /dev/null
// RUN: python3 %S/../Differential/npy_compare.py %t.out0.npy %t.e.npy --max-ulps=1
// RUN: python3 %S/../Differential/npy_compare.py %t.out1.npy %t.l.npy --max-ulps=1
func.func @tiny(%x: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>) {
  %0 = tenferro.expm1 %x : tensor<2xf64>
  %1 = tenferro.log1p %x : tensor<2xf64>
  return %0, %1 : tensor<2xf64>, tensor<2xf64>
}
