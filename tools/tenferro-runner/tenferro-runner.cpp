//===- tenferro-runner.cpp - compile and run tenferro programs ------------===//
//
// Compiles one program of a module through tenferro-lower-to-llvm, runs it
// in process (the runtime library's JIT) on inputs from .npy files or seeded
// random data, writes the outputs as .npy and prints a summary. It can also
// write the compiled object file and a C header for ahead-of-time use.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/HostTensor.h"

#include "tenferro/Dialect/Tenferro/IR/Programs.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/InitAll.h"
#include "tenferro/Interpreter/Interpreter.h"
#include "tenferro/Pipelines/Pipelines.h"
#include "tenferro/Runtime/BufferCache.h"
#include "tenferro/Runtime/CodeGen.h"
#include "tenferro/Runtime/Executable.h"
#include "tenferro/Transforms/Kernels.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;
namespace cl = llvm::cl;

static cl::OptionCategory runnerCategory("tenferro-runner options");

static cl::opt<std::string> inputFile(cl::cat(runnerCategory), cl::Positional,
                                      cl::desc("<program.mlir>"), cl::Required);
static cl::opt<std::string>
    entry(cl::cat(runnerCategory), "entry",
          cl::desc("Program to run, by its MLIR name (docs/abi.md); "
                   "default: the module's first program"));
static cl::list<std::string>
    inputs(cl::cat(runnerCategory), "input",
           cl::desc("A .npy file per program input, in order"));
static cl::opt<uint64_t>
    randomSeed(cl::cat(runnerCategory), "random",
               cl::desc("Use seeded random inputs instead of .npy "
                        "files"),
               cl::init(0));
static cl::opt<int64_t>
    dynamicExtent(cl::cat(runnerCategory), "dim",
                  cl::desc("Extent of dynamic dimensions of random inputs"),
                  cl::init(4));
static cl::opt<std::string>
    outputPrefix(cl::cat(runnerCategory), "output",
                 cl::desc("Write output i to <prefix><i>.npy"));
static cl::opt<unsigned> repeat(cl::cat(runnerCategory), "repeat",
                                cl::desc("Run N times and report min and "
                                         "median wall time"),
                                cl::init(1));
static cl::opt<uint64_t> bufferCacheLimit(
    cl::cat(runnerCategory), "buffer-cache-limit",
    cl::desc("Bytes of freed buffers the runtime keeps for the program's "
             "next allocations (0: none; docs/running.md, \"Buffer "
             "cache\")"),
    cl::init(kDefaultBufferCacheLimit));
static cl::opt<bool> reference(
    cl::cat(runnerCategory), "reference",
    cl::desc("Evaluate with the reference interpreter instead of compiling"));
// Shorthands for options of the tenferro-lower-to-llvm pipeline. Each
// only names the option it sets: the option's type, values, default and
// meaning are defined once, in Pipelines.h, and the pipeline's own parser
// reads the text a shorthand stands for (setLoweringOptions below).
static cl::opt<bool>
    noFusion(cl::cat(runnerCategory), "no-fusion",
             cl::desc("Shorthand for --pipeline-options=enable-fusion=false "
                      "(the unfused baseline)"));
static cl::opt<std::string> vectorWidth(
    cl::cat(runnerCategory), "vector-width", cl::value_desc("lanes"),
    cl::desc("Shorthand for --pipeline-options=vector-width=<lanes>; "
             "default: the target's (16 with AVX-512, 8 with AVX, else 4)"));
static cl::opt<std::string> vectorMath(
    cl::cat(runnerCategory), "vector-math", cl::value_desc("value"),
    cl::desc("Shorthand for --pipeline-options=vector-math=<value>, or "
             "auto (default): libmvec with the target's widest instruction "
             "set on x86-64 Linux, libm elsewhere"),
    cl::init("auto"));
static cl::opt<bool>
    parallelLoops(cl::cat(runnerCategory), "parallel-loops",
                  cl::desc("Shorthand for --pipeline-options=parallel-loops="
                           "true (the runner then loads LLVM's libomp)"));
static cl::opt<std::string> parallelMinWork(
    cl::cat(runnerCategory), "parallel-min-work", cl::value_desc("units"),
    cl::desc("Shorthand for --pipeline-options=parallel-min-work=<units>: "
             "with --parallel-loops, loop nests of less work run on one "
             "thread (0: every parallel loop on all cores, as the tests of "
             "threaded code want at small shapes)"));
static cl::opt<bool> outlineKernels(
    cl::cat(runnerCategory), "outline-kernels",
    cl::desc("Shorthand for --pipeline-options=outline-kernels=<bool>"),
    cl::init(true));
static cl::opt<std::string> pipelineOptions(
    cl::cat(runnerCategory), "pipeline-options",
    cl::desc("Options of tenferro-lower-to-llvm as its textual pipeline "
             "takes them (e.g. \"maximum-minimum=llvm "
             "dispatcher-part-ops=0\"; `tenferro-opt --help` lists them), "
             "parsed by the pipeline itself and applied after the target's "
             "defaults and the shorthands above"));
static cl::opt<std::string>
    emitObject(cl::cat(runnerCategory), "emit-object",
               cl::desc("Write the compiled program as an object file (with "
                        "a C-callable _mlir_ciface_tenferro_<program> entry "
                        "point)"));
static cl::opt<std::string>
    emitHeader(cl::cat(runnerCategory), "emit-header",
               cl::desc("Write a C header declaring the entry point"));
static cl::opt<bool> compileOnly(
    cl::cat(runnerCategory), "compile-only",
    cl::desc("Compile (for --emit-object / --emit-header) without running"));
static cl::opt<std::string>
    targetTriple(cl::cat(runnerCategory), "target-triple",
                 cl::desc("Target of --emit-object (e.g. x86_64-linux-gnu, "
                          "aarch64-linux-gnu); default: this machine's"));
static cl::opt<std::string> targetCpu(
    cl::cat(runnerCategory), "target-cpu",
    cl::desc("CPU the code may assume (e.g. x86-64, x86-64-v2, x86-64-v3, "
             "znver4); default: this machine's CPU and features for its own "
             "triple, else generic"));
static cl::opt<std::string> targetFeatures(
    cl::cat(runnerCategory), "target-features",
    cl::desc("Comma-separated features added to (+name) or removed from "
             "(-name) the CPU's, e.g. +avx2,-avx512f"));
static cl::list<std::string>
    sharedLibs(cl::cat(runnerCategory), "shared-libs", cl::CommaSeparated,
               cl::desc("Libraries the program calls (extensions, libomp)"));
static cl::opt<bool>
    timing(cl::cat(runnerCategory), "timing",
           cl::desc("Report on stderr where compile time goes: parsing, "
                    "each pass of the MLIR pipeline, translation to LLVM "
                    "IR, LLVM optimization, code generation (object "
                    "file) and JIT code generation and linking"));
static cl::opt<unsigned> compileThreads(
    cl::cat(runnerCategory), "compile-threads",
    cl::desc("Threads that optimize and compile the partitions of the "
             "program (0: one per core); the code is the same for any "
             "number"),
    cl::init(0));
static cl::opt<unsigned> partitionOps(
    cl::cat(runnerCategory), "partition-ops",
    cl::desc("Ops of the lowered module per partition that LLVM optimizes "
             "and compiles on its own (docs/design.md, \"Parallel code "
             "generation\")"),
    cl::init(PartitionOptions().partitionOps));
static cl::opt<bool> optimizeDispatch(
    cl::cat(runnerCategory), "optimize-dispatch",
    cl::desc("Optimize the partitions of dispatch code (programs and their "
             "parts) with O3 too; by default a program compiled in "
             "partitions has them at -O0"));
static cl::opt<unsigned> printLimit(cl::cat(runnerCategory), "print-elements",
                                    cl::desc("Elements printed per output"),
                                    cl::init(8));

namespace {

/// Compiled programs report a failed run-time check (a shape guard, a
/// DimExpr, extents that disagree) with write(2, message) and abort(): that
/// is tenferro's cf.assert lowering (docs/abi.md). For the JIT, the runner
/// binds both names to these, so that the message reads as the runner's
/// error and the runner exits with status 1 instead of dying on SIGABRT
/// with a stack dump. Compiled code writes nothing else.
ssize_t reportFailedCheck(int fd, const void *bytes, size_t size) {
  if (fd != STDERR_FILENO)
    return ::write(fd, bytes, size);
  llvm::StringRef message(static_cast<const char *>(bytes), size);
  llvm::outs().flush();
  std::fflush(stdout);
  llvm::errs() << "tenferro-runner: error: run-time check failed: "
               << message.rtrim('\n') << "\n";
  return static_cast<ssize_t>(size);
}

[[noreturn]] void exitAfterFailedCheck() {
  std::fflush(stderr);
  std::_Exit(1);
}

[[noreturn]] void fail(const llvm::Twine &message) {
  llvm::errs() << "tenferro-runner: error: " << message << "\n";
  std::exit(1);
}

/// Physical memory of this machine in bytes: no tensor can be larger.
uint64_t physicalMemory() {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page)
                               : std::numeric_limits<uint64_t>::max();
}

/// Fails unless a tensor of `shape` and `dtype` fits in memory: allocation
/// failures inside compiled code are not checked, so a program that would
/// allocate more than the machine has is refused before it runs.
void checkFits(ArrayRef<int64_t> shape, DType dtype, const llvm::Twine &what) {
  std::optional<uint64_t> bytes = byteSize(shape, elementSize(dtype));
  uint64_t memory = physicalMemory();
  if (bytes && *bytes <= memory)
    return;
  std::string extents;
  for (int64_t d : shape)
    extents += (extents.empty() ? "" : ", ") + std::to_string(d);
  fail(what + " with extents [" + extents + "] needs " +
       (bytes ? std::to_string(*bytes) + " bytes"
              : std::string("more than 2^64 bytes")) +
       ", more than this machine's memory (" + std::to_string(memory) +
       " bytes)");
}

/// Every static tensor the program computes must fit in memory. (Inputs are
/// checked where they are made.)
void checkStaticResults(func::FuncOp program) {
  program.walk([&](Operation *op) {
    for (Value v : op->getResults()) {
      auto type = dyn_cast<RankedTensorType>(v.getType());
      std::optional<DType> dtype =
          type ? dtypeOf(type.getElementType()) : std::nullopt;
      if (!dtype || !type.hasStaticShape())
        continue;
      std::string where;
      if (auto fl = dyn_cast<FileLineColLoc>(op->getLoc()))
        where = (" at " + fl.getFilename().getValue() + ":" +
                 llvm::Twine(fl.getLine()) + ":" + llvm::Twine(fl.getColumn()))
                    .str();
      checkFits(type.getShape(), *dtype,
                "'" + op->getName().getStringRef() + "'" + where +
                    ": a result");
    }
  });
}

std::string typeStr(Type t) {
  std::string s;
  llvm::raw_string_ostream(s) << t;
  return s;
}

void writeHeader(llvm::StringRef path, func::FuncOp program,
                 bool destinationPassing) {
  std::string error;
  auto file = openOutputFile(path, &error);
  if (!file)
    fail("cannot write '" + path + "': " + error);
  writeCHeader(program, destinationPassing, file->os());
  file->keep();
}

/// Zero-filled buffers for the results of `program` on `args`: of the
/// signature's shapes, or, if one is dynamic, of the reference
/// interpreter's results (run on clones, before lowering changes
/// `program`).
std::vector<HostTensor> resultBuffers(func::FuncOp program,
                                      ArrayRef<HostTensor> args) {
  std::vector<HostTensor> buffers;
  bool dynamic = false;
  for (Type type : program.getResultTypes()) {
    auto tensor = cast<RankedTensorType>(type);
    dynamic |= !tensor.hasStaticShape();
    buffers.push_back({*dtypeOf(tensor.getElementType()),
                       SmallVector<int64_t>(tensor.getShape()),
                       {}});
  }
  if (dynamic) {
    std::string error;
    FailureOr<std::vector<HostTensor>> reference =
        interpret(program, args, error);
    if (failed(reference))
      fail("sizing the result buffers (reference evaluation of @" +
           program.getSymName() + ") failed: " + error);
    for (auto [buffer, result] : llvm::zip(buffers, *reference))
      buffer.shape = result.shape;
  }
  for (HostTensor &buffer : buffers)
    buffer.data.resize(buffer.numElements() * elementSize(buffer.dtype));
  return buffers;
}

/// The program to run: --entry, by its MLIR name, or the module's first
/// program. Driver code (docs/abi.md, "Programs") holds logical tensors,
/// not the column-major ones the runner passes, so it cannot be an entry.
func::FuncOp selectProgram(ModuleOp module) {
  SmallVector<func::FuncOp> programs = findPrograms(module);
  if (entry.empty()) {
    if (programs.empty())
      fail("the module has no program");
    return programs.front();
  }
  auto named = module.lookupSymbol<func::FuncOp>(entry);
  if (!named)
    fail("no program named '" + entry + "'");
  if (!llvm::is_contained(programs, named))
    fail("@" + entry +
         " is not a program: it has no body, or it holds no tenferro "
         "instruction and either its signature is not one of tensors or "
         "driver code calls it (docs/abi.md, \"Programs\")");
  return named;
}

/// Fails unless `path` can be written. Checked before compiling, so that a
/// bad path does not cost a compilation.
void checkWritable(llvm::StringRef path) {
  std::string error;
  // Removed again when it goes out of scope: nothing is kept.
  if (!openOutputFile(path, &error))
    fail("cannot write '" + path + "': " + error);
}

/// Loads every --shared-libs library, to fail early and clearly on a
/// missing one and to check that extensions resolve.
std::vector<llvm::sys::DynamicLibrary> loadSharedLibs() {
  std::vector<llvm::sys::DynamicLibrary> libs;
  for (const std::string &path : sharedLibs) {
    std::string error;
    auto lib = llvm::sys::DynamicLibrary::getLibrary(path.c_str(), &error);
    if (!lib.isValid())
      fail("cannot load --shared-libs library '" + path + "': " + error);
    libs.push_back(lib);
  }
  return libs;
}

/// Every extension in the module (the JIT links the whole module) must be
/// defined by a --shared-libs library; otherwise linking fails naming only
/// a symbol, far from its cause.
void checkExtensionsResolve(ModuleOp module,
                            std::vector<llvm::sys::DynamicLibrary> &libs) {
  module.walk([&](ExtensionOp op) {
    std::string symbol =
        "_mlir_ciface_" + extensionSymbolName(op.getFamilyId());
    for (llvm::sys::DynamicLibrary &lib : libs)
      if (lib.getAddressOfSymbol(symbol.c_str()))
        return;
    fail("extension '" + op.getFamilyId() +
         "' has no implementation: no --shared-libs library defines " + symbol +
         " (docs/abi.md, \"Extensions\")");
  });
}

/// The machine code is generated for: --target-triple, --target-cpu and
/// --target-features, by default this machine. Position-independent,
/// small-code-model code, so that an object links into ordinary (PIE)
/// executables and shared libraries. Unknown triples, CPUs and features
/// are errors: LLVM would only warn about the latter two and generate
/// code for a generic CPU.
llvm::orc::JITTargetMachineBuilder targetMachineBuilder() {
  auto host = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!host)
    fail("no native target: " + llvm::toString(host.takeError()));
  llvm::orc::JITTargetMachineBuilder builder = std::move(*host);
  if (!targetTriple.empty()) {
    llvm::Triple triple(llvm::Triple::normalize(targetTriple));
    std::string error;
    if (!llvm::TargetRegistry::lookupTarget(triple, error))
      fail("unknown --target-triple '" + targetTriple + "': " + error);
    if (triple != builder.getTargetTriple())
      builder = llvm::orc::JITTargetMachineBuilder(triple);
  }
  const llvm::Triple &triple = builder.getTargetTriple();
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    fail("no target for '" + triple.str() + "': " + error);
  // The target's CPUs and features, to check the names against.
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, "", ""));
  if (!subtarget)
    fail("no subtarget information for '" + triple.str() + "'");
  if (!targetCpu.empty()) {
    if (!subtarget->isCPUStringValid(targetCpu))
      fail("unknown --target-cpu '" + targetCpu + "' for " + triple.str() +
           " (llc -mtriple=" + triple.str() + " -mcpu=help lists them)");
    // The named CPU's features only, not this machine's: code for
    // x86-64-v2 must not use AVX because the build machine has it.
    builder.setCPU(targetCpu);
    builder.getFeatures() = llvm::SubtargetFeatures();
  }
  SmallVector<StringRef> features;
  StringRef(targetFeatures)
      .split(features, ',', /*MaxSplit=*/-1,
             /*KeepEmpty=*/false);
  for (StringRef feature : features) {
    feature = feature.trim();
    StringRef name = feature.drop_front();
    bool known = llvm::any_of(
        subtarget->getAllProcessorFeatures(),
        [&](const llvm::SubtargetFeatureKV &kv) { return name == kv.Key; });
    if (!(feature.starts_with("+") || feature.starts_with("-")) || !known)
      fail("unknown --target-features entry '" + feature + "' for " +
           triple.str() + " (write +name or -name; llc -mtriple=" +
           triple.str() + " -mattr=help lists the names)");
    builder.getFeatures().AddFeature(feature);
  }
  builder.setRelocationModel(llvm::Reloc::PIC_);
  builder.setCodeModel(llvm::CodeModel::Small);
  builder.setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  return builder;
}

/// Whether code for `triple` runs in this process (the JIT): same
/// architecture and operating system as this machine.
bool runsHere(const llvm::Triple &triple) {
  llvm::Triple host(llvm::sys::getProcessTriple());
  return triple.getArch() == host.getArch() && triple.getOS() == host.getOS();
}

/// With --timing: how many kernels the pipeline outlined and how many
/// distinct ones remain. Each outlined kernel had one call; deduplication
/// points calls at the kernel it keeps.
void reportKernels(ModuleOp module) {
  llvm::StringSet<> kernels;
  for (auto function : module.getOps<LLVM::LLVMFuncOp>())
    if (isKernel(function))
      kernels.insert(function.getSymName());
  unsigned calls = 0;
  module.walk([&](LLVM::CallOp call) {
    std::optional<StringRef> callee = call.getCallee();
    calls += callee && kernels.contains(*callee);
  });
  llvm::errs() << "kernels: " << calls << " outlined, " << kernels.size()
               << " after deduplication\n";
}

/// With --timing: the partitions and threads of code generation.
void reportCodeGen(const CodeGenReport &report) {
  if (timing)
    llvm::errs() << "code generation: " << report.partitions
                 << " partitions on " << report.threads << " threads\n";
}

/// Applies option text to `options` with the pipeline's own parser; `flag`
/// names what the text came from in the error.
void applyPipelineText(TenferroLoweringOptions &options, llvm::StringRef text,
                       const llvm::Twine &flag) {
  std::string errors;
  if (failed(parseLoweringOptions(options, text, errors)))
    fail(flag + " is not an option text tenferro-lower-to-llvm takes (\"" +
         text + "\")" + (errors.empty() ? "" : ": " + errors));
}

/// The pipeline's options: the target's defaults, then the shorthands, then
/// --pipeline-options. A shorthand is turned into the text it stands for.
/// (Pass options cannot be copied, hence the out-parameter.)
void setLoweringOptions(TenferroLoweringOptions &options,
                        const llvm::orc::JITTargetMachineBuilder &target) {
  applyTargetDefaults(options, targetDefaultsFor(target));
  if (noFusion)
    applyPipelineText(options, "enable-fusion=false", "--no-fusion");
  if (vectorWidth.getNumOccurrences())
    applyPipelineText(options, "vector-width=" + vectorWidth,
                      "--vector-width=" + vectorWidth);
  if (vectorMath != "auto")
    applyPipelineText(options, "vector-math=" + vectorMath,
                      "--vector-math=" + vectorMath);
  if (parallelLoops)
    applyPipelineText(options, "parallel-loops=true", "--parallel-loops");
  if (parallelMinWork.getNumOccurrences())
    applyPipelineText(options, "parallel-min-work=" + parallelMinWork,
                      "--parallel-min-work=" + parallelMinWork);
  if (outlineKernels.getNumOccurrences())
    applyPipelineText(options,
                      outlineKernels ? "outline-kernels=true"
                                     : "outline-kernels=false",
                      "--outline-kernels");
  applyPipelineText(options, pipelineOptions, "--pipeline-options");
  std::string missing;
  if (failed(checkTargetFeatures(options, target, missing)))
    fail(missing);
}

CodeGenOptions codeGenOptions() {
  CodeGenOptions options;
  options.threads = compileThreads;
  options.partitions.partitionOps = partitionOps;
  options.optimizeDispatch = optimizeDispatch;
  return options;
}

/// Writes the lowered module as an object file for `target`, optimized as
/// the JIT optimizes it. No JIT and no linking: the object may be for
/// another CPU or architecture, and the extensions it calls may be
/// implemented only where it is linked.
void writeObject(ModuleOp module,
                 const llvm::orc::JITTargetMachineBuilder &target,
                 llvm::StringRef path, TimingScope &timer) {
  std::string error;
  CodeGenReport report;
  FailureOr<ObjectCode> object = compileObjectFile(
      module, target, codeGenOptions(), timer, error, &report);
  if (failed(object))
    fail(error);
  reportCodeGen(report);
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file)
    fail("cannot write '" + path + "': " + error);
  file->os() << StringRef(object->data(), object->size());
  file->os().close();
  if (file->os().has_error())
    fail("writing the object file '" + path +
         "' failed: " + file->os().error().message());
  file->keep();
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // --version: LLVM's printer names the libLLVM.so that runs; this adds
  // which tenferro-mlir it is and which LLVM it was compiled against.
  cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "tenferro-mlir version " TENFERRO_VERSION
          " (built with LLVM/MLIR " LLVM_VERSION_STRING ")\n";
  });
  // LLVM's own flags (hundreds, from libLLVM) stay usable but out of --help.
  cl::HideUnrelatedOptions(runnerCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "tenferro-runner: compile and run a tenferro "
                              "program\n");
  // Every target, not only the native one: --target-triple may name
  // another architecture for --emit-object.
  llvm::InitializeAllTargetInfos();
  llvm::InitializeAllTargets();
  llvm::InitializeAllTargetMCs();
  llvm::InitializeAllAsmPrinters();

  DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  tenferro::registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  MLIRContext context(registry);

  DefaultTimingManager timingManager;
  timingManager.setEnabled(timing);
  TimingScope rootTimer = timingManager.getRootScope();
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  TimingScope parseTimer = rootTimer.nest("Parse");
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(inputFile, sourceMgr, ParserConfig(&context));
  parseTimer.stop();
  if (!module)
    fail("cannot parse or verify '" + inputFile + "'");

  func::FuncOp program = selectProgram(*module);
  // Bad paths and libraries fail before anything is read or compiled.
  if (!emitObject.empty())
    checkWritable(emitObject);
  // So are bad targets.
  llvm::orc::JITTargetMachineBuilder machineBuilder = targetMachineBuilder();
  if (!compileOnly && !runsHere(machineBuilder.getTargetTriple()))
    fail("code for " + machineBuilder.getTargetTriple().str() +
         " cannot run on this machine (" + llvm::sys::getProcessTriple() +
         "): add --compile-only");
  std::vector<llvm::sys::DynamicLibrary> loadedLibs = loadSharedLibs();
  FunctionType logical = program.getFunctionType();
  for (Type t :
       llvm::concat<const Type>(logical.getInputs(), logical.getResults())) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor || !dtypeOf(tensor.getElementType()))
      fail("program @" + program.getSymName() +
           " takes or returns a non-tensor or non-tenferro type " + typeStr(t));
  }

  // Inputs (none needed when only compiling).
  std::vector<HostTensor> args;
  if (compileOnly && !inputs.empty())
    fail("--compile-only takes no inputs");
  if (!inputs.empty() && inputs.size() != logical.getNumInputs())
    fail("program @" + program.getSymName() + " expects " +
         llvm::Twine(logical.getNumInputs()) + " inputs, got " +
         llvm::Twine(inputs.size()));
  for (auto [i, t] : llvm::enumerate(logical.getInputs())) {
    if (compileOnly)
      break;
    auto type = cast<RankedTensorType>(t);
    DType dtype = *dtypeOf(type.getElementType());
    if (inputs.empty()) {
      SmallVector<int64_t> shape;
      for (int64_t d : type.getShape())
        shape.push_back(ShapedType::isDynamic(d) ? dynamicExtent.getValue()
                                                 : d);
      checkFits(shape, dtype, "input #" + llvm::Twine(i));
      args.push_back(randomTensor(dtype, shape, randomSeed + i));
      continue;
    }
    llvm::Expected<HostTensor> tensor = readNpy(inputs[i]);
    if (!tensor)
      fail(llvm::toString(tensor.takeError()));
    if (tensor->dtype != dtype)
      fail(llvm::Twine("input #") + llvm::Twine(i) + " ('" + inputs[i] +
           "') has dtype " + dtypeName(tensor->dtype) + ", the program takes " +
           typeStr(type));
    bool shapeOk = tensor->shape.size() == static_cast<size_t>(type.getRank());
    for (size_t a = 0; shapeOk && a < tensor->shape.size(); ++a)
      shapeOk = ShapedType::isDynamic(type.getDimSize(a)) ||
                type.getDimSize(a) == tensor->shape[a];
    if (!shapeOk)
      fail(llvm::Twine("input #") + llvm::Twine(i) + " ('" + inputs[i] +
           "') has the wrong shape for " + typeStr(type));
    args.push_back(std::move(*tensor));
  }
  // Not when only compiling: the machine that runs an object file may have
  // more memory than this one.
  if (!compileOnly)
    checkStaticResults(program);

  std::string name = program.getSymName().str();
  auto printOutputs = [&](ArrayRef<HostTensor> outputs, StringRef mode) {
    llvm::outs() << "program @" << name << ": " << args.size() << " inputs, "
                 << outputs.size() << " outputs (" << mode << ")\n";
    for (auto [i, out] : llvm::enumerate(outputs)) {
      llvm::outs() << "output #" << i << ": " << dtypeName(out.dtype) << " "
                   << "[";
      llvm::interleaveComma(out.shape, llvm::outs());
      llvm::outs() << "] " << formatElements(out, printLimit) << "\n";
      if (!outputPrefix.empty())
        if (llvm::Error e =
                writeNpy(outputPrefix + std::to_string(i) + ".npy", out))
          fail(llvm::toString(std::move(e)));
    }
  };
  if (reference) {
    if (compileOnly)
      fail("--reference does not compile");
    std::string error;
    FailureOr<std::vector<HostTensor>> outputs =
        interpret(program, args, error);
    if (failed(outputs))
      fail("reference evaluation of @" + name + " failed: " + error);
    printOutputs(*outputs, "reference");
    return 0;
  }

  // Compile. The JIT links the code when it runs it, and needs every
  // extension's implementation for that; an object file is not linked.
  if (!compileOnly)
    checkExtensionsResolve(*module, loadedLibs);
  TenferroLoweringOptions options;
  setLoweringOptions(options, machineBuilder);
  if (!emitHeader.empty())
    writeHeader(emitHeader, program, options.destinationPassing);
  // With destination passing, the runner is the caller that sizes the
  // result buffers: from the signature, or, where an extent is dynamic,
  // from the reference interpreter's results (the program checks them).
  // Before lowering, which rewrites the program.
  std::vector<HostTensor> outputs;
  if (options.destinationPassing && !compileOnly)
    outputs = resultBuffers(program, args);
  TimingScope pipelineTimer = rootTimer.nest("MLIR pipeline");
  std::string error;
  FailureOr<std::string> symbol =
      lowerProgram(*module, program, options, error, &pipelineTimer);
  if (failed(symbol))
    fail(error);
  pipelineTimer.stop();
  if (timing)
    reportKernels(*module);

  if (!emitObject.empty()) {
    TimingScope objectTimer = rootTimer.nest("Object file");
    writeObject(*module, machineBuilder, emitObject, objectTimer);
  }
  if (compileOnly)
    return 0;

  Executable::Options jitOptions;
  jitOptions.codeGen = codeGenOptions();
  jitOptions.destinationPassing = options.destinationPassing;
#ifdef TENFERRO_LIBOMP
  // Parallel loops call the OpenMP runtime.
  if (options.parallelLoops)
    jitOptions.libraries.push_back(TENFERRO_LIBOMP);
#endif
  jitOptions.libraries.insert(jitOptions.libraries.end(), sharedLibs.begin(),
                              sharedLibs.end());
  jitOptions.overrides["write"] = reinterpret_cast<void *>(&reportFailedCheck);
  jitOptions.overrides["abort"] =
      reinterpret_cast<void *>(&exitAfterFailedCheck);
  TimingScope jitTimer = rootTimer.nest("JIT");
  CodeGenReport report;
  FailureOr<std::unique_ptr<Executable>> executable =
      Executable::load(*module, logical, *symbol, machineBuilder, jitOptions,
                       error, &jitTimer, &report);
  if (failed(executable))
    fail("JIT compilation of @" + name + " failed: " + error);
  reportCodeGen(report);
  jitTimer.stop();
  // The report goes out before the program runs (and before a failed
  // check could end the process). Printing clears the timers: every scope
  // is stopped first, and the manager prints nothing more at exit.
  rootTimer.stop();
  timingManager.print();
  timingManager.setEnabled(false);

  // Timed calls first (the call alone), then the one whose results are
  // read.
  SmallVector<TensorView> views;
  for (const HostTensor &tensor : args)
    views.push_back(TensorView::of(tensor));
  SmallVector<MutableTensorView> outputViews;
  for (HostTensor &out : outputs)
    outputViews.push_back(
        {out.dtype, out.shape, out.data.data(), out.data.size()});
  std::vector<double> seconds;
  setBufferCacheLimit(bufferCacheLimit);
  BufferCacheStats cacheBefore = getBufferCacheStats();
  BufferCacheStats cacheAfter = cacheBefore;
  if (repeat > 1) {
    FailureOr<std::vector<double>> timed =
        (*executable)->time(views, repeat, error, outputViews);
    if (failed(timed))
      fail(error);
    seconds = std::move(*timed);
    cacheAfter = getBufferCacheStats();
  }
  if (options.destinationPassing) {
    if (failed((*executable)->runInto(views, outputViews, error)))
      fail(error);
  } else {
    FailureOr<std::vector<HostTensor>> fresh = (*executable)->run(views, error);
    if (failed(fresh))
      fail(error);
    outputs = std::move(*fresh);
  }
  printOutputs(outputs, options.enableFusion ? "fused" : "unfused");
  if (repeat > 1) {
    std::sort(seconds.begin(), seconds.end());
    llvm::outs() << llvm::formatv("time: min {0:e3} s, median {1:e3} s over "
                                  "{2} runs\n",
                                  seconds.front(), seconds[seconds.size() / 2],
                                  seconds.size());
    // Whether the timed calls allocated fresh memory (page faults) or
    // reused the blocks of the calls before them.
    llvm::outs() << llvm::formatv(
        "buffer cache: {0} misses, {1} hits over the timed runs, {2} bytes "
        "kept\n",
        cacheAfter.misses - cacheBefore.misses,
        cacheAfter.hits - cacheBefore.hits, cacheAfter.cachedBytes);
  }
  return 0;
}
