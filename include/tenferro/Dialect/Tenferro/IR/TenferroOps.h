//===- TenferroOps.h - tenferro ops -----------------------------*- C++ -*-===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_TENFERROOPS_H
#define TENFERRO_DIALECT_TENFERRO_IR_TENFERROOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroTraits.h"
#include "tenferro/Dialect/Tenferro/IR/TypeInference.h"

#define GET_OP_CLASSES
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h.inc"

#endif // TENFERRO_DIALECT_TENFERRO_IR_TENFERROOPS_H
