//===- OrderConstantGlobals.cpp - deterministic constant globals ----------===//
//
// Renames and reorders the constant globals bufferization creates so that
// output does not depend on pointer order. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROORDERCONSTANTGLOBALSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

struct OrderConstantGlobalsPass
    : public tenferro::impl::TenferroOrderConstantGlobalsPassBase<
          OrderConstantGlobalsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);

    // Globals in order of first use, and every read of them.
    SmallVector<memref::GlobalOp> order;
    DenseMap<StringAttr, StringAttr> renamed;
    SmallVector<memref::GetGlobalOp> reads;
    module.walk([&](memref::GetGlobalOp read) {
      auto global =
          symbols.lookup<memref::GlobalOp>(read.getNameAttr().getValue());
      if (!global || !global.getConstant() || !global.isPrivate())
        return;
      reads.push_back(read);
      StringAttr old = global.getSymNameAttr();
      if (renamed.contains(old))
        return;
      renamed[old] = StringAttr::get(&getContext(), "__tenferro_constant_" +
                                                        Twine(order.size()));
      order.push_back(global);
    });
    if (order.empty())
      return;

    // The new names are fresh unless the module already uses them; then
    // renaming would merge symbols.
    for (auto &[old, fresh] : renamed)
      if (Operation *clash = symbols.lookup(fresh.getValue());
          clash && !renamed.contains(fresh)) {
        clash->emitError() << "symbol '" << fresh.getValue()
                           << "' is reserved for constant globals by "
                              "tenferro-order-constant-globals";
        return signalPassFailure();
      }

    for (memref::GetGlobalOp read : reads)
      read.setNameAttr(
          FlatSymbolRefAttr::get(renamed.lookup(read.getNameAttr().getAttr())));
    Block *body = module.getBody();
    Operation *anchor = &body->front();
    for (memref::GlobalOp global : order) {
      global.setSymNameAttr(renamed.lookup(global.getSymNameAttr()));
      if (global.getOperation() != anchor)
        global->moveBefore(anchor);
      else
        anchor = anchor->getNextNode();
    }
  }
};

} // namespace
