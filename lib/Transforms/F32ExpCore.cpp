//===- F32ExpCore.cpp - building blocks of the inline f32 exp -------------===//

#include "F32ExpCore.h"

#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tenferro;

namespace {
/// (exp(r) - 1 - r) / r^2 on |r| <= ln(2) / 2: minimax fit (2^-28
/// relative), lowest degree first.
constexpr float kExpCoefficients[] = {
    0.49999993337902066f, 0.16666519004510844f, 0.04166840721030647f,
    0.008368913803072517f, 0.0013814189602374734f};
/// ln 2 in two parts: the first has 9 significant bits, so n * kLn2High is
/// exact for |n| < 2^15 (here |n| <= 150).
constexpr float kLn2High = 0.693359375f;
constexpr float kLn2Low = -2.12194440e-4f;
constexpr float kLog2E = 1.44269504088896341f;
/// Adding and subtracting 1.5 * 2^23 rounds a float below 2^22 to the
/// nearest integer, ties to even, with no instruction-set requirement
/// (unlike roundeven, which needs SSE4.1 on x86).
constexpr float kRoundingShift = 12582912.0f;
} // namespace

Value F32ExpCore::constant(float v) {
  TypedAttr attr = b.getF32FloatAttr(v);
  if (shape)
    attr = DenseElementsAttr::get(shape, attr);
  return arith::ConstantOp::create(b, loc, attr);
}

Type F32ExpCore::intType() {
  Type i32 = b.getI32Type();
  return shape ? Type(shape.clone(i32)) : i32;
}

Value F32ExpCore::intConstant(int32_t v) {
  TypedAttr attr = b.getI32IntegerAttr(v);
  if (shape)
    attr = DenseElementsAttr::get(cast<ShapedType>(intType()), attr);
  return arith::ConstantOp::create(b, loc, attr);
}

Value F32ExpCore::mul(Value a, Value c) {
  return arith::MulFOp::create(b, loc, a, c);
}
Value F32ExpCore::add(Value a, Value c) {
  return arith::AddFOp::create(b, loc, a, c);
}
Value F32ExpCore::sub(Value a, Value c) {
  return arith::SubFOp::create(b, loc, a, c);
}

Value F32ExpCore::mulAdd(Value a, Value c, Value d) {
  if (fma)
    return math::FmaOp::create(b, loc, a, c, d);
  Value product = mul(a, c);
  return add(product, d);
}

Value F32ExpCore::selectIf(arith::CmpFPredicate predicate, Value a, Value c) {
  Value holds = arith::CmpFOp::create(b, loc, predicate, a, c);
  return arith::SelectOp::create(b, loc, holds, a, c);
}

Value F32ExpCore::horner(ArrayRef<float> coefficients, Value x) {
  Value p = constant(coefficients.back());
  for (float c : llvm::reverse(coefficients.drop_back())) {
    Value cv = constant(c);
    p = mulAdd(p, x, cv);
  }
  return p;
}

F32ExpCore::Reduced F32ExpCore::reduce(Value y) {
  // n = round(y / ln 2), r = y - n ln 2 in two steps.
  Value log2e = constant(kLog2E);
  Value shift = constant(kRoundingShift);
  Value shifted = mulAdd(y, log2e, shift);
  Value n = sub(shifted, shift);
  Value r;
  if (fma) {
    // Exact products are fused with the same result; n * kLn2Low rounds
    // once less.
    Value minusLn2High = constant(-kLn2High);
    Value minusLn2Low = constant(-kLn2Low);
    Value high = mulAdd(n, minusLn2High, y);
    r = mulAdd(n, minusLn2Low, high);
  } else {
    Value ln2High = constant(kLn2High);
    Value ln2Low = constant(kLn2Low);
    Value nHigh = mul(n, ln2High);
    Value nLow = mul(n, ln2Low);
    r = sub(sub(y, nHigh), nLow);
  }
  // exp(r) = 1 + (r + r^2 Q(r)).
  Value q = horner(kExpCoefficients, r);
  Value rr = mul(r, r);
  Value one = constant(1.0f);
  Value qrr = mulAdd(q, rr, r);
  Value e = add(qrr, one);
  return {n, e};
}
