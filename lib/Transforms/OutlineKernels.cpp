//===- OutlineKernels.cpp - loop nests into kernel functions --------------===//
//
// Splits each function after bufferization into a dispatcher (allocations,
// deallocations, extent arithmetic, checks, calls) and kernels holding its
// loop nests, so that the loop stage and LLVM work on many small functions
// instead of one function with every loop of the program. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "tenferro/Transforms/Kernels.h"

#include "OutlineOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

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
  // Scratch memory of a static size: joins a run, whose kernel owns it
  // when nothing after the run uses it (outlineRun).
  if (auto alloca = dyn_cast<memref::AllocaOp>(op))
    if (alloca.getDynamicSizes().empty() && alloca.getSymbolOperands().empty())
      return Role::Access;
  if (onlyAccessesOperands(op))
    return Role::Access;
  return Role::Dispatch;
}

class KernelOutliner {
public:
  explicit KernelOutliner(SymbolTable &symbols) : symbols(symbols) {}

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
    // defined there, so extents stay in the dispatcher; so do allocas used
    // after it (a kernel must not return stack memory).
    Operation *start = run.front();
    SmallVector<Operation *> kept;
    for (Operation *op : run) {
      bool hoistable =
          (roleOf(op) == Role::Pure || isa<memref::AllocaOp>(op)) &&
          usedAfter(op) && llvm::all_of(op->getOperands(), [&](Value v) {
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

    func::FuncOp kernel =
        tenferro::outlineOps(run, symbols, function.getSymName() + ".kernel",
                             nextIndex, insertAfter);
    tenferro::markKernel(kernel);
    insertAfter = kernel;
    return 1;
  }

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
      KernelOutliner outliner(symbols);
      unsigned kernels = outliner.outline(function);
      numKernels += kernels;
      if (kernels == 0)
        continue;
      for (Block &block : function.getBody())
        tenferro::eraseUnusedConstants(block);
    }
  }
};

} // namespace
