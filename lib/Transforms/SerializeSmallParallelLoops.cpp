//===- SerializeSmallParallelLoops.cpp - one thread for little work -------===//
//
// Turns outermost affine.parallel loops whose nests do little work into
// affine.for loops: an OpenMP region costs more than a second thread saves
// on them. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "OpWork.h"

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROSERIALIZESMALLPARALLELLOOPSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// `loop` as nested affine.for loops, one per dimension, outermost first,
/// its static allocas before them.
void serialize(affine::AffineParallelOp loop) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  Block *parallelBody = loop.getBody();
  SmallVector<memref::AllocaOp> allocas;
  for (auto alloca : parallelBody->getOps<memref::AllocaOp>())
    allocas.push_back(alloca);
  for (memref::AllocaOp alloca : allocas)
    alloca->moveBefore(loop);
  SmallVector<Value> ivs;
  affine::AffineForOp innermost;
  for (auto [dim, step] : llvm::enumerate(loop.getSteps())) {
    innermost = affine::AffineForOp::create(
        builder, loc, loop.getLowerBoundsOperands(), loop.getLowerBoundMap(dim),
        loop.getUpperBoundsOperands(), loop.getUpperBoundMap(dim), step);
    ivs.push_back(innermost.getInductionVar());
    builder.setInsertionPointToStart(innermost.getBody());
  }
  for (auto [arg, iv] : llvm::zip(parallelBody->getArguments(), ivs))
    arg.replaceAllUsesWith(iv);
  Block *body = innermost.getBody();
  body->getOperations().splice(
      body->getTerminator()->getIterator(), parallelBody->getOperations(),
      parallelBody->begin(), std::prev(parallelBody->end()));
  loop.erase();
}

/// Whether `loop` may become sequential loops: no reductions, and only
/// static allocas directly in its body (which move before the loops).
bool serializable(affine::AffineParallelOp loop) {
  if (loop.getNumResults() != 0 || loop.getNumDims() == 0)
    return false;
  WalkResult result = loop.getBody()->walk([&](memref::AllocaOp alloca) {
    return alloca->getBlock() == loop.getBody() &&
                   alloca.getDynamicSizes().empty() &&
                   alloca.getSymbolOperands().empty()
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

struct SerializeSmallParallelLoopsPass
    : public tenferro::impl::TenferroSerializeSmallParallelLoopsPassBase<
          SerializeSmallParallelLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (minWork == 0)
      return;
    SmallVector<affine::AffineParallelOp> small;
    getOperation().walk<WalkOrder::PreOrder>(
        [&](affine::AffineParallelOp loop) {
          // One iteration: no threads (canonicalization removes it).
          std::optional<SmallVector<uint64_t>> counts =
              tenferro::staticTripCounts(loop);
          bool single = counts && llvm::all_of(*counts, [](uint64_t count) {
                          return count == 1;
                        });
          if (!single && serializable(loop)) {
            std::optional<uint64_t> work = tenferro::staticWork(loop);
            if (work && *work < minWork)
              small.push_back(loop);
          }
          // Only outermost parallel loops: an inner one is sequential
          // already (affine-parallelize's one level) or stays as it is.
          return WalkResult::skip();
        });
    for (affine::AffineParallelOp loop : small)
      serialize(loop);
  }
};

} // namespace
