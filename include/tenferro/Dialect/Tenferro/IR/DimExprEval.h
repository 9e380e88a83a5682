//===- DimExprEval.h - evaluation of DimExprs -------------------*- C++ -*-===//
//
// Evaluation of `#tenferro.dim` expressions (docs/semantics.md §5.3) against
// concrete or partially known shapes. Used by type inference (static
// extents), by the verifiers and by the reference semantics.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_DIMEXPREVAL_H
#define TENFERRO_DIALECT_TENFERRO_IR_DIMEXPREVAL_H

#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tenferro {

/// The error kinds of tenferro's DimExpr evaluation.
enum class DimExprError {
  None,
  InputOutOfBounds,
  AxisOutOfBounds,
  AddOverflow,
  SubUnderflow,
  MulOverflow,
  FloorDivByZero,
};

llvm::StringRef stringifyDimExprError(DimExprError error);

/// Result of evaluating a DimExpr: a value, an error, or neither when the
/// expression depends on an extent that is not known (ShapedType::kDynamic).
struct DimExprValue {
  std::optional<int64_t> value;
  DimExprError error = DimExprError::None;
  /// For errors: what went wrong, naming the offending sub-expression,
  /// e.g. "sub(2, 3) underflows (2 - 3 < 0)".
  std::string message;

  bool isError() const { return error != DimExprError::None; }
  bool isKnown() const { return value.has_value(); }
};

/// Evaluates `expr`; `shapes[k]` is the shape of input `k` (operand `k` for
/// op attributes, program input `k` for shape guards). Extents equal to
/// ShapedType::kDynamic are unknown. Errors take priority over unknowns
/// where an operand of a node is an error.
DimExprValue evaluateDimExpr(DimExprAttr expr,
                             llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes);

} // namespace mlir::tenferro

#endif // TENFERRO_DIALECT_TENFERRO_IR_DIMEXPREVAL_H
