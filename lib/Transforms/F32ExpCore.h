//===- F32ExpCore.h - building blocks of the inline f32 exp -----*- C++ -*-===//
//
// The arith ops that tenferro-expand-exp and tenferro-expand-tanh share: f32
// constants, Horner's rule and the reduction of exp(y) to 2^n exp(r). Every
// op is IEEE-rounded, so the bits do not depend on the target; with `fma`,
// products that feed an addition are fused (math.fma), fewer instructions
// on targets with FMA and other bits.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_TRANSFORMS_F32EXPCORE_H
#define TENFERRO_LIB_TRANSFORMS_F32EXPCORE_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::tenferro {

/// Builds f32 arithmetic on scalars or on vectors of `shape`'s shape. Each
/// op is created in its own statement, so the order of the IR does not
/// depend on the order in which the C++ compiler evaluates arguments.
class F32ExpCore {
public:
  F32ExpCore(OpBuilder &b, Location loc, Type type, bool fma = false)
      : b(b), loc(loc), shape(dyn_cast<VectorType>(type)), fma(fma) {}

  Value constant(float v);
  /// An i32 constant (vector of i32 for vectors).
  Value intConstant(int32_t v);
  Type intType();
  Value mul(Value a, Value c);
  Value add(Value a, Value c);
  Value sub(Value a, Value c);
  /// a * c + d: one math.fma with `fma`, else a product and a sum.
  Value mulAdd(Value a, Value c, Value d);
  /// `predicate(a, c) ? a : c`.
  Value selectIf(arith::CmpFPredicate predicate, Value a, Value c);
  /// Horner's rule, `coefficients` lowest degree first.
  Value horner(ArrayRef<float> coefficients, Value x);

  /// exp(y) = 2^n * e for |y| below 2^21 / log2(e): `n` = round(y / ln 2)
  /// (an integral f32) and `e` = exp(y - n ln 2) in [0.70, 1.42], the
  /// reduced argument formed with a two-part ln 2 (Cody-Waite) and the
  /// exponential of it by a degree-6 polynomial (2^-28 relative).
  struct Reduced {
    Value n;
    Value e;
  };
  Reduced reduce(Value y);

private:
  OpBuilder &b;
  Location loc;
  VectorType shape;
  bool fma;
};

} // namespace mlir::tenferro

#endif // TENFERRO_LIB_TRANSFORMS_F32EXPCORE_H
