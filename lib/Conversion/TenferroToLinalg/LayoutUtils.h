//===- LayoutUtils.h - column-major helpers for the lowering ----*- C++ -*-===//
//
// Private to lib/Conversion/TenferroToLinalg.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_LAYOUTUTILS_H
#define TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_LAYOUTUTILS_H

#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::tenferro::lowering {

/// Lowered axis of logical axis `axis` of a rank-`rank` tensor.
inline int64_t loweredAxis(int64_t axis, int64_t rank) {
  return rank - 1 - axis;
}

/// Map from the lowered iteration space (rank `iterRank`, extents
/// `iterShape`) to a lowered operand of extents `operandShape`, for
/// tenferro's right-aligned broadcasting (left-aligned once lowered): operand
/// axis j reads iteration axis j, or 0 where the operand extent is a static 1
/// and the iteration extent is not.
AffineMap broadcastReadMap(MLIRContext *ctx, ArrayRef<int64_t> operandShape,
                           ArrayRef<int64_t> iterShape);

/// Map from the lowered iteration space to a lowered operand read through a
/// logical broadcast_in_dim view (input axis i -> result axis dims[i]).
AffineMap broadcastViewReadMap(MLIRContext *ctx,
                               ArrayRef<int64_t> loweredOperandShape,
                               ArrayRef<int64_t> logicalDims,
                               ArrayRef<int64_t> loweredIterShape);

/// Dynamic extents of a lowered result of shape `shape`: for each dynamic
/// axis, `tensor.dim` of the first operand that has that axis with an extent
/// other than a static 1. Fails when no operand determines the extent.
FailureOr<SmallVector<Value>> dynamicExtents(OpBuilder &b, Location loc,
                                             ArrayRef<int64_t> shape,
                                             ValueRange loweredOperands);

/// Run-time checks (`cf.assert`) that every operand axis an indexing map
/// reads along an iteration axis has the extent of that axis in
/// `iterSpace` (a tensor of the iteration shape), wherever either extent is
/// dynamic; static extents were verified. Dynamic extents that broadcast
/// (1 against n) at run time are reported instead of read out of bounds.
void emitExtentChecks(OpBuilder &b, Location loc, ValueRange operands,
                      ArrayRef<AffineMap> maps, Value iterSpace,
                      StringRef opName);

/// Zero of a tenferro element type (complex zero for complex types).
Value zeroScalar(OpBuilder &b, Location loc, Type t);

Value indexConstant(OpBuilder &b, Location loc, int64_t v);

/// An integer or real index-operand element as an `index` value (reals
/// truncate toward zero).
Value toIndex(OpBuilder &b, Location loc, Value scalar);

/// Extent of lowered axis `axis` of `v`.
Value extentOf(OpBuilder &b, Location loc, Value v, int64_t axis);

/// Lowered extents of `v` as index values.
SmallVector<Value> extentsOf(OpBuilder &b, Location loc, Value v);

/// Lowered extents of `v`: attributes where static (slice ops need static
/// sizes to infer static slice types), values where dynamic.
SmallVector<OpFoldResult> mixedExtentsOf(OpBuilder &b, Location loc, Value v);

/// tensor.empty of `type` whose dynamic extents are taken from `extents`
/// (one index value per lowered axis).
Value emptyWithExtents(OpBuilder &b, Location loc, RankedTensorType type,
                       ArrayRef<Value> extents);

/// Elementwise dtype conversion of a lowered tensor (`convertScalar` per
/// element); `v` itself when it already has element type `elt`.
Value convertTensor(OpBuilder &b, Location loc, Value v, Type elt);

/// Materializes a DimExpr as an `index` value from the lowered operands it
/// refers to; add/mul overflow, sub underflow and floordiv by zero fail at
/// run time with a `cf.assert` naming `opName` and tenferro's error kind.
Value materializeDimExpr(OpBuilder &b, Location loc, DimExprAttr expr,
                         ValueRange loweredOperands, StringRef opName);

} // namespace mlir::tenferro::lowering

#endif // TENFERRO_LIB_CONVERSION_TENFERROTOLINALG_LAYOUTUTILS_H
