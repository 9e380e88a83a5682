//===- Interpreter.cpp - the reference interpreter of tenferro ------------===//
//
// A direct, element-by-element evaluation of tenferro's semantics. It
// shares nothing with the lowering but the dialect's own verified types and
// DimExpr evaluation. Where a result depends on the order of floating-point
// operations (reductions, contractions, scatter-add), it accumulates in the
// order the compiled code does: column-major over the reduced indices,
// starting from the identity (a reduction over the contiguous axis alone
// in 16 lanes, docs/semantics.md 8.5), without fused multiply-add.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Interpreter/Interpreter.h"

#include "tenferro/Dialect/Tenferro/IR/DimExprEval.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <tuple>
#include <type_traits>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;

namespace {

//===----------------------------------------------------------------------===//
// Indices and typed element access
//===----------------------------------------------------------------------===//

using Shape = SmallVector<int64_t>;

int64_t numel(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Column-major offset of `idx` in `shape`.
int64_t offsetOf(ArrayRef<int64_t> shape, ArrayRef<int64_t> idx) {
  int64_t off = 0, stride = 1;
  for (size_t a = 0; a < shape.size(); ++a) {
    off += idx[a] * stride;
    stride *= shape[a];
  }
  return off;
}

/// Calls `f(idx, linear)` for every index of `shape` in column-major order.
template <typename F>
void forEachIndex(ArrayRef<int64_t> shape, F f) {
  int64_t n = numel(shape);
  Shape idx(shape.size(), 0);
  for (int64_t e = 0; e < n; ++e) {
    f(ArrayRef<int64_t>(idx), e);
    for (size_t a = 0; a < shape.size(); ++a) {
      if (++idx[a] < shape[a])
        break;
      idx[a] = 0;
    }
  }
}

template <typename T>
struct is_complex : std::false_type {};
template <typename T>
struct is_complex<std::complex<T>> : std::true_type {};

template <typename T>
T rawLoad(const HostTensor &t, int64_t i) {
  if constexpr (std::is_same_v<T, bool>)
    return t.data[i] != 0;
  T v;
  std::memcpy(&v, &t.data[i * sizeof(T)], sizeof(T));
  return v;
}

template <typename T>
void rawStore(HostTensor &t, int64_t i, T v) {
  if constexpr (std::is_same_v<T, bool>) {
    t.data[i] = v ? 1 : 0;
  } else {
    std::memcpy(&t.data[i * sizeof(T)], &v, sizeof(T));
  }
}

/// Calls `f(T{})` with the C++ type of `dtype`.
template <typename F>
auto visit(DType dtype, F f) {
  switch (dtype) {
  case DType::F32:
    return f(float{});
  case DType::F64:
    return f(double{});
  case DType::I32:
    return f(int32_t{});
  case DType::I64:
    return f(int64_t{});
  case DType::Bool:
    return f(bool{});
  case DType::C32:
    return f(std::complex<float>{});
  case DType::C64:
    return f(std::complex<double>{});
  }
  llvm_unreachable("unknown dtype");
}

/// tenferro's scalar conversion (the lowering's convertScalar): integers
/// sign-extend or truncate, floats round, float to int truncates, anything
/// to bool is != 0, bool to numbers is 0/1, real to complex has imaginary
/// part 0, complex to real takes the real part.
template <typename To, typename From>
To convertValue(From v) {
  if constexpr (is_complex<From>::value) {
    if constexpr (is_complex<To>::value)
      return To(static_cast<typename To::value_type>(v.real()),
                static_cast<typename To::value_type>(v.imag()));
    else
      return convertValue<To>(v.real());
  } else if constexpr (is_complex<To>::value) {
    return To(convertValue<typename To::value_type>(v), 0);
  } else if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (std::is_integral_v<To> &&
                       std::is_floating_point_v<From>) {
    // Saturating, NaN to 0, as Rust's `as` (docs/semantics.md); a plain
    // cast is undefined out of range. The bounds are powers of two, exact
    // in every float type.
    if (std::isnan(v))
      return To(0);
    From bound = std::ldexp(From(1), std::numeric_limits<To>::digits);
    if (v >= bound)
      return std::numeric_limits<To>::max();
    if (v < -bound)
      return std::numeric_limits<To>::min();
    return static_cast<To>(v);
  } else {
    return static_cast<To>(v);
  }
}

template <typename T>
T loadAs(const HostTensor &t, int64_t i) {
  return visit(t.dtype, [&](auto tag) {
    return convertValue<T>(rawLoad<decltype(tag)>(t, i));
  });
}

DType dtypeOfType(Type t) {
  return *dtypeOf(cast<RankedTensorType>(t).getElementType());
}

HostTensor makeTensor(DType dtype, ArrayRef<int64_t> shape) {
  HostTensor t{dtype, Shape(shape), {}};
  t.data.assign(numel(shape) * elementSize(dtype), 0);
  return t;
}

/// An error in the interpreter, carried up to `interpret`.
struct EvalError {
  std::string message;
};

//===----------------------------------------------------------------------===//
// Scalar semantics of elementwise instructions
//===----------------------------------------------------------------------===//

template <typename T>
T wrapAdd(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
}
template <typename T>
T wrapSub(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
}
template <typename T>
T wrapMul(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
}

/// arith.maximumf / minimumf: NaN propagates, -0 < +0.
template <typename T>
T maximumF(T a, T b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<T>::quiet_NaN();
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
template <typename T>
T minimumF(T a, T b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<T>::quiet_NaN();
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

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
        if constexpr (integer)
          return wrapMul(a[0], a[1]);
        else if constexpr (std::is_same_v<R, bool>)
          return bad();
        else
          return R(a[0] * a[1]);
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

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

class Interpreter {
public:
  /// `depth`: how many calls between programs enclose this evaluation.
  explicit Interpreter(unsigned depth = 0) : depth(depth) {}

  std::vector<HostTensor> run(func::FuncOp program,
                              ArrayRef<HostTensor> inputs) {
    Block &body = program.getBody().front();
    checkShapeGuards(program, inputs);
    for (auto [arg, t] : llvm::zip_equal(body.getArguments(), inputs))
      values[arg] = t;
    return runBlock(body);
  }

private:
  std::vector<HostTensor> runBlock(Block &block) {
    for (Operation &op : block) {
      if (op.hasTrait<mlir::OpTrait::IsTerminator>()) {
        std::vector<HostTensor> results;
        for (Value v : op.getOperands())
          results.push_back(get(v));
        return results;
      }
      current = &op;
      std::vector<HostTensor> results = evaluate(&op);
      for (auto [r, t] : llvm::zip_equal(op.getResults(), results))
        values[r] = std::move(t);
    }
    throw EvalError{"block without terminator"};
  }

  const HostTensor &get(Value v) {
    auto it = values.find(v);
    if (it == values.end())
      throw EvalError{"value used before it is defined"};
    return it->second;
  }

  [[noreturn]] void fail(const std::string &message) {
    throw EvalError{message};
  }

  void checkShapeGuards(func::FuncOp program, ArrayRef<HostTensor> inputs) {
    auto guards = program->getAttrOfType<ArrayAttr>(
        TenferroDialect::kShapeGuardsAttrName);
    if (!guards)
      return;
    SmallVector<ArrayRef<int64_t>> shapes;
    for (const HostTensor &t : inputs)
      shapes.push_back(t.shape);
    for (auto [i, a] : llvm::enumerate(guards)) {
      auto g = cast<ShapeGuardAttr>(a);
      int64_t l = evalDim(g.getLhs(), shapes), r = evalDim(g.getRhs(), shapes);
      if (l != r)
        fail("shape guard #" + std::to_string(i) +
             " violated (ShapeConstraintViolation): " + std::to_string(l) +
             " != " + std::to_string(r));
    }
  }

  int64_t evalDim(DimExprAttr e, ArrayRef<ArrayRef<int64_t>> shapes) {
    DimExprValue v = evaluateDimExpr(e, shapes);
    if (v.isError())
      fail("DimExpr " + stringifyDimExprError(v.error).str() + ": " +
           v.message);
    return *v.value;
  }

  Shape evalShape(ArrayAttr exprs, ValueRange operands) {
    SmallVector<ArrayRef<int64_t>> shapes;
    for (Value v : operands)
      shapes.push_back(get(v).shape);
    Shape shape;
    for (Attribute a : exprs)
      shape.push_back(evalDim(cast<DimExprAttr>(a), shapes));
    return shape;
  }

  std::vector<HostTensor> evaluate(Operation *op);
  std::vector<HostTensor> evaluateMore(Operation *op);
  HostTensor elementwise(Operation *op);
  template <typename OpTy>
  HostTensor reduce(OpTy op);
  template <typename OpTy>
  HostTensor dot(OpTy op, bool conjL, bool conjR);
  HostTensor gather(Operation *op, Value operandV, Value indicesV,
                    GatherDimensionNumbersAttr dn, ArrayRef<int64_t> sizes);
  HostTensor scatter(ScatterOp op);

  /// Copies element `from` of `src` to element `to` of `dst` with dtype
  /// conversion.
  void copyElement(HostTensor &dst, int64_t to, const HostTensor &src,
                   int64_t from) {
    visit(dst.dtype, [&](auto tag) {
      using T = decltype(tag);
      rawStore<T>(dst, to, loadAs<T>(src, from));
    });
  }

  /// Deeper calls than this are a recursion: an ExecProgram has no
  /// control flow to end one.
  static constexpr unsigned kMaxCallDepth = 64;

  llvm::DenseMap<Value, HostTensor> values;
  Operation *current = nullptr;
  unsigned depth;

public:
  Operation *getCurrent() const { return current; }
};

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

template <typename OpTy>
HostTensor Interpreter::reduce(OpTy op) {
  const HostTensor &in = get(op.getOperand());
  ArrayRef<int64_t> axes = op.getAxes();
  Shape outShape;
  for (auto [a, d] : llvm::enumerate(in.shape))
    if (!llvm::is_contained(axes, static_cast<int64_t>(a)))
      outShape.push_back(d);
  HostTensor out = makeTensor(in.dtype, outShape);
  visit(in.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, bool>) {
      fail("reductions do not take i1");
    } else {
      T identity = T(0);
      if constexpr (std::is_same_v<OpTy, ReduceProdOp>)
        identity = T(1);
      if constexpr (std::is_floating_point_v<T>) {
        if constexpr (std::is_same_v<OpTy, ReduceMaxOp>)
          identity = -std::numeric_limits<T>::infinity();
        if constexpr (std::is_same_v<OpTy, ReduceMinOp>)
          identity = std::numeric_limits<T>::infinity();
      }
      // acc combined with x; `squares` squares x first (sums of squares
      // combine input elements so, and their lanes' partial sums plainly).
      auto step = [&](T acc, T x, bool squares) -> T {
        if constexpr (std::is_same_v<OpTy, ReduceSumOp> ||
                      std::is_same_v<OpTy, ReduceSumSquaresOp>) {
          if (std::is_same_v<OpTy, ReduceSumSquaresOp> && squares) {
            if constexpr (is_complex<T>::value)
              x = x * std::conj(x);
            else if constexpr (std::is_integral_v<T>)
              x = wrapMul(x, x);
            else
              x = x * x;
          }
          if constexpr (std::is_integral_v<T>)
            return wrapAdd(acc, x);
          else
            return acc + x;
        } else if constexpr (std::is_same_v<OpTy, ReduceProdOp>) {
          if constexpr (std::is_integral_v<T>)
            return wrapMul(acc, x);
          else
            return acc * x;
        } else if constexpr (std::is_floating_point_v<T>) {
          return std::is_same_v<OpTy, ReduceMaxOp> ? maximumF(acc, x)
                                                   : minimumF(acc, x);
        } else {
          fail("reduce_max/reduce_min take f32 or f64");
          return acc;
        }
      };
      auto outIndex = [&](ArrayRef<int64_t> idx) {
        Shape o;
        for (auto [a, i] : llvm::enumerate(idx))
          if (!llvm::is_contained(axes, static_cast<int64_t>(a)))
            o.push_back(i);
        return offsetOf(outShape, o);
      };
      int64_t n = numel(outShape);
      if (axes.size() == 1 && axes[0] == 0) {
        // Over the contiguous axis alone: in kLanes lanes, as the compiled
        // code (docs/semantics.md 8.5, "Order"): lane l combines the
        // elements whose index on axis 0 is l mod kLanes, in increasing
        // order, from the identity; then the lanes in order.
        constexpr int64_t kLanes = 16;
        std::vector<T> lanes(static_cast<size_t>(n * kLanes), identity);
        forEachIndex(in.shape, [&](ArrayRef<int64_t> idx, int64_t e) {
          T &acc = lanes[outIndex(idx) * kLanes + idx[0] % kLanes];
          acc = step(acc, rawLoad<T>(in, e), /*squares=*/true);
        });
        for (int64_t oe = 0; oe < n; ++oe) {
          T acc = identity;
          for (int64_t l = 0; l < kLanes; ++l)
            acc = step(acc, lanes[oe * kLanes + l], /*squares=*/false);
          rawStore(out, oe, acc);
        }
        return;
      }
      for (int64_t e = 0; e < n; ++e)
        rawStore(out, e, identity);
      // Column-major over the input: each output accumulates its reduced
      // elements in the compiled loop nest's order.
      forEachIndex(in.shape, [&](ArrayRef<int64_t> idx, int64_t e) {
        int64_t oe = outIndex(idx);
        rawStore(
            out, oe,
            step(rawLoad<T>(out, oe), rawLoad<T>(in, e), /*squares=*/true));
      });
    }
  });
  return out;
}

template <typename OpTy>
HostTensor Interpreter::dot(OpTy op, bool conjL, bool conjR) {
  const HostTensor &l = get(op.getLhs()), &r = get(op.getRhs());
  DotDimensionNumbersAttr dn = op.getDimensionNumbers();
  ArrayRef<int64_t> lc = dn.getLhsContractingDims(),
                    rc = dn.getRhsContractingDims(), lb = dn.getLhsBatchDims(),
                    rb = dn.getRhsBatchDims();
  SmallVector<int64_t> lFree, rFree;
  for (int64_t a = 0; a < static_cast<int64_t>(l.shape.size()); ++a)
    if (!llvm::is_contained(lc, a) && !llvm::is_contained(lb, a))
      lFree.push_back(a);
  for (int64_t a = 0; a < static_cast<int64_t>(r.shape.size()); ++a)
    if (!llvm::is_contained(rc, a) && !llvm::is_contained(rb, a))
      rFree.push_back(a);
  Shape outShape, kShape;
  for (int64_t a : lFree)
    outShape.push_back(l.shape[a]);
  for (int64_t a : rFree)
    outShape.push_back(r.shape[a]);
  for (int64_t a : lb)
    outShape.push_back(l.shape[a]);
  for (int64_t a : lc)
    kShape.push_back(l.shape[a]);
  DType rdt = dtypeOfType(op.getResult().getType());
  HostTensor out = makeTensor(rdt, outShape);
  visit(rdt, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T> || is_complex<T>::value) {
      forEachIndex(outShape, [&](ArrayRef<int64_t> o, int64_t e) {
        Shape li(l.shape.size()), ri(r.shape.size());
        size_t p = 0;
        for (int64_t a : lFree)
          li[a] = o[p++];
        for (int64_t a : rFree)
          ri[a] = o[p++];
        for (auto [a, b] : llvm::zip_equal(lb, rb))
          li[a] = ri[b] = o[p++];
        T acc = T(0);
        // The first contracting dim varies slowest, as in the compiled
        // loop nest.
        Shape k(kShape.size(), 0);
        for (int64_t n = numel(kShape), c = 0; c < n; ++c) {
          for (auto [j, a, b] : llvm::enumerate(lc, rc))
            li[a] = ri[b] = k[j];
          T x = loadAs<T>(l, offsetOf(l.shape, li));
          T y = loadAs<T>(r, offsetOf(r.shape, ri));
          if constexpr (is_complex<T>::value) {
            if (conjL)
              x = std::conj(x);
            if (conjR)
              y = std::conj(y);
          }
          T prod = x * y;
          acc = acc + prod;
          for (size_t j = k.size(); j-- > 0;) {
            if (++k[j] < kShape[j])
              break;
            k[j] = 0;
          }
        }
        rawStore(out, e, acc);
      });
    } else {
      fail("dot_general takes floating-point or complex operands");
    }
  });
  return out;
}

/// The start position (logical, per operand axis) read from the index
/// tensor at batch position `batch`.
Shape startVector(const HostTensor &indices, ArrayRef<int64_t> batch,
                  int64_t ivd, ArrayRef<int64_t> map, int64_t rank) {
  Shape start(rank, 0);
  for (auto [k, d] : llvm::enumerate(map)) {
    Shape at(batch);
    if (ivd < static_cast<int64_t>(indices.shape.size()))
      at.insert(at.begin() + ivd, k);
    start[d] = loadAs<int64_t>(indices, offsetOf(indices.shape, at));
  }
  return start;
}

HostTensor Interpreter::gather(Operation *op, Value operandV, Value indicesV,
                               GatherDimensionNumbersAttr dn,
                               ArrayRef<int64_t> sizes) {
  const HostTensor &x = get(operandV), &ind = get(indicesV);
  int64_t rank = x.shape.size(), ivd = dn.getIndexVectorDim();
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims(),
                    collapsed = dn.getCollapsedSliceDims();
  Shape batchDims, windowDims;
  for (int64_t d = 0; d < static_cast<int64_t>(ind.shape.size()); ++d)
    if (d != ivd)
      batchDims.push_back(ind.shape[d]);
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(collapsed, d))
      windowDims.push_back(sizes[d]);
  int64_t outRank = batchDims.size() + offsetDims.size();
  Shape outShape;
  for (int64_t o = 0, b = 0, w = 0; o < outRank; ++o)
    outShape.push_back(llvm::is_contained(offsetDims, o) ? windowDims[w++]
                                                         : batchDims[b++]);
  HostTensor out = makeTensor(x.dtype, outShape);
  forEachIndex(outShape, [&](ArrayRef<int64_t> o, int64_t e) {
    Shape batch;
    for (int64_t i = 0; i < outRank; ++i)
      if (!llvm::is_contained(offsetDims, i))
        batch.push_back(o[i]);
    Shape start = startVector(ind, batch, ivd, dn.getStartIndexMap(), rank);
    Shape pos(rank);
    for (int64_t d = 0, w = 0; d < rank; ++d) {
      int64_t s =
          std::min(std::max<int64_t>(start[d], 0), x.shape[d] - sizes[d]);
      pos[d] = s + (llvm::is_contained(collapsed, d) ? 0 : o[offsetDims[w++]]);
    }
    copyElement(out, e, x, offsetOf(x.shape, pos));
  });
  (void)op;
  return out;
}

HostTensor Interpreter::scatter(ScatterOp op) {
  const HostTensor &x = get(op.getOperand()), &ind = get(op.getIndices()),
                   &upd = get(op.getUpdates());
  DType rdt = dtypeOfType(op.getResult().getType());
  HostTensor out = makeTensor(rdt, x.shape);
  for (int64_t e = 0, n = numel(x.shape); e < n; ++e)
    copyElement(out, e, x, e);
  ScatterDimensionNumbersAttr dn = op.getDimensionNumbers();
  ArrayRef<int64_t> window = dn.getUpdateWindowDims(),
                    inserted = dn.getInsertedWindowDims();
  int64_t rank = x.shape.size();
  forEachIndex(upd.shape, [&](ArrayRef<int64_t> u, int64_t e) {
    Shape batch;
    for (int64_t d = 0; d < static_cast<int64_t>(u.size()); ++d)
      if (!llvm::is_contained(window, d))
        batch.push_back(u[d]);
    Shape pos = startVector(ind, batch, dn.getIndexVectorDim(),
                            dn.getScatterDimsToOperandDims(), rank);
    bool inBounds = true;
    for (int64_t d = 0, w = 0; d < rank; ++d) {
      if (!llvm::is_contained(inserted, d))
        pos[d] += u[window[w++]];
      inBounds = inBounds && pos[d] >= 0 && pos[d] < x.shape[d];
    }
    if (!inBounds)
      return;
    int64_t oe = offsetOf(x.shape, pos);
    visit(rdt, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, bool>) {
        rawStore(out, oe, rawLoad<bool>(out, oe) || loadAs<bool>(upd, e));
      } else if constexpr (std::is_integral_v<T>) {
        rawStore(out, oe, wrapAdd(rawLoad<T>(out, oe), loadAs<T>(upd, e)));
      } else {
        rawStore(out, oe, T(rawLoad<T>(out, oe) + loadAs<T>(upd, e)));
      }
    });
  });
  return out;
}

std::vector<HostTensor> Interpreter::evaluate(Operation *op) {
  if (isElementwiseOp(op))
    return {elementwise(op)};
  auto one = [](HostTensor t) { return std::vector<HostTensor>{std::move(t)}; };
  return llvm::TypeSwitch<Operation *, std::vector<HostTensor>>(op)
      .Case([&](FusedRegionOp region) {
        Block &body = region.getBodyBlock();
        for (auto [arg, v] :
             llvm::zip_equal(body.getArguments(), region.getInputs()))
          values[arg] = get(v);
        return runBlock(body);
      })
      .Case([&](ConstantOp c) {
        HostTensor t = makeTensor(dtypeOfType(c.getType()), {});
        Attribute v = c.getValue();
        visit(t.dtype, [&](auto tag) {
          using T = decltype(tag);
          if (auto i = dyn_cast<IntegerAttr>(v))
            rawStore(t, 0, convertValue<T>(i.getValue().getSExtValue()));
          else if (auto f = dyn_cast<FloatAttr>(v))
            rawStore(t, 0, convertValue<T>(f.getValueAsDouble()));
          else {
            auto parts = cast<ArrayAttr>(v);
            std::complex<double> z(
                cast<FloatAttr>(parts[0]).getValueAsDouble(),
                cast<FloatAttr>(parts[1]).getValueAsDouble());
            rawStore(t, 0, convertValue<T>(z));
          }
        });
        return one(std::move(t));
      })
      .Case([&](ConvertOp c) {
        const HostTensor &in = get(c.getOperand());
        HostTensor out = makeTensor(dtypeOfType(c.getType()), in.shape);
        for (int64_t e = 0, n = numel(in.shape); e < n; ++e)
          copyElement(out, e, in, e);
        return one(std::move(out));
      })
      .Case([&](TransposeOp t) {
        const HostTensor &in = get(t.getOperand());
        Shape shape;
        for (int64_t p : t.getPerm())
          shape.push_back(in.shape[p]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i(in.shape.size());
          for (auto [k, p] : llvm::enumerate(t.getPerm()))
            i[p] = o[k];
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](ReshapeOp r) {
        HostTensor out = get(r.getOperand());
        Shape shape = evalShape(r.getShape(), r->getOperands());
        if (numel(shape) != numel(out.shape))
          fail("reshape changes the element count");
        out.shape = shape; // column-major order is kept
        return one(std::move(out));
      })
      .Case([&](BroadcastInDimOp b) {
        const HostTensor &in = get(b.getOperand());
        Shape shape = evalShape(b.getShape(), b->getOperands());
        HostTensor out = makeTensor(in.dtype, shape);
        // A source extent broadcasts when it is 1 in the operand's type; a
        // dynamic one must equal the target extent, as in compiled code.
        auto inType = cast<RankedTensorType>(b.getOperand().getType());
        for (auto [k, d] : llvm::enumerate(b.getDims()))
          if (in.shape[k] != shape[d] && inType.getDimSize(k) != 1)
            fail("broadcast_in_dim: operand axis " + std::to_string(k) +
                 " has extent " + std::to_string(in.shape[k]) +
                 ", neither 1 in its type nor the target extent " +
                 std::to_string(shape[d]));
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (auto [k, d] : llvm::enumerate(b.getDims()))
            i.push_back(inType.getDimSize(k) == 1 ? 0 : o[d]);
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](ReduceSumOp r) { return one(reduce(r)); })
      .Case([&](ReduceProdOp r) { return one(reduce(r)); })
      .Case([&](ReduceMaxOp r) { return one(reduce(r)); })
      .Case([&](ReduceMinOp r) { return one(reduce(r)); })
      .Case([&](ReduceSumSquaresOp r) { return one(reduce(r)); })
      .Case([&](DotGeneralOp d) { return one(dot(d, false, false)); })
      .Case([&](DotGeneralWithConjOp d) {
        return one(dot(d, d.getLhsConj(), d.getRhsConj()));
      })
      .Case([&](ShapeOfOp s) {
        HostTensor out = makeTensor(DType::F64, {});
        rawStore(out, 0, double(get(s.getOperand()).shape[s.getAxis()]));
        return one(std::move(out));
      })
      .Case([&](ExtractDiagOp d) {
        const HostTensor &in = get(d.getOperand());
        int64_t a = d.getAxisA(), b = d.getAxisB();
        int64_t pos = a > b ? a - 1 : a;
        Shape shape;
        for (int64_t i = 0; i < static_cast<int64_t>(in.shape.size()); ++i)
          if (i != b)
            shape.push_back(in.shape[i]);
        shape[pos] = std::min(in.shape[a], in.shape[b]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (int64_t k = 0, j = 0; k < static_cast<int64_t>(in.shape.size());
               ++k)
            i.push_back(k == b ? 0 : o[j++]);
          i[a] = i[b] = o[pos];
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](EmbedDiagOp d) {
        const HostTensor &in = get(d.getOperand());
        int64_t a = d.getAxisA(), b = d.getAxisB();
        int64_t aOut = a < b ? a : a + 1;
        Shape shape(in.shape);
        shape.insert(shape.begin() + b, in.shape[a]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          if (o[b] != o[aOut])
            return;
          Shape i(o);
          i.erase(i.begin() + b);
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Default([&](Operation *t) -> std::vector<HostTensor> {
        bool lower = isa<TrilOp>(t);
        if (!lower && !isa<TriuOp>(t))
          return evaluateMore(t);
        const HostTensor &in = get(t->getOperand(0));
        int64_t k = lower ? cast<TrilOp>(t).getK() : cast<TriuOp>(t).getK();
        HostTensor out = makeTensor(in.dtype, in.shape);
        forEachIndex(in.shape, [&](ArrayRef<int64_t> o, int64_t e) {
          int64_t diff = o[1] - o[0];
          if (lower ? diff <= k : diff >= k)
            copyElement(out, e, in, e);
        });
        return one(std::move(out));
      });
}

std::vector<HostTensor> Interpreter::evaluateMore(Operation *op) {
  auto one = [](HostTensor t) { return std::vector<HostTensor>{std::move(t)}; };
  return llvm::TypeSwitch<Operation *, std::vector<HostTensor>>(op)
      .Case([&](ReverseOp r) {
        const HostTensor &in = get(r.getOperand());
        HostTensor out = makeTensor(in.dtype, in.shape);
        forEachIndex(in.shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i(o);
          for (int64_t a : r.getAxes())
            i[a] = in.shape[a] - 1 - o[a];
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](SliceOp s) {
        const HostTensor &in = get(s.getOperand());
        Shape shape;
        for (size_t a = 0; a < in.shape.size(); ++a)
          shape.push_back(
              (s.getLimits()[a] - s.getStarts()[a] + s.getStrides()[a] - 1) /
              s.getStrides()[a]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (size_t a = 0; a < o.size(); ++a)
            i.push_back(s.getStarts()[a] + o[a] * s.getStrides()[a]);
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](PadOp p) {
        const HostTensor &in = get(p.getOperand());
        ArrayRef<int64_t> lo = p.getEdgePaddingLow(),
                          hi = p.getEdgePaddingHigh(),
                          interior = p.getInteriorPadding();
        Shape shape;
        for (size_t a = 0; a < in.shape.size(); ++a) {
          int64_t n = in.shape[a];
          shape.push_back(lo[a] + hi[a] +
                          (n == 0 ? 0 : (n - 1) * (interior[a] + 1) + 1));
        }
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (size_t a = 0; a < o.size(); ++a) {
            int64_t s = o[a] - lo[a], step = interior[a] + 1;
            if (s < 0 || s % step != 0 || s / step >= in.shape[a])
              return;
            i.push_back(s / step);
          }
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](ConcatenateOp c) {
        int64_t axis = c.getAxis();
        Shape shape(get(c.getInputs()[0]).shape);
        shape[axis] = 0;
        for (Value v : c.getInputs())
          shape[axis] += get(v).shape[axis];
        HostTensor out = makeTensor(dtypeOfType(c.getType()), shape);
        int64_t base = 0;
        for (Value v : c.getInputs()) {
          const HostTensor &in = get(v);
          forEachIndex(in.shape, [&](ArrayRef<int64_t> i, int64_t e) {
            Shape o(i);
            o[axis] += base;
            copyElement(out, offsetOf(shape, o), in, e);
          });
          base += in.shape[axis];
        }
        return one(std::move(out));
      })
      .Case([&](DynamicSliceOp d) {
        const HostTensor &in = get(d.getOperand());
        const HostTensor &starts = get(d.getStartIndices());
        ArrayRef<int64_t> sizes = d.getSliceSizes();
        Shape start;
        for (size_t a = 0; a < in.shape.size(); ++a)
          start.push_back(
              std::min(std::max<int64_t>(loadAs<int64_t>(starts, a), 0),
                       in.shape[a] - sizes[a]));
        HostTensor out = makeTensor(in.dtype, sizes);
        forEachIndex(sizes, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (size_t a = 0; a < o.size(); ++a)
            i.push_back(start[a] + o[a]);
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](DynamicUpdateSliceOp d) {
        const HostTensor &in = get(d.getOperand()), &u = get(d.getUpdate());
        const HostTensor &starts = get(d.getStartIndices());
        HostTensor out = makeTensor(dtypeOfType(d.getType()), in.shape);
        for (int64_t e = 0, n = numel(in.shape); e < n; ++e)
          copyElement(out, e, in, e);
        Shape start;
        for (size_t a = 0; a < in.shape.size(); ++a)
          start.push_back(
              std::min(std::max<int64_t>(loadAs<int64_t>(starts, a), 0),
                       in.shape[a] - u.shape[a]));
        forEachIndex(u.shape, [&](ArrayRef<int64_t> i, int64_t e) {
          Shape o;
          for (size_t a = 0; a < i.size(); ++a)
            o.push_back(start[a] + i[a]);
          copyElement(out, offsetOf(in.shape, o), u, e);
        });
        return one(std::move(out));
      })
      .Case([&](GatherOp g) {
        return one(gather(g, g.getOperand(), g.getIndices(),
                          g.getDimensionNumbers(), g.getSliceSizes()));
      })
      .Case([&](GatherDynamicSliceSizesOp g) {
        Shape sizes = evalShape(g.getSliceSizes(), g->getOperands());
        return one(gather(g, g.getOperand(), g.getIndices(),
                          g.getDimensionNumbers(), sizes));
      })
      .Case([&](ScatterOp s) { return one(scatter(s)); })
      .Case([&](DynamicTruncateOp d) {
        const HostTensor &in = get(d.getOperand());
        int64_t axis = d.getAxis();
        int64_t n = loadAs<int64_t>(get(d.getSize()), 0);
        if (n < 0 || n > in.shape[axis])
          fail("dynamic_truncate: length out of range");
        Shape shape(in.shape);
        shape[axis] = n;
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          copyElement(out, e, in, offsetOf(in.shape, o));
        });
        return one(std::move(out));
      })
      .Case([&](PadToMatchOp p) {
        const HostTensor &in = get(p.getOperand());
        int64_t axis = p.getAxis();
        Shape shape(in.shape);
        shape[axis] =
            std::max(in.shape[axis], get(p.getReference()).shape[axis]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(in.shape, [&](ArrayRef<int64_t> i, int64_t e) {
          copyElement(out, offsetOf(shape, i), in, e);
        });
        return one(std::move(out));
      })
      .Case([&](ExtensionOp x) -> std::vector<HostTensor> {
        fail("extension family '" + x.getFamilyId().str() +
             "' has no reference implementation");
      })
      .Case([&](func::CallOp call) {
        // A call to another program runs it on its own slots.
        auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr());
        if (!callee || callee.isExternal() || !callee.getBody().hasOneBlock())
          fail("callee @" + call.getCallee().str() + " is not a program");
        if (depth >= kMaxCallDepth)
          fail("calls nested more than " + std::to_string(kMaxCallDepth) +
               " deep (a recursion)");
        std::vector<HostTensor> inputs;
        for (Value v : call.getOperands())
          inputs.push_back(get(v));
        Interpreter nested(depth + 1);
        try {
          return nested.run(callee, inputs);
        } catch (EvalError &e) {
          std::string where;
          llvm::raw_string_ostream os(where);
          os << "in @" << callee.getSymName() << ", ";
          if (Operation *op = nested.getCurrent())
            os << "'" << op->getName() << "' at " << op->getLoc() << ": ";
          e.message = where + e.message;
          throw;
        }
      })
      .Default([&](Operation *o) -> std::vector<HostTensor> {
        fail("no reference semantics for '" +
             o->getName().getStringRef().str() + "'");
      });
}

} // namespace

FailureOr<std::vector<HostTensor>> mlir::tenferro::host::interpret(
    func::FuncOp program, ArrayRef<HostTensor> inputs, std::string &error) {
  if (program.isExternal() || !program.getBody().hasOneBlock()) {
    error = "@" + program.getSymName().str() + " is not a program";
    return failure();
  }
  if (inputs.size() != program.getNumArguments()) {
    error = "expected " + std::to_string(program.getNumArguments()) +
            " inputs, got " + std::to_string(inputs.size());
    return failure();
  }
  Interpreter interpreter;
  try {
    return interpreter.run(program, inputs);
  } catch (const EvalError &e) {
    error = e.message;
    if (Operation *op = interpreter.getCurrent()) {
      std::string where;
      llvm::raw_string_ostream os(where);
      os << "'" << op->getName() << "' at " << op->getLoc() << ": ";
      error = where + error;
    }
    return failure();
  }
}
