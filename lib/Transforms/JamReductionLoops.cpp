//===- JamReductionLoops.cpp - accumulators read once per several rows ----===//
//
// Unroll-and-jams the reduced loop around a reduction's innermost loop so
// that each accumulator element is read and written once per `factor`
// iterations of the reduced loop instead of once per iteration, the
// additions in the same order. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROJAMREDUCTIONLOOPSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Whether `expr` is dimension `pos` plus terms of the other dimensions
/// and symbols: an index that takes a different value for every value of
/// dimension `pos`, the others fixed.
bool isDimPlusInvariant(AffineExpr expr, unsigned pos) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dim.getPosition() == pos;
  auto sum = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!sum || sum.getKind() != AffineExprKind::Add)
    return false;
  AffineExpr lhs = sum.getLHS(), rhs = sum.getRHS();
  return (isDimPlusInvariant(lhs, pos) && !rhs.isFunctionOfDim(pos)) ||
         (isDimPlusInvariant(rhs, pos) && !lhs.isFunctionOfDim(pos));
}

/// Whether `access` (an affine load or store in `inner`) indexes its
/// buffer by `inner`'s induction variable plus values that `outer` does
/// not change: one accumulator element per iteration of `inner`, the same
/// element in every iteration of `outer`.
bool isAccumulatorAccess(Operation *access, affine::AffineForOp inner,
                         affine::AffineForOp outer) {
  affine::MemRefAccess memrefAccess(access);
  affine::AffineValueMap map;
  memrefAccess.getAccessMap(&map);
  Value iv = inner.getInductionVar(), outerIv = outer.getInductionVar();
  std::optional<unsigned> pos;
  for (unsigned i = 0, n = map.getNumDims(); i < n; ++i)
    if (map.getOperand(i) == iv)
      pos = i;
  unsigned byIv = 0;
  for (unsigned r = 0, e = map.getNumResults(); r < e; ++r) {
    if (map.isFunctionOf(r, outerIv))
      return false;
    if (!map.isFunctionOf(r, iv))
      continue;
    ++byIv;
    if (!pos || !isDimPlusInvariant(map.getResult(r), *pos))
      return false;
  }
  return byIv == 1;
}

/// The innermost loop of a reduction that `outer`, a reduced loop, runs
/// around (`outer`'s only op), when unroll-and-jam of `outer` keeps every
/// result: the inner loop's bounds do not depend on `outer`; its body has
/// no loops, no side effects but affine loads and stores, and stores only
/// to accumulators, buffers whose every access in the body is the same
/// element for an iteration of the inner loop and every iteration of
/// `outer` (isAccumulatorAccess). Iteration `j + 1` of `outer` then
/// depends on iteration `j` only at the same inner iteration, which the
/// jammed loop runs after it. Null otherwise.
affine::AffineForOp reductionInner(affine::AffineForOp outer) {
  Block *body = outer.getBody();
  if (!llvm::hasSingleElement(body->without_terminator()) ||
      outer.getNumIterOperands() != 0)
    return nullptr;
  auto inner = dyn_cast<affine::AffineForOp>(body->front());
  if (!inner || inner.getNumIterOperands() != 0)
    return nullptr;
  Value outerIv = outer.getInductionVar();
  if (llvm::is_contained(inner.getLowerBoundOperands(), outerIv) ||
      llvm::is_contained(inner.getUpperBoundOperands(), outerIv))
    return nullptr;
  DenseMap<Value, Operation *> accumulators;
  SmallVector<Operation *> reads;
  for (Operation &op : inner.getBody()->without_terminator()) {
    if (auto store = dyn_cast<affine::AffineWriteOpInterface>(&op)) {
      if (!isa<affine::AffineStoreOp>(&op) ||
          !isAccumulatorAccess(&op, inner, outer))
        return nullptr;
      Operation *&seen = accumulators[store.getMemRef()];
      if (seen && affine::MemRefAccess(seen) != affine::MemRefAccess(&op))
        return nullptr;
      seen = &op;
      continue;
    }
    if (isa<affine::AffineReadOpInterface>(&op)) {
      if (!isa<affine::AffineLoadOp>(&op))
        return nullptr;
      reads.push_back(&op);
      continue;
    }
    if (op.getNumRegions() != 0 || !isMemoryEffectFree(&op))
      return nullptr;
  }
  if (accumulators.empty())
    return nullptr;
  // Reads of an accumulator read the element its store writes.
  for (Operation *read : reads) {
    Value memref = cast<affine::AffineReadOpInterface>(read).getMemRef();
    auto it = accumulators.find(memref);
    if (it != accumulators.end() &&
        affine::MemRefAccess(read) != affine::MemRefAccess(it->second))
      return nullptr;
  }
  return inner;
}

/// In the jammed body, each read of an accumulator after a store to it
/// takes the stored value, and each store followed by another store to the
/// same accumulator is erased: one read before the copies, one write after
/// them. Sound because every access to an accumulator in the body is the
/// same element (reductionInner) and distinct buffers do not overlap
/// (Passes.td).
void forwardAccumulators(affine::AffineForOp inner) {
  DenseMap<Value, affine::AffineStoreOp> lastStore;
  for (Operation &op :
       llvm::make_early_inc_range(inner.getBody()->without_terminator())) {
    if (auto load = dyn_cast<affine::AffineLoadOp>(&op)) {
      auto it = lastStore.find(load.getMemRef());
      if (it == lastStore.end())
        continue;
      load.getResult().replaceAllUsesWith(it->second.getValueToStore());
      load.erase();
      continue;
    }
    auto store = dyn_cast<affine::AffineStoreOp>(&op);
    if (!store)
      continue;
    affine::AffineStoreOp &previous = lastStore[store.getMemRef()];
    if (previous)
      previous.erase();
    previous = store;
  }
}

struct JamReductionLoopsPass
    : public tenferro::impl::TenferroJamReductionLoopsPassBase<
          JamReductionLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (factor < 2)
      return;
    struct Nest {
      affine::AffineForOp outer, inner;
      uint64_t by; // the factor, at most the outer trip count
    };
    SmallVector<Nest> nests;
    getOperation().walk([&](affine::AffineForOp outer) {
      affine::AffineForOp inner = reductionInner(outer);
      if (!inner)
        return;
      std::optional<uint64_t> innerTrips = affine::getConstantTripCount(inner);
      if (innerTrips && *innerTrips < minInnerTrips)
        return;
      std::optional<uint64_t> trips = affine::getConstantTripCount(outer);
      if (trips && *trips < 2)
        return;
      nests.push_back(
          {outer, inner, trips ? std::min<uint64_t>(factor, *trips) : factor});
    });
    for (auto [outer, inner, by] : nests) {
      // The jammed body stays in `inner` (the cleanup loop, for trip counts
      // that `by` does not divide, is a copy of the nest after it).
      if (failed(affine::loopUnrollJamByFactor(outer, by)))
        continue;
      forwardAccumulators(inner);
    }
  }
};

} // namespace
