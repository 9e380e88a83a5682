//===- TenferroPlugin.cpp - tenferro as an mlir-opt plugin ----------------===//
//
// One shared library with both plugin entry points: the dialect callback
// adds the tenferro dialect to mlir-opt's registry, the pass callback
// registers tenferro's passes and pipelines (reachable through
// --pass-pipeline, since mlir-opt parses its flags before loading plugins).
//
//===----------------------------------------------------------------------===//

#include "tenferro/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TenferroDialect", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            tenferro::registerAllDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TenferroPasses", LLVM_VERSION_STRING, []() {
            tenferro::registerAllPasses();
            tenferro::registerAllPipelines();
          }};
}
