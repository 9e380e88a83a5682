//===- Runtime.cpp - the C API of the runtime library ---------------------===//
//
// tenferro-c/Runtime.h over Executable: each compile gets a context of its
// own (so executables are independent of each other and of the caller's
// MLIR, if any); errors become malloc'ed strings.
//
//===----------------------------------------------------------------------===//

#include "tenferro-c/Runtime.h"

#include "tenferro/Dialect/Tenferro/IR/Programs.h"
#include "tenferro/InitAll.h"
#include "tenferro/Pipelines/Pipelines.h"
#include "tenferro/Runtime/BufferCache.h"
#include "tenferro/Runtime/Executable.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;

struct TenferroExecutable {
  std::unique_ptr<Executable> executable;
};

namespace {

void setError(char **error, const std::string &message) {
  if (!error)
    return;
  *error = static_cast<char *>(std::malloc(message.size() + 1));
  if (*error)
    std::memcpy(*error, message.c_str(), message.size() + 1);
}

// The C enum and host::DType list the dtypes in the same order.
static_assert(TENFERRO_F32 == int(DType::F32) &&
                  TENFERRO_F64 == int(DType::F64) &&
                  TENFERRO_I32 == int(DType::I32) &&
                  TENFERRO_I64 == int(DType::I64) &&
                  TENFERRO_BOOL == int(DType::Bool) &&
                  TENFERRO_C32 == int(DType::C32) &&
                  TENFERRO_C64 == int(DType::C64),
              "TenferroDType and host::DType disagree");

} // namespace

namespace {
void initializeNativeTarget() {
  static std::once_flag targets;
  std::call_once(targets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// The defaults of tenferroCompileOptionsInit for a target whose defaults
/// are known (one host detection per call of the C API).
void setDefaults(TenferroCompileOptions *options,
                 const TargetDefaults &target) {
  options->fusion = 1;
  options->vector_width = target.vectorWidth;
  options->compile_threads = 0;
  options->exact_math = 0;
  options->pipeline_options = nullptr;
}
} // namespace

extern "C" void tenferroCompileOptionsInit(TenferroCompileOptions *options) {
  initializeNativeTarget();
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> host =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (host) {
    setDefaults(options, targetDefaultsFor(*host));
    return;
  }
  // This machine's vector width cannot be told: 8 lanes.
  llvm::consumeError(host.takeError());
  TargetDefaults fallback{};
  fallback.vectorWidth = 8;
  setDefaults(options, fallback);
}

extern "C" TenferroExecutable *
tenferroCompile(const char *moduleText, const char *entry,
                const TenferroCompileOptions *options, char **error) {
  initializeNativeTarget();
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> target =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!target) {
    setError(error, llvm::toString(target.takeError()));
    return nullptr;
  }
  TargetDefaults machine = targetDefaultsFor(*target);
  TenferroCompileOptions defaults;
  setDefaults(&defaults, machine);
  if (!options)
    options = &defaults;

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  MLIRContext context(registry);
  // Diagnostics become the error message.
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    llvm::raw_string_ostream os(diagnostics);
    if (auto at = dyn_cast<FileLineColLoc>(diagnostic.getLocation()))
      os << at.getFilename().getValue() << ":" << at.getLine() << ":"
         << at.getColumn() << ": ";
    switch (diagnostic.getSeverity()) {
    case DiagnosticSeverity::Error:
      os << "error: ";
      break;
    case DiagnosticSeverity::Warning:
      os << "warning: ";
      break;
    default:
      os << "note: ";
      break;
    }
    os << diagnostic << "\n";
    return success();
  });
  // Locations name the module "program".
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      moduleText ? moduleText : "", ParserConfig(&context), "program");
  if (!module) {
    setError(error, "cannot parse or verify the module:\n" + diagnostics);
    return nullptr;
  }
  SmallVector<func::FuncOp> programs = findPrograms(*module);
  func::FuncOp program;
  if (!entry) {
    if (!programs.empty())
      program = programs.front();
  } else {
    program = module->lookupSymbol<func::FuncOp>(entry);
    if (program && !llvm::is_contained(programs, program))
      program = nullptr;
  }
  if (!program) {
    setError(error, entry ? std::string("no program named '") + entry + "'"
                          : std::string("the module has no program"));
    return nullptr;
  }

  FunctionType signature = program.getFunctionType();
  TenferroLoweringOptions lowering;
  applyTargetDefaults(lowering, machine);
  lowering.enableFusion = options->fusion != 0;
  lowering.vectorWidth = options->vector_width;
  if (options->exact_math)
    lowering.vectorMath = VectorMath::Libm;
  if (options->pipeline_options) {
    std::string parseErrors;
    if (failed(parseLoweringOptions(lowering, options->pipeline_options,
                                    parseErrors))) {
      setError(error, std::string("pipeline_options \"") +
                          options->pipeline_options +
                          "\" is not an option text tenferro-lower-to-llvm "
                          "takes" +
                          (parseErrors.empty() ? "" : ": " + parseErrors));
      return nullptr;
    }
  }
  std::string message;
  if (failed(checkTargetFeatures(lowering, *target, message))) {
    setError(error, message);
    return nullptr;
  }
  FailureOr<std::string> symbol =
      lowerProgram(*module, program, lowering, message);
  if (failed(symbol)) {
    setError(error, message + (diagnostics.empty() ? "" : ":\n" + diagnostics));
    return nullptr;
  }
  Executable::Options executableOptions;
  executableOptions.codeGen.threads = options->compile_threads;
  executableOptions.destinationPassing = lowering.destinationPassing;
  FailureOr<std::unique_ptr<Executable>> executable = Executable::load(
      *module, signature, *symbol, *target, executableOptions, message);
  if (failed(executable)) {
    setError(error, message);
    return nullptr;
  }
  return new TenferroExecutable{std::move(*executable)};
}

extern "C" size_t
tenferroExecutableNumInputs(const TenferroExecutable *executable) {
  return executable->executable->inputs().size();
}

extern "C" size_t
tenferroExecutableNumOutputs(const TenferroExecutable *executable) {
  return executable->executable->results().size();
}

namespace {

/// Views of C tensors, or an error for a dtype or shape that is invalid.
LogicalResult viewsOf(const TenferroTensor *tensors, size_t count,
                      const char *what, SmallVector<TensorView> &views,
                      char **error) {
  for (size_t i = 0; i < count; ++i) {
    const TenferroTensor &tensor = tensors[i];
    std::string which = what + std::string(" #") + std::to_string(i);
    if (tensor.dtype < TENFERRO_F32 || tensor.dtype > TENFERRO_C64) {
      setError(error, which + " has no valid dtype");
      return failure();
    }
    auto dtype = static_cast<DType>(tensor.dtype);
    ArrayRef<int64_t> shape(tensor.shape, tensor.rank);
    std::optional<uint64_t> bytes = byteSize(shape, elementSize(dtype));
    if (!bytes) {
      setError(error, which + " has invalid extents");
      return failure();
    }
    views.push_back({dtype, shape, tensor.data, static_cast<size_t>(*bytes)});
  }
  return success();
}

} // namespace

extern "C" int tenferroRunInto(TenferroExecutable *executable,
                               const TenferroTensor *inputs, size_t numInputs,
                               const TenferroTensor *outputs, size_t numOutputs,
                               char **error) {
  SmallVector<TensorView> in, out;
  if (failed(viewsOf(inputs, numInputs, "input", in, error)) ||
      failed(viewsOf(outputs, numOutputs, "output", out, error)))
    return 1;
  SmallVector<MutableTensorView> buffers;
  for (const TensorView &view : out)
    buffers.push_back(
        {view.dtype, view.shape, const_cast<void *>(view.data), view.bytes});
  std::string message;
  if (failed(executable->executable->runInto(in, buffers, message))) {
    setError(error, message);
    return 1;
  }
  return 0;
}

extern "C" int tenferroRun(TenferroExecutable *executable,
                           const TenferroTensor *inputs, size_t numInputs,
                           TenferroTensor *outputs, size_t numOutputs,
                           char **error) {
  Executable &compiled = *executable->executable;
  std::string message;
  if (failed(compiled.checkOutputCount(numOutputs, message))) {
    setError(error, message);
    return 1;
  }
  SmallVector<TensorView> views;
  if (failed(viewsOf(inputs, numInputs, "input", views, error)))
    return 1;
  FailureOr<std::vector<HostTensor>> results = compiled.run(views, message);
  if (failed(results)) {
    setError(error, message);
    return 1;
  }
  for (auto [i, result] : llvm::enumerate(*results)) {
    TenferroTensor &out = outputs[i];
    out.dtype = static_cast<TenferroDType>(result.dtype);
    out.rank = result.shape.size();
    out.shape = static_cast<int64_t *>(
        std::malloc(std::max<size_t>(1, out.rank) * sizeof(int64_t)));
    out.data = std::malloc(std::max<size_t>(1, result.data.size()));
    if (!out.shape || !out.data) {
      std::free(out.shape);
      std::free(out.data);
      for (size_t j = 0; j < i; ++j)
        tenferroTensorRelease(&outputs[j]);
      setError(error, "out of memory for the results");
      return 1;
    }
    std::copy(result.shape.begin(), result.shape.end(), out.shape);
    std::memcpy(out.data, result.data.data(), result.data.size());
  }
  return 0;
}

extern "C" void tenferroTensorRelease(TenferroTensor *tensor) {
  std::free(tensor->shape);
  std::free(tensor->data);
  tensor->shape = nullptr;
  tensor->data = nullptr;
  tensor->rank = 0;
}

extern "C" void tenferroExecutableDestroy(TenferroExecutable *executable) {
  delete executable;
}

extern "C" void tenferroStringFree(char *string) { std::free(string); }

extern "C" void tenferroSetBufferCacheLimit(size_t bytes) {
  tenferro::setBufferCacheLimit(bytes);
}

extern "C" void tenferroReleaseCachedBuffers(void) {
  tenferro::releaseCachedBuffers();
}

extern "C" size_t tenferroCachedBufferBytes(void) {
  return tenferro::getBufferCacheStats().cachedBytes;
}
