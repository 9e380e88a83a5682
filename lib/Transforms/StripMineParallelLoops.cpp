//===- StripMineParallelLoops.cpp - chunks for threads and vectors --------===//
//
// Strip-mines parallel loop nests of depth one so that the chunk loop goes
// to threads and the loop within a chunk to vectors. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/LoopUtils.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROSTRIPMINEPARALLELLOOPSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// A loop that is the whole nest: not inside another loop, holding none.
bool isLoneLoop(affine::AffineForOp loop) {
  if (loop->getParentOfType<affine::AffineForOp>() ||
      loop->getParentOfType<affine::AffineParallelOp>())
    return false;
  bool nested = false;
  loop.getBody()->walk([&](Operation *op) {
    if (isa<affine::AffineForOp, affine::AffineParallelOp>(op))
      nested = true;
  });
  return !nested;
}

struct StripMineParallelLoopsPass
    : public tenferro::impl::TenferroStripMineParallelLoopsPassBase<
          StripMineParallelLoopsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (chunkSize < 1)
      return emitError(UnknownLoc::get(ctx))
             << "tenferro-strip-mine-parallel-loops: chunk-size must be at "
                "least 1";
    return success();
  }

  void runOnOperation() override {
    SmallVector<affine::AffineForOp> loops;
    getOperation().walk([&](affine::AffineForOp loop) {
      if (!isLoneLoop(loop) || !affine::isLoopParallel(loop))
        return;
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      if (trips && *trips <= chunkSize)
        return;
      loops.push_back(loop);
    });
    for (affine::AffineForOp loop : loops) {
      SmallVector<affine::AffineForOp> band{loop};
      if (failed(affine::tilePerfectlyNested(band, {chunkSize}))) {
        loop.emitError("tenferro-strip-mine-parallel-loops: cannot "
                       "strip-mine this loop");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
