//===- Passes.h - tenferro conversion passes --------------------*- C++ -*-===//

#ifndef TENFERRO_CONVERSION_PASSES_H
#define TENFERRO_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tenferro {

#define GEN_PASS_DECL
#include "tenferro/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tenferro/Conversion/Passes.h.inc"

} // namespace mlir::tenferro

#endif // TENFERRO_CONVERSION_PASSES_H
