//===- RegistrationTest.cpp - what an embedder registers suffices ---------===//
//
// An embedder registers tenferro's dialects and extensions (InitAll.h) and
// nothing of upstream's: tenferro-lower-to-llvm must then run to the LLVM
// dialect on programs that exercise every stage. Without the extensions it
// must fail (so the test sees what registerAllExtensions adds).
//
//===----------------------------------------------------------------------===//

#include "tenferro/InitAll.h"
#include "tenferro/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

// Elementwise regions on dynamic and static extents, a broadcast-multiply,
// a host cut, a reduction, a strided slice, a concatenation and a scatter:
// every stage and the bufferization, deallocation and value-bounds paths.
constexpr const char *kProgram = R"mlir(
func.func @p(%x: tensor<?x8xf64>, %a: tensor<4x8xf64>, %v: tensor<8xf64>,
             %i: tensor<2x1xi64>, %u: tensor<2x8xf64>)
    -> (tensor<?x8xf64>, tensor<8xf64>, tensor<4x8xf64>) {
  %e = tenferro.exp %x : tensor<?x8xf64>
  %n = tenferro.negate %e : tensor<?x8xf64>
  %b = tenferro.broadcast_in_dim %v, dims = [1] to [4, 8] : tensor<8xf64>
  %m = tenferro.multiply %a, %b : tensor<4x8xf64>
  %h = tenferro.shape_of %m, axis = 0 : tensor<4x8xf64>
  %s = tenferro.reduce_sum %m, axes = [0] : tensor<4x8xf64>
  %w = tenferro.slice %a, starts = [1, 0], limits = [4, 8], strides = [2, 1] : tensor<4x8xf64>
  %c = tenferro.concatenate(%w, %w) axis = 0 : tensor<2x8xf64>, tensor<2x8xf64>
  %z = tenferro.scatter %c, %i, %u, dims = <update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : tensor<4x8xf64>, tensor<2x1xi64>, tensor<2x8xf64>
  return %n, %s, %z : tensor<?x8xf64>, tensor<8xf64>, tensor<4x8xf64>
}
)mlir";

LogicalResult lower(bool withExtensions, bool parallelLoops) {
  DialectRegistry registry;
  tenferro::registerAllDialects(registry);
  if (withExtensions)
    tenferro::registerAllExtensions(registry);
  MLIRContext context(registry);
  // Diagnostics of the failing case are expected; keep them out of the log.
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kProgram, &context);
  if (!module)
    return failure();
  PassManager pm(&context);
  tenferro::TenferroLoweringOptions options;
  options.parallelLoops = parallelLoops;
  tenferro::buildTenferroLowerToLLVMPipeline(pm, options);
  return pm.run(*module);
}

TEST(Registration, ParsesWithDialectsAlone) {
  DialectRegistry registry;
  tenferro::registerAllDialects(registry);
  MLIRContext context(registry);
  EXPECT_TRUE(parseSourceString<ModuleOp>(kProgram, &context));
}

TEST(Registration, DialectsAndExtensionsLowerToLLVM) {
  EXPECT_TRUE(succeeded(lower(/*withExtensions=*/true,
                              /*parallelLoops=*/false)));
  EXPECT_TRUE(succeeded(lower(/*withExtensions=*/true,
                              /*parallelLoops=*/true)));
}

TEST(Registration, DialectsAloneDoNotSuffice) {
  EXPECT_TRUE(failed(lower(/*withExtensions=*/false,
                           /*parallelLoops=*/false)));
}

} // namespace
