//===- StripMineParallelLoops.cpp - chunks for threads and vectors --------===//
//
// Strip-mines parallel loop nests of depth one so that the chunk loop goes
// to threads and the loop within a chunk to vectors, and moves parallel
// loops out of sequential ones. See Passes.td.
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

/// A perfect nest under a sequential outermost loop with a parallel loop
/// inside (a reduction over axes outside the kept ones, docs/design.md):
/// `band` is the nest from the outermost loop, `parallel` the position of
/// its first parallel loop.
struct ParallelInsideSequential {
  SmallVector<affine::AffineForOp> band;
  unsigned parallel;
};

/// The permutation (loop i to position permMap[i]) of a band of `size`
/// loops that moves loop `p` outermost and keeps the others in order.
SmallVector<unsigned> outermostFirst(unsigned size, unsigned p) {
  SmallVector<unsigned> permMap(size);
  for (unsigned i = 0; i < size; ++i)
    permMap[i] = i < p ? i + 1 : i == p ? 0 : i;
  return permMap;
}

std::optional<ParallelInsideSequential>
matchParallelInsideSequential(affine::AffineForOp loop) {
  if (!isOutermost(loop) || affine::isLoopParallel(loop))
    return std::nullopt;
  ParallelInsideSequential nest;
  affine::getPerfectlyNestedLoops(nest.band, loop);
  for (unsigned p = 1; p < nest.band.size(); ++p) {
    if (!affine::isLoopParallel(nest.band[p]))
      continue;
    // Moving it outermost must keep every dependence (the reduced loops'
    // accumulations stay in order for each kept index).
    if (!affine::isValidLoopInterchangePermutation(
            nest.band, outermostFirst(nest.band.size(), p)))
      return std::nullopt;
    nest.parallel = p;
    return nest;
  }
  return std::nullopt;
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
    SmallVector<ParallelInsideSequential> hoisted;
    getOperation().walk([&](affine::AffineForOp loop) {
      if (innerChunkSize > 0) {
        if (std::optional<ParallelInsideSequential> nest =
                matchParallelInsideSequential(loop)) {
          affine::AffineForOp par = nest->band[nest->parallel];
          std::optional<uint64_t> trips = affine::getConstantTripCount(par);
          bool innermost = nest->parallel + 1 == nest->band.size();
          if (innermost && trips && *trips <= innerChunkSize)
            oneChunk.push_back(loop);
          else
            hoisted.push_back(*nest);
          return;
        }
      }
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
      if (trips && *trips <= chunkSize) {
        // At most one chunk: two halves of whole vectors, so that both
        // threads get vectors (a loop left whole would go to the threads
        // unvectorized); a loop of one vector stays whole, on one thread.
        uint64_t half = llvm::alignTo(llvm::divideCeil(*trips, 2),
                                      std::max<uint64_t>(outerChunkSize, 1));
        if (half >= *trips)
          oneChunk.push_back(loop);
        else
          loops.emplace_back(loop, half);
        return;
      }
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
    // A parallel loop inside sequential ones goes outermost: in chunks of
    // `inner-chunk-size` where it is the innermost loop (the chunk loop
    // outside, the loop within a chunk, contiguous, stays innermost for the
    // vectors), as it is where loops remain inside it.
    for (ParallelInsideSequential &nest : hoisted) {
      SmallVector<affine::AffineForOp> band(nest.band);
      unsigned p = nest.parallel;
      if (p + 1 == band.size()) {
        SmallVector<affine::AffineForOp> tile{band[p]}, tiled;
        if (failed(
                affine::tilePerfectlyNested(tile, {innerChunkSize}, &tiled))) {
          band[p].emitError("tenferro-strip-mine-parallel-loops: cannot "
                            "strip-mine this loop");
          return signalPassFailure();
        }
        band.pop_back();
        band.append(tiled.begin(), tiled.end());
      }
      // (The chunk loop takes the place of the loop the check above moved.)
      affine::permuteLoops(band, outermostFirst(band.size(), p));
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
