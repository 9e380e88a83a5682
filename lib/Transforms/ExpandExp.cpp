//===- ExpandExp.cpp - f32 and f64 exp as arith ops, within 1 ulp ---------===//
//
// math.exp on f32 (and f64) as 2^n exp(r) with a polynomial for exp(r), inlined
// so that LLVM vectorizes it in the loop instead of calling libmvec: no call,
// no spilled vector registers around it. See Passes.td for the algorithm
// and its bound.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/ExpandExp.h"
#include "tenferro/Transforms/Passes.h"

#include "ExpCore.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROEXPANDEXPPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// The clamps of the argument.
struct Limits {
  double lower;
  double upper;
};

/// f32: below ln(2^-150) = -103.97 exp rounds to zero, and -104 keeps
/// n >= -150; above ln(FLT_MAX) = 88.7228 exp overflows, and from 88.8 on
/// the clamped argument's 2^n (n = 128) times exp(r) > 1 still overflows
/// to infinity.
constexpr Limits kF32Limits = {-104.0, 88.8f};
/// f64: likewise below ln(2^-1075) = -745.13 (-746: n >= -1077) and above
/// ln(DBL_MAX) = 709.7827 (709.8: n = 1024).
constexpr Limits kF64Limits = {-746.0, 709.8};

struct ExpandExp : public OpRewritePattern<math::ExpOp> {
  ExpandExp(MLIRContext *context, bool fma, bool f64, bool avx512)
      : OpRewritePattern(context), fma(fma), f64(f64), avx512(avx512) {}
  bool fma;
  bool f64;
  bool avx512;

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF32() && !(f64 && element.isF64()))
      return rewriter.notifyMatchFailure(
          op, f64 ? "not f32 or f64" : "not f32 (f64 is not enabled)");
    const Limits &limits = element.isF32() ? kF32Limits : kF64Limits;
    Location loc = op.getLoc();
    tenferro::ExpCore f(rewriter, loc, type, fma);
    Value x = op.getOperand();

    // Clamped to [lower, upper]; a NaN compares false and takes the upper
    // clamp, and is selected back at the end.
    Value upper = f.constant(limits.upper);
    Value belowUpper = f.selectIf(arith::CmpFPredicate::OLT, x, upper);
    Value lower = f.constant(limits.lower);
    Value y = f.selectIf(arith::CmpFPredicate::OGT, belowUpper, lower);

    // exp(y) = 2^n e with n in [-150, 128] (f64: [-1077, 1024]), scaled
    // with one rounding (to a subnormal, zero or infinity where the result
    // leaves the normal range).
    auto [n, e] = f.reduce(y);
    Value result = f.scale(e, n, avx512);

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
    tenferro::populateExpandExpPatterns(patterns, fma, f64, avx512);
    // One walk: the expansion creates no exp, so no fixpoint is needed.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void mlir::tenferro::populateExpandExpPatterns(RewritePatternSet &patterns,
                                               bool fma, bool f64,
                                               bool avx512) {
  patterns.add<ExpandExp>(patterns.getContext(), fma, f64, avx512);
}
