//===- ScalarOps.h - scalar semantics of tenferro instructions --*- C++ -*-===//
//
// Private to lib/Conversion/TenferroToLinalg: the scalar computations the
// loop bodies of the lowering are built from (defined in ScalarOps.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_SCALAROPS_H
#define TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_SCALAROPS_H

#include "mlir/IR/Builders.h"

namespace mlir::tenferro::lowering {

/// Converts scalar `v` to element type `to` with tenferro's conversion
/// semantics: integers sign-extend or truncate, floats round, float to int
/// truncates toward zero, anything to i1 is `!= 0`, i1 to numbers is 0/1,
/// real to complex has a zero imaginary part, complex to real takes the real
/// part.
Value convertScalar(OpBuilder &b, Location loc, Value v, Type to);

/// Emits the scalar computation of elementwise instruction `op` on scalar
/// operands (already of the op's operand element types), returning the
/// result scalar of `op`'s result element type.
FailureOr<Value> emitElementwiseScalar(OpBuilder &b, Location loc,
                                       Operation *op, ValueRange operands);

} // namespace mlir::tenferro::lowering

#endif // TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_SCALAROPS_H
