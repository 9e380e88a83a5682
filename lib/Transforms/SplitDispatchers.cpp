//===- SplitDispatchers.cpp - long functions into parts -------------------===//
//
// Cuts functions with more than max-ops ops into parts that LLVM compiles
// one at a time. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "tenferro/Transforms/Kernels.h"

#include "OutlineOps.h"

#include "mlir/IR/SymbolTable.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROSPLITDISPATCHERSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

struct SplitDispatchersPass
    : public tenferro::impl::TenferroSplitDispatchersPassBase<
          SplitDispatchersPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxOps == 0)
      return;
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> functions;
    for (auto function : module.getOps<func::FuncOp>())
      if (!function.isExternal() && !tenferro::isKernel(function) &&
          function.getBody().hasOneBlock() &&
          function.getBody().front().getOperations().size() > maxOps + 1)
        functions.push_back(function);
    for (func::FuncOp function : functions)
      split(function, symbols);
  }

  void split(func::FuncOp function, SymbolTable &symbols) {
    Block &block = function.getBody().front();
    // Parts are cut before anything moves: the block changes as they go.
    SmallVector<SmallVector<Operation *>> parts(1);
    for (Operation &op : block.without_terminator()) {
      // Constants stay (each part clones those it uses), so that no part
      // returns one.
      if (tenferro::isClonedIntoOutlined(&op))
        continue;
      if (isa<memref::AllocaOp>(op)) {
        parts.emplace_back();
        continue;
      }
      if (parts.back().size() == maxOps)
        parts.emplace_back();
      parts.back().push_back(&op);
    }
    Operation *insertAfter = function;
    unsigned index = 0;
    for (ArrayRef<Operation *> part : parts) {
      if (part.empty())
        continue;
      func::FuncOp outlined = tenferro::outlineOps(
          part, symbols, function.getSymName() + ".part", index, insertAfter);
      tenferro::keepOutOfLine(outlined);
      insertAfter = outlined;
    }
    tenferro::eraseUnusedConstants(block);
  }
};

} // namespace
