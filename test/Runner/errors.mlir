// Bad input gives a clear error and a non-zero exit, never a crash.
// RUN: not tenferro-runner %s --input=%t.missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: python3 %S/Inputs/npy.py write %t.f32.npy "<f4" F 3 1,2,3
// RUN: not tenferro-runner %s --input=%t.f32.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: python3 %S/Inputs/npy.py write %t.shape.npy "<f8" F 4 1,2,3,4
// RUN: not tenferro-runner %s --input=%t.shape.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: printf 'not a npy file' > %t.bad.npy
// RUN: not tenferro-runner %s --input=%t.bad.npy 2>&1 | FileCheck %s --check-prefix=BADNPY
// RUN: python3 %S/Inputs/npy.py write %t.ok.npy "<f8" F 3 1,2,3
// RUN: not tenferro-runner %s --input=%t.ok.npy --input=%t.ok.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not tenferro-runner %s --entry=nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not tenferro-runner %S/Inputs/invalid-program.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: tenferro-runner %s --input=%t.ok.npy | FileCheck %s --check-prefix=OK
// Output files, libraries and extensions the runner cannot use are errors
// (exit 1), found before compiling, never a warning with exit 0 or a
// missing entry point.
// RUN: not tenferro-runner %s --compile-only --emit-object=%t.nodir/p.o 2>&1 | FileCheck %s --check-prefix=OBJECT
// RUN: not tenferro-runner %s --input=%t.ok.npy --emit-object=%t.nodir/p.o 2>&1 | FileCheck %s --check-prefix=OBJECT
// RUN: not tenferro-runner %s --input=%t.ok.npy --shared-libs=%t.nolib.so 2>&1 | FileCheck %s --check-prefix=NOLIB
// RUN: not tenferro-runner %s --input=%t.ok.npy --reference --shared-libs=%t.nolib.so 2>&1 | FileCheck %s --check-prefix=NOLIB
// RUN: not tenferro-runner %S/Inputs/extension-program.mlir --random=1 2>&1 | FileCheck %s --check-prefix=NOEXT
// RUN: not tenferro-runner %S/Inputs/extension-program.mlir --random=1 \
// RUN:   --shared-libs=%mlir_lib_dir/libmlir_c_runner_utils%shlibext 2>&1 | FileCheck %s --check-prefix=NOEXT
// An object file is not linked: the extension's implementation is needed
// where the object is linked, not where it is compiled.
// RUN: tenferro-runner %S/Inputs/extension-program.mlir --compile-only --emit-object=%t.ext.o
// RUN: nm -u %t.ext.o | FileCheck %s --check-prefix=EXTOBJ
// With its implementation, the same program runs.
// RUN: cc -shared -fPIC %S/../Integration/Inputs/extension_impl.c -o %t.ext.so
// RUN: python3 %S/Inputs/npy.py write %t.m.npy "<f8" F 2,3 1,2,3,4,5,6
// RUN: tenferro-runner %S/Inputs/extension-program.mlir --input=%t.m.npy --shared-libs=%t.ext.so | FileCheck %s --check-prefix=EXT

// MISSING: tenferro-runner: error: cannot read '{{.*}}missing.npy'
// DTYPE: tenferro-runner: error: input #0 ('{{.*}}') has dtype f32, the program takes tensor<3xf64>
// SHAPE: tenferro-runner: error: input #0 ('{{.*}}') has the wrong shape for tensor<3xf64>
// BADNPY: tenferro-runner: error: '{{.*}}' is not a valid .npy file: missing the \x93NUMPY magic
// COUNT: tenferro-runner: error: program @p expects 1 inputs, got 2
// ENTRY: tenferro-runner: error: no program named 'nope'
// VERIFY: error: 'tenferro.add' op operand shapes [2] and [3] do not broadcast
// VERIFY: tenferro-runner: error: cannot parse or verify
// OK: output #0: f64 [3] [-1, -2, -3]
// OBJECT: tenferro-runner: error: cannot write '{{.*}}nodir/p.o': {{.*}}
// NOLIB: tenferro-runner: error: cannot load --shared-libs library '{{.*}}nolib.so': {{.*}}
// NOEXT: tenferro-runner: error: extension 'test.scale.v1' has no implementation: no --shared-libs library defines _mlir_ciface_tenferro_ext_test_scale_v1 (docs/abi.md, "Extensions")
// EXTOBJ: U _mlir_ciface_tenferro_ext_test_scale_v1
// EXT: output #0: f64 [2, 3] [3, 6, 9, 12, 15, 18]

func.func @p(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.negate %x : tensor<3xf64>
  return %0 : tensor<3xf64>
}
