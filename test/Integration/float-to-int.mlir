// Float-to-integer conversion saturates and maps NaN to 0, as Rust's `as`
// does (docs/semantics.md): arith.fptosi alone is poison out of range, and
// x86's cvttsd2si gives INT_MIN for every such value. Compiled (scalar and
// vector loops, with a tail at every width) and interpreted alike.
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.x.npy "<f8" C 13 nan,inf,-inf,3e9,-3e9,2147483647,2147483648,-2147483648,-2147483649,1.9,-1.9,-0.5,9.3e18
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.y.npy "<f4" C 13 nan,inf,-inf,3e9,-3e9,2147483520,2147483648,-2147483648,-2147483904,1.9,-1.9,-0.5,9.3e18
// DEFINE: %{run} = tenferro-runner %s --print-elements=100 --input=%t.x.npy --input=%t.y.npy
// RUN: %{run} | FileCheck %s
// RUN: %{run} --no-fusion | FileCheck %s
// RUN: %{run} --vector-width=0 | FileCheck %s
// RUN: %{run} --vector-width=4 | FileCheck %s
// RUN: %{run} --vector-width=8 | FileCheck %s
// RUN: %{run} --vector-width=16 | FileCheck %s
// RUN: %{run} --parallel-loops --parallel-min-work=0 | FileCheck %s
// RUN: %{run} --reference | FileCheck %s

// CHECK-LABEL: program @to_int
// CHECK: output #0: i32 [13] [0, 2147483647, -2147483648, 2147483647, -2147483648, 2147483647, 2147483647, -2147483648, -2147483648, 1, -1, 0, 2147483647]
// CHECK: output #1: i64 [13] [0, 9223372036854775807, -9223372036854775808, 3000000000, -3000000000, 2147483647, 2147483648, -2147483648, -2147483649, 1, -1, 0, 9223372036854775807]
// CHECK: output #2: i32 [13] [0, 2147483647, -2147483648, 2147483647, -2147483648, 2147483520, 2147483647, -2147483648, -2147483648, 1, -1, 0, 2147483647]
// CHECK: output #3: i64 [13] [0, 9223372036854775807, -9223372036854775808, 3000000000, -3000000000, 2147483520, 2147483648, -2147483648, -2147483904, 1, -1, 0, 9223372036854775807]
func.func @to_int(%x: tensor<13xf64>, %y: tensor<13xf32>)
    -> (tensor<13xi32>, tensor<13xi64>, tensor<13xi32>, tensor<13xi64>) {
  %0 = tenferro.convert %x : tensor<13xf64> to i32
  %1 = tenferro.convert %x : tensor<13xf64> to i64
  %2 = tenferro.convert %y : tensor<13xf32> to i32
  %3 = tenferro.convert %y : tensor<13xf32> to i64
  return %0, %1, %2, %3 : tensor<13xi32>, tensor<13xi64>, tensor<13xi32>, tensor<13xi64>
}
