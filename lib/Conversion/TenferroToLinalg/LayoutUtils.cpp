//===- LayoutUtils.cpp - column-major helpers for the lowering ------------===//

#include "LayoutUtils.h"

#include "ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::lowering;

AffineMap lowering::broadcastReadMap(MLIRContext *ctx,
                                     ArrayRef<int64_t> operandShape,
                                     ArrayRef<int64_t> iterShape) {
  SmallVector<AffineExpr> exprs;
  for (auto [j, extent] : llvm::enumerate(operandShape)) {
    if (extent == 1 && iterShape[j] != 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      exprs.push_back(getAffineDimExpr(j, ctx));
  }
  return AffineMap::get(iterShape.size(), 0, exprs, ctx);
}

AffineMap lowering::broadcastViewReadMap(MLIRContext *ctx,
                                         ArrayRef<int64_t> loweredOperandShape,
                                         ArrayRef<int64_t> logicalDims,
                                         ArrayRef<int64_t> loweredIterShape) {
  int64_t r = loweredOperandShape.size(), n = loweredIterShape.size();
  SmallVector<AffineExpr> exprs;
  for (int64_t j = 0; j < r; ++j) {
    // Lowered operand axis j is logical axis r-1-j, which maps to logical
    // result axis dims[r-1-j], i.e. lowered result axis n-1-dims[r-1-j].
    int64_t target = n - 1 - logicalDims[r - 1 - j];
    if (loweredOperandShape[j] == 1 && loweredIterShape[target] != 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      exprs.push_back(getAffineDimExpr(target, ctx));
  }
  return AffineMap::get(n, 0, exprs, ctx);
}

FailureOr<SmallVector<Value>>
lowering::dynamicExtents(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                         ValueRange loweredOperands) {
  SmallVector<Value> sizes;
  for (auto [axis, extent] : llvm::enumerate(shape)) {
    if (!ShapedType::isDynamic(extent))
      continue;
    Value size;
    for (Value v : loweredOperands) {
      auto t = cast<RankedTensorType>(v.getType());
      if (static_cast<int64_t>(axis) < t.getRank() && t.getDimSize(axis) != 1) {
        size = tensor::DimOp::create(b, loc, v, axis);
        break;
      }
    }
    if (!size)
      return failure();
    sizes.push_back(size);
  }
  return sizes;
}

void lowering::emitExtentChecks(OpBuilder &b, Location loc, ValueRange operands,
                                ArrayRef<AffineMap> maps, Value iterSpace,
                                StringRef opName) {
  auto iterType = cast<RankedTensorType>(iterSpace.getType());
  for (auto [i, v, map] : llvm::enumerate(operands, maps)) {
    auto type = cast<RankedTensorType>(v.getType());
    for (auto [axis, expr] : llvm::enumerate(map.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim || (!type.isDynamicDim(axis) &&
                   !iterType.isDynamicDim(dim.getPosition())))
        continue;
      if (v == iterSpace && axis == dim.getPosition())
        continue;
      // The iteration extent: the size the init was created with, when it
      // is this very operand's extent there is nothing to check.
      Value want;
      auto empty = iterSpace.getDefiningOp<tensor::EmptyOp>();
      if (empty && iterType.isDynamicDim(dim.getPosition())) {
        want = empty.getDynamicSize(dim.getPosition());
        auto dimOp = want.getDefiningOp<tensor::DimOp>();
        if (dimOp && dimOp.getSource() == v &&
            dimOp.getConstantIndex() == static_cast<int64_t>(axis))
          continue;
      } else {
        want = tensor::DimOp::create(b, loc, iterSpace, dim.getPosition());
      }
      Value have = tensor::DimOp::create(b, loc, v, axis);
      Value ok =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, have, want);
      int64_t logicalAxis = loweredAxis(axis, type.getRank());
      cf::AssertOp::create(
          b, loc, ok,
          llvm::formatv("{0}: operand #{1} has a different extent along axis "
                        "{2} than the result (dynamic extents must agree at "
                        "run time; broadcasting a dynamic extent of 1 is not "
                        "supported)",
                        opName, i, logicalAxis)
              .str());
    }
  }
}

Value lowering::zeroScalar(OpBuilder &b, Location loc, Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return complex::ConstantOp::create(
        b, loc, c,
        b.getArrayAttr({b.getFloatAttr(c.getElementType(), 0),
                        b.getFloatAttr(c.getElementType(), 0)}));
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(t));
}

Value lowering::indexConstant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value lowering::toIndex(OpBuilder &b, Location loc, Value scalar) {
  // Float indices convert as every float-to-integer conversion does
  // (saturating, NaN to 0), the same as the interpreter; the clamping of
  // starts then applies to the converted value.
  if (isa<FloatType>(scalar.getType()))
    scalar = convertScalar(b, loc, scalar, b.getI64Type());
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), scalar);
}

Value lowering::extentOf(OpBuilder &b, Location loc, Value v, int64_t axis) {
  auto t = cast<RankedTensorType>(v.getType());
  if (!t.isDynamicDim(axis))
    return indexConstant(b, loc, t.getDimSize(axis));
  return tensor::DimOp::create(b, loc, v, axis);
}

SmallVector<Value> lowering::extentsOf(OpBuilder &b, Location loc, Value v) {
  SmallVector<Value> dims;
  for (int64_t j = 0, r = cast<RankedTensorType>(v.getType()).getRank(); j < r;
       ++j)
    dims.push_back(extentOf(b, loc, v, j));
  return dims;
}

SmallVector<OpFoldResult> lowering::mixedExtentsOf(OpBuilder &b, Location loc,
                                                   Value v) {
  SmallVector<OpFoldResult> dims;
  auto t = cast<RankedTensorType>(v.getType());
  for (int64_t j = 0; j < t.getRank(); ++j)
    dims.push_back(t.isDynamicDim(j)
                       ? OpFoldResult(tensor::DimOp::create(b, loc, v, j))
                       : OpFoldResult(b.getIndexAttr(t.getDimSize(j))));
  return dims;
}

Value lowering::emptyWithExtents(OpBuilder &b, Location loc,
                                 RankedTensorType type,
                                 ArrayRef<Value> extents) {
  SmallVector<Value> dynamic;
  for (int64_t j = 0; j < type.getRank(); ++j)
    if (type.isDynamicDim(j))
      dynamic.push_back(extents[j]);
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 dynamic);
}

Value lowering::convertTensor(OpBuilder &b, Location loc, Value v, Type elt) {
  auto t = cast<RankedTensorType>(v.getType());
  if (t.getElementType() == elt)
    return v;
  auto type = RankedTensorType::get(t.getShape(), elt);
  SmallVector<Value> extents = extentsOf(b, loc, v);
  Value init = emptyWithExtents(b, loc, type, extents);
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(t.getRank()));
  SmallVector<utils::IteratorType> iters(t.getRank(),
                                         utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, type, v, init, maps, iters,
             [&](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(nb, l,
                                       convertScalar(nb, l, args[0], elt));
             })
      .getResult(0);
}

Value lowering::materializeDimExpr(OpBuilder &b, Location loc, DimExprAttr e,
                                   ValueRange operands, StringRef opName) {
  switch (e.getKind()) {
  case DimExprKind::Const:
    return arith::ConstantIndexOp::create(b, loc, e.getValue());
  case DimExprKind::InputDim: {
    Value v = operands[e.getValue()];
    int64_t rank = cast<RankedTensorType>(v.getType()).getRank();
    return tensor::DimOp::create(b, loc, v, loweredAxis(e.getAxis(), rank));
  }
  default:
    break;
  }
  Value l = materializeDimExpr(b, loc, e.getLhs(), operands, opName);
  Value r = materializeDimExpr(b, loc, e.getRhs(), operands, opName);
  auto check = [&](arith::CmpIPredicate p, Value x, Value y, StringRef what) {
    Value ok = arith::CmpIOp::create(b, loc, p, x, y);
    cf::AssertOp::create(b, loc, ok, (opName + ": DimExpr " + what).str());
  };
  switch (e.getKind()) {
  case DimExprKind::Add: {
    // Extents are non-negative and at most 2^63-1: a sum past that wraps
    // negative.
    Value sum = arith::AddIOp::create(b, loc, l, r);
    check(arith::CmpIPredicate::sge, sum, l, "add overflows (AddOverflow)");
    return sum;
  }
  case DimExprKind::Sub:
    check(arith::CmpIPredicate::uge, l, r, "sub underflows (SubUnderflow)");
    return arith::SubIOp::create(b, loc, l, r);
  case DimExprKind::Mul: {
    // No overflow iff l == 0, or the product divided by l gives r back and
    // stays non-negative.
    Value prod = arith::MulIOp::create(b, loc, l, r);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value lIsZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, l, zero);
    Value divisor = arith::SelectOp::create(b, loc, lIsZero, one, l);
    Value back = arith::DivUIOp::create(b, loc, prod, divisor);
    Value exact =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, back, r);
    Value nonNeg =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, prod, zero);
    Value ok = arith::OrIOp::create(
        b, loc, lIsZero, arith::AndIOp::create(b, loc, exact, nonNeg));
    cf::AssertOp::create(
        b, loc, ok, (opName + ": DimExpr mul overflows (MulOverflow)").str());
    return prod;
  }
  case DimExprKind::FloorDiv: {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    check(arith::CmpIPredicate::ne, r, zero,
          "floordiv by zero (FloorDivByZero)");
    return arith::DivUIOp::create(b, loc, l, r);
  }
  case DimExprKind::Min:
    return arith::MinUIOp::create(b, loc, l, r);
  case DimExprKind::Max:
    return arith::MaxUIOp::create(b, loc, l, r);
  default:
    llvm_unreachable("leaf kinds handled above");
  }
}
