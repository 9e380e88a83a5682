//===- FuseElementwiseOps.cpp - elementwise fusion into reductions --------===//
//
// Upstream's elementwise fusion with a control function that also fuses a
// producer whose other uses only slice it (a lane reduction's vector
// tail), and the slices bubbled up through the producer (by a pattern of
// our own: upstream's misplaces slices of ops that read their indices), so
// that a reduction and the elementwise ops feeding it become one loop nest;
// with within-segments, only inside one segment (an scf.execute_region
// marked tenferro.segment). See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "LaneCombination.h"

#include "tenferro/Transforms/Passes.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROFUSEELEMENTWISEOPSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Whether `a` and `b` lie directly in the region of one op marked
/// `tenferro.segment`: the lowering of one segment of the runtime.
bool inOneSegment(Operation *a, Operation *b) {
  Operation *parent = a->getParentOp();
  return parent == b->getParentOp() &&
         parent->hasAttr(tenferro::TenferroDialect::kSegmentAttrName);
}

/// Whether `consumer` reads each element of `operand` at several iterations:
/// a loop of extent other than 1 does not index it (a broadcast).
bool reusesElements(linalg::LinalgOp consumer, OpOperand &operand) {
  AffineMap map = consumer.getMatchingIndexingMap(&operand);
  for (auto [dim, extent] : llvm::enumerate(consumer.getStaticLoopRanges()))
    if (extent != 1 && !map.isFunctionOfDim(dim))
      return true;
  return false;
}

/// Whether computing an element of `producer` costs more than a few
/// instructions: its body calls a function or holds an op other than
/// arith's cheap ones (a math function, a division, a remainder, complex
/// arithmetic).
bool isExpensive(Operation *producer) {
  WalkResult walk = producer->walk([&](Operation *op) {
    if (op == producer || isa<linalg::YieldOp, linalg::IndexOp>(op))
      return WalkResult::advance();
    if (isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp, arith::CeilDivSIOp,
            arith::CeilDivUIOp, arith::FloorDivSIOp, arith::RemFOp,
            arith::RemSIOp, arith::RemUIOp>(op) ||
        !isa<arith::ArithDialect>(op->getDialect()))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Fuses the producer of `fused` when every other use of it reads a slice:
/// the slices are then computed from the producer's operands (the
/// bubble-up patterns), and the producer's full result is never stored.
/// Other uses by the same consumer count too where the consumer is a lane
/// reduction's pairwise combination (which reads its groups at 16
/// positions) without loops, a vector's: they are fused in turn, and the
/// groups need no buffer. With loops (one combination per row) they do not
/// unless `foldsIntoRowCombinations`: the fused body would read every
/// row's lanes one scalar at a time, where the fold into groups runs in
/// vectors and lane-tiles keeps a row's groups in registers. Any other
/// consumer with two uses of the producer (`e * e`) would compute it twice
/// per element. A lane reduction's combination is not fused into its
/// consumers: they would combine a row's 16 groups again at every element
/// they broadcast the result to (layer norm's `x - mean`). With
/// `withinSegments`, only where producer and consumer are in one segment.
/// An expensive producer is not fused into a consumer that broadcasts it
/// (layer norm's rsqrt of a column's variance, read at every element of the
/// column): the fused loop would compute it again for every element, as
/// XLA's fusion also declines.
bool onlySlicedElsewhere(OpOperand *fused, bool withinSegments,
                         bool foldsIntoRowCombinations) {
  Operation *producer = fused->get().getDefiningOp();
  if (!producer)
    return false;
  if (auto linalgProducer = dyn_cast<linalg::LinalgOp>(producer))
    if (tenferro::isLaneCombination(linalgProducer))
      return false;
  if (withinSegments && !inOneSegment(producer, fused->getOwner()))
    return false;
  Operation *consumer = fused->getOwner();
  auto linalgConsumer = dyn_cast<linalg::LinalgOp>(consumer);
  if (linalgConsumer && reusesElements(linalgConsumer, *fused) &&
      isExpensive(producer))
    return false;
  bool fusesEveryUse =
      linalgConsumer && tenferro::isLaneCombination(linalgConsumer) &&
      (foldsIntoRowCombinations || linalgConsumer.getNumLoops() == 0);
  return llvm::all_of(producer->getUses(), [&](OpOperand &use) {
    if (use.getOwner() == consumer)
      return &use == fused || fusesEveryUse;
    return isa<tensor::ExtractSliceOp>(use.getOwner());
  });
}

/// A slice of the only result of a linalg op on tensors, where the op has no
/// other use, computed by the op on slices of its operands. Upstream's
/// pattern (linalg::populateBubbleUpExtractSliceOpPatterns) does the same in
/// LLVM 22 but leaves the op's linalg.index ops counting from zero, so an op
/// that reads its indices (a pad, an iota) computes the slice at the wrong
/// place; here they count from the slice's offsets.
/// With `withinSegments`, only a slice in the producer's segment.
struct BubbleUpExtractSlice : public OpRewritePattern<tensor::ExtractSliceOp> {
  BubbleUpExtractSlice(MLIRContext *ctx, bool withinSegments)
      : OpRewritePattern(ctx), withinSegments(withinSegments) {}
  bool withinSegments;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp slice,
                                PatternRewriter &rewriter) const override {
    // The only use; or, of an elementwise producer, every use a slice (a
    // lane reduction's remainder after its parts and its tail): each is
    // computed from the operands, and the producer goes away with the
    // last. A reduction whose result several slices read (the partials'
    // slices that fold the lanes into groups) stays whole: each slice would
    // repeat it over part of its lanes.
    auto producer = slice.getSource().getDefiningOp<linalg::LinalgOp>();
    if (!producer || producer.getNumDpsInits() != 1 ||
        !producer.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(
          slice, "not a one-result linalg op on tensors");
    if (!producer->hasOneUse() &&
        (producer.getNumLoops() != producer.getNumParallelLoops() ||
         !llvm::all_of(producer->getUsers(), [](Operation *user) {
           return isa<tensor::ExtractSliceOp>(user);
         })))
      return rewriter.notifyMatchFailure(
          slice, "not the only use, nor one of an elementwise op's slices");
    if (withinSegments && !inOneSegment(producer, slice))
      return rewriter.notifyMatchFailure(slice,
                                         "not in the producer's segment");
    if (!slice.hasUnitStride() ||
        slice.getType().getRank() != slice.getSourceType().getRank())
      return rewriter.notifyMatchFailure(slice,
                                         "strided or rank-reducing slice");
    AffineMap outputMap =
        producer.getMatchingIndexingMap(producer.getDpsInitOperand(0));
    AffineMap shapesToLoops = producer.getShapesToLoopsMap();
    if (!outputMap.isProjectedPermutation() || !shapesToLoops)
      return rewriter.notifyMatchFailure(
          slice, "output not indexed by a projected permutation");

    // The slice's offsets and sizes on the loops that index the output; the
    // other loops run whole.
    Location loc = producer.getLoc();
    SmallVector<OpFoldResult> loopSizes =
        affine::makeComposedFoldedMultiResultAffineApply(
            rewriter, loc, shapesToLoops,
            producer.createFlatListOfOperandDims(rewriter, loc));
    SmallVector<OpFoldResult> offsets(loopSizes.size(),
                                      rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes = loopSizes;
    for (auto [dim, expr] : llvm::enumerate(outputMap.getResults())) {
      unsigned loop = cast<AffineDimExpr>(expr).getPosition();
      offsets[loop] = slice.getMixedOffsets()[dim];
      sizes[loop] = slice.getMixedSizes()[dim];
    }
    SmallVector<Value> operands = linalg::makeTiledShapes(
        rewriter, loc, producer, producer->getOperands(), offsets, sizes,
        loopSizes, /*omitPartialTileCheck=*/true);
    Type resultType =
        operands[producer.getDpsInitOperand(0)->getOperandNumber()].getType();
    linalg::LinalgOp sliced = clone(rewriter, producer, resultType, operands);
    linalg::offsetIndices(rewriter, sliced, offsets);
    rewriter.replaceOp(slice, sliced->getResults());
    return success();
  }
};

struct FuseElementwiseOpsPass
    : public tenferro::impl::TenferroFuseElementwiseOpsPassBase<
          FuseElementwiseOpsPass> {
  using TenferroFuseElementwiseOpsPassBase::TenferroFuseElementwiseOpsPassBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    bool within = withinSegments, rows = foldsIntoRowCombinations;
    linalg::populateElementwiseOpsFusionPatterns(
        patterns, [within, rows](OpOperand *fused) {
          return onlySlicedElsewhere(fused, within, rows);
        });
    patterns.add<BubbleUpExtractSlice>(&getContext(), within);
    // Fusion only optimizes: where the driver stops at its iteration limit
    // with producers left unfused, the IR is still correct, and a valid
    // program must not fail to compile for it.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace
