//===- FoldAffineSubviews.cpp - affine accesses through subviews ----------===//
//
// Upstream's fold-memref-alias-ops folds subviews into memref.load and
// memref.store but, in LLVM 22, leaves affine.load and affine.store on the
// view; the affine super-vectorizer then sees a strided layout and leaves
// the loop scalar. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <type_traits>

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROFOLDAFFINESUBVIEWSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// The map and operands that index `subview`'s source where `map` applied
/// to `operands` indexes `subview`: each result times its static stride,
/// plus its offset (a constant, or a value that is a valid affine
/// dimension). Fails for rank-reducing views, views of part of the last
/// dimension, dynamic strides and offsets that are not affine.
LogicalResult composeWithSubview(memref::SubViewOp subview, AffineMap map,
                                 ValueRange operands, AffineMap &newMap,
                                 SmallVector<Value> &newOperands) {
  MLIRContext *context = subview.getContext();
  MemRefType source = subview.getSourceType();
  if (source.getRank() != subview.getType().getRank() || source.getRank() == 0)
    return failure();
  // The last dimension whole: the super-vectorizer masks a partial vector
  // by the buffer's extent, not by the loop's, so a loop over part of a
  // larger buffer's last dimension must not become a loop over that buffer
  // (its last vector would write past the loop's end).
  int64_t last = source.getRank() - 1;
  if (source.isDynamicDim(last) ||
      getConstantIntValue(subview.getMixedOffsets()[last]) != 0 ||
      getConstantIntValue(subview.getMixedSizes()[last]) !=
          source.getDimSize(last) ||
      getConstantIntValue(subview.getMixedStrides()[last]) != 1)
    return failure();
  unsigned dims = map.getNumDims();
  SmallVector<Value> offsetDims;
  SmallVector<AffineExpr> results;
  for (auto [result, offset, stride] :
       llvm::zip(map.getResults(), subview.getMixedOffsets(),
                 subview.getMixedStrides())) {
    std::optional<int64_t> staticStride = getConstantIntValue(stride);
    if (!staticStride)
      return failure();
    AffineExpr shifted = result * *staticStride;
    if (std::optional<int64_t> constant = getConstantIntValue(offset)) {
      shifted = shifted + *constant;
    } else {
      auto value = cast<Value>(offset);
      if (!affine::isValidDim(value))
        return failure();
      shifted = shifted + getAffineDimExpr(dims + offsetDims.size(), context);
      offsetDims.push_back(value);
    }
    results.push_back(shifted);
  }
  // Symbols follow dimensions in the operand list.
  SmallVector<Value> dimOperands(operands.take_front(dims));
  SmallVector<Value> symbolOperands(operands.drop_front(dims));
  newOperands.assign(dimOperands.begin(), dimOperands.end());
  newOperands.append(offsetDims.begin(), offsetDims.end());
  newOperands.append(symbolOperands.begin(), symbolOperands.end());
  newMap = AffineMap::get(dims + offsetDims.size(), map.getNumSymbols(),
                          results, context);
  // Index operands computed by affine.apply go into the map: the
  // vectorizer takes a composed map, or an identity map over applies, but
  // not a map that combines the two.
  affine::fullyComposeAffineMapAndOperands(&newMap, &newOperands);
  affine::canonicalizeMapAndOperands(&newMap, &newOperands);
  return success();
}

/// An affine.load or affine.store through a subview, on the view's source.
template <typename AccessOp>
struct FoldAccess : OpRewritePattern<AccessOp> {
  using OpRewritePattern<AccessOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(AccessOp access,
                                PatternRewriter &rewriter) const override {
    auto subview =
        access.getMemRef().template getDefiningOp<memref::SubViewOp>();
    if (!subview)
      return failure();
    AffineMap map;
    SmallVector<Value> operands;
    if (failed(composeWithSubview(subview, access.getAffineMap(),
                                  access.getMapOperands(), map, operands)))
      return failure();
    if constexpr (std::is_same_v<AccessOp, affine::AffineLoadOp>)
      rewriter.replaceOpWithNewOp<affine::AffineLoadOp>(
          access, subview.getSource(), map, operands);
    else
      rewriter.replaceOpWithNewOp<affine::AffineStoreOp>(
          access, access.getValueToStore(), subview.getSource(), map, operands);
    return success();
  }
};

struct FoldAffineSubviewsPass
    : public tenferro::impl::TenferroFoldAffineSubviewsPassBase<
          FoldAffineSubviewsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldAccess<affine::AffineLoadOp>,
                 FoldAccess<affine::AffineStoreOp>>(&getContext());
    // Folding only helps the vectorizer: an access left on its view is
    // still correct, so the driver's iteration limit is no failure.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace
