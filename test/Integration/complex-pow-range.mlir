// Complex pow whose result under- or overflows: 0 where the exact result is
// below the smallest subnormal, inf + 0i for a real result past the largest
// float, and infinite parts of the right signs for a complex one; compiled
// (fused, unfused, scalar) and in the interpreter alike. Upstream's
// convert-complex-to-standard gave NaN + NaN i for the zeros and inf + NaN i
// for inf + 0i.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/a16.npy "<c16" F 8 1e-200:0,1e200:0,2:0,2:0,0.5:0,1e-200:1e-200,1e200:1e200,10:0
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/b16.npy "<c16" F 8 2:0,2:0,2000:0,-2000:0,1100:0,3:0,3:0,400:0
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/r16.npy "<c16" F 8 0:0,inf:0,inf:0,0:0,0:0,0:0,-inf:inf,inf:0
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/a8.npy "<c8" F 8 1e-30:0,1e30:0,2:0,2:0,0.5:0,1e-20:1e-20,1e20:1e20,10:0
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/b8.npy "<c8" F 8 2:0,2:0,200:0,-200:0,160:0,3:0,3:0,50:0
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/r8.npy "<c8" F 8 0:0,inf:0,inf:0,0:0,0:0,0:0,-inf:inf,inf:0
// RUN: tenferro-runner %s --entry=c16 --input=%t/a16.npy --input=%t/b16.npy --output=%t/f16- > /dev/null
// RUN: tenferro-runner %s --entry=c16 --input=%t/a16.npy --input=%t/b16.npy --output=%t/u16- --no-fusion > /dev/null
// RUN: tenferro-runner %s --entry=c16 --input=%t/a16.npy --input=%t/b16.npy --output=%t/s16- --vector-width=0 > /dev/null
// RUN: tenferro-runner %s --entry=c16 --input=%t/a16.npy --input=%t/b16.npy --output=%t/i16- --reference > /dev/null
// RUN: python3 %S/../Differential/npy_compare.py %t/f16-0.npy %t/r16.npy
// RUN: python3 %S/../Differential/npy_compare.py %t/u16-0.npy %t/r16.npy
// RUN: python3 %S/../Differential/npy_compare.py %t/s16-0.npy %t/r16.npy
// RUN: python3 %S/../Differential/npy_compare.py %t/i16-0.npy %t/r16.npy
// RUN: tenferro-runner %s --entry=c8 --input=%t/a8.npy --input=%t/b8.npy --output=%t/f8- > /dev/null
// RUN: tenferro-runner %s --entry=c8 --input=%t/a8.npy --input=%t/b8.npy --output=%t/u8- --no-fusion > /dev/null
// RUN: tenferro-runner %s --entry=c8 --input=%t/a8.npy --input=%t/b8.npy --output=%t/s8- --vector-width=0 > /dev/null
// RUN: tenferro-runner %s --entry=c8 --input=%t/a8.npy --input=%t/b8.npy --output=%t/i8- --reference > /dev/null
// RUN: python3 %S/../Differential/npy_compare.py %t/f8-0.npy %t/r8.npy
// RUN: python3 %S/../Differential/npy_compare.py %t/u8-0.npy %t/r8.npy
// RUN: python3 %S/../Differential/npy_compare.py %t/s8-0.npy %t/r8.npy
// RUN: python3 %S/../Differential/npy_compare.py %t/i8-0.npy %t/r8.npy

func.func @c16(%a: tensor<8xcomplex<f64>>, %b: tensor<8xcomplex<f64>>) -> tensor<8xcomplex<f64>> {
  %0 = tenferro.pow %a, %b : tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>
  return %0 : tensor<8xcomplex<f64>>
}

func.func @c8(%a: tensor<8xcomplex<f32>>, %b: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %0 = tenferro.pow %a, %b : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}
