//===- DimExprEval.cpp - evaluation of DimExprs ---------------------------===//

#include "tenferro/Dialect/Tenferro/IR/DimExprEval.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tenferro;

StringRef mlir::tenferro::stringifyDimExprError(DimExprError error) {
  switch (error) {
  case DimExprError::None:
    return "none";
  case DimExprError::InputOutOfBounds:
    return "InputOutOfBounds";
  case DimExprError::AxisOutOfBounds:
    return "AxisOutOfBounds";
  case DimExprError::AddOverflow:
    return "AddOverflow";
  case DimExprError::SubUnderflow:
    return "SubUnderflow";
  case DimExprError::MulOverflow:
    return "MulOverflow";
  case DimExprError::FloorDivByZero:
    return "FloorDivByZero";
  }
  llvm_unreachable("unknown DimExprError");
}

static std::string print(DimExprAttr e) {
  std::string s;
  llvm::raw_string_ostream os(s);
  e.printExpr(os);
  return s;
}

static DimExprValue makeError(DimExprError error, std::string message) {
  DimExprValue v;
  v.error = error;
  v.message = std::move(message);
  return v;
}

DimExprValue
mlir::tenferro::evaluateDimExpr(DimExprAttr expr,
                                ArrayRef<ArrayRef<int64_t>> shapes) {
  switch (expr.getKind()) {
  case DimExprKind::Const:
    return DimExprValue{expr.getValue(), DimExprError::None, {}};
  case DimExprKind::InputDim: {
    int64_t input = expr.getValue(), axis = expr.getAxis();
    if (input < 0 || input >= static_cast<int64_t>(shapes.size()))
      return makeError(DimExprError::InputOutOfBounds,
                       print(expr) + " refers to input " +
                           std::to_string(input) + ", but there are " +
                           std::to_string(shapes.size()) + " inputs");
    ArrayRef<int64_t> shape = shapes[input];
    if (axis < 0 || axis >= static_cast<int64_t>(shape.size()))
      return makeError(DimExprError::AxisOutOfBounds,
                       print(expr) + " refers to axis " + std::to_string(axis) +
                           " of input " + std::to_string(input) +
                           ", which has rank " + std::to_string(shape.size()));
    if (ShapedType::isDynamic(shape[axis]))
      return DimExprValue{};
    return DimExprValue{shape[axis], DimExprError::None, {}};
  }
  default:
    break;
  }

  // Binary node. Evaluate both sides; an error on either side wins over an
  // unknown on the other, so static checks catch e.g. floordiv(?, 0).
  DimExprValue lhs = evaluateDimExpr(expr.getLhs(), shapes);
  if (lhs.isError())
    return lhs;
  DimExprValue rhs = evaluateDimExpr(expr.getRhs(), shapes);
  if (rhs.isError())
    return rhs;
  if (expr.getKind() == DimExprKind::FloorDiv && rhs.isKnown() &&
      *rhs.value == 0)
    return makeError(DimExprError::FloorDivByZero,
                     print(expr) + " divides by zero");
  if (!lhs.isKnown() || !rhs.isKnown())
    return DimExprValue{};

  int64_t a = *lhs.value, b = *rhs.value, r = 0;
  auto describe = [&](StringRef op) {
    return print(expr) + " " + op.str() + " (operands " + std::to_string(a) +
           " and " + std::to_string(b) + ")";
  };
  switch (expr.getKind()) {
  case DimExprKind::Add:
    if (llvm::AddOverflow(a, b, r))
      return makeError(DimExprError::AddOverflow,
                       describe("overflows 64-bit extents"));
    return DimExprValue{r, DimExprError::None, {}};
  case DimExprKind::Sub:
    if (a < b)
      return makeError(DimExprError::SubUnderflow,
                       describe("underflows below zero"));
    return DimExprValue{a - b, DimExprError::None, {}};
  case DimExprKind::Mul:
    if (llvm::MulOverflow(a, b, r))
      return makeError(DimExprError::MulOverflow,
                       describe("overflows 64-bit extents"));
    return DimExprValue{r, DimExprError::None, {}};
  case DimExprKind::FloorDiv:
    // Both operands are non-negative, so C++ division is floor division.
    return DimExprValue{a / b, DimExprError::None, {}};
  case DimExprKind::Min:
    return DimExprValue{std::min(a, b), DimExprError::None, {}};
  case DimExprKind::Max:
    return DimExprValue{std::max(a, b), DimExprError::None, {}};
  default:
    llvm_unreachable("leaf kinds handled above");
  }
}
