//===- JIT.cpp - compiled programs loaded into this process ---------------===//
//
// MLIR's ExecutionEngine translates and compiles one module itself; the
// partitions of a program are compiled on a thread pool beforehand
// (CodeGen.cpp), so they are linked here as objects.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/JIT.h"

#include "tenferro/Runtime/BufferCache.h"

#include "mlir/IR/Builders.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::tenferro;

LLVM::LLVMFuncOp tenferro::addPackedEntry(LLVM::LLVMFuncOp function,
                                          StringRef name) {
  MLIRContext *context = function.getContext();
  Location loc = function.getLoc();
  auto pointer = LLVM::LLVMPointerType::get(context);
  OpBuilder builder(function);
  builder.setInsertionPointAfter(function);
  auto packed = LLVM::LLVMFuncOp::create(
      builder, loc, name,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), {pointer}));
  Block *entry = packed.addEntryBlock(builder);
  builder.setInsertionPointToStart(entry);
  SmallVector<Value> arguments;
  for (auto [i, type] :
       llvm::enumerate(function.getFunctionType().getParams())) {
    Value slot = LLVM::GEPOp::create(builder, loc, pointer, pointer,
                                     entry->getArgument(0),
                                     ArrayRef<LLVM::GEPArg>{int32_t(i)});
    Value address = LLVM::LoadOp::create(builder, loc, pointer, slot);
    arguments.push_back(LLVM::LoadOp::create(builder, loc, type, address));
  }
  LLVM::CallOp::create(builder, loc, function, arguments);
  LLVM::ReturnOp::create(builder, loc, ValueRange());
  return packed;
}

JitProgram::JitProgram(std::unique_ptr<llvm::orc::LLJIT> jit)
    : jit(std::move(jit)) {}

JitProgram::~JitProgram() = default;

FailureOr<std::unique_ptr<JitProgram>>
JitProgram::create(std::vector<ObjectCode> objects,
                   const llvm::orc::JITTargetMachineBuilder &target,
                   ArrayRef<std::string> libraries,
                   const llvm::StringMap<void *> &overrides,
                   std::string &error) {
  llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>> jit =
      llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(target).create();
  if (!jit) {
    error = "cannot start the JIT: " + llvm::toString(jit.takeError());
    return failure();
  }
  llvm::orc::JITDylib &dylib = (*jit)->getMainJITDylib();
  char prefix = (*jit)->getDataLayout().getGlobalPrefix();
  // The programs allocate from the runtime's buffer cache, which keeps
  // freed large blocks for the next call (BufferCache.h), and Executable
  // frees their results into it. Bound here, not searched for: a search of
  // loaded libraries may find another malloc first (libc's beside a
  // sanitizer's; the sanitizer build once freed glibc blocks with
  // AddressSanitizer's free and aborted).
  llvm::StringMap<void *> symbolsToBind = {
      {"malloc", reinterpret_cast<void *>(&cachedMalloc)},
      {"free", reinterpret_cast<void *>(&cachedFree)},
      {"calloc", reinterpret_cast<void *>(&cachedCalloc)},
      {"realloc", reinterpret_cast<void *>(&cachedRealloc)},
      {"aligned_alloc", reinterpret_cast<void *>(&cachedAlignedAlloc)},
  };
  for (const auto &entry : overrides)
    symbolsToBind[entry.getKey()] = entry.getValue();
  llvm::orc::SymbolMap symbols;
  for (const auto &entry : symbolsToBind)
    symbols[(*jit)->mangleAndIntern(entry.getKey())] = {
        llvm::orc::ExecutorAddr::fromPtr(entry.getValue()),
        llvm::JITSymbolFlags::Exported};
  if (llvm::Error e = dylib.define(llvm::orc::absoluteSymbols(symbols))) {
    error = llvm::toString(std::move(e));
    return failure();
  }
  for (const std::string &library : libraries) {
    auto generator =
        llvm::orc::DynamicLibrarySearchGenerator::Load(library.c_str(), prefix);
    if (!generator) {
      error = "cannot load '" + library +
              "': " + llvm::toString(generator.takeError());
      return failure();
    }
    dylib.addGenerator(std::move(*generator));
  }
  // Vector transcendentals call glibc's libmvec (tenferro-math-to-libmvec),
  // which the process need not have loaded. Where there is none (not
  // glibc), code that needs it fails to link, naming the symbol.
  if (auto libmvec = llvm::orc::DynamicLibrarySearchGenerator::Load(
          "libmvec.so.1", prefix))
    dylib.addGenerator(std::move(*libmvec));
  else
    llvm::consumeError(libmvec.takeError());
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process) {
    error = llvm::toString(process.takeError());
    return failure();
  }
  dylib.addGenerator(std::move(*process));
  for (auto [i, object] : llvm::enumerate(objects)) {
    std::unique_ptr<llvm::MemoryBuffer> buffer =
        llvm::MemoryBuffer::getMemBufferCopy(
            StringRef(object.data(), object.size()),
            "tenferro-partition" + std::to_string(i) + ".o");
    if (llvm::Error e = (*jit)->addObjectFile(std::move(buffer))) {
      error =
          "cannot add object code to the JIT: " + llvm::toString(std::move(e));
      return failure();
    }
  }
  return std::unique_ptr<JitProgram>(new JitProgram(std::move(*jit)));
}

FailureOr<void *> JitProgram::lookup(StringRef symbol, std::string &error) {
  llvm::Expected<llvm::orc::ExecutorAddr> address = jit->lookup(symbol);
  if (!address) {
    error = llvm::toString(address.takeError());
    return failure();
  }
  return address->toPtr<void *>();
}
