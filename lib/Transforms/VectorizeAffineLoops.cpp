//===- VectorizeAffineLoops.cpp - super-vectorize nest by nest ------------===//
//
// Upstream's affine super-vectorizer applied per outermost loop nest, after
// promoting single-iteration loops. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "AffineCoefficient.h"

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROVECTORIZEAFFINELOOPSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Whether every memref `loop` loads from or stores to has the identity
/// layout. The super-vectorizer's contiguity check takes no other layout
/// (it emits "NYI: non-trivial layout map" as an error and leaves the
/// loop): loops over strided views (the last few elements of a reduction
/// in lanes) stay scalar.
bool onlyIdentityLayouts(affine::AffineForOp loop) {
  WalkResult result = loop->walk([](Operation *op) {
    Value memref;
    if (auto load = dyn_cast<affine::AffineLoadOp>(op))
      memref = load.getMemRef();
    else if (auto store = dyn_cast<affine::AffineStoreOp>(op))
      memref = store.getMemRef();
    if (memref && !cast<MemRefType>(memref.getType()).getLayout().isIdentity())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Whether every affine load and store in `loop` moves its last index by
/// 0 or 1 elements per iteration of `loop`. The super-vectorizer reads a
/// vector of consecutive elements wherever the last index depends on the
/// loop, whatever the stride: x[2 * i] (or a flat view's row index, i *
/// stride; tenferro-linearize-strided-accesses) would be read as x[i],
/// x[i + 1], ... Such loops stay scalar.
bool unitStrideAlong(affine::AffineForOp loop) {
  Value iv = loop.getInductionVar();
  WalkResult result = loop->walk([&](Operation *op) {
    AffineMap map;
    SmallVector<Value> operands;
    if (auto read = dyn_cast<affine::AffineReadOpInterface>(op)) {
      map = read.getAffineMap();
      llvm::append_range(operands, read.getMapOperands());
    } else if (auto write = dyn_cast<affine::AffineWriteOpInterface>(op)) {
      map = write.getAffineMap();
      llvm::append_range(operands, write.getMapOperands());
    } else {
      return WalkResult::advance();
    }
    if (map.getNumResults() == 0)
      return WalkResult::advance();
    AffineMap last = map.getSubMap({map.getNumResults() - 1});
    affine::fullyComposeAffineMapAndOperands(&last, &operands);
    AffineExpr expr = last.getResult(0);
    int64_t coefficient = 0;
    for (unsigned d = 0; d < last.getNumDims(); ++d) {
      if (operands[d] != iv)
        continue;
      std::optional<int64_t> c = tenferro::coefficientOfDim(expr, d);
      if (!c)
        return WalkResult::interrupt();
      coefficient += *c;
    }
    return coefficient == 0 || coefficient == 1 ? WalkResult::advance()
                                                : WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// Whether `value` is `iv` or computed from it by affine.apply ops.
bool dependsOn(Value value, Value iv) {
  if (value == iv)
    return true;
  auto apply = value.getDefiningOp<affine::AffineApplyOp>();
  return apply && llvm::any_of(apply.getMapOperands(), [&](Value operand) {
           return dependsOn(operand, iv);
         });
}

/// Whether a loop inside `loop` has a bound computed from `loop`'s
/// induction variable (a chunk `[i, min(i + c, n))` of a sequential loop
/// over chunks). Where the inner loop is not vectorizable, upstream's
/// vectorizer vectorizes `loop` instead, into a vector.transfer_write the
/// verifier rejects (MLIR 22; with the release libMLIR the verifier
/// crashes). Such loops stay scalar; their inner loops may be vectorized.
bool boundsInnerLoop(affine::AffineForOp loop) {
  Value iv = loop.getInductionVar();
  WalkResult result = loop.getBody()->walk([&](affine::AffineForOp inner) {
    return llvm::any_of(inner.getOperands(),
                        [&](Value bound) { return dependsOn(bound, iv); })
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return result.wasInterrupted();
}

struct VectorizeAffineLoopsPass
    : public tenferro::impl::TenferroVectorizeAffineLoopsPassBase<
          VectorizeAffineLoopsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (vectorSize == 0)
      return emitError(UnknownLoc::get(ctx))
             << "tenferro-vectorize-affine-loops: vector-size must be at "
                "least 1";
    return success();
  }

  void runOnOperation() override {
    // Post-order: inner loops are promoted before their parents are
    // looked at, so a nest of single-iteration loops folds completely.
    getOperation().walk([](affine::AffineForOp loop) {
      (void)affine::promoteIfSingleIteration(loop);
    });

    SmallVector<affine::AffineForOp> nests;
    getOperation().walk<WalkOrder::PreOrder>([&](affine::AffineForOp loop) {
      nests.push_back(loop);
      return WalkResult::skip();
    });
    int64_t size = vectorSize;
    for (affine::AffineForOp nest : nests) {
      DenseSet<Operation *> parallel;
      nest->walk([&](affine::AffineForOp loop) {
        if (affine::isLoopParallel(loop) && onlyIdentityLayouts(loop) &&
            unitStrideAlong(loop) && !boundsInnerLoop(loop))
          parallel.insert(loop);
      });
      if (parallel.empty())
        continue;
      // The nest is the matching root (matching walks the root itself
      // too): patterns see this nest and nothing else. With one vector
      // size there is one pattern, matched before anything is rewritten,
      // so the root may be replaced by its vectorized copy.
      affine::vectorizeAffineLoops(nest, parallel, {size}, {});
    }
  }
};

} // namespace
