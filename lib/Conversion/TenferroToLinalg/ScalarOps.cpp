//===- ScalarOps.cpp - scalar bodies of elementwise instructions ----------===//

#include "ScalarOps.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::lowering;

static Value constantOf(OpBuilder &b, Location loc, Type t, double value) {
  if (auto c = dyn_cast<ComplexType>(t)) {
    Type comp = c.getElementType();
    return complex::ConstantOp::create(
        b, loc, c,
        b.getArrayAttr({b.getFloatAttr(comp, value), b.getFloatAttr(comp, 0)}));
  }
  if (isa<FloatType>(t))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(t, value));
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(t, static_cast<int64_t>(value)));
}

/// Float to signed integer as Rust's `as` does it (docs/semantics.md):
/// values beyond the range saturate, NaN gives 0. arith.fptosi alone is
/// poison there, and x86 gives INT_MIN for every such value.
static Value saturatingFPToSI(OpBuilder &b, Location loc, Value v,
                              IntegerType to) {
  Type from = v.getType();
  unsigned bits = to.getWidth();
  // -2^(bits-1) and 2^(bits-1) are exact in every float type.
  double bound = std::ldexp(1.0, bits - 1);
  Value raw = arith::FPToSIOp::create(b, loc, to, v);
  Value tooHigh = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, v,
                                        constantOf(b, loc, from, bound));
  Value tooLow = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, v,
                                       constantOf(b, loc, from, -bound));
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
  auto intConst = [&](const APInt &value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(to, value));
  };
  Value r = arith::SelectOp::create(
      b, loc, tooHigh, intConst(APInt::getSignedMaxValue(bits)), raw);
  r = arith::SelectOp::create(b, loc, tooLow,
                              intConst(APInt::getSignedMinValue(bits)), r);
  return arith::SelectOp::create(b, loc, isNaN, intConst(APInt::getZero(bits)),
                                 r);
}

Value lowering::convertScalar(OpBuilder &b, Location loc, Value v, Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (auto toC = dyn_cast<ComplexType>(to)) {
    Type comp = toC.getElementType();
    Value re, im;
    if (isa<ComplexType>(from)) {
      re = convertScalar(b, loc, complex::ReOp::create(b, loc, v), comp);
      im = convertScalar(b, loc, complex::ImOp::create(b, loc, v), comp);
    } else {
      re = convertScalar(b, loc, v, comp);
      im = constantOf(b, loc, comp, 0);
    }
    return complex::CreateOp::create(b, loc, toC, re, im);
  }
  if (isa<ComplexType>(from))
    return convertScalar(b, loc, complex::ReOp::create(b, loc, v), to);
  bool fromInt = isa<IntegerType>(from), toInt = isa<IntegerType>(to);
  if (to.isInteger(1)) {
    Value zero = constantOf(b, loc, from, 0);
    if (fromInt)
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zero);
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v, zero);
  }
  if (fromInt && toInt) {
    if (from.isInteger(1))
      return arith::ExtUIOp::create(b, loc, to, v);
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtSIOp::create(b, loc, to, v);
    return arith::TruncIOp::create(b, loc, to, v);
  }
  if (fromInt) {
    if (from.isInteger(1))
      return arith::UIToFPOp::create(b, loc, to, v);
    return arith::SIToFPOp::create(b, loc, to, v);
  }
  if (toInt)
    return saturatingFPToSI(b, loc, v, cast<IntegerType>(to));
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(b, loc, to, v);
  return arith::TruncFOp::create(b, loc, to, v);
}

namespace {

/// Emits one of three ops by the class of `t`: float, integer, complex.
template <typename FOp, typename IOp, typename COp>
Value byClass(OpBuilder &b, Location loc, Type t, ValueRange args) {
  if (isa<ComplexType>(t))
    return COp::create(b, loc, args);
  if (isa<FloatType>(t))
    return FOp::create(b, loc, args);
  return IOp::create(b, loc, args);
}

/// Unary floating-point (math) or complex function.
template <typename MathOp, typename ComplexOp>
Value transcendental(OpBuilder &b, Location loc, Value x) {
  if (isa<ComplexType>(x.getType()))
    return ComplexOp::create(b, loc, x);
  return MathOp::create(b, loc, x);
}

Value compare(OpBuilder &b, Location loc, CompareDirection dir, Value l,
              Value r) {
  Type t = l.getType();
  if (isa<ComplexType>(t)) // Only eq is defined for complex (verifier).
    return complex::EqualOp::create(b, loc, l, r);
  if (isa<FloatType>(t)) {
    arith::CmpFPredicate p;
    switch (dir) {
    case CompareDirection::eq:
      p = arith::CmpFPredicate::OEQ;
      break;
    case CompareDirection::lt:
      p = arith::CmpFPredicate::OLT;
      break;
    case CompareDirection::le:
      p = arith::CmpFPredicate::OLE;
      break;
    case CompareDirection::gt:
      p = arith::CmpFPredicate::OGT;
      break;
    case CompareDirection::ge:
      p = arith::CmpFPredicate::OGE;
      break;
    }
    return arith::CmpFOp::create(b, loc, p, l, r);
  }
  // Integers compare signed; i1 (false < true) unsigned.
  bool u = t.isInteger(1);
  arith::CmpIPredicate p;
  switch (dir) {
  case CompareDirection::eq:
    p = arith::CmpIPredicate::eq;
    break;
  case CompareDirection::lt:
    p = u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    break;
  case CompareDirection::le:
    p = u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
    break;
  case CompareDirection::gt:
    p = u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    break;
  case CompareDirection::ge:
    p = u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
    break;
  }
  return arith::CmpIOp::create(b, loc, p, l, r);
}

} // namespace

FailureOr<Value> lowering::emitElementwiseScalar(OpBuilder &b, Location loc,
                                                 Operation *op,
                                                 ValueRange operands) {
  Type resultElt = getElementTypeOrSelf(op->getResult(0).getType());
  // Data operands are computed in the result dtype (promotion), except for
  // abs (computes in its operand type), compare (in the promoted operand
  // type) and select's predicate.
  SmallVector<Value> args(operands);
  if (!isa<AbsOp, CompareOp, SelectOp>(op))
    for (Value &a : args)
      a = convertScalar(b, loc, a, resultElt);
  if (auto cmp = dyn_cast<CompareOp>(op)) {
    Type t = promoteDType(args[0].getType(), args[1].getType());
    return compare(b, loc, cmp.getDirection(),
                   convertScalar(b, loc, args[0], t),
                   convertScalar(b, loc, args[1], t));
  }
  if (isa<SelectOp>(op))
    return Value(arith::SelectOp::create(
        b, loc, args[0], convertScalar(b, loc, args[1], resultElt),
        convertScalar(b, loc, args[2], resultElt)));

  Type t = args[0].getType();
  Value x = args[0];
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](AddOp) {
        return byClass<arith::AddFOp, arith::AddIOp, complex::AddOp>(b, loc, t,
                                                                     args);
      })
      .Case([&](SubtractOp) {
        return byClass<arith::SubFOp, arith::SubIOp, complex::SubOp>(b, loc, t,
                                                                     args);
      })
      .Case([&](MultiplyOp) {
        return byClass<arith::MulFOp, arith::MulIOp, complex::MulOp>(b, loc, t,
                                                                     args);
      })
      .Case([&](DivideOp) {
        return byClass<arith::DivFOp, arith::DivSIOp, complex::DivOp>(b, loc, t,
                                                                      args);
      })
      .Case([&](RemainderOp) -> FailureOr<Value> {
        if (isa<ComplexType>(t))
          return failure();
        if (isa<FloatType>(t))
          return Value(arith::RemFOp::create(b, loc, args));
        // x % 0 = 0 and INT_MIN % -1 = 0 (docs/semantics.md): divide by 1
        // instead, whose remainder is 0 for every x. No lane ever traps, so
        // the masked tail of a vector loop, whose inactive lanes hold 0, is
        // safe too.
        Value zero = constantOf(b, loc, t, 0);
        Value minusOne = constantOf(b, loc, t, -1);
        Value byZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                             args[1], zero);
        Value byMinusOne = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq, args[1], minusOne);
        Value trivial = arith::OrIOp::create(b, loc, byZero, byMinusOne);
        Value divisor = arith::SelectOp::create(
            b, loc, trivial, constantOf(b, loc, t, 1), args[1]);
        return Value(arith::RemSIOp::create(b, loc, args[0], divisor));
      })
      .Case([&](NegateOp) -> FailureOr<Value> {
        if (isa<ComplexType>(t))
          return Value(complex::NegOp::create(b, loc, x));
        if (isa<FloatType>(t))
          return Value(arith::NegFOp::create(b, loc, x));
        return Value(
            arith::SubIOp::create(b, loc, constantOf(b, loc, t, 0), x));
      })
      .Case([&](ConjOp) -> FailureOr<Value> {
        if (isa<ComplexType>(t))
          return Value(complex::ConjOp::create(b, loc, x));
        return x;
      })
      .Case([&](AbsOp) -> FailureOr<Value> {
        if (isa<ComplexType>(t))
          return Value(complex::AbsOp::create(b, loc, x));
        if (isa<FloatType>(t))
          return Value(math::AbsFOp::create(b, loc, x));
        return Value(math::AbsIOp::create(b, loc, x));
      })
      .Case([&](SignOp) -> FailureOr<Value> {
        // 1 for x > 0, -1 for x < 0, x itself otherwise (keeps -0 and NaN).
        Value zero = constantOf(b, loc, t, 0);
        Value pos =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
        Value neg =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
        Value r =
            arith::SelectOp::create(b, loc, neg, constantOf(b, loc, t, -1), x);
        return Value(
            arith::SelectOp::create(b, loc, pos, constantOf(b, loc, t, 1), r));
      })
      .Case([&](MaximumOp) -> FailureOr<Value> {
        if (isa<FloatType>(t))
          return Value(arith::MaximumFOp::create(b, loc, args));
        return failure();
      })
      .Case([&](MinimumOp) -> FailureOr<Value> {
        if (isa<FloatType>(t))
          return Value(arith::MinimumFOp::create(b, loc, args));
        return failure();
      })
      .Case([&](ClampOp) -> FailureOr<Value> {
        if (!isa<FloatType>(t))
          return failure();
        Value lo = arith::MaximumFOp::create(b, loc, args[0], args[1]);
        return Value(arith::MinimumFOp::create(b, loc, lo, args[2]));
      })
      .Case([&](ExpOp) {
        return transcendental<math::ExpOp, complex::ExpOp>(b, loc, x);
      })
      .Case([&](LogOp) {
        return transcendental<math::LogOp, complex::LogOp>(b, loc, x);
      })
      .Case([&](SinOp) {
        return transcendental<math::SinOp, complex::SinOp>(b, loc, x);
      })
      .Case([&](CosOp) {
        return transcendental<math::CosOp, complex::CosOp>(b, loc, x);
      })
      .Case([&](TanhOp) {
        return transcendental<math::TanhOp, complex::TanhOp>(b, loc, x);
      })
      .Case([&](SqrtOp) {
        return transcendental<math::SqrtOp, complex::SqrtOp>(b, loc, x);
      })
      .Case([&](RsqrtOp) {
        return transcendental<math::RsqrtOp, complex::RsqrtOp>(b, loc, x);
      })
      .Case([&](Expm1Op) {
        return transcendental<math::ExpM1Op, complex::Expm1Op>(b, loc, x);
      })
      .Case([&](Log1pOp) {
        return transcendental<math::Log1pOp, complex::Log1pOp>(b, loc, x);
      })
      .Case([&](PowOp) -> FailureOr<Value> {
        if (isa<ComplexType>(t))
          return Value(complex::PowOp::create(b, loc, args[0], args[1]));
        return Value(math::PowFOp::create(b, loc, args[0], args[1]));
      })
      .Default([](Operation *) { return failure(); });
}
