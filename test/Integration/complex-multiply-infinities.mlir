// The complex product is the textbook formula, (ac - bd) + (ad + bc)i, for
// every operand (docs/semantics.md 7.2), in compiled code and in the
// reference interpreter alike. The interpreter used std::complex's
// operator*, where the compiler calls __muldc3 once both parts come out
// NaN, which recovers infinities (C99 Annex G): (inf + inf i) * 2 was
// inf + inf i in the interpreter and NaN + NaN i in compiled code, a
// difference found by the NumPy-oracle random programs at real shapes.
// Every product below has an infinite or NaN part; multiply, reduce_prod,
// reduce_sum_squares (x * conj(x)) and dot_general must give the same bits
// in every mode.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/a.npy "<c16" F 6 inf:inf,inf:0,2:3,nan:1,-inf:inf,0:inf
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/b.npy "<c16" F 6 2:0,2:0,inf:-inf,1:0,0:1,inf:0
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/c.npy "<c8" F 6 inf:inf,inf:0,2:3,nan:1,-inf:inf,0:inf
// RUN: python3 %S/../Runner/Inputs/npy.py write %t/d.npy "<c8" F 6 2:0,2:0,inf:-inf,1:0,0:1,inf:0
// DEFINE: %{run} = tenferro-runner %s --print-elements=6 --input=%t/a.npy --input=%t/b.npy --input=%t/c.npy --input=%t/d.npy
// RUN: %{run} | FileCheck %s
// RUN: %{run} --no-fusion | FileCheck %s
// RUN: %{run} --vector-width=0 | FileCheck %s
// RUN: %{run} --reference | FileCheck %s

// CHECK-LABEL: program @products
// (inf + inf i) * 2 = (inf - nan) + (nan + inf)i (Annex G: inf + inf i);
// (inf + 0i) * 2 = inf + (0 * inf)i; (2 + 3i)(inf - inf i) =
// (inf + inf) + (-inf + inf)i; (nan + i) * 1 = nan + (nan + 1)i;
// (-inf + inf i) * i = (-inf * 0 - inf) + (-inf + inf * 0)i (Annex G:
// -inf - inf i); (0 + inf i) * inf = (0 - inf * 0) + (0 * 0 + inf)i.
// NaNs print with their sign bit (x86's default NaN has it set).
// CHECK: output #0: complex<f64> [6] [({{-?}}nan, {{-?}}nan), (inf, {{-?}}nan), (inf, {{-?}}nan), ({{-?}}nan, {{-?}}nan), ({{-?}}nan, {{-?}}nan), ({{-?}}nan, inf)]
// CHECK: output #1: complex<f32> [6] [({{-?}}nan, {{-?}}nan), (inf, {{-?}}nan), (inf, {{-?}}nan), ({{-?}}nan, {{-?}}nan), ({{-?}}nan, {{-?}}nan), ({{-?}}nan, inf)]
// The product of all six, |x|^2 summed (x * conj(x): (inf + inf i)(inf -
// inf i) = (inf - inf) + (-inf + inf)i) and the dot product: NaN in both
// parts.
// CHECK: output #2: complex<f64> [] [({{-?}}nan, {{-?}}nan)]
// CHECK: output #3: complex<f64> [] [({{-?}}nan, {{-?}}nan)]
// CHECK: output #4: complex<f64> [] [({{-?}}nan, {{-?}}nan)]
func.func @products(%a: tensor<6xcomplex<f64>>, %b: tensor<6xcomplex<f64>>,
                    %c: tensor<6xcomplex<f32>>, %d: tensor<6xcomplex<f32>>)
    -> (tensor<6xcomplex<f64>>, tensor<6xcomplex<f32>>, tensor<complex<f64>>,
        tensor<complex<f64>>, tensor<complex<f64>>) {
  %0 = tenferro.multiply %a, %b : tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
  %1 = tenferro.multiply %c, %d : tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>
  %2 = tenferro.reduce_prod %a, axes = [0] : tensor<6xcomplex<f64>>
  %3 = tenferro.reduce_sum_squares %a, axes = [0] : tensor<6xcomplex<f64>>
  %4 = tenferro.dot_general %a, %b, dims = <lhs_contracting_dims = [0], rhs_contracting_dims = [0]> : tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
  return %0, %1, %2, %3, %4 : tensor<6xcomplex<f64>>, tensor<6xcomplex<f32>>, tensor<complex<f64>>, tensor<complex<f64>>, tensor<complex<f64>>
}
