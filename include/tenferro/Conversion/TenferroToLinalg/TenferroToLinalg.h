//===- TenferroToLinalg.h - lowering tenferro to linalg ---------*- C++ -*-===//
//
// tenferro data is column-major (docs/semantics.md §3.3). The lowering makes
// that layout explicit by reversing every tensor's dimensions: a logical
// tenferro tensor of shape [d0, ..., dn-1] becomes a builtin tensor of shape
// [dn-1, ..., d0], whose row-major (identity-layout) buffer is exactly the
// column-major buffer of the logical tensor. Axis `a` of a rank-r logical
// tensor is axis `r-1-a` of the lowered one. Column-major reshape is then a
// plain row-major reshape, and right-aligned broadcasting becomes
// left-aligned.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_CONVERSION_TENFERROTOLINALG_TENFERROTOLINALG_H
#define TENFERRO_CONVERSION_TENFERROTOLINALG_TENFERROTOLINALG_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tenferro {

/// Converts logical (tenferro) tensor types to their column-major lowered
/// form: dimensions reversed, element type unchanged.
class ColumnMajorTypeConverter : public TypeConverter {
public:
  ColumnMajorTypeConverter();
};

/// The lowered type of a logical tensor type.
RankedTensorType toColumnMajor(RankedTensorType logical);

/// Patterns lowering every supported tenferro op (and elementwise and
/// broadcast-multiply fused regions) to linalg, tensor, arith, math and
/// complex ops on column-major tensors. Regions write outputs into inputs
/// whose last use they are; into program inputs (block arguments of the
/// function) only when `donateInputs`.
void populateTenferroToLinalgPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      bool donateInputs = false);

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

} // namespace mlir::tenferro

#endif // TENFERRO_CONVERSION_TENFERROTOLINALG_TENFERROTOLINALG_H
