//===- ExpandTanh.cpp - f32 tanh as arith ops -----------------------------===//
//
// math.tanh on f32 inlined, so that LLVM vectorizes it in the loop instead
// of calling libmvec: by default a polynomial near zero and
// 1 - 2 / (exp(2|x|) + 1) elsewhere (within 1.07 ulps); with `expm1`, one
// expression for every input, E / (E + 2) with E = expm1(2|x|) (fewer
// instructions, within 2.6 ulps). See Passes.td for the algorithms and
// their bounds.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/ExpandTanh.h"
#include "tenferro/Transforms/Passes.h"

#include "ExpCore.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

#include <cmath>
#include <iterator>

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROEXPANDTANHPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Below this |x| the polynomial, from it on the exp form. Both are within
/// 1.07 ulps on their side (the exp form's error grows towards zero, where
/// 2 / (exp(2|x|) + 1) is no longer small against the result).
constexpr float kPolynomialBound = 0.7f;
/// (tanh(a) - a) / a^3 as a polynomial in s = a^2 on [0, 0.7^2]: a
/// weighted minimax fit (error below 2^-26 relative to tanh), lowest
/// degree first.
constexpr float kTanhCoefficients[] = {
    -0.3333319660984846f, 0.1332924302797071f, -0.0535669840779612f,
    0.020111646915403514f, -0.005155104446989871f};
/// 2|x| beyond which tanh(x) rounds to 1 in f32 (from |x| = 9.01); keeps
/// 2^n within the exponent range. In the expm1 form, expm1(18.5) is above
/// 2^26, where adding 2 rounds to the same float, so the quotient is 1.
constexpr float kClamp = 18.5f;
/// (exp(r) - 1 - r) / r^2 on |r| <= 0.347 (ln(2) / 2 and the rounding of
/// n) for the expm1 form: a minimax fit of the relative error (1.25e-7),
/// with the constant term exact, lowest degree first. Relative, unlike the
/// exp expansion's fit of exp(r): near zero expm1(r) is about r, and its
/// error counts against r, not against 1.
constexpr float kExpm1Coefficients[] = {
    0.5f, 0.16666577756404877f, 0.04166685417294502f, 0.008363180793821812f,
    0.0013901259517297149f};

/// tanh(a) = E / (E + 2) with E = expm1(2a), for a = |x|:
/// 2a = n ln 2 + r, expm1(2a) = 2^n (expm1(r) + 1) - 1 = 2^n p + (2^n - 1)
/// with p = expm1(r) = r + r^2 Q(r). 2^n p is exact and 2^n - 1 is for n
/// up to 24 (beyond, 2a > 16.3, it rounds to 2^n, 2^-25 relative, which
/// E / (E + 2) shrinks far below an ulp), so E rounds once after p; near
/// zero (n = 0) E = p, whose error is relative to r. E / (E + 2) divides the
/// error of E by (E + 2) / 2 or more, so the largest errors are near zero: p,
/// the sum and the quotient each round once.
///
/// It is computed halved, as (E / 2) / (E / 2 + 1): every value is the one
/// above times a power of two, so the result has the same bits, and 2a is
/// never formed (one instruction fewer). The reduction takes a with
/// log2(e) 2 and ln 2 / 2 (r / 2 = a - n ln 2 / 2), and
/// p / 2 = r / 2 + (r / 2)^2 Q_h(r / 2) with Q_h(t) = 2 Q(2t), whose
/// coefficients are Q's times powers of two.
Value expandExpm1Form(tenferro::ExpCore &f, OpBuilder &b, Location loc,
                      Value a) {
  // A NaN stays NaN (the select keeps a unless a >= the clamp), and gives
  // NaN below.
  Value clampValue = f.constant(kClamp / 2);
  Value y = f.selectIf(arith::CmpFPredicate::ULT, a, clampValue);
  // With FMA, ln 2 in one part: r is exact for n = 0, and for n >= 1 its
  // error, below n 2^-28, moves E / (E + 2) by a few 2^-28 relative at
  // most (the quotient's sensitivity to E, 2 / (E + 2), falls as 2^-n):
  // hundredths of an ulp (the same 2.46 ulps over every f32 as the
  // two-part ln 2).
  tenferro::ExpCore::Reduction reduction =
      f.reduceArgumentF32(y, /*oneStep=*/true, /*log2Scale=*/1);
  Value halfR = reduction.r;
  // Q_h's coefficient of degree j is Q's times 2^(j + 1): exact.
  float halvedCoefficients[std::size(kExpm1Coefficients)];
  for (auto [j, c] : llvm::enumerate(kExpm1Coefficients))
    halvedCoefficients[j] = std::ldexp(c, int(j) + 1);
  Value q = f.horner(ArrayRef(halvedCoefficients), halfR);
  Value rr = f.mul(halfR, halfR);
  Value halfP = f.mulAdd(q, rr, halfR);
  Value power = f.powerOfTwo(reduction.shifted);
  // (2^n - 1) / 2 in one op, exact where 2^n - 1 is.
  Value half = f.constant(0.5f);
  Value minusHalf = f.constant(-0.5f);
  Value halfPowerMinusOne = f.mulAdd(power, half, minusHalf);
  Value halfE = f.mulAdd(power, halfP, halfPowerMinusOne);
  Value one = f.constant(1.0f);
  Value denominator = f.add(halfE, one);
  return arith::DivFOp::create(b, loc, halfE, denominator);
}

struct ExpandTanh : public OpRewritePattern<math::TanhOp> {
  ExpandTanh(MLIRContext *context, tenferro::ExpandTanhOptions options)
      : OpRewritePattern(context), options(options) {}
  tenferro::ExpandTanhOptions options;

  LogicalResult matchAndRewrite(math::TanhOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    tenferro::ExpCore f(rewriter, loc, type, options.fma);
    Value x = op.getOperand();
    if (options.expm1) {
      Value a = math::AbsFOp::create(rewriter, loc, x);
      Value magnitude = expandExpm1Form(f, rewriter, loc, a);
      rewriter.replaceOpWithNewOp<math::CopySignOp>(op, magnitude, x);
      return success();
    }
    Value a = math::AbsFOp::create(rewriter, loc, x);

    // Near zero: a + a * (s * P(s)). The correction is below a tenth of a,
    // so its rounding errors shrink by as much.
    Value s = f.mul(a, a);
    Value p = f.horner(ArrayRef(kTanhCoefficients), s);
    Value sp = f.mul(s, p);
    Value correction = f.mul(a, sp);
    Value small = f.add(a, correction);

    // Elsewhere: 1 - 2 / (exp(2a) + 1). A NaN compares false and takes the
    // clamp here; it is the polynomial's NaN that is selected below.
    Value two = f.constant(2.0f);
    Value twoA = f.mul(a, two);
    Value clampValue = f.constant(kClamp);
    Value y = f.selectIf(arith::CmpFPredicate::OLT, twoA, clampValue);
    // exp(y) = 2^n e: the exponent field of e increased by n.
    auto [n, e] = f.reduce(y);
    Value nInt = arith::FPToSIOp::create(rewriter, loc, f.intType(), n);
    Value shiftBy = f.intConstant(23);
    Value exponent = arith::ShLIOp::create(rewriter, loc, nInt, shiftBy);
    Value eBits = arith::BitcastOp::create(rewriter, loc, f.intType(), e);
    Value scaledBits = arith::AddIOp::create(rewriter, loc, eBits, exponent);
    Value scaled = arith::BitcastOp::create(rewriter, loc, type, scaledBits);
    Value one = f.constant(1.0f);
    Value denominator = f.add(scaled, one);
    Value quotient = arith::DivFOp::create(rewriter, loc, two, denominator);
    Value large = f.sub(one, quotient);

    Value bound = f.constant(kPolynomialBound);
    Value useExp = arith::CmpFOp::create(rewriter, loc,
                                         arith::CmpFPredicate::OGE, a, bound);
    Value magnitude =
        arith::SelectOp::create(rewriter, loc, useExp, large, small);
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, magnitude, x);
    return success();
  }
};

struct ExpandTanhPass
    : public tenferro::impl::TenferroExpandTanhPassBase<ExpandTanhPass> {
  using TenferroExpandTanhPassBase::TenferroExpandTanhPassBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tenferro::populateExpandTanhPatterns(patterns, {expm1, fma});
    // One walk: the expansion creates no tanh, so no fixpoint is needed.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void mlir::tenferro::populateExpandTanhPatterns(RewritePatternSet &patterns,
                                                ExpandTanhOptions options) {
  patterns.add<ExpandTanh>(patterns.getContext(), options);
}
