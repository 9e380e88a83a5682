//===- Bufferize.cpp - one-shot bufferization for fresh destinations ------===//
//
// One-shot module bufferization that skips One-Shot Analysis when the module
// only writes fresh buffers, where the analysis is quadratic in the readers
// of a value and can only conclude "everything in place". See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/Transforms/Bufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROBUFFERIZEPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;
using namespace mlir::bufferization;

namespace {

bool isTensor(Type type) { return isa<TensorType>(type); }

/// Why a module needs One-Shot Analysis: the first op that does not only
/// write fresh buffers (no op: it does not need it).
struct AnalysisReason {
  Operation *op = nullptr;
  const char *why = "";
};

/// Decides whether every write of a module goes to a fresh buffer (see
/// Passes.td). Chains are memoized, so each value is followed once.
class FreshWriteChecker {
public:
  explicit FreshWriteChecker(const AnalysisState &state) : state(state) {}

  AnalysisReason findAnalysisReason(ModuleOp module) {
    const BufferizationOptions &options = state.getOptions();
    AnalysisReason reason;
    module.walk([&](Operation *op) {
      // Function boundaries are bufferized the same way on both paths.
      if (isa<ModuleOp, FunctionOpInterface>(op))
        return WalkResult::advance();
      if (llvm::none_of(op->getOperandTypes(), isTensor) &&
          llvm::none_of(op->getResultTypes(), isTensor))
        return WalkResult::advance();
      if (isa<CallOpInterface>(op))
        reason = {op, "a call passes or returns tensors (what the callee "
                      "does with them is module analysis)"};
      else if (!options.dynCastBufferizableOp(op))
        reason = {op, "the op is not bufferizable"};
      // Regions that carry tensors (loops, branches yielding tensors) have
      // rules of their own in the analysis (equivalent yields, parallel
      // regions); destination-style ops compute on scalars in theirs.
      else if (op->getNumRegions() != 0 &&
               !isa<DestinationStyleOpInterface>(op))
        reason = {op, "the op has regions that may carry tensors"};
      else if (llvm::any_of(op->getOpOperands(), [&](OpOperand &operand) {
                 return isTensor(operand.get().getType()) &&
                        state.bufferizesToMemoryWrite(operand) &&
                        !writesFreshBuffer(operand);
               }))
        reason = {op, "the op writes a buffer that is not fresh (an "
                      "argument, a value with other uses, or one from "
                      "another block)"};
      return reason.op ? WalkResult::interrupt() : WalkResult::advance();
    });
    return reason;
  }

private:
  /// True if `use` only reads its value, in `block`, before `op`: it sees
  /// the buffer before `op` writes it, and keeps no alias of it.
  bool readsBefore(OpOperand &use, Block *block, Operation *op) const {
    Operation *user = use.getOwner();
    return user->getBlock() == block && user->isBeforeInBlock(op) &&
           state.bufferizesToMemoryRead(use) &&
           !state.bufferizesToMemoryWrite(use) &&
           state.getAliasingValues(use).getNumAliases() == 0;
  }

  /// True if the buffer `write` writes is a fresh allocation that no read
  /// can see changed: following the values it aliases back to the
  /// allocation, each is defined in the writer's block and its only other
  /// uses read it before the op that passes it on (writes it or aliases it)
  /// does. Memoization is sound because that op is a value's one use that
  /// is not such a read.
  bool writesFreshBuffer(OpOperand &write) {
    Block *block = write.getOwner()->getBlock();
    SmallVector<Value> chain;
    OpOperand *link = &write;
    while (!verified.contains(link->get())) {
      Value value = link->get();
      Operation *def = value.getDefiningOp();
      if (!def || def->getBlock() != block)
        return false;
      for (OpOperand &use : value.getUses())
        if (&use != link && !readsBefore(use, block, link->getOwner()))
          return false;
      auto bufferizable = state.getOptions().dynCastBufferizableOp(def);
      if (!bufferizable)
        return false;
      chain.push_back(value);
      if (bufferizable.bufferizesToAllocation(value))
        break;
      AliasingOpOperandList aliases = state.getAliasingOpOperands(value);
      if (aliases.getNumAliases() != 1 || !aliases.begin()->isDefinite)
        return false;
      link = aliases.begin()->opOperand;
    }
    verified.insert(chain.begin(), chain.end());
    return true;
  }

  const AnalysisState &state;
  DenseSet<Value> verified;
};

struct BufferizePass
    : public tenferro::impl::TenferroBufferizePassBase<BufferizePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The options of tenferro's pipeline: functions take and return
    // identity-layout memrefs.
    OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    options.setFunctionBoundaryTypeConversion(
        LayoutMapOption::IdentityLayoutMap);

    AnalysisReason reason{module, "always-analyze is set"};
    if (!alwaysAnalyze) {
      AnalysisState state(options);
      reason = FreshWriteChecker(state).findAnalysisReason(module);
    }

    BufferizationState bufferizationState;
    if (!reason.op) {
      if (explain)
        emitRemark(module.getLoc(), "bufferized without One-Shot Analysis: "
                                    "every write goes to a fresh buffer");
      if (failed(bufferizeModuleOp(module, options, bufferizationState)))
        return signalPassFailure();
    } else {
      if (explain)
        emitRemark(reason.op->getLoc(), "needs One-Shot Analysis: ")
            << reason.why;
      if (failed(
              runOneShotModuleBufferize(module, options, bufferizationState)))
        return signalPassFailure();
    }
    removeBufferizationAttributesInModule(module);
  }
};

} // namespace
