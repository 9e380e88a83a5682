//===- Executable.h - compile a program and run it --------------*- C++ -*-===//
//
// The runtime library's whole path, in calls an embedder makes: lower a
// program of a module (tenferro-lower-to-llvm), compile it to machine code
// in this process or to one object file, and run it on host tensors
// (docs/design.md, "Tools and embedding"). tenferro-runner and the C API
// (tenferro-c/Runtime.h) are built on it.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_RUNTIME_EXECUTABLE_H
#define TENFERRO_RUNTIME_EXECUTABLE_H

#include "tenferro/Runtime/CodeGen.h"
#include "tenferro/Runtime/HostTensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::tenferro {

struct TenferroLoweringOptions;
enum class VectorMath;
enum class MaximumMinimum;
class JitProgram;

/// Lowers `program` (a program of `module`, docs/abi.md "Programs") and
/// everything else in `module` to the LLVM dialect with
/// tenferro-lower-to-llvm and `options`, in place: `program` gets the C
/// interface `_mlir_ciface_<symbol>`, and every function but the entry's
/// two becomes internal (docs/running.md, "Ahead of time"). Returns the
/// entry's symbol (docs/abi.md, "Symbol names"). Pass timers go under
/// `timer`.
FailureOr<std::string> lowerProgram(ModuleOp module, func::FuncOp program,
                                    const TenferroLoweringOptions &options,
                                    std::string &error,
                                    TimingScope *timer = nullptr);

/// The lowering choices that suit the machine code runs on, read from the
/// target's triple and features (one subtarget query).
struct TargetDefaults {
  /// Lanes: 16 with AVX-512F (16 f32 or two registers of 8 f64), 8 with
  /// AVX (one 256-bit register of f32), 4 on other x86-64 (one SSE
  /// register), 8 on other targets.
  unsigned vectorWidth;
  /// glibc's libmvec with the widest x86-64 instruction set among the
  /// target's features (AVX-512F, AVX2, AVX, else the SSE baseline) on
  /// x86-64 Linux; libm lane by lane elsewhere (no libmvec there).
  VectorMath vectorMath;
  /// vrange with AVX-512DQ, the ordered selects on other x86-64,
  /// llvm.maximum elsewhere (one instruction on AArch64).
  MaximumMinimum maximumMinimum;
  /// Where vector math is libmvec and the target has FMA: exp expanded
  /// inline with fused multiply-adds (the pipeline's inline-exp,
  /// inline-exp-f64 and inline-exp-fma; within 1.01 ulps against libmvec's
  /// 3, and faster, docs/performance.md), f64 exp in loops that call no
  /// other function. Without FMA libmvec's exp stays: the IEEE form is
  /// slower than it for exp-only kernels in cache.
  bool inlineExpFMA;
  /// With inlineExpFMA and AVX-512F: the inline exp scales by 2^n with
  /// vscalef (the pipeline's inline-exp-avx512; the same bits).
  bool inlineExpAVX512;
  /// On x86-64: full vectors to buffers of at least 32 MiB written with
  /// non-temporal stores where aligned (the pipeline's nontemporal-stores;
  /// the same bits, 1.15-2x faster on memory-bound kernels at 2^26,
  /// docs/performance.md). Measured on x86-64 only.
  bool nontemporalStores;
  /// Where vector math is libmvec and the target has FMA: f32 tanh
  /// expanded inline in its one-expression form with fused multiply-adds
  /// (the pipeline's inline-tanh, inline-tanh-expm1 and inline-tanh-fma;
  /// within 2.6 ulps against libmvec's 2, no call, 1.04-1.34x faster on
  /// gelu and tanh(exp(a * b) + a), docs/performance.md).
  bool inlineTanhFMA;
};
TargetDefaults
targetDefaultsFor(const llvm::orc::JITTargetMachineBuilder &target);

/// Sets the pipeline options that `target` chooses (vector width, vector
/// math, maximum/minimum, the inline exp, non-temporal stores): the
/// runner's and the C API's defaults, before their own flags.
void applyTargetDefaults(TenferroLoweringOptions &options,
                         const TargetDefaults &target);

/// Fails with a message naming the option and the missing feature where
/// `options` emit instructions that `target` lacks: maximum-minimum=avx512dq
/// needs AVX-512DQ, and inline-exp-avx512 (where the inline exp runs)
/// AVX-512F. LLVM would otherwise abort in instruction selection.
LogicalResult
checkTargetFeatures(const TenferroLoweringOptions &options,
                    const llvm::orc::JITTargetMachineBuilder &target,
                    std::string &error);

/// One relocatable object file of a lowered module: compileToObjects with
/// the objects joined (linkRelocatable).
FailureOr<ObjectCode>
compileObjectFile(ModuleOp lowered,
                  const llvm::orc::JITTargetMachineBuilder &target,
                  const CodeGenOptions &options, TimingScope &timer,
                  std::string &error, CodeGenReport *report = nullptr);

/// Writes the C header of `program`'s compiled entry point: descriptor
/// structs per rank (each guarded), a results struct for several results
/// (with `destinationPassing`, one `out<i>` descriptor argument per result
/// after the inputs instead), and `_mlir_ciface_<symbol>` in `extern "C"`
/// (docs/running.md, "Ahead of time"). Call it before lowering.
void writeCHeader(func::FuncOp program, bool destinationPassing,
                  llvm::raw_ostream &os);

/// The dtype and rank of an input or a result.
struct TensorSignature {
  host::DType dtype;
  unsigned rank;
  /// Extents, ShapedType::kDynamic where dynamic.
  SmallVector<int64_t> shape;
};

/// A tensor the caller owns: dtype, logical shape, column-major data.
struct TensorView {
  host::DType dtype;
  ArrayRef<int64_t> shape;
  const void *data;
  /// Bytes the caller says `data` holds (checked against the shape).
  size_t bytes;

  static TensorView of(const host::HostTensor &tensor) {
    return {tensor.dtype, tensor.shape, tensor.data.data(), tensor.data.size()};
  }
};

/// A buffer the caller owns and the program's result is written to.
struct MutableTensorView {
  host::DType dtype;
  ArrayRef<int64_t> shape;
  void *data;
  size_t bytes;
};

/// A program compiled to machine code in this process.
class Executable {
public:
  struct Options {
    CodeGenOptions codeGen;
    /// Libraries whose symbols the code may use (extensions, libomp).
    std::vector<std::string> libraries;
    /// Symbols bound before libraries and the process (the runner's
    /// `write` and `abort`).
    llvm::StringMap<void *> overrides;
    /// The program was lowered with the pipeline option
    /// `destination-passing`: its entry takes the results' buffers after
    /// the inputs and returns nothing (docs/abi.md).
    bool destinationPassing = false;
  };

  /// Compiles `lowered` (lowerProgram's result for a program of type
  /// `signature`, taken before lowering) for `target`, which must be this
  /// machine's. Adds the packed entry point to `lowered`.
  static FailureOr<std::unique_ptr<Executable>>
  load(ModuleOp lowered, FunctionType signature, StringRef symbol,
       const llvm::orc::JITTargetMachineBuilder &target, const Options &options,
       std::string &error, TimingScope *timer = nullptr,
       CodeGenReport *report = nullptr);

  ~Executable();

  ArrayRef<TensorSignature> inputs() const { return inputTypes; }
  ArrayRef<TensorSignature> results() const { return resultTypes; }

  /// Checks that the caller has room for `count` results, exactly the
  /// program's; else says so in `error`.
  LogicalResult checkOutputCount(size_t count, std::string &error) const;

  /// Checks `inputs` against the program's signature: count, dtypes,
  /// ranks, static extents.
  LogicalResult checkInputs(ArrayRef<TensorView> inputs,
                            std::string &error) const;

  /// Runs the program on `inputs` and returns its results as host tensors
  /// of their own (the program's buffers are copied and freed; with
  /// destination passing, the program writes them, and their shapes must
  /// be static). The
  /// program reads its inputs and does not write them (unless compiled
  /// with donate-inputs). A run-time check that fails (a shape guard, a
  /// DimExpr) calls `abort` (docs/abi.md, "Run-time checks").
  FailureOr<std::vector<host::HostTensor>> run(ArrayRef<TensorView> inputs,
                                               std::string &error);

  /// Runs the program on `inputs` with its results in the caller's
  /// `outputs`, whose dtypes and shapes must be the results'. Compiled with
  /// destination passing, the program writes them there itself (no
  /// allocation, no copy; outputs must overlap neither inputs nor each
  /// other); otherwise its fresh results are copied there.
  LogicalResult runInto(ArrayRef<TensorView> inputs,
                        MutableArrayRef<MutableTensorView> outputs,
                        std::string &error);

  /// Runs the program `repeat` times and returns the seconds of each call
  /// alone (results are freed, not read). With destination passing, every
  /// call writes the same buffers: `outputs`, or, when it is empty, buffers
  /// of the results' static shapes allocated once.
  FailureOr<std::vector<double>>
  time(ArrayRef<TensorView> inputs, unsigned repeat, std::string &error,
       MutableArrayRef<MutableTensorView> outputs = {});

  /// Whether the program was compiled with destination passing.
  bool passesDestinations() const { return destinationPassing; }

private:
  Executable() = default;
  struct Arguments;
  /// Frees the buffers of `results` that are not inputs, once each.
  void freeResults(ArrayRef<TensorView> inputs, ArrayRef<int64_t> results);
  /// With destination passing: checks `outputs` against the results'
  /// signature (count, dtypes, static shapes, sizes) and against overlap
  /// with `inputs` and each other.
  LogicalResult checkOutputs(ArrayRef<TensorView> inputs,
                             ArrayRef<MutableTensorView> outputs,
                             std::string &error) const;
  /// With destination passing: zero-filled tensors of the results' shapes,
  /// which must be static.
  FailureOr<std::vector<host::HostTensor>>
  allocateResults(std::string &error) const;

  std::unique_ptr<JitProgram> jit;
  void (*entry)(void **) = nullptr;
  SmallVector<TensorSignature> inputTypes, resultTypes;
  bool destinationPassing = false;
};

} // namespace mlir::tenferro

#endif // TENFERRO_RUNTIME_EXECUTABLE_H
