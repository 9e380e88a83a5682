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
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

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
    SmallVector<affine::AffineParallelOp> small, dynamic;
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
            if (!work)
              dynamic.push_back(loop);
            else if (*work < minWork)
              small.push_back(loop);
          }
          // Only outermost parallel loops: an inner one is sequential
          // already (affine-parallelize's one level) or stays as it is.
          return WalkResult::skip();
        });
    for (affine::AffineParallelOp loop : small)
      serialize(loop);
    for (affine::AffineParallelOp loop : dynamic)
      version(loop);
  }

  /// Where the work of `loop` is known only at run time: computes it
  /// before the loop and runs a sequential copy below `min-work` or where
  /// the loop has one iteration, the parallel loop otherwise. Both compute the
  /// same values: the iterations of a parallel loop without reductions are
  /// independent.
  void version(affine::AffineParallelOp loop) {
    OpBuilder builder(loop);
    // The ops that compute the work, to erase those that folding left
    // unused (constants that became part of others).
    struct Inserted : OpBuilder::Listener {
      void notifyOperationInserted(Operation *op,
                                   OpBuilder::InsertPoint) override {
        ops.push_back(op);
      }
      SmallVector<Operation *> ops;
    } inserted;
    builder.setListener(&inserted);
    Location loc = loop.getLoc();
    std::optional<tenferro::RuntimeWork> work =
        tenferro::buildRuntimeWork(builder, loop);
    if (!work)
      return;
    Value limit =
        arith::ConstantIndexOp::create(builder, loc, int64_t(minWork));
    Value little = builder.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::ult, work->work, limit);
    // One iteration (a dynamic extent within one chunk, whose work counts
    // the whole chunk) never gains from a second thread either.
    Value one = arith::ConstantIndexOp::create(builder, loc, 1);
    Value single = builder.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::ule, work->iterations, one);
    little = builder.createOrFold<arith::OrIOp>(loc, little, single);
    builder.setListener(nullptr);
    auto choice =
        scf::IfOp::create(builder, loc, little, scf::buildTerminatedBody,
                          scf::buildTerminatedBody);
    for (Operation *op : llvm::reverse(inserted.ops))
      if (isOpTriviallyDead(op))
        op->erase();
    builder.setInsertionPoint(choice.thenBlock()->getTerminator());
    auto sequential = cast<affine::AffineParallelOp>(builder.clone(*loop));
    loop->moveBefore(choice.elseBlock()->getTerminator());
    serialize(sequential);
  }
};

} // namespace
