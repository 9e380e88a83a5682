//===- GatherLowering.cpp - gather, gather_dynamic_slice_sizes, scatter ---===//
//
// StableHLO's gather as one linalg.generic over the output: for each output
// position, the start vector is read from the index tensor (tensor.extract),
// clamped so that the window stays inside the operand, and the operand
// element at start + window offset is read.
//
//===----------------------------------------------------------------------===//

#include "LayoutUtils.h"
#include "Patterns.h"
#include "ScalarOps.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::lowering;

namespace {

/// The start position in the operand (logical, one index per operand axis)
/// of the index vector at logical batch position `batch` of the index
/// tensor: component k goes to operand axis `map[k]`, other axes start at
/// 0. `indexVectorDim` equal to the index rank means scalar index vectors.
SmallVector<Value> readStartVector(OpBuilder &b, Location loc, Value indices,
                                   ArrayRef<Value> batch,
                                   int64_t indexVectorDim,
                                   ArrayRef<int64_t> map, int64_t rank) {
  int64_t indexRank = cast<RankedTensorType>(indices.getType()).getRank();
  SmallVector<Value> start(rank, indexConstant(b, loc, 0));
  for (auto [k, d] : llvm::enumerate(map)) {
    SmallVector<Value> at(batch);
    if (indexVectorDim < indexRank)
      at.insert(at.begin() + indexVectorDim, indexConstant(b, loc, k));
    SmallVector<Value> lowered(at.rbegin(), at.rend());
    start[d] =
        toIndex(b, loc, tensor::ExtractOp::create(b, loc, indices, lowered));
  }
  return start;
}

/// Builds the gather; `sliceSizes` are the logical slice sizes as index
/// values.
Value buildGather(OpBuilder &rewriter, Location loc, RankedTensorType type,
                  Value operand, Value indices, GatherDimensionNumbersAttr dn,
                  ArrayRef<Value> sliceSizes) {
  int64_t rank = cast<RankedTensorType>(operand.getType()).getRank();
  int64_t indexRank = cast<RankedTensorType>(indices.getType()).getRank();
  int64_t outRank = type.getRank();
  int64_t ivd = dn.getIndexVectorDim();
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims(),
                    collapsed = dn.getCollapsedSliceDims(),
                    startMap = dn.getStartIndexMap();

  // Output extents: batch dims from the index tensor, window dims from the
  // slice sizes (lowered order).
  SmallVector<Value> logicalExtents(outRank);
  {
    int64_t b = 0, w = 0;
    SmallVector<int64_t> windowDims;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(collapsed, d))
        windowDims.push_back(d);
    for (int64_t o = 0; o < outRank; ++o) {
      if (llvm::is_contained(offsetDims, o)) {
        logicalExtents[o] = sliceSizes[windowDims[w++]];
      } else {
        int64_t id = b < ivd ? b : b + 1;
        ++b;
        logicalExtents[o] =
            extentOf(rewriter, loc, indices, loweredAxis(id, indexRank));
      }
    }
  }
  SmallVector<Value> dynamic;
  for (int64_t j = 0; j < outRank; ++j)
    if (type.isDynamicDim(j))
      dynamic.push_back(logicalExtents[outRank - 1 - j]);
  Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                       type.getElementType(), dynamic);
  SmallVector<Value> operandExtents;
  for (int64_t d = 0; d < rank; ++d)
    operandExtents.push_back(
        extentOf(rewriter, loc, operand, loweredAxis(d, rank)));

  SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(outRank)};
  SmallVector<utils::IteratorType> iters(outRank,
                                         utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, type, ValueRange(), init, maps, iters,
      [&](OpBuilder &b, Location l, ValueRange) {
        // Logical output position.
        SmallVector<Value> out(outRank);
        for (int64_t j = 0; j < outRank; ++j)
          out[outRank - 1 - j] = linalg::IndexOp::create(b, l, j);
        // Batch position in the index tensor (logical, without ivd).
        SmallVector<Value> batch;
        for (int64_t o = 0; o < outRank; ++o)
          if (!llvm::is_contained(offsetDims, o))
            batch.push_back(out[o]);
        SmallVector<Value> start =
            readStartVector(b, l, indices, batch, ivd, startMap, rank);
        // Clamp so the window stays inside the operand, then add the
        // window offset.
        SmallVector<Value> pos(rank);
        int64_t w = 0;
        for (int64_t d = 0; d < rank; ++d) {
          Value hi =
              arith::SubIOp::create(b, l, operandExtents[d], sliceSizes[d]);
          Value s = arith::MinSIOp::create(
              b, l,
              arith::MaxSIOp::create(b, l, start[d], indexConstant(b, l, 0)),
              hi);
          Value offset = indexConstant(b, l, 0);
          if (!llvm::is_contained(collapsed, d))
            offset = out[offsetDims[w++]];
          pos[d] = arith::AddIOp::create(b, l, s, offset);
        }
        SmallVector<Value> lowered(pos.rbegin(), pos.rend());
        linalg::YieldOp::create(
            b, l, Value(tensor::ExtractOp::create(b, l, operand, lowered)));
      });
  return generic.getResult(0);
}

struct GatherLowering : public LoweringPattern<GatherOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> sizes;
    for (int64_t s : op.getSliceSizes())
      sizes.push_back(indexConstant(rewriter, loc, s));
    auto type = loweredResultType(op);
    rewriter.replaceOp(
        op, buildGather(rewriter, loc, type, adaptor.getOperand(),
                        adaptor.getIndices(), op.getDimensionNumbers(), sizes));
    return success();
  }
};

struct GatherDynamicSliceSizesLowering
    : public LoweringPattern<GatherDynamicSliceSizesOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(GatherDynamicSliceSizesOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> sizes;
    for (Attribute a : op.getSliceSizes())
      sizes.push_back(materializeDimExpr(rewriter, loc, cast<DimExprAttr>(a),
                                         adaptor.getOperands(),
                                         op.getOperationName()));
    auto type = loweredResultType(op);
    rewriter.replaceOp(
        op, buildGather(rewriter, loc, type, adaptor.getOperand(),
                        adaptor.getIndices(), op.getDimensionNumbers(), sizes));
    return success();
  }
};

/// Scatter-add: a loop nest over the updates accumulating into a copy of
/// the operand; update elements whose target position falls outside the
/// operand are skipped.
struct ScatterLowering : public LoweringPattern<ScatterOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = loweredResultType(op);
    Type elt = type.getElementType();
    Value operand = adaptor.getOperand(), indices = adaptor.getIndices(),
          updates = adaptor.getUpdates();
    int64_t rank = type.getRank();
    int64_t updRank = cast<RankedTensorType>(updates.getType()).getRank();
    ScatterDimensionNumbersAttr dn = op.getDimensionNumbers();
    int64_t ivd = dn.getIndexVectorDim();
    ArrayRef<int64_t> window = dn.getUpdateWindowDims(),
                      inserted = dn.getInsertedWindowDims(),
                      toOperand = dn.getScatterDimsToOperandDims();

    // The accumulator starts as the operand in the result dtype.
    SmallVector<Value> dynamic;
    for (int64_t j = 0; j < rank; ++j)
      if (type.isDynamicDim(j))
        dynamic.push_back(tensor::DimOp::create(rewriter, loc, operand, j));
    Value init =
        tensor::EmptyOp::create(rewriter, loc, type.getShape(), elt, dynamic);
    SmallVector<AffineMap> maps(2, rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
    Value acc =
        linalg::GenericOp::create(
            rewriter, loc, type, operand, init, maps, iters,
            [&](OpBuilder &b, Location l, ValueRange args) {
              linalg::YieldOp::create(b, l, convertScalar(b, l, args[0], elt));
            })
            .getResult(0);
    SmallVector<Value> operandExtents;
    for (int64_t d = 0; d < rank; ++d)
      operandExtents.push_back(
          extentOf(rewriter, loc, acc, loweredAxis(d, rank)));

    SmallVector<Value> lbs, ubs, steps;
    for (int64_t j = 0; j < updRank; ++j) {
      lbs.push_back(indexConstant(rewriter, loc, 0));
      ubs.push_back(extentOf(rewriter, loc, updates, j));
      steps.push_back(indexConstant(rewriter, loc, 1));
    }
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, ValueRange{acc},
        [&](OpBuilder &b, Location l, ValueRange ivs,
            ValueRange iterArgs) -> scf::ValueVector {
          // Logical update position.
          SmallVector<Value> u(llvm::reverse(SmallVector<Value>(ivs)));
          SmallVector<Value> batch;
          for (int64_t d = 0; d < updRank; ++d)
            if (!llvm::is_contained(window, d))
              batch.push_back(u[d]);
          SmallVector<Value> pos =
              readStartVector(b, l, indices, batch, ivd, toOperand, rank);
          int64_t w = 0;
          Value ok = arith::ConstantOp::create(b, l, b.getBoolAttr(true));
          for (int64_t d = 0; d < rank; ++d) {
            if (!llvm::is_contained(inserted, d))
              pos[d] = arith::AddIOp::create(b, l, pos[d], u[window[w++]]);
            ok = arith::AndIOp::create(
                b, l, ok,
                arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, pos[d],
                                      indexConstant(b, l, 0)));
            ok = arith::AndIOp::create(
                b, l, ok,
                arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, pos[d],
                                      operandExtents[d]));
          }
          SmallVector<Value> target(pos.rbegin(), pos.rend());
          Value current = iterArgs[0];
          auto ifOp = scf::IfOp::create(
              b, l, ok,
              [&](OpBuilder &tb, Location tl) {
                Value upd = convertScalar(
                    tb, tl, tensor::ExtractOp::create(tb, tl, updates, ivs),
                    elt);
                Value old = tensor::ExtractOp::create(tb, tl, current, target);
                // Bool updates combine by logical OR (true if any is
                // true), not by i1 addition, which is XOR
                // (docs/semantics.md).
                Value sum =
                    isa<ComplexType>(elt)
                        ? Value(complex::AddOp::create(tb, tl, old, upd))
                    : isa<FloatType>(elt)
                        ? Value(arith::AddFOp::create(tb, tl, old, upd))
                    : elt.isInteger(1)
                        ? Value(arith::OrIOp::create(tb, tl, old, upd))
                        : Value(arith::AddIOp::create(tb, tl, old, upd));
                scf::YieldOp::create(tb, tl,
                                     Value(tensor::InsertOp::create(
                                         tb, tl, sum, current, target)));
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, current);
              });
          return {ifOp.getResult(0)};
        });
    rewriter.replaceOp(op, nest.results.empty() ? acc : nest.results[0]);
    return success();
  }
};

} // namespace

void lowering::populateGatherLoweringPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns
      .add<GatherLowering, GatherDynamicSliceSizesLowering, ScatterLowering>(
          converter, patterns.getContext());
}
