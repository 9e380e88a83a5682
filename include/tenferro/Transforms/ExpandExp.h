//===- ExpandExp.h - f32 and f64 exp as arith ops ---------------*- C++ -*-===//
//
// The pattern of tenferro-expand-exp, for compilers that want exp
// inlined in their own pattern sets (the pass's description in Passes.td
// gives the algorithm and its error bound).
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_TRANSFORMS_EXPANDEXP_H
#define TENFERRO_TRANSFORMS_EXPANDEXP_H

namespace mlir {
class RewritePatternSet;

namespace tenferro {

/// Adds the pattern that rewrites math.exp on f32 and vectors of f32 into
/// arith ops (within 1 ulp; libm's special values), and with `f64` on f64
/// too (within 1 ulp). With `fma`, products that feed a sum are math.fma
/// ops: fewer instructions on targets with FMA (elsewhere a libm call
/// each), f32 within 1.01 ulps, other bits than without. With `avx512`, the
/// scaling by 2^n of vectors of 512-bit multiples is AVX-512F's vscalef
/// (the same bits; the code then needs AVX-512F). An f64 exp is expanded
/// only where its loop calls no other function, unless `f64BesideCalls`
/// (see the pass's description).
void populateExpandExpPatterns(RewritePatternSet &patterns, bool fma = false,
                               bool f64 = false, bool avx512 = false,
                               bool f64BesideCalls = false);

} // namespace tenferro
} // namespace mlir

#endif // TENFERRO_TRANSFORMS_EXPANDEXP_H
