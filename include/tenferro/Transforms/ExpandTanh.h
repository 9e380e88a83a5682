//===- ExpandTanh.h - f32 tanh as arith ops ---------------------*- C++ -*-===//
//
// The pattern of tenferro-expand-tanh, for compilers that want f32 tanh
// inlined in their own pattern sets (the pass's description in Passes.td
// gives the algorithm and its error bound).
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_TRANSFORMS_EXPANDTANH_H
#define TENFERRO_TRANSFORMS_EXPANDTANH_H

namespace mlir {
class RewritePatternSet;

namespace tenferro {

/// Adds the pattern that rewrites math.tanh on f32 and vectors of f32 into
/// arith ops, math.absf and math.copysign (within 1.07 ulps).
void populateExpandTanhPatterns(RewritePatternSet &patterns);

} // namespace tenferro
} // namespace mlir

#endif // TENFERRO_TRANSFORMS_EXPANDTANH_H
