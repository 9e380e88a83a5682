//===- Programs.cpp - which functions are tenferro programs ---------------===//

#include "tenferro/Dialect/Tenferro/IR/Programs.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"
#include "tenferro/Dialect/Tenferro/IR/TypeInference.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tenferro;

bool mlir::tenferro::holdsTenferroInstruction(func::FuncOp func) {
  return func
      .walk([](Operation *op) {
        return isa_and_nonnull<TenferroDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

static bool isTenferroTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return false;
  Type e = tensor.getElementType();
  return isBoolDType(e) || isIntDType(e) || isFloatDType(e) ||
         isComplexDType(e);
}

bool mlir::tenferro::hasProgramSignature(func::FuncOp func) {
  FunctionType type = func.getFunctionType();
  // Nothing in, nothing out: a driver's @main, not an ExecProgram.
  if (type.getNumInputs() + type.getNumResults() == 0)
    return false;
  return llvm::all_of(type.getInputs(), isTenferroTensor) &&
         llvm::all_of(type.getResults(), isTenferroTensor);
}

SmallVector<func::FuncOp> mlir::tenferro::findPrograms(ModuleOp module) {
  // Functions without tenferro instructions but with a program signature
  // are programs unless driver code calls them: a driver's helpers (say,
  // one printing a tensor) take logical tensors. Driver code is found from
  // the functions that cannot be programs, following their calls; what is
  // left undecided at the end is a program.
  SmallVector<func::FuncOp> withBody;
  llvm::DenseSet<Operation *> withInstructions, instructionFree;
  SmallVector<func::FuncOp> driverWorklist;
  for (func::FuncOp func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    withBody.push_back(func);
    if (holdsTenferroInstruction(func))
      withInstructions.insert(func);
    else if (hasProgramSignature(func))
      instructionFree.insert(func);
    else
      driverWorklist.push_back(func);
  }
  if (!instructionFree.empty() && !driverWorklist.empty()) {
    SymbolTable symbols(module);
    while (!driverWorklist.empty()) {
      func::FuncOp driver = driverWorklist.pop_back_val();
      driver.walk([&](func::CallOp call) {
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (callee && instructionFree.erase(callee))
          driverWorklist.push_back(callee);
      });
    }
  }

  SmallVector<func::FuncOp> programs;
  for (func::FuncOp func : withBody)
    if (withInstructions.contains(func) || instructionFree.contains(func))
      programs.push_back(func);
  return programs;
}

static bool isCIdentifier(StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

std::string mlir::tenferro::programSymbolName(StringRef name) {
  // Most names are C identifiers: keep them readable.
  if (isCIdentifier(name) && !name.starts_with("ext_"))
    return ("tenferro_" + name).str();
  // The rest is escaped after a digit, which no identifier starts with, so
  // the two forms cannot meet; `__` and `_hh` decode unambiguously.
  std::string symbol = "tenferro_0";
  for (char c : name) {
    if (llvm::isAlnum(c)) {
      symbol += c;
    } else if (c == '_') {
      symbol += "__";
    } else {
      auto byte = static_cast<unsigned char>(c);
      symbol += '_';
      symbol += llvm::hexdigit(byte >> 4, /*LowerCase=*/true);
      symbol += llvm::hexdigit(byte & 15, /*LowerCase=*/true);
    }
  }
  return symbol;
}

std::string mlir::tenferro::extensionSymbolName(StringRef familyId) {
  std::string symbol = "tenferro_ext_";
  for (char c : familyId)
    symbol += llvm::isAlnum(c) ? c : '_';
  return symbol;
}
