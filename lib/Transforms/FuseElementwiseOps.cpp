//===- FuseElementwiseOps.cpp - elementwise fusion into reductions --------===//
//
// Upstream's elementwise fusion with a control function that also fuses a
// producer whose other uses only slice it (a lane reduction's vector
// tail), and the slices bubbled up through the producer, so that a
// reduction and the elementwise ops feeding it become one loop nest. See
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROFUSEELEMENTWISEOPSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Fuses the producer of `fused` when every other use of it reads a slice:
/// the slices are then computed from the producer's operands (the
/// bubble-up patterns), and the producer's full result is never stored.
bool onlySlicedElsewhere(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  if (!producer)
    return false;
  return llvm::all_of(producer->getUses(), [&](OpOperand &use) {
    return &use == fused || isa<tensor::ExtractSliceOp>(use.getOwner());
  });
}

struct FuseElementwiseOpsPass
    : public tenferro::impl::TenferroFuseElementwiseOpsPassBase<
          FuseElementwiseOpsPass> {
  using TenferroFuseElementwiseOpsPassBase::TenferroFuseElementwiseOpsPassBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    linalg::populateElementwiseOpsFusionPatterns(patterns, onlySlicedElsewhere);
    linalg::populateBubbleUpExtractSliceOpPatterns(patterns);
    // Fusion only optimizes: where the driver stops at its iteration limit
    // with producers left unfused, the IR is still correct, and a valid
    // program must not fail to compile for it.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace
