//===- Partition.cpp - modules LLVM compiles independently ----------------===//
//
// LLVM's optimization and code generation work on one module in one
// LLVMContext at a time; a program of 10^4 instructions is one module of a
// few hundred thousand ops. Partitions are modules of their own that the
// code generator translates, optimizes and compiles on separate threads.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/Partition.h"

#include "tenferro/Transforms/Kernels.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tenferro;

namespace {

/// A local constant global is copied into every partition that reads it:
/// its value cannot change, and each copy stays local.
bool isCopied(LLVM::GlobalOp global) {
  return global.getConstant() && isLocalLinkage(global.getLinkage());
}

/// Makes a local symbol that another partition uses visible to the
/// partitions' linking, but not beyond it.
template <typename OpTy>
void exposeHidden(OpTy op) {
  if (!isLocalLinkage(op.getLinkage()))
    return;
  op.setLinkage(LLVM::Linkage::External);
  op.setVisibility_(LLVM::Visibility::Hidden);
}

} // namespace

std::vector<OwningOpRef<ModuleOp>>
tenferro::partitionModule(ModuleOp module, const PartitionOptions &options) {
  // The units: functions with bodies, in module order, weighed by ops.
  SmallVector<LLVM::LLVMFuncOp> functions;
  SmallVector<uint64_t> weights;
  uint64_t total = 0;
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto function = dyn_cast<LLVM::LLVMFuncOp>(op)) {
      if (function.isExternal())
        continue;
      uint64_t weight = 0;
      function.walk([&](Operation *) { ++weight; });
      functions.push_back(function);
      weights.push_back(weight);
      total += weight;
      continue;
    }
    // Anything else (aliases, comdats, global constructors) keeps the
    // module whole rather than risk splitting what belongs together.
    auto global = dyn_cast<LLVM::GlobalOp>(op);
    if (!global)
      return {};
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(global);
    if (!uses || !uses->empty())
      return {};
  }
  uint64_t wanted = (total + std::max(1u, options.partitionOps) - 1) /
                    std::max(1u, options.partitionOps);
  auto count = static_cast<unsigned>(
      std::min<uint64_t>(wanted, std::max(1u, options.maxPartitions)));
  if (count <= 1)
    return {};

  // Contiguous runs: a function goes to the partition its middle falls in.
  // Runs no function falls in are dropped (one large function can span
  // several). Kernels and dispatch code (programs, their parts, wrappers)
  // never share a partition, so that code generation can treat them
  // differently (CodeGen.cpp).
  llvm::DenseMap<Operation *, unsigned> owner;
  uint64_t before = 0;
  unsigned last = 0, runs = 0;
  bool lastKernel = false;
  for (auto [function, weight] : llvm::zip(functions, weights)) {
    auto run = static_cast<unsigned>(
        std::min<uint64_t>(count - 1, (before + weight / 2) * count / total));
    bool kernel = isKernel(function);
    if (runs == 0 || run != last || kernel != lastKernel)
      ++runs;
    last = run;
    lastKernel = kernel;
    owner[function] = runs - 1;
    before += weight;
  }
  count = runs;
  if (count <= 1)
    return {};

  // What each partition refers to, and which definitions another
  // partition uses.
  SymbolTable symbols(module);
  std::vector<llvm::SetVector<Operation *>> used(count);
  llvm::DenseSet<Operation *> usedElsewhere;
  for (LLVM::LLVMFuncOp function : functions) {
    unsigned p = owner[function];
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(function);
    if (!uses)
      return {};
    for (const SymbolTable::SymbolUse &use : *uses) {
      Operation *symbol = symbols.lookup(use.getSymbolRef().getRootReference());
      if (!symbol || !used[p].insert(symbol))
        continue;
      auto found = owner.find(symbol);
      // Globals are defined in partition 0 unless copied.
      unsigned defined = found != owner.end() ? found->second : 0;
      if (defined != p)
        usedElsewhere.insert(symbol);
    }
  }

  std::vector<OwningOpRef<ModuleOp>> partitions;
  for (unsigned p = 0; p < count; ++p) {
    OwningOpRef<ModuleOp> partition = ModuleOp::create(module.getLoc());
    (*partition)->setAttrs(module->getAttrDictionary());
    OpBuilder builder = OpBuilder::atBlockEnd(partition->getBody());
    // Module order, so that partitions (and their objects) are the same
    // on every run.
    for (Operation &op : module.getBody()->getOperations()) {
      if (auto function = dyn_cast<LLVM::LLVMFuncOp>(op)) {
        auto found = owner.find(function);
        if (found != owner.end() && found->second == p) {
          auto copy = cast<LLVM::LLVMFuncOp>(builder.clone(op));
          if (usedElsewhere.contains(function))
            exposeHidden(copy);
          continue;
        }
        if (!used[p].contains(function))
          continue;
        // A declaration of a function defined elsewhere (or nowhere).
        auto declaration =
            cast<LLVM::LLVMFuncOp>(builder.insert(op.cloneWithoutRegions()));
        exposeHidden(declaration);
        continue;
      }
      auto global = cast<LLVM::GlobalOp>(op);
      if (isCopied(global)) {
        if (used[p].contains(global))
          builder.clone(op);
        continue;
      }
      if (p == 0) {
        auto copy = cast<LLVM::GlobalOp>(builder.clone(op));
        if (usedElsewhere.contains(global))
          exposeHidden(copy);
        continue;
      }
      if (!used[p].contains(global))
        continue;
      auto declaration =
          cast<LLVM::GlobalOp>(builder.insert(op.cloneWithoutRegions()));
      declaration.removeValueAttr();
      exposeHidden(declaration);
    }
    partitions.push_back(std::move(partition));
  }
  return partitions;
}
