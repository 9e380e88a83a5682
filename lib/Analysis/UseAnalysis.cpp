//===- UseAnalysis.cpp - program outputs and last uses --------------------===//

#include "tenferro/Analysis/UseAnalysis.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::tenferro;

UseAnalysis::UseAnalysis(Operation *program) {
  auto func = cast<func::FuncOp>(program);
  if (func.getBody().empty())
    return;
  Block &body = func.getBody().front();
  // Reserve once: the maps hold one entry per instruction and value.
  size_t numOps = body.getOperations().size();
  instructions.reserve(numOps);
  lastUse.reserve(numOps + func.getNumArguments());
  for (Operation &op : body) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      outputs.insert(op.operand_begin(), op.operand_end());
      continue;
    }
    unsigned k = instructions.size();
    instructions.push_back(&op);
    // Indices only grow, so the last assignment is the last use. Nested
    // ops count as reads by their top-level instruction.
    for (Value v : op.getOperands())
      lastUse[v] = k;
    if (op.getNumRegions() != 0)
      op.walk([&](Operation *nested) {
        if (nested == &op)
          return;
        for (Value v : nested->getOperands())
          if (!op.isAncestor(v.getParentRegion()->getParentOp()))
            lastUse[v] = k;
      });
  }
}

unsigned UseAnalysis::getIndex(Operation *op) const {
  if (index.empty())
    for (auto [i, inst] : llvm::enumerate(instructions))
      index[inst] = i;
  return index.lookup(op);
}

std::optional<unsigned> UseAnalysis::getLastUse(Value value) const {
  auto it = lastUse.find(value);
  if (it == lastUse.end())
    return std::nullopt;
  return it->second;
}

bool UseAnalysis::isUsedAtOrAfter(Value value, unsigned k) const {
  std::optional<unsigned> last = getLastUse(value);
  return last && *last >= k;
}
