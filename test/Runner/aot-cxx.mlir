// Two entries of one module, compiled ahead of time into two objects and
// called from C++ (docs/running.md, "Ahead of time"; docs/abi.md, "Symbol
// names"): the headers declare the entry points extern "C" and have include
// guards of their own even for names that differ only in case, and an
// --entry object defines only the entry's symbols (what it calls is
// internal to it), so the two objects link together although both entries
// call @helper.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --entry=Window --compile-only \
// RUN:   --emit-object=%t.dir/upper.o --emit-header=%t.dir/upper.h
// RUN: tenferro-runner %s --entry=window --compile-only \
// RUN:   --emit-object=%t.dir/lower.o --emit-header=%t.dir/lower.h
// RUN: FileCheck %s --check-prefix=HEADER < %t.dir/upper.h
// RUN: nm -g --defined-only %t.dir/upper.o | FileCheck %s --check-prefix=UPPER
// RUN: nm -g --defined-only %t.dir/lower.o | FileCheck %s --check-prefix=LOWER
// RUN: g++ -Wall -Wextra -Werror -I%t.dir %S/Inputs/two_entries_main.cpp \
// RUN:   %t.dir/upper.o %t.dir/lower.o -lm -o %t.dir/two
// RUN: %t.dir/two | FileCheck %s
// The same headers in C, together.
// RUN: printf '#include "upper.h"\n#include "lower.h"\n' > %t.dir/both.c
// RUN: cc -Wall -Werror -fsyntax-only -I%t.dir %t.dir/both.c

// HEADER: #ifndef TENFERRO_HEADER_tenferro_Window
// HEADER-NEXT: #define TENFERRO_HEADER_tenferro_Window
// HEADER: #ifdef __cplusplus
// HEADER-NEXT: extern "C" {
// HEADER-NEXT: #endif
// HEADER: void _mlir_ciface_tenferro_Window(struct tenferro_memref_2d *result,
// HEADER: #ifdef __cplusplus
// HEADER-NEXT: }
// HEADER-NEXT: #endif

// UPPER: T _mlir_ciface_tenferro_Window{{$}}
// UPPER-NEXT: T tenferro_Window{{$}}
// UPPER-NOT: T
// LOWER: T _mlir_ciface_tenferro_window{{$}}
// LOWER-NEXT: T tenferro_window{{$}}
// LOWER-NOT: T

// CHECK: Window [1, 2]: 4 6
// CHECK-NEXT: window [2, 6]: 2 4 6 1 2 3 8 10 12 4 5 6

func.func @helper(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.add %x, %x : tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

func.func @Window(%x: tensor<2x3xf64>, %start: tensor<2xi64>) -> tensor<1x2xf64> {
  %h = func.call @helper(%x) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  %0 = tenferro.dynamic_slice %h, %start, sizes = [1, 2] : tensor<2x3xf64>, tensor<2xi64>
  return %0 : tensor<1x2xf64>
}

func.func @window(%x: tensor<2x3xf64>) -> tensor<2x6xf64> {
  %h = func.call @helper(%x) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  %0 = tenferro.concatenate(%h, %x) axis = 1 : tensor<2x3xf64>, tensor<2x3xf64>
  return %0 : tensor<2x6xf64>
}
