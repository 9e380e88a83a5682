//===- TenferroOps.cpp - tenferro ops: inference, verifiers, syntax -------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/Dialect/Tenferro/IR/DimExprEval.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <cfloat>
#include <cmath>

using namespace mlir;
using namespace mlir::tenferro;

//===----------------------------------------------------------------------===//
// Custom assembly directives
//===----------------------------------------------------------------------===//

/// `: T` when every operand has type T, else `: T0, T1, ...`.
static ParseResult parseElementwiseTypesImpl(OpAsmParser &p,
                                             ArrayRef<Type *> slots) {
  SMLoc loc = p.getCurrentLocation();
  SmallVector<Type> types;
  if (p.parseCommaSeparatedList(
          [&]() -> ParseResult { return p.parseType(types.emplace_back()); }))
    return failure();
  if (types.size() != 1 && types.size() != slots.size())
    return p.emitError(loc) << "expected 1 or " << slots.size()
                            << " operand types, got " << types.size();
  for (auto [i, slot] : llvm::enumerate(slots))
    *slot = types.size() == 1 ? types[0] : types[i];
  return success();
}

static void printElementwiseTypesImpl(OpAsmPrinter &p, ArrayRef<Type> types) {
  if (llvm::all_equal(types)) {
    p << types.front();
    return;
  }
  llvm::interleaveComma(types, p);
}

static ParseResult parseElementwiseTypes(OpAsmParser &p, Type &a, Type &b) {
  return parseElementwiseTypesImpl(p, {&a, &b});
}
static ParseResult parseElementwiseTypes(OpAsmParser &p, Type &a, Type &b,
                                         Type &c) {
  return parseElementwiseTypesImpl(p, {&a, &b, &c});
}
static void printElementwiseTypes(OpAsmPrinter &p, Operation *, Type a,
                                  Type b) {
  printElementwiseTypesImpl(p, {a, b});
}
static void printElementwiseTypes(OpAsmPrinter &p, Operation *, Type a, Type b,
                                  Type c) {
  printElementwiseTypesImpl(p, {a, b, c});
}

/// `[expr, expr, ...]` of bare DimExprs.
static ParseResult parseDimExprList(OpAsmParser &p, ArrayAttr &list) {
  SmallVector<Attribute> exprs;
  if (p.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            FailureOr<DimExprAttr> e = DimExprAttr::parseExpr(p);
            if (failed(e))
              return failure();
            exprs.push_back(*e);
            return success();
          }))
    return failure();
  list = p.getBuilder().getArrayAttr(exprs);
  return success();
}

static void printDimExprList(OpAsmPrinter &p, Operation *, ArrayAttr list) {
  p << "[";
  llvm::interleaveComma(list, p, [&](Attribute a) {
    cast<DimExprAttr>(a).printExpr(p.getStream());
  });
  p << "]";
}

/// The bare direction keyword of tenferro.compare: `eq`, `lt`, ...
static ParseResult parseCompareDirection(OpAsmParser &p,
                                         CompareDirectionAttr &attr) {
  SMLoc loc = p.getCurrentLocation();
  StringRef keyword;
  if (p.parseKeyword(&keyword))
    return failure();
  std::optional<CompareDirection> dir = symbolizeCompareDirection(keyword);
  if (!dir)
    return p.emitError(loc) << "unknown comparison direction '" << keyword
                            << "', expected eq, lt, le, gt or ge";
  attr = CompareDirectionAttr::get(p.getContext(), *dir);
  return success();
}

static void printCompareDirection(OpAsmPrinter &p, Operation *,
                                  CompareDirectionAttr attr) {
  p << stringifyCompareDirection(attr.getValue());
}

#define GET_OP_CLASSES
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static RankedTensorType tensorOf(Type t) { return cast<RankedTensorType>(t); }

static bool isIndexDType(Type t) { return isIntDType(t) || isFloatDType(t); }

/// Checks that a list of axes is strictly increasing (StableHLO's gather and
/// scatter dimension lists).
static LogicalResult checkSorted(StringRef opName, std::optional<Location> loc,
                                 StringRef what, ArrayRef<int64_t> axes) {
  for (size_t i = 1; i < axes.size(); ++i)
    if (axes[i - 1] >= axes[i])
      return emitRuleError(opName, loc, what, " must be sorted and unique");
  return success();
}

/// Evaluates a DimExpr shape against the op's operand shapes, after
/// checking tenferro's shape-reference arity rule: exactly
/// `max(minOperands, max input_dim index + 1)` operands.
static LogicalResult evaluateShapeExprs(StringRef opName,
                                        std::optional<Location> loc,
                                        ArrayAttr exprs, TypeRange operands,
                                        unsigned minOperands,
                                        SmallVectorImpl<int64_t> &result) {
  int64_t maxIndex = -1;
  for (Attribute a : exprs)
    maxIndex = std::max(maxIndex, cast<DimExprAttr>(a).getMaxInputIndex());
  int64_t expected = std::max<int64_t>(minOperands, maxIndex + 1);
  if (static_cast<int64_t>(operands.size()) != expected) {
    std::string why = maxIndex < 0
                          ? std::string("no input_dim refers to an operand")
                          : "the largest input_dim operand index is " +
                                std::to_string(maxIndex);
    return emitRuleError(opName, loc, "expects ", expected, " operands (",
                         minOperands, " data and ", expected - minOperands,
                         " shape reference(s), since ", why, "), got ",
                         operands.size());
  }

  SmallVector<ArrayRef<int64_t>> shapes;
  for (Type t : operands)
    shapes.push_back(tensorOf(t).getShape());
  for (Attribute a : exprs) {
    DimExprValue v = evaluateDimExpr(cast<DimExprAttr>(a), shapes);
    if (v.isError())
      return emitRuleError(opName, loc, "DimExpr ", v.message);
    result.push_back(v.isKnown() ? *v.value : ShapedType::kDynamic);
  }
  return success();
}

/// Product of static extents, or nullopt when dynamic or overflowing.
static std::optional<int64_t> staticElementCount(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (ShapedType::isDynamic(d) || llvm::MulOverflow(n, d, n))
      return std::nullopt;
  return n;
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

LogicalResult CompareOp::verify() {
  Type elt = getLhs().getType().getElementType();
  if (getDirection() != CompareDirection::eq && isComplexDType(elt))
    return emitOpError("ordered comparison '")
           << stringifyCompareDirection(getDirection())
           << "' is not defined for complex dtype " << elt;
  return success();
}

//===----------------------------------------------------------------------===//
// Structural ops
//===----------------------------------------------------------------------===//

LogicalResult
TransposeOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &inferred) {
  auto type = tensorOf(adaptor.getOperand().getType());
  ArrayRef<int64_t> perm = adaptor.getPerm();
  if (static_cast<int64_t>(perm.size()) != type.getRank())
    return emitRuleError(getOperationName(), loc, "perm has ", perm.size(),
                         " entries, expected the operand rank ",
                         type.getRank());
  if (failed(checkAxes(getOperationName(), loc, "perm", perm, type.getRank())))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult
ReshapeOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &inferred) {
  auto type = tensorOf(adaptor.getOperand().getType());
  SmallVector<int64_t> shape;
  if (failed(evaluateShapeExprs(getOperationName(), loc, adaptor.getShape(),
                                TypeRange(adaptor.getOperands()), 1, shape)))
    return failure();
  std::optional<int64_t> in = staticElementCount(type.getShape());
  std::optional<int64_t> out = staticElementCount(shape);
  if (in && out && *in != *out)
    return emitRuleError(getOperationName(), loc, "cannot reshape ",
                         formatShape(type.getShape()), " (", *in,
                         " elements) to ", formatShape(shape), " (", *out,
                         " elements)");
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult BroadcastInDimOp::inferTensorResultTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto type = tensorOf(adaptor.getOperand().getType());
  SmallVector<int64_t> shape;
  if (failed(evaluateShapeExprs(name, loc, adaptor.getShape(),
                                TypeRange(adaptor.getOperands()), 1, shape)))
    return failure();
  ArrayRef<int64_t> dims = adaptor.getDims();
  if (static_cast<int64_t>(dims.size()) != type.getRank())
    return emitRuleError(name, loc, "dims has ", dims.size(),
                         " entries, expected the operand rank ",
                         type.getRank());
  if (failed(checkAxes(name, loc, "dims", dims, shape.size())))
    return failure();
  for (auto [i, d] : llvm::enumerate(dims)) {
    int64_t src = type.getDimSize(i), tgt = shape[d];
    if (!ShapedType::isDynamic(src) && !ShapedType::isDynamic(tgt) &&
        src != 1 && src != tgt)
      return emitRuleError(name, loc, "operand axis ", i, " of extent ", src,
                           " cannot broadcast to result axis ", d,
                           " of extent ", tgt, " (must be equal or 1)");
  }
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult
ConvertOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &inferred) {
  auto type = tensorOf(adaptor.getOperand().getType());
  inferred.push_back(type.clone(adaptor.getTo()));
  return success();
}

LogicalResult ExtractDiagOp::inferTensorResultTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto type = tensorOf(adaptor.getOperand().getType());
  int64_t a = adaptor.getAxisA(), b = adaptor.getAxisB();
  if (failed(checkAxes(getOperationName(), loc, "axis_a/axis_b", {a, b},
                       type.getRank())))
    return failure();
  int64_t da = type.getDimSize(a), db = type.getDimSize(b);
  int64_t diag = ShapedType::isDynamic(da) || ShapedType::isDynamic(db)
                     ? ShapedType::kDynamic
                     : std::min(da, db);
  SmallVector<int64_t> shape(type.getShape());
  shape[a] = diag;
  shape.erase(shape.begin() + b);
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult
EmbedDiagOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &inferred) {
  auto type = tensorOf(adaptor.getOperand().getType());
  int64_t a = adaptor.getAxisA(), b = adaptor.getAxisB();
  if (a < 0 || a >= type.getRank())
    return emitRuleError(getOperationName(), loc, "axis_a ", a,
                         " is out of range for rank ", type.getRank());
  if (b < 0 || b > type.getRank())
    return emitRuleError(getOperationName(), loc, "axis_b ", b,
                         " is out of range: the new axis goes at a position "
                         "in [0, ",
                         type.getRank(), "]");
  SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + b, type.getDimSize(a));
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult SliceOp::inferTensorResultTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto type = tensorOf(adaptor.getOperand().getType());
  ArrayRef<int64_t> starts = adaptor.getStarts(), limits = adaptor.getLimits(),
                    strides = adaptor.getStrides();
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(starts.size()) != rank ||
      static_cast<int64_t>(limits.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return emitRuleError(name, loc, "starts, limits and strides need ", rank,
                         " entries each (the operand rank), got ",
                         starts.size(), ", ", limits.size(), " and ",
                         strides.size());
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    if (strides[i] < 1)
      return emitRuleError(name, loc, "stride ", strides[i], " of axis ", i,
                           " must be >= 1");
    if (starts[i] < 0 || starts[i] > limits[i])
      return emitRuleError(name, loc, "axis ", i,
                           " needs 0 <= start <= limit, "
                           "got start ",
                           starts[i], " and limit ", limits[i]);
    int64_t dim = type.getDimSize(i);
    if (!ShapedType::isDynamic(dim) && limits[i] > dim)
      return emitRuleError(name, loc, "limit ", limits[i], " of axis ", i,
                           " exceeds its extent ", dim);
    shape.push_back(llvm::divideCeil(limits[i] - starts[i], strides[i]));
  }
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

/// Start-index operands: a rank-1 tensor of integer or real dtype with one
/// entry per operand axis.
static LogicalResult checkStartIndices(StringRef opName,
                                       std::optional<Location> loc,
                                       Type startsType, int64_t rank) {
  auto starts = tensorOf(startsType);
  if (starts.getRank() != 1 || !isIndexDType(starts.getElementType()))
    return emitRuleError(opName, loc,
                         "start indices must be a rank-1 integer or real "
                         "tensor, got ",
                         startsType);
  if (!starts.isDynamicDim(0) && starts.getDimSize(0) != rank)
    return emitRuleError(opName, loc, "start indices have ",
                         starts.getDimSize(0), " entries, expected ", rank);
  return success();
}

LogicalResult DynamicSliceOp::inferTensorResultTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto type = tensorOf(adaptor.getOperand().getType());
  if (failed(checkStartIndices(name, loc, adaptor.getStartIndices().getType(),
                               type.getRank())))
    return failure();
  ArrayRef<int64_t> sizes = adaptor.getSliceSizes();
  if (static_cast<int64_t>(sizes.size()) != type.getRank())
    return emitRuleError(name, loc, "slice_sizes has ", sizes.size(),
                         " entries, expected the operand rank ",
                         type.getRank());
  for (auto [i, s] : llvm::enumerate(sizes)) {
    int64_t dim = type.getDimSize(i);
    if (s < 0 || (!ShapedType::isDynamic(dim) && s > dim))
      return emitRuleError(name, loc, "slice size ", s, " of axis ", i,
                           " must be in [0, operand extent]");
  }
  inferred.push_back(RankedTensorType::get(sizes, type.getElementType()));
  return success();
}

LogicalResult DynamicUpdateSliceOp::inferTensorResultTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto type = tensorOf(adaptor.getOperand().getType());
  auto update = tensorOf(adaptor.getUpdate().getType());
  if (failed(checkStartIndices(name, loc, adaptor.getStartIndices().getType(),
                               type.getRank())))
    return failure();
  if (update.getRank() != type.getRank())
    return emitRuleError(name, loc, "update rank ", update.getRank(),
                         " differs from operand rank ", type.getRank());
  for (int64_t i = 0; i < type.getRank(); ++i) {
    int64_t u = update.getDimSize(i), d = type.getDimSize(i);
    if (!ShapedType::isDynamic(u) && !ShapedType::isDynamic(d) && u > d)
      return emitRuleError(name, loc, "update extent ", u, " of axis ", i,
                           " exceeds the operand extent ", d);
  }
  inferred.push_back(
      type.clone(promoteDType(type.getElementType(), update.getElementType())));
  return success();
}

LogicalResult PadOp::inferTensorResultTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto type = tensorOf(adaptor.getOperand().getType());
  ArrayRef<int64_t> low = adaptor.getEdgePaddingLow(),
                    high = adaptor.getEdgePaddingHigh(),
                    interior = adaptor.getInteriorPadding();
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return emitRuleError(name, loc, "low, high and interior need ", rank,
                         " entries each (the operand rank)");
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    if (interior[i] < 0)
      return emitRuleError(name, loc, "interior padding ", interior[i],
                           " of axis ", i, " must be >= 0");
    int64_t n = type.getDimSize(i);
    if (ShapedType::isDynamic(n)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    // low + high + (n-1)*(interior+1) + 1, or low + high for n = 0.
    int64_t ext = 0, body = 0;
    bool overflow = n > 0 && (llvm::MulOverflow(n - 1, interior[i] + 1, body) ||
                              llvm::AddOverflow(body, int64_t(1), body));
    overflow = overflow || llvm::AddOverflow(low[i], high[i], ext) ||
               llvm::AddOverflow(ext, body, ext);
    if (overflow)
      return emitRuleError(name, loc, "padded extent of axis ", i,
                           " overflows 64 bits");
    if (ext < 0)
      return emitRuleError(name, loc, "padded extent of axis ", i,
                           " is negative (", ext, ")");
    shape.push_back(ext);
  }
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult ConcatenateOp::inferTensorResultTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  ValueRange inputs = adaptor.getInputs();
  if (inputs.empty() || inputs.size() > 255)
    return emitRuleError(name, loc, "takes 1 to 255 operands, got ",
                         inputs.size());
  auto first = tensorOf(inputs.front().getType());
  int64_t axis = adaptor.getAxis(), rank = first.getRank();
  if (axis < 0 || axis >= rank)
    return emitRuleError(name, loc, "axis ", axis, " is out of range for rank ",
                         rank);
  SmallVector<int64_t> shape(first.getShape());
  SmallVector<Type> elts;
  shape[axis] = 0;
  for (auto [i, v] : llvm::enumerate(inputs)) {
    auto t = tensorOf(v.getType());
    elts.push_back(t.getElementType());
    if (t.getRank() != rank)
      return emitRuleError(name, loc, "operand #", i, " has rank ", t.getRank(),
                           ", expected ", rank);
    for (int64_t d = 0; d < rank; ++d) {
      int64_t e = t.getDimSize(d);
      if (d == axis) {
        if (ShapedType::isDynamic(e) || ShapedType::isDynamic(shape[d]) ||
            llvm::AddOverflow(shape[d], e, shape[d]))
          shape[d] = ShapedType::kDynamic;
        continue;
      }
      if (ShapedType::isDynamic(e))
        continue;
      if (ShapedType::isDynamic(shape[d]))
        shape[d] = e;
      else if (shape[d] != e)
        return emitRuleError(name, loc, "operand #", i, " has extent ", e,
                             " on axis ", d, ", expected ", shape[d]);
    }
  }
  inferred.push_back(RankedTensorType::get(shape, promoteDTypes(elts)));
  return success();
}

LogicalResult
ReverseOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &inferred) {
  auto type = tensorOf(adaptor.getOperand().getType());
  if (failed(checkAxes(getOperationName(), loc, "axes", adaptor.getAxes(),
                       type.getRank())))
    return failure();
  inferred.push_back(type);
  return success();
}

//===----------------------------------------------------------------------===//
// Gather and scatter (StableHLO's shape rules)
//===----------------------------------------------------------------------===//

/// Shared by gather and gather_dynamic_slice_sizes; `sliceSizes` may hold
/// dynamic entries.
static LogicalResult inferGather(StringRef name, std::optional<Location> loc,
                                 Type operandType, Type indicesType,
                                 GatherDimensionNumbersAttr dn,
                                 ArrayRef<int64_t> sliceSizes,
                                 SmallVectorImpl<Type> &inferred) {
  auto operand = tensorOf(operandType), indices = tensorOf(indicesType);
  int64_t rank = operand.getRank(), indexRank = indices.getRank();
  if (!isIndexDType(indices.getElementType()))
    return emitRuleError(name, loc,
                         "indices must have integer or real dtype, "
                         "got ",
                         indices.getElementType());
  int64_t ivd = dn.getIndexVectorDim();
  if (ivd < 0 || ivd > indexRank)
    return emitRuleError(name, loc, "index_vector_dim ", ivd,
                         " is out of range [0, ", indexRank, "]");
  int64_t indexVectorSize = ivd == indexRank ? 1 : indices.getDimSize(ivd);
  if (static_cast<int64_t>(sliceSizes.size()) != rank)
    return emitRuleError(name, loc, "slice_sizes has ", sliceSizes.size(),
                         " entries, expected the operand rank ", rank);
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims(),
                    collapsed = dn.getCollapsedSliceDims(),
                    startMap = dn.getStartIndexMap();
  int64_t batchRank = ivd == indexRank ? indexRank : indexRank - 1;
  int64_t resultRank = batchRank + offsetDims.size();
  if (failed(checkSorted(name, loc, "offset_dims", offsetDims)) ||
      failed(checkAxes(name, loc, "offset_dims", offsetDims, resultRank)) ||
      failed(checkSorted(name, loc, "collapsed_slice_dims", collapsed)) ||
      failed(checkAxes(name, loc, "collapsed_slice_dims", collapsed, rank)) ||
      failed(checkAxes(name, loc, "start_index_map", startMap, rank)))
    return failure();
  if (static_cast<int64_t>(offsetDims.size() + collapsed.size()) != rank)
    return emitRuleError(name, loc, "offset_dims (", offsetDims.size(),
                         ") plus collapsed_slice_dims (", collapsed.size(),
                         ") must cover the operand rank ", rank);
  if (!ShapedType::isDynamic(indexVectorSize) &&
      static_cast<int64_t>(startMap.size()) != indexVectorSize)
    return emitRuleError(name, loc, "start_index_map has ", startMap.size(),
                         " entries, but index vectors have ", indexVectorSize);
  for (auto [i, s] : llvm::enumerate(sliceSizes)) {
    if (ShapedType::isDynamic(s))
      continue;
    int64_t dim = operand.getDimSize(i);
    if (s < 0 || (!ShapedType::isDynamic(dim) && s > dim))
      return emitRuleError(name, loc, "slice size ", s, " of axis ", i,
                           " must be in [0, operand extent]");
    if (llvm::is_contained(collapsed, static_cast<int64_t>(i)) && s > 1)
      return emitRuleError(name, loc, "collapsed axis ", i,
                           " needs slice size <= 1, got ", s);
  }

  SmallVector<int64_t> batchDims, windowDims;
  for (int64_t d = 0; d < indexRank; ++d)
    if (d != ivd)
      batchDims.push_back(indices.getDimSize(d));
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(collapsed, d))
      windowDims.push_back(sliceSizes[d]);
  SmallVector<int64_t> shape;
  size_t b = 0, w = 0;
  for (int64_t d = 0; d < resultRank; ++d)
    shape.push_back(llvm::is_contained(offsetDims, d) ? windowDims[w++]
                                                      : batchDims[b++]);
  inferred.push_back(RankedTensorType::get(shape, operand.getElementType()));
  return success();
}

LogicalResult
GatherOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                 Adaptor adaptor,
                                 SmallVectorImpl<Type> &inferred) {
  return inferGather(getOperationName(), loc, adaptor.getOperand().getType(),
                     adaptor.getIndices().getType(),
                     adaptor.getDimensionNumbers(), adaptor.getSliceSizes(),
                     inferred);
}

LogicalResult GatherDynamicSliceSizesOp::inferTensorResultTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  SmallVector<int64_t> sizes;
  if (failed(evaluateShapeExprs(getOperationName(), loc,
                                adaptor.getSliceSizes(),
                                TypeRange(adaptor.getOperands()), 2, sizes)))
    return failure();
  return inferGather(getOperationName(), loc, adaptor.getOperand().getType(),
                     adaptor.getIndices().getType(),
                     adaptor.getDimensionNumbers(), sizes, inferred);
}

LogicalResult
ScatterOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto operand = tensorOf(adaptor.getOperand().getType());
  auto indices = tensorOf(adaptor.getIndices().getType());
  auto updates = tensorOf(adaptor.getUpdates().getType());
  ScatterDimensionNumbersAttr dn = adaptor.getDimensionNumbers();
  int64_t rank = operand.getRank(), indexRank = indices.getRank();
  if (!isIndexDType(indices.getElementType()))
    return emitRuleError(name, loc,
                         "indices must have integer or real dtype, "
                         "got ",
                         indices.getElementType());
  int64_t ivd = dn.getIndexVectorDim();
  if (ivd < 0 || ivd > indexRank)
    return emitRuleError(name, loc, "index_vector_dim ", ivd,
                         " is out of range [0, ", indexRank, "]");
  ArrayRef<int64_t> window = dn.getUpdateWindowDims(),
                    inserted = dn.getInsertedWindowDims(),
                    toOperand = dn.getScatterDimsToOperandDims();
  if (failed(checkSorted(name, loc, "update_window_dims", window)) ||
      failed(checkAxes(name, loc, "update_window_dims", window,
                       updates.getRank())) ||
      failed(checkSorted(name, loc, "inserted_window_dims", inserted)) ||
      failed(checkAxes(name, loc, "inserted_window_dims", inserted, rank)) ||
      failed(checkAxes(name, loc, "scatter_dims_to_operand_dims", toOperand,
                       rank)))
    return failure();
  if (static_cast<int64_t>(window.size() + inserted.size()) != rank)
    return emitRuleError(name, loc, "update_window_dims (", window.size(),
                         ") plus inserted_window_dims (", inserted.size(),
                         ") must cover the operand rank ", rank);
  int64_t indexVectorSize = ivd == indexRank ? 1 : indices.getDimSize(ivd);
  if (!ShapedType::isDynamic(indexVectorSize) &&
      static_cast<int64_t>(toOperand.size()) != indexVectorSize)
    return emitRuleError(name, loc, "scatter_dims_to_operand_dims has ",
                         toOperand.size(), " entries, but index vectors have ",
                         indexVectorSize);
  SmallVector<int64_t> batchDims;
  for (int64_t d = 0; d < indexRank; ++d)
    if (d != ivd)
      batchDims.push_back(indices.getDimSize(d));
  int64_t scatterRank = updates.getRank() - window.size();
  if (scatterRank != static_cast<int64_t>(batchDims.size()))
    return emitRuleError(name, loc, "updates have ", scatterRank,
                         " scatter axes, but indices have ", batchDims.size(),
                         " batch axes");
  size_t b = 0;
  SmallVector<int64_t> windowOperandDims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(inserted, d))
      windowOperandDims.push_back(operand.getDimSize(d));
  size_t w = 0;
  for (int64_t d = 0; d < updates.getRank(); ++d) {
    int64_t u = updates.getDimSize(d);
    if (llvm::is_contained(window, d)) {
      int64_t o = windowOperandDims[w++];
      if (!ShapedType::isDynamic(u) && !ShapedType::isDynamic(o) && u > o)
        return emitRuleError(name, loc, "update window axis ", d, " extent ", u,
                             " exceeds the operand extent ", o);
    } else {
      int64_t i = batchDims[b++];
      if (!ShapedType::isDynamic(u) && !ShapedType::isDynamic(i) && u != i)
        return emitRuleError(name, loc, "update scatter axis ", d, " extent ",
                             u, " differs from the index batch extent ", i);
    }
  }
  inferred.push_back(operand.clone(
      promoteDType(operand.getElementType(), updates.getElementType())));
  return success();
}

//===----------------------------------------------------------------------===//
// Host ops
//===----------------------------------------------------------------------===//

LogicalResult
ConstantOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                   Adaptor adaptor,
                                   SmallVectorImpl<Type> &inferred) {
  inferred.push_back(RankedTensorType::get({}, adaptor.getDtype()));
  return success();
}

/// Whether a float value is representable in `type` (f32 or f64): NaN and
/// infinities are; finite values must not overflow to infinity.
static bool floatFits(FloatAttr value, Type type) {
  double v = value.getValueAsDouble();
  if (type.isF64() || !std::isfinite(v))
    return true;
  return std::fabs(v) <= static_cast<double>(FLT_MAX);
}

LogicalResult ConstantOp::verify() {
  Type dtype = getDtype();
  Attribute value = getValue();
  auto mismatch = [&]() {
    return emitOpError("value ") << value << " does not fit dtype " << dtype;
  };
  if (isBoolDType(dtype)) {
    auto i = dyn_cast<IntegerAttr>(value);
    if (!i || i.getValue().getActiveBits() > 1)
      return mismatch();
    return success();
  }
  if (isIntDType(dtype)) {
    auto i = dyn_cast<IntegerAttr>(value);
    if (!i || i.getValue().getSignificantBits() > dtype.getIntOrFloatBitWidth())
      return mismatch();
    return success();
  }
  if (isFloatDType(dtype)) {
    auto f = dyn_cast<FloatAttr>(value);
    if (!f || !floatFits(f, dtype))
      return mismatch();
    return success();
  }
  auto parts = dyn_cast<ArrayAttr>(value);
  Type component = cast<ComplexType>(dtype).getElementType();
  if (!parts || parts.size() != 2 || !llvm::all_of(parts, [&](Attribute a) {
        auto f = dyn_cast<FloatAttr>(a);
        return f && floatFits(f, component);
      }))
    return mismatch();
  return success();
}

/// Parses an optionally negative integer or float literal: an integer
/// gives an i64 IntegerAttr (failing beyond 64 bits), a float an f64
/// FloatAttr.
static ParseResult parseNumber(OpAsmParser &p, Attribute &out) {
  Builder &b = p.getBuilder();
  SMLoc loc = p.getCurrentLocation();
  bool negative = succeeded(p.parseOptionalMinus());
  APInt intValue;
  OptionalParseResult isInt = p.parseOptionalInteger(intValue);
  if (isInt.has_value()) {
    if (failed(*isInt))
      return failure();
    // Room for the sign bit: parseOptionalInteger gives a non-negative
    // value of minimal width.
    intValue = intValue.zext(intValue.getBitWidth() + 1);
    if (negative)
      intValue.negate();
    if (intValue.getSignificantBits() > 64)
      return p.emitError(loc, "integer constant does not fit 64 bits");
    out = b.getI64IntegerAttr(intValue.getSExtValue());
    return success();
  }
  double v;
  if (p.parseFloat(v))
    return failure();
  out = b.getF64FloatAttr(negative ? -v : v);
  return success();
}

/// A real component of a complex constant: any number, as an f64 FloatAttr.
static ParseResult parseReal(OpAsmParser &p, Attribute &out) {
  if (parseNumber(p, out))
    return failure();
  if (auto i = dyn_cast<IntegerAttr>(out))
    out = p.getBuilder().getF64FloatAttr(static_cast<double>(i.getInt()));
  return success();
}

// %0 = tenferro.constant <value> : <dtype>
ParseResult ConstantOp::parse(OpAsmParser &p, OperationState &result) {
  Builder &b = p.getBuilder();
  Attribute value;
  SMLoc loc = p.getCurrentLocation();
  if (succeeded(p.parseOptionalKeyword("true"))) {
    value = b.getBoolAttr(true);
  } else if (succeeded(p.parseOptionalKeyword("false"))) {
    value = b.getBoolAttr(false);
  } else if (succeeded(p.parseOptionalLSquare())) {
    Attribute re, im;
    if (parseReal(p, re) || p.parseComma() || parseReal(p, im) ||
        p.parseRSquare())
      return failure();
    value = b.getArrayAttr({re, im});
  } else if (parseNumber(p, value)) {
    return failure();
  }
  Type dtype;
  if (p.parseOptionalAttrDict(result.attributes) || p.parseColonType(dtype))
    return failure();
  // An integer literal is a valid float constant; a 0/1 literal a bool.
  if (auto i = dyn_cast<IntegerAttr>(value)) {
    if (isFloatDType(dtype))
      value = b.getF64FloatAttr(static_cast<double>(i.getInt()));
    else if (isBoolDType(dtype) && i.getType().isInteger(64) &&
             (i.getInt() == 0 || i.getInt() == 1))
      value = b.getBoolAttr(i.getInt() == 1);
  }
  if (!isBoolDType(dtype) && !isIntDType(dtype) && !isFloatDType(dtype) &&
      !(isa<ComplexType>(dtype) &&
        isFloatDType(cast<ComplexType>(dtype).getElementType())))
    return p.emitError(loc) << "expected a tenferro dtype, got " << dtype;
  result.getOrAddProperties<Properties>().value = value;
  result.getOrAddProperties<Properties>().dtype = TypeAttr::get(dtype);
  result.addTypes(RankedTensorType::get({}, dtype));
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  p << " ";
  Attribute value = getValue();
  if (auto i = dyn_cast<IntegerAttr>(value)) {
    if (isBoolDType(getDtype()) && i.getType().isInteger(1))
      p << (i.getValue().getBoolValue() ? "true" : "false");
    else
      p << i.getValue();
  } else if (auto parts = dyn_cast<ArrayAttr>(value)) {
    p << "[";
    llvm::interleaveComma(parts, p,
                          [&](Attribute a) { p.printAttributeWithoutType(a); });
    p << "]";
  } else {
    p.printAttributeWithoutType(value);
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {"value", "dtype"});
  p << " : " << getDtype();
}

LogicalResult
ShapeOfOp::inferTensorResultTypes(MLIRContext *ctx, std::optional<Location> loc,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &inferred) {
  auto type = tensorOf(adaptor.getOperand().getType());
  int64_t axis = adaptor.getAxis();
  if (axis < 0 || axis >= type.getRank())
    return emitRuleError(getOperationName(), loc, "axis ", axis,
                         " is out of range for rank ", type.getRank());
  inferred.push_back(RankedTensorType::get({}, Float64Type::get(ctx)));
  return success();
}

LogicalResult DynamicTruncateOp::inferTensorResultTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto type = tensorOf(adaptor.getOperand().getType());
  auto size = tensorOf(adaptor.getSize().getType());
  int64_t axis = adaptor.getAxis();
  if (axis < 0 || axis >= type.getRank())
    return emitRuleError(name, loc, "axis ", axis, " is out of range for rank ",
                         type.getRank());
  if (size.getRank() != 0 || !isIndexDType(size.getElementType()))
    return emitRuleError(name, loc,
                         "size must be a rank-0 integer or real "
                         "tensor, got ",
                         size);
  SmallVector<int64_t> shape(type.getShape());
  shape[axis] = ShapedType::kDynamic;
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult
PadToMatchOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &inferred) {
  StringRef name = getOperationName();
  auto type = tensorOf(adaptor.getOperand().getType());
  auto ref = tensorOf(adaptor.getReference().getType());
  int64_t axis = adaptor.getAxis();
  if (axis < 0 || axis >= type.getRank() || axis >= ref.getRank())
    return emitRuleError(name, loc, "axis ", axis,
                         " is out of range for operand rank ", type.getRank(),
                         " or reference rank ", ref.getRank());
  SmallVector<int64_t> shape(type.getShape());
  int64_t a = type.getDimSize(axis), b = ref.getDimSize(axis);
  shape[axis] = ShapedType::isDynamic(a) || ShapedType::isDynamic(b)
                    ? ShapedType::kDynamic
                    : std::max(a, b);
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// FFI ops
//===----------------------------------------------------------------------===//

/// Result type of a dot_general: `[lhs free..., rhs free..., batch...]`.
static LogicalResult inferDotGeneral(StringRef name,
                                     std::optional<Location> loc, Type lhsType,
                                     Type rhsType, DotDimensionNumbersAttr dn,
                                     SmallVectorImpl<Type> &inferred) {
  auto lhs = tensorOf(lhsType), rhs = tensorOf(rhsType);
  for (auto [i, t] : llvm::enumerate(SmallVector<RankedTensorType>{lhs, rhs}))
    if (failed(checkDTypePolicy(name, loc, DTypePolicy::SameFloatOrComplex, i,
                                t.getElementType())))
      return failure();
  ArrayRef<int64_t> lc = dn.getLhsContractingDims(),
                    rc = dn.getRhsContractingDims(), lb = dn.getLhsBatchDims(),
                    rb = dn.getRhsBatchDims();
  if (lc.size() != rc.size())
    return emitRuleError(name, loc, "has ", lc.size(), " lhs and ", rc.size(),
                         " rhs contracting dims; the counts must match");
  if (lb.size() != rb.size())
    return emitRuleError(name, loc, "has ", lb.size(), " lhs and ", rb.size(),
                         " rhs batch dims; the counts must match");
  SmallVector<int64_t> lhsUsed(lc), rhsUsed(rc);
  lhsUsed.append(lb.begin(), lb.end());
  rhsUsed.append(rb.begin(), rb.end());
  if (failed(checkAxes(name, loc, "lhs contracting and batch dims", lhsUsed,
                       lhs.getRank())) ||
      failed(checkAxes(name, loc, "rhs contracting and batch dims", rhsUsed,
                       rhs.getRank())))
    return failure();
  auto checkPairs = [&](ArrayRef<int64_t> l, ArrayRef<int64_t> r,
                        StringRef what) -> LogicalResult {
    for (auto [a, b] : llvm::zip_equal(l, r)) {
      int64_t da = lhs.getDimSize(a), db = rhs.getDimSize(b);
      if (!ShapedType::isDynamic(da) && !ShapedType::isDynamic(db) && da != db)
        return emitRuleError(name, loc, what, " lhs axis ", a, " (extent ", da,
                             ") and rhs axis ", b, " (extent ", db, ") differ");
    }
    return success();
  };
  if (failed(checkPairs(lc, rc, "contracting")) ||
      failed(checkPairs(lb, rb, "batch")))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsUsed, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsUsed, d))
      shape.push_back(rhs.getDimSize(d));
  for (auto [a, b] : llvm::zip_equal(lb, rb)) {
    int64_t da = lhs.getDimSize(a);
    shape.push_back(ShapedType::isDynamic(da) ? rhs.getDimSize(b) : da);
  }
  inferred.push_back(RankedTensorType::get(
      shape, promoteDType(lhs.getElementType(), rhs.getElementType())));
  return success();
}

LogicalResult
DotGeneralOp::inferTensorResultTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &inferred) {
  return inferDotGeneral(getOperationName(), loc, adaptor.getLhs().getType(),
                         adaptor.getRhs().getType(),
                         adaptor.getDimensionNumbers(), inferred);
}

LogicalResult DotGeneralWithConjOp::inferTensorResultTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferDotGeneral(getOperationName(), loc, adaptor.getLhs().getType(),
                         adaptor.getRhs().getType(),
                         adaptor.getDimensionNumbers(), inferred);
}

LogicalResult ExtensionOp::verify() {
  if (getFamilyId().empty())
    return emitOpError("needs a non-empty family id");
  if (getInputCount() < 0 ||
      static_cast<int64_t>(getInputs().size()) != getInputCount())
    return emitOpError("declares ") << getInputCount() << " inputs but has "
                                    << getInputs().size() << " operands";
  if (getOutputCount() < 1)
    return emitOpError("must declare at least one output, got ")
           << getOutputCount();
  if (static_cast<int64_t>(getNumResults()) != getOutputCount())
    return emitOpError("declares ") << getOutputCount() << " outputs but has "
                                    << getNumResults() << " results";
  return success();
}
