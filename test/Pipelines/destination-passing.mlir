// The pipeline's destination-passing option (tenferro-results-to-out-params
// after bufferization): the program takes its result's descriptor after
// the inputs' and returns nothing, and its fused loop nest writes the
// caller's buffer: no allocation and no copy remain anywhere in the
// lowered module. By default the program allocates its result.
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="destination-passing=true" | FileCheck %s --check-prefix=PASSED
// RUN: tenferro-opt %s --tenferro-lower-to-llvm | FileCheck %s --check-prefix=FRESH

// PASSED-NOT: malloc
// PASSED-NOT: memcpy
// PASSED-LABEL: llvm.func @tenferro_scale(
// PASSED-SAME: %arg14: !llvm.ptr, %arg15: !llvm.ptr, %arg16: i64, %arg17: i64, %arg18: i64, %arg19: i64, %arg20: i64) {
// PASSED: llvm.call @tenferro_scale.kernel0(
// PASSED-NOT: malloc
// PASSED-NOT: memcpy

// FRESH: llvm.func @malloc
// FRESH-LABEL: llvm.func @tenferro_scale(
// FRESH-SAME: -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// FRESH: llvm.call @malloc
func.func @scale(%x: tensor<1024x64xf32>, %y: tensor<1024x64xf32>)
    -> tensor<1024x64xf32> {
  %e = tenferro.exp %x : tensor<1024x64xf32>
  %0 = tenferro.multiply %e, %y : tensor<1024x64xf32>
  return %0 : tensor<1024x64xf32>
}
