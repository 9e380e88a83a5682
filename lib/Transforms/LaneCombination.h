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

/// Whether `op` reads an input at a constant position of some dimension:
/// the pairwise combination of a lane reduction's groups (with producers
/// fused in or not).
inline bool readsAtConstantPositions(linalg::LinalgOp op) {
  return llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
    return llvm::any_of(
        op.getMatchingIndexingMap(input).getResults(),
        [](AffineExpr e) { return isa<AffineConstantExpr>(e); });
  });
}

} // namespace mlir::tenferro

#endif // TENFERRO_LIB_TRANSFORMS_LANECOMBINATION_H
