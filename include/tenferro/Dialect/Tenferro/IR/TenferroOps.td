//===- TenferroOps.td - tenferro instruction ops -----------*- tablegen -*-===//
//
// One op per ExecOp variant of tenferro's ExecProgram (docs/semantics.md §6),
// plus the fused-region ops produced by segmentation.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_TENFERROOPS_TD
#define TENFERRO_DIALECT_TENFERRO_IR_TENFERROOPS_TD

include "tenferro/Dialect/Tenferro/IR/TenferroBase.td"
include "tenferro/Dialect/Tenferro/IR/TenferroAttrs.td"
include "mlir/IR/Properties.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

class Tenferro_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tenferro_Dialect, mnemonic, traits>;

// Result-type inference of tenferro instructions (InferTypeOpInterface in
// its adaptor form, as upstream's InferTypeOpAdaptor): the generated
// `inferReturnTypes` first requires every operand to be a ranked tensor
// (inference runs from builders and the parser, before the verifier, so it
// cannot assume the operand constraints) and names the op if one is not;
// then it calls the op's `inferTensorResultTypes`.
def Tenferro_InferTensorResultTypes : TraitList<[
  DeclareOpInterfaceMethods<InferTypeOpInterface>,
  NativeOpTrait<"InferTypeOpAdaptor", [], [{
    static ::llvm::LogicalResult
    inferReturnTypes(::mlir::MLIRContext *context,
                     std::optional<::mlir::Location> location, Adaptor adaptor,
                     ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      if (::mlir::failed(::mlir::tenferro::requireTensorOperands(
              getOperationName(), location, adaptor.getOperands().getTypes())))
        return ::mlir::failure();
      return inferTensorResultTypes(context, location, adaptor,
                                    inferredReturnTypes);
    }
    /// The result types, once every operand is a ranked tensor; checks
    /// every rule the result depends on and names the op in diagnostics.
    static ::llvm::LogicalResult inferTensorResultTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location> location,
        Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes);
  }], [{
    ::llvm::LogicalResult
    $cppClass::inferReturnTypes(::mlir::MLIRContext *context,
                      std::optional<::mlir::Location> location,
                      ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
                      ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
                      ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      $cppClass::Adaptor adaptor(operands, attributes, properties, regions);
      return $cppClass::inferReturnTypes(context, location, adaptor,
                                         inferredReturnTypes);
    }
  }]>
]>;

// An instruction whose result types tenferro infers (docs/semantics.md §6,
// "result dtype"/"result shape"): C++ (or the op's ODS) defines
// `inferTensorResultTypes`.
class Tenferro_InferredOp<string mnemonic, list<Trait> traits = []>
    : Tenferro_Op<mnemonic,
          !listconcat(traits, [Tenferro_InferTensorResultTypes])>;

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

// `rule` is a C++ `ElementwiseRule` initializer: dtype policy, result dtype
// rule and result shape rule (see TypeInference.h).
class Tenferro_ElementwiseOp<string mnemonic, string rule,
                             list<Trait> traits = []>
    : Tenferro_InferredOp<mnemonic,
          !listconcat([Pure, Tenferro_Backend, Tenferro_Elementwise], traits)> {
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferTensorResultTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::mlir::tenferro::inferElementwiseType(
          getOperationName(), location,
          ::mlir::TypeRange(adaptor.getOperands()),
          ::mlir::tenferro::ElementwiseRule}] # rule # [{, inferred);
    }
  }];
}

class Tenferro_UnaryOp<string mnemonic, string rule, list<Trait> traits = []>
    : Tenferro_ElementwiseOp<mnemonic, rule, traits> {
  let arguments = (ins Tenferro_Tensor:$operand);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}

class Tenferro_BinaryOp<string mnemonic, string rule, list<Trait> traits = []>
    : Tenferro_ElementwiseOp<mnemonic, rule, traits> {
  let arguments = (ins Tenferro_Tensor:$lhs, Tenferro_Tensor:$rhs);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<ElementwiseTypes>(type($lhs), type($rhs))
  }];
}

defvar FloatUnaryRule =
    "{DTypePolicy::SameFloatOrComplex, ResultDType::SameAsFirst, ResultShape::SameAsFirst}";

def Tenferro_AddOp : Tenferro_BinaryOp<"add",
    "{DTypePolicy::SameNumeric, ResultDType::Promote, ResultShape::Broadcast}",
    [Commutative, Tenferro_ElementwiseFusable]> {
  let summary = "elementwise addition with right-aligned broadcasting";
  let description = [{
    `Add`. The result dtype is the promotion of the operand dtypes
    (docs/semantics.md §4.1); shapes broadcast numpy-style from the right
    (extents equal, or one of them 1; docs/semantics.md §5.2).

    ```mlir
    %2 = tenferro.add %0, %1 : tensor<2x3xf64>, tensor<3xf64>   // tensor<2x3xf64>
    %3 = tenferro.add %a, %b : tensor<4xf32>                     // both operands tensor<4xf32>
    ```
  }];
}

def Tenferro_SubtractOp : Tenferro_BinaryOp<"subtract",
    "{DTypePolicy::SameNumeric, ResultDType::Promote, ResultShape::Broadcast}"> {
  let summary = "elementwise subtraction";
  let description = [{
    `Subtract`: `lhs - rhs`, promoted dtype, shapes as for `add`. Not
    elementwise-fusable in tenferro's plans (docs/semantics.md §11.3, quirk
    Q7 in §12).

    ```mlir
    %2 = tenferro.subtract %0, %1 : tensor<4xf64>
    ```
  }];
}

def Tenferro_MultiplyOp : Tenferro_BinaryOp<"multiply",
    "{DTypePolicy::SameNumeric, ResultDType::Promote, ResultShape::Broadcast}",
    [Commutative, Tenferro_ElementwiseFusable]> {
  let summary = "elementwise multiplication with right-aligned broadcasting";
  let description = [{
    `Multiply`. Promoted dtype, numpy-style broadcasting from the right (a
    scalar times a vector is valid).

    ```mlir
    %2 = tenferro.multiply %0, %1 : tensor<f64>, tensor<3xf64>   // tensor<3xf64>
    ```
  }];
}

def Tenferro_DivideOp : Tenferro_BinaryOp<"divide",
    "{DTypePolicy::DivLike, ResultDType::PromoteDivLike, ResultShape::SameAsFirst}",
    [Tenferro_ElementwiseFusable]> {
  let summary = "elementwise division";
  let description = [{
    `Divide`: `lhs / rhs`. The dtype is `promote_div_like`: as promotion,
    except that integer / integer gives `f64`.

    ```mlir
    %2 = tenferro.divide %0, %1 : tensor<4xi32>   // tensor<4xf64>
    ```
  }];
}

def Tenferro_RemainderOp : Tenferro_BinaryOp<"remainder",
    "{DTypePolicy::SameReal, ResultDType::Promote, ResultShape::SameAsFirst}",
    [Tenferro_ElementwiseFusable]> {
  let summary = "elementwise remainder";
  let description = [{
    `Remainder`: the remainder of `lhs / rhs` with the sign of `lhs` (C's
    `fmod`/`%`), for real dtypes.

    ```mlir
    %2 = tenferro.remainder %0, %1 : tensor<4xi64>
    ```
  }];
}

def Tenferro_MaximumOp : Tenferro_BinaryOp<"maximum",
    "{DTypePolicy::SameFloat, ResultDType::Promote, ResultShape::SameAsFirst}",
    [Commutative, Tenferro_ElementwiseFusable]> {
  let summary = "elementwise maximum";
  let description = [{
    `Maximum` of two real floating-point tensors.

    ```mlir
    %2 = tenferro.maximum %0, %1 : tensor<4xf32>
    ```
  }];
}

def Tenferro_MinimumOp : Tenferro_BinaryOp<"minimum",
    "{DTypePolicy::SameFloat, ResultDType::Promote, ResultShape::SameAsFirst}",
    [Commutative, Tenferro_ElementwiseFusable]> {
  let summary = "elementwise minimum";
  let description = [{
    `Minimum` of two real floating-point tensors.

    ```mlir
    %2 = tenferro.minimum %0, %1 : tensor<4xf32>
    ```
  }];
}

def Tenferro_PowOp : Tenferro_BinaryOp<"pow",
    "{DTypePolicy::DivLike, ResultDType::PromoteDivLike, ResultShape::SameAsFirst}",
    [Tenferro_ElementwiseFusable]> {
  let summary = "elementwise power";
  let description = [{
    `Pow`: `lhs ^ rhs`, with `promote_div_like` dtype (integer operands give
    `f64`).

    ```mlir
    %2 = tenferro.pow %0, %1 : tensor<4xf64>
    ```
  }];
}

def Tenferro_NegateOp : Tenferro_UnaryOp<"negate",
    "{DTypePolicy::SameNumeric, ResultDType::SameAsFirst, ResultShape::SameAsFirst}",
    [Tenferro_ElementwiseFusable]> {
  let summary = "elementwise negation";
  let description = [{
    ```mlir
    %1 = tenferro.negate %0 : tensor<2x2xi32>
    ```
  }];
}

def Tenferro_ConjOp : Tenferro_UnaryOp<"conj",
    "{DTypePolicy::SameFloatOrComplex, ResultDType::SameAsFirst, ResultShape::SameAsFirst}",
    [Tenferro_ElementwiseFusable]> {
  let summary = "elementwise complex conjugate";
  let description = [{
    `Conj`; the identity on real dtypes.

    ```mlir
    %1 = tenferro.conj %0 : tensor<3xcomplex<f64>>
    ```
  }];
}

def Tenferro_AbsOp : Tenferro_UnaryOp<"abs",
    "{DTypePolicy::SameNumeric, ResultDType::RealPart, ResultShape::SameAsFirst}",
    [Tenferro_ElementwiseFusable]> {
  let summary = "elementwise absolute value (complex modulus)";
  let description = [{
    `Abs` (policy AbsToReal): a complex input gives the real component type
    (`complex<f32>` -> `f32`, `complex<f64>` -> `f64`).

    ```mlir
    %1 = tenferro.abs %0 : tensor<2x2xcomplex<f64>>   // tensor<2x2xf64>
    ```
  }];
}

def Tenferro_SignOp : Tenferro_UnaryOp<"sign",
    "{DTypePolicy::SameFloat, ResultDType::SameAsFirst, ResultShape::SameAsFirst}"> {
  let summary = "elementwise sign (-1, 0 or 1)";
  let description = [{
    ```mlir
    %1 = tenferro.sign %0 : tensor<4xf64>
    ```
  }];
}

class Tenferro_FloatUnaryOp<string mnemonic, string fn>
    : Tenferro_UnaryOp<mnemonic, FloatUnaryRule, [Tenferro_ElementwiseFusable]> {
  let summary = "elementwise " # fn;
  let description = [{
    Elementwise }] # fn # [{ of a floating-point or complex tensor.

    ```mlir
    %1 = tenferro.}] # mnemonic # [{ %0 : tensor<4xf64>
    ```
  }];
}

def Tenferro_ExpOp : Tenferro_FloatUnaryOp<"exp", "e^x">;
def Tenferro_LogOp : Tenferro_FloatUnaryOp<"log", "natural logarithm">;
def Tenferro_SinOp : Tenferro_FloatUnaryOp<"sin", "sine">;
def Tenferro_CosOp : Tenferro_FloatUnaryOp<"cos", "cosine">;
def Tenferro_TanhOp : Tenferro_FloatUnaryOp<"tanh", "hyperbolic tangent">;
def Tenferro_SqrtOp : Tenferro_FloatUnaryOp<"sqrt", "square root">;
def Tenferro_RsqrtOp : Tenferro_FloatUnaryOp<"rsqrt", "reciprocal square root">;
def Tenferro_Expm1Op : Tenferro_FloatUnaryOp<"expm1", "e^x - 1">;
def Tenferro_Log1pOp : Tenferro_FloatUnaryOp<"log1p", "log(1 + x)">;

def Tenferro_CompareOp : Tenferro_ElementwiseOp<"compare",
    "{DTypePolicy::Compare, ResultDType::Bool, ResultShape::SameAsFirst}"> {
  let summary = "elementwise comparison giving i1";
  let description = [{
    `Compare(dir)` with `dir` in `eq`, `lt`, `le`, `gt`, `ge` (tenferro has
    no `ne`). Ordered directions reject complex operands.

    ```mlir
    %2 = tenferro.compare lt, %0, %1 : tensor<4xf64>   // tensor<4xi1>
    ```
  }];
  let arguments = (ins Tenferro_CompareDirectionAttr:$direction,
                       Tenferro_Tensor:$lhs, Tenferro_Tensor:$rhs);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    custom<CompareDirection>($direction) `,` $lhs `,` $rhs attr-dict `:`
      custom<ElementwiseTypes>(type($lhs), type($rhs))
  }];
  let hasVerifier = 1;
}

def Tenferro_SelectOp : Tenferro_ElementwiseOp<"select",
    "{DTypePolicy::Select, ResultDType::PromoteTail, ResultShape::SameAsFirst}"> {
  let summary = "elementwise choice by an i1 predicate";
  let description = [{
    `Select(pred, on_true, on_false)`; the dtype promotes `on_true` and
    `on_false`.

    ```mlir
    %3 = tenferro.select %p, %a, %b : tensor<4xi1>, tensor<4xf64>, tensor<4xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$pred, Tenferro_Tensor:$on_true,
                       Tenferro_Tensor:$on_false);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:`
      custom<ElementwiseTypes>(type($pred), type($on_true), type($on_false))
  }];
}

def Tenferro_ClampOp : Tenferro_ElementwiseOp<"clamp",
    "{DTypePolicy::SameFloat, ResultDType::Promote, ResultShape::SameAsFirst}",
    [Tenferro_ElementwiseFusable]> {
  let summary = "elementwise clamp of x into [lower, upper]";
  let description = [{
    `Clamp(x, lower, upper)`: note tenferro's operand order (StableHLO's is
    min, x, max). The dtype promotes all three.

    ```mlir
    %3 = tenferro.clamp %x, %lo, %hi : tensor<4xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, Tenferro_Tensor:$lower,
                       Tenferro_Tensor:$upper);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $lower `,` $upper attr-dict `:`
      custom<ElementwiseTypes>(type($operand), type($lower), type($upper))
  }];
}

//===----------------------------------------------------------------------===//
// Structural ops
//===----------------------------------------------------------------------===//

class Tenferro_StructuralOp<string mnemonic, list<Trait> traits = []>
    : Tenferro_InferredOp<mnemonic,
          !listconcat([NoMemoryEffect, Tenferro_Backend], traits)>;

def Tenferro_TransposeOp : Tenferro_StructuralOp<"transpose"> {
  let summary = "permutation of axes";
  let description = [{
    `Transpose{perm}`: `result.shape[i] = operand.shape[perm[i]]`.

    ```mlir
    %1 = tenferro.transpose %0, perm = [1, 0] : tensor<2x3xf32>   // tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, DenseI64ArrayAttr:$perm);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `perm` `=` $perm attr-dict `:` type($operand)
  }];
}

def Tenferro_ReshapeOp : Tenferro_StructuralOp<"reshape"> {
  let summary = "column-major reshape to a DimExpr shape";
  let description = [{
    `Reshape{shape}`. Elements keep their column-major (Fortran) order. The
    target shape is a list of DimExprs evaluated at run time against the
    shapes of this op's operands: operand 0 is the data, `refs(...)` are
    extra shape-reference operands that only `input_dim` reads. The operand
    count must be exactly `max(1, max input_dim index + 1)`. Extents that
    can be evaluated statically are static in the result type.

    ```mlir
    %1 = tenferro.reshape %0 to [3, 2] : tensor<2x3xf64>
    %2 = tenferro.reshape %x refs(%r : tensor<?x4xf64>) to [input_dim(1, 0), 2]
        : tensor<?x2xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand,
                       Variadic<Tenferro_Tensor>:$shape_refs,
                       Tenferro_DimExprArrayAttr:$shape);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand (`refs` `(` $shape_refs^ `:` type($shape_refs) `)`)?
      `to` custom<DimExprList>($shape) attr-dict `:` type($operand)
  }];
}

def Tenferro_BroadcastInDimOp : Tenferro_StructuralOp<"broadcast_in_dim"> {
  let summary = "broadcast into a DimExpr shape (StableHLO's rule)";
  let description = [{
    `BroadcastInDim{shape, dims}`: input axis `i` maps to result axis
    `dims[i]`; each static source extent equals the target extent or is 1.
    `shape` and `refs(...)` work as for `tenferro.reshape`. In fused regions
    a broadcast of a region input becomes an input view (docs/semantics.md
    §11.3).

    ```mlir
    %1 = tenferro.broadcast_in_dim %0, dims = [0] to [3, 2] : tensor<3xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand,
                       Variadic<Tenferro_Tensor>:$shape_refs,
                       DenseI64ArrayAttr:$dims,
                       Tenferro_DimExprArrayAttr:$shape);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand (`refs` `(` $shape_refs^ `:` type($shape_refs) `)`)?
      `,` `dims` `=` $dims `to` custom<DimExprList>($shape) attr-dict
      `:` type($operand)
  }];
}

def Tenferro_ConvertOp : Tenferro_StructuralOp<"convert"> {
  let summary = "element type conversion";
  let description = [{
    `Convert{to}` between any two tenferro dtypes.

    ```mlir
    %1 = tenferro.convert %0 : tensor<4xi32> to f64
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand,
                       TypeAttrOf<Tenferro_ElementType>:$to);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `to` $to";
}

class Tenferro_ReduceOp<string mnemonic, string policy, string what>
    : Tenferro_StructuralOp<mnemonic> {
  let summary = what # " over axes";
  let description = [{
    Reduction (}] # what # [{) over `axes`, which are removed from the
    result shape. Each result element combines its input elements from the
    identity in column-major order of their positions, except over the
    leading axes `0..k-1` (axis 0 alone, a whole tensor), whose contiguous
    block is combined in 64 lanes, the lanes in 16 groups, then the groups
    pairwise (docs/semantics.md 8.5): the same bits at every vector width.

    ```mlir
    %1 = tenferro.}] # mnemonic # [{ %0, axes = [0] : tensor<2x3xf64>   // tensor<3xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, DenseI64ArrayAttr:$axes);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `axes` `=` $axes attr-dict `:` type($operand)
  }];
  let extraClassDeclaration = [{
    /// Whether `axes` are the leading axes 0..k-1 (k >= 1, in any order;
    /// distinct, as the verifier requires): the reductions that run in
    /// lanes (docs/semantics.md 8.5), in the lowering and the interpreter.
    bool reducesLeadingAxes() {
      ::llvm::ArrayRef<int64_t> axes = getAxes();
      return !axes.empty() &&
             *::llvm::max_element(axes) == int64_t(axes.size()) - 1;
    }
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferTensorResultTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::mlir::tenferro::inferReduceType(
          getOperationName(), location, adaptor.getOperand().getType(),
          adaptor.getAxes(), ::mlir::tenferro::DTypePolicy::}] # policy # [{,
          inferred);
    }
  }];
}

def Tenferro_ReduceSumOp : Tenferro_ReduceOp<"reduce_sum", "SameNumeric", "sum">;
def Tenferro_ReduceProdOp : Tenferro_ReduceOp<"reduce_prod", "SameNumeric", "product">;
def Tenferro_ReduceMaxOp : Tenferro_ReduceOp<"reduce_max", "SameFloat", "maximum">;
def Tenferro_ReduceMinOp : Tenferro_ReduceOp<"reduce_min", "SameFloat", "minimum">;
def Tenferro_ReduceSumSquaresOp
    : Tenferro_ReduceOp<"reduce_sum_squares", "SameNumeric",
                        "sum of squared moduli">;

def Tenferro_ExtractDiagOp : Tenferro_StructuralOp<"extract_diag"> {
  let summary = "diagonal of two axes";
  let description = [{
    `ExtractDiag{axis_a, axis_b}`: removes `axis_b`; the diagonal (extent
    `min(d[a], d[b])`) sits at `axis_a`, or `axis_a - 1` when
    `axis_a > axis_b`.

    ```mlir
    %1 = tenferro.extract_diag %0, axis_a = 0, axis_b = 1 : tensor<3x3x2xf64>   // tensor<3x2xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, I64Prop:$axis_a,
                       I64Prop:$axis_b);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `axis_a` `=` $axis_a `,` `axis_b` `=` $axis_b attr-dict
      `:` type($operand)
  }];
}

def Tenferro_EmbedDiagOp : Tenferro_StructuralOp<"embed_diag"> {
  let summary = "embed an axis as a diagonal";
  let description = [{
    `EmbedDiag{axis_a, axis_b}`: inserts a new axis at position `axis_b` with
    extent `d[axis_a]`; the result is zero off the diagonal of the new axis
    and the (shifted) `axis_a`. The inverse of `extract_diag`.

    ```mlir
    %1 = tenferro.embed_diag %0, axis_a = 0, axis_b = 1 : tensor<3xf64>   // tensor<3x3xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, I64Prop:$axis_a,
                       I64Prop:$axis_b);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `axis_a` `=` $axis_a `,` `axis_b` `=` $axis_b attr-dict
      `:` type($operand)
  }];
}

class Tenferro_TriangleOp<string mnemonic, string which>
    : Tenferro_StructuralOp<mnemonic> {
  let summary = which # " triangle of the leading two axes";
  let description = [{
    Keeps the }] # which # [{ triangle of the matrices formed by axes 0 (row)
    and 1 (column), relative to diagonal `k`; trailing axes are batch axes.
    Other elements become zero.

    ```mlir
    %1 = tenferro.}] # mnemonic # [{ %0, k = 0 : tensor<3x3xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, I64Prop:$k);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = "$operand `,` `k` `=` $k attr-dict `:` type($operand)";
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferTensorResultTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> location,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return ::mlir::tenferro::inferTriangleType(
          getOperationName(), location, adaptor.getOperand().getType(),
          inferred);
    }
  }];
}

def Tenferro_TrilOp : Tenferro_TriangleOp<"tril", "lower">;
def Tenferro_TriuOp : Tenferro_TriangleOp<"triu", "upper">;

def Tenferro_SliceOp : Tenferro_StructuralOp<"slice"> {
  let summary = "static strided slice";
  let description = [{
    `Slice{starts, limits, strides}`: the result extent of axis `i` is
    `ceil((limits[i] - starts[i]) / strides[i])`.

    ```mlir
    %1 = tenferro.slice %0, starts = [1], limits = [5], strides = [2] : tensor<6xf64>   // tensor<2xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, DenseI64ArrayAttr:$starts,
                       DenseI64ArrayAttr:$limits, DenseI64ArrayAttr:$strides);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `starts` `=` $starts `,` `limits` `=` $limits `,`
      `strides` `=` $strides attr-dict `:` type($operand)
  }];
}

def Tenferro_DynamicSliceOp : Tenferro_StructuralOp<"dynamic_slice"> {
  let summary = "slice of static sizes at run-time start indices";
  let description = [{
    `DynamicSlice{slice_sizes}(operand, starts)`: `starts` is a rank-1
    tensor with one (clamped) start index per operand axis.

    ```mlir
    %1 = tenferro.dynamic_slice %0, %s, sizes = [2] : tensor<6xf64>, tensor<1xi64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, Tenferro_Tensor:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $start_indices `,` `sizes` `=` $slice_sizes attr-dict `:`
      type($operand) `,` type($start_indices)
  }];
}

def Tenferro_DynamicUpdateSliceOp
    : Tenferro_StructuralOp<"dynamic_update_slice"> {
  let summary = "overwrite a window at run-time start indices";
  let description = [{
    `DynamicUpdateSlice(operand, update, starts)`; dtype
    `promote(operand, update)`, shape of `operand`.

    ```mlir
    %2 = tenferro.dynamic_update_slice %0, %u, %s
        : tensor<6xf64>, tensor<2xf64>, tensor<1xi64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, Tenferro_Tensor:$update,
                       Tenferro_Tensor:$start_indices);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $update `,` $start_indices attr-dict `:` type($operand) `,`
      type($update) `,` type($start_indices)
  }];
}

def Tenferro_PadOp : Tenferro_StructuralOp<"pad"> {
  let summary = "edge and interior zero padding";
  let description = [{
    `Pad{edge_padding_low, edge_padding_high, interior_padding}` with zero
    as the padding value. Edges may be negative (cropping); interior
    padding is non-negative. Extent: `low + high + (n-1)*(interior+1) + 1`,
    or `low + high` when `n = 0`.

    ```mlir
    %1 = tenferro.pad %0, low = [1], high = [-1], interior = [1] : tensor<3xf64>   // tensor<5xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `low` `=` $edge_padding_low `,` `high` `=` $edge_padding_high
      `,` `interior` `=` $interior_padding attr-dict `:` type($operand)
  }];
}

def Tenferro_ConcatenateOp : Tenferro_StructuralOp<"concatenate"> {
  let summary = "concatenation along an axis";
  let description = [{
    `Concatenate{axis}` of 1 to 255 operands; the dtype promotes all of
    them (quirk Q3 of docs/semantics.md §12, resolved: tenferro reads only
    operands 0 and 1).

    ```mlir
    %2 = tenferro.concatenate(%0, %1) axis = 0 : tensor<2x3xf64>, tensor<4x3xf64>   // tensor<6x3xf64>
    ```
  }];
  let arguments = (ins Variadic<Tenferro_Tensor>:$inputs, I64Prop:$axis);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    `(` $inputs `)` `axis` `=` $axis attr-dict `:` type($inputs)
  }];
}

def Tenferro_ReverseOp : Tenferro_StructuralOp<"reverse"> {
  let summary = "reverse the order of elements along axes";
  let description = [{
    ```mlir
    %1 = tenferro.reverse %0, axes = [0] : tensor<4x2xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, DenseI64ArrayAttr:$axes);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `axes` `=` $axes attr-dict `:` type($operand)
  }];
}

def Tenferro_GatherOp : Tenferro_StructuralOp<"gather"> {
  let summary = "gather with static slice sizes (StableHLO's rule)";
  let description = [{
    `Gather(GatherConfig)`: batch dimensions come from the index shape
    without `index_vector_dim`; window dimensions are placed at
    `offset_dims`. An `index_vector_dim` equal to the index rank means
    implicit trailing index vectors of length 1.

    ```mlir
    %2 = tenferro.gather %0, %i, dims = <offset_dims = [1],
        collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
        slice_sizes = [1, 3] : tensor<4x3xf64>, tensor<2x1xi64>   // tensor<2x3xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, Tenferro_Tensor:$indices,
                       Tenferro_GatherDimensionNumbersAttr:$dimension_numbers,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $indices `,` `dims` `=` $dimension_numbers `,` `slice_sizes`
      `=` $slice_sizes attr-dict `:` type($operand) `,` type($indices)
  }];
}

def Tenferro_GatherDynamicSliceSizesOp
    : Tenferro_StructuralOp<"gather_dynamic_slice_sizes"> {
  let summary = "gather with DimExpr slice sizes";
  let description = [{
    `GatherDynamicSliceSizes`: as `tenferro.gather`, with `slice_sizes`
    given as DimExprs over operand 0 (data), operand 1 (indices) and the
    shape-reference operands `refs(...)`; the operand count must be exactly
    `max(2, max input_dim index + 1)`.

    ```mlir
    %2 = tenferro.gather_dynamic_slice_sizes %0, %i refs(%r : tensor<?xf64>),
        dims = <offset_dims = [1], collapsed_slice_dims = [0],
        start_index_map = [0], index_vector_dim = 1>,
        slice_sizes = [1, input_dim(2, 0)] : tensor<4x3xf64>, tensor<2x1xi64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, Tenferro_Tensor:$indices,
                       Variadic<Tenferro_Tensor>:$shape_refs,
                       Tenferro_GatherDimensionNumbersAttr:$dimension_numbers,
                       Tenferro_DimExprArrayAttr:$slice_sizes);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $indices (`refs` `(` $shape_refs^ `:` type($shape_refs) `)`)?
      `,` `dims` `=` $dimension_numbers `,` `slice_sizes` `=`
      custom<DimExprList>($slice_sizes) attr-dict `:` type($operand) `,`
      type($indices)
  }];
}

def Tenferro_ScatterOp : Tenferro_StructuralOp<"scatter"> {
  let summary = "scatter-add of updates into an operand (StableHLO's rule)";
  let description = [{
    `Scatter(ScatterConfig)(operand, indices, updates)`: dtype
    `promote(operand, updates)`, shape of `operand`. Updates at the same
    position accumulate (scatter-add, the adjoint of gather).

    ```mlir
    %3 = tenferro.scatter %0, %i, %u, dims = <update_window_dims = [1],
        inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1> : tensor<4x3xf64>, tensor<2x1xi64>, tensor<2x3xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, Tenferro_Tensor:$indices,
                       Tenferro_Tensor:$updates,
                       Tenferro_ScatterDimensionNumbersAttr:$dimension_numbers);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $indices `,` $updates `,` `dims` `=` $dimension_numbers
      attr-dict `:` type($operand) `,` type($indices) `,` type($updates)
  }];
}

//===----------------------------------------------------------------------===//
// Host ops
//===----------------------------------------------------------------------===//

def Tenferro_ConstantOp : Tenferro_InferredOp<"constant",
    [Pure, Tenferro_Host]> {
  let summary = "rank-0 constant";
  let description = [{
    `Constant{dtype, bytes}`: always rank 0. `value` is an integer (i32,
    i64), `true`/`false` or 0/1 (i1), a float (f32, f64; an integer literal
    is accepted) or a `[re, im]` pair (complex). The value must fit the
    dtype: integers in range, finite floats within the dtype's range.

    ```mlir
    %0 = tenferro.constant 2.5 : f64
    %1 = tenferro.constant 7 : i32
    %2 = tenferro.constant true : i1
    %3 = tenferro.constant [1.0, -2.0] : complex<f32>
    ```
  }];
  let arguments = (ins AnyAttr:$value, TypeAttrOf<Tenferro_ElementType>:$dtype);
  let results = (outs Tenferro_Tensor:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Tenferro_ShapeOfOp : Tenferro_InferredOp<"shape_of",
    [NoMemoryEffect, Tenferro_Host]> {
  let summary = "one extent of a tensor, as an f64 scalar";
  let description = [{
    `ShapeOf{axis}`: the extent of `axis` as a rank-0 `f64` tensor (quirk
    Q5 of docs/semantics.md §12: not an integer).

    ```mlir
    %1 = tenferro.shape_of %0, axis = 1 : tensor<2x?xf32>   // tensor<f64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, I64Prop:$axis);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `axis` `=` $axis attr-dict `:` type($operand)
  }];
}

def Tenferro_DynamicTruncateOp : Tenferro_InferredOp<"dynamic_truncate",
    [NoMemoryEffect, Tenferro_Host]> {
  let summary = "keep the first n elements along an axis";
  let description = [{
    `DynamicTruncate{axis}(data, size)`: `size` is a rank-0 real tensor read
    on the host; the result keeps `[0, n)` along `axis` and that extent
    becomes dynamic (an upper bound). The result has the data dtype: quirk
    Q4 of docs/semantics.md §12 (tenferro records `promote(data, size)`) is
    deliberately not reproduced, since the runtime result is the data's
    dtype.

    ```mlir
    %2 = tenferro.dynamic_truncate %0, %n, axis = 0 : tensor<8xf64>, tensor<f64>   // tensor<?xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, Tenferro_Tensor:$size,
                       I64Prop:$axis);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $size `,` `axis` `=` $axis attr-dict `:` type($operand) `,`
      type($size)
  }];
}

def Tenferro_PadToMatchOp : Tenferro_InferredOp<"pad_to_match",
    [NoMemoryEffect, Tenferro_Host]> {
  let summary = "zero-pad one axis up to a reference extent";
  let description = [{
    `PadToMatch{axis}(data, reference)`: zero-pads the high side of `axis`
    to `reference.shape[axis]` when smaller, otherwise passes data through.
    The extent is `max(data, reference)`; dtype is the data dtype (quirk Q4
    of docs/semantics.md §12, as for `dynamic_truncate`).

    ```mlir
    %2 = tenferro.pad_to_match %0, %r, axis = 0 : tensor<3xf64>, tensor<5xf32>   // tensor<5xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$operand, Tenferro_Tensor:$reference,
                       I64Prop:$axis);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $reference `,` `axis` `=` $axis attr-dict `:`
      type($operand) `,` type($reference)
  }];
}

//===----------------------------------------------------------------------===//
// FFI ops
//===----------------------------------------------------------------------===//

def Tenferro_DotGeneralOp : Tenferro_InferredOp<"dot_general",
    [NoMemoryEffect, Tenferro_FFI]> {
  let summary = "general tensor contraction (batch axes last)";
  let description = [{
    `DotGeneral(config)`. The result is ordered `[lhs free..., rhs free...,
    batch...]` (batch last, unlike StableHLO); free axes keep their order.
    The dtype is `promote(lhs, rhs)`, floating point or complex.

    ```mlir
    %2 = tenferro.dot_general %0, %1, dims = <lhs_contracting_dims = [1],
        rhs_contracting_dims = [0]> : tensor<2x3xf64>, tensor<3x4xf64>   // tensor<2x4xf64>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$lhs, Tenferro_Tensor:$rhs,
                       Tenferro_DotDimensionNumbersAttr:$dimension_numbers);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `dims` `=` $dimension_numbers attr-dict `:`
      type($lhs) `,` type($rhs)
  }];
}

def Tenferro_DotGeneralWithConjOp
    : Tenferro_InferredOp<"dot_general_with_conj",
                          [NoMemoryEffect, Tenferro_FFI]> {
  let summary = "dot_general with conjugated operands";
  let description = [{
    `DotGeneralWithConj{config, lhs_conj, rhs_conj}`: conjugates the flagged
    operands, then contracts as `tenferro.dot_general`.

    ```mlir
    %2 = tenferro.dot_general_with_conj %0, %1, dims = <lhs_contracting_dims = [0],
        rhs_contracting_dims = [0]> conj_lhs : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
    ```
  }];
  let arguments = (ins Tenferro_Tensor:$lhs, Tenferro_Tensor:$rhs,
                       Tenferro_DotDimensionNumbersAttr:$dimension_numbers,
                       UnitAttr:$lhs_conj, UnitAttr:$rhs_conj);
  let results = (outs Tenferro_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `dims` `=` $dimension_numbers
      (`conj_lhs` $lhs_conj^)? (`conj_rhs` $rhs_conj^)? attr-dict `:`
      type($lhs) `,` type($rhs)
  }];
}

def Tenferro_ExtensionOp : Tenferro_Op<"extension", [Tenferro_FFI]> {
  let summary = "an opaque extension operation";
  let description = [{
    `Extension`: a call into an extension family (`crate.op.vN`), never
    fused. `inputs`/`outputs` record the extension's declared
    `input_count`/`output_count`, which the operand and result counts must
    match; result types come from the extension and are spelled out.
    `payload` is the extension's opaque configuration.

    ```mlir
    %u, %s, %vt = tenferro.extension "linalg.svd.v1"(%0) inputs 1 outputs 3
        payload("full_matrices=false")
        : (tensor<4x3xf64>) -> (tensor<4x3xf64>, tensor<3xf64>, tensor<3x3xf64>)
    ```
  }];
  let arguments = (ins StrAttr:$family_id, Variadic<Tenferro_Tensor>:$inputs,
                       I64Prop:$input_count, I64Prop:$output_count,
                       OptionalAttr<AnyAttr>:$payload);
  let results = (outs Variadic<Tenferro_Tensor>:$results);
  let assemblyFormat = [{
    $family_id `(` $inputs `)` `inputs` $input_count `outputs` $output_count
      (`payload` `(` $payload^ `)`)? attr-dict `:` functional-type($inputs, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Fused regions (produced by tenferro-segment)
//===----------------------------------------------------------------------===//

def Tenferro_FusedRegionOp : Tenferro_Op<"fused_region",
    [IsolatedFromAbove, RecursiveMemoryEffects, SingleBlock]> {
  let summary = "a segment of backend instructions sharing one session";
  let description = [{
    A `Fused` segment of tenferro's runtime (docs/semantics.md §11.1): a
    run of consecutive backend instructions executed in one backend
    session, and lowered together.

    - Operands are the segment inputs in first-read order; the body's block
      arguments stand for them (the region is isolated from above).
    - Results are the segment outputs in production order: the values
      produced inside that the program returns or that are read at or
      after the segment's end. `tenferro.yield` returns them.
    - `last_use` holds one flag per input: true when the input is neither a
      program output nor read at or after the segment's end, so its buffer
      may be reclaimed (or reused in place) once the region has run.
    - `kind` says how the region executes:
      - `elementwise`: the instructions build one elementwise fusion plan
        and every input has the plan dtype (docs/semantics.md §11.3); every
        input then carries its plan view (identity, or `broadcast [shape]
        dims [dims]` for an absorbed `broadcast_in_dim` of that input).
        Lowered as one loop nest.
      - `broadcast_multiply`: exactly a broadcast-multiply triplet
        (`broadcast_in_dim`, `broadcast_in_dim`, `multiply`) or pair
        (`broadcast_in_dim`, `multiply`) whose only output is the product,
        as taken by the runtime's broadcast-multiply kernels
        (docs/semantics.md §11.4).
      - `sequence`: runs op by op.

    ```mlir
    %0 = tenferro.fused_region elementwise
        (%x = %arg0 : tensor<3xf64> broadcast [3, 2] dims [0] last_use,
         %y = %arg1 : tensor<3x2xf64>) -> (tensor<3x2xf64>) {
      %1 = tenferro.broadcast_in_dim %x, dims = [0] to [3, 2] : tensor<3xf64>
      %2 = tenferro.add %1, %y : tensor<3x2xf64>
      tenferro.yield %2 : tensor<3x2xf64>
    }
    ```
  }];
  let arguments = (ins Variadic<Tenferro_Tensor>:$inputs,
                       Tenferro_FusedRegionKindAttr:$kind,
                       DenseBoolArrayAttr:$last_use,
                       OptionalAttr<ArrayAttr>:$input_views);
  let results = (outs Variadic<Tenferro_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
    YieldOp getYield();
    /// The broadcast view of input `i`, or null for identity.
    BroadcastViewAttr getInputView(unsigned i);
    /// Replaces this op by its body, inputs for block arguments and
    /// yielded values for results (tenferro-inline-regions, and the
    /// regions convert-tenferro-to-linalg lowers op by op).
    void inlineBody(::mlir::RewriterBase &rewriter);
  }];
}

def Tenferro_YieldOp : Tenferro_Op<"yield",
    [Pure, Terminator, ReturnLike, HasParent<"FusedRegionOp">]> {
  let summary = "returns the outputs of a fused region";
  let description = [{
    ```mlir
    tenferro.yield %1, %2 : tensor<4xf64>, tensor<4xf64>
    ```
  }];
  let arguments = (ins Variadic<Tenferro_Tensor>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // TENFERRO_DIALECT_TENFERRO_IR_TENFERROOPS_TD
