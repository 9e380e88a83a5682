//===- VectorizeAffineLoops.cpp - super-vectorize nest by nest ------------===//
//
// Upstream's affine super-vectorizer applied per outermost loop nest, after
// promoting single-iteration loops. See Passes.td.
//
//===----------------------------------------------------------------------===//

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
        if (affine::isLoopParallel(loop) && onlyIdentityLayouts(loop))
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
