// A failed run-time check of ahead-of-time code (here a shape guard)
// writes its message to stderr, unbuffered, and then aborts (docs/abi.md,
// "Run-time checks"): the message is there with stdout redirected to a
// file, in every compilation mode. (The message once went with puts to
// stdout, whose buffer abort() discarded.) The JIT runner reports the same
// check as its error, and the reference interpreter its own.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --compile-only --emit-object=%t.dir/fused.o --emit-header=%t.dir/guarded.h
// RUN: cc -I%t.dir %S/Inputs/guard_main.c %t.dir/fused.o -o %t.dir/fused
// RUN: not --crash %t.dir/fused > %t.dir/fused.out 2> %t.dir/fused.err
// RUN: FileCheck %s --check-prefix=ERR < %t.dir/fused.err
// RUN: FileCheck %s --allow-empty --check-prefix=OUT < %t.dir/fused.out
// RUN: tenferro-runner %s --compile-only --emit-object=%t.dir/unfused.o --no-fusion
// RUN: cc -I%t.dir %S/Inputs/guard_main.c %t.dir/unfused.o -o %t.dir/unfused
// RUN: not --crash %t.dir/unfused > %t.dir/unfused.out 2> %t.dir/unfused.err
// RUN: FileCheck %s --check-prefix=ERR < %t.dir/unfused.err
// RUN: FileCheck %s --allow-empty --check-prefix=OUT < %t.dir/unfused.out
// RUN: tenferro-runner %s --compile-only --emit-object=%t.dir/scalar.o --vector-width=0
// RUN: cc -I%t.dir %S/Inputs/guard_main.c %t.dir/scalar.o -o %t.dir/scalar
// RUN: not --crash %t.dir/scalar > %t.dir/scalar.out 2> %t.dir/scalar.err
// RUN: FileCheck %s --check-prefix=ERR < %t.dir/scalar.err
// RUN: FileCheck %s --allow-empty --check-prefix=OUT < %t.dir/scalar.out
// RUN: tenferro-runner %s --compile-only --emit-object=%t.dir/w4.o --vector-width=4
// RUN: cc -I%t.dir %S/Inputs/guard_main.c %t.dir/w4.o -o %t.dir/w4
// RUN: not --crash %t.dir/w4 > %t.dir/w4.out 2> %t.dir/w4.err
// RUN: FileCheck %s --check-prefix=ERR < %t.dir/w4.err
// RUN: FileCheck %s --allow-empty --check-prefix=OUT < %t.dir/w4.out
// RUN: tenferro-runner %s --compile-only --emit-object=%t.dir/par.o --parallel-loops --parallel-min-work=0
// RUN: cc -I%t.dir %S/Inputs/guard_main.c %t.dir/par.o -L%mlir_lib_dir -lomp -Wl,-rpath,%mlir_lib_dir -o %t.dir/par
// RUN: not --crash %t.dir/par > %t.dir/par.out 2> %t.dir/par.err
// RUN: FileCheck %s --check-prefix=ERR < %t.dir/par.err
// RUN: FileCheck %s --allow-empty --check-prefix=OUT < %t.dir/par.out
//
// RUN: python3 %S/Inputs/npy.py write %t.a.npy "<f8" F 3 1,2,3
// RUN: python3 %S/Inputs/npy.py write %t.b.npy "<f8" F 2 1,2
// RUN: not tenferro-runner %s --input=%t.a.npy --input=%t.b.npy 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: not tenferro-runner %s --input=%t.a.npy --input=%t.b.npy --no-fusion 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: not tenferro-runner %s --input=%t.a.npy --input=%t.b.npy --vector-width=0 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: not tenferro-runner %s --input=%t.a.npy --input=%t.b.npy --vector-width=4 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: not tenferro-runner %s --input=%t.a.npy --input=%t.b.npy --parallel-loops --parallel-min-work=0 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: not tenferro-runner %s --input=%t.a.npy --input=%t.b.npy --reference 2>&1 | FileCheck %s --check-prefix=REF

// ERR: {{^}}tenferro shape guard #0 violated (ShapeConstraintViolation){{$}}
// stdout's buffer ("calling @guarded") is lost in the abort; the message
// was never there.
// OUT-NOT: violated
// OUT-NOT: not reached
// JIT: tenferro-runner: error: run-time check failed: tenferro shape guard #0 violated (ShapeConstraintViolation){{$}}
// JIT-NOT: Stack dump
// REF: tenferro-runner: error: reference evaluation of @guarded failed: shape guard #0 violated (ShapeConstraintViolation): 3 != 2

func.func @guarded(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64>
    attributes {tenferro.shape_guards = [#tenferro.shape_guard<input_dim(0, 0) == input_dim(1, 0)>]} {
  %0 = tenferro.multiply %a, %a : tensor<?xf64>
  %1 = tenferro.add %0, %a : tensor<?xf64>
  return %1 : tensor<?xf64>
}
