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

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
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

/// Whether `op` becomes a call of a function: a call op, or a math op that
/// is lowered to libm or libmvec rather than to instructions.
bool becomesCall(Operation *op) {
  if (isa<CallOpInterface>(op))
    return true;
  if (!isa_and_nonnull<math::MathDialect>(op->getDialect()))
    return false;
  return !isa<math::ExpOp, math::SqrtOp, math::RsqrtOp, math::FmaOp,
              math::AbsFOp, math::AbsIOp, math::CopySignOp, math::FloorOp,
              math::CeilOp, math::RoundOp, math::RoundEvenOp, math::TruncOp,
              math::CountLeadingZerosOp, math::CountTrailingZerosOp,
              math::CtPopOp>(op);
}

/// The innermost loop around `op`, or its function outside loops.
Operation *callScope(Operation *op) {
  if (Operation *loop = op->getParentOfType<LoopLikeOpInterface>())
    return loop;
  return op->getParentOfType<FunctionOpInterface>();
}

/// Whether `scope` calls a function.
bool calls(Operation *scope) {
  WalkResult found = scope->walk([](Operation *inner) {
    return becomesCall(inner) ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found.wasInterrupted();
}

struct ExpandExp : public OpRewritePattern<math::ExpOp> {
  ExpandExp(MLIRContext *context, bool fma, bool f64, bool avx512,
            bool f64BesideCalls)
      : OpRewritePattern(context), fma(fma), f64(f64), avx512(avx512),
        f64BesideCalls(f64BesideCalls) {}
  bool fma;
  bool f64;
  bool avx512;
  bool f64BesideCalls;
  /// Whether each scope calls a function, decided at its first exp, before
  /// any expansion: every exp of a scope gets the same answer (an expansion
  /// may add intrinsic calls), and each scope is walked once.
  mutable llvm::DenseMap<Operation *, bool> scopeCalls;

  bool callsAround(Operation *op) const {
    Operation *scope = callScope(op);
    if (!scope)
      return false;
    auto [it, inserted] = scopeCalls.try_emplace(scope, false);
    if (inserted)
      it->second = calls(scope);
    return it->second;
  }

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF32() && !(f64 && element.isF64()))
      return rewriter.notifyMatchFailure(
          op, f64 ? "not f32 or f64" : "not f32 (f64 is not enabled)");
    if (element.isF64() && !f64BesideCalls && callsAround(op))
      return rewriter.notifyMatchFailure(
          op, "f64 in a loop that calls another function");
    const Limits &limits = element.isF32() ? kF32Limits : kF64Limits;
    Location loc = op.getLoc();
    tenferro::ExpCore f(rewriter, loc, type, fma);
    Value x = op.getOperand();

    // Clamped to [lower, upper]. A NaN compares unordered and is kept
    // (ult, ugt: one minimum and one maximum on x86, whose NaN operand
    // order these are), and every op after it gives NaN: e is NaN, and so
    // is e times any power of two. Its sign and payload are unspecified
    // (docs/semantics.md, §3.4), so no select restores x.
    Value upper = f.constant(limits.upper);
    Value belowUpper = f.selectIf(arith::CmpFPredicate::ULT, x, upper);
    Value lower = f.constant(limits.lower);
    Value y = f.selectIf(arith::CmpFPredicate::UGT, belowUpper, lower);

    // exp(y) = 2^n e with n in [-150, 128] (f64: [-1077, 1024]), scaled
    // with one rounding (to a subnormal, zero or infinity where the result
    // leaves the normal range).
    auto [n, e] = f.reduce(y);
    rewriter.replaceOp(op, f.scale(e, n, avx512));
    return success();
  }
};

struct ExpandExpPass
    : public tenferro::impl::TenferroExpandExpPassBase<ExpandExpPass> {
  using TenferroExpandExpPassBase::TenferroExpandExpPassBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tenferro::populateExpandExpPatterns(patterns, fma, f64, avx512,
                                        f64BesideCalls);
    // One walk: the expansion creates no exp, so no fixpoint is needed.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void mlir::tenferro::populateExpandExpPatterns(RewritePatternSet &patterns,
                                               bool fma, bool f64, bool avx512,
                                               bool f64BesideCalls) {
  patterns.add<ExpandExp>(patterns.getContext(), fma, f64, avx512,
                          f64BesideCalls);
}
