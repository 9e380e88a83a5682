//===- InitAll.cpp - register everything tenferro provides ----------------===//

#include "tenferro/InitAll.h"
#include "tenferro/Conversion/Passes.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"
#include "tenferro/Pipelines/Pipelines.h"
#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::tenferro::registerAllDialects(DialectRegistry &registry) {
  registry.insert<TenferroDialect, func::FuncDialect, arith::ArithDialect,
                  cf::ControlFlowDialect, complex::ComplexDialect,
                  linalg::LinalgDialect, math::MathDialect,
                  tensor::TensorDialect>();
}

void mlir::tenferro::registerAllPasses() {
  registerTenferroPasses();
  registerTenferroConversionPasses();
  registerTenferroLoopPasses();
}

void mlir::tenferro::registerAllPipelines() { registerTenferroPipelines(); }
