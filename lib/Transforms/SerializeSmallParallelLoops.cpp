//===- SerializeSmallParallelLoops.cpp - one thread for little work -------===//
//
// Turns outermost affine.parallel loops whose nests do little work into
// affine.for loops: an OpenMP region costs more than a second thread saves
// on them. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "OpWork.h"

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROSERIALIZESMALLPARALLELLOOPSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// The trip count of `loop` if static, else a static bound on it where its
/// upper bound minus its lower bound is a constant (a chunk
/// `[d0, min(d0 + c, n))`): the work of the loop at most.
std::optional<uint64_t> tripCountBound(affine::AffineForOp loop) {
  if (std::optional<uint64_t> count = affine::getConstantTripCount(loop))
    return count;
  AffineMap lower = loop.getLowerBoundMap();
  AffineMap upper = loop.getUpperBoundMap();
  // Both maps over the same operands, so that their results subtract.
  if (lower.getNumResults() != 1 || lower.getNumDims() != upper.getNumDims() ||
      lower.getNumSymbols() != upper.getNumSymbols() ||
      !llvm::equal(loop.getLowerBoundOperands(), loop.getUpperBoundOperands()))
    return std::nullopt;
  std::optional<uint64_t> bound;
  for (AffineExpr end : upper.getResults()) {
    AffineExpr span = simplifyAffineExpr(
        end - lower.getResult(0), upper.getNumDims(), upper.getNumSymbols());
    auto constant = dyn_cast<AffineConstantExpr>(span);
    if (!constant)
      continue;
    uint64_t count = llvm::divideCeil(std::max<int64_t>(0, constant.getValue()),
                                      loop.getStepAsInt());
    bound = bound ? std::min(*bound, count) : count;
  }
  return bound;
}

/// The trip count of each dimension of `loop`, if all are static.
std::optional<SmallVector<uint64_t>> tripCounts(affine::AffineParallelOp loop) {
  std::optional<SmallVector<int64_t>> ranges = loop.getConstantRanges();
  if (!ranges)
    return std::nullopt;
  SmallVector<uint64_t> counts;
  for (auto [range, step] : llvm::zip(*ranges, loop.getSteps()))
    counts.push_back(llvm::divideCeil(std::max<int64_t>(0, range), step));
  return counts;
}

/// Counts saturate: a count past 2^64 is large enough.
uint64_t times(uint64_t a, uint64_t b) {
  return llvm::SaturatingMultiply(a, b);
}
uint64_t plus(uint64_t a, uint64_t b) { return llvm::SaturatingAdd(a, b); }

std::optional<uint64_t> workOf(Operation *op);

/// The work of one run of the ops of `region` (and of what they hold).
std::optional<uint64_t> workIn(Region &region) {
  uint64_t total = 0;
  for (Block &block : region)
    for (Operation &op : block) {
      std::optional<uint64_t> work = workOf(&op);
      if (!work)
        return std::nullopt;
      total = plus(total, *work);
    }
  return total;
}

/// The work of `op`: its trip counts times the work of its body for a
/// loop, the work of its regions for another op with regions, opWork plus
/// one per memory access for the rest (the loops are scalar here: one
/// element per access), times its laneFactor (64-bit elements count
/// twice). None where a trip count is not static.
std::optional<uint64_t> workOf(Operation *op) {
  auto timesBody = [&](Region &body,
                       uint64_t count) -> std::optional<uint64_t> {
    std::optional<uint64_t> work = workIn(body);
    if (!work)
      return std::nullopt;
    return times(count, *work);
  };
  if (auto loop = dyn_cast<affine::AffineForOp>(op)) {
    std::optional<uint64_t> count = tripCountBound(loop);
    if (!count)
      return std::nullopt;
    return timesBody(loop.getRegion(), *count);
  }
  if (auto loop = dyn_cast<affine::AffineParallelOp>(op)) {
    std::optional<SmallVector<uint64_t>> counts = tripCounts(loop);
    if (!counts)
      return std::nullopt;
    uint64_t count = 1;
    for (uint64_t c : *counts)
      count = times(count, c);
    return timesBody(loop.getRegion(), count);
  }
  uint64_t total = 0;
  for (Region &region : op->getRegions()) {
    std::optional<uint64_t> work = workIn(region);
    if (!work)
      return std::nullopt;
    total = plus(total, *work);
  }
  bool access =
      isa<affine::AffineReadOpInterface, affine::AffineWriteOpInterface,
          memref::LoadOp, memref::StoreOp>(op);
  return plus(total, (tenferro::opWork(op, tenferro::kTranscendentalTime) +
                      (access ? 1 : 0)) *
                         tenferro::laneFactor(op));
}

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
          std::optional<SmallVector<uint64_t>> counts = tripCounts(loop);
          // One iteration: no threads (canonicalization removes it).
          bool single = counts && llvm::all_of(*counts, [](uint64_t count) {
                          return count == 1;
                        });
          if (!single && serializable(loop)) {
            std::optional<uint64_t> work = workOf(loop);
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
