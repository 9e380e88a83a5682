//===- OutlineOps.cpp - move consecutive ops into a function --------------===//

#include "OutlineOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

bool mlir::tenferro::isClonedIntoOutlined(Operation *def) {
  return def && def->getNumOperands() == 0 &&
         (def->hasTrait<OpTrait::ConstantLike>() ||
          isa<memref::GetGlobalOp>(def));
}

void mlir::tenferro::eraseUnusedConstants(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block))
    if (isClonedIntoOutlined(&op) && op.use_empty())
      op.erase();
}

func::FuncOp mlir::tenferro::outlineOps(ArrayRef<Operation *> ops,
                                        SymbolTable &symbols,
                                        const Twine &prefix,
                                        unsigned &nextIndex,
                                        Operation *insertAfter) {
  Block &block = *ops.front()->getBlock();
  llvm::SmallPtrSet<Operation *, 16> inRun(ops.begin(), ops.end());
  auto outside = [&](Operation *user) {
    return !inRun.contains(block.findAncestorOpInBlock(*user));
  };

  // Values the ops use and do not define, in order of first use: those
  // defined outside every op of the run (in the block, in another block of
  // the function, or as an argument of either).
  auto definedInside = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def)
      def = v.getParentBlock()->getParentOp();
    Operation *ancestor = block.findAncestorOpInBlock(*def);
    return ancestor && inRun.contains(ancestor);
  };
  llvm::SetVector<Value> liveIns;
  for (Operation *op : ops)
    op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        if (!definedInside(v))
          liveIns.insert(v);
    });
  SmallVector<Value> arguments, cloned;
  for (Value v : liveIns)
    (isClonedIntoOutlined(v.getDefiningOp()) ? cloned : arguments).push_back(v);
  SmallVector<Value> liveOuts;
  for (Operation *op : ops)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), outside))
        liveOuts.push_back(result);

  Location loc = ops.front()->getLoc();
  OpBuilder b(insertAfter->getContext());
  b.setInsertionPointAfter(insertAfter);
  auto type = b.getFunctionType(ValueRange(arguments).getTypes(),
                                ValueRange(liveOuts).getTypes());
  std::string name;
  do {
    name = (prefix + Twine(nextIndex++)).str();
  } while (symbols.lookup(name));
  auto function = func::FuncOp::create(b, loc, name, type);
  function.setPrivate();
  symbols.insert(function);
  Block *body = function.addEntryBlock();
  IRMapping mapping;
  for (auto [v, arg] : llvm::zip(arguments, body->getArguments()))
    mapping.map(v, arg);
  b.setInsertionPointToStart(body);
  for (Value v : cloned)
    mapping.map(v, b.clone(*v.getDefiningOp())->getResult(0));

  // The call replaces the ops; uses after them read the call's results.
  b.setInsertionPoint(ops.front());
  auto call = func::CallOp::create(b, loc, function, arguments);
  for (auto [v, result] : llvm::zip(liveOuts, call.getResults()))
    v.replaceUsesWithIf(
        result, [&](OpOperand &use) { return outside(use.getOwner()); });
  for (Operation *op : ops)
    op->moveBefore(body, body->end());
  body->walk([&](Operation *nested) {
    for (OpOperand &operand : nested->getOpOperands())
      if (Value to = mapping.lookupOrNull(operand.get()))
        operand.set(to);
  });
  b.setInsertionPointToEnd(body);
  func::ReturnOp::create(b, loc, liveOuts);
  return function;
}
