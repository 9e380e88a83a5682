//===- InterpreterImpl.h - the reference interpreter, shared ----*- C++ -*-===//
//
// What the files of the reference interpreter share: the Interpreter class,
// EvalError, column-major indexing, typed element access and dtype
// conversion, and the scalar operations that elementwise instructions,
// reductions and scatter all use (wrapping integer arithmetic,
// NaN-propagating maximum and minimum). The evaluation is split by op
// family, one file each (the Interpreter class lists what each defines).
// Every one of them is compiled with -ffp-contract=off (CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_INTERPRETER_INTERPRETERIMPL_H
#define TENFERRO_LIB_INTERPRETER_INTERPRETERIMPL_H

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/Runtime/HostTensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/ADT/DenseMap.h"

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace mlir::tenferro::host::detail {

//===----------------------------------------------------------------------===//
// Indices and typed element access
//===----------------------------------------------------------------------===//

using Shape = SmallVector<int64_t>;

inline int64_t numel(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Column-major offset of `idx` in `shape`.
inline int64_t offsetOf(ArrayRef<int64_t> shape, ArrayRef<int64_t> idx) {
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

inline DType dtypeOfType(Type t) {
  return *dtypeOf(cast<RankedTensorType>(t).getElementType());
}

inline HostTensor makeTensor(DType dtype, ArrayRef<int64_t> shape) {
  HostTensor t{dtype, Shape(shape), {}};
  t.data.assign(numel(shape) * elementSize(dtype), 0);
  return t;
}

/// An error in the interpreter, carried up to `interpret`.
struct EvalError {
  std::string message;
};

//===----------------------------------------------------------------------===//
// Scalar semantics shared by elementwise instructions, reductions and scatter
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

/// `multiply` of two elements of dtype T (not i1), as compiled code
/// computes it: integers wrap; complex numbers by the textbook formula,
/// `(ac - bd) + (ad + bc)i`, for every operand (docs/semantics.md 7.2;
/// `complex.mul` through convert-complex-to-standard, and Rust's
/// num-complex). Not `std::complex`'s operator*: C and C++ compilers call
/// `__muldc3` there when both parts come out NaN, which recovers
/// infinities (C99 Annex G), so `(inf + inf i) * 2` would be `inf + inf i`
/// instead of `NaN + NaN i`.
template <typename T>
T multiply(T a, T b) {
  if constexpr (std::is_integral_v<T>)
    return wrapMul(a, b);
  else if constexpr (is_complex<T>::value)
    return {a.real() * b.real() - a.imag() * b.imag(),
            a.real() * b.imag() + a.imag() * b.real()};
  else
    return a * b;
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
// The interpreter
//===----------------------------------------------------------------------===//

/// Evaluates one program (and, with a nested Interpreter, each program it
/// calls) instruction by instruction on host tensors.
class Interpreter {
public:
  /// `depth`: how many calls between programs enclose this evaluation.
  explicit Interpreter(unsigned depth = 0) : depth(depth) {}

  std::vector<HostTensor> run(func::FuncOp program,
                              ArrayRef<HostTensor> inputs);

private:
  std::vector<HostTensor> runBlock(Block &block);

  const HostTensor &get(Value v) {
    auto it = values.find(v);
    if (it == values.end())
      throw EvalError{"value used before it is defined"};
    return it->second;
  }

  [[noreturn]] void fail(const std::string &message) {
    throw EvalError{message};
  }

  void checkShapeGuards(func::FuncOp program, ArrayRef<HostTensor> inputs);

  int64_t evalDim(DimExprAttr e, ArrayRef<ArrayRef<int64_t>> shapes);

  Shape evalShape(ArrayAttr exprs, ValueRange operands);

  // The evaluation of each instruction is an `eval` overload on its op
  // class, defined in the file of its family; `evaluate` dispatches to
  // them. Elementwise instructions are one family evaluated by one
  // function, `elementwise` (an `eval(Operation *)` would take every op).

  // Interpreter.cpp: the instruction dispatch, and the instructions that
  // run other code (a fused region's block, another program) or none.
  std::vector<HostTensor> evaluate(Operation *op);
  std::vector<HostTensor> eval(FusedRegionOp op);
  std::vector<HostTensor> eval(func::CallOp op);
  [[noreturn]] std::vector<HostTensor> eval(ExtensionOp op);

  // ElementwiseEval.cpp
  HostTensor elementwise(Operation *op);

  // StructuralEval.cpp: layout and structural instructions.
  HostTensor eval(ConstantOp op);
  HostTensor eval(ConvertOp op);
  HostTensor eval(TransposeOp op);
  HostTensor eval(ReshapeOp op);
  HostTensor eval(BroadcastInDimOp op);
  HostTensor eval(ShapeOfOp op);
  HostTensor eval(ExtractDiagOp op);
  HostTensor eval(EmbedDiagOp op);
  HostTensor eval(TrilOp op);
  HostTensor eval(TriuOp op);
  HostTensor eval(ReverseOp op);
  HostTensor eval(SliceOp op);
  HostTensor eval(PadOp op);
  HostTensor eval(ConcatenateOp op);
  HostTensor eval(PadToMatchOp op);
  HostTensor eval(DynamicTruncateOp op);
  /// tril (`lower`) and triu: the elements on the kth diagonal and below
  /// (above) it, zeros elsewhere.
  HostTensor triangle(Value operand, int64_t k, bool lower);

  // ReductionEval.cpp: the five reductions, one template.
  HostTensor eval(ReduceSumOp op);
  HostTensor eval(ReduceProdOp op);
  HostTensor eval(ReduceMaxOp op);
  HostTensor eval(ReduceMinOp op);
  HostTensor eval(ReduceSumSquaresOp op);
  template <typename OpTy>
  HostTensor reduce(OpTy op);

  // ContractionEval.cpp: both contractions, one template.
  HostTensor eval(DotGeneralOp op);
  HostTensor eval(DotGeneralWithConjOp op);
  template <typename OpTy>
  HostTensor dot(OpTy op, bool conjL, bool conjR);

  // IndexingEval.cpp: indexing with start indices read at run time.
  HostTensor eval(DynamicSliceOp op);
  HostTensor eval(DynamicUpdateSliceOp op);
  HostTensor eval(GatherOp op);
  HostTensor eval(GatherDynamicSliceSizesOp op);
  HostTensor eval(ScatterOp op);
  HostTensor gather(Operation *op, Value operandV, Value indicesV,
                    GatherDimensionNumbersAttr dn, ArrayRef<int64_t> sizes);

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

} // namespace mlir::tenferro::host::detail

#endif // TENFERRO_LIB_INTERPRETER_INTERPRETERIMPL_H
