//===- LayoutUtils.cpp - column-major helpers for the lowering ------------===//

#include "LayoutUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

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
      if (static_cast<int64_t>(axis) < t.getRank() &&
          t.getDimSize(axis) != 1) {
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
