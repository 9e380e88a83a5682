//===- LaneCombination.h - recognizing a lane reduction's combination ----===//
//
// The last step of a reduction over the contiguous axis (docs/semantics.md
// 8.5) combines a row's 16 lane groups pairwise; the lowering writes it as
// one linalg op that reads the groups at the constant positions 0..15 of
// their last dimension. The fusion passes recognize it by that access.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_TRANSFORMS_LANECOMBINATION_H
#define TENFERRO_LIB_TRANSFORMS_LANECOMBINATION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::tenferro {

/// Whether `op` is the pairwise combination of a lane reduction's groups
/// (with producers fused in or not): it reads an input at a constant
/// position of a dimension whose extent is not 1. A broadcast reads an operand
/// of extent 1 at the constant 0 too (the lowering's broadcast read maps);
/// that is not a combination.
inline bool isLaneCombination(linalg::LinalgOp op) {
  return llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
    auto type = dyn_cast<ShapedType>(input->get().getType());
    if (!type)
      return false;
    for (auto [dim, expr] :
         llvm::enumerate(op.getMatchingIndexingMap(input).getResults()))
      if (isa<AffineConstantExpr>(expr) && type.getDimSize(dim) != 1)
        return true;
    return false;
  });
}

} // namespace mlir::tenferro

#endif // TENFERRO_LIB_TRANSFORMS_LANECOMBINATION_H
