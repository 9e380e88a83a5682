// scatter on Bool combines an update with the existing element by logical
// OR (docs/semantics.md): duplicate indices that both write true leave
// true. i1 addition, what the lowering used before, is XOR and gave false.
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.x.npy "|b1" C 3 0,0,1
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.i.npy "<i8" C 4,1 0,0,2,1
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.u.npy "|b1" C 4 1,1,0,0
// DEFINE: %{run} = tenferro-runner %s --input=%t.x.npy --input=%t.i.npy --input=%t.u.npy
// RUN: %{run} | FileCheck %s
// RUN: %{run} --no-fusion | FileCheck %s
// RUN: %{run} --vector-width=0 | FileCheck %s
// RUN: %{run} --parallel-loops --parallel-min-work=0 | FileCheck %s
// RUN: %{run} --reference | FileCheck %s

// CHECK-LABEL: program @scatter_or
// CHECK: output #0: i1 [3] [true, false, true]
func.func @scatter_or(%x: tensor<3xi1>, %i: tensor<4x1xi64>, %u: tensor<4xi1>) -> tensor<3xi1> {
  %0 = tenferro.scatter %x, %i, %u, dims = <update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<3xi1>, tensor<4x1xi64>, tensor<4xi1>
  return %0 : tensor<3xi1>
}
