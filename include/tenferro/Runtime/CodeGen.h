//===- CodeGen.h - LLVM dialect to object code, in parallel -----*- C++ -*-===//
//
// Translates a lowered module to LLVM IR, optimizes it and compiles it to
// object code, one partition per thread; joins the objects into the one
// relocatable object an AOT user links (docs/design.md, "Parallel code
// generation").
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_RUNTIME_CODEGEN_H
#define TENFERRO_RUNTIME_CODEGEN_H

#include "tenferro/Runtime/Partition.h"

#include "mlir/Support/Timing.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::tenferro {

struct CodeGenOptions {
  /// Threads that compile partitions; 0: one per core. The object code is
  /// the same for every value.
  unsigned threads = 0;
  /// Whether the objects will be joined into one (AOT): then the module is
  /// split only where findRelocatableLinker finds a linker.
  bool joined = false;
  /// Whether partitions of dispatch code (programs, their parts and
  /// wrappers: allocations, calls, frees) get LLVM's O3 too. By default a
  /// split module compiles them at -O0: a fifth of LLVM's time at 10^4
  /// instructions, no measurable change in run time (docs/performance.md).
  /// A module compiled whole is optimized whole.
  bool optimizeDispatch = false;
  PartitionOptions partitions;
};

/// An object file in memory.
using ObjectCode = llvm::SmallVector<char, 0>;

/// What compileToObjects did, for reports.
struct CodeGenReport {
  unsigned partitions = 0;
  unsigned threads = 0;
};

/// Compiles `module` (the LLVM dialect) for `target`: its partitions
/// (partitionModule; the module itself when it is not split) are each
/// translated to LLVM IR in an LLVMContext of their own, optimized with
/// LLVM's O3 pipeline and compiled to an object, concurrently. Returns the
/// objects in partition order, or fails with `error` set. `module` is not
/// changed. Registers MLIR's LLVM IR translations (builtin, LLVM, OpenMP)
/// in the module's context. Nested timers go under `timer`.
FailureOr<std::vector<ObjectCode>>
compileToObjects(ModuleOp module,
                 const llvm::orc::JITTargetMachineBuilder &target,
                 const CodeGenOptions &options, TimingScope &timer,
                 std::string &error, CodeGenReport *report = nullptr);

/// The linker that joins objects for `triple` into one (`-r`): ld.lld,
/// else the system's `ld` for this machine's own architecture; none for
/// formats other than ELF. Without one, AOT compiles one partition.
std::optional<std::string> findRelocatableLinker(const llvm::Triple &triple);

/// Joins the objects of one module's partitions into one relocatable
/// object (findRelocatableLinker's linker, -r), then gives the symbols the
/// partitions shared (hidden visibility) local binding again, so that the
/// result defines what the module exported and nothing more. One object is
/// returned as it is.
FailureOr<ObjectCode> linkRelocatable(std::vector<ObjectCode> objects,
                                      const llvm::Triple &triple,
                                      std::string &error);

} // namespace mlir::tenferro

#endif // TENFERRO_RUNTIME_CODEGEN_H
