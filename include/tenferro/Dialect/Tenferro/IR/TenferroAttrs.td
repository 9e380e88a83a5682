//===- TenferroAttrs.td - tenferro attributes and enums ----*- tablegen -*-===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_TENFERROATTRS_TD
#define TENFERRO_DIALECT_TENFERRO_IR_TENFERROATTRS_TD

include "tenferro/Dialect/Tenferro/IR/TenferroBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class Tenferro_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tenferro_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Tenferro_CompareDirection : I32EnumAttr<"CompareDirection",
    "comparison direction of tenferro.compare (tenferro has no `ne`)", [
      I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"lt", 1>,
      I32EnumAttrCase<"le", 2>, I32EnumAttrCase<"gt", 3>,
      I32EnumAttrCase<"ge", 4>]> {
  let cppNamespace = "::mlir::tenferro";
  let genSpecializedAttr = 0;
}

def Tenferro_CompareDirectionAttr
    : EnumAttr<Tenferro_Dialect, Tenferro_CompareDirection, "cmp"> {
  let assemblyFormat = "$value";
}

def Tenferro_DimExprKind : I32EnumAttr<"DimExprKind",
    "node kind of a DimExpr (docs/semantics.md §5.3)", [
      I32EnumAttrCase<"Const", 0, "const">,
      I32EnumAttrCase<"InputDim", 1, "input_dim">,
      I32EnumAttrCase<"Add", 2, "add">, I32EnumAttrCase<"Sub", 3, "sub">,
      I32EnumAttrCase<"Mul", 4, "mul">,
      I32EnumAttrCase<"FloorDiv", 5, "floordiv">,
      I32EnumAttrCase<"Min", 6, "min">, I32EnumAttrCase<"Max", 7, "max">]> {
  let cppNamespace = "::mlir::tenferro";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// DimExpr
//===----------------------------------------------------------------------===//

def Tenferro_DimExprAttr : Tenferro_Attr<"DimExpr", "dim"> {
  let summary = "symbolic dimension expression (DimExpr)";
  let description = [{
    A non-negative integer expression over tensor extents, tenferro's
    `DimExpr`:

    ```
    expr ::= integer                      // const(n), n >= 0
           | `input_dim` `(` operand `,` axis `)`
           | (`add` | `sub` | `mul` | `floordiv` | `min` | `max`)
             `(` expr `,` expr `)`
    ```

    `input_dim(k, a)` is the extent of axis `a` of the `k`-th operand of the
    op that carries the expression (for reshape, broadcast_in_dim and
    gather_dynamic_slice_sizes: operand 0 is the data, further operands are
    shape references), or of the `k`-th program input in a shape guard.

    Evaluation is exact over 64-bit signed extents: `add`/`mul` report
    overflow past 2^63-1, `sub` reports underflow below zero, `floordiv`
    reports division by zero, and an `input_dim` naming a missing operand
    or axis is an error.

    Examples: `#tenferro.dim<3>`, `#tenferro.dim<input_dim(1, 0)>`,
    `#tenferro.dim<mul(input_dim(0, 0), add(input_dim(0, 1), 2))>`.
  }];
  let parameters = (ins
    "::mlir::tenferro::DimExprKind":$kind,
    // const: the literal; input_dim: the operand (or input) index.
    "int64_t":$value,
    // input_dim: the axis; unused otherwise (0).
    "int64_t":$axis,
    "::mlir::tenferro::DimExprAttr":$lhs,
    "::mlir::tenferro::DimExprAttr":$rhs);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "::mlir::tenferro::DimExprKind":$kind, "int64_t":$value,
                     "int64_t":$axis, "::mlir::tenferro::DimExprAttr":$lhs,
                     "::mlir::tenferro::DimExprAttr":$rhs), [{
      return $_get($_ctxt, kind, value, axis, lhs, rhs);
    }]>
  ];
  let extraClassDeclaration = [{
    static DimExprAttr getConst(::mlir::MLIRContext *ctx, int64_t value);
    static DimExprAttr getInputDim(::mlir::MLIRContext *ctx, int64_t operand,
                                   int64_t axis);
    static DimExprAttr getBinary(DimExprKind kind, DimExprAttr lhs,
                                 DimExprAttr rhs);
    bool isConst() const { return getKind() == DimExprKind::Const; }
    bool isInputDim() const { return getKind() == DimExprKind::InputDim; }
    bool isBinary() const { return !isConst() && !isInputDim(); }
    /// Largest `input_dim` operand index referenced, or -1 for none.
    int64_t getMaxInputIndex() const;
    /// Parses/prints the bare expression (no `#tenferro.dim<>` wrapper);
    /// used by op assembly formats for shape lists.
    static ::mlir::FailureOr<DimExprAttr> parseExpr(::mlir::AsmParser &p);
    void printExpr(::llvm::raw_ostream &os) const;
  }];
}

def Tenferro_DimExprArrayAttr
    : TypedArrayAttrBase<Tenferro_DimExprAttr, "list of DimExprs">;

//===----------------------------------------------------------------------===//
// Shape guard (docs/semantics.md §5.6)
//===----------------------------------------------------------------------===//

def Tenferro_ShapeGuardAttr : Tenferro_Attr<"ShapeGuard", "shape_guard"> {
  let summary = "an `lhs == rhs` obligation over program input extents";
  let description = [{
    A shape guard of an ExecProgram: `lhs` and `rhs` are DimExprs whose
    `input_dim(k, a)` refers to axis `a` of program input `k` (argument `k`
    of the `func.func`). Guards are checked before any instruction runs; a
    violated guard is a `ShapeConstraintViolation`. `source` optionally names
    the extension family that required it, `instruction` the instruction
    index (-1 when absent).

    Guards live in the `tenferro.shape_guards` array attribute of the
    program's `func.func`:

    ```mlir
    func.func @f(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64>
        attributes {tenferro.shape_guards = [
          #tenferro.shape_guard<input_dim(0, 0) == input_dim(1, 0)>,
          #tenferro.shape_guard<input_dim(0, 0) == 4, source = "la.svd.v1", instruction = 2>]}
    ```
  }];
  let parameters = (ins "::mlir::tenferro::DimExprAttr":$lhs,
                        "::mlir::tenferro::DimExprAttr":$rhs,
                        "::mlir::StringAttr":$source,
                        "int64_t":$instruction);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Dimension-number configurations
//===----------------------------------------------------------------------===//

// A list of axes printed as `[0, 1]`; omitted from `struct` formats when
// empty.
def Tenferro_AxisListParameter : OptionalArrayRefParameter<"int64_t"> {
  let parser = [{ parseAxisList($_parser) }];
  let printer = [{ printAxisList($_printer, $_self) }];
}

def Tenferro_DotDimensionNumbersAttr
    : Tenferro_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "contracting and batch dimensions of tenferro.dot_general";
  let description = [{
    tenferro's `DotGeneralConfig`. The result of a dot_general is ordered
    `[lhs free..., rhs free..., batch...]`: batch axes come last
    (column-major batch-trailing convention), unlike StableHLO.
    Empty lists are omitted from the printed form.

    Example: `#tenferro.dot<lhs_contracting_dims = [1], rhs_contracting_dims = [0]>`.
  }];
  let parameters = (ins
    Tenferro_AxisListParameter:$lhs_contracting_dims,
    Tenferro_AxisListParameter:$rhs_contracting_dims,
    Tenferro_AxisListParameter:$lhs_batch_dims,
    Tenferro_AxisListParameter:$rhs_batch_dims);
  let assemblyFormat = "`<` struct(params) `>`";
}

def Tenferro_GatherDimensionNumbersAttr
    : Tenferro_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "dimension numbers of tenferro.gather (StableHLO's rule)";
  let description = [{
    The dimension part of tenferro's `GatherConfig`; the slice sizes are an
    attribute of the op (static for `gather`, DimExprs for
    `gather_dynamic_slice_sizes`).

    Example: `#tenferro.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>`.
  }];
  let parameters = (ins
    Tenferro_AxisListParameter:$offset_dims,
    Tenferro_AxisListParameter:$collapsed_slice_dims,
    Tenferro_AxisListParameter:$start_index_map,
    "int64_t":$index_vector_dim);
  let assemblyFormat = "`<` struct(params) `>`";
}

def Tenferro_ScatterDimensionNumbersAttr
    : Tenferro_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "dimension numbers of tenferro.scatter (StableHLO's rule)";
  let description = [{
    tenferro's `ScatterConfig`.

    Example: `#tenferro.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>`.
  }];
  let parameters = (ins
    Tenferro_AxisListParameter:$update_window_dims,
    Tenferro_AxisListParameter:$inserted_window_dims,
    Tenferro_AxisListParameter:$scatter_dims_to_operand_dims,
    "int64_t":$index_vector_dim);
  let assemblyFormat = "`<` struct(params) `>`";
}

//===----------------------------------------------------------------------===//
// Fused regions
//===----------------------------------------------------------------------===//

def Tenferro_FusedRegionKind : I32EnumAttr<"FusedRegionKind",
    "how a fused region executes", [
      I32EnumAttrCase<"elementwise", 0>,
      I32EnumAttrCase<"broadcast_multiply", 1>,
      I32EnumAttrCase<"sequence", 2>]> {
  let cppNamespace = "::mlir::tenferro";
  let genSpecializedAttr = 0;
}

def Tenferro_FusedRegionKindAttr
    : EnumAttr<Tenferro_Dialect, Tenferro_FusedRegionKind, "region_kind"> {
  let assemblyFormat = "$value";
}

def Tenferro_BroadcastViewAttr : Tenferro_Attr<"BroadcastView", "broadcast_view"> {
  let summary = "a fusion-plan input view: broadcast_in_dim to a static shape";
  let description = [{
    The `BroadcastInDim{shape, dims}` input view of an elementwise fusion
    plan (docs/semantics.md §11.3): input axis `i` maps to axis `dims[i]`
    of `shape`.
    Metadata only; no broadcast is materialized.

    Example: `#tenferro.broadcast_view<shape = [3, 2], dims = [0]>`.
  }];
  let parameters = (ins Tenferro_AxisListParameter:$shape,
                        Tenferro_AxisListParameter:$dims);
  let assemblyFormat = "`<` struct(params) `>`";
}

#endif // TENFERRO_DIALECT_TENFERRO_IR_TENFERROATTRS_TD
