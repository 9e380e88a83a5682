//===- ExpCore.cpp - building blocks of the inline exp --------------------===//

#include "ExpCore.h"

#include "AVX512Parts.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tenferro;

namespace {
/// f32: (exp(r) - 1 - r) / r^2 on |r| <= ln(2) / 2: minimax fit (2^-28
/// relative), lowest degree first.
constexpr float kF32ExpCoefficients[] = {
    0.49999993337902066f, 0.16666519004510844f, 0.04166840721030647f,
    0.008368913803072517f, 0.0013814189602374734f};
/// ln 2 in two parts: the first has 9 significant bits, so n * kLn2High is
/// exact for |n| < 2^15 (here |n| <= 150).
constexpr float kF32Ln2High = 0.693359375f;
constexpr float kF32Ln2Low = -2.12194440e-4f;
/// ln 2 rounded to f32 (2^-28 relative below ln 2).
constexpr float kF32Ln2 = 0.693147180559945309f;
constexpr float kF32Log2E = 1.44269504088896341f;
/// Adding and subtracting 1.5 * 2^23 rounds a float below 2^22 to the
/// nearest integer, ties to even, with no instruction-set requirement
/// (unlike roundeven, which needs SSE4.1 on x86).
constexpr float kF32RoundingShift = 12582912.0f;

/// f64: (exp(r) - 1 - r) / r^2 on |r| <= 0.35 (ln(2) / 2 = 0.3466 and the
/// rounding of n): Chebyshev fit of degree 10 (2^-61 relative on exp(r)
/// with the coefficients rounded to f64), lowest degree first.
constexpr double kF64ExpCoefficients[] = {0.5,
                                          0.1666666666666667,
                                          0.04166666666666667,
                                          0.008333333333325551,
                                          0.0013888888888883332,
                                          0.00019841269876840357,
                                          2.480158732699005e-05,
                                          2.755725286336732e-06,
                                          2.755727183153613e-07,
                                          2.5106262550879078e-08,
                                          2.0915433598076003e-09};
/// ln 2 in three parts: the first two have 32 significant bits, so n times
/// either is exact for |n| < 2^21 (here |n| <= 1077); the sum is ln 2
/// within 2^-122.
constexpr double kF64Ln2Part1 = 0.6931471806019545;
constexpr double kF64Ln2Part2 = -4.200915072890502e-11;
constexpr double kF64Ln2Part3 = 2.0941744292700725e-21;
constexpr double kF64Log2E = 1.4426950408889634;
/// 1.5 * 2^52, as kF32RoundingShift: rounds a double below 2^51.
constexpr double kF64RoundingShift = 6755399441055744.0;
} // namespace

ExpCore::ExpCore(OpBuilder &b, Location loc, Type type, bool fma)
    : b(b), loc(loc), shape(dyn_cast<VectorType>(type)),
      element(cast<FloatType>(getElementTypeOrSelf(type))), fma(fma) {
  assert((element.isF32() || element.isF64()) && "f32 or f64 only");
}

Value ExpCore::constant(double v) {
  TypedAttr attr = b.getFloatAttr(element, v);
  if (shape)
    attr = DenseElementsAttr::get(shape, attr);
  return arith::ConstantOp::create(b, loc, attr);
}

Type ExpCore::intType() {
  Type integer = b.getIntegerType(element.getWidth());
  return shape ? Type(shape.clone(integer)) : integer;
}

Value ExpCore::intConstant(int64_t v) {
  TypedAttr attr = b.getIntegerAttr(getElementTypeOrSelf(intType()), v);
  if (shape)
    attr = DenseElementsAttr::get(cast<ShapedType>(intType()), attr);
  return arith::ConstantOp::create(b, loc, attr);
}

Value ExpCore::mul(Value a, Value c) {
  return arith::MulFOp::create(b, loc, a, c);
}
Value ExpCore::add(Value a, Value c) {
  return arith::AddFOp::create(b, loc, a, c);
}
Value ExpCore::sub(Value a, Value c) {
  return arith::SubFOp::create(b, loc, a, c);
}

Value ExpCore::mulAdd(Value a, Value c, Value d) {
  if (fma)
    return math::FmaOp::create(b, loc, a, c, d);
  Value product = mul(a, c);
  return add(product, d);
}

Value ExpCore::selectIf(arith::CmpFPredicate predicate, Value a, Value c) {
  Value holds = arith::CmpFOp::create(b, loc, predicate, a, c);
  return arith::SelectOp::create(b, loc, holds, a, c);
}

Value ExpCore::roundingShift() {
  return constant(element.isF32() ? double(kF32RoundingShift)
                                  : kF64RoundingShift);
}

/// e * 2^n by vscalef on each 512-bit part of 1-D vectors (null for other
/// types): e * 2^floor(n), rounded once as the instruction set's current
/// rounding mode says (to nearest), subnormal results included.
static Value scaleWithScalef(OpBuilder &b, Location loc, Value e, Value n) {
  if (!avx512Lanes(e.getType()))
    return nullptr;
  auto type = cast<VectorType>(e.getType());
  bool isF32 = type.getElementType().isF32();
  auto part = VectorType::get({avx512Lanes(type)}, type.getElementType());
  StringAttr intrinsic =
      b.getStringAttr(isF32 ? "llvm.x86.avx512.mask.scalef.ps.512"
                            : "llvm.x86.avx512.mask.scalef.pd.512");
  Value allLanes = LLVM::ConstantOp::create(
      b, loc, isF32 ? b.getI16Type() : b.getI8Type(), -1);
  // _MM_FROUND_CUR_DIRECTION.
  Value rounding = LLVM::ConstantOp::create(b, loc, b.getI32Type(), 4);
  Value passthrough = LLVM::PoisonOp::create(b, loc, part);
  return mapAVX512Parts(b, loc, e, n, [&](Value es, Value ns) {
    return LLVM::CallIntrinsicOp::create(
               b, loc, part, intrinsic,
               ValueRange{es, ns, passthrough, allLanes, rounding})
        .getResult(0);
  });
}

Value ExpCore::scale(Value e, Value n, bool avx512) {
  if (avx512)
    if (Value scaled = scaleWithScalef(b, loc, e, n))
      return scaled;
  Value shift = roundingShift();
  auto [bias, mantissaBits] = exponentConstants();
  Value halfValue = constant(0.5);
  Value halfShifted = mulAdd(n, halfValue, shift);
  Value half = sub(halfShifted, shift);
  Value rest = sub(n, half);
  Value restShifted = add(rest, shift);
  Value partial = mul(e, powerOfTwo(halfShifted, bias, mantissaBits));
  return mul(partial, powerOfTwo(restShifted, bias, mantissaBits));
}

std::pair<Value, Value> ExpCore::exponentConstants() {
  Value bias = intConstant(element.isF32() ? 127 : 1023);
  Value mantissaBits = intConstant(element.isF32() ? 23 : 52);
  return {bias, mantissaBits};
}

Value ExpCore::powerOfTwo(Value shifted) {
  auto [bias, mantissaBits] = exponentConstants();
  return powerOfTwo(shifted, bias, mantissaBits);
}

Value ExpCore::powerOfTwo(Value shifted, Value bias, Value mantissaBits) {
  // round(x) + shift has the bits of shift plus round(x) (its unit in the
  // last place is 1), and shift's low exponent-width bits are zero: adding
  // the bias and shifting by the mantissa width gives the bits of
  // 2^round(x).
  Value bits = arith::BitcastOp::create(b, loc, intType(), shifted);
  Value biased = arith::AddIOp::create(b, loc, bits, bias);
  Value exponent = arith::ShLIOp::create(b, loc, biased, mantissaBits);
  return arith::BitcastOp::create(b, loc, shifted.getType(), exponent);
}

ExpCore::Reduced ExpCore::reduce(Value y) {
  return element.isF32() ? reduceF32(y) : reduceF64(y);
}

ExpCore::Reduction ExpCore::reduceArgumentF32(Value y, bool oneStep,
                                              int log2Scale) {
  // n = round(2^k y / ln 2), r = y - n (ln 2 / 2^k) in two steps. The
  // scalings by 2^k are exact (the constants are far from the ends of the
  // exponent range).
  double scale = std::ldexp(1.0, log2Scale);
  Value log2e = constant(double(kF32Log2E) * scale);
  Value shift = constant(kF32RoundingShift);
  Value shifted = mulAdd(y, log2e, shift);
  Value n = sub(shifted, shift);
  Value r;
  if (fma && oneStep) {
    Value minusLn2 = constant(-double(kF32Ln2) / scale);
    r = mulAdd(n, minusLn2, y);
  } else if (fma) {
    // Exact products are fused with the same result; n * kLn2Low rounds
    // once less.
    Value minusLn2High = constant(-double(kF32Ln2High) / scale);
    Value minusLn2Low = constant(-double(kF32Ln2Low) / scale);
    Value high = mulAdd(n, minusLn2High, y);
    r = mulAdd(n, minusLn2Low, high);
  } else {
    Value ln2High = constant(double(kF32Ln2High) / scale);
    Value ln2Low = constant(double(kF32Ln2Low) / scale);
    Value nHigh = mul(n, ln2High);
    Value nLow = mul(n, ln2Low);
    r = sub(sub(y, nHigh), nLow);
  }
  return {n, shifted, r};
}

ExpCore::Reduced ExpCore::reduceF32(Value y) {
  Reduction reduction = reduceArgumentF32(y);
  Value r = reduction.r;
  // exp(r) = 1 + (r + r^2 Q(r)).
  Value q = horner(ArrayRef(kF32ExpCoefficients), r);
  Value rr = mul(r, r);
  Value one = constant(1.0);
  Value qrr = mulAdd(q, rr, r);
  Value e = add(qrr, one);
  return {reduction.n, e};
}

ExpCore::Reduced ExpCore::reduceF64(Value y) {
  Value log2e = constant(kF64Log2E);
  Value shift = constant(kF64RoundingShift);
  Value shifted = mulAdd(y, log2e, shift);
  Value n = sub(shifted, shift);
  // y - n * part1 is exact (the product is, and y is within a factor of two
  // of it unless n = 0), and so is n * part2.
  Value minusPart1 = constant(-kF64Ln2Part1);
  Value high = mulAdd(n, minusPart1, y);
  Value part2 = constant(kF64Ln2Part2);
  Value nPart2 = mul(n, part2);
  Value r = sub(high, nPart2);
  // What r lost to rounding, exactly where |high| >= |n * part2| (Fast2Sum);
  // elsewhere |r| < 2^-23 and the loss is below 2^-76. Then the third part.
  Value kept = sub(high, r);
  Value lost = sub(kept, nPart2);
  Value minusPart3 = constant(-kF64Ln2Part3);
  Value c = mulAdd(n, minusPart3, lost);
  // exp(r + c) = exp(r) (1 + c) = 1 + (r + (r^2 Q(r) + c (1 + r))), to
  // within c^2 (below 2^-108).
  Value q = horner(ArrayRef(kF64ExpCoefficients), r);
  Value rr = mul(r, r);
  Value cr = mulAdd(c, r, c);
  Value p = mulAdd(q, rr, cr);
  Value s = add(r, p);
  Value one = constant(1.0);
  Value e = add(s, one);
  return {n, e};
}
