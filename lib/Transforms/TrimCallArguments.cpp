//===- TrimCallArguments.cpp - constant and unused call arguments ---------===//
//
// Moves arguments that every call passes as the same constant into local
// functions and drops the arguments they do not use. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Kernels.h"
#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROTRIMCALLARGUMENTSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// The value an `llvm.extractvalue` reads, found through the
/// `llvm.insertvalue` chain that built its aggregate; `value` itself if
/// the chain does not say.
Value lookThroughAggregates(Value value) {
  while (auto extract = value.getDefiningOp<LLVM::ExtractValueOp>()) {
    ArrayRef<int64_t> position = extract.getPosition();
    Value container = extract.getContainer();
    Value found;
    while (auto insert = container.getDefiningOp<LLVM::InsertValueOp>()) {
      ArrayRef<int64_t> inserted = insert.getPosition();
      size_t common = std::min(inserted.size(), position.size());
      if (inserted.take_front(common) != position.take_front(common)) {
        container = insert.getContainer();
        continue;
      }
      // The same position: the inserted value. A part or a whole of it:
      // not followed.
      if (inserted == position)
        found = insert.getValue();
      break;
    }
    if (!found)
      return value;
    value = found;
  }
  return value;
}

struct TrimCallArgumentsPass
    : public tenferro::impl::TenferroTrimCallArgumentsPassBase<
          TrimCallArgumentsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Every use of every function: direct calls, or anything else (taken
    // addresses, invokes, references from top-level ops), which rules it
    // out. Only symbol users and top-level ops can refer to a function.
    llvm::StringMap<SmallVector<LLVM::CallOp>> calls;
    llvm::StringSet<> otherUses;
    auto noteOtherUses = [&](Operation *op) {
      op->getAttrDictionary().walk(
          [&](FlatSymbolRefAttr ref) { otherUses.insert(ref.getValue()); });
    };
    for (Operation &top : module.getBody()->getOperations()) {
      if (!isa<LLVM::LLVMFuncOp>(top)) {
        noteOtherUses(&top);
        continue;
      }
      top.walk([&](Operation *op) {
        auto call = dyn_cast<LLVM::CallOp>(op);
        if (call && call.getCallee() && call.getOpBundleOperands().empty())
          calls[*call.getCallee()].push_back(call);
        else if (isa<SymbolUserOpInterface>(op))
          noteOtherUses(op);
      });
    }
    for (auto function : module.getOps<LLVM::LLVMFuncOp>()) {
      if (function.isExternal() ||
          !tenferro::isLocalLinkage(function.getLinkage()) ||
          function.isVarArg() || otherUses.contains(function.getSymName()))
        continue;
      auto found = calls.find(function.getSymName());
      if (found == calls.end())
        continue;
      trim(function, found->second);
    }
  }

  /// Reads of aggregates built in `function` become the values inserted,
  /// and the aggregates no one reads go: a body rebuilds each memref
  /// descriptor from its argument words, which would keep every word
  /// "used".
  static void forwardAggregates(LLVM::LLVMFuncOp function) {
    function.walk([](LLVM::ExtractValueOp extract) {
      Value found = lookThroughAggregates(extract.getResult());
      if (found != extract.getResult())
        extract.getResult().replaceAllUsesWith(found);
    });
    // Erasing an op can leave the ops that built its operands unused, in
    // any block.
    auto isAggregateOp = [](Operation *op) {
      return isa<LLVM::ExtractValueOp, LLVM::InsertValueOp, LLVM::PoisonOp,
                 LLVM::UndefOp>(op);
    };
    SmallVector<Operation *> worklist;
    llvm::SmallPtrSet<Operation *, 16> queued;
    function.walk([&](Operation *op) {
      if (isAggregateOp(op) && op->use_empty() && queued.insert(op).second)
        worklist.push_back(op);
    });
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      SmallVector<Operation *> operands;
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp())
          operands.push_back(def);
      op->erase();
      for (Operation *def : operands)
        if (isAggregateOp(def) && def->use_empty() && queued.insert(def).second)
          worklist.push_back(def);
    }
  }

  void trim(LLVM::LLVMFuncOp function, MutableArrayRef<LLVM::CallOp> calls) {
    forwardAggregates(function);
    Block &entry = function.getBody().front();
    OpBuilder builder = OpBuilder::atBlockBegin(&entry);
    for (BlockArgument argument : entry.getArguments()) {
      if (argument.use_empty())
        continue;
      Attribute common;
      for (LLVM::CallOp call : calls) {
        Attribute constant;
        Value passed = lookThroughAggregates(
            call.getArgOperands()[argument.getArgNumber()]);
        if (!matchPattern(passed, m_Constant(&constant)) ||
            (common && constant != common)) {
          common = nullptr;
          break;
        }
        common = constant;
      }
      if (!common)
        continue;
      // llvm.mlir.constant takes integer, float and zero/undef/poison-free
      // attributes only: others (a null pointer's) stay arguments.
      if (!isa<IntegerAttr, FloatAttr>(common))
        continue;
      Value replacement =
          LLVM::ConstantOp::create(builder, function.getLoc(),
                                   argument.getType(), cast<TypedAttr>(common));
      argument.replaceAllUsesWith(replacement);
    }

    llvm::BitVector unused(entry.getNumArguments());
    for (BlockArgument argument : entry.getArguments())
      unused[argument.getArgNumber()] = argument.use_empty();
    if (unused.none())
      return;
    SmallVector<Type> kept;
    SmallVector<Attribute> keptAttrs;
    ArrayAttr argAttrs = function.getArgAttrsAttr();
    for (auto [i, type] :
         llvm::enumerate(function.getFunctionType().getParams()))
      if (!unused[i]) {
        kept.push_back(type);
        if (argAttrs)
          keptAttrs.push_back(argAttrs[i]);
      }
    LLVM::LLVMFunctionType type = function.getFunctionType();
    function.setFunctionType(
        LLVM::LLVMFunctionType::get(type.getReturnType(), kept));
    if (argAttrs)
      function.setArgAttrsAttr(ArrayAttr::get(&getContext(), keptAttrs));
    entry.eraseArguments(unused);
    for (LLVM::CallOp &call : calls) {
      SmallVector<Value> operands;
      for (auto [i, operand] : llvm::enumerate(call.getArgOperands()))
        if (!unused[i])
          operands.push_back(operand);
      OpBuilder callBuilder(call);
      auto trimmed =
          LLVM::CallOp::create(callBuilder, call.getLoc(), function, operands);
      call->replaceAllUsesWith(trimmed);
      call->erase();
      call = trimmed;
    }
  }
};

} // namespace
