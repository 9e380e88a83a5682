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

/// Whether `loop` is the outermost loop of its nest.
bool isOutermost(affine::AffineForOp loop) {
  return !loop->getParentOfType<affine::AffineForOp>() &&
         !loop->getParentOfType<affine::AffineParallelOp>();
}

/// Whether `loop`'s body holds no loop.
bool holdsNoLoop(affine::AffineForOp loop) {
  WalkResult result = loop.getBody()->walk([](Operation *op) {
    return isa<affine::AffineForOp, affine::AffineParallelOp>(op)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// A loop that is the whole nest: not inside another loop, holding none.
bool isLoneLoop(affine::AffineForOp loop) {
  return isOutermost(loop) && holdsNoLoop(loop);
}

/// The parallel outer loop of a nest of depth two around a sequential
/// loop (the lanes of a vector reduction around its groups): not inside
/// another loop, holding one loop and no other op, which holds no loop.
bool isLanesAroundSequentialLoop(affine::AffineForOp loop) {
  if (!isOutermost(loop) || !affine::isLoopParallel(loop))
    return false;
  Block *body = loop.getBody();
  if (body->getOperations().size() != 2)
    return false;
  auto inner = dyn_cast<affine::AffineForOp>(body->front());
  return inner && !affine::isLoopParallel(inner) && holdsNoLoop(inner);
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
    SmallVector<std::pair<affine::AffineForOp, unsigned>> loops;
    SmallVector<affine::AffineForOp> oneChunk;
    getOperation().walk([&](affine::AffineForOp loop) {
      if (outerChunkSize > 0 && isLanesAroundSequentialLoop(loop)) {
        std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
        if (trips && *trips <= outerChunkSize)
          oneChunk.push_back(loop);
        else
          loops.emplace_back(loop, outerChunkSize);
        return;
      }
      if (!isLoneLoop(loop) || !affine::isLoopParallel(loop))
        return;
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      if (trips && *trips <= chunkSize)
        return;
      loops.emplace_back(loop, chunkSize);
    });
    for (auto [loop, size] : loops) {
      SmallVector<affine::AffineForOp> band{loop};
      if (failed(affine::tilePerfectlyNested(band, {size}))) {
        loop.emitError("tenferro-strip-mine-parallel-loops: cannot "
                       "strip-mine this loop");
        return signalPassFailure();
      }
    }
    // All lanes in one chunk: the nest goes into a parallel loop of one
    // iteration. affine-parallelize takes only the outermost parallel loop
    // of a nest, so it leaves the lanes to the vectorizer, as without
    // parallel-loops (a chunk loop from tiling would have bounds that hide
    // the lanes' extent from tenferro-peel-vector-loops, so every read
    // would be masked); canonicalization removes the loop later.
    for (affine::AffineForOp loop : oneChunk) {
      OpBuilder b(loop);
      auto single = affine::AffineParallelOp::create(
          b, loop.getLoc(), TypeRange{}, ArrayRef<arith::AtomicRMWKind>{},
          ArrayRef<int64_t>{1});
      loop->moveBefore(single.getBody()->getTerminator());
    }
  }
};

} // namespace
