//===- TenferroTraits.cpp - execution classes of tenferro ops -------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroTraits.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

using namespace mlir;
using namespace mlir::tenferro;

ExecClass mlir::tenferro::getExecClass(Operation *op) {
  if (op->hasTrait<OpTrait::HostOp>())
    return ExecClass::Host;
  if (op->hasTrait<OpTrait::FFIOp>())
    return ExecClass::FFI;
  if (op->hasTrait<OpTrait::BackendOp>())
    return ExecClass::Backend;
  return ExecClass::Foreign;
}

bool mlir::tenferro::isElementwiseOp(Operation *op) {
  return op->hasTrait<OpTrait::ElementwiseOp>();
}

bool mlir::tenferro::isElementwiseFusable(Operation *op) {
  return op->hasTrait<OpTrait::ElementwiseFusable>();
}

StringRef mlir::tenferro::stringifyExecClass(ExecClass cls) {
  switch (cls) {
  case ExecClass::Host:
    return "host";
  case ExecClass::FFI:
    return "ffi";
  case ExecClass::Backend:
    return "backend";
  case ExecClass::Foreign:
    return "foreign";
  }
  llvm_unreachable("unknown ExecClass");
}
