//===- OutlineOps.h - move consecutive ops into a function ------*- C++ -*-===//
//
// The outlining shared by tenferro-outline-kernels and
// tenferro-split-dispatchers (lib/Transforms only).
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_TRANSFORMS_OUTLINEOPS_H
#define TENFERRO_LIB_TRANSFORMS_OUTLINEOPS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tenferro {

/// Whether an operand defined by `def` is cloned into an outlined function
/// instead of passed: constants (`ConstantLike`, `memref.get_global`), so
/// that LLVM sees them and functions differing only in a constant stay
/// distinct.
bool isClonedIntoOutlined(Operation *def);

/// Moves `ops`, consecutive ops of one block in order, into a new private
/// function created after `insertAfter`, and puts a call to it where they
/// were. The function is named `<prefix><k>`, k the first value from
/// `nextIndex` on whose name `symbols` does not hold (`nextIndex` moves
/// past it), and added to `symbols`. It takes the values the ops use and do
/// not define (in order of first use, constants cloned instead) and returns
/// those they define and later ops use, in order of definition. Linear in
/// the size of the ops: each operand is visited once.
func::FuncOp outlineOps(ArrayRef<Operation *> ops, SymbolTable &symbols,
                        const Twine &prefix, unsigned &nextIndex,
                        Operation *insertAfter);

/// Erases the constants of `block` that nothing uses any more (outlined
/// functions have their own copies).
void eraseUnusedConstants(Block &block);

} // namespace mlir::tenferro

#endif // TENFERRO_LIB_TRANSFORMS_OUTLINEOPS_H
