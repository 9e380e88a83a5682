//===- AffineCoefficient.h - an index's step along one loop -----*- C++ -*-===//
//
// The coefficient of one dimension in an affine index, also where other
// dimensions multiply symbols (a flat view's row index times its stride):
// what the vectorizer's contiguity depends on.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_TRANSFORMS_AFFINECOEFFICIENT_H
#define TENFERRO_LIB_TRANSFORMS_AFFINECOEFFICIENT_H

#include "mlir/IR/AffineExpr.h"

#include <optional>

namespace mlir::tenferro {

/// The constant c such that `expr` is c * d`pos` plus terms that do not
/// depend on dimension `pos`; none where `pos` appears under a division, a
/// modulo or a product with a non-constant.
inline std::optional<int64_t> coefficientOfDim(AffineExpr expr, unsigned pos) {
  if (!expr.isFunctionOfDim(pos))
    return 0;
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dim.getPosition() == pos ? 1 : 0;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  AffineExpr lhs = binary.getLHS(), rhs = binary.getRHS();
  switch (expr.getKind()) {
  case AffineExprKind::Add: {
    std::optional<int64_t> a = coefficientOfDim(lhs, pos),
                           b = coefficientOfDim(rhs, pos);
    if (!a || !b)
      return std::nullopt;
    return *a + *b;
  }
  case AffineExprKind::Mul: {
    if (auto c = dyn_cast<AffineConstantExpr>(rhs))
      if (std::optional<int64_t> a = coefficientOfDim(lhs, pos))
        return *a * c.getValue();
    if (auto c = dyn_cast<AffineConstantExpr>(lhs))
      if (std::optional<int64_t> b = coefficientOfDim(rhs, pos))
        return *b * c.getValue();
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

} // namespace mlir::tenferro

#endif // TENFERRO_LIB_TRANSFORMS_AFFINECOEFFICIENT_H
