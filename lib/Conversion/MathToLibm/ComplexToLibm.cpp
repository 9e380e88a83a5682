//===- ComplexToLibm.cpp - complex functions through the C library --------===//
//
// Upstream's convert-complex-to-standard expands complex functions with
// formulas that lose most of their bits in some regions (sin and cos for
// tiny imaginary parts, log near |z| = 1, sqrt near the negative real axis,
// pow whose result under- or overflows). This pass gives each complex
// function a formulation with a stated error bound instead (docs/semantics.md,
// "Accuracy of complex functions"), and the reference interpreter
// (lib/Interpreter) computes the very same operations, so compiled results
// and the interpreter's are bit-identical. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

#include <tuple>

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROCOMPLEXTOLIBMPASS
#include "tenferro/Conversion/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Emits the f64 computations. Every function works on complex<f64>:
/// complex<f32> operands are widened first and the result rounded once at
/// the end, which makes the f32 results accurate to about half an ulp
/// (double carries 29 more bits than any of these formulas loses) and
/// avoids calling the `f` variants of libm's complex functions, whose
/// `float _Complex` arguments the x86-64 C ABI packs into one vector
/// register, unlike the struct of two floats the LLVM dialect passes.
class Emitter {
public:
  Emitter(OpBuilder &b, Location loc, SymbolTable &symbols, ModuleOp module)
      : b(b), loc(loc), symbols(symbols), module(module), f64(b.getF64Type()),
        c64(ComplexType::get(f64)) {}

  /// The declaration of libm function `name`, made on first use. A symbol
  /// of that name with another type is an error (null).
  func::FuncOp libm(StringRef name, TypeRange args, TypeRange results) {
    auto type = FunctionType::get(b.getContext(), args, results);
    if (auto existing = symbols.lookup<func::FuncOp>(name)) {
      if (existing.getFunctionType() != type) {
        existing.emitError() << "'" << name
                             << "' is a C library function the complex "
                                "lowering calls, with type "
                             << type;
        return nullptr;
      }
      return existing;
    }
    if (symbols.lookup(name)) {
      module.emitError() << "symbol '" << name
                         << "' is a C library function the complex lowering "
                            "calls";
      return nullptr;
    }
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto fn = func::FuncOp::create(b, loc, name, type);
    fn.setPrivate();
    symbols.insert(fn);
    return fn;
  }

  FailureOr<Value> call(StringRef name, Type result, ValueRange args) {
    func::FuncOp fn = libm(name, ValueRange(args).getTypes(), result);
    if (!fn)
      return failure();
    return func::CallOp::create(b, loc, fn, args).getResult(0);
  }

  Value cst(double v) {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  }
  Value re(Value z) { return complex::ReOp::create(b, loc, z); }
  Value im(Value z) { return complex::ImOp::create(b, loc, z); }
  Value make(Value r, Value i) {
    return complex::CreateOp::create(b, loc, c64, r, i);
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value fma(Value x, Value y, Value z) {
    return math::FmaOp::create(b, loc, x, y, z);
  }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value fabs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value copysign(Value x, Value y) {
    return math::CopySignOp::create(b, loc, x, y);
  }
  Value isInf(Value x) {
    return cmp(arith::CmpFPredicate::OEQ, fabs(x), cst(INFINITY));
  }

  /// expm1(x + iy) = (expm1(x) cos(y) - 2 sin(y/2)^2) + i exp(x) sin(y):
  /// exp(x) cos(y) - 1 split so that nothing cancels for small |z| (only
  /// near the curve exp(x) cos(y) = 1, where the result is dominated by its
  /// imaginary part). Below x = -1 the plain exp(x) cos(y) - 1 is better
  /// (|exp(x) cos(y)| < 0.37: no cancellation, while the split terms may
  /// cancel by a factor of 3). Past x = 709, where exp(x) overflows though
  /// exp(x) cos(y) may not, cexp (which scales) gives the same value, the 1
  /// being far below its ulp.
  FailureOr<Value> expm1(Value z) {
    Value x = re(z), y = im(z);
    Value em1 = math::ExpM1Op::create(b, loc, x);
    Value ex = math::ExpOp::create(b, loc, x);
    Value c = math::CosOp::create(b, loc, y);
    Value s = math::SinOp::create(b, loc, y);
    Value h = math::SinOp::create(b, loc, mul(cst(0.5), y));
    Value split = sub(mul(em1, c), mul(cst(2.0), mul(h, h)));
    Value plain = sub(mul(ex, c), cst(1.0));
    Value r =
        select(cmp(arith::CmpFPredicate::OLT, x, cst(-1.0)), plain, split);
    Value i = mul(ex, s);
    // exp(x) * sin(0) is 0 for finite exp(x): keep y's signed zero.
    i = select(cmp(arith::CmpFPredicate::OEQ, y, cst(0.0)), y, i);
    FailureOr<Value> big = call("cexp", c64, z);
    if (failed(big))
      return failure();
    Value large = cmp(arith::CmpFPredicate::OGT, x, cst(709.0));
    return make(select(large, sub(re(*big), cst(1.0)), r),
                select(large, im(*big), i));
  }

  /// log1p(x + iy) = log|1 + z| + i atan2(y, 1 + x). The real part is
  /// log1p(s) / 2 with s = |1 + z|^2 - 1 = 2x + x^2 + y^2: the squares
  /// split exactly into value and rounding error (fma), and the five terms
  /// summed as if in triple precision (two error-free passes of two-sums,
  /// then a plain sum: Ogita, Rump and Oishi's Sum3), so that s stays
  /// accurate where |1 + z| is near 1 and the terms cancel. Where
  /// |1 + z| < 1/2, 1 + x is exact (x in (-3/2, -1/2)) and
  /// log(hypot(1 + x, y)) is accurate while log1p(s) near s = -1 is not;
  /// where s overflows, hypot does not.
  FailureOr<Value> log1p(Value z) {
    Value x = re(z), y = im(z);
    Value a = add(cst(1.0), x);
    Value i = math::Atan2Op::create(b, loc, y, a);
    Value p1 = mul(x, x), p2 = mul(y, y);
    SmallVector<Value, 5> v = {fma(x, x, neg(p1)), fma(y, y, neg(p2)),
                               mul(cst(2.0), x), p1, p2};
    for (int pass = 0; pass < 2; ++pass)
      for (size_t k = 1; k < v.size(); ++k)
        std::tie(v[k], v[k - 1]) = twoSum(v[k], v[k - 1]);
    Value s = v[0];
    for (size_t k = 1; k < v.size(); ++k)
      s = add(s, v[k]);
    Value viaLog1p = mul(cst(0.5), math::Log1pOp::create(b, loc, s));
    FailureOr<Value> m = call("hypot", f64, {a, y});
    if (failed(m))
      return failure();
    Value viaHypot = math::LogOp::create(b, loc, *m);
    Value useLog1p = arith::AndIOp::create(
        b, loc, cmp(arith::CmpFPredicate::OGE, s, cst(-0.75)),
        cmp(arith::CmpFPredicate::OLT, s, cst(INFINITY)));
    return make(select(useLog1p, viaLog1p, viaHypot), i);
  }

  /// rsqrt(z) = conj(w) / |z| with w = csqrt(z) (|w|^2 = |z|), each part
  /// one correctly rounded division of two accurate values. z is scaled by
  /// 1/4 (exact) where |z| could overflow, the result by 1/2 back.
  /// rsqrt(0) = +inf -+ 0i, like the real rsqrt(+0) = +inf; an infinite z
  /// gives a zero.
  FailureOr<Value> rsqrt(Value z) {
    Value x = re(z), y = im(z);
    Value big =
        cmp(arith::CmpFPredicate::OGT,
            arith::MaximumFOp::create(b, loc, fabs(x), fabs(y)), cst(0x1p1020));
    Value scale = select(big, cst(0.25), cst(1.0));
    Value back = select(big, cst(0.5), cst(1.0));
    x = mul(x, scale);
    y = mul(y, scale);
    FailureOr<Value> w = call("csqrt", c64, make(x, y));
    if (failed(w))
      return failure();
    FailureOr<Value> m = call("hypot", f64, {x, y});
    if (failed(m))
      return failure();
    Value wr = re(*w), wi = im(*w);
    Value r = mul(div(wr, *m), back);
    Value i = mul(neg(div(wi, *m)), back);
    Value zero = cmp(arith::CmpFPredicate::OEQ, *m, cst(0.0));
    Value inf = isInf(*m);
    r = select(zero, cst(INFINITY), select(inf, copysign(cst(0.0), wr), r));
    i = select(zero, neg(wi), select(inf, copysign(cst(0.0), neg(wi)), i));
    return make(r, i);
  }

  /// (a + ib) / (c + id) for operands widened from complex<f32>: in double
  /// the products are exact and each part is a sum of two of them rounded
  /// once, then divided: within one ulp of f32 per part. Zero and infinite
  /// operands as C99 Annex G (the recovery of libgcc's __divsc3, which
  /// computes the same way).
  Value divideWidened(Value l, Value r) {
    Value a = re(l), bb = im(l), c = re(r), d = im(r);
    Value denom = add(mul(c, c), mul(d, d));
    Value x = div(add(mul(a, c), mul(bb, d)), denom);
    Value y = div(sub(mul(bb, c), mul(a, d)), denom);
    auto [rx, ry] = recoverDivide(a, bb, c, d, x, y);
    return make(rx, ry);
  }

  /// (a + ib) / (c + id) by Smith's algorithm: the divisor's smaller part
  /// over its larger, so that nothing overflows unless the quotient does.
  /// Accurate relative to the larger part of the quotient (docs); the
  /// smaller part may carry the cancellation of b c - a d.
  Value divideSmith(Value l, Value r) {
    Value a = re(l), bb = im(l), c = re(r), d = im(r);
    // |c| < |d|: ratio = c / d.
    Value ratio1 = div(c, d);
    Value denom1 = add(d, mul(ratio1, c));
    Value x1 = div(add(mul(a, ratio1), bb), denom1);
    Value y1 = div(sub(mul(bb, ratio1), a), denom1);
    // Otherwise ratio = d / c.
    Value ratio2 = div(d, c);
    Value denom2 = add(c, mul(ratio2, d));
    Value x2 = div(add(a, mul(bb, ratio2)), denom2);
    Value y2 = div(sub(bb, mul(a, ratio2)), denom2);
    Value first = cmp(arith::CmpFPredicate::OLT, fabs(c), fabs(d));
    auto [rx, ry] = recoverDivide(a, bb, c, d, select(first, x1, x2),
                                  select(first, y1, y2));
    return make(rx, ry);
  }

  /// Annex G's results where x and y both came out NaN: nonzero / zero is
  /// an infinity, infinite / finite an infinity, finite / infinite a zero.
  std::pair<Value, Value> recoverDivide(Value a, Value bb, Value c, Value d,
                                        Value x, Value y) {
    auto isNan = [&](Value v) { return cmp(arith::CmpFPredicate::UNO, v, v); };
    auto isFinite = [&](Value v) {
      return cmp(arith::CmpFPredicate::OLT, fabs(v), cst(INFINITY));
    };
    auto andI = [&](Value p, Value q) {
      return arith::AndIOp::create(b, loc, p, q).getResult();
    };
    auto orI = [&](Value p, Value q) {
      return arith::OrIOp::create(b, loc, p, q).getResult();
    };
    auto notI = [&](Value p) {
      Value t = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
      return arith::XOrIOp::create(b, loc, p, t).getResult();
    };
    auto box = [&](Value v) { // copysign(isinf(v) ? 1 : 0, v)
      return copysign(select(isInf(v), cst(1.0), cst(0.0)), v);
    };
    Value bothNan = andI(isNan(x), isNan(y));
    // Nonzero (not all NaN) / zero.
    Value zeroDen = andI(andI(cmp(arith::CmpFPredicate::OEQ, c, cst(0.0)),
                              cmp(arith::CmpFPredicate::OEQ, d, cst(0.0))),
                         notI(andI(isNan(a), isNan(bb))));
    Value infC = copysign(cst(INFINITY), c);
    Value x1 = mul(infC, a), y1 = mul(infC, bb);
    // Infinite / finite.
    Value infNum =
        andI(orI(isInf(a), isInf(bb)), andI(isFinite(c), isFinite(d)));
    Value ba = box(a), bbb = box(bb);
    Value x2 = mul(cst(INFINITY), add(mul(ba, c), mul(bbb, d)));
    Value y2 = mul(cst(INFINITY), sub(mul(bbb, c), mul(ba, d)));
    // Finite / infinite.
    Value infDen =
        andI(orI(isInf(c), isInf(d)), andI(isFinite(a), isFinite(bb)));
    Value bc = box(c), bd = box(d);
    Value x3 = mul(cst(0.0), add(mul(a, bc), mul(bb, bd)));
    Value y3 = mul(cst(0.0), sub(mul(bb, bc), mul(a, bd)));
    Value rx = select(infDen, x3, x), ry = select(infDen, y3, y);
    rx = select(infNum, x2, rx);
    ry = select(infNum, y2, ry);
    rx = select(zeroDen, x1, rx);
    ry = select(zeroDen, y1, ry);
    return {select(bothNan, rx, x), select(bothNan, ry, y)};
  }

  /// Sum and rounding error of x + y (Knuth's two-sum: no ordering needed).
  std::pair<Value, Value> twoSum(Value x, Value y) {
    Value s = add(x, y);
    Value yy = sub(s, x);
    Value xx = sub(s, yy);
    return {s, add(sub(x, xx), sub(y, yy))};
  }

  OpBuilder &b;
  Location loc;
  SymbolTable &symbols;
  ModuleOp module;
  Type f64, c64;
};

/// Whether `op` is one this pass rewrites, with its complex operand type.
ComplexType rewrittenType(Operation *op) {
  if (!isa<complex::ExpOp, complex::LogOp, complex::SinOp, complex::CosOp,
           complex::TanhOp, complex::SqrtOp, complex::RsqrtOp, complex::Expm1Op,
           complex::Log1pOp, complex::PowOp, complex::AbsOp, complex::DivOp>(
          op))
    return nullptr;
  auto t = dyn_cast<ComplexType>(op->getOperand(0).getType());
  if (!t || !(t.getElementType().isF32() || t.getElementType().isF64()))
    return nullptr;
  return t;
}

struct ComplexToLibmPass
    : public tenferro::impl::TenferroComplexToLibmPassBase<ComplexToLibmPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (rewrittenType(op))
        ops.push_back(op);
    });
    SymbolTable symbols(module);
    for (Operation *op : ops)
      if (failed(rewrite(op, symbols, module)))
        return signalPassFailure();
  }

  static LogicalResult rewrite(Operation *op, SymbolTable &symbols,
                               ModuleOp module) {
    ComplexType type = rewrittenType(op);
    bool narrow = type.getElementType().isF32();
    OpBuilder b(op);
    Emitter e(b, op->getLoc(), symbols, module);
    // Operands as complex<f64>.
    SmallVector<Value> args;
    for (Value v : op->getOperands()) {
      if (narrow)
        v = e.make(arith::ExtFOp::create(b, e.loc, e.f64, e.re(v)),
                   arith::ExtFOp::create(b, e.loc, e.f64, e.im(v)));
      args.push_back(v);
    }
    auto libmUnary = [&](StringRef name) {
      return e.call(name, e.c64, args[0]);
    };
    FailureOr<Value> r =
        llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
            .Case([&](complex::ExpOp) { return libmUnary("cexp"); })
            .Case([&](complex::LogOp) { return libmUnary("clog"); })
            .Case([&](complex::SinOp) { return libmUnary("csin"); })
            .Case([&](complex::CosOp) { return libmUnary("ccos"); })
            .Case([&](complex::TanhOp) { return libmUnary("ctanh"); })
            .Case([&](complex::SqrtOp) { return libmUnary("csqrt"); })
            .Case([&](complex::PowOp) {
              return e.call("cpow", e.c64, {args[0], args[1]});
            })
            .Case(
                [&](complex::AbsOp) { return e.call("cabs", e.f64, args[0]); })
            .Case([&](complex::RsqrtOp) { return e.rsqrt(args[0]); })
            .Case([&](complex::Expm1Op) { return e.expm1(args[0]); })
            .Case([&](complex::Log1pOp) { return e.log1p(args[0]); })
            .Case([&](complex::DivOp) -> FailureOr<Value> {
              if (narrow)
                return e.divideWidened(args[0], args[1]);
              return e.divideSmith(args[0], args[1]);
            })
            .Default([](Operation *) { return failure(); });
    if (failed(r))
      return failure();
    Value result = *r;
    if (narrow) {
      Type f32 = b.getF32Type();
      if (isa<ComplexType>(result.getType()))
        result = complex::CreateOp::create(
            b, e.loc, type,
            arith::TruncFOp::create(b, e.loc, f32, e.re(result)),
            arith::TruncFOp::create(b, e.loc, f32, e.im(result)));
      else
        result = arith::TruncFOp::create(b, e.loc, f32, result);
    }
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
    return success();
  }
};

} // namespace
