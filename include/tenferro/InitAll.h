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

/// Registers every tenferro pass with the global pass registry.
void registerAllPasses();

/// Registers the tenferro pass pipelines (e.g. `tenferro-lower-to-llvm`).
void registerAllPipelines();

} // namespace tenferro
} // namespace mlir

#endif // TENFERRO_INITALL_H
