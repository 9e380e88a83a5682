//===- ElementwiseLowering.cpp - elementwise ops and fused regions --------===//
//
// Every elementwise instruction becomes one linalg.generic; an elementwise
// or broadcast-multiply fused region becomes one linalg.generic for the
// whole region (one loop nest, no intermediate tensors), its broadcast
// views folded into indexing maps. Other regions are inlined, or wrapped in
// an scf.execute_region, and lowered op by op.
//
//===----------------------------------------------------------------------===//

#include "LayoutUtils.h"
#include "Patterns.h"
#include "ScalarOps.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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
  ElementwiseOpLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isElementwiseOp(op))
      return failure();
    Location loc = op->getLoc();
    auto resultType = getTypeConverter()->convertType<RankedTensorType>(
        op->getResult(0).getType());
    FailureOr<Value> init = emptyLike(rewriter, loc, resultType, operands);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot size a dynamic extent");
    MLIRContext *ctx = op->getContext();
    SmallVector<AffineMap> maps;
    for (Value v : operands)
      maps.push_back(
          broadcastReadMap(ctx, cast<RankedTensorType>(v.getType()).getShape(),
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

/// One read of a region input by the loop nest: element for element (with
/// right-aligned broadcasting) or through a broadcast_in_dim view.
struct InputRead {
  unsigned input;
  std::optional<SmallVector<int64_t>> viewDims;
};

/// The reads of a region's loop nest, and which read stands for each body
/// value that is a block argument or a broadcast of one.
struct RegionReads {
  SmallVector<InputRead> reads;
  DenseMap<Value, unsigned> readOf;
};

/// The body values the yielded ones depend on (block arguments and op
/// results). The runtime computes each output with its own sub-plan
/// (docs/semantics.md §11.3), so nothing else is ever evaluated, and a dead
/// op may not even fit the loop nest: `sqrt` of a [3] input in a region
/// whose outputs are [3, 2].
DenseSet<Value> liveValues(FusedRegionOp region) {
  Block &body = region.getBodyBlock();
  DenseSet<Value> live;
  for (Value v : region.getYield().getValues())
    live.insert(v);
  for (Operation &op : llvm::reverse(body.without_terminator()))
    if (llvm::any_of(op.getResults(),
                     [&](Value r) { return live.contains(r); }))
      live.insert(op.operand_begin(), op.operand_end());
  return live;
}

/// Elementwise regions read input i once, through the plan view recorded on
/// the op (the plan guarantees a viewed input is read only through it).
/// Broadcast-multiply regions read each broadcast's source through that
/// broadcast and other operands directly, so one source broadcast two ways
/// (`broadcast(x, [0]) * broadcast(x, [1])`) is two reads of one buffer.
/// Only live values are read.
RegionReads collectReads(FusedRegionOp region, const DenseSet<Value> &live) {
  RegionReads r;
  Block &body = region.getBodyBlock();
  auto addRead = [&](unsigned input,
                     std::optional<SmallVector<int64_t>> dims) -> unsigned {
    for (auto [k, read] : llvm::enumerate(r.reads))
      if (read.input == input && read.viewDims == dims)
        return k;
    r.reads.push_back({input, std::move(dims)});
    return r.reads.size() - 1;
  };
  if (region.getKind() == FusedRegionKind::elementwise) {
    for (BlockArgument arg : body.getArguments()) {
      if (!live.contains(arg))
        continue;
      BroadcastViewAttr view = region.getInputView(arg.getArgNumber());
      std::optional<SmallVector<int64_t>> dims;
      if (view)
        dims = llvm::to_vector(view.getDims());
      r.readOf[arg] = addRead(arg.getArgNumber(), dims);
    }
    for (Operation &op : body.without_terminator())
      if (auto bc = dyn_cast<BroadcastInDimOp>(op))
        if (auto arg = dyn_cast<BlockArgument>(bc.getOperand());
            arg && live.contains(bc.getResult()))
          r.readOf[bc.getResult()] = r.readOf[arg];
    return r;
  }
  for (Operation &op : body.without_terminator()) {
    if (!llvm::any_of(op.getResults(),
                      [&](Value v) { return live.contains(v); }))
      continue;
    if (auto bc = dyn_cast<BroadcastInDimOp>(op)) {
      if (auto arg = dyn_cast<BlockArgument>(bc.getOperand()))
        r.readOf[bc.getResult()] =
            addRead(arg.getArgNumber(), llvm::to_vector(bc.getDims()));
      continue;
    }
    for (Value v : op.getOperands())
      if (auto arg = dyn_cast<BlockArgument>(v))
        r.readOf[arg] = addRead(arg.getArgNumber(), std::nullopt);
  }
  return r;
}

/// Whether `region` lowers to one loop nest. Sequence regions run op by op;
/// a broadcast-multiply region with symbolic broadcast shapes does too,
/// because its plan (one loop nest over the broadcast views) needs
/// constant view shapes.
bool isOneLoopNest(FusedRegionOp region) {
  if (region.getKind() == FusedRegionKind::sequence)
    return false;
  if (region.getKind() != FusedRegionKind::broadcast_multiply)
    return true;
  for (Operation &op : region.getBodyBlock().without_terminator())
    if (auto bc = dyn_cast<BroadcastInDimOp>(op))
      if (!llvm::all_of(bc.getShape(), [](Attribute a) {
            return cast<DimExprAttr>(a).isConst();
          }))
        return false;
  return true;
}

/// A region that is not one loop nest: its instructions are lowered one by
/// one (each by its own pattern), in place of the region (its body
/// inlined), or with `wrap` in an `scf.execute_region` marked
/// `tenferro.segment`, so that later passes see which ops one segment of
/// the runtime holds (`no_inline`: canonicalization would otherwise inline
/// it at once).
struct OpByOpRegionLowering : public LoweringPattern<FusedRegionOp> {
  OpByOpRegionLowering(const TypeConverter &converter, MLIRContext *ctx,
                       bool wrap)
      : LoweringPattern(converter, ctx), wrap(wrap) {}
  bool wrap;

  LogicalResult
  matchAndRewrite(FusedRegionOp region, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isOneLoopNest(region))
      return rewriter.notifyMatchFailure(region, "one loop nest");
    if (!wrap) {
      region.inlineBody(rewriter);
      return success();
    }
    SmallVector<Type> types;
    if (failed(
            getTypeConverter()->convertTypes(region.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(region, "unconvertible result type");
    auto segment = scf::ExecuteRegionOp::create(rewriter, region.getLoc(),
                                                types, /*no_inline=*/true);
    segment->setAttr(TenferroDialect::kSegmentAttrName, rewriter.getUnitAttr());
    Block *body = rewriter.createBlock(&segment.getRegion());
    // The region's arguments are its inputs; the instructions are lowered
    // in place later, each taking its converted operands.
    rewriter.inlineBlockBefore(&region.getBodyBlock(), body, body->end(),
                               region.getInputs());
    rewriter.replaceOp(region, segment.getResults());
    return success();
  }
};

/// The yield of a region wrapped by OpByOpRegionLowering, which now ends an
/// `scf.execute_region`.
struct SegmentYieldLowering : public LoweringPattern<YieldOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(YieldOp yield, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<scf::ExecuteRegionOp>(yield->getParentOp()))
      return rewriter.notifyMatchFailure(yield, "not in a wrapped region");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, adaptor.getValues());
    return success();
  }
};

struct FusedRegionLowering : public LoweringPattern<FusedRegionOp> {
  FusedRegionLowering(const TypeConverter &converter, MLIRContext *ctx,
                      bool donateInputs)
      : LoweringPattern(converter, ctx), donateInputs(donateInputs) {}
  bool donateInputs;

  LogicalResult
  matchAndRewrite(FusedRegionOp region, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isOneLoopNest(region))
      return rewriter.notifyMatchFailure(region, "not a single loop nest");
    DenseSet<Value> live = liveValues(region);
    RegionReads reads = collectReads(region, live);
    Location loc = region.getLoc();
    MLIRContext *ctx = region.getContext();
    ValueRange inputs = adaptor.getInputs();

    // The iteration space is the (common) shape of the outputs.
    SmallVector<Type> resultTypes;
    for (Type t : region.getResultTypes())
      resultTypes.push_back(loweredType(t));
    auto iterType = cast<RankedTensorType>(resultTypes.front());
    ArrayRef<int64_t> iterShape = iterType.getShape();

    // Inputs read once, element for element: the only candidates for
    // sizing the iteration space and for buffer reuse.
    SmallVector<int> plainRead(inputs.size(), -1);
    SmallVector<unsigned> readCount(inputs.size(), 0);
    for (auto [k, read] : llvm::enumerate(reads.reads)) {
      ++readCount[read.input];
      if (!read.viewDims)
        plainRead[read.input] = k;
    }

    // Buffer reuse: output j is written into input i when the region is
    // input i's last use, i is read once element for element with the same
    // lowered type, and its buffer is the program's own (a value computed
    // by the program) or donated by the caller. Input i is then read
    // through output j's block argument.
    ArrayRef<bool> lastUse = region.getLastUse();
    SmallVector<int> reusedBy(inputs.size(), -1);
    SmallVector<Value> inits;
    for (auto [j, t] : llvm::enumerate(resultTypes)) {
      int donor = -1;
      for (auto [i, v] : llvm::enumerate(inputs)) {
        // The lowered value: the function's entry block is the one of
        // its lowered signature by now.
        auto arg = dyn_cast<BlockArgument>(v);
        bool callerBuffer =
            arg && isa_and_nonnull<func::FuncOp>(arg.getOwner()->getParentOp());
        bool ownBuffer = !callerBuffer || donateInputs;
        if (lastUse[i] && plainRead[i] >= 0 && readCount[i] == 1 &&
            reusedBy[i] < 0 && ownBuffer && v.getType() == t) {
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
      // is static.
      SmallVector<Value> sizers;
      for (auto [i, v] : llvm::enumerate(inputs))
        if (plainRead[i] >= 0)
          sizers.push_back(v);
      FailureOr<Value> init =
          emptyLike(rewriter, loc, cast<RankedTensorType>(t), sizers);
      if (failed(init))
        return rewriter.notifyMatchFailure(region, "unsized dynamic extent");
      inits.push_back(*init);
    }

    SmallVector<Value> readValues;
    SmallVector<AffineMap> readMaps;
    for (const InputRead &read : reads.reads) {
      Value v = inputs[read.input];
      ArrayRef<int64_t> shape = cast<RankedTensorType>(v.getType()).getShape();
      readValues.push_back(v);
      readMaps.push_back(
          read.viewDims
              ? broadcastViewReadMap(ctx, shape, *read.viewDims, iterShape)
              : broadcastReadMap(ctx, shape, iterShape));
    }
    emitExtentChecks(rewriter, loc, readValues, readMaps, inits.front(),
                     region->getName().getStringRef());

    // Generic operands: the reads, except those of donated inputs, which
    // come in through their output's block argument.
    SmallVector<Value> genericInputs;
    SmallVector<AffineMap> maps;
    SmallVector<int> argOfRead(reads.reads.size(), -1);
    for (auto [k, read] : llvm::enumerate(reads.reads)) {
      if (reusedBy[read.input] >= 0)
        continue;
      argOfRead[k] = genericInputs.size();
      genericInputs.push_back(readValues[k]);
      maps.push_back(readMaps[k]);
    }
    for (size_t i = 0; i < inits.size(); ++i)
      maps.push_back(rewriter.getMultiDimIdentityMap(iterType.getRank()));
    SmallVector<utils::IteratorType> iters(iterType.getRank(),
                                           utils::IteratorType::parallel);

    Block &body = region.getBodyBlock();
    bool ok = true;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, genericInputs, inits, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          // Region values to the scalars that stand for them in the loop.
          ValueRange outArgs = args.drop_front(genericInputs.size());
          auto scalarOfRead = [&](unsigned k) {
            unsigned input = reads.reads[k].input;
            return reusedBy[input] >= 0 ? outArgs[reusedBy[input]]
                                        : args[argOfRead[k]];
          };
          IRMapping scalars;
          for (auto [v, k] : reads.readOf)
            scalars.map(v, scalarOfRead(k));
          for (Operation &op : body.without_terminator()) {
            if (isa<BroadcastInDimOp>(op))
              continue; // Absorbed into its source's indexing map.
            if (!live.contains(op.getResult(0)))
              continue; // Never evaluated by the runtime either.
            SmallVector<Value> operands;
            for (Value v : op.getOperands())
              operands.push_back(scalars.lookupOrNull(v));
            // A broadcast of an intermediate has no read: the verifier's
            // kind check excludes it, this keeps the pattern total.
            FailureOr<Value> r =
                llvm::is_contained(operands, Value())
                    ? FailureOr<Value>(failure())
                    : emitElementwiseScalar(b, op.getLoc(), &op, operands);
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

void lowering::populateElementwiseLoweringPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const TenferroToLinalgPatternOptions &options) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ElementwiseOpLowering, SegmentYieldLowering>(converter, ctx);
  patterns.add<OpByOpRegionLowering>(converter, ctx, options.wrapRegions);
  patterns.add<FusedRegionLowering>(converter, ctx, options.donateInputs);
}
