//===- Compile.cpp - a program to the LLVM dialect and to an object -------===//
//
// The steps tenferro-runner, the C API and embedders share before code is
// run or written: lowering one program of a module, and its object file.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/Executable.h"

#include "tenferro/Dialect/Tenferro/IR/Programs.h"
#include "tenferro/Pipelines/Pipelines.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"

using namespace mlir;
using namespace mlir::tenferro;

namespace {

/// Gives every function the lowered module defines internal linkage except
/// the entry's two (`symbol` and its C interface `_mlir_ciface_<symbol>`):
/// programs the entry calls, other programs of the module, driver code,
/// and the wrappers of extensions. An object file then defines only the
/// entry's symbols, so objects of two entries of one module link together
/// without multiple definitions, and LLVM removes what the entry does not
/// reach.
void internalizeAllButEntry(ModuleOp module, StringRef symbol) {
  std::string cInterface = ("_mlir_ciface_" + symbol).str();
  for (auto function : module.getOps<LLVM::LLVMFuncOp>()) {
    StringRef name = function.getSymName();
    if (function.isExternal() || name == symbol || name == cInterface)
      continue;
    function.setLinkage(LLVM::Linkage::Internal);
  }
}

} // namespace

FailureOr<std::string>
tenferro::lowerProgram(ModuleOp module, func::FuncOp program,
                       const TenferroLoweringOptions &options,
                       std::string &error, TimingScope *timer) {
  std::string name = program.getSymName().str();
  program->setAttr("llvm.emit_c_interface", UnitAttr::get(module.getContext()));
  PassManager pm(module.getContext());
  buildTenferroLowerToLLVMPipeline(pm, options);
  if (timer)
    pm.enableTiming(*timer);
  if (failed(pm.run(module))) {
    error = "compiling @" + name + " failed";
    return failure();
  }
  std::string symbol = programSymbolName(name);
  internalizeAllButEntry(module, symbol);
  return symbol;
}

namespace {

/// The target's subtarget: the CPU's features with the explicit ones
/// applied (a named CPU, --target-cpu, implies features its list does not
/// repeat). Null where the target is unknown.
std::unique_ptr<llvm::MCSubtargetInfo>
subtargetOf(const llvm::orc::JITTargetMachineBuilder &target) {
  std::string error;
  const llvm::Target *backend =
      llvm::TargetRegistry::lookupTarget(target.getTargetTriple(), error);
  if (!backend)
    return nullptr;
  return std::unique_ptr<llvm::MCSubtargetInfo>(
      backend->createMCSubtargetInfo(target.getTargetTriple(), target.getCPU(),
                                     target.getFeatures().getString()));
}

} // namespace

VectorMath
tenferro::vectorMathFor(const llvm::orc::JITTargetMachineBuilder &target) {
  const llvm::Triple &triple = target.getTargetTriple();
  if (triple.getArch() != llvm::Triple::x86_64 || !triple.isOSLinux() ||
      triple.isMusl())
    return VectorMath::Libm;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget = subtargetOf(target);
  if (!subtarget)
    return VectorMath::Libm;
  if (subtarget->checkFeatures("+avx512f"))
    return VectorMath::LibmvecAVX512;
  if (subtarget->checkFeatures("+avx2"))
    return VectorMath::LibmvecAVX2;
  if (subtarget->checkFeatures("+avx"))
    return VectorMath::LibmvecAVX;
  return VectorMath::LibmvecSSE;
}

unsigned
tenferro::vectorWidthFor(const llvm::orc::JITTargetMachineBuilder &target) {
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget = subtargetOf(target);
  if (!subtarget || target.getTargetTriple().getArch() != llvm::Triple::x86_64)
    return 8;
  if (subtarget->checkFeatures("+avx512f"))
    return 16;
  if (subtarget->checkFeatures("+avx"))
    return 8;
  return 4;
}

FailureOr<ObjectCode>
tenferro::compileObjectFile(ModuleOp lowered,
                            const llvm::orc::JITTargetMachineBuilder &target,
                            const CodeGenOptions &options, TimingScope &timer,
                            std::string &error, CodeGenReport *report) {
  CodeGenOptions joined = options;
  joined.joined = true;
  FailureOr<std::vector<ObjectCode>> objects =
      compileToObjects(lowered, target, joined, timer, error, report);
  if (failed(objects))
    return failure();
  TimingScope linkTimer = timer.nest("Join partitions (ld -r)");
  return linkRelocatable(std::move(*objects), target.getTargetTriple(), error);
}
