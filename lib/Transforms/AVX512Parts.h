//===- AVX512Parts.h - x86 intrinsics on 512-bit parts ----------*- C++ -*-===//
//
// What tenferro-expand-maximum-minimum (vrange) and tenferro-expand-exp
// (vscalef) share: 1-D vectors of f32 or f64 cut into 512-bit parts, an
// AVX-512 intrinsic call on each, the results put back together.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_TRANSFORMS_AVX512PARTS_H
#define TENFERRO_LIB_TRANSFORMS_AVX512PARTS_H

#include "mlir/IR/Builders.h"

namespace mlir::tenferro {

/// The lanes of one 512-bit register (16 f32, 8 f64), or 0 when `t` is not
/// a 1-D vector of f32 or f64 whose length is a multiple of them.
int64_t avx512Lanes(Type t);

/// Applies `part` to each 512-bit part of `x` and `y` (1-D vectors of one
/// type, avx512Lanes of it nonzero), in order, and returns the parts'
/// results as one vector of that type. A vector of one part is not cut.
Value mapAVX512Parts(OpBuilder &b, Location loc, Value x, Value y,
                     function_ref<Value(Value xPart, Value yPart)> part);

} // namespace mlir::tenferro

#endif // TENFERRO_LIB_TRANSFORMS_AVX512PARTS_H
