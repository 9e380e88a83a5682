// Objects need only libc and libm (docs/running.md, "Ahead of time"): a
// program whose bufferized form copies strided views (concatenate with a
// dynamic extent, dynamic_slice, a strided slice) used to call memrefCopy
// from MLIR's C runner utilities, and `cc main.c prog.o -lm` failed with
// an undefined reference. tenferro-expand-strided-copies makes them loops.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %S/Inputs/windows.mlir --compile-only \
// RUN:   --emit-object=%t.dir/windows.o --emit-header=%t.dir/windows.h
// RUN: nm -u %t.dir/windows.o | FileCheck %s --check-prefix=UNDEF
// RUN: cc -I%t.dir %S/Inputs/windows_main.c %t.dir/windows.o -lm -o %t.dir/windows
// RUN: %t.dir/windows | FileCheck %s
// The same without fusion and with other vector widths.
// RUN: tenferro-runner %S/Inputs/windows.mlir --compile-only --no-fusion \
// RUN:   --emit-object=%t.dir/unfused.o
// RUN: cc -I%t.dir %S/Inputs/windows_main.c %t.dir/unfused.o -lm -o %t.dir/unfused
// RUN: %t.dir/unfused | FileCheck %s
// RUN: tenferro-runner %S/Inputs/windows.mlir --compile-only --vector-width=0 \
// RUN:   --emit-object=%t.dir/scalar.o
// RUN: cc -I%t.dir %S/Inputs/windows_main.c %t.dir/scalar.o -lm -o %t.dir/scalar
// RUN: %t.dir/scalar | FileCheck %s
// RUN: tenferro-runner %S/Inputs/windows.mlir --compile-only --vector-width=4 \
// RUN:   --emit-object=%t.dir/w4.o
// RUN: cc -I%t.dir %S/Inputs/windows_main.c %t.dir/w4.o -lm -o %t.dir/w4
// RUN: %t.dir/w4 | FileCheck %s
// The JIT, which no longer loads the runner utilities, and the reference
// interpreter compute the same.
// RUN: python3 %S/Inputs/npy.py write %t.x.npy "<f8" C 2,3 1,2,3,4,5,6
// RUN: python3 %S/Inputs/npy.py write %t.y.npy "<f8" C 2,3 10,20,30,40,50,60
// RUN: python3 %S/Inputs/npy.py write %t.s.npy "<i8" C 2 1,1
// RUN: tenferro-runner %S/Inputs/windows.mlir --input=%t.x.npy --input=%t.y.npy \
// RUN:   --input=%t.s.npy --print-elements=12 | FileCheck %s --check-prefix=JIT
// RUN: tenferro-runner %S/Inputs/windows.mlir --input=%t.x.npy --input=%t.y.npy \
// RUN:   --input=%t.s.npy --print-elements=12 --no-fusion | FileCheck %s --check-prefix=JIT
// RUN: tenferro-runner %S/Inputs/windows.mlir --input=%t.x.npy --input=%t.y.npy \
// RUN:   --input=%t.s.npy --print-elements=12 --reference | FileCheck %s --check-prefix=JIT

// UNDEF-NOT: memrefCopy
// UNDEF: U malloc
// UNDEF-NOT: memrefCopy

// CHECK: concatenate [4, 3]: 1 2 3 4 5 6 1 2 3 4 5 6
// CHECK-NEXT: dynamic_slice [1, 2]: 50 60
// CHECK-NEXT: slice [2, 2]: 10 30 40 60

// Column-major element order.
// JIT: output #0: f64 [4, 3] [1, 4, 1, 4, 2, 5, 2, 5, 3, 6, 3, 6]
// JIT-NEXT: output #1: f64 [1, 2] [50, 60]
// JIT-NEXT: output #2: f64 [2, 2] [10, 40, 30, 60]
