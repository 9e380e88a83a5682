// Ahead of time: tenferro-runner writes an object file and a C header for a
// program; the C program of examples/aot links the object and calls the
// entry point.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %tenferro_src/examples/aot/program.mlir --compile-only \
// RUN:   --emit-object=%t.dir/program.o --emit-header=%t.dir/program.h
// RUN: FileCheck %s --check-prefix=HEADER < %t.dir/program.h
// RUN: cc -I%t.dir %tenferro_src/examples/aot/main.c %t.dir/program.o -lm -o %t.dir/n1_scaled
// RUN: %t.dir/n1_scaled | FileCheck %s
// Compiled in partitions (docs/design.md, "Parallel code generation"), the
// joined object links the same way and computes the same.
// RUN: tenferro-runner %tenferro_src/examples/aot/program.mlir --compile-only \
// RUN:   --partition-ops=10 --emit-object=%t.dir/parts.o --timing 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PARTS
// RUN: cc -I%t.dir %tenferro_src/examples/aot/main.c %t.dir/parts.o -lm -o %t.dir/parts
// RUN: %t.dir/parts | FileCheck %s

// PARTS: code generation: {{[2-9]}} partitions

// HEADER: struct tenferro_n1_scaled_results {
// HEADER-NEXT: struct tenferro_memref_2d r0; /* tensor<2x3xf64> */
// HEADER-NEXT: struct tenferro_memref_0d r1; /* tensor<f64> */
// HEADER: void _mlir_ciface_tenferro_n1_scaled(struct tenferro_n1_scaled_results *result,
// HEADER-NEXT: struct tenferro_memref_2d *in0 /* tensor<2x3xf64> */,
// HEADER-NEXT: struct tenferro_memref_1d *in1 /* tensor<3xf64> */);

// tanh(exp((2x)^2)) * s[j] for x = 0, 0.5, -0.25 (see examples/aot/main.c).
// CHECK: p[0][0] = 0.761594
// CHECK-NEXT: p[1][0] = 0.991329
// CHECK-NEXT: p[0][1] = 8.575537
// CHECK-NEXT: p[1][1] = 7.615942
// CHECK-NEXT: p[0][2] = 99.132892
// CHECK-NEXT: p[1][2] = 85.755373
// CHECK-NEXT: shape_of(x, 1) = 3.0
