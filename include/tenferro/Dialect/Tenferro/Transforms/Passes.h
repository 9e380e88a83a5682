//===- Passes.h - tenferro transformation passes ----------------*- C++ -*-===//

#ifndef TENFERRO_DIALECT_TENFERRO_TRANSFORMS_PASSES_H
#define TENFERRO_DIALECT_TENFERRO_TRANSFORMS_PASSES_H

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tenferro {

#define GEN_PASS_DECL
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h.inc"

} // namespace mlir::tenferro

#endif // TENFERRO_DIALECT_TENFERRO_TRANSFORMS_PASSES_H
