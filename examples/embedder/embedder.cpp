//===- embedder.cpp - a compiler embedding tenferro -----------------------===//
//
// Registers the tenferro dialect in its own context, parses a program, runs
// the segmentation pass in its own PassManager and prints the result. Exits
// non-zero unless the program was segmented into the expected regions.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"
#include "tenferro/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

static const char *kProgram = R"mlir(
func.func @demo(%x: tensor<4x3xf64>, %v: tensor<3xf64>) -> (tensor<f64>, tensor<4x3xf64>) {
  %0 = tenferro.exp %x : tensor<4x3xf64>
  %1 = tenferro.shape_of %0, axis = 0 : tensor<4x3xf64>
  %2 = tenferro.broadcast_in_dim %v, dims = [1] to [4, 3] : tensor<3xf64>
  %3 = tenferro.multiply %2, %0 : tensor<4x3xf64>
  return %1, %3 : tensor<f64>, tensor<4x3xf64>
}
)mlir";

int main() {
  mlir::DialectRegistry registry;
  mlir::tenferro::registerAllDialects(registry);
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kProgram, &context);
  if (!module) {
    llvm::errs() << "embedder: failed to parse the program\n";
    return 1;
  }

  mlir::PassManager pm(&context);
  mlir::tenferro::TenferroSegmentPassOptions options;
  options.explain = false;
  pm.addNestedPass<mlir::func::FuncOp>(
      mlir::tenferro::createTenferroSegmentPass(options));
  if (mlir::failed(pm.run(*module))) {
    llvm::errs() << "embedder: segmentation failed\n";
    return 1;
  }
  module->print(llvm::outs());

  unsigned regions = 0;
  module->walk([&](mlir::tenferro::FusedRegionOp) { ++regions; });
  // exp | shape_of (host) | broadcast-multiply pair.
  if (regions != 2) {
    llvm::errs() << "embedder: expected 2 fused regions, got " << regions
                 << "\n";
    return 1;
  }
  llvm::outs() << "embedder: segmented into " << regions << " regions\n";
  return 0;
}
