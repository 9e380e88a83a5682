// Zero-sized tensors run (empty outputs, sums of nothing are 0); shapes
// too large for the machine are refused with an error before anything is
// allocated, never a crash: static inputs and results whose byte count
// overflows 64 bits or exceeds physical memory, dynamic extents given with
// --dim, and .npy headers that claim such shapes.
// RUN: tenferro-runner %s --random=1 | FileCheck %s --check-prefix=ZERO
// RUN: tenferro-runner %s --random=1 --no-fusion | FileCheck %s --check-prefix=ZERO
// RUN: not tenferro-runner %S/Inputs/huge-input.mlir --random=1 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: not tenferro-runner %S/Inputs/huge-broadcast.mlir --random=1 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: not tenferro-runner %S/Inputs/dynamic.mlir --random=1 --dim=4611686018427387904 2>&1 | FileCheck %s --check-prefix=DIM
// RUN: python3 %S/Inputs/npy.py write %t.huge.npy "<f8" F 4611686018427387904,4 1
// RUN: not tenferro-runner %S/Inputs/dynamic.mlir --input=%t.huge.npy 2>&1 | FileCheck %s --check-prefix=NPY
// Compiling ahead of time does not need the memory: the object may run
// elsewhere.
// RUN: tenferro-runner %S/Inputs/huge-broadcast.mlir --compile-only --emit-object=%t.o
// RUN: test -s %t.o

// ZERO: output #0: f64 [0, 4] []
// ZERO: output #1: f64 [4] [{{.*}}]
// ZERO: output #2: f64 [] [0]
// INPUT: tenferro-runner: error: input #0 with extents [4611686018427387904] needs more than 2^64 bytes, more than this machine's memory
// RESULT: tenferro-runner: error: 'tenferro.broadcast_in_dim' at {{.*}}huge-broadcast.mlir:3:8: a result with extents [268435456, 4096] needs 8796093022208 bytes, more than this machine's memory
// DIM: tenferro-runner: error: input #0 with extents [4611686018427387904] needs more than 2^64 bytes
// NPY: tenferro-runner: error: '{{.*}}huge.npy' is not a valid .npy file: shape (4611686018427387904, 4) overflows 64 bits

func.func @zero(%a: tensor<0x4xf64>, %b: tensor<4xf64>) -> (tensor<0x4xf64>, tensor<4xf64>, tensor<f64>) {
  %0 = tenferro.exp %a : tensor<0x4xf64>
  %1 = tenferro.reduce_sum %a, axes = [0] : tensor<0x4xf64>
  %2 = tenferro.reduce_sum %0, axes = [0, 1] : tensor<0x4xf64>
  %3 = tenferro.add %1, %b : tensor<4xf64>
  return %0, %3, %2 : tensor<0x4xf64>, tensor<4xf64>, tensor<f64>
}
