//===- embedder.cpp - a compiler embedding tenferro -----------------------===//
//
// Registers the tenferro dialect and its extensions in its own context,
// parses a program, runs the segmentation pass in its own PassManager and
// prints the result; then lowers the program with tenferro-lower-to-llvm,
// compiles it with the runtime library (TenferroRuntime) and calls it on its
// own arrays. Exits non-zero unless the program was segmented into the
// expected regions and computed the expected numbers.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"
#include "tenferro/InitAll.h"
#include "tenferro/Pipelines/Pipelines.h"
#include "tenferro/Runtime/CodeGen.h"
#include "tenferro/Runtime/JIT.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdlib>

static const char *kProgram = R"mlir(
func.func @demo(%x: tensor<4x3xf64>, %v: tensor<3xf64>) -> (tensor<f64>, tensor<4x3xf64>) {
  %0 = tenferro.exp %x : tensor<4x3xf64>
  %1 = tenferro.shape_of %0, axis = 0 : tensor<4x3xf64>
  %2 = tenferro.broadcast_in_dim %v, dims = [1] to [4, 3] : tensor<3xf64>
  %3 = tenferro.multiply %2, %0 : tensor<4x3xf64>
  return %1, %3 : tensor<f64>, tensor<4x3xf64>
}
)mlir";

/// Lowers @demo to the LLVM dialect, compiles it to machine code in this
/// process and calls it on x[i][j] = (i - j) / 4 and v = [1, 2, 3]. Returns
/// whether the results are shape_of(x, 0) = 4 and v[j] * exp(x[i][j]).
static bool compileAndRun(mlir::MLIRContext &context) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kProgram, &context);
  auto program = module->lookupSymbol<mlir::func::FuncOp>("demo");
  // A C-callable entry point: _mlir_ciface_tenferro_demo (docs/abi.md).
  program->setAttr("llvm.emit_c_interface", mlir::UnitAttr::get(&context));
  mlir::PassManager pm(&context);
  mlir::tenferro::buildTenferroLowerToLLVMPipeline(pm, {});
  if (mlir::failed(pm.run(*module))) {
    llvm::errs() << "embedder: lowering failed\n";
    return false;
  }
  auto entry = module->lookupSymbol<mlir::LLVM::LLVMFuncOp>(
      "_mlir_ciface_tenferro_demo");
  mlir::tenferro::addPackedEntry(entry, "demo_packed");

  auto target = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!target) {
    llvm::errs() << "embedder: " << llvm::toString(target.takeError()) << "\n";
    return false;
  }
  std::string error;
  mlir::DefaultTimingManager timing;
  mlir::TimingScope timer = timing.getRootScope();
  auto objects =
      mlir::tenferro::compileToObjects(*module, *target, {}, timer, error);
  if (mlir::failed(objects)) {
    llvm::errs() << "embedder: " << error << "\n";
    return false;
  }
  auto jit = mlir::tenferro::JitProgram::create(std::move(*objects), *target,
                                                {}, {}, error);
  mlir::FailureOr<void *> address =
      mlir::succeeded(jit) ? (*jit)->lookup("demo_packed", error)
                           : mlir::FailureOr<void *>(mlir::failure());
  if (mlir::failed(address)) {
    llvm::errs() << "embedder: " << error << "\n";
    return false;
  }

  // Column-major buffers (docs/abi.md): the descriptor of a logical 4x3
  // tensor has sizes [3, 4]; element (i, j) is at j * 4 + i.
  double x[12], v[3] = {1, 2, 3};
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 4; ++i)
      x[j * 4 + i] = (i - j) / 4.0;
  StridedMemRefType<double, 2> xDesc{x, x, 0, {3, 4}, {4, 1}};
  StridedMemRefType<double, 1> vDesc{v, v, 0, {3}, {1}};
  struct {
    StridedMemRefType<double, 0> shape;
    StridedMemRefType<double, 2> product;
  } results;
  void *resultPtr = &results, *xPtr = &xDesc, *vPtr = &vDesc;
  void *arguments[] = {&resultPtr, &xPtr, &vPtr};
  reinterpret_cast<void (*)(void **)>(*address)(arguments);

  bool ok = results.shape.data[results.shape.offset] == 4.0;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 4; ++i) {
      double got =
          results.product
              .data[results.product.offset + j * results.product.strides[0] +
                    i * results.product.strides[1]];
      ok &= got == v[j] * std::exp(x[j * 4 + i]);
    }
  llvm::outs() << "embedder: shape_of = " << results.shape.data[0]
               << ", product[3][2] = "
               << results.product.data[results.product.offset +
                                       2 * results.product.strides[0] + 3]
               << "\n";
  // Results are the program's allocations (docs/abi.md).
  std::free(results.shape.basePtr);
  std::free(results.product.basePtr);
  return ok;
}

int main() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  mlir::DialectRegistry registry;
  mlir::tenferro::registerAllDialects(registry);
  mlir::tenferro::registerAllExtensions(registry);
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

  if (!compileAndRun(context)) {
    llvm::errs() << "embedder: the compiled program computed wrong results\n";
    return 1;
  }
  llvm::outs() << "embedder: compiled and ran @demo\n";
  return 0;
}
