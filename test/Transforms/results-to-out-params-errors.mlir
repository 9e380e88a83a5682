// RUN: tenferro-opt %s --tenferro-results-to-out-params --split-input-file \
// RUN:   --verify-diagnostics

// A caller in the module cannot size a buffer whose extents only the
// callee computes.
func.func @callee(%x: memref<?xf32>) -> memref<?xf32> {
  return %x : memref<?xf32>
}
func.func @caller(%x: memref<?xf32>) -> memref<?xf32> {
  // expected-error @+1 {{result #0 ('memref<?xf32>') of the call cannot be passed as a buffer the caller allocates: its shape is only known when the callee runs}}
  %0 = call @callee(%x) : (memref<?xf32>) -> memref<?xf32>
  return %0 : memref<?xf32>
}

// -----

// A caller allocates identity-layout buffers only.
// expected-error @+1 {{result #0 ('memref<2xf32, strided<[2]>>') has a layout a caller cannot allocate}}
func.func @strided(%x: memref<4xf32>) -> memref<2xf32, strided<[2]>> {
  %v = memref.subview %x[0] [2] [2] : memref<4xf32> to memref<2xf32, strided<[2]>>
  return %v : memref<2xf32, strided<[2]>>
}
