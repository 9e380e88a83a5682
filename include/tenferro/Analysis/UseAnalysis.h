//===- UseAnalysis.h - program outputs and last uses ------------*- C++ -*-===//
//
// What the runtime's SegmentUseSummary answers (docs/semantics.md §2.2), for
// a program: a `func.func` whose body is one block of instructions in order.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_ANALYSIS_USEANALYSIS_H
#define TENFERRO_ANALYSIS_USEANALYSIS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace mlir::tenferro {

/// Instruction indices and uses of a program, built in one linear pass.
///
/// Instruction `k` is the k-th op of the function body, the `func.return`
/// excluded. An op with regions reads every value from outside it that an
/// op nested in it reads. Values are program inputs (block arguments) and
/// instruction results.
class UseAnalysis {
public:
  /// `program` is a `func.func` with a single-block body.
  explicit UseAnalysis(Operation *program);

  /// The instructions in program order.
  ArrayRef<Operation *> getInstructions() const { return instructions; }
  /// Index of a top-level instruction. The index map is built on first use:
  /// segmentation itself does not need it, only its messages do.
  unsigned getIndex(Operation *op) const;

  /// True if `func.return` returns `value`.
  bool isProgramOutput(Value value) const { return outputs.contains(value); }
  /// The largest instruction index that reads `value`, if any.
  std::optional<unsigned> getLastUse(Value value) const;
  /// True if an instruction at index `k` or later reads `value`.
  bool isUsedAtOrAfter(Value value, unsigned k) const;

private:
  SmallVector<Operation *> instructions;
  mutable llvm::DenseMap<Operation *, unsigned> index;
  llvm::DenseMap<Value, unsigned> lastUse;
  llvm::DenseSet<Value> outputs;
};

} // namespace mlir::tenferro

#endif // TENFERRO_ANALYSIS_USEANALYSIS_H
