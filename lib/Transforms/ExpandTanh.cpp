//===- ExpandTanh.cpp - f32 tanh as arith ops, within 1.07 ulps -----------===//
//
// math.tanh on f32 as a polynomial near zero and 1 - 2 / (exp(2|x|) + 1)
// elsewhere, with exp inlined: LLVM vectorizes it in the loop instead of
// calling libmvec. See Passes.td for the algorithm and its bound.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/ExpandTanh.h"
#include "tenferro/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

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
/// (exp(r) - 1 - r) / r^2 on |r| <= ln(2) / 2: minimax fit (2^-28
/// relative), lowest degree first.
constexpr float kExpCoefficients[] = {
    0.49999993337902066f, 0.16666519004510844f, 0.04166840721030647f,
    0.008368913803072517f, 0.0013814189602374734f};
/// ln 2 in two parts: the first has 12 significant bits, so n * kLn2High is
/// exact for |n| < 2^12 (here n <= 27).
constexpr float kLn2High = 0.693359375f;
constexpr float kLn2Low = -2.12194440e-4f;
constexpr float kLog2E = 1.44269504088896341f;
/// 2|x| beyond which tanh(x) rounds to 1 in f32 (from |x| = 9.01); keeps
/// 2^n within the exponent range.
constexpr float kClamp = 18.5f;
/// Adding and subtracting 1.5 * 2^23 rounds a float below 2^22 to the
/// nearest integer, ties to even, with no instruction-set requirement (unlike
/// roundeven, which needs SSE4.1 on x86).
constexpr float kRoundingShift = 12582912.0f;

struct ExpandTanh : public OpRewritePattern<math::TanhOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::TanhOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    auto shape = dyn_cast<VectorType>(type);
    auto constant = [&](float v) -> Value {
      TypedAttr attr = rewriter.getF32FloatAttr(v);
      if (shape)
        attr = DenseElementsAttr::get(shape, attr);
      return arith::ConstantOp::create(rewriter, loc, attr);
    };
    auto mul = [&](Value a, Value b) -> Value {
      return arith::MulFOp::create(rewriter, loc, a, b);
    };
    auto add = [&](Value a, Value b) -> Value {
      return arith::AddFOp::create(rewriter, loc, a, b);
    };
    auto sub = [&](Value a, Value b) -> Value {
      return arith::SubFOp::create(rewriter, loc, a, b);
    };
    // Horner's rule, highest degree first. Every op is built in its own
    // statement: the order of the IR must not depend on the order in which
    // the C++ compiler evaluates arguments.
    auto horner = [&](ArrayRef<float> coefficients, Value x) {
      Value p = constant(coefficients.back());
      for (float c : llvm::reverse(coefficients.drop_back())) {
        Value px = mul(p, x);
        Value cv = constant(c);
        p = add(px, cv);
      }
      return p;
    };

    Value x = op.getOperand();
    Value a = math::AbsFOp::create(rewriter, loc, x);

    // Near zero: a + a * (s * P(s)). The correction is below a tenth of a,
    // so its rounding errors shrink by as much.
    Value s = mul(a, a);
    Value p = horner(kTanhCoefficients, s);
    Value sp = mul(s, p);
    Value correction = mul(a, sp);
    Value small = add(a, correction);

    // Elsewhere: 1 - 2 / (exp(2a) + 1). A NaN compares false and takes the
    // clamp here; it is the polynomial's NaN that is selected below.
    Value two = constant(2.0f);
    Value twoA = mul(a, two);
    Value clampValue = constant(kClamp);
    Value below = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, twoA, clampValue);
    Value y = arith::SelectOp::create(rewriter, loc, below, twoA, clampValue);
    // n = round(y / ln 2), r = y - n ln 2 in two steps.
    Value log2e = constant(kLog2E);
    Value shift = constant(kRoundingShift);
    Value n = sub(add(mul(y, log2e), shift), shift);
    Value ln2High = constant(kLn2High);
    Value ln2Low = constant(kLn2Low);
    Value nHigh = mul(n, ln2High);
    Value nLow = mul(n, ln2Low);
    Value r = sub(sub(y, nHigh), nLow);
    // exp(r) = 1 + (r + r^2 Q(r)), then times 2^n in the exponent field.
    Value q = horner(kExpCoefficients, r);
    Value rr = mul(r, r);
    Value one = constant(1.0f);
    Value e = add(add(mul(q, rr), r), one);
    Type intType = rewriter.getI32Type();
    TypedAttr exponentShift = rewriter.getI32IntegerAttr(23);
    if (shape) {
      intType = shape.clone(intType);
      exponentShift =
          DenseElementsAttr::get(cast<ShapedType>(intType), exponentShift);
    }
    Value nInt = arith::FPToSIOp::create(rewriter, loc, intType, n);
    Value shiftBy = arith::ConstantOp::create(rewriter, loc, exponentShift);
    Value exponent = arith::ShLIOp::create(rewriter, loc, nInt, shiftBy);
    Value eBits = arith::BitcastOp::create(rewriter, loc, intType, e);
    Value scaledBits = arith::AddIOp::create(rewriter, loc, eBits, exponent);
    Value scaled = arith::BitcastOp::create(rewriter, loc, type, scaledBits);
    Value denominator = add(scaled, one);
    Value quotient = arith::DivFOp::create(rewriter, loc, two, denominator);
    Value large = sub(one, quotient);

    Value bound = constant(kPolynomialBound);
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
    tenferro::populateExpandTanhPatterns(patterns);
    // One walk: the expansion creates no tanh, so no fixpoint is needed.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void mlir::tenferro::populateExpandTanhPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandTanh>(patterns.getContext());
}
