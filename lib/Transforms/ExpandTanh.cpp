//===- ExpandTanh.cpp - f32 tanh as arith ops, within 1.07 ulps -----------===//
//
// math.tanh on f32 as a polynomial near zero and 1 - 2 / (exp(2|x|) + 1)
// elsewhere, with exp inlined: LLVM vectorizes it in the loop instead of
// calling libmvec. See Passes.td for the algorithm and its bound.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/ExpandTanh.h"
#include "tenferro/Transforms/Passes.h"

#include "ExpCore.h"

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
/// 2|x| beyond which tanh(x) rounds to 1 in f32 (from |x| = 9.01); keeps
/// 2^n within the exponent range.
constexpr float kClamp = 18.5f;

struct ExpandTanh : public OpRewritePattern<math::TanhOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::TanhOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    tenferro::ExpCore f(rewriter, loc, type);
    Value x = op.getOperand();
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
    tenferro::populateExpandTanhPatterns(patterns);
    // One walk: the expansion creates no tanh, so no fixpoint is needed.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void mlir::tenferro::populateExpandTanhPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandTanh>(patterns.getContext());
}
