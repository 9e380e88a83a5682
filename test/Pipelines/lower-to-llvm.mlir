// tenferro-lower-to-llvm takes programs all the way to the LLVM dialect;
// the result translates to LLVM IR and compiles with llc. Fusion on makes
// fewer allocations than fusion off (the unfused baseline); the reduction
// over axis 0 allocates an unread i8 buffer that gives linalg its group
// loop's extent, and its 64 lanes' partials are one row on the kernel's
// stack (lane-tiles; docs/design.md). The program
// @softmax_like is compiled to the symbol tenferro_softmax_like
// (docs/abi.md, "Symbol names").
// RUN: tenferro-opt %tenferro_src/examples/programs/softmax_like.mlir --tenferro-lower-to-llvm | FileCheck %s
// RUN: tenferro-opt %tenferro_src/examples/programs/softmax_like.mlir --tenferro-lower-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// RUN: tenferro-opt %tenferro_src/examples/programs/softmax_like.mlir --tenferro-lower-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -O2 -o /dev/null
// RUN: tenferro-opt %tenferro_src/examples/programs/softmax_like.mlir --tenferro-lower-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir | grep -c "call ptr @malloc" | FileCheck %s --check-prefix=FUSED
// RUN: tenferro-opt %tenferro_src/examples/programs/softmax_like.mlir \
// RUN:   --pass-pipeline="builtin.module(tenferro-lower-to-llvm{enable-fusion=false})" \
// RUN:   | mlir-translate --mlir-to-llvmir | grep -c "call ptr @malloc" | FileCheck %s --check-prefix=UNFUSED

// CHECK: llvm.func @tenferro_softmax_like(
// No tenferro op remains (kernels keep their tenferro.kernel mark).
// CHECK-NOT: {{^ *(%.* = )?"?tenferro\.}}
// CHECK-NOT: linalg.
// CHECK-NOT: memref.
// LLVMIR: define { { ptr, ptr, i64, [2 x i64], [2 x i64] }, { ptr, ptr, i64 }, { ptr, ptr, i64, [2 x i64], [2 x i64] } } @tenferro_softmax_like(
// FUSED: 6
// UNFUSED: 12
