//===- CodeGen.cpp - LLVM dialect to object code, in parallel -------------===//
//
// Each partition is translated, optimized and compiled by one task of a
// thread pool, with its own LLVMContext and TargetMachine (neither may be
// shared between threads). The tasks only read the MLIR context, which is
// safe from several threads.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/CodeGen.h"

#include "tenferro/Transforms/Kernels.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

using namespace mlir;
using namespace mlir::tenferro;

namespace {

/// Whether `module` defines functions and no kernel: programs, their
/// parts and wrappers (partitionModule never mixes the two).
bool isDispatchOnly(ModuleOp module) {
  bool defines = false;
  for (auto function : module.getOps<LLVM::LLVMFuncOp>()) {
    if (function.isExternal())
      continue;
    if (isKernel(function))
      return false;
    defines = true;
  }
  return defines;
}

/// Translates, optimizes and compiles one module to `object`.
LogicalResult compileOne(ModuleOp module,
                         llvm::orc::JITTargetMachineBuilder target,
                         bool optimize, TimingScope &timer, ObjectCode &object,
                         std::string &error) {
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      target.createTargetMachine();
  if (!machine) {
    error = "no target machine: " + llvm::toString(machine.takeError());
    return failure();
  }
  if (!optimize)
    (*machine)->setOptLevel(llvm::CodeGenOptLevel::None);
  llvm::LLVMContext llvmContext;
  TimingScope translateTimer = timer.nest("Translate to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  translateTimer.stop();
  if (!llvmModule) {
    error = "translating the lowered module to LLVM IR failed";
    return failure();
  }
  llvmModule->setTargetTriple((*machine)->getTargetTriple());
  llvmModule->setDataLayout((*machine)->createDataLayout());
  // LLVM's O3 pipeline: MLIR leaves loop-invariant descriptor loads and
  // address arithmetic for LLVM to clean up.
  std::function<llvm::Error(llvm::Module *)> transform =
      makeOptimizingTransformer(optimize ? 3 : 0, /*sizeLevel=*/0,
                                machine->get());
  TimingScope optimizeTimer =
      timer.nest(optimize ? "LLVM optimization (O3)" : "LLVM O0 pipeline");
  if (llvm::Error e = transform(llvmModule.get())) {
    error = "optimizing the code failed: " + llvm::toString(std::move(e));
    return failure();
  }
  optimizeTimer.stop();
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codegen;
  if ((*machine)->addPassesToEmitFile(codegen, stream, nullptr,
                                      llvm::CodeGenFileType::ObjectFile)) {
    error = "target " + (*machine)->getTargetTriple().str() +
            " cannot emit object files";
    return failure();
  }
  TimingScope codegenTimer = timer.nest("Code generation");
  codegen.run(*llvmModule);
  return success();
}

} // namespace

FailureOr<std::vector<ObjectCode>>
tenferro::compileToObjects(ModuleOp module,
                           const llvm::orc::JITTargetMachineBuilder &target,
                           const CodeGenOptions &options, TimingScope &timer,
                           std::string &error, CodeGenReport *report) {
  // The translations to LLVM IR, so that callers need not register them.
  // Before any thread starts: the registry is the context's.
  DialectRegistry translations;
  registerBuiltinDialectTranslation(translations);
  registerLLVMDialectTranslation(translations);
  registerOpenMPDialectTranslation(translations);
  module->getContext()->appendDialectRegistry(translations);

  PartitionOptions partitionOptions = options.partitions;
  if (options.joined && !findRelocatableLinker(target.getTargetTriple()))
    partitionOptions.maxPartitions = 1;
  TimingScope partitionTimer = timer.nest("Partition");
  std::vector<OwningOpRef<ModuleOp>> partitions =
      partitionModule(module, partitionOptions);
  partitionTimer.stop();
  std::vector<ModuleOp> modules;
  for (OwningOpRef<ModuleOp> &partition : partitions)
    modules.push_back(*partition);
  if (modules.empty())
    modules.push_back(module);

  std::vector<ObjectCode> objects(modules.size());
  std::vector<std::string> errors(modules.size());
  std::vector<char> broken(modules.size(), 0);
  // Dispatch partitions at -O0 unless asked (CodeGenOptions).
  std::vector<char> optimize(modules.size(), 1);
  if (!options.optimizeDispatch && modules.size() > 1)
    for (size_t i = 0; i < modules.size(); ++i)
      optimize[i] = !isDispatchOnly(modules[i]);
  llvm::ThreadPoolStrategy strategy =
      llvm::hardware_concurrency(options.threads);
  unsigned threads =
      std::min<unsigned>(strategy.compute_thread_count(), modules.size());
  if (report)
    *report = {static_cast<unsigned>(modules.size()), threads};
  if (threads <= 1) {
    for (size_t i = 0; i < modules.size(); ++i)
      broken[i] = failed(compileOne(modules[i], target, optimize[i], timer,
                                    objects[i], errors[i]));
  } else {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(threads));
    for (size_t i = 0; i < modules.size(); ++i)
      pool.async([&, i] {
        broken[i] = failed(compileOne(modules[i], target, optimize[i], timer,
                                      objects[i], errors[i]));
      });
    pool.wait();
  }
  for (size_t i = 0; i < modules.size(); ++i)
    if (broken[i]) {
      error = errors[i];
      return failure();
    }
  return objects;
}
