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

/// Which expansion, as tenferro-expand-tanh's options of the same names.
struct ExpandTanhOptions {
  /// One expression for every input, E / (E + 2) with E = expm1(2|x|):
  /// fewer instructions, a larger bound (docs/semantics.md).
  bool expm1 = false;
  /// Fuse the products that feed a sum into math.fma (other bits).
  bool fma = false;
};

/// Adds the pattern that rewrites math.tanh on f32 and vectors of f32 into
/// arith ops, math.absf and math.copysign (and math.fma with `fma`).
void populateExpandTanhPatterns(RewritePatternSet &patterns,
                                ExpandTanhOptions options = {});

} // namespace tenferro
} // namespace mlir

#endif // TENFERRO_TRANSFORMS_EXPANDTANH_H
