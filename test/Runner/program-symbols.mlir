// Programs named like C functions (docs/abi.md, "Symbol names"): every
// program @name is compiled to the symbol tenferro_<name>, so @exp (whose
// body calls libm's exp) does not call itself, @malloc does not clash with
// the allocator its code calls, an object file of @tanh does not replace
// libm's tanh in the program that links it, and @"net.layer1", not a C
// identifier, gets a C symbol. --entry takes the MLIR name; calls between
// programs follow the renaming.
// RUN: python3 %S/Inputs/npy.py write %t.v.npy "<f8" F 3 0,0.5,1
// RUN: python3 %S/Inputs/npy.py write %t.m.npy "<f8" F 2,3 0,0.5,1,-0.5,-1,2
// RUN: tenferro-runner %s --entry=exp --input=%t.v.npy | FileCheck %s --check-prefix=EXP
// RUN: tenferro-runner %s --entry=exp --input=%t.v.npy --no-fusion | FileCheck %s --check-prefix=EXP
// RUN: tenferro-runner %s --entry=exp --input=%t.v.npy --vector-width=0 | FileCheck %s --check-prefix=EXP
// RUN: tenferro-runner %s --entry=exp --input=%t.v.npy --vector-width=4 | FileCheck %s --check-prefix=EXP
// RUN: tenferro-runner %s --entry=exp --input=%t.v.npy --parallel-loops --parallel-min-work=0 | FileCheck %s --check-prefix=EXP
// RUN: tenferro-runner %s --entry=exp --input=%t.v.npy --reference | FileCheck %s --check-prefix=EXP
// RUN: tenferro-runner %s --entry=malloc --input=%t.m.npy | FileCheck %s --check-prefix=MALLOC
// RUN: tenferro-runner %s --entry=malloc --input=%t.m.npy --no-fusion | FileCheck %s --check-prefix=MALLOC
// RUN: tenferro-runner %s --entry=malloc --input=%t.m.npy --vector-width=0 | FileCheck %s --check-prefix=MALLOC
// RUN: tenferro-runner %s --entry=malloc --input=%t.m.npy --vector-width=4 | FileCheck %s --check-prefix=MALLOC
// RUN: tenferro-runner %s --entry=malloc --input=%t.m.npy --parallel-loops --parallel-min-work=0 | FileCheck %s --check-prefix=MALLOC
// RUN: tenferro-runner %s --entry=malloc --input=%t.m.npy --reference | FileCheck %s --check-prefix=MALLOC
// RUN: tenferro-runner %s --entry=tanh --input=%t.v.npy | FileCheck %s --check-prefix=TANH
// RUN: tenferro-runner %s --entry=tanh --input=%t.v.npy --no-fusion | FileCheck %s --check-prefix=TANH
// RUN: tenferro-runner %s --entry=tanh --input=%t.v.npy --vector-width=0 | FileCheck %s --check-prefix=TANH
// RUN: tenferro-runner %s --entry=tanh --input=%t.v.npy --vector-width=4 | FileCheck %s --check-prefix=TANH
// RUN: tenferro-runner %s --entry=tanh --input=%t.v.npy --parallel-loops --parallel-min-work=0 | FileCheck %s --check-prefix=TANH
// RUN: tenferro-runner %s --entry=tanh --input=%t.v.npy --reference | FileCheck %s --check-prefix=TANH
// RUN: tenferro-runner %s --entry=net.layer1 --input=%t.m.npy | FileCheck %s --check-prefix=LAYER
// RUN: tenferro-runner %s --entry=net.layer1 --input=%t.m.npy --no-fusion | FileCheck %s --check-prefix=LAYER
// RUN: tenferro-runner %s --entry=net.layer1 --input=%t.m.npy --vector-width=0 | FileCheck %s --check-prefix=LAYER
// RUN: tenferro-runner %s --entry=net.layer1 --input=%t.m.npy --vector-width=4 | FileCheck %s --check-prefix=LAYER
// RUN: tenferro-runner %s --entry=net.layer1 --input=%t.m.npy --parallel-loops --parallel-min-work=0 | FileCheck %s --check-prefix=LAYER
// RUN: tenferro-runner %s --entry=net.layer1 --input=%t.m.npy --reference | FileCheck %s --check-prefix=LAYER
//
// Ahead of time: the object defines only the entry's symbols (the other
// programs are internal to it, or not in it), and a C program linking it
// calls libm's tanh and the program's.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --entry=tanh --compile-only \
// RUN:   --emit-object=%t.dir/tanh.o --emit-header=%t.dir/tanh.h
// RUN: nm -g --defined-only %t.dir/tanh.o | FileCheck %s --check-prefix=SYMS
// RUN: cc -I%t.dir %S/Inputs/tanh_main.c %t.dir/tanh.o -lm -o %t.dir/tanh
// RUN: %t.dir/tanh | FileCheck %s --check-prefix=AOT-TANH
// RUN: tenferro-runner %s --entry=net.layer1 --compile-only \
// RUN:   --emit-object=%t.dir/layer.o --emit-header=%t.dir/layer.h
// RUN: FileCheck %s --check-prefix=HEADER < %t.dir/layer.h
// RUN: cc -I%t.dir %S/Inputs/layer_main.c %t.dir/layer.o -lm -o %t.dir/layer
// RUN: %t.dir/layer | FileCheck %s --check-prefix=AOT-LAYER
// Both headers in one C file.
// RUN: printf '#include "tanh.h"\n#include "layer.h"\n' > %t.dir/both.c
// RUN: cc -fsyntax-only -I%t.dir %t.dir/both.c

// EXP: program @exp: 1 inputs, 1 outputs
// EXP-NEXT: output #0: f64 [3] [1, 1.64872, 2.71828]
// MALLOC: program @malloc: 1 inputs, 1 outputs
// MALLOC-NEXT: output #0: f64 [2, 3] [0, 1, 2, -1, -2, 4]
// TANH: program @tanh: 1 inputs, 1 outputs
// TANH-NEXT: output #0: f64 [3] [0, 0.462117, 0.761594]
// LAYER: program @net.layer1: 1 inputs, 1 outputs
// LAYER-NEXT: output #0: f64 [2, 3] [1, 2.71828, 7.38906, 0.367879, 0.135335, 54.5982]
// SYMS: T _mlir_ciface_tenferro_tanh{{$}}
// SYMS-NEXT: T tenferro_tanh{{$}}
// SYMS-NOT: T
// AOT-TANH: libm tanh(0.5) = 0.462117
// AOT-TANH-NEXT: program tanh = 0.000000 0.462117 0.761594
// AOT-TANH-NEXT: libm tanh(0.5) = 0.462117
// HEADER: /* Generated by tenferro (writeCHeader): the C entry point of program @net.layer1 (symbol tenferro_0net_2elayer1).
// HEADER: #ifndef TENFERRO_HEADER_tenferro_0net_2elayer1
// HEADER: void _mlir_ciface_tenferro_0net_2elayer1(struct tenferro_memref_2d *result,
// HEADER-NEXT: struct tenferro_memref_2d *in0 /* tensor<2x3xf64> */);
// AOT-LAYER: net.layer1 = 1.000000 2.718282 7.389056 0.367879 0.135335 54.598150

func.func @exp(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.exp %x : tensor<3xf64>
  return %0 : tensor<3xf64>
}

func.func @malloc(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.add %x, %x : tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

func.func @tanh(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = tenferro.tanh %x : tensor<3xf64>
  return %0 : tensor<3xf64>
}

func.func @"net.layer1"(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = func.call @malloc(%x) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  %1 = tenferro.exp %0 : tensor<2x3xf64>
  return %1 : tensor<2x3xf64>
}
