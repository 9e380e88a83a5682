//===- Programs.h - which functions are tenferro programs -------*- C++ -*-===//
//
// A module may hold programs (ExecPrograms, whose tensors the lowering makes
// column-major and whose symbols it renames) next to driver code (e.g. a
// test's @main, which holds logical tensors and calls programs). Every pass
// and tool that needs the distinction asks these functions, so that the
// conversion, the symbol renaming and tenferro-runner never disagree
// (docs/abi.md, "Programs" and "Symbol names").
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_PROGRAMS_H
#define TENFERRO_DIALECT_TENFERRO_IR_PROGRAMS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::tenferro {

/// Whether `func` holds a tenferro instruction (at any depth).
bool holdsTenferroInstruction(func::FuncOp func);

/// Whether `func`'s signature is one of a program: at least one argument or
/// result, and every argument and result a ranked tensor of a tenferro
/// element type.
bool hasProgramSignature(func::FuncOp func);

/// The programs among the `func.func`s directly in `module`, in module
/// order. A function with a body is a program when it holds a tenferro
/// instruction, or when it has a program signature and is not called from
/// driver code; every other function with a body is driver code. The
/// decision does not depend on symbol names.
SmallVector<func::FuncOp> findPrograms(ModuleOp module);

/// The symbol program `@name` is compiled to: `tenferro_<name>` when `name`
/// is a C identifier that does not start with `ext_` (the prefix of
/// extension symbols), otherwise `tenferro_0` followed by `name` with `_`
/// written as `__` and every byte that is neither an ASCII letter, a digit
/// nor `_` written as `_` and two lowercase hex digits. Injective, always a
/// C identifier, and never an extension symbol (`tenferro_ext_...`).
std::string programSymbolName(StringRef name);

/// The function an extension of family `familyId` calls:
/// `tenferro_ext_` and the family id with every byte that is not an ASCII
/// letter or digit replaced by `_` (docs/abi.md, "Extensions").
std::string extensionSymbolName(StringRef familyId);

} // namespace mlir::tenferro

#endif // TENFERRO_DIALECT_TENFERRO_IR_PROGRAMS_H
