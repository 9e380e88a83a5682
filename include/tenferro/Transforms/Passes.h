//===- Passes.h - tenferro passes on upstream IR ----------------*- C++ -*-===//

#ifndef TENFERRO_TRANSFORMS_PASSES_H
#define TENFERRO_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tenferro {

#define GEN_PASS_DECL
#include "tenferro/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tenferro/Transforms/Passes.h.inc"

} // namespace mlir::tenferro

#endif // TENFERRO_TRANSFORMS_PASSES_H
