//===- TypeInference.h - tenferro dtype and shape rules ---------*- C++ -*-===//
//
// dtype promotion (docs/semantics.md §4.1), dtype policies (§4.3) and the
// shape rules shared by several ops. The `infer*` functions both compute
// result types and report the rule a bad op violates, naming the op.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_TYPEINFERENCE_H
#define TENFERRO_DIALECT_TENFERRO_IR_TYPEINFERENCE_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeRange.h"

#include <optional>
#include <string>

namespace mlir::tenferro {

/// The catalog's DTypePolicy, as enforced on operand element types.
enum class DTypePolicy {
  SameAny,            // any tenferro dtype
  SameNumeric,        // no i1
  SameReal,           // integer or real float
  SameFloat,          // f32 or f64
  SameFloatOrComplex, // f32, f64, complex<f32>, complex<f64>
  DivLike,            // numeric; integers allowed since int/int gives f64
  Compare,            // any; ordered directions exclude complex
  Select,             // operand 0 is i1, the others any
};

enum class ResultDType {
  SameAsFirst,    // operand 0's dtype
  Promote,        // promote over all operands
  PromoteDivLike, // promote_div_like over all operands
  PromoteTail,    // promote over operands 1.. (select)
  RealPart,       // complex -> component type, else unchanged (abs)
  Bool,           // i1 (compare)
};

enum class ResultShape {
  SameAsFirst, // operand 0's shape; the others must be compatible
  Broadcast,   // right-aligned numpy-style broadcasting (add, multiply)
};

struct ElementwiseRule {
  DTypePolicy policy;
  ResultDType dtype;
  ResultShape shape;
};

/// dtype classes of the seven tenferro element types.
bool isBoolDType(Type t);
bool isIntDType(Type t);
bool isFloatDType(Type t);
bool isComplexDType(Type t);

/// `promote_dtype` (docs/semantics.md §4.1). Both types must be tenferro
/// dtypes.
Type promoteDType(Type a, Type b);
/// `promote_div_like`: as promotion, but an integer result becomes f64.
Type promoteDivLikeDType(Type a, Type b);
/// Left fold of `promoteDType` over a non-empty list.
Type promoteDTypes(TypeRange types);

/// "[2, ?, 3]".
std::string formatShape(ArrayRef<int64_t> shape);

/// Emits "'<opName>' op <message>" at `loc` (when given) and fails.
template <typename... Args>
LogicalResult emitRuleError(StringRef opName, std::optional<Location> loc,
                            Args &&...args) {
  return emitOptionalError(loc, "'", opName, "' op ",
                           std::forward<Args>(args)...);
}

/// Checks that every operand is a ranked tensor. Custom assembly infers
/// result types while parsing, before the verifier has checked operand
/// types: `tenferro.add %a, %b : f32` must be an error, not a bad cast.
LogicalResult requireTensorOperands(StringRef opName,
                                    std::optional<Location> loc,
                                    TypeRange operands);

/// Checks that operand #index of element type `elt` satisfies `policy`.
LogicalResult checkDTypePolicy(StringRef opName, std::optional<Location> loc,
                               DTypePolicy policy, unsigned index, Type elt);

/// Right-aligned broadcast of two shapes (docs/semantics.md §5.2), or failure.
LogicalResult broadcastShapes(StringRef opName, std::optional<Location> loc,
                              ArrayRef<int64_t> a, ArrayRef<int64_t> b,
                              SmallVectorImpl<int64_t> &result);

/// Checks that an axis list is in range [0, rank) and free of repeats.
LogicalResult checkAxes(StringRef opName, std::optional<Location> loc,
                        StringRef what, ArrayRef<int64_t> axes, int64_t rank);

LogicalResult inferElementwiseType(StringRef opName,
                                   std::optional<Location> loc,
                                   TypeRange operands, ElementwiseRule rule,
                                   SmallVectorImpl<Type> &inferred);

LogicalResult inferReduceType(StringRef opName, std::optional<Location> loc,
                              Type operand, ArrayRef<int64_t> axes,
                              DTypePolicy policy,
                              SmallVectorImpl<Type> &inferred);

LogicalResult inferTriangleType(StringRef opName, std::optional<Location> loc,
                                Type operand, SmallVectorImpl<Type> &inferred);

} // namespace mlir::tenferro

#endif // TENFERRO_DIALECT_TENFERRO_IR_TYPEINFERENCE_H
