//===- tenferro-opt.cpp - the tenferro optimizer driver -------------------===//
//
// MlirOptMain with the tenferro dialect, passes and pipelines, and the
// upstream dialects and passes the lowering uses.
//
//===----------------------------------------------------------------------===//

#include "tenferro/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tenferro::test {
void registerTestPasses();
} // namespace mlir::tenferro::test

int main(int argc, char **argv) {
  // --version: LLVM's printer names the libLLVM.so that runs; this adds
  // which tenferro-mlir it is and which LLVM it was compiled against.
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "tenferro-mlir version " TENFERRO_VERSION
          " (built with LLVM/MLIR " LLVM_VERSION_STRING ")\n";
  });
  mlir::registerAllPasses();
  mlir::tenferro::registerAllPasses();
  mlir::tenferro::registerAllPipelines();
  mlir::tenferro::test::registerTestPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::tenferro::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tenferro optimizer driver\n", registry));
}
