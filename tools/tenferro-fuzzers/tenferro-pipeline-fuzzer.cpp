//===- tenferro-pipeline-fuzzer.cpp - segment and lower random programs ---===//
//
// libFuzzer target: the input bytes choose a valid tenferro program
// (ProgramGenerator) and lowering options; the program must verify,
// segment, lower to the LLVM dialect and translate to LLVM IR, and
// tenferro-bufferize must print the same with and without One-Shot
// Analysis. A program the generator makes that does not verify, a valid
// program the compiler rejects, or the two bufferizations differing
// aborts (a finding), as does any crash or sanitizer report. A finding's
// program is printed to stderr before the abort.
//
//===----------------------------------------------------------------------===//

#include "ProgramGenerator.h"

#include "tenferro/InitAll.h"
#include "tenferro/Pipelines/Pipelines.h"
#include "tenferro/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;

namespace {
[[noreturn]] void finding(const std::string &program, const std::string &what,
                          const std::string &diagnostics) {
  llvm::errs() << "tenferro-pipeline-fuzzer: " << what << "\n"
               << diagnostics << "\nprogram:\n"
               << program;
  std::abort();
}

/// Bufferizes `linalg` (the to-linalg stage's output) with
/// tenferro-bufferize and prints it; `alwaysAnalyze` forces One-Shot
/// Analysis, which the default skips when every write is to a fresh buffer.
std::string bufferizeAndPrint(ModuleOp linalg, bool alwaysAnalyze,
                              const std::string &program,
                              const std::string &diagnostics) {
  OwningOpRef<ModuleOp> copy = linalg.clone();
  PassManager pm(linalg.getContext());
  tenferro::TenferroBufferizePassOptions bufferize;
  bufferize.alwaysAnalyze = alwaysAnalyze;
  pm.addPass(tenferro::createTenferroBufferizePass(bufferize));
  // One-shot bufferization names constant globals in pointer order.
  pm.addPass(tenferro::createTenferroOrderConstantGlobalsPass());
  if (failed(pm.run(*copy)))
    finding(program, "a valid program failed to bufferize", diagnostics);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  copy->print(os);
  return printed;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string pipelineOptions;
  std::string program =
      tenferro::fuzz::generateProgram(data, size, pipelineOptions);
  // Shows what an input means (docs/robustness.md, reproducing a finding):
  // the first line is the pipeline to pass to tenferro-opt.
  static const bool print = std::getenv("TENFERRO_FUZZ_PRINT") != nullptr;
  if (print)
    llvm::errs() << "// --pass-pipeline=\"builtin.module(tenferro-lower-to-"
                    "llvm{"
                 << pipelineOptions << "})\"\n"
                 << program;

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  tenferro::registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  std::string diagnostics;
  ScopedDiagnosticHandler collect(&ctx, [&](Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return success();
  });

  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(program, &ctx);
  if (!module)
    finding(program, "generated program does not verify", diagnostics);

  tenferro::TenferroLoweringOptions options;
  std::string parseErrors;
  if (failed(tenferro::parseLoweringOptions(options, pipelineOptions,
                                            parseErrors)))
    finding(program,
            "the generator drew options the pipeline does not take: " +
                pipelineOptions,
            parseErrors);

  // Oracle for tenferro-bufferize's path without the analysis.
  OwningOpRef<ModuleOp> linalg = module->clone();
  PassManager front(&ctx);
  tenferro::buildTenferroSegmentPipeline(front, options);
  tenferro::buildTenferroToLinalgPipeline(front, options);
  if (failed(front.run(*linalg)))
    finding(program, "a valid program failed to lower to linalg", diagnostics);
  std::string fast = bufferizeAndPrint(*linalg, false, program, diagnostics);
  std::string analyzed = bufferizeAndPrint(*linalg, true, program, diagnostics);
  if (fast != analyzed)
    finding(program,
            "tenferro-bufferize differs with and without One-Shot Analysis",
            "without:\n" + fast + "\nwith:\n" + analyzed);

  PassManager pm(&ctx);
  tenferro::buildTenferroLowerToLLVMPipeline(pm, options);
  if (failed(pm.run(*module)))
    finding(program, "a valid program failed to lower", diagnostics);

  llvm::LLVMContext llvmCtx;
  if (!translateModuleToLLVMIR(*module, llvmCtx))
    finding(program, "lowered program failed to translate", diagnostics);
  return 0;
}
