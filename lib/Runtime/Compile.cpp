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

TargetDefaults
tenferro::targetDefaultsFor(const llvm::orc::JITTargetMachineBuilder &target) {
  TargetDefaults defaults{8,
                          VectorMath::Libm,
                          MaximumMinimum::LLVM,
                          /*inlineExpFMA=*/false,
                          /*inlineExpAVX512=*/false,
                          /*nontemporalStores=*/false,
                          /*inlineTanhFMA=*/false};
  const llvm::Triple &triple = target.getTargetTriple();
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget = subtargetOf(target);
  if (!subtarget || triple.getArch() != llvm::Triple::x86_64)
    return defaults;
  auto has = [&](StringRef feature) {
    return subtarget->checkFeatures(feature);
  };
  defaults.vectorWidth = has("+avx512f") ? 16 : has("+avx") ? 8 : 4;
  defaults.nontemporalStores = true;
  defaults.maximumMinimum =
      has("+avx512dq") ? MaximumMinimum::AVX512DQ : MaximumMinimum::Select;
  if (triple.isOSLinux() && !triple.isMusl())
    defaults.vectorMath = has("+avx512f") ? VectorMath::LibmvecAVX512
                          : has("+avx2")  ? VectorMath::LibmvecAVX2
                          : has("+avx")   ? VectorMath::LibmvecAVX
                                          : VectorMath::LibmvecSSE;
  defaults.inlineExpFMA =
      defaults.vectorMath != VectorMath::Libm && has("+fma");
  defaults.inlineExpAVX512 = defaults.inlineExpFMA && has("+avx512f");
  defaults.inlineTanhFMA = defaults.inlineExpFMA;
  return defaults;
}

void tenferro::applyTargetDefaults(TenferroLoweringOptions &options,
                                   const TargetDefaults &target) {
  options.vectorWidth = target.vectorWidth;
  options.maximumMinimum = target.maximumMinimum;
  options.vectorMath = target.vectorMath;
  options.inlineExp = target.inlineExpFMA;
  options.inlineExpF64 = target.inlineExpFMA;
  options.inlineExpFMA = target.inlineExpFMA;
  options.inlineExpAVX512 = target.inlineExpAVX512;
  options.nontemporalStores = target.nontemporalStores;
  options.inlineTanh = target.inlineTanhFMA;
  options.inlineTanhExpm1 = target.inlineTanhFMA;
  options.inlineTanhFMA = target.inlineTanhFMA;
}

LogicalResult
tenferro::checkTargetFeatures(const TenferroLoweringOptions &options,
                              const llvm::orc::JITTargetMachineBuilder &target,
                              std::string &error) {
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget = subtargetOf(target);
  bool x86 = target.getTargetTriple().getArch() == llvm::Triple::x86_64;
  auto has = [&](StringRef feature) {
    return x86 && subtarget && subtarget->checkFeatures(feature);
  };
  auto lacks = [&](StringRef option, StringRef name) {
    std::string cpu = target.getCPU();
    error = "pipeline option " + option.str() + " needs " + name.str() +
            ", which the target (" + target.getTargetTriple().str() +
            (cpu.empty() ? "" : ", " + cpu) + ") lacks";
    return failure();
  };
  if (options.maximumMinimum == MaximumMinimum::AVX512DQ && !has("+avx512dq"))
    return lacks("maximum-minimum=avx512dq", "AVX-512DQ");
  if (options.vectorMath != VectorMath::Libm && options.inlineExp &&
      options.inlineExpAVX512 && !has("+avx512f"))
    return lacks("inline-exp-avx512", "AVX-512F");
  return success();
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
