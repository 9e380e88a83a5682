// Bool (i1) data is one byte per element in memory (docs/abi.md), also in
// vector loops: LLVM stores vectors of i1 as packed bits, so without
// tenferro-widen-bool-vector-memory lane k read or wrote bit k instead of
// byte k once the contiguous extent (19 here: full vectors at widths 4, 8
// and 16, and a masked tail of 3) filled a vector. Every mode must give the
// same values as the scalar loop and the reference interpreter.
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.a.npy "<f8" C 19 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.b.npy "<f8" C 19 1,0,3,2,5,4,7,6,9,8,11,10,13,12,15,14,17,16,18
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.p.npy "|b1" C 19 1,0,1,1,0,0,1,0,1,1,1,0,0,0,1,0,0,1,1
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.q.npy "|b1" C 19 1,1,0,1,0,1,0,0,1,0,1,0,1,0,1,0,1,0,1
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.ra.npy "<f8" C 1,19 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.rb.npy "<f8" C 1,19 1,0,3,2,5,4,7,6,9,8,11,10,13,12,15,14,17,16,18
// DEFINE: %{run} = tenferro-runner %s --print-elements=100 --input=%t.a.npy --input=%t.b.npy --input=%t.p.npy --input=%t.q.npy
// RUN: %{run} | FileCheck %s
// RUN: %{run} --no-fusion | FileCheck %s
// RUN: %{run} --vector-width=0 | FileCheck %s
// RUN: %{run} --vector-width=4 | FileCheck %s
// RUN: %{run} --vector-width=8 | FileCheck %s
// RUN: %{run} --vector-width=16 | FileCheck %s
// RUN: %{run} --parallel-loops --parallel-min-work=0 | FileCheck %s
// RUN: %{run} --reference | FileCheck %s

// CHECK-LABEL: program @bools
// compare lt of f64 into Bool.
// CHECK: output #0: i1 [19] [true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, false]
// convert Bool to f64.
// CHECK: output #1: f64 [19] [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1, 1]
// select with a Bool predicate.
// CHECK: output #2: f64 [19] [0, 0, 2, 3, 5, 4, 6, 6, 8, 9, 10, 10, 13, 12, 14, 14, 17, 17, 18]
// broadcast_in_dim of Bool (column-major: the 19 values, twice).
// CHECK: output #3: i1 [19, 2] [true, false, true, true, false, false, true, false, true, true, true, false, false, false, true, false, false, true, true, true, false, true, true, false, false, true, false, true, true, true, false, false, false, true, false, false, true, true]
// compare lt and eq of Bool operands (false < true).
// CHECK: output #4: i1 [19] [false, true, false, false, false, true, false, false, false, false, false, false, true, false, false, false, true, false, false]
// CHECK: output #5: i1 [19] [true, false, false, true, true, false, false, true, true, false, true, true, false, true, true, true, false, false, true]
func.func @bools(%a: tensor<19xf64>, %b: tensor<19xf64>, %p: tensor<19xi1>, %q: tensor<19xi1>)
    -> (tensor<19xi1>, tensor<19xf64>, tensor<19xf64>, tensor<19x2xi1>, tensor<19xi1>, tensor<19xi1>) {
  %lt = tenferro.compare lt, %a, %b : tensor<19xf64>, tensor<19xf64>
  %f = tenferro.convert %p : tensor<19xi1> to f64
  %s = tenferro.select %p, %a, %b : tensor<19xi1>, tensor<19xf64>, tensor<19xf64>
  %bc = tenferro.broadcast_in_dim %p, dims = [0] to [19, 2] : tensor<19xi1>
  %plt = tenferro.compare lt, %p, %q : tensor<19xi1>, tensor<19xi1>
  %peq = tenferro.compare eq, %p, %q : tensor<19xi1>, tensor<19xi1>
  return %lt, %f, %s, %bc, %plt, %peq : tensor<19xi1>, tensor<19xf64>, tensor<19xf64>, tensor<19x2xi1>, tensor<19xi1>, tensor<19xi1>
}

// A row (logical shape 1x19, whose contiguous extent is 1): the vectorizer
// runs along the strided axis, and convert-vector-to-scf used to stage the
// Bool vector through a stack buffer of n-D vectors of i1 (an aggregate the
// widening pass cannot rewrite); it is now fully unrolled.
// RUN: tenferro-runner %s --entry=row --print-elements=100 --input=%t.ra.npy --input=%t.rb.npy | FileCheck %s --check-prefix=ROW
// RUN: tenferro-runner %s --entry=row --print-elements=100 --input=%t.ra.npy --input=%t.rb.npy --no-fusion | FileCheck %s --check-prefix=ROW
// RUN: tenferro-runner %s --entry=row --print-elements=100 --input=%t.ra.npy --input=%t.rb.npy --vector-width=4 | FileCheck %s --check-prefix=ROW
// RUN: tenferro-runner %s --entry=row --print-elements=100 --input=%t.ra.npy --input=%t.rb.npy --vector-width=16 | FileCheck %s --check-prefix=ROW
// RUN: tenferro-runner %s --entry=row --print-elements=100 --input=%t.ra.npy --input=%t.rb.npy --parallel-loops --parallel-min-work=0 | FileCheck %s --check-prefix=ROW
// RUN: tenferro-runner %s --entry=row --print-elements=100 --input=%t.ra.npy --input=%t.rb.npy --reference | FileCheck %s --check-prefix=ROW
// ROW-LABEL: program @row
// ROW: output #0: i1 [1, 19] [true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, false]
func.func @row(%a: tensor<1x19xf64>, %b: tensor<1x19xf64>) -> tensor<1x19xi1> {
  %0 = tenferro.compare lt, %a, %b : tensor<1x19xf64>, tensor<1x19xf64>
  return %0 : tensor<1x19xi1>
}
