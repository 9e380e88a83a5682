//===- InitAll.cpp - register everything tenferro provides ----------------===//

#include "tenferro/InitAll.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::tenferro::registerAllDialects(DialectRegistry &registry) {
  registry.insert<TenferroDialect, func::FuncDialect>();
}

void mlir::tenferro::registerAllPasses() { registerTenferroPasses(); }

void mlir::tenferro::registerAllPipelines() {}
