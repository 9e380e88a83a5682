//===- ExpCore.h - building blocks of the inline exp ------------*- C++ -*-===//
//
// The arith ops that tenferro-expand-exp and tenferro-expand-tanh share:
// floating-point constants, Horner's rule and the reduction of exp(y) to
// 2^n exp(r), for f32 and f64 (scalars or vectors). Every op is
// IEEE-rounded, so the bits do not depend on the target; with `fma`,
// products that feed an addition are fused (math.fma), fewer instructions
// on targets with FMA and other bits.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_TRANSFORMS_EXPCORE_H
#define TENFERRO_LIB_TRANSFORMS_EXPCORE_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::tenferro {

/// Builds f32 or f64 arithmetic (the element type of `type`) on scalars or
/// on vectors of `type`'s shape; integers are as wide as the floats. Each
/// op is created in its own statement, so the order of the IR does not
/// depend on the order in which the C++ compiler evaluates arguments.
class ExpCore {
public:
  ExpCore(OpBuilder &b, Location loc, Type type, bool fma = false);

  /// A constant of the float type; `v` must be exact in it.
  Value constant(double v);
  /// An integer constant as wide as the floats (i32 or i64, or vectors).
  Value intConstant(int64_t v);
  Type intType();
  Value mul(Value a, Value c);
  Value add(Value a, Value c);
  Value sub(Value a, Value c);
  /// a * c + d: one math.fma with `fma`, else a product and a sum.
  Value mulAdd(Value a, Value c, Value d);
  /// `predicate(a, c) ? a : c`.
  Value selectIf(arith::CmpFPredicate predicate, Value a, Value c);
  /// Horner's rule, `coefficients` lowest degree first.
  template <typename T>
  Value horner(ArrayRef<T> coefficients, Value x) {
    Value p = constant(coefficients.back());
    for (T c : llvm::reverse(coefficients.drop_back())) {
      Value cv = constant(c);
      p = mulAdd(p, x, cv);
    }
    return p;
  }

  /// exp(y) = 2^n * e for |y| below 2^21 / log2(e): `n` = round(y / ln 2)
  /// (an integral float) and `e` = exp(y - n ln 2) in [0.70, 1.42].
  /// - f32: the reduced argument formed with a two-part ln 2
  ///   (Cody-Waite) and its exponential by a degree-6 polynomial (2^-28
  ///   relative).
  /// - f64: a three-part ln 2 whose first two parts times n are exact, the
  ///   reduced argument kept as a sum r + c whose correction c holds the
  ///   rounding error of r, and exp(r + c) by a degree-12 polynomial in r
  ///   (2^-61 relative) plus c.
  struct Reduced {
    Value n;
    Value e;
  };
  Reduced reduce(Value y);

  /// f32 only: y = n ln 2 + r for |y| below 2^15 ln 2, with `n` =
  /// round(y / ln 2) (an integral float), `shifted` = n + 1.5 * 2^23 (the
  /// rounding addition, whose bits give 2^n: powerOfTwo) and `r` in
  /// [-0.347, 0.347], formed with a two-part ln 2 (Cody-Waite). With
  /// `oneStep` and `fma`, r = fma(n, -ln 2, y) with ln 2 rounded to f32
  /// instead, one instruction fewer: r is then within |n| 2^-28 of
  /// y - n ln 2, for callers whose result does not feel that error where n
  /// is large.
  ///
  /// With `log2Scale` = k, the argument reduced is 2^k y rather than y
  /// (2^k y = n ln 2 + 2^k r) and `r` is (2^k y - n ln 2) / 2^k, from the
  /// constants log2(e) 2^k and ln 2 / 2^k: every op is the unscaled one's
  /// scaled by a power of two, so n is the same and r the same bits times
  /// 2^-k, without the instruction that would form 2^k y.
  struct Reduction {
    Value n;
    Value shifted;
    Value r;
  };
  Reduction reduceArgumentF32(Value y, bool oneStep = false, int log2Scale = 0);

  /// 2^n, exactly, from `shifted` = n + 1.5 * 2^23 (f64: 1.5 * 2^52) for an
  /// integral n in the normal exponent range, by integer ops only.
  Value powerOfTwo(Value shifted);

  /// e * 2^n for an integral float n in [-150, 128] (f64: [-1077, 1024])
  /// and e in [0.70, 1.42], rounded once: the product of e and two normal
  /// powers of two, 2^h with h = round(n / 2) and 2^(n - h), so that the
  /// first product is exact and the second rounds to a subnormal, zero or
  /// infinity where the result leaves the normal range. The powers' bits
  /// come from the rounding addition, with integer additions and left
  /// shifts only (no float-to-integer conversion, which AVX2 lacks for
  /// 64-bit lanes, nor an arithmetic shift of 64-bit lanes). With
  /// `avx512`, 1-D vectors whose length is a multiple of 512 bits are
  /// scaled by AVX-512F's vscalef instead (one instruction per 512 bits
  /// for the ten above), which rounds e * 2^n once as well: the same bits.
  Value scale(Value e, Value n, bool avx512 = false);

private:
  Value roundingShift();
  /// The exponent bias and the mantissa width, as integer constants.
  std::pair<Value, Value> exponentConstants();
  Value powerOfTwo(Value shifted, Value bias, Value mantissaBits);

  Reduced reduceF32(Value y);
  Reduced reduceF64(Value y);

  OpBuilder &b;
  Location loc;
  VectorType shape;
  FloatType element;
  bool fma;
};

} // namespace mlir::tenferro

#endif // TENFERRO_LIB_TRANSFORMS_EXPCORE_H
