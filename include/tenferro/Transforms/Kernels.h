//===- Kernels.h - kernel functions of outlined programs --------*- C++ -*-===//
//
// How tenferro-outline-kernels and tenferro-split-dispatchers mark the
// functions they create, for the passes and tools that treat kernels apart
// from programs (deduplication, tenferro-runner's kernel counts, call
// argument trimming, partitioning).
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_TRANSFORMS_KERNELS_H
#define TENFERRO_TRANSFORMS_KERNELS_H

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"

namespace mlir::tenferro {

/// Whether `function` is a kernel outlined from a program.
inline bool isKernel(Operation *function) {
  return function->hasAttr(TenferroDialect::kKernelAttrName);
}

/// Keeps `function` an out-of-line internal function: internal linkage
/// once in the LLVM dialect, and never inlined into its callers (the point
/// of outlining is that LLVM optimizes and compiles each function on its
/// own).
inline void keepOutOfLine(func::FuncOp function) {
  MLIRContext *context = function.getContext();
  // `passthrough` is what convert-func-to-llvm carries over to the
  // llvm.func (it drops `no_inline`).
  function->setAttr(
      "passthrough",
      ArrayAttr::get(context, StringAttr::get(context, "noinline")));
  function->setAttr("llvm.linkage",
                    LLVM::LinkageAttr::get(context, LLVM::Linkage::Internal));
}

/// Whether a symbol of `linkage` is local to its module (internal or
/// private): kernels and dispatcher parts are, and only local functions
/// may have their signatures changed or be moved between partitions as
/// their callers need.
inline bool isLocalLinkage(LLVM::Linkage linkage) {
  return linkage == LLVM::Linkage::Internal ||
         linkage == LLVM::Linkage::Private;
}

/// Marks `function` as a kernel, out of line.
inline void markKernel(func::FuncOp function) {
  keepOutOfLine(function);
  function->setAttr(TenferroDialect::kKernelAttrName,
                    UnitAttr::get(function.getContext()));
}

} // namespace mlir::tenferro

#endif // TENFERRO_TRANSFORMS_KERNELS_H
