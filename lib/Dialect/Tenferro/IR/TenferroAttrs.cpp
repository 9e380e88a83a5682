//===- TenferroAttrs.cpp - tenferro attributes ----------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tenferro;

#include "tenferro/Dialect/Tenferro/IR/TenferroEnums.cpp.inc"

static FailureOr<SmallVector<int64_t>> parseAxisList(AsmParser &p) {
  SmallVector<int64_t> axes;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
        return p.parseInteger(axes.emplace_back());
      }))
    return failure();
  return axes;
}

static void printAxisList(AsmPrinter &p, ArrayRef<int64_t> axes) {
  p << "[";
  llvm::interleaveComma(axes, p);
  p << "]";
}

#define GET_ATTRDEF_CLASSES
#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.cpp.inc"

void TenferroDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// DimExprAttr
//===----------------------------------------------------------------------===//

/// Bound on expression nesting when parsing, so that hostile input cannot
/// exhaust the stack of the parser, printer or evaluator.
static constexpr unsigned kMaxDimExprDepth = 256;

DimExprAttr DimExprAttr::getConst(MLIRContext *ctx, int64_t value) {
  return get(ctx, DimExprKind::Const, value, 0, {}, {});
}

DimExprAttr DimExprAttr::getInputDim(MLIRContext *ctx, int64_t operand,
                                     int64_t axis) {
  return get(ctx, DimExprKind::InputDim, operand, axis, {}, {});
}

DimExprAttr DimExprAttr::getBinary(DimExprKind kind, DimExprAttr lhs,
                                   DimExprAttr rhs) {
  return get(lhs.getContext(), kind, 0, 0, lhs, rhs);
}

LogicalResult DimExprAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  DimExprKind kind, int64_t value, int64_t axis,
                                  DimExprAttr lhs, DimExprAttr rhs) {
  switch (kind) {
  case DimExprKind::Const:
    if (value < 0)
      return emitError() << "DimExpr constant must be non-negative, got "
                         << value;
    break;
  case DimExprKind::InputDim:
    if (value < 0 || axis < 0)
      return emitError() << "DimExpr input_dim(" << value << ", " << axis
                         << ") must have non-negative indices";
    break;
  default:
    if (!lhs || !rhs)
      return emitError() << "DimExpr " << stringifyDimExprKind(kind)
                         << " needs two operands";
    return success();
  }
  if (lhs || rhs)
    return emitError() << "DimExpr leaf " << stringifyDimExprKind(kind)
                       << " must not have operands";
  return success();
}

int64_t DimExprAttr::getMaxInputIndex() const {
  switch (getKind()) {
  case DimExprKind::Const:
    return -1;
  case DimExprKind::InputDim:
    return getValue();
  default:
    return std::max(getLhs().getMaxInputIndex(), getRhs().getMaxInputIndex());
  }
}

static FailureOr<DimExprAttr> parseDimExprImpl(AsmParser &p, unsigned depth) {
  MLIRContext *ctx = p.getContext();
  SMLoc loc = p.getCurrentLocation();
  if (depth > kMaxDimExprDepth) {
    p.emitError(loc) << "DimExpr nesting exceeds " << kMaxDimExprDepth;
    return failure();
  }
  int64_t value;
  OptionalParseResult intResult = p.parseOptionalInteger(value);
  if (intResult.has_value()) {
    if (failed(*intResult))
      return failure();
    if (value < 0) {
      p.emitError(loc) << "DimExpr constant must be non-negative, got "
                       << value;
      return failure();
    }
    return DimExprAttr::getConst(ctx, value);
  }

  StringRef keyword;
  if (p.parseKeyword(&keyword))
    return failure();
  std::optional<DimExprKind> kind = symbolizeDimExprKind(keyword);
  if (!kind || *kind == DimExprKind::Const) {
    p.emitError(loc) << "expected a DimExpr: an integer, input_dim, add, "
                        "sub, mul, floordiv, min or max; got '"
                     << keyword << "'";
    return failure();
  }
  if (p.parseLParen())
    return failure();
  if (*kind == DimExprKind::InputDim) {
    int64_t operand, axis;
    if (p.parseInteger(operand) || p.parseComma() || p.parseInteger(axis) ||
        p.parseRParen())
      return failure();
    if (operand < 0 || axis < 0) {
      p.emitError(loc) << "input_dim indices must be non-negative";
      return failure();
    }
    return DimExprAttr::getInputDim(ctx, operand, axis);
  }
  FailureOr<DimExprAttr> lhs = parseDimExprImpl(p, depth + 1);
  if (failed(lhs) || p.parseComma())
    return failure();
  FailureOr<DimExprAttr> rhs = parseDimExprImpl(p, depth + 1);
  if (failed(rhs) || p.parseRParen())
    return failure();
  return DimExprAttr::getBinary(*kind, *lhs, *rhs);
}

FailureOr<DimExprAttr> DimExprAttr::parseExpr(AsmParser &p) {
  return parseDimExprImpl(p, 0);
}

void DimExprAttr::printExpr(raw_ostream &os) const {
  switch (getKind()) {
  case DimExprKind::Const:
    os << getValue();
    return;
  case DimExprKind::InputDim:
    os << "input_dim(" << getValue() << ", " << getAxis() << ")";
    return;
  default:
    os << stringifyDimExprKind(getKind()) << "(";
    getLhs().printExpr(os);
    os << ", ";
    getRhs().printExpr(os);
    os << ")";
  }
}

Attribute DimExprAttr::parse(AsmParser &p, Type) {
  if (p.parseLess())
    return {};
  FailureOr<DimExprAttr> expr = parseExpr(p);
  if (failed(expr) || p.parseGreater())
    return {};
  return *expr;
}

void DimExprAttr::print(AsmPrinter &p) const {
  p << "<";
  printExpr(p.getStream());
  p << ">";
}

//===----------------------------------------------------------------------===//
// ShapeGuardAttr
//===----------------------------------------------------------------------===//

Attribute ShapeGuardAttr::parse(AsmParser &p, Type) {
  if (p.parseLess())
    return {};
  FailureOr<DimExprAttr> lhs = DimExprAttr::parseExpr(p);
  if (failed(lhs) || p.parseEqual() || p.parseEqual())
    return {};
  FailureOr<DimExprAttr> rhs = DimExprAttr::parseExpr(p);
  if (failed(rhs))
    return {};
  StringAttr source;
  int64_t instruction = -1;
  while (succeeded(p.parseOptionalComma())) {
    StringRef key;
    if (p.parseKeyword(&key) || p.parseEqual())
      return {};
    if (key == "source") {
      std::string value;
      if (p.parseString(&value))
        return {};
      source = StringAttr::get(p.getContext(), value);
    } else if (key == "instruction") {
      if (p.parseInteger(instruction))
        return {};
    } else {
      p.emitError(p.getCurrentLocation())
          << "unknown shape_guard field '" << key
          << "', expected 'source' or 'instruction'";
      return {};
    }
  }
  if (p.parseGreater())
    return {};
  return ShapeGuardAttr::get(p.getContext(), *lhs, *rhs, source, instruction);
}

void ShapeGuardAttr::print(AsmPrinter &p) const {
  p << "<";
  getLhs().printExpr(p.getStream());
  p << " == ";
  getRhs().printExpr(p.getStream());
  if (getSource()) {
    p << ", source = ";
    p.printString(getSource().getValue());
  }
  if (getInstruction() >= 0)
    p << ", instruction = " << getInstruction();
  p << ">";
}
