//===- StructuralLowering.cpp - layout, reduction, host and FFI ops -------===//

#include "LayoutUtils.h"
#include "Patterns.h"
#include "ScalarOps.h"

#include "tenferro/Dialect/Tenferro/IR/Programs.h"
#include "tenferro/Dialect/Tenferro/IR/ReductionOrder.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/FormatVariadic.h"

#include <complex>
#include <limits>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::lowering;

namespace {

struct TransposeLowering : public LoweringPattern<TransposeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = loweredResultType(op);
    int64_t r = type.getRank();
    // Logical result axis i reads input axis perm[i]; lowered result axis
    // r-1-i reads lowered input axis r-1-perm[i].
    SmallVector<int64_t> perm(r);
    for (int64_t i = 0; i < r; ++i)
      perm[r - 1 - i] = r - 1 - op.getPerm()[i];
    SmallVector<Value> sizes;
    for (int64_t p = 0; p < r; ++p)
      if (type.isDynamicDim(p))
        sizes.push_back(tensor::DimOp::create(rewriter, op.getLoc(),
                                              adaptor.getOperand(), perm[p]));
    Value init = tensor::EmptyOp::create(rewriter, op.getLoc(), type.getShape(),
                                         type.getElementType(), sizes);
    rewriter.replaceOpWithNewOp<linalg::TransposeOp>(op, adaptor.getOperand(),
                                                     init, perm);
    return success();
  }
};

template <typename OpTy>
struct ReduceLowering : public LoweringPattern<OpTy> {
  using LoweringPattern<OpTy>::LoweringPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getOperand();
    auto inType = cast<RankedTensorType>(input.getType());
    RankedTensorType type = this->loweredResultType(op);
    Type elt = type.getElementType();
    int64_t r = inType.getRank();
    // Over the leading axes 0..k-1 (axis 0 alone, or a whole tensor): in
    // lanes over their block, which is contiguous, so that the loop runs
    // over contiguous vectors (docs/semantics.md 8.5, "Order"). Lowered,
    // those axes are the last k dimensions; collapsed into one, their
    // row-major order is the column-major order of the logical axes.
    if (op.reducesLeadingAxes()) {
      int64_t k = op.getAxes().size();
      Value block = input;
      if (k > 1) {
        SmallVector<ReassociationIndices> groups;
        for (int64_t j = 0; j < r - k; ++j)
          groups.push_back({j});
        groups.emplace_back();
        for (int64_t j = r - k; j < r; ++j)
          groups.back().push_back(j);
        block = tensor::CollapseShapeOp::create(rewriter, loc, input, groups);
      }
      return rewriter.replaceOp(op, reduceInLanes(rewriter, loc, block, type)),
             success();
    }

    SmallVector<bool> reduced(r, false);
    for (int64_t a : op.getAxes())
      reduced[loweredAxis(a, r)] = true;

    SmallVector<Value> sizes;
    SmallVector<AffineExpr> outExprs;
    SmallVector<utils::IteratorType> iters;
    for (int64_t j = 0; j < r; ++j) {
      iters.push_back(reduced[j] ? utils::IteratorType::reduction
                                 : utils::IteratorType::parallel);
      if (reduced[j])
        continue;
      outExprs.push_back(rewriter.getAffineDimExpr(j));
      if (inType.isDynamicDim(j))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, input, j));
    }
    Value identity = reductionIdentity(rewriter, loc, elt);
    Value empty =
        tensor::EmptyOp::create(rewriter, loc, type.getShape(), elt, sizes);
    Value init =
        linalg::FillOp::create(rewriter, loc, identity, empty).getResult(0);
    SmallVector<AffineMap> maps{
        rewriter.getMultiDimIdentityMap(r),
        AffineMap::get(r, 0, outExprs, rewriter.getContext())};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, input, init, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, combine(b, l, args[0], args[1]));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }

  /// Lanes of a reduction over the contiguous axis, in the order of
  /// ReductionOrder.h (docs/semantics.md 8.5): lane l combines the
  /// elements whose index i on that axis has i mod kLanes = l, in
  /// increasing i; group g is lane g combined with lanes g + kGroups,
  /// g + 2 kGroups, ... in that order; the groups are combined pairwise,
  /// group j with group j + w for w = 8, 4, 2, 1. The order does not
  /// depend on the vector width: every mode and the interpreter compute
  /// the same bits. 64 lanes are four 16-lane vectors of f32 (eight of
  /// f64): independent chains of additions, where one vector of partial
  /// sums waited for each addition before it. The groups and the halving
  /// make the combination of the lanes three elementwise (vector) steps
  /// and four pairwise ones.
  static constexpr int64_t kLanes = kReductionLanes;
  static constexpr int64_t kGroups = kReductionGroups;
  static constexpr int64_t kPart = kReductionPart;

  /// `input` (lowered: the reduced axis is the last dimension) reduced
  /// over its last dimension in lanes: each whole part of kPart elements
  /// reduced into its own kLanes partials, the parts' partials combined in
  /// order, the remainder's whole groups of kLanes after them (a
  /// [rest..., q, kLanes] view reduced over q; the innermost loop runs over
  /// the lanes, contiguous), the n mod kLanes elements after those combined
  /// into the first lanes, the lanes combined into groups, and the groups
  /// combined pairwise.
  static Value reduceInLanes(OpBuilder &b, Location loc, Value input,
                             RankedTensorType resultType) {
    auto inType = cast<RankedTensorType>(input.getType());
    Type elt = inType.getElementType();
    int64_t r = inType.getRank();
    MLIRContext *ctx = b.getContext();
    auto idx = [&](int64_t v) -> OpFoldResult { return b.getIndexAttr(v); };
    // Extents: the kept ones, then the reduced one.
    SmallVector<OpFoldResult> rest;
    SmallVector<Value> restDynamic;
    for (int64_t j = 0; j + 1 < r; ++j) {
      if (inType.isDynamicDim(j)) {
        Value d = tensor::DimOp::create(b, loc, input, j);
        rest.push_back(d);
        restDynamic.push_back(d);
      } else {
        rest.push_back(idx(inType.getDimSize(j)));
      }
    }
    // parts: whole parts; start: the first element after them; q: whole
    // groups of kLanes after start; main: the first element after those;
    // tail: the elements after main.
    OpFoldResult parts, start, q, main, tail;
    if (!inType.isDynamicDim(r - 1)) {
      int64_t extent = inType.getDimSize(r - 1);
      parts = idx(extent / kPart);
      start = idx(extent / kPart * kPart);
      q = idx(extent % kPart / kLanes);
      main = idx(extent / kLanes * kLanes);
      tail = idx(extent % kLanes);
    } else {
      Value extent = tensor::DimOp::create(b, loc, input, r - 1);
      auto constant = [&](int64_t v) {
        return arith::ConstantIndexOp::create(b, loc, v);
      };
      Value quotient = arith::DivUIOp::create(b, loc, extent, constant(kPart));
      Value first = arith::MulIOp::create(b, loc, quotient, constant(kPart));
      Value groups = arith::DivUIOp::create(
          b, loc, arith::SubIOp::create(b, loc, extent, first),
          constant(kLanes));
      Value whole = arith::AddIOp::create(
          b, loc, first,
          arith::MulIOp::create(b, loc, groups, constant(kLanes)));
      parts = quotient;
      start = first;
      q = groups;
      main = whole;
      tail = Value(arith::SubIOp::create(b, loc, extent, whole));
    }
    SmallVector<OpFoldResult> zeros(r, idx(0)), ones(r, idx(1));
    std::optional<int64_t> staticParts = getConstantIntValue(parts);
    std::optional<int64_t> staticStart = getConstantIntValue(start);

    // Partials [rest..., kLanes] from the identity.
    SmallVector<int64_t> partialShape(inType.getShape().drop_back());
    partialShape.push_back(kLanes);
    Value identity = reductionIdentity(b, loc, elt);
    Value partialEmpty =
        tensor::EmptyOp::create(b, loc, partialShape, elt, restDynamic);
    Value partial =
        markStep(linalg::FillOp::create(b, loc, identity, partialEmpty))
            ->getResult(0);

    // An empty i8 tensor of `extent` elements, never read (its loads are
    // dead): linalg derives the extent of a loop from an operand indexed
    // by it, and a loop that indexes the input only through a sum (k in
    // k * kLanes + l) needs one.
    auto extentOf = [&](OpFoldResult extent) -> Value {
      std::optional<int64_t> constant = getConstantIntValue(extent);
      SmallVector<Value> dynamic;
      if (!constant)
        dynamic.push_back(cast<Value>(extent));
      return tensor::EmptyOp::create(
          b, loc, {constant ? *constant : ShapedType::kDynamic},
          b.getIntegerType(8), dynamic);
    };
    SmallVector<AffineExpr> keptExprs;
    for (int64_t j = 0; j + 1 < r; ++j)
      keptExprs.push_back(b.getAffineDimExpr(j));

    // The whole parts: loops [rest..., p, k < kPart / kLanes, l < kLanes]
    // over input[rest..., (p * kPart / kLanes + k) * kLanes + l], reduced
    // over k into partials [rest..., p, l] from the identity, one part's
    // lanes apart from the others', so that threads take whole parts
    // (tenferro-strip-mine-parallel-loops and affine-parallelize take the
    // outermost parallel loop); then the parts' partials combined in order
    // into the partials, [rest..., p, l] reduced over p. A block of fewer
    // than kPart elements has no part (and, when static, no step).
    if (!staticParts || *staticParts > 0) {
      SmallVector<int64_t> partsShape(inType.getShape().drop_back());
      partsShape.push_back(staticParts ? *staticParts : ShapedType::kDynamic);
      partsShape.push_back(kLanes);
      SmallVector<Value> partsDynamic(restDynamic);
      if (!staticParts)
        partsDynamic.push_back(cast<Value>(parts));
      Value partsEmpty =
          tensor::EmptyOp::create(b, loc, partsShape, elt, partsDynamic);
      Value partsInit =
          markStep(linalg::FillOp::create(b, loc, identity, partsEmpty))
              ->getResult(0);
      AffineExpr p = b.getAffineDimExpr(r - 1), k = b.getAffineDimExpr(r),
                 l = b.getAffineDimExpr(r + 1);
      SmallVector<AffineExpr> inExprs(keptExprs), outExprs(keptExprs);
      inExprs.push_back((p * (kPart / kLanes) + k) * kLanes + l);
      outExprs.push_back(p);
      outExprs.push_back(l);
      SmallVector<utils::IteratorType> iters(r, utils::IteratorType::parallel);
      iters.push_back(utils::IteratorType::reduction);
      iters.push_back(utils::IteratorType::parallel);
      SmallVector<AffineMap> maps{AffineMap::get(r + 2, 0, inExprs, ctx),
                                  AffineMap::get(r + 2, 0, {k}, ctx),
                                  AffineMap::get(r + 2, 0, outExprs, ctx)};
      Value partLanes =
          markStep(linalg::GenericOp::create(
                       b, loc, partsInit.getType(),
                       ValueRange{input, extentOf(idx(kPart / kLanes))},
                       partsInit, maps, iters,
                       [&](OpBuilder &nb, Location l, ValueRange args) {
                         linalg::YieldOp::create(
                             nb, l, combine(nb, l, args[0], args[2]));
                       }))
              ->getResult(0);
      // Loops [rest..., p, l]: the lanes' vectors innermost, as above.
      SmallVector<AffineExpr> laneExprs(keptExprs);
      laneExprs.push_back(b.getAffineDimExpr(r));
      SmallVector<AffineExpr> partExprs(keptExprs);
      partExprs.push_back(b.getAffineDimExpr(r - 1));
      partExprs.push_back(b.getAffineDimExpr(r));
      SmallVector<utils::IteratorType> combineIters(
          r - 1, utils::IteratorType::parallel);
      combineIters.push_back(utils::IteratorType::reduction);
      combineIters.push_back(utils::IteratorType::parallel);
      SmallVector<AffineMap> combineMaps{
          AffineMap::get(r + 1, 0, partExprs, ctx),
          AffineMap::get(r + 1, 0, laneExprs, ctx)};
      partial = markStep(linalg::GenericOp::create(
                             b, loc, partial.getType(), partLanes, partial,
                             combineMaps, combineIters,
                             [&](OpBuilder &nb, Location l, ValueRange args) {
                               linalg::YieldOp::create(
                                   nb, l,
                                   combine(nb, l, args[0], args[1],
                                           /*partials=*/true));
                             }))
                    ->getResult(0);
    }

    // The whole groups of kLanes after the parts: loops [rest..., k < q,
    // l < kLanes] over input[rest..., start + k * kLanes + l], reduced
    // over k. Read from the input in place where start is a constant (a
    // slice of the input would be a strided view, which the affine
    // vectorizer does not take); at a dynamic start, from a slice, which
    // reaches the kernel as a strided argument and which
    // tenferro-linearize-strided-accesses reads through an identity-layout
    // view of the input (its loop over l runs whole vectors).
    std::optional<int64_t> staticQ = getConstantIntValue(q);
    if (!staticQ || *staticQ > 0) {
      Value source = input;
      int64_t offset = staticStart ? *staticStart : 0;
      if (!staticStart) {
        SmallVector<OpFoldResult> offsets(r - 1, idx(0)), sizes(rest);
        offsets.push_back(start);
        sizes.push_back(staticQ ? idx(*staticQ * kLanes)
                                : OpFoldResult(arith::SubIOp::create(
                                                   b, loc, cast<Value>(main),
                                                   cast<Value>(start))
                                                   .getResult()));
        source =
            tensor::ExtractSliceOp::create(b, loc, input, offsets, sizes, ones);
      }
      SmallVector<AffineExpr> inExprs(keptExprs), outExprs(keptExprs);
      SmallVector<utils::IteratorType> iters(r - 1,
                                             utils::IteratorType::parallel);
      // Loops [rest..., k, l]: one pass over the input at any vector width,
      // the lanes' vectors innermost, where tenferro-hoist-vector-
      // accumulators keeps them in registers. With parallel-loops the
      // threads take the kept axes; a vector (no kept axis) stays on one
      // thread (tenferro-strip-mine-parallel-loops keeps the lanes inside
      // the groups' loop).
      AffineExpr k = b.getAffineDimExpr(r - 1), l = b.getAffineDimExpr(r);
      inExprs.push_back(k * kLanes + l + offset);
      outExprs.push_back(l);
      iters.push_back(utils::IteratorType::reduction);
      iters.push_back(utils::IteratorType::parallel);
      SmallVector<AffineMap> maps{AffineMap::get(r + 1, 0, inExprs, ctx),
                                  AffineMap::get(r + 1, 0, {k}, ctx),
                                  AffineMap::get(r + 1, 0, outExprs, ctx)};
      partial =
          markStep(linalg::GenericOp::create(
                       b, loc, partial.getType(),
                       ValueRange{source, extentOf(q)}, partial, maps, iters,
                       [&](OpBuilder &nb, Location l, ValueRange args) {
                         linalg::YieldOp::create(
                             nb, l, combine(nb, l, args[0], args[2]));
                       }))
              ->getResult(0);
    }

    // The last n mod kLanes elements into lanes 0..: elementwise.
    std::optional<int64_t> staticTail = getConstantIntValue(tail);
    if (!staticTail || *staticTail > 0) {
      SmallVector<OpFoldResult> offsets(r - 1, idx(0)), sizes(rest);
      offsets.push_back(main);
      sizes.push_back(tail);
      Value rem =
          tensor::ExtractSliceOp::create(b, loc, input, offsets, sizes, ones);
      Value head =
          tensor::ExtractSliceOp::create(b, loc, partial, zeros, sizes, ones);
      SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(r));
      SmallVector<utils::IteratorType> iters(r, utils::IteratorType::parallel);
      Value added =
          markStep(linalg::GenericOp::create(
                       b, loc, head.getType(), rem, head, maps, iters,
                       [&](OpBuilder &nb, Location l, ValueRange args) {
                         linalg::YieldOp::create(
                             nb, l, combine(nb, l, args[0], args[1]));
                       }))
              ->getResult(0);
      partial = tensor::InsertSliceOp::create(b, loc, added, partial, zeros,
                                              sizes, ones);
    }

    // Lanes into groups: group g is lane g combined with lanes g + kGroups,
    // g + 2 kGroups, ... in order, elementwise over the kLanes / kGroups
    // slices [rest..., j * kGroups, +kGroups) of the partials (slices keep
    // every kept index, so that lane-tiles shrinks the partials to one
    // row's; a reshaped view would not). Not from the identity: +0 + x is
    // not x for x = -0, so LLVM would keep an addition per group.
    {
      SmallVector<Value> slices;
      SmallVector<OpFoldResult> sizes(rest);
      sizes.push_back(idx(kGroups));
      for (int64_t j = 0; j < kLanes / kGroups; ++j) {
        SmallVector<OpFoldResult> offsets(r - 1, idx(0));
        offsets.push_back(idx(j * kGroups));
        slices.push_back(tensor::ExtractSliceOp::create(b, loc, partial,
                                                        offsets, sizes, ones));
      }
      SmallVector<int64_t> groupShape(partialShape);
      groupShape.back() = kGroups;
      Value groupEmpty =
          tensor::EmptyOp::create(b, loc, groupShape, elt, restDynamic);
      SmallVector<AffineMap> maps(slices.size() + 1,
                                  b.getMultiDimIdentityMap(r));
      SmallVector<utils::IteratorType> iters(r, utils::IteratorType::parallel);
      partial = markStep(linalg::GenericOp::create(
                             b, loc, groupEmpty.getType(), slices, groupEmpty,
                             maps, iters,
                             [&](OpBuilder &nb, Location l, ValueRange args) {
                               Value group = args.front();
                               for (Value lane : args.drop_front().drop_back())
                                 group = combine(nb, l, lane, group,
                                                 /*partials=*/true);
                               linalg::YieldOp::create(nb, l, group);
                             }))
                    ->getResult(0);
    }

    // The groups pairwise into the result: for w = 8, 4, 2, 1, group j < w
    // combined with group j + w. One op over the kept axes whose inputs
    // are the groups read at the constant positions 0..15 of their last
    // dimension: a row's groups are one vector, whose halves LLVM combines
    // with one shuffle and one operation per step, where the groups in
    // order were a chain of 16 scalar steps; and an elementwise op, into
    // which the fold fuses (a vector's lanes are then combined in one
    // kernel, with no buffer of groups). The result is not read (no fill
    // from the identity). Sums of squares add the partial sums as they
    // are.
    Value resultEmpty = tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                                elt, restDynamic);
    SmallVector<AffineExpr> kept;
    for (int64_t j = 0; j + 1 < r; ++j)
      kept.push_back(b.getAffineDimExpr(j));
    SmallVector<AffineMap> maps;
    for (int64_t g = 0; g < kGroups; ++g) {
      SmallVector<AffineExpr> exprs(kept);
      exprs.push_back(b.getAffineConstantExpr(g));
      maps.push_back(AffineMap::get(r - 1, 0, exprs, ctx));
    }
    maps.push_back(AffineMap::get(r - 1, 0, kept, ctx));
    SmallVector<Value> groups(kGroups, partial);
    SmallVector<utils::IteratorType> iters(r - 1,
                                           utils::IteratorType::parallel);
    return markStep(linalg::GenericOp::create(
                        b, loc, resultType, groups, resultEmpty, maps, iters,
                        [&](OpBuilder &nb, Location l, ValueRange args) {
                          SmallVector<Value> values(args.drop_back());
                          for (int64_t w = kGroups / 2; w >= 1; w /= 2)
                            for (int64_t j = 0; j < w; ++j)
                              values[j] =
                                  combine(nb, l, values[j + w], values[j],
                                          /*partials=*/true);
                          linalg::YieldOp::create(nb, l, values.front());
                        }))
        ->getResult(0);
  }

  /// Marks `op` as a step of a lane reduction: tenferro-fuse-column-tiles
  /// with lane-steps computes the steps one row at a time, so that a row's
  /// partials never leave the core between its groups and its combination.
  static Operation *markStep(Operation *op) {
    op->setAttr(TenferroDialect::kLaneStepAttrName,
                UnitAttr::get(op->getContext()));
    return op;
  }

  static Value reductionIdentity(OpBuilder &b, Location loc, Type elt) {
    if (std::is_same_v<OpTy, ReduceProdOp>) {
      if (auto c = dyn_cast<ComplexType>(elt))
        return complex::ConstantOp::create(
            b, loc, c,
            b.getArrayAttr({b.getFloatAttr(c.getElementType(), 1),
                            b.getFloatAttr(c.getElementType(), 0)}));
      if (isa<FloatType>(elt))
        return arith::ConstantOp::create(b, loc, b.getFloatAttr(elt, 1));
      return arith::ConstantOp::create(b, loc, b.getIntegerAttr(elt, 1));
    }
    if (std::is_same_v<OpTy, ReduceMaxOp> ||
        std::is_same_v<OpTy, ReduceMinOp>) {
      double inf = std::numeric_limits<double>::infinity();
      return arith::ConstantOp::create(
          b, loc,
          b.getFloatAttr(elt, std::is_same_v<OpTy, ReduceMaxOp> ? -inf : inf));
    }
    return zeroScalar(b, loc, elt);
  }

  /// acc combined with input element x, or with a partial result of lanes
  /// (`partials`: sums of squares add it as it is).
  static Value combine(OpBuilder &b, Location loc, Value x, Value acc,
                       bool partials = false) {
    Type t = x.getType();
    bool c = isa<ComplexType>(t), f = isa<FloatType>(t);
    if constexpr (std::is_same_v<OpTy, ReduceMaxOp>)
      return arith::MaximumFOp::create(b, loc, acc, x);
    else if constexpr (std::is_same_v<OpTy, ReduceMinOp>)
      return arith::MinimumFOp::create(b, loc, acc, x);
    else if constexpr (std::is_same_v<OpTy, ReduceProdOp>)
      return c   ? Value(complex::MulOp::create(b, loc, acc, x))
             : f ? Value(arith::MulFOp::create(b, loc, acc, x))
                 : Value(arith::MulIOp::create(b, loc, acc, x));
    else {
      if (std::is_same_v<OpTy, ReduceSumSquaresOp> && !partials) {
        // |x|^2: x * x for reals, x * conj(x) for complex.
        x = c   ? Value(complex::MulOp::create(
                      b, loc, x, complex::ConjOp::create(b, loc, x)))
            : f ? Value(arith::MulFOp::create(b, loc, x, x))
                : Value(arith::MulIOp::create(b, loc, x, x));
      }
      return c   ? Value(complex::AddOp::create(b, loc, acc, x))
             : f ? Value(arith::AddFOp::create(b, loc, acc, x))
                 : Value(arith::AddIOp::create(b, loc, acc, x));
    }
  }
};

struct ConvertLowering : public LoweringPattern<ConvertOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, convertTensor(rewriter, op.getLoc(),
                                         adaptor.getOperand(), op.getTo()));
    return success();
  }
};

struct ConstantLowering : public LoweringPattern<ConstantOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = RankedTensorType::get({}, op.getDtype());
    Attribute value = op.getValue();
    DenseElementsAttr dense;
    Type elt = op.getDtype();
    if (auto i = dyn_cast<IntegerAttr>(value)) {
      dense = DenseElementsAttr::get(
          type, APInt(elt.getIntOrFloatBitWidth(), i.getValue().getSExtValue(),
                      /*isSigned=*/!elt.isInteger(1), /*implicitTrunc=*/true));
    } else if (auto f = dyn_cast<FloatAttr>(value)) {
      double v = f.getValueAsDouble();
      dense = elt.isF32() ? DenseElementsAttr::get(type, static_cast<float>(v))
                          : DenseElementsAttr::get(type, v);
    } else {
      auto parts = cast<ArrayAttr>(value);
      double re = cast<FloatAttr>(parts[0]).getValueAsDouble();
      double im = cast<FloatAttr>(parts[1]).getValueAsDouble();
      if (cast<ComplexType>(elt).getElementType().isF32())
        dense = DenseElementsAttr::get(
            type, ArrayRef<std::complex<float>>{std::complex<float>(re, im)});
      else
        dense = DenseElementsAttr::get(
            type, ArrayRef<std::complex<double>>{std::complex<double>(re, im)});
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, dense);
    return success();
  }
};

struct ShapeOfLowering : public LoweringPattern<ShapeOfOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ShapeOfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getOperand();
    int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
    Value dim = tensor::DimOp::create(rewriter, loc, input,
                                      loweredAxis(op.getAxis(), rank));
    Value i64 =
        arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), dim);
    Value f64 =
        arith::SIToFPOp::create(rewriter, loc, rewriter.getF64Type(), i64);
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(
        op, RankedTensorType::get({}, rewriter.getF64Type()), f64);
    return success();
  }
};

/// Evaluates a DimExpr shape at run time into lowered (reversed) extents.
SmallVector<Value> materializeShape(OpBuilder &b, Location loc, ArrayAttr shape,
                                    ValueRange operands, StringRef opName) {
  SmallVector<Value> extents;
  for (Attribute a : llvm::reverse(shape))
    extents.push_back(
        materializeDimExpr(b, loc, cast<DimExprAttr>(a), operands, opName));
  return extents;
}

struct ReshapeLowering : public LoweringPattern<ReshapeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = loweredResultType(op);
    // A column-major reshape of the logical shape is a row-major reshape of
    // the reversed shapes.
    SmallVector<Value> extents =
        materializeShape(rewriter, loc, op.getShape(), adaptor.getOperands(),
                         op.getOperationName());
    // The element count must be preserved: the verifier checks static
    // shapes, a dynamic extent on either side is checked here at run time
    // (tensor.reshape of a buffer with fewer elements would read past it).
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!operandType.hasStaticShape() || !type.hasStaticShape()) {
      auto product = [&](ArrayRef<Value> factors) {
        Value p = indexConstant(rewriter, loc, 1);
        for (Value f : factors)
          p = arith::MulIOp::create(rewriter, loc, p, f);
        return p;
      };
      Value have = product(extentsOf(rewriter, loc, adaptor.getOperand()));
      Value want = product(extents);
      Value ok = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       have, want);
      cf::AssertOp::create(
          rewriter, loc, ok,
          (op.getOperationName() +
           ": the shape holds a different number of elements than the operand")
              .str());
    }
    Value shape = tensor::FromElementsOp::create(
        rewriter, loc,
        RankedTensorType::get({type.getRank()}, rewriter.getIndexType()),
        extents);
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, type,
                                                   adaptor.getOperand(), shape);
    return success();
  }
};

struct BroadcastInDimLowering : public LoweringPattern<BroadcastInDimOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = loweredResultType(op);
    SmallVector<Value> extents =
        materializeShape(rewriter, loc, op.getShape(), adaptor.getOperands(),
                         op.getOperationName());
    SmallVector<Value> dynamic;
    for (int64_t j = 0; j < type.getRank(); ++j)
      if (type.isDynamicDim(j))
        dynamic.push_back(extents[j]);
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType(), dynamic);
    Value input = adaptor.getOperand();
    // A dynamic source extent is read along its target axis without
    // broadcasting: it must equal the target extent at run time (a 1 there
    // would be read out of bounds otherwise).
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t inRank = inputType.getRank();
    for (int64_t j = 0; j < inRank; ++j) {
      if (!inputType.isDynamicDim(j))
        continue;
      int64_t logical = inRank - 1 - j;
      int64_t target = type.getRank() - 1 - op.getDims()[logical];
      Value have = tensor::DimOp::create(rewriter, loc, input, j);
      Value ok = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       have, extents[target]);
      cf::AssertOp::create(
          rewriter, loc, ok,
          llvm::formatv("{0}: operand axis {1} has a dynamic extent that "
                        "differs from the target extent (broadcasting a "
                        "dynamic extent of 1 is not supported)",
                        op.getOperationName(), logical)
              .str());
    }
    SmallVector<AffineMap> maps{
        broadcastViewReadMap(rewriter.getContext(),
                             cast<RankedTensorType>(input.getType()).getShape(),
                             op.getDims(), type.getShape()),
        rewriter.getMultiDimIdentityMap(type.getRank())};
    SmallVector<utils::IteratorType> iters(type.getRank(),
                                           utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, input, init, maps, iters,
        [&](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, args[0]);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// The output map of a contraction: the first `rankOut` iteration dims
/// (the empty map for a rank-0 result).
AffineMap outputMap(int64_t nIter, int64_t rankOut, MLIRContext *ctx) {
  SmallVector<AffineExpr> dims;
  for (int64_t i = 0; i < rankOut; ++i)
    dims.push_back(getAffineDimExpr(i, ctx));
  return AffineMap::get(nIter, 0, dims, ctx);
}

/// dot_general and dot_general_with_conj as one linalg.generic contraction
/// with tenferro's output order [lhs free, rhs free, batch].
template <typename OpTy>
struct DotGeneralLowering : public LoweringPattern<OpTy> {
  using LoweringPattern<OpTy>::LoweringPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    DotDimensionNumbersAttr dn = op.getDimensionNumbers();
    auto lhsT = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsT = cast<RankedTensorType>(op.getRhs().getType());
    RankedTensorType type = this->loweredResultType(op);
    int64_t rankOut = type.getRank(), k = dn.getLhsContractingDims().size();
    int64_t nIter = rankOut + k;
    // Iteration dims: lowered result axes 0..rankOut-1, then contractions.
    auto resultDim = [&](int64_t logicalPos) {
      return getAffineDimExpr(rankOut - 1 - logicalPos, ctx);
    };
    auto operandMap = [&](RankedTensorType t, ArrayRef<int64_t> contracting,
                          ArrayRef<int64_t> batch, int64_t freeOffset) {
      int64_t r = t.getRank();
      SmallVector<AffineExpr> logical(r);
      int64_t free = freeOffset;
      int64_t nFreeTotal = rankOut - static_cast<int64_t>(batch.size());
      for (int64_t a = 0; a < r; ++a) {
        auto c = llvm::find(contracting, a);
        auto bt = llvm::find(batch, a);
        if (c != contracting.end())
          logical[a] =
              getAffineDimExpr(rankOut + (c - contracting.begin()), ctx);
        else if (bt != batch.end())
          logical[a] = resultDim(nFreeTotal + (bt - batch.begin()));
        else
          logical[a] = resultDim(free++);
      }
      SmallVector<AffineExpr> lowered(logical.rbegin(), logical.rend());
      return AffineMap::get(nIter, 0, lowered, ctx);
    };
    int64_t lhsFree = lhsT.getRank() - k - dn.getLhsBatchDims().size();
    SmallVector<AffineMap> maps{
        operandMap(lhsT, dn.getLhsContractingDims(), dn.getLhsBatchDims(), 0),
        operandMap(rhsT, dn.getRhsContractingDims(), dn.getRhsBatchDims(),
                   lhsFree),
        outputMap(nIter, rankOut, ctx)};
    SmallVector<utils::IteratorType> iters(rankOut,
                                           utils::IteratorType::parallel);
    iters.append(k, utils::IteratorType::reduction);

    // Dynamic result extents come from the operand axes they correspond to.
    SmallVector<Value> sizes;
    for (int64_t p = 0; p < rankOut; ++p) {
      if (!type.isDynamicDim(p))
        continue;
      // Find an operand axis whose map result is iteration dim p.
      Value size;
      for (auto [v, map] :
           llvm::zip(SmallVector<Value>{adaptor.getLhs(), adaptor.getRhs()},
                     ArrayRef<AffineMap>(maps).take_front(2)))
        for (auto [j, e] : llvm::enumerate(map.getResults()))
          if (!size && e == getAffineDimExpr(p, ctx))
            size = tensor::DimOp::create(rewriter, loc, v, j);
      sizes.push_back(size);
    }
    Type elt = type.getElementType();
    Value empty =
        tensor::EmptyOp::create(rewriter, loc, type.getShape(), elt, sizes);
    Value init = linalg::FillOp::create(rewriter, loc,
                                        zeroScalar(rewriter, loc, elt), empty)
                     .getResult(0);
    bool conjL = false, conjR = false;
    if constexpr (std::is_same_v<OpTy, DotGeneralWithConjOp>) {
      conjL = op.getLhsConj();
      conjR = op.getRhsConj();
    }
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, ValueRange{adaptor.getLhs(), adaptor.getRhs()},
        init, maps, iters, [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = convertScalar(b, l, args[0], elt);
          Value y = convertScalar(b, l, args[1], elt);
          if (isa<ComplexType>(elt)) {
            if (conjL)
              x = complex::ConjOp::create(b, l, x);
            if (conjR)
              y = complex::ConjOp::create(b, l, y);
            Value p = complex::MulOp::create(b, l, x, y);
            linalg::YieldOp::create(
                b, l, Value(complex::AddOp::create(b, l, args[2], p)));
            return;
          }
          Value p = arith::MulFOp::create(b, l, x, y);
          linalg::YieldOp::create(
              b, l, Value(arith::AddFOp::create(b, l, args[2], p)));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// `tenferro.extension "fam.op.vN"` becomes a call to the external function
/// `tenferro_ext_fam_op_vN` (docs/abi.md): the payload as an i8 tensor
/// first, then the inputs; the function returns the outputs.
struct ExtensionLowering : public LoweringPattern<ExtensionOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ExtensionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string name = extensionSymbolName(op.getFamilyId());

    std::string payload;
    if (std::optional<Attribute> p = op.getPayload()) {
      if (auto str = dyn_cast<StringAttr>(*p)) {
        payload = str.getValue().str();
      } else {
        llvm::raw_string_ostream os(payload);
        p->print(os);
      }
    }
    auto bytesType = RankedTensorType::get(
        {static_cast<int64_t>(payload.size())}, rewriter.getI8Type());
    SmallVector<int8_t> bytes(payload.begin(), payload.end());
    Value payloadTensor = arith::ConstantOp::create(
        rewriter, loc, bytesType,
        DenseElementsAttr::get(bytesType, ArrayRef<int8_t>(bytes)));

    SmallVector<Value> operands{payloadTensor};
    llvm::append_range(operands, adaptor.getInputs());
    SmallVector<Type> results;
    for (Type t : op.getResultTypes())
      results.push_back(loweredType(t));
    auto type =
        rewriter.getFunctionType(ValueRange(operands).getTypes(), results);

    auto module = op->getParentOfType<ModuleOp>();
    auto callee = module.lookupSymbol<func::FuncOp>(name);
    if (!callee) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      callee = func::FuncOp::create(rewriter, loc, name, type);
      callee.setPrivate();
      callee->setAttr("llvm.emit_c_interface", rewriter.getUnitAttr());
    } else if (callee.getFunctionType() != type) {
      return op.emitOpError("extension family '")
             << op.getFamilyId()
             << "' is used with two signatures: " << callee.getFunctionType()
             << " and " << type;
    }
    rewriter.replaceOpWithNewOp<func::CallOp>(op, callee, operands);
    return success();
  }
};

} // namespace

void lowering::populateStructuralLoweringPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns
      .add<TransposeLowering, ReduceLowering<ReduceSumOp>,
           ReduceLowering<ReduceProdOp>, ReduceLowering<ReduceMaxOp>,
           ReduceLowering<ReduceMinOp>, ReduceLowering<ReduceSumSquaresOp>,
           ConvertLowering, ConstantLowering, ShapeOfLowering, ReshapeLowering,
           BroadcastInDimLowering, DotGeneralLowering<DotGeneralOp>,
           DotGeneralLowering<DotGeneralWithConjOp>, ExtensionLowering>(
          converter, patterns.getContext());
}
