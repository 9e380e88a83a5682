//===- IndexingLowering.cpp - ops that move elements by index -------------===//
//
// tril, triu, reverse, slice, pad, extract_diag, embed_diag, concatenate,
// dynamic_slice and dynamic_update_slice. Ops whose output element comes
// from a computed input position are one linalg.generic over the output,
// reading the input with tensor.extract at indices computed from
// linalg.index; window ops use tensor.extract_slice / insert_slice.
//
//===----------------------------------------------------------------------===//

#include "LayoutUtils.h"
#include "Patterns.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::lowering;

namespace {

/// A linalg.generic over a fresh output of `type`; `body` gets the lowered
/// iteration indices and returns the element.
Value indexGeneric(
    OpBuilder &b, Location loc, RankedTensorType type, ArrayRef<Value> extents,
    function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)> body) {
  Value init = emptyWithExtents(b, loc, type, extents);
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(type.getRank())};
  SmallVector<utils::IteratorType> iters(type.getRank(),
                                         utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, type, ValueRange(), init, maps, iters,
      [&](OpBuilder &nb, Location l, ValueRange) {
        SmallVector<Value> idx;
        for (int64_t j = 0; j < type.getRank(); ++j)
          idx.push_back(linalg::IndexOp::create(nb, l, j));
        linalg::YieldOp::create(nb, l, body(nb, l, idx));
      });
  return generic.getResult(0);
}

/// The element of `v` at `idx` when `inBounds` holds, else zero; the read
/// only happens in bounds.
Value guardedExtract(OpBuilder &b, Location loc, Value v, ValueRange idx,
                     Value inBounds) {
  Type elt = cast<RankedTensorType>(v.getType()).getElementType();
  auto ifOp = scf::IfOp::create(
      b, loc, inBounds,
      [&](OpBuilder &tb, Location l) {
        scf::YieldOp::create(tb, l,
                             Value(tensor::ExtractOp::create(tb, l, v, idx)));
      },
      [&](OpBuilder &eb, Location l) {
        scf::YieldOp::create(eb, l, zeroScalar(eb, l, elt));
      });
  return ifOp.getResult(0);
}

Value clampIndex(OpBuilder &b, Location loc, Value v, Value lo, Value hi) {
  Value c = arith::MaxSIOp::create(b, loc, v, lo);
  return arith::MinSIOp::create(b, loc, c, hi);
}

template <typename OpTy>
struct TriangleLowering : public LoweringPattern<OpTy> {
  using LoweringPattern<OpTy>::LoweringPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    RankedTensorType type = this->loweredResultType(op);
    int64_t r = type.getRank();
    Value result = indexGeneric(
        rewriter, loc, type, extentsOf(rewriter, loc, x),
        [&](OpBuilder &b, Location l, ArrayRef<Value> idx) {
          // Logical row (axis 0) and column (axis 1).
          Value row =
              arith::IndexCastOp::create(b, l, b.getI64Type(), idx[r - 1]);
          Value col =
              arith::IndexCastOp::create(b, l, b.getI64Type(), idx[r - 2]);
          Value diff = arith::SubIOp::create(b, l, col, row);
          Value k =
              arith::ConstantOp::create(b, l, b.getI64IntegerAttr(op.getK()));
          Value keep = arith::CmpIOp::create(b, l,
                                             std::is_same_v<OpTy, TrilOp>
                                                 ? arith::CmpIPredicate::sle
                                                 : arith::CmpIPredicate::sge,
                                             diff, k);
          Value v = tensor::ExtractOp::create(b, l, x, idx);
          return Value(arith::SelectOp::create(
              b, l, keep, v, zeroScalar(b, l, type.getElementType())));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ReverseLowering : public LoweringPattern<ReverseOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    RankedTensorType type = loweredResultType(op);
    int64_t r = type.getRank();
    SmallVector<Value> extents = extentsOf(rewriter, loc, x);
    Value result =
        indexGeneric(rewriter, loc, type, extents,
                     [&](OpBuilder &b, Location l, ArrayRef<Value> idx) {
                       SmallVector<Value> src(idx);
                       for (int64_t a : op.getAxes()) {
                         int64_t j = loweredAxis(a, r);
                         Value last = arith::SubIOp::create(
                             b, l, extents[j], indexConstant(b, l, 1));
                         src[j] = arith::SubIOp::create(b, l, last, idx[j]);
                       }
                       return Value(tensor::ExtractOp::create(b, l, x, src));
                     });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SliceLowering : public LoweringPattern<SliceOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = loweredResultType(op);
    int64_t r = type.getRank();
    SmallVector<int64_t> offsets(r), sizes(r), strides(r);
    for (int64_t a = 0; a < r; ++a) {
      int64_t j = loweredAxis(a, r);
      offsets[j] = op.getStarts()[a];
      strides[j] = op.getStrides()[a];
      sizes[j] = type.getDimSize(j);
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, adaptor.getOperand(), ValueRange(), ValueRange(),
        ValueRange(), offsets, sizes, strides);
    return success();
  }
};

struct PadLowering : public LoweringPattern<PadOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    RankedTensorType type = loweredResultType(op);
    int64_t r = type.getRank();
    SmallVector<Value> in = extentsOf(rewriter, loc, x);
    // Result extents: low + high + max(n - 1, 0) * (interior + 1) + min(n, 1).
    SmallVector<Value> out;
    for (int64_t j = 0; j < r; ++j) {
      int64_t a = loweredAxis(j, r);
      if (!type.isDynamicDim(j)) {
        out.push_back(indexConstant(rewriter, loc, type.getDimSize(j)));
        continue;
      }
      Value one = indexConstant(rewriter, loc, 1),
            zero = indexConstant(rewriter, loc, 0);
      Value nm1 = arith::MaxSIOp::create(
          rewriter, loc, arith::SubIOp::create(rewriter, loc, in[j], one),
          zero);
      Value body = arith::MulIOp::create(
          rewriter, loc, nm1,
          indexConstant(rewriter, loc, op.getInteriorPadding()[a] + 1));
      Value last = arith::MinSIOp::create(rewriter, loc, in[j], one);
      Value e = arith::AddIOp::create(
          rewriter, loc, arith::AddIOp::create(rewriter, loc, body, last),
          indexConstant(rewriter, loc,
                        op.getEdgePaddingLow()[a] +
                            op.getEdgePaddingHigh()[a]));
      out.push_back(e);
    }
    Value result = indexGeneric(
        rewriter, loc, type, out,
        [&](OpBuilder &b, Location l, ArrayRef<Value> idx) {
          Value ok = arith::ConstantOp::create(b, l, b.getBoolAttr(true));
          SmallVector<Value> src;
          for (int64_t j = 0; j < r; ++j) {
            int64_t a = loweredAxis(j, r);
            int64_t step = op.getInteriorPadding()[a] + 1;
            Value s = arith::SubIOp::create(
                b, l, idx[j], indexConstant(b, l, op.getEdgePaddingLow()[a]));
            Value q =
                arith::DivSIOp::create(b, l, s, indexConstant(b, l, step));
            Value rem =
                arith::RemSIOp::create(b, l, s, indexConstant(b, l, step));
            Value nonNeg = arith::CmpIOp::create(
                b, l, arith::CmpIPredicate::sge, s, indexConstant(b, l, 0));
            Value onGrid = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                                 rem, indexConstant(b, l, 0));
            Value below = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt,
                                                q, in[j]);
            ok = arith::AndIOp::create(b, l, ok, nonNeg);
            ok = arith::AndIOp::create(b, l, ok, onGrid);
            ok = arith::AndIOp::create(b, l, ok, below);
            src.push_back(q);
          }
          return guardedExtract(b, l, x, src, ok);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ExtractDiagLowering : public LoweringPattern<ExtractDiagOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ExtractDiagOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    RankedTensorType type = loweredResultType(op);
    int64_t r = cast<RankedTensorType>(x.getType()).getRank();
    int64_t a = op.getAxisA(), bAxis = op.getAxisB();
    int64_t diagPos = a > bAxis ? a - 1 : a;
    SmallVector<Value> in = extentsOf(rewriter, loc, x);
    // Logical result extents: the input's without axis b, min at diagPos.
    SmallVector<Value> logical;
    for (int64_t i = 0; i < r; ++i)
      if (i != bAxis)
        logical.push_back(in[loweredAxis(i, r)]);
    logical[diagPos] = arith::MinSIOp::create(
        rewriter, loc, in[loweredAxis(a, r)], in[loweredAxis(bAxis, r)]);
    SmallVector<Value> out(logical.rbegin(), logical.rend());
    Value result = indexGeneric(
        rewriter, loc, type, out,
        [&](OpBuilder &b, Location l, ArrayRef<Value> idx) {
          int64_t ro = r - 1;
          SmallVector<Value> lo(idx.rbegin(), idx.rend()); // logical out idx
          SmallVector<Value> li;                           // logical in idx
          for (int64_t i = 0, o = 0; i < r; ++i)
            li.push_back(i == bAxis ? Value() : lo[o++]);
          li[a] = lo[diagPos];
          li[bAxis] = lo[diagPos];
          (void)ro;
          SmallVector<Value> src(li.rbegin(), li.rend());
          return Value(tensor::ExtractOp::create(b, l, x, src));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct EmbedDiagLowering : public LoweringPattern<EmbedDiagOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(EmbedDiagOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    RankedTensorType type = loweredResultType(op);
    int64_t r = cast<RankedTensorType>(x.getType()).getRank();
    int64_t a = op.getAxisA(), bAxis = op.getAxisB();
    int64_t aOut = a < bAxis ? a : a + 1;
    SmallVector<Value> in = extentsOf(rewriter, loc, x);
    SmallVector<Value> logical;
    for (int64_t i = 0; i < r; ++i)
      logical.push_back(in[loweredAxis(i, r)]);
    logical.insert(logical.begin() + bAxis, in[loweredAxis(a, r)]);
    SmallVector<Value> out(logical.rbegin(), logical.rend());
    Value result =
        indexGeneric(rewriter, loc, type, out,
                     [&](OpBuilder &b, Location l, ArrayRef<Value> idx) {
                       SmallVector<Value> lo(idx.rbegin(), idx.rend());
                       SmallVector<Value> li(lo);
                       li.erase(li.begin() + bAxis);
                       SmallVector<Value> src(li.rbegin(), li.rend());
                       Value onDiag = arith::CmpIOp::create(
                           b, l, arith::CmpIPredicate::eq, lo[bAxis], lo[aOut]);
                       return guardedExtract(b, l, x, src, onDiag);
                     });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConcatenateLowering : public LoweringPattern<ConcatenateOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = loweredResultType(op);
    int64_t r = type.getRank(), j = loweredAxis(op.getAxis(), r);
    SmallVector<Value> inputs;
    for (Value v : adaptor.getInputs())
      inputs.push_back(convertTensor(rewriter, loc, v, type.getElementType()));
    SmallVector<Value> extents = extentsOf(rewriter, loc, inputs.front());
    Value total = indexConstant(rewriter, loc, 0);
    for (Value v : inputs)
      total = arith::AddIOp::create(rewriter, loc, total,
                                    extentsOf(rewriter, loc, v)[j]);
    extents[j] = total;
    Value acc = emptyWithExtents(rewriter, loc, type, extents);
    Value offset = indexConstant(rewriter, loc, 0);
    for (Value v : inputs) {
      SmallVector<OpFoldResult> offs(r, rewriter.getIndexAttr(0)),
          strides(r, rewriter.getIndexAttr(1));
      offs[j] = offset;
      acc = tensor::InsertSliceOp::create(rewriter, loc, v, acc, offs,
                                          mixedExtentsOf(rewriter, loc, v),
                                          strides);
      offset = arith::AddIOp::create(rewriter, loc, offset,
                                     extentsOf(rewriter, loc, v)[j]);
    }
    rewriter.replaceOp(op, acc);
    return success();
  }
};

/// Clamped start offsets (lowered order) of a window of `windowExtents`
/// in `operandExtents`, from a rank-1 start-index tensor in logical order.
SmallVector<OpFoldResult> clampedStarts(OpBuilder &b, Location loc,
                                        Value starts,
                                        ArrayRef<Value> operandExtents,
                                        ArrayRef<Value> windowExtents) {
  int64_t r = operandExtents.size();
  SmallVector<OpFoldResult> offsets(r);
  for (int64_t a = 0; a < r; ++a) {
    int64_t j = loweredAxis(a, r);
    Value s =
        toIndex(b, loc,
                tensor::ExtractOp::create(
                    b, loc, starts, ValueRange{indexConstant(b, loc, a)}));
    Value hi =
        arith::SubIOp::create(b, loc, operandExtents[j], windowExtents[j]);
    offsets[j] = clampIndex(b, loc, s, indexConstant(b, loc, 0), hi);
  }
  return offsets;
}

struct DynamicSliceLowering : public LoweringPattern<DynamicSliceOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = loweredResultType(op);
    int64_t r = type.getRank();
    Value x = adaptor.getOperand();
    SmallVector<Value> window;
    for (int64_t j = 0; j < r; ++j)
      window.push_back(indexConstant(rewriter, loc, type.getDimSize(j)));
    SmallVector<OpFoldResult> offsets =
        clampedStarts(rewriter, loc, adaptor.getStartIndices(),
                      extentsOf(rewriter, loc, x), window);
    SmallVector<OpFoldResult> sizes, strides(r, rewriter.getIndexAttr(1));
    for (int64_t j = 0; j < r; ++j)
      sizes.push_back(rewriter.getIndexAttr(type.getDimSize(j)));
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, type, x, offsets,
                                                        sizes, strides);
    return success();
  }
};

struct DynamicUpdateSliceLowering
    : public LoweringPattern<DynamicUpdateSliceOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = loweredResultType(op);
    int64_t r = type.getRank();
    Value x = convertTensor(rewriter, loc, adaptor.getOperand(),
                            type.getElementType());
    Value u = convertTensor(rewriter, loc, adaptor.getUpdate(),
                            type.getElementType());
    SmallVector<Value> window = extentsOf(rewriter, loc, u);
    SmallVector<OpFoldResult> offsets =
        clampedStarts(rewriter, loc, adaptor.getStartIndices(),
                      extentsOf(rewriter, loc, x), window);
    SmallVector<OpFoldResult> strides(r, rewriter.getIndexAttr(1));
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, u, x, offsets, mixedExtentsOf(rewriter, loc, u), strides);
    return success();
  }
};

/// dynamic_truncate(x, n): keeps [0, n) along `axis`; n is read from its
/// rank-0 tensor and must lie in [0, extent] (run-time check).
struct DynamicTruncateLowering : public LoweringPattern<DynamicTruncateOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(DynamicTruncateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    RankedTensorType type = loweredResultType(op);
    int64_t r = type.getRank(), j = loweredAxis(op.getAxis(), r);
    Value n = toIndex(rewriter, loc,
                      tensor::ExtractOp::create(
                          rewriter, loc, adaptor.getSize(), ValueRange()));
    SmallVector<OpFoldResult> sizes = mixedExtentsOf(rewriter, loc, x);
    Value extent = extentsOf(rewriter, loc, x)[j];
    Value ok = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, n,
                              indexConstant(rewriter, loc, 0)),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle, n,
                              extent));
    cf::AssertOp::create(rewriter, loc, ok,
                         "tenferro.dynamic_truncate: length out of range");
    sizes[j] = n;
    SmallVector<OpFoldResult> offsets(r, rewriter.getIndexAttr(0)),
        strides(r, rewriter.getIndexAttr(1));
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, type, x, offsets,
                                                        sizes, strides);
    return success();
  }
};

/// pad_to_match(x, ref): zero-pads the high side of `axis` up to the
/// reference extent when smaller, else passes x through.
struct PadToMatchLowering : public LoweringPattern<PadToMatchOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(PadToMatchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getOperand(), ref = adaptor.getReference();
    RankedTensorType type = loweredResultType(op);
    int64_t r = type.getRank(), j = loweredAxis(op.getAxis(), r);
    int64_t rr = cast<RankedTensorType>(ref.getType()).getRank();
    SmallVector<Value> extents = extentsOf(rewriter, loc, x);
    Value refExtent =
        extentsOf(rewriter, loc, ref)[loweredAxis(op.getAxis(), rr)];
    extents[j] = arith::MaxSIOp::create(rewriter, loc, extents[j], refExtent);
    Value empty = emptyWithExtents(rewriter, loc, type, extents);
    Value zeros = linalg::FillOp::create(
                      rewriter, loc,
                      zeroScalar(rewriter, loc, type.getElementType()), empty)
                      .getResult(0);
    SmallVector<OpFoldResult> offsets(r, rewriter.getIndexAttr(0)),
        strides(r, rewriter.getIndexAttr(1));
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, x, zeros, offsets, mixedExtentsOf(rewriter, loc, x), strides);
    return success();
  }
};

} // namespace

void lowering::populateIndexingLoweringPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<TriangleLowering<TrilOp>, TriangleLowering<TriuOp>,
               ReverseLowering, SliceLowering, PadLowering, ExtractDiagLowering,
               EmbedDiagLowering, ConcatenateLowering, DynamicSliceLowering,
               DynamicUpdateSliceLowering, DynamicTruncateLowering,
               PadToMatchLowering>(converter, patterns.getContext());
}
