// The C API (include/tenferro-c/Runtime.h, libTenferroCAPI.so) from a C
// program: compile program text, run it on the program's own arrays and
// compare with C's arithmetic, with default options, exact math and
// pipeline options as text, and report mismatched inputs, bad programs and
// bad option text as messages.
// The sanitizer build's library needs the sanitizer runtime loaded first.
// UNSUPPORTED: asan
// RUN: cc -std=c11 -Wall -Werror %S/Inputs/runtime.c -I%tenferro_src/include \
// RUN:   -L%tenferro_libs -lTenferroCAPI -Wl,-rpath,%tenferro_libs -lm -o %t
// RUN: %t | FileCheck %s

// CHECK: inputs 2 outputs 3
// CHECK-NEXT: dtypes 0 4 0 ranks 1 1 0 extent 1027
// CHECK-NEXT: elements wrong: 0, max right
// CHECK-NEXT: into: elements wrong: 0, max right
// CHECK-NEXT: into: output #1 is i1, the caller's buffer i32
// CHECK-NEXT: swapped: input #0 has dtype i32, the program takes f32
// CHECK-NEXT: short: input #0 has extent 1026 on axis 0, the program takes 1027
// CHECK-NEXT: outputs: the program returns 3 tensors, the caller has room for 2
// CHECK-NEXT: vector math: elements beyond 5 ulps: 0
// CHECK-NEXT: pipeline options: elements wrong: 0, max right
// CHECK-NEXT: destination passing, call 0: elements wrong: 0, max right
// CHECK-NEXT: destination passing, call 1: elements wrong: 0, max right
// CHECK-NEXT: destination passing: output #0's buffer overlaps input #0
// CHECK-NEXT: destination passing, fresh outputs: the same
// CHECK-NEXT: options: pipeline_options "no-such-option=1" is not an option text tenferro-lower-to-llvm takes: {{.*}}no such option no-such-option
// CHECK-NEXT: parse: program:1:13: error: expected non-function type
// CHECK: entry: no program named 'nothere'
