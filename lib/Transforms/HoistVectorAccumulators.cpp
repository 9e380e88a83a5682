//===- HoistVectorAccumulators.cpp - reduction accumulators in registers -===//
//
// Carries the vector partial sums of reductions through their loops as
// loop values instead of reading and writing them in memory on every
// iteration. See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROHOISTVECTORACCUMULATORSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Whether `loop`'s body reads and writes one buffer at the same indices,
/// at least one of which is the induction variable or computed from it:
/// the pair can only leave the enclosing loop once `loop` is unrolled.
bool hasLaneAccumulator(scf::ForOp loop) {
  Value iv = loop.getInductionVar();
  auto dependsOnIv = [&](Value index) {
    if (index == iv)
      return true;
    Operation *def = index.getDefiningOp();
    return def && def->getBlock() == loop.getBody() &&
           llvm::is_contained(def->getOperands(), iv);
  };
  for (Operation &op : *loop.getBody()) {
    auto write = dyn_cast<vector::TransferWriteOp>(&op);
    if (!write || !isa<MemRefType>(write.getBase().getType()))
      continue;
    for (Operation &other : *loop.getBody()) {
      auto read = dyn_cast<vector::TransferReadOp>(&other);
      if (read && read.getBase() == write.getBase() &&
          read.getIndices() == write.getIndices() &&
          read.getVectorType() == write.getVectorType() &&
          llvm::any_of(read.getIndices(), dependsOnIv))
        return true;
    }
  }
  return false;
}

/// Loads and stores through views of stack buffers (the tail of a lane
/// reduction's partials, tenferro-fuse-column-tiles with lane-steps) made
/// to access the buffer itself, and the views erased: upstream's hoisting
/// leaves a buffer that has a view alone.
void foldStackViews(func::FuncOp func) {
  auto isStackView = [](memref::SubViewOp view) {
    return view.getSource().getDefiningOp<memref::AllocaOp>() != nullptr;
  };
  SmallVector<Operation *> accesses;
  func.walk([&](memref::SubViewOp view) {
    if (!isStackView(view))
      return;
    for (Operation *user : view->getUsers())
      if (isa<memref::LoadOp, memref::StoreOp>(user))
        accesses.push_back(user);
  });
  if (accesses.empty())
    return;
  RewritePatternSet patterns(func.getContext());
  memref::populateFoldMemRefAliasOpPatterns(patterns);
  (void)applyOpPatternsGreedily(accesses, std::move(patterns));
  // Found again rather than kept from before: the driver erases the views
  // it leaves dead where they are in its scope (views inside a loop).
  func.walk([&](memref::SubViewOp view) {
    if (isStackView(view) && view->use_empty())
      view.erase();
  });
}

bool isInnermost(scf::ForOp loop) {
  return !loop.getBody()
              ->walk(
                  [](LoopLikeOpInterface) { return WalkResult::interrupt(); })
              .wasInterrupted();
}

struct HoistVectorAccumulatorsPass
    : tenferro::impl::TenferroHoistVectorAccumulatorsPassBase<
          HoistVectorAccumulatorsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<scf::ForOp> lanes;
    func.walk([&](scf::ForOp loop) {
      std::optional<APInt> trips = loop.getStaticTripCount();
      if (trips && trips->ugt(1) && trips->ule(maxUnroll) &&
          isInnermost(loop) && isa<scf::ForOp>(loop->getParentOp()) &&
          hasLaneAccumulator(loop))
        lanes.push_back(loop);
    });
    for (scf::ForOp loop : lanes) {
      // Full unrolling fails only without a static trip count.
      LogicalResult unrolled = loopUnrollFull(loop);
      assert(succeeded(unrolled) && "static trip count checked above");
      (void)unrolled;
    }
    foldStackViews(func);
    // Upstream moves loop-invariant code out of every loop first, on each
    // of its iterations, so the reads' invariant indices are exposed.
    linalg::hoistRedundantVectorTransfers(func, /*verifyNonZeroTrip=*/false);
  }
};

} // namespace
