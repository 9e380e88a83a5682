//===- OutlineKernels.cpp - loop nests into kernel functions --------------===//
//
// Splits each function after the loop stage into a dispatcher (allocations,
// deallocations, extent arithmetic, checks, calls) and kernels holding its
// loop nests, so that LLVM optimizes many small functions instead of one
// function with every loop of the program. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "tenferro/Transforms/Kernels.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROOUTLINEKERNELSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Where an op of a function's body may go.
enum class Role {
  /// Stays in the dispatcher and ends a run.
  Dispatch,
  /// No memory effect, no region: may sit inside a run.
  Pure,
  /// Reads or writes memory only through its operands.
  Access,
  /// Holds regions (a loop nest): a run needs one to become a kernel.
  Anchor,
};

bool onlyAccessesOperands(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::all_of(instances, [](MemoryEffects::EffectInstance &e) {
    return (isa<MemoryEffects::Read>(e.getEffect()) ||
            isa<MemoryEffects::Write>(e.getEffect())) &&
           e.getValue();
  });
}

Role roleOf(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>() || isa<func::CallOp>(op))
    return Role::Dispatch;
  if (op->getNumRegions() > 0) {
    // A region op that yields a buffer could yield stack memory, which a
    // kernel must not return; none of the loop ops does.
    if (llvm::any_of(op->getResultTypes(), llvm::IsaPred<BaseMemRefType>))
      return Role::Dispatch;
    return Role::Anchor;
  }
  if (isMemoryEffectFree(op))
    return Role::Pure;
  if (onlyAccessesOperands(op))
    return Role::Access;
  return Role::Dispatch;
}

bool isClonedIntoKernel(Operation *def) {
  return def && def->getNumOperands() == 0 &&
         (def->hasTrait<OpTrait::ConstantLike>() ||
          isa<memref::GetGlobalOp>(def));
}

class KernelOutliner {
public:
  KernelOutliner(ModuleOp module, SymbolTable &symbols)
      : module(module), symbols(symbols) {}

  /// Outlines every run of `function`; returns the number of kernels.
  unsigned outline(func::FuncOp function) {
    unsigned count = 0;
    insertAfter = function;
    for (Block &block : function.getBody()) {
      SmallVector<Operation *> run;
      // The body changes as runs are outlined: collect first.
      SmallVector<Operation *> ops(llvm::make_pointer_range(block));
      for (Operation *op : ops) {
        if (roleOf(op) != Role::Dispatch) {
          run.push_back(op);
          continue;
        }
        count += outlineRun(function, block, run);
        run.clear();
      }
      count += outlineRun(function, block, run);
    }
    return count;
  }

private:
  /// Outlines `run` (consecutive ops of `block`) if it holds a loop nest.
  unsigned outlineRun(func::FuncOp function, Block &block,
                      SmallVector<Operation *> &run) {
    // Extent arithmetic at either end stays where it is.
    while (!run.empty() && roleOf(run.back()) == Role::Pure)
      run.pop_back();
    size_t first = 0;
    while (first < run.size() && roleOf(run[first]) == Role::Pure)
      ++first;
    run.erase(run.begin(), run.begin() + first);
    if (llvm::none_of(run,
                      [](Operation *op) { return roleOf(op) == Role::Anchor; }))
      return 0;

    llvm::SmallPtrSet<Operation *, 16> inRun(run.begin(), run.end());
    auto usedAfter = [&](Operation *op) {
      return llvm::any_of(op->getUsers(), [&](Operation *user) {
        return !inRun.contains(block.findAncestorOpInBlock(*user));
      });
    };
    // Pure ops used after the run move before it when their operands are
    // defined there, so extents stay in the dispatcher.
    Operation *start = run.front();
    SmallVector<Operation *> kept;
    for (Operation *op : run) {
      bool hoistable = roleOf(op) == Role::Pure && usedAfter(op) &&
                       llvm::all_of(op->getOperands(), [&](Value v) {
                         Operation *def = v.getDefiningOp();
                         return !def || !inRun.contains(def);
                       });
      if (!hoistable) {
        kept.push_back(op);
        continue;
      }
      op->moveBefore(start);
      inRun.erase(op);
    }
    run = std::move(kept);

    // Values the run uses and does not define, in order of first use.
    llvm::SetVector<Value> liveIns;
    for (Operation *op : run)
      op->walk([&](Operation *nested) {
        for (Value v : nested->getOperands()) {
          Operation *def = v.getDefiningOp();
          bool inside = def ? def->getBlock() != &block || inRun.contains(def)
                            : v.getParentBlock() != &block;
          if (!inside)
            liveIns.insert(v);
        }
      });
    SmallVector<Value> arguments, cloned;
    for (Value v : liveIns)
      (isClonedIntoKernel(v.getDefiningOp()) ? cloned : arguments).push_back(v);
    SmallVector<Value> liveOuts;
    for (Operation *op : run)
      for (Value result : op->getResults())
        if (llvm::any_of(result.getUsers(), [&](Operation *user) {
              return !inRun.contains(block.findAncestorOpInBlock(*user));
            }))
          liveOuts.push_back(result);

    // The kernel, after the function and its earlier kernels.
    Location loc = start->getLoc();
    OpBuilder b(module.getContext());
    b.setInsertionPointAfter(insertAfter);
    auto type = b.getFunctionType(ValueRange(arguments).getTypes(),
                                  ValueRange(liveOuts).getTypes());
    std::string name;
    do {
      name = (function.getSymName() + ".kernel" + Twine(nextIndex++)).str();
    } while (symbols.lookup(name));
    auto kernel = func::FuncOp::create(b, loc, name, type);
    kernel.setPrivate();
    tenferro::markKernel(kernel);
    symbols.insert(kernel);
    insertAfter = kernel;

    Block *body = kernel.addEntryBlock();
    IRMapping mapping;
    for (auto [v, arg] : llvm::zip(arguments, body->getArguments()))
      mapping.map(v, arg);
    b.setInsertionPointToStart(body);
    for (Value v : cloned)
      mapping.map(v, b.clone(*v.getDefiningOp())->getResult(0));

    // The call replaces the run; uses after it read the call's results.
    b.setInsertionPoint(start);
    auto call = func::CallOp::create(b, loc, kernel, arguments);
    for (auto [v, result] : llvm::zip(liveOuts, call.getResults()))
      v.replaceUsesWithIf(result, [&](OpOperand &use) {
        return !inRun.contains(block.findAncestorOpInBlock(*use.getOwner()));
      });
    for (Operation *op : run)
      op->moveBefore(body, body->end());
    body->walk([&](Operation *nested) {
      for (OpOperand &operand : nested->getOpOperands())
        if (Value to = mapping.lookupOrNull(operand.get()))
          operand.set(to);
    });
    b.setInsertionPointToEnd(body);
    func::ReturnOp::create(b, loc, liveOuts);
    return 1;
  }

  ModuleOp module;
  SymbolTable &symbols;
  Operation *insertAfter = nullptr;
  unsigned nextIndex = 0;
};

struct OutlineKernelsPass
    : public tenferro::impl::TenferroOutlineKernelsPassBase<
          OutlineKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // The module grows as kernels are added: collect the functions first.
    SmallVector<func::FuncOp> functions;
    for (auto function : module.getOps<func::FuncOp>())
      if (!function.isExternal() && !tenferro::isKernel(function))
        functions.push_back(function);
    for (func::FuncOp function : functions) {
      KernelOutliner outliner(module, symbols);
      unsigned kernels = outliner.outline(function);
      numKernels += kernels;
      if (kernels == 0)
        continue;
      // Constants that only kernels used (each has its own copy now).
      for (Block &block : function.getBody())
        for (Operation &op : llvm::make_early_inc_range(block))
          if (isClonedIntoKernel(&op) && op.use_empty())
            op.erase();
    }
  }
};

} // namespace
