// What a program is does not depend on holding a tenferro instruction
// (docs/abi.md, "Programs"): an identity is a program, so its tensors are
// column-major like any program's. It runs with its logical shape [3, 4]
// in every mode, writes a [3, 4] Fortran-order .npy, and an ahead-of-time
// caller gets the documented descriptor (sizes [4, 3]).
// RUN: python3 %S/Inputs/npy.py write %t.x.npy "<f8" F 3,4 1,2,3,4,5,6,7,8,9,10,11,12
// RUN: tenferro-runner %s --input=%t.x.npy --output=%t.fused | FileCheck %s --check-prefix=IDENT
// RUN: tenferro-runner %s --input=%t.x.npy --output=%t.unfused --no-fusion | FileCheck %s --check-prefix=IDENT
// RUN: tenferro-runner %s --input=%t.x.npy --output=%t.scalar --vector-width=0 | FileCheck %s --check-prefix=IDENT
// RUN: tenferro-runner %s --input=%t.x.npy --output=%t.w4 --vector-width=4 | FileCheck %s --check-prefix=IDENT
// RUN: tenferro-runner %s --input=%t.x.npy --output=%t.par --parallel-loops | FileCheck %s --check-prefix=IDENT
// RUN: tenferro-runner %s --input=%t.x.npy --output=%t.ref --reference | FileCheck %s --check-prefix=IDENT
// RUN: python3 %S/Inputs/npy.py read %t.fused0.npy | FileCheck %s --check-prefix=NPY
// RUN: python3 %S/Inputs/npy.py read %t.unfused0.npy | FileCheck %s --check-prefix=NPY
// RUN: python3 %S/Inputs/npy.py read %t.scalar0.npy | FileCheck %s --check-prefix=NPY
// RUN: python3 %S/Inputs/npy.py read %t.w40.npy | FileCheck %s --check-prefix=NPY
// RUN: python3 %S/Inputs/npy.py read %t.par0.npy | FileCheck %s --check-prefix=NPY
// RUN: python3 %S/Inputs/npy.py read %t.ref0.npy | FileCheck %s --check-prefix=NPY
//
// Ahead of time.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --entry=ident --compile-only \
// RUN:   --emit-object=%t.dir/ident.o --emit-header=%t.dir/ident.h
// RUN: cc -I%t.dir %S/Inputs/ident_main.c %t.dir/ident.o -o %t.dir/ident
// RUN: %t.dir/ident | FileCheck %s --check-prefix=AOT
//
// Only elementwise ops of other dialects on matrices: a program too, so
// the documented error (their logical layout is not the column-major one)
// instead of a transposed result, in every compiled mode. (In a file of its
// own: the runner compiles the whole module.)
// RUN: not tenferro-runner %S/Inputs/upstream-only.mlir --random=1 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not tenferro-runner %S/Inputs/upstream-only.mlir --random=1 --no-fusion 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not tenferro-runner %S/Inputs/upstream-only.mlir --random=1 --vector-width=0 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not tenferro-runner %S/Inputs/upstream-only.mlir --random=1 --vector-width=4 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not tenferro-runner %S/Inputs/upstream-only.mlir --random=1 --parallel-loops 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: not tenferro-runner %S/Inputs/upstream-only.mlir --random=1 --reference 2>&1 | FileCheck %s --check-prefix=UPSTREAM-REF
//
// Driver code (no tensor signature, or called from driver code) is not a
// program and cannot be an entry point.
// RUN: not tenferro-runner %s --entry=print --random=1 2>&1 | FileCheck %s --check-prefix=DRIVER

// IDENT: program @ident: 1 inputs, 1 outputs
// IDENT-NEXT: output #0: f64 [3, 4] [1, 2, 3, 4, 5, 6, 7, 8, ...]
// NPY: descr=<f8 fortran_order=True shape=(3, 4)
// NPY-NEXT: values=1,2,3,4,5,6,7,8,9,10,11,12
// AOT: sizes = {4, 3}, strides = {3, 1}
// AOT-NEXT: row 0: 1 4 7 10
// AOT-NEXT: row 1: 2 5 8 11
// AOT-NEXT: row 2: 3 6 9 12
// UPSTREAM: error: 'math.exp' op on tensors of rank 2 or more in program @upstream_only is not supported: tenferro lowers tensors column-major (docs/abi.md)
// UPSTREAM: tenferro-runner: error: compiling @upstream_only failed
// UPSTREAM-REF: tenferro-runner: error: reference evaluation of @upstream_only failed: 'math.exp' at {{.*}}: no reference semantics for 'math.exp'
// DRIVER: tenferro-runner: error: @print is not a program: {{.*}}driver code calls it (docs/abi.md, "Programs")

func.func @ident(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  return %x : tensor<3x4xf64>
}

// A driver: holds logical tensors and prints them.
func.func @print(%x: tensor<3x4xf64>) {
  return
}
func.func @driver() {
  %c = arith.constant dense<1.0> : tensor<3x4xf64>
  func.call @print(%c) : (tensor<3x4xf64>) -> ()
  return
}
