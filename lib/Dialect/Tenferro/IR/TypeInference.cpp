//===- TypeInference.cpp - tenferro dtype and shape rules -----------------===//

#include "tenferro/Dialect/Tenferro/IR/TypeInference.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tenferro;

bool mlir::tenferro::isBoolDType(Type t) { return t.isInteger(1); }
bool mlir::tenferro::isIntDType(Type t) {
  return t.isInteger(32) || t.isInteger(64);
}
bool mlir::tenferro::isFloatDType(Type t) { return t.isF32() || t.isF64(); }
bool mlir::tenferro::isComplexDType(Type t) { return isa<ComplexType>(t); }

/// Width class used by promotion: 32 or 64 bits per (real) component.
static bool isWide(Type t) {
  if (auto c = dyn_cast<ComplexType>(t))
    return c.getElementType().isF64();
  return t.isF64() || t.isInteger(64);
}

Type mlir::tenferro::promoteDType(Type a, Type b) {
  if (a == b)
    return a;
  MLIRContext *ctx = a.getContext();
  if (isBoolDType(a))
    return b;
  if (isBoolDType(b))
    return a;
  Type f64 = Float64Type::get(ctx);
  Type c64 = ComplexType::get(f64);
  // Integer with integer: the wider one.
  if (isIntDType(a) && isIntDType(b))
    return IntegerType::get(ctx, 64);
  // Integer with float gives F64, integer with complex gives C64.
  if (isIntDType(a) || isIntDType(b)) {
    Type other = isIntDType(a) ? b : a;
    return isComplexDType(other) ? c64 : f64;
  }
  // Both floating: complex if either is complex, wide if either is wide.
  bool complex = isComplexDType(a) || isComplexDType(b);
  bool wide = isWide(a) || isWide(b);
  Type component = wide ? f64 : Float32Type::get(ctx);
  return complex ? Type(ComplexType::get(component)) : component;
}

Type mlir::tenferro::promoteDivLikeDType(Type a, Type b) {
  Type p = promoteDType(a, b);
  return isIntDType(p) ? Float64Type::get(p.getContext()) : p;
}

Type mlir::tenferro::promoteDTypes(TypeRange types) {
  if (types.empty())
    return nullptr;
  Type result = types.front();
  for (Type t : types.drop_front())
    result = promoteDType(result, t);
  return result;
}

std::string mlir::tenferro::formatShape(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(shape, os, [&](int64_t d) {
    if (ShapedType::isDynamic(d))
      os << "?";
    else
      os << d;
  });
  os << "]";
  return s;
}

static StringRef describePolicy(DTypePolicy policy) {
  switch (policy) {
  case DTypePolicy::SameAny:
    return "SameAny (any tenferro dtype)";
  case DTypePolicy::SameNumeric:
    return "SameNumeric (no i1)";
  case DTypePolicy::SameReal:
    return "SameReal (integer or real float)";
  case DTypePolicy::SameFloat:
    return "SameFloat (f32 or f64)";
  case DTypePolicy::SameFloatOrComplex:
    return "SameFloatOrComplex (f32, f64, complex<f32> or complex<f64>)";
  case DTypePolicy::DivLike:
    return "DivLike (numeric, no i1)";
  case DTypePolicy::Compare:
    return "CompareToBool";
  case DTypePolicy::Select:
    return "BoolSelect (i1 predicate)";
  }
  llvm_unreachable("unknown policy");
}

LogicalResult mlir::tenferro::checkDTypePolicy(StringRef opName,
                                               std::optional<Location> loc,
                                               DTypePolicy policy,
                                               unsigned index, Type elt) {
  bool ok = true;
  switch (policy) {
  case DTypePolicy::SameAny:
  case DTypePolicy::Compare:
    break;
  case DTypePolicy::SameNumeric:
  case DTypePolicy::DivLike:
    ok = !isBoolDType(elt);
    break;
  case DTypePolicy::SameReal:
    ok = isIntDType(elt) || isFloatDType(elt);
    break;
  case DTypePolicy::SameFloat:
    ok = isFloatDType(elt);
    break;
  case DTypePolicy::SameFloatOrComplex:
    ok = isFloatDType(elt) || isComplexDType(elt);
    break;
  case DTypePolicy::Select:
    ok = index != 0 || isBoolDType(elt);
    if (!ok)
      return emitRuleError(opName, loc,
                           "predicate (operand #0) must have "
                           "dtype i1, got ",
                           elt);
    break;
  }
  if (ok)
    return success();
  return emitRuleError(opName, loc, "operand #", index, " has dtype ", elt,
                       ", which violates dtype policy ",
                       describePolicy(policy));
}

LogicalResult
mlir::tenferro::broadcastShapes(StringRef opName, std::optional<Location> loc,
                                ArrayRef<int64_t> a, ArrayRef<int64_t> b,
                                SmallVectorImpl<int64_t> &result) {
  size_t rank = std::max(a.size(), b.size());
  result.assign(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    // Align from the right; missing leading axes count as 1.
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da == db) {
      result[i] = da;
    } else if (da == 1) {
      result[i] = db;
    } else if (db == 1) {
      result[i] = da;
    } else if (ShapedType::isDynamic(da) || ShapedType::isDynamic(db)) {
      // A dynamic extent against a static one: at run time it must be 1 or
      // equal, so the result is the static extent (tenferro: Max(a, b)).
      result[i] = ShapedType::isDynamic(da) ? db : da;
    } else {
      return emitRuleError(opName, loc, "operand shapes ", formatShape(a),
                           " and ", formatShape(b),
                           " do not broadcast: extents ", da, " and ", db,
                           " differ and neither is 1");
    }
  }
  return success();
}

/// Two shapes are compatible when they have the same rank and every pair of
/// static extents agrees.
static bool areCompatible(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip_equal(a, b))
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return false;
  return true;
}

LogicalResult mlir::tenferro::checkAxes(StringRef opName,
                                        std::optional<Location> loc,
                                        StringRef what, ArrayRef<int64_t> axes,
                                        int64_t rank) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= rank)
      return emitRuleError(opName, loc, what, " entry ", axis,
                           " is out of range for rank ", rank);
    if (!seen.insert(axis).second)
      return emitRuleError(opName, loc, what, " repeats axis ", axis);
  }
  return success();
}

LogicalResult mlir::tenferro::requireTensorOperands(StringRef opName,
                                                    std::optional<Location> loc,
                                                    TypeRange operands) {
  for (auto [i, t] : llvm::enumerate(operands))
    if (!isa<RankedTensorType>(t))
      return emitRuleError(opName, loc, "operand #", i,
                           " must be a ranked tensor, got ", t);
  return success();
}

LogicalResult mlir::tenferro::inferElementwiseType(
    StringRef opName, std::optional<Location> loc, TypeRange operands,
    ElementwiseRule rule, SmallVectorImpl<Type> &inferred) {
  if (failed(requireTensorOperands(opName, loc, operands)))
    return failure();
  SmallVector<Type> elts;
  for (auto [i, t] : llvm::enumerate(operands)) {
    Type elt = cast<RankedTensorType>(t).getElementType();
    if (failed(checkDTypePolicy(opName, loc, rule.policy, i, elt)))
      return failure();
    elts.push_back(elt);
  }
  if (rule.policy == DTypePolicy::Compare) {
    // Set by CompareOp's verifier for ordered directions; here only
    // operands of different dtype classes are rejected.
    if (isComplexDType(elts[0]) != isComplexDType(elts[1]))
      return emitRuleError(opName, loc,
                           "cannot compare complex with real operands");
  }

  Type dtype;
  switch (rule.dtype) {
  case ResultDType::SameAsFirst:
    dtype = elts[0];
    break;
  case ResultDType::Promote:
    dtype = promoteDTypes(elts);
    break;
  case ResultDType::PromoteDivLike:
    dtype = promoteDivLikeDType(elts[0], elts[1]);
    break;
  case ResultDType::PromoteTail:
    dtype = promoteDTypes(ArrayRef<Type>(elts).drop_front());
    break;
  case ResultDType::RealPart:
    dtype = elts[0];
    if (auto c = dyn_cast<ComplexType>(dtype))
      dtype = c.getElementType();
    break;
  case ResultDType::Bool:
    dtype = IntegerType::get(elts[0].getContext(), 1);
    break;
  }

  ArrayRef<int64_t> first = cast<RankedTensorType>(operands[0]).getShape();
  SmallVector<int64_t> shape(first);
  for (auto [i, t] : llvm::enumerate(operands.drop_front())) {
    ArrayRef<int64_t> other = cast<RankedTensorType>(t).getShape();
    if (rule.shape == ResultShape::Broadcast) {
      SmallVector<int64_t> next;
      if (failed(broadcastShapes(opName, loc, shape, other, next)))
        return failure();
      shape = std::move(next);
    } else if (!areCompatible(first, other)) {
      return emitRuleError(
          opName, loc, "operand #", i + 1, " shape ", formatShape(other),
          " is incompatible with operand #0 shape ", formatShape(first),
          " (only add, subtract and multiply broadcast)");
    }
  }
  inferred.push_back(RankedTensorType::get(shape, dtype));
  return success();
}

LogicalResult mlir::tenferro::inferReduceType(StringRef opName,
                                              std::optional<Location> loc,
                                              Type operand,
                                              ArrayRef<int64_t> axes,
                                              DTypePolicy policy,
                                              SmallVectorImpl<Type> &inferred) {
  if (failed(requireTensorOperands(opName, loc, operand)))
    return failure();
  auto type = cast<RankedTensorType>(operand);
  if (failed(checkDTypePolicy(opName, loc, policy, 0, type.getElementType())) ||
      failed(checkAxes(opName, loc, "axes", axes, type.getRank())))
    return failure();
  SmallVector<int64_t> shape;
  for (auto [i, d] : llvm::enumerate(type.getShape()))
    if (!llvm::is_contained(axes, static_cast<int64_t>(i)))
      shape.push_back(d);
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult
mlir::tenferro::inferTriangleType(StringRef opName, std::optional<Location> loc,
                                  Type operand,
                                  SmallVectorImpl<Type> &inferred) {
  if (failed(requireTensorOperands(opName, loc, operand)))
    return failure();
  auto type = cast<RankedTensorType>(operand);
  if (type.getRank() < 2)
    return emitRuleError(opName, loc, "needs an operand of rank >= 2, got ",
                         type);
  inferred.push_back(type);
  return success();
}
