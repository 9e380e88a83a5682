//===- StripMineParallelLoops.cpp - chunks for threads and vectors --------===//
//
// Strip-mines parallel loop nests of depth one so that the chunk loop goes
// to threads and the loop within a chunk to vectors, and moves parallel
// loops out of sequential ones. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "OpWork.h"

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"

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

/// The chunk size for a parallel loop of `trips` iterations (when static)
/// in the nest `nest`, cut for the threads: `chunk`, or where the loop fits
/// one chunk, two halves of whole vectors of `vector` iterations, so that
/// both threads get a vectorized half where the loop left whole would go to
/// the threads unvectorized (a lone loop) or run on one thread (the kept
/// axis of a row sum). None (std::nullopt: one thread, the loop whole)
/// where the halves would be one chunk (a loop of one vector), or where the
/// nest's static work is below `minWork`: one thread runs it
/// (tenferro-serialize-small-parallel-loops would serialize the halves,
/// and the lanes of a sum in two halves on one thread read the data twice).
std::optional<uint64_t> chunkFor(std::optional<uint64_t> trips, Operation *nest,
                                 uint64_t chunk, uint64_t vector,
                                 uint64_t minWork,
                                 uint64_t registerVectors = 0) {
  if (!trips || *trips > chunk)
    return chunk;
  uint64_t half =
      llvm::alignTo(llvm::divideCeil(*trips, 2), std::max<uint64_t>(vector, 1));
  if (half >= *trips)
    return std::nullopt;
  if (minWork > 0) {
    // Halves of at most `registerVectors` vectors keep their partial
    // results in registers: the work count charges each element a load and
    // a store of them that the registers save, twice the real work.
    if (half <= registerVectors * vector)
      minWork *= 2;
    std::optional<uint64_t> work = tenferro::staticWork(nest);
    if (work && *work < minWork)
      return std::nullopt;
  }
  return half;
}

/// The bytes of the narrowest element `loop`'s body reads or writes (8
/// where it accesses no memref of integers, floats or complex numbers):
/// the bytes one iteration moves along a contiguous run of that buffer.
uint64_t narrowestElementBytes(affine::AffineForOp loop) {
  uint64_t bytes = 0;
  loop.getBody()->walk([&](Operation *op) {
    Value memref;
    if (auto read = dyn_cast<affine::AffineReadOpInterface>(op))
      memref = read.getMemRef();
    else if (auto write = dyn_cast<affine::AffineWriteOpInterface>(op))
      memref = write.getMemRef();
    else
      return;
    Type element = cast<MemRefType>(memref.getType()).getElementType();
    uint64_t factor = 1;
    if (auto complex = dyn_cast<ComplexType>(element)) {
      element = complex.getElementType();
      factor = 2;
    }
    if (!element.isIntOrFloat())
      return;
    uint64_t size =
        factor * llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
    bytes = bytes ? std::min(bytes, size) : size;
  });
  return bytes ? bytes : 8;
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
    SmallVector<std::pair<ParallelInsideSequential, unsigned>> hoisted;
    getOperation().walk([&](affine::AffineForOp loop) {
      if (innerChunkSize > 0) {
        if (std::optional<ParallelInsideSequential> nest =
                matchParallelInsideSequential(loop)) {
          affine::AffineForOp par = nest->band[nest->parallel];
          if (nest->parallel + 1 != nest->band.size()) {
            hoisted.emplace_back(*nest, 0);
            return;
          }
          // Halves of at most four vectors (the 64 lanes of a sum in halves
          // of 32) keep their partial results in registers for the whole
          // sequential loop (tenferro-hoist-vector-accumulators): they need
          // twice `minWork` (2^16 f32 elements in halves: 0.7x to 0.9x the
          // speed of one thread), and are exempt from `minRunBytes` below.
          constexpr uint64_t kRegisterVectors = 4;
          std::optional<uint64_t> size =
              chunkFor(affine::getConstantTripCount(par), loop, innerChunkSize,
                       outerChunkSize, minWork, kRegisterVectors);
          // Halves of short runs: each thread reads part of each row, and
          // the hardware's streams break at every row (row sums of 1024 x
          // 1024 f32 in halves of 2 KiB: 0.7x the time of one thread).
          // Halves in registers only stream their half of every group (a
          // sum's lanes: 1.3x to 1.6x the speed of one thread from 2^17
          // f32 elements, docs/performance.md).
          bool inRegisters = size && *size <= kRegisterVectors * outerChunkSize;
          if (size && *size < innerChunkSize && !inRegisters &&
              *size * narrowestElementBytes(par) < minRunBytes)
            size = std::nullopt;
          if (size)
            hoisted.emplace_back(*nest, *size);
          else
            oneChunk.push_back(loop);
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
      std::optional<uint64_t> size =
          chunkFor(affine::getConstantTripCount(loop), loop, chunkSize,
                   outerChunkSize, minWork);
      if (size)
        loops.emplace_back(loop, *size);
      else
        oneChunk.push_back(loop);
    });
    for (auto [loop, size] : loops) {
      SmallVector<affine::AffineForOp> band{loop};
      if (failed(affine::tilePerfectlyNested(band, {size}))) {
        loop.emitError("tenferro-strip-mine-parallel-loops: cannot "
                       "strip-mine this loop");
        return signalPassFailure();
      }
    }
    // A parallel loop inside sequential ones goes outermost: in chunks
    // (`size`: `inner-chunk-size`, or halves as above) where it is the
    // innermost loop (the chunk loop outside, the loop within a chunk,
    // contiguous, stays innermost for the vectors), as it is where loops
    // remain inside it (`size` 0).
    for (auto &[nest, size] : hoisted) {
      SmallVector<affine::AffineForOp> band(nest.band);
      unsigned p = nest.parallel;
      if (size > 0) {
        std::optional<uint64_t> trips = affine::getConstantTripCount(band[p]);
        SmallVector<affine::AffineForOp> tile{band[p]}, tiled;
        if (failed(affine::tilePerfectlyNested(tile, {size}, &tiled))) {
          band[p].emitError("tenferro-strip-mine-parallel-loops: cannot "
                            "strip-mine this loop");
          return signalPassFailure();
        }
        band.pop_back();
        band.append(tiled.begin(), tiled.end());
        // Even halves: the loop within a half runs from 0, its indices
        // offset by the half's start, so its constant trip count shows
        // (tenferro-peel-vector-loops proves its accesses in bounds from the
        // loops' steps; the lanes of a sum unroll into registers). Uneven
        // halves keep their bounds: the peeling pass checks those once and
        // masks the partial vector alone.
        if (size < innerChunkSize && trips && *trips % size == 0)
          (void)affine::normalizeAffineFor(tiled.back());
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
