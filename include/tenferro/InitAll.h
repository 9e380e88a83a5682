//===- InitAll.h - register everything tenferro provides --------*- C++ -*-===//
//
// Entry points shared by tenferro-opt, the mlir-opt plugin and embedders.
// Nothing registers itself statically; call these explicitly.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_INITALL_H
#define TENFERRO_INITALL_H

namespace mlir {
class DialectRegistry;
namespace tenferro {

/// Adds the tenferro dialect (and the dialects its passes produce) to
/// `registry`.
void registerAllDialects(DialectRegistry &registry);

/// Adds to `registry` every interface implementation and external model
/// that the tenferro pipelines rely on in upstream dialects: bufferization
/// of arith, cf, func, linalg, scf, tensor and vector ops, buffer
/// deallocation of arith, cf and scf ops, allocation of memref ops, and
/// value bounds of the affine, arith, linalg, memref, scf, tensor and
/// vector ops. With `registerAllDialects`, this is all that
/// `tenferro-lower-to-llvm` needs (tested by
/// unittests/Pipelines/RegistrationTest.cpp); translating the result to
/// LLVM IR also needs MLIR's LLVM IR translations.
void registerAllExtensions(DialectRegistry &registry);

/// Registers every tenferro pass with the global pass registry.
void registerAllPasses();

/// Registers the tenferro pass pipelines (e.g. `tenferro-lower-to-llvm`).
void registerAllPipelines();

} // namespace tenferro
} // namespace mlir

#endif // TENFERRO_INITALL_H
