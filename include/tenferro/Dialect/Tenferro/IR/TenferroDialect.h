//===- TenferroDialect.h - tenferro dialect ---------------------*- C++ -*-===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_TENFERRODIALECT_H
#define TENFERRO_DIALECT_TENFERRO_IR_TENFERRODIALECT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dialect.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroOpsDialect.h.inc"

#endif // TENFERRO_DIALECT_TENFERRO_IR_TENFERRODIALECT_H
