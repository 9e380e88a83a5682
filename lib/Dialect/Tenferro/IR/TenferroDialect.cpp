//===- TenferroDialect.cpp - tenferro dialect -----------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"
#include "tenferro/Dialect/Tenferro/IR/DimExprEval.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tenferro;

#include "tenferro/Dialect/Tenferro/IR/TenferroOpsDialect.cpp.inc"

void TenferroDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.cpp.inc"
      >();
  registerAttributes();
}

/// Checks `tenferro.shape_guards` on a program: every guard is a
/// ShapeGuardAttr whose `input_dim`s name existing program inputs and axes.
static LogicalResult verifyShapeGuards(Operation *op, Attribute value) {
  auto func = dyn_cast<func::FuncOp>(op);
  if (!func)
    return op->emitError() << "'" << TenferroDialect::kShapeGuardsAttrName
                           << "' is only valid on func.func programs";
  auto guards = dyn_cast<ArrayAttr>(value);
  if (!guards)
    return op->emitError() << "'" << TenferroDialect::kShapeGuardsAttrName
                           << "' must be an array of #tenferro.shape_guard";
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Type t : func.getArgumentTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor)
      return op->emitError() << "shape guards need ranked tensor program "
                                "inputs, got "
                             << t;
    shapes.push_back(tensor.getShape());
  }
  for (auto [i, a] : llvm::enumerate(guards)) {
    auto guard = dyn_cast<ShapeGuardAttr>(a);
    if (!guard)
      return op->emitError() << "shape guard #" << i
                             << " is not a #tenferro.shape_guard: " << a;
    for (DimExprAttr side : {guard.getLhs(), guard.getRhs()}) {
      DimExprValue v = evaluateDimExpr(side, shapes);
      // Statically known violations are reported here; everything else is
      // checked when the program runs.
      if (v.isError())
        return op->emitError() << "shape guard #" << i << ": " << v.message;
    }
    DimExprValue lhs = evaluateDimExpr(guard.getLhs(), shapes);
    DimExprValue rhs = evaluateDimExpr(guard.getRhs(), shapes);
    if (lhs.isKnown() && rhs.isKnown() && *lhs.value != *rhs.value)
      return op->emitError()
             << "shape guard #" << i << " always fails: " << *lhs.value
             << " != " << *rhs.value;
  }
  return success();
}

LogicalResult TenferroDialect::verifyOperationAttribute(Operation *op,
                                                        NamedAttribute attr) {
  if (attr.getName() == kShapeGuardsAttrName)
    return verifyShapeGuards(op, attr.getValue());
  if (attr.getName() == kKernelAttrName) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << kKernelAttrName << "' must be a unit attribute";
    if (!isa<FunctionOpInterface>(op))
      return op->emitError()
             << "'" << kKernelAttrName << "' marks functions only";
    return success();
  }
  if (attr.getName() == kSegmentAttrName) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << kSegmentAttrName << "' must be a unit attribute";
    if (op->getNumRegions() != 1)
      return op->emitError()
             << "'" << kSegmentAttrName << "' marks single-region ops only";
    return success();
  }
  if (attr.getName() == kSegmentIdAttrName) {
    if (!isa<IntegerAttr>(attr.getValue()))
      return op->emitError()
             << "'" << kSegmentIdAttrName << "' must be an integer attribute";
    return success();
  }
  if (attr.getName() == kLaneStepAttrName) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError()
             << "'" << kLaneStepAttrName << "' must be a unit attribute";
    return success();
  }
  return op->emitError() << "unknown tenferro attribute '"
                         << attr.getName().getValue() << "'";
}
