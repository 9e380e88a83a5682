//===- JIT.h - compiled programs loaded into this process -------*- C++ -*-===//
//
// Links the objects of compileToObjects into this process with ORC's
// LLJIT, so that a program compiled in parallel partitions runs without
// an object file on disk (docs/design.md, "Parallel code generation").
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_RUNTIME_JIT_H
#define TENFERRO_RUNTIME_JIT_H

#include "tenferro/Runtime/CodeGen.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

namespace mlir::tenferro {

/// Adds to the module of `function` (the LLVM dialect) a function `name`
/// of one argument, a pointer to an array of pointers to `function`'s
/// arguments, that calls `function` with them: one C signature for every
/// entry point, whatever its arity. `function` must return nothing.
LLVM::LLVMFuncOp addPackedEntry(LLVM::LLVMFuncOp function, StringRef name);

/// Object code linked into this process.
class JitProgram {
public:
  /// Links `objects` for `target` (which must be this machine's
  /// architecture and system) in a new JIT session. Symbols they use and
  /// do not define come, in this order, from `overrides`, the libraries at
  /// `libraries` (loaded for the rest of the process), and this process;
  /// malloc, aligned_alloc, calloc, realloc and free are the buffer
  /// cache's (BufferCache.h) unless `overrides` names them.
  static FailureOr<std::unique_ptr<JitProgram>>
  create(std::vector<ObjectCode> objects,
         const llvm::orc::JITTargetMachineBuilder &target,
         ArrayRef<std::string> libraries,
         const llvm::StringMap<void *> &overrides, std::string &error);

  ~JitProgram();

  /// The address of `symbol`; linking happens at the first lookup.
  FailureOr<void *> lookup(StringRef symbol, std::string &error);

private:
  explicit JitProgram(std::unique_ptr<llvm::orc::LLJIT> jit);
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

} // namespace mlir::tenferro

#endif // TENFERRO_RUNTIME_JIT_H
