//===- DeduplicateKernels.cpp - one function per distinct kernel ----------===//
//
// Keeps the first of every set of identical kernel functions and points
// the calls of the others at it. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "tenferro/Transforms/Kernels.h"

#include "llvm/ADT/StringMap.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERRODEDUPLICATEKERNELSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// The kernel as printed in generic form under a fixed name: equal strings
/// are equal kernels, ops, types, attributes and constants alike.
std::string structuralKey(func::FuncOp kernel) {
  StringAttr name = kernel.getSymNameAttr();
  kernel.setSymName("kernel");
  std::string key;
  llvm::raw_string_ostream os(key);
  kernel->print(os, OpPrintingFlags().printGenericOpForm().useLocalScope());
  kernel.setSymNameAttr(name);
  return key;
}

struct DeduplicateKernelsPass
    : public tenferro::impl::TenferroDeduplicateKernelsPassBase<
          DeduplicateKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::StringMap<func::FuncOp> firstOf;
    DenseMap<StringAttr, FlatSymbolRefAttr> replacement;
    SmallVector<func::FuncOp> duplicates;
    for (auto kernel : module.getOps<func::FuncOp>()) {
      if (!tenferro::isKernel(kernel) || kernel.isExternal())
        continue;
      ++numKernelsBefore;
      auto [it, inserted] = firstOf.try_emplace(structuralKey(kernel), kernel);
      if (inserted) {
        ++numKernelsAfter;
        continue;
      }
      replacement[kernel.getSymNameAttr()] =
          FlatSymbolRefAttr::get(it->second.getSymNameAttr());
      duplicates.push_back(kernel);
    }
    if (duplicates.empty())
      return;
    module.walk([&](func::CallOp call) {
      auto it = replacement.find(call.getCalleeAttr().getAttr());
      if (it != replacement.end())
        call.setCalleeAttr(it->second);
    });
    for (func::FuncOp kernel : duplicates)
      kernel.erase();
  }
};

} // namespace
