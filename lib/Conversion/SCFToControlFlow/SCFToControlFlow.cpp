//===- SCFToControlFlow.cpp - SCF to the CFG in linear time ---------------===//
//
// Upstream's SCF-to-CF patterns applied last op first, so that block
// splits never move the same ops twice. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Conversion/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROSCFTOCONTROLFLOWPASS
#include "tenferro/Conversion/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

struct SCFToControlFlowPass
    : public tenferro::impl::TenferroSCFToControlFlowPassBase<
          SCFToControlFlowPass> {
  FrozenRewritePatternSet patterns;

  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet set(ctx);
    populateSCFToControlFlowConversionPatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    // The outermost SCF ops, last first. SCF ops nested in ops of other
    // dialects (OpenMP loops, for example) are roots too, lowered in their
    // own, small, blocks.
    SmallVector<Operation *> roots;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getDialect() && op->getDialect()->getNamespace() ==
                                  scf::SCFDialect::getDialectNamespace()) {
        roots.push_back(op);
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    std::reverse(roots.begin(), roots.end());

    ConversionTarget target(getContext());
    // Upstream's legality: terminators (scf.yield, scf.reduce) go with
    // their parent op and must stay legal while it is being rewritten.
    target
        .addIllegalOp<scf::ForallOp, scf::ForOp, scf::IfOp, scf::IndexSwitchOp,
                      scf::ParallelOp, scf::WhileOp, scf::ExecuteRegionOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(roots, target, patterns)))
      signalPassFailure();
  }
};

} // namespace
