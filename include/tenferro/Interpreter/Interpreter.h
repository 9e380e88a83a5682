//===- Interpreter.h - the reference interpreter of tenferro ----*- C++ -*-===//
//
// Evaluates a tenferro program one instruction at a time on host tensors,
// with tenferro's semantics (column-major data, dtype promotion,
// right-aligned broadcasting, run-time DimExprs and shape guards),
// independently of the lowering. It is the oracle of the differential
// tests and `tenferro-runner --reference`.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_INTERPRETER_INTERPRETER_H
#define TENFERRO_INTERPRETER_INTERPRETER_H

#include "tenferro/Runtime/HostTensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>
#include <vector>

namespace mlir::tenferro::host {

/// Runs `program` on `inputs`. On failure (an instruction the interpreter
/// cannot evaluate, a violated shape guard, a failing DimExpr or run-time
/// check) returns failure and sets `error` to a message naming the
/// instruction.
FailureOr<std::vector<HostTensor>> interpret(func::FuncOp program,
                                             ArrayRef<HostTensor> inputs,
                                             std::string &error);

} // namespace mlir::tenferro::host

#endif // TENFERRO_INTERPRETER_INTERPRETER_H
