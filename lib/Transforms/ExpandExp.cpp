//===- ExpandExp.cpp - f32 exp as arith ops, within 1 ulp -----------------===//
//
// math.exp on f32 as 2^n exp(r) with a polynomial for exp(r), inlined so
// that LLVM vectorizes it in the loop instead of calling libmvec: no call,
// no spilled vector registers around it. See Passes.td for the algorithm
// and its bound.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/ExpandExp.h"
#include "tenferro/Transforms/Passes.h"

#include "F32ExpCore.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROEXPANDEXPPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Above ln(FLT_MAX) = 88.7228 exp overflows; from 88.8 on, the clamped
/// argument's 2^n (n = 128) times exp(r) > 1 still overflows to infinity.
constexpr float kUpperClamp = 88.8f;
/// Below ln(2^-150) = -103.97 exp rounds to zero; -104 keeps n >= -150.
constexpr float kLowerClamp = -104.0f;

struct ExpandExp : public OpRewritePattern<math::ExpOp> {
  ExpandExp(MLIRContext *context, bool fma)
      : OpRewritePattern(context), fma(fma) {}
  bool fma;

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    tenferro::F32ExpCore f(rewriter, loc, type, fma);
    Value x = op.getOperand();

    // Clamped to [-104, 88.8]; a NaN compares false and takes the upper
    // clamp, and is selected back at the end.
    Value upper = f.constant(kUpperClamp);
    Value belowUpper = f.selectIf(arith::CmpFPredicate::OLT, x, upper);
    Value lower = f.constant(kLowerClamp);
    Value y = f.selectIf(arith::CmpFPredicate::OGT, belowUpper, lower);

    // exp(y) = 2^n e with n in [-150, 128]: 2^n as the product of two
    // normal powers of two, 2^(n >> 1) and 2^(n - (n >> 1)), so that the
    // second multiplication rounds once, to a subnormal, zero or infinity
    // where the result leaves the normal range (the first is exact).
    auto [n, e] = f.reduce(y);
    Type intType = f.intType();
    Value nInt = arith::FPToSIOp::create(rewriter, loc, intType, n);
    Value one = f.intConstant(1);
    Value half = arith::ShRSIOp::create(rewriter, loc, nInt, one);
    Value rest = arith::SubIOp::create(rewriter, loc, nInt, half);
    Value bias = f.intConstant(127);
    Value mantissaBits = f.intConstant(23);
    auto powerOfTwo = [&](Value k) -> Value {
      Value biased = arith::AddIOp::create(rewriter, loc, k, bias);
      Value bits = arith::ShLIOp::create(rewriter, loc, biased, mantissaBits);
      return arith::BitcastOp::create(rewriter, loc, type, bits);
    };
    Value scaleHalf = powerOfTwo(half);
    Value scaleRest = powerOfTwo(rest);
    Value partial = f.mul(e, scaleHalf);
    Value result = f.mul(partial, scaleRest);

    Value isNaN =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNO, x, x);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, isNaN, x, result);
    return success();
  }
};

struct ExpandExpPass
    : public tenferro::impl::TenferroExpandExpPassBase<ExpandExpPass> {
  using TenferroExpandExpPassBase::TenferroExpandExpPassBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tenferro::populateExpandExpPatterns(patterns, fma);
    // One walk: the expansion creates no exp, so no fixpoint is needed.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void mlir::tenferro::populateExpandExpPatterns(RewritePatternSet &patterns,
                                               bool fma) {
  patterns.add<ExpandExp>(patterns.getContext(), fma);
}
