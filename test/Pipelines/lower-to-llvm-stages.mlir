// The stages of tenferro-lower-to-llvm, checked where each hands over.
// RUN: tenferro-opt %s --tenferro-lower-to-llvm --mlir-print-ir-after=convert-tenferro-to-linalg -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LINALG
// RUN: tenferro-opt %s --tenferro-lower-to-llvm --mlir-print-ir-after=tenferro-bufferize -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BUFFERS

// After segmentation and conversion: one loop nest for the region, on the
// column-major (reversed) shapes.
// LINALG-LABEL: func.func @tenferro_chain(%arg0: tensor<3x2xf64> {bufferization.writable = false}) -> tensor<3x2xf64>
// LINALG: linalg.generic
// LINALG-NOT: linalg.generic
// LINALG: return

// After bufferization: identity-layout (row-major over the reversed
// shape, i.e. column-major) buffers at the boundary, and no allocation
// for the intermediate values of the region.
// BUFFERS-LABEL: func.func @tenferro_chain(%arg0: memref<3x2xf64>) -> memref<3x2xf64>
// BUFFERS-COUNT-1: memref.alloc
// BUFFERS-NOT: memref.alloc
func.func @chain(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tenferro.negate %x : tensor<2x3xf64>
  %1 = tenferro.exp %0 : tensor<2x3xf64>
  %2 = tenferro.multiply %1, %x : tensor<2x3xf64>
  return %2 : tensor<2x3xf64>
}
