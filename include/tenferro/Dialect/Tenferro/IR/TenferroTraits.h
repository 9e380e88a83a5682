//===- TenferroTraits.h - execution classes of tenferro ops -----*- C++ -*-===//
//
// The single place where an op's execution class (docs/semantics.md §2.3)
// and its elementwise fusability (§11.3) are decided. Every pass queries
// these functions; none re-derives the classification from op names.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_TENFERROTRAITS_H
#define TENFERRO_DIALECT_TENFERRO_IR_TENFERROTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::tenferro {
namespace OpTrait {
template <typename ConcreteType>
class HostOp : public ::mlir::OpTrait::TraitBase<ConcreteType, HostOp> {};
template <typename ConcreteType>
class FFIOp : public ::mlir::OpTrait::TraitBase<ConcreteType, FFIOp> {};
template <typename ConcreteType>
class BackendOp : public ::mlir::OpTrait::TraitBase<ConcreteType, BackendOp> {};
template <typename ConcreteType>
class ElementwiseOp
    : public ::mlir::OpTrait::TraitBase<ConcreteType, ElementwiseOp> {};
template <typename ConcreteType>
class ElementwiseFusable
    : public ::mlir::OpTrait::TraitBase<ConcreteType, ElementwiseFusable> {};
} // namespace OpTrait

/// How the tenferro runtime dispatches an instruction. `Foreign` is any op
/// that is not a tenferro instruction (another dialect's op inside a
/// program); segmentation treats it as a boundary like host and FFI ops.
enum class ExecClass { Host, FFI, Backend, Foreign };

/// The execution class of `op`.
ExecClass getExecClass(Operation *op);

/// True for the elementwise instructions (add ... pow, compare, select,
/// clamp): each result element depends only on the operand elements at the
/// same broadcast position.
bool isElementwiseOp(Operation *op);

/// True for ops with an ElementwiseFusionOp mapping (docs/semantics.md §11.3).
bool isElementwiseFusable(Operation *op);

/// Printable name of an execution class ("host", "ffi", "backend",
/// "foreign").
llvm::StringRef stringifyExecClass(ExecClass cls);

} // namespace mlir::tenferro

#endif // TENFERRO_DIALECT_TENFERRO_IR_TENFERROTRAITS_H
