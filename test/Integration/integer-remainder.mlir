// Integer remainder never traps (docs/semantics.md): the remainder is
// truncated (its sign follows the dividend), x % 0 = 0 and INT_MIN % -1 = 0,
// in compiled code and the reference interpreter alike. The masked tail of
// a vector loop holds zeros in its inactive lanes; they must not divide
// either (3 and 11 elements leave partial vectors at every width).
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.a3.npy "<i4" C 3 7,14,22
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.b3.npy "<i4" C 3 3,3,3
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.a.npy "<i4" C 11 -2147483648,7,-7,7,-7,-2147483648,2147483647,5,0,-1,13
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.b.npy "<i4" C 11 -1,0,3,-3,-3,0,-1,1,0,0,5
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.c.npy "<i8" C 11 -9223372036854775808,7,-7,7,-7,-9223372036854775808,9223372036854775807,5,0,-1,13
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.d.npy "<i8" C 11 -1,0,3,-3,-3,0,-1,1,0,0,5
// DEFINE: %{run} = tenferro-runner %s --print-elements=100 --input=%t.a3.npy --input=%t.b3.npy --input=%t.a.npy --input=%t.b.npy --input=%t.c.npy --input=%t.d.npy
// RUN: %{run} | FileCheck %s
// RUN: %{run} --no-fusion | FileCheck %s
// RUN: %{run} --vector-width=0 | FileCheck %s
// RUN: %{run} --vector-width=4 | FileCheck %s
// RUN: %{run} --vector-width=8 | FileCheck %s
// RUN: %{run} --vector-width=16 | FileCheck %s
// RUN: %{run} --parallel-loops --parallel-min-work=0 | FileCheck %s
// RUN: %{run} --reference | FileCheck %s

// CHECK-LABEL: program @remainders
// CHECK: output #0: i32 [3] [1, 2, 1]
// CHECK: output #1: i32 [11] [0, 0, -1, 1, -1, 0, 0, 0, 0, 0, 3]
// CHECK: output #2: i64 [11] [0, 0, -1, 1, -1, 0, 0, 0, 0, 0, 3]
// A remainder fused with other integer ops (wrapping add) in one loop.
// CHECK: output #3: i32 [11] [-2147483648, 7, -8, 8, -8, -2147483648, 2147483647, 5, 0, -1, 16]
func.func @remainders(%a3: tensor<3xi32>, %b3: tensor<3xi32>, %a: tensor<11xi32>, %b: tensor<11xi32>,
                      %c: tensor<11xi64>, %d: tensor<11xi64>)
    -> (tensor<3xi32>, tensor<11xi32>, tensor<11xi64>, tensor<11xi32>) {
  %0 = tenferro.remainder %a3, %b3 : tensor<3xi32>
  %1 = tenferro.remainder %a, %b : tensor<11xi32>
  %2 = tenferro.remainder %c, %d : tensor<11xi64>
  %3 = tenferro.add %a, %1 : tensor<11xi32>
  return %0, %1, %2, %3 : tensor<3xi32>, tensor<11xi32>, tensor<11xi64>, tensor<11xi32>
}
