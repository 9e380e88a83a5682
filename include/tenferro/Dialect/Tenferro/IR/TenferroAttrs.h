//===- TenferroAttrs.h - tenferro attributes --------------------*- C++ -*-===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_TENFERROATTRS_H
#define TENFERRO_DIALECT_TENFERRO_IR_TENFERROATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroEnums.h.inc"

namespace mlir::tenferro {
class DimExprAttr;
} // namespace mlir::tenferro

#define GET_ATTRDEF_CLASSES
#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.h.inc"

#endif // TENFERRO_DIALECT_TENFERRO_IR_TENFERROATTRS_H
