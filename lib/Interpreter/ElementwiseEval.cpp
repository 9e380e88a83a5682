//===- ElementwiseEval.cpp - elementwise instructions ---------------------===//
//
// Elementwise instructions: the scalar semantics of each (applyElementwise),
// the complex functions computed as the compiled code computes them,
// comparisons, abs and select, and Interpreter::elementwise, which
// broadcasts the operands and applies them at every position.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <tuple>
#include <type_traits>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;
using namespace mlir::tenferro::host::detail;

namespace {

//===----------------------------------------------------------------------===//
// Complex functions
//===----------------------------------------------------------------------===//
//
// The same operations, in the same order, as tenferro-complex-to-libm
// (lib/Conversion/MathToLibm/ComplexToLibm.cpp) emits, so that results are
// bit-identical: complex<float> computes in complex<double> and rounds once;
// exp, log, sin, cos, tanh, sqrt, pow and abs are glibc's cexp, clog, csin,
// ccos, ctanh, csqrt, cpow and cabs (libstdc++'s std::complex functions
// call them); the real functions are glibc's too. No expression here may
// be contracted into a fused multiply-add: the project builds without
// -ffp-contract=fast and for a target without FMA by default, and the
// one fma below is explicit.

using C64 = std::complex<double>;

/// expm1(x + iy) = (expm1(x) cos(y) - 2 sin(y/2)^2) + i exp(x) sin(y);
/// the real part exp(x) cos(y) - 1 below x = -1; cexp(z) - 1 past
/// x = 709, where exp(x) alone overflows.
C64 complexExpm1(C64 z) {
  double x = z.real(), y = z.imag();
  double em1 = std::expm1(x), ex = std::exp(x);
  double c = std::cos(y), s = std::sin(y);
  double h = std::sin(0.5 * y);
  double r = x < -1.0 ? ex * c - 1.0 : em1 * c - 2.0 * (h * h);
  double i = ex * s;
  if (y == 0.0)
    i = y;
  if (x > 709.0) {
    C64 big = std::exp(z);
    return {big.real() - 1.0, big.imag()};
  }
  return {r, i};
}

/// Sum and rounding error of x + y.
std::pair<double, double> twoSum(double x, double y) {
  double s = x + y;
  double yy = s - x;
  double xx = s - yy;
  return {s, (x - xx) + (y - yy)};
}

/// log1p(x + iy) = log1p(s) / 2 + i atan2(y, 1 + x), s = 2x + x^2 + y^2
/// from the exact split squares by Sum3 (two passes of two-sums, then a
/// plain sum); log(hypot(1 + x, y)) where |1 + z| < 1/2 or s overflows.
C64 complexLog1p(C64 z) {
  double x = z.real(), y = z.imag();
  double a = 1.0 + x;
  double i = std::atan2(y, a);
  double p1 = x * x, p2 = y * y;
  double v[5] = {std::fma(x, x, -p1), std::fma(y, y, -p2), 2.0 * x, p1, p2};
  for (int pass = 0; pass < 2; ++pass)
    for (int k = 1; k < 5; ++k)
      std::tie(v[k], v[k - 1]) = twoSum(v[k], v[k - 1]);
  double s = v[0];
  for (int k = 1; k < 5; ++k)
    s = s + v[k];
  if (s >= -0.75 && s < std::numeric_limits<double>::infinity())
    return {0.5 * std::log1p(s), i};
  return {std::log(std::hypot(a, y)), i};
}

/// rsqrt(z) = conj(csqrt(z)) / hypot(x, y), z scaled by 1/4 where |z|
/// could overflow; rsqrt(0) = +inf -+ 0i, rsqrt(inf) a zero.
C64 complexRsqrt(C64 z) {
  double x = z.real(), y = z.imag();
  bool big = std::fmax(std::fabs(x), std::fabs(y)) > 0x1p1020;
  double scale = big ? 0.25 : 1.0, back = big ? 0.5 : 1.0;
  x = x * scale;
  y = y * scale;
  C64 w = std::sqrt(C64(x, y));
  double m = std::hypot(x, y);
  double r = (w.real() / m) * back;
  double i = -(w.imag() / m) * back;
  if (m == 0.0)
    return {std::numeric_limits<double>::infinity(), -w.imag()};
  if (std::isinf(m))
    return {std::copysign(0.0, w.real()), std::copysign(0.0, -w.imag())};
  return {r, i};
}

/// C99 Annex G's infinities and zeros for a / b = x + iy where x and y
/// both came out NaN: nonzero / zero, infinite / finite, finite / infinite.
void recoverDivide(double a, double b, double c, double d, double &x,
                   double &y) {
  if (std::isnan(x) && std::isnan(y)) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    auto box = [](double v) {
      return std::copysign(std::isinf(v) ? 1.0 : 0.0, v);
    };
    if (c == 0.0 && d == 0.0 && !(std::isnan(a) && std::isnan(b))) {
      x = std::copysign(inf, c) * a;
      y = std::copysign(inf, c) * b;
    } else if ((std::isinf(a) || std::isinf(b)) && std::isfinite(c) &&
               std::isfinite(d)) {
      double ba = box(a), bb = box(b);
      x = inf * (ba * c + bb * d);
      y = inf * (bb * c - ba * d);
    } else if ((std::isinf(c) || std::isinf(d)) && std::isfinite(a) &&
               std::isfinite(b)) {
      double bc = box(c), bd = box(d);
      x = 0.0 * (a * bc + b * bd);
      y = 0.0 * (b * bc - a * bd);
    }
  }
}

/// complex<float> division in double: exact products, each part rounded
/// twice in double and once to float.
std::complex<float> divideWidened(std::complex<float> l,
                                  std::complex<float> r) {
  double a = l.real(), b = l.imag(), c = r.real(), d = r.imag();
  double denom = c * c + d * d;
  double x = (a * c + b * d) / denom;
  double y = (b * c - a * d) / denom;
  recoverDivide(a, b, c, d, x, y);
  return {float(x), float(y)};
}

/// complex<double> division by Smith's algorithm (the divisor's smaller
/// part over its larger).
C64 divideSmith(C64 l, C64 r) {
  double a = l.real(), b = l.imag(), c = r.real(), d = r.imag();
  double x, y;
  if (std::fabs(c) < std::fabs(d)) {
    double ratio = c / d;
    double denom = d + ratio * c;
    x = (a * ratio + b) / denom;
    y = (b * ratio - a) / denom;
  } else {
    double ratio = d / c;
    double denom = c + ratio * d;
    x = (a + b * ratio) / denom;
    y = (b - a * ratio) / denom;
  }
  recoverDivide(a, b, c, d, x, y);
  return {x, y};
}

/// f on z computed in complex<double>, rounded once to z's type.
template <typename C, typename F>
C complexViaDouble(C z, F f) {
  C64 r = f(C64(z.real(), z.imag()));
  using T = typename C::value_type;
  return C(T(r.real()), T(r.imag()));
}

/// |z| by cabs, in double for complex<float>.
template <typename C>
typename C::value_type complexAbs(C z) {
  using T = typename C::value_type;
  return T(std::abs(C64(z.real(), z.imag())));
}

//===----------------------------------------------------------------------===//
// Scalar semantics of elementwise instructions
//===----------------------------------------------------------------------===//

/// The value of elementwise instruction `op` at one position, computed in
/// the result type R (operands already converted to R).
template <typename R>
R applyElementwise(Operation *op, ArrayRef<R> a) {
  constexpr bool cplx = is_complex<R>::value;
  constexpr bool flt = std::is_floating_point_v<R>;
  constexpr bool integer = std::is_integral_v<R> && !std::is_same_v<R, bool>;
  auto bad = [&]() -> R {
    throw EvalError{"no scalar semantics for '" +
                    op->getName().getStringRef().str() + "' on this dtype"};
  };
  (void)bad;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](AddOp) {
        if constexpr (integer)
          return wrapAdd(a[0], a[1]);
        else if constexpr (std::is_same_v<R, bool>)
          return bad();
        else
          return R(a[0] + a[1]);
      })
      .Case([&](SubtractOp) {
        if constexpr (integer)
          return wrapSub(a[0], a[1]);
        else if constexpr (std::is_same_v<R, bool>)
          return bad();
        else
          return R(a[0] - a[1]);
      })
      .Case([&](MultiplyOp) {
        if constexpr (std::is_same_v<R, bool>)
          return bad();
        else
          return multiply(a[0], a[1]);
      })
      .Case([&](DivideOp) {
        if constexpr (std::is_same_v<R, std::complex<float>>)
          return divideWidened(a[0], a[1]);
        else if constexpr (std::is_same_v<R, C64>)
          return divideSmith(a[0], a[1]);
        else if constexpr (flt)
          return R(a[0] / a[1]);
        else
          return bad();
      })
      .Case([&](RemainderOp) {
        if constexpr (flt)
          return R(std::fmod(a[0], a[1]));
        else if constexpr (integer) {
          // x % 0 = 0 and INT_MIN % -1 = 0 (docs/semantics.md), as the
          // compiled code computes them.
          if (a[1] == 0 || a[1] == R(-1))
            return R(0);
          return R(a[0] % a[1]);
        } else
          return bad();
      })
      .Case([&](NegateOp) {
        if constexpr (integer)
          return wrapSub(R(0), a[0]);
        else if constexpr (std::is_same_v<R, bool>)
          return bad();
        else
          return R(-a[0]);
      })
      .Case([&](ConjOp) {
        if constexpr (cplx)
          return std::conj(a[0]);
        else
          return a[0];
      })
      .Case([&](SignOp) {
        if constexpr (flt)
          return a[0] > 0 ? R(1) : (a[0] < 0 ? R(-1) : a[0]);
        else
          return bad();
      })
      .Case([&](MaximumOp) {
        if constexpr (flt)
          return maximumF(a[0], a[1]);
        else
          return bad();
      })
      .Case([&](MinimumOp) {
        if constexpr (flt)
          return minimumF(a[0], a[1]);
        else
          return bad();
      })
      .Case([&](ClampOp) {
        if constexpr (flt)
          return minimumF(maximumF(a[0], a[1]), a[2]);
        else
          return bad();
      })
      .Case([&](ExpOp) {
        if constexpr (flt)
          return R(std::exp(a[0]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], [](C64 z) { return std::exp(z); });
        else
          return bad();
      })
      .Case([&](LogOp) {
        if constexpr (flt)
          return R(std::log(a[0]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], [](C64 z) { return std::log(z); });
        else
          return bad();
      })
      .Case([&](SinOp) {
        if constexpr (flt)
          return R(std::sin(a[0]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], [](C64 z) { return std::sin(z); });
        else
          return bad();
      })
      .Case([&](CosOp) {
        if constexpr (flt)
          return R(std::cos(a[0]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], [](C64 z) { return std::cos(z); });
        else
          return bad();
      })
      .Case([&](TanhOp) {
        if constexpr (flt)
          return R(std::tanh(a[0]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], [](C64 z) { return std::tanh(z); });
        else
          return bad();
      })
      .Case([&](SqrtOp) {
        if constexpr (flt)
          return R(std::sqrt(a[0]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], [](C64 z) { return std::sqrt(z); });
        else
          return bad();
      })
      .Case([&](RsqrtOp) {
        if constexpr (flt)
          return R(R(1) / std::sqrt(a[0]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], complexRsqrt);
        else
          return bad();
      })
      .Case([&](Expm1Op) {
        if constexpr (flt)
          return R(std::expm1(a[0]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], complexExpm1);
        else
          return bad();
      })
      .Case([&](Log1pOp) {
        if constexpr (flt)
          return R(std::log1p(a[0]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], complexLog1p);
        else
          return bad();
      })
      .Case([&](PowOp) {
        if constexpr (flt)
          return R(std::pow(a[0], a[1]));
        else if constexpr (cplx)
          return complexViaDouble(a[0], [&](C64 x) {
            return std::pow(x, C64(a[1].real(), a[1].imag()));
          });
        else
          return bad();
      })
      .Default([&](Operation *) { return bad(); });
}

template <typename P>
bool compareValues(CompareDirection dir, P l, P r) {
  if constexpr (is_complex<P>::value) {
    return l == r; // only eq verifies for complex
  } else {
    switch (dir) {
    case CompareDirection::eq:
      return l == r;
    case CompareDirection::lt:
      return l < r;
    case CompareDirection::le:
      return l <= r;
    case CompareDirection::gt:
      return l > r;
    case CompareDirection::ge:
      return l >= r;
    }
    return false;
  }
}

} // namespace

HostTensor Interpreter::elementwise(Operation *op) {
  SmallVector<const HostTensor *> ins;
  for (Value v : op->getOperands())
    ins.push_back(&get(v));
  // Result shape: right-aligned broadcast for add/subtract/multiply,
  // operand 0's otherwise (operands must agree).
  bool broadcasts = isa<AddOp, SubtractOp, MultiplyOp>(op);
  Shape shape(ins[0]->shape);
  for (const HostTensor *t : llvm::drop_begin(ins)) {
    if (!broadcasts) {
      if (t->shape != ins[0]->shape)
        fail("operand shapes differ");
      continue;
    }
    size_t rank = std::max(shape.size(), t->shape.size());
    Shape out(rank, 1);
    for (size_t i = 0; i < rank; ++i) {
      int64_t a =
          i < rank - shape.size() ? 1 : shape[i - (rank - shape.size())];
      int64_t b = i < rank - t->shape.size()
                      ? 1
                      : t->shape[i - (rank - t->shape.size())];
      if (a != b && a != 1 && b != 1)
        fail("operand shapes do not broadcast");
      out[i] = a == 1 ? b : a;
    }
    shape = out;
  }
  // Only an extent that is 1 in the operand's type broadcasts; a dynamic
  // extent that happens to be 1 must match like any other, as in compiled
  // code (docs/semantics.md).
  for (auto [k, t] : llvm::enumerate(ins)) {
    auto type = cast<RankedTensorType>(op->getOperand(k).getType());
    size_t off = shape.size() - t->shape.size();
    for (size_t a = 0; a < t->shape.size(); ++a)
      if (t->shape[a] != shape[off + a] && type.getDimSize(a) != 1)
        fail("operand #" + std::to_string(k) +
             " has a different extent along axis " + std::to_string(a) +
             " than the result (dynamic extents must agree at run time; "
             "broadcasting a dynamic extent of 1 is not supported)");
  }
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  DType rdt = *dtypeOf(resultType.getElementType());
  HostTensor result = makeTensor(rdt, shape);
  // Offset of each operand at a result index (right-aligned, 1s broadcast).
  auto operandOffset = [&](const HostTensor &t, ArrayRef<int64_t> idx) {
    size_t off = shape.size() - t.shape.size();
    int64_t o = 0, stride = 1;
    for (size_t k = 0; k < t.shape.size(); ++k) {
      int64_t i = t.shape[k] == 1 ? 0 : idx[off + k];
      o += i * stride;
      stride *= t.shape[k];
    }
    return o;
  };
  forEachIndex(shape, [&](ArrayRef<int64_t> idx, int64_t e) {
    if (auto abs = dyn_cast<AbsOp>(op)) {
      visit(ins[0]->dtype, [&](auto tag) {
        using S = decltype(tag);
        S x = rawLoad<S>(*ins[0], operandOffset(*ins[0], idx));
        if constexpr (is_complex<S>::value) {
          rawStore(result, e, complexAbs(x));
        } else if constexpr (std::is_floating_point_v<S>) {
          rawStore(result, e, S(std::fabs(x)));
        } else if constexpr (std::is_same_v<S, bool>) {
          rawStore(result, e, x);
        } else {
          rawStore(result, e, x < 0 ? wrapSub(S(0), x) : x);
        }
      });
      return;
    }
    if (auto cmp = dyn_cast<CompareOp>(op)) {
      Type p = promoteDType(
          cast<RankedTensorType>(op->getOperand(0).getType()).getElementType(),
          cast<RankedTensorType>(op->getOperand(1).getType()).getElementType());
      bool v = visit(*dtypeOf(p), [&](auto tag) {
        using P = decltype(tag);
        return compareValues<P>(
            cmp.getDirection(), loadAs<P>(*ins[0], operandOffset(*ins[0], idx)),
            loadAs<P>(*ins[1], operandOffset(*ins[1], idx)));
      });
      rawStore(result, e, v);
      return;
    }
    if (isa<SelectOp>(op)) {
      bool p = loadAs<bool>(*ins[0], operandOffset(*ins[0], idx));
      const HostTensor &src = p ? *ins[1] : *ins[2];
      copyElement(result, e, src, operandOffset(src, idx));
      return;
    }
    visit(rdt, [&](auto tag) {
      using R = decltype(tag);
      SmallVector<R, 3> args;
      for (const HostTensor *t : ins)
        args.push_back(loadAs<R>(*t, operandOffset(*t, idx)));
      rawStore(result, e, applyElementwise<R>(op, args));
    });
  });
  return result;
}
