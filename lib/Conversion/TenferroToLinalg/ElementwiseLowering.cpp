//===- ElementwiseLowering.cpp - elementwise ops and fused regions --------===//
//
// Every elementwise instruction becomes one linalg.generic; an elementwise
// or broadcast-multiply fused region becomes one linalg.generic for the
// whole region (one loop nest, no intermediate tensors), its broadcast
// views folded into indexing maps.
//
//===----------------------------------------------------------------------===//

#include "LayoutUtils.h"
#include "Patterns.h"

#include "tenferro/Dialect/Tenferro/IR/FusionPlan.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::lowering;

namespace {

/// tensor.empty of a lowered type, its dynamic extents taken from operands.
FailureOr<Value> emptyLike(OpBuilder &b, Location loc, RankedTensorType type,
                           ValueRange loweredOperands) {
  FailureOr<SmallVector<Value>> sizes =
      dynamicExtents(b, loc, type.getShape(), loweredOperands);
  if (failed(sizes))
    return failure();
  return Value(tensor::EmptyOp::create(b, loc, type.getShape(),
                                       type.getElementType(), *sizes));
}

struct ElementwiseOpLowering : public ConversionPattern {
  ElementwiseOpLowering(MLIRContext *ctx)
      : ConversionPattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isElementwiseOp(op))
      return failure();
    Location loc = op->getLoc();
    auto resultType =
        toColumnMajor(cast<RankedTensorType>(op->getResult(0).getType()));
    FailureOr<Value> init = emptyLike(rewriter, loc, resultType, operands);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot size a dynamic extent");
    MLIRContext *ctx = op->getContext();
    SmallVector<AffineMap> maps;
    for (Value v : operands)
      maps.push_back(broadcastReadMap(
          ctx, cast<RankedTensorType>(v.getType()).getShape(),
          resultType.getShape()));
    emitExtentChecks(rewriter, loc, operands, maps, *init,
                     op->getName().getStringRef());
    maps.push_back(rewriter.getMultiDimIdentityMap(resultType.getRank()));
    SmallVector<utils::IteratorType> iters(resultType.getRank(),
                                           utils::IteratorType::parallel);
    bool ok = true;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, operands, *init, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          FailureOr<Value> r =
              emitElementwiseScalar(b, l, op, args.drop_back());
          ok = succeeded(r);
          linalg::YieldOp::create(b, l, ok ? *r : args.back());
        });
    if (!ok) {
      rewriter.eraseOp(generic);
      return rewriter.notifyMatchFailure(op, "no scalar lowering for dtype");
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// The input views of an elementwise or broadcast-multiply region: the
/// recorded plan views, or for broadcast-multiply regions the plan built
/// from the body (it builds whenever the broadcast shapes are constant).
FailureOr<SmallVector<BroadcastViewAttr>> regionViews(FusedRegionOp region) {
  if (region.getKind() == FusedRegionKind::elementwise) {
    SmallVector<BroadcastViewAttr> views;
    for (unsigned i = 0, e = region.getInputs().size(); i < e; ++i)
      views.push_back(region.getInputView(i));
    return views;
  }
  if (region.getKind() != FusedRegionKind::broadcast_multiply)
    return failure();
  SmallVector<Operation *> ops;
  for (Operation &op : region.getBodyBlock().without_terminator())
    ops.push_back(&op);
  FailureOr<ElementwisePlan> plan = buildElementwisePlan(
      ops, region.getBodyBlock().getArguments(),
      region.getYield().getValues(), nullptr);
  if (failed(plan))
    return failure();
  return plan->inputViews;
}

struct FusedRegionLowering : public OpConversionPattern<FusedRegionOp> {
  FusedRegionLowering(MLIRContext *ctx, bool donateInputs)
      : OpConversionPattern(ctx), donateInputs(donateInputs) {}
  bool donateInputs;

  LogicalResult
  matchAndRewrite(FusedRegionOp region, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<BroadcastViewAttr>> views = regionViews(region);
    if (failed(views))
      return rewriter.notifyMatchFailure(region, "not a single loop nest");
    Location loc = region.getLoc();
    MLIRContext *ctx = region.getContext();
    ValueRange inputs = adaptor.getInputs();

    // The iteration space is the (common) shape of the outputs.
    SmallVector<Type> resultTypes;
    for (Type t : region.getResultTypes())
      resultTypes.push_back(toColumnMajor(cast<RankedTensorType>(t)));
    auto iterType = cast<RankedTensorType>(resultTypes.front());
    ArrayRef<int64_t> iterShape = iterType.getShape();
    // Buffer reuse: output j is written into input i when the region is
    // input i's last use, i is read element for element (identity view,
    // same lowered type) and its buffer is the program's own (a value
    // computed by the program) or donated by the caller. Input i is then
    // read through output j's block argument.
    ArrayRef<bool> lastUse = region.getLastUse();
    SmallVector<int> reusedBy(inputs.size(), -1);
    SmallVector<Value> inits;
    for (auto [j, t] : llvm::enumerate(resultTypes)) {
      int donor = -1;
      for (auto [i, v] : llvm::enumerate(inputs)) {
        bool ownBuffer = !isa<BlockArgument>(region.getInputs()[i]) ||
                         !isa<func::FuncOp>(region.getInputs()[i]
                                                .getParentBlock()
                                                ->getParentOp()) ||
                         donateInputs;
        if (lastUse[i] && !(*views)[i] && reusedBy[i] < 0 && ownBuffer &&
            v.getType() == t) {
          donor = i;
          break;
        }
      }
      if (donor >= 0) {
        reusedBy[donor] = j;
        inits.push_back(inputs[donor]);
        continue;
      }
      // Broadcast-viewed inputs do not determine extents: their view shape
      // is static, so only identity inputs are candidates.
      SmallVector<Value> sizers;
      for (auto [v, view] : llvm::zip_equal(inputs, *views))
        if (!view)
          sizers.push_back(v);
      FailureOr<Value> init =
          emptyLike(rewriter, loc, cast<RankedTensorType>(t), sizers);
      if (failed(init))
        return rewriter.notifyMatchFailure(region, "unsized dynamic extent");
      inits.push_back(*init);
    }

    SmallVector<AffineMap> inputMaps;
    for (auto [v, view] : llvm::zip_equal(inputs, *views)) {
      ArrayRef<int64_t> shape = cast<RankedTensorType>(v.getType()).getShape();
      inputMaps.push_back(view ? broadcastViewReadMap(ctx, shape,
                                                      view.getDims(), iterShape)
                               : broadcastReadMap(ctx, shape, iterShape));
    }
    emitExtentChecks(rewriter, loc, inputs, inputMaps, inits.front(),
                     region->getName().getStringRef());
    SmallVector<AffineMap> maps;
    SmallVector<Value> readInputs;
    for (auto [i, v] : llvm::enumerate(inputs)) {
      if (reusedBy[i] >= 0)
        continue;
      readInputs.push_back(v);
      maps.push_back(inputMaps[i]);
    }
    for (size_t i = 0; i < inits.size(); ++i)
      maps.push_back(rewriter.getMultiDimIdentityMap(iterType.getRank()));
    SmallVector<utils::IteratorType> iters(iterType.getRank(),
                                           utils::IteratorType::parallel);

    Block &body = region.getBodyBlock();
    bool ok = true;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, readInputs, inits, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          // Region values to the scalars that stand for them in the loop.
          IRMapping scalars;
          ValueRange outArgs = args.drop_front(readInputs.size());
          unsigned next = 0;
          for (auto [i, arg] : llvm::enumerate(body.getArguments()))
            scalars.map(arg, reusedBy[i] >= 0 ? outArgs[reusedBy[i]]
                                              : args[next++]);
          for (Operation &op : body.without_terminator()) {
            if (auto bc = dyn_cast<BroadcastInDimOp>(op)) {
              // Absorbed into its input's indexing map.
              scalars.map(bc.getResult(), scalars.lookup(bc.getOperand()));
              continue;
            }
            SmallVector<Value> operands;
            for (Value v : op.getOperands())
              operands.push_back(scalars.lookup(v));
            FailureOr<Value> r = emitElementwiseScalar(b, op.getLoc(), &op,
                                                       operands);
            if (failed(r)) {
              ok = false;
              r = args.back();
            }
            scalars.map(op.getResult(0), *r);
          }
          SmallVector<Value> yields;
          for (Value v : region.getYield().getValues())
            yields.push_back(scalars.lookup(v));
          linalg::YieldOp::create(b, l, yields);
        });
    if (!ok) {
      rewriter.eraseOp(generic);
      return rewriter.notifyMatchFailure(region, "no scalar lowering");
    }
    rewriter.replaceOp(region, generic.getResults());
    return success();
  }
};

} // namespace

void lowering::populateElementwiseLoweringPatterns(RewritePatternSet &patterns,
                                                   bool donateInputs) {
  patterns.add<ElementwiseOpLowering>(patterns.getContext());
  patterns.add<FusedRegionLowering>(patterns.getContext(), donateInputs);
}
