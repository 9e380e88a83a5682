//===- TenferroBase.td - tenferro dialect definition -------*- tablegen -*-===//
//
// The dialect, its type constraints and the execution-class traits.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_TENFERROBASE_TD
#define TENFERRO_DIALECT_TENFERRO_IR_TENFERROBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Tenferro_Dialect : Dialect {
  let name = "tenferro";
  let cppNamespace = "::mlir::tenferro";
  let summary = "Instructions of tenferro ExecPrograms";
  let description = [{
    The `tenferro` dialect models the instructions of a tenferro ExecProgram:
    a linear list of instructions over write-once slots. A program is a
    `func.func` whose arguments are the program inputs (in `input_slots`
    order) and whose `func.return` yields the `output_slots`; every
    instruction is one op whose SSA results are its output slots.

    Tensors are builtin ranked tensors with static or dynamic extents and the
    seven tenferro element types: `f32`, `f64`, `i32`, `i64`, `i1` (Bool),
    `complex<f32>` (C32) and `complex<f64>` (C64). Data is column-major; the
    dialect itself is layout-agnostic, the lowering fixes the layout.

    Every op belongs to exactly one execution class (host, FFI, backend),
    expressed by the traits `HostOp`, `FFIOp` and `BackendOp`; elementwise
    ops that tenferro's fusion plans accept also carry `ElementwiseFusable`.
    `mlir::tenferro::getExecClass` is the single query point for passes.

    Symbolic extents are `#tenferro.dim<...>` expressions (DimExpr); shape
    obligations of a program are `#tenferro.shape_guard<...>` entries in the
    `tenferro.shape_guards` attribute of its `func.func`. The unit attribute
    `tenferro.kernel` marks a function (`func.func`, later `llvm.func`) as a
    kernel outlined from a program by `tenferro-outline-kernels`. The unit
    attribute `tenferro.segment` marks a single-region op (an
    `scf.execute_region`) as holding the lowering of one fused region, one
    segment of the runtime, so that passes on linalg keep their
    transformations within it (`convert-tenferro-to-linalg` with
    `wrap-regions`, `tenferro-unwrap-segments`). The integer attribute
    `tenferro.segment_id` numbers the segment a linalg op was lowered from
    once the regions are inlined (`tenferro-unwrap-segments` with
    `number-ops`), for passes after bufferization
    (`tenferro-fuse-column-tiles` with `within-segments`). The unit
    attribute `tenferro.lane_step` marks the linalg ops of a reduction
    over the contiguous axis in lanes (`convert-tenferro-to-linalg`:
    the fills, the lanes' passes over the input, the tail, the fold of
    the lanes into groups and the combination), which
    `tenferro-fuse-column-tiles` with `lane-steps` computes one row at a
    time.

    docs/semantics.md defines what every op computes, its dtype and shape
    rules and its edge cases.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();

    /// Name of the discardable `func.func` attribute holding shape guards.
    static constexpr ::llvm::StringLiteral kShapeGuardsAttrName =
        "tenferro.shape_guards";
    /// Name of the unit attribute that marks a function as a kernel
    /// outlined from a program (tenferro-outline-kernels).
    static constexpr ::llvm::StringLiteral kKernelAttrName =
        "tenferro.kernel";
    /// Name of the unit attribute that marks a single-region op as the
    /// lowering of one fused region (convert-tenferro-to-linalg with
    /// wrap-regions).
    static constexpr ::llvm::StringLiteral kSegmentAttrName =
        "tenferro.segment";
    /// Name of the integer attribute that numbers the segment a linalg op
    /// was lowered from (tenferro-unwrap-segments with number-ops).
    static constexpr ::llvm::StringLiteral kSegmentIdAttrName =
        "tenferro.segment_id";
    /// Name of the unit attribute that marks the steps (linalg ops) of a
    /// reduction over the contiguous axis in lanes
    /// (convert-tenferro-to-linalg), which tenferro-fuse-column-tiles with
    /// lane-steps computes one row at a time.
    static constexpr ::llvm::StringLiteral kLaneStepAttrName =
        "tenferro.lane_step";
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

defvar Tenferro_ElementTypes =
    [F32, F64, I32, I64, I1, Complex<F32>, Complex<F64>];

def Tenferro_ElementType : AnyTypeOf<Tenferro_ElementTypes,
    "tenferro element type (f32, f64, i32, i64, i1, complex<f32>, "
    "complex<f64>)">;

def Tenferro_Tensor : RankedTensorOf<Tenferro_ElementTypes>;

//===----------------------------------------------------------------------===//
// Execution-class traits (docs/semantics.md §2.3, §11.3)
//===----------------------------------------------------------------------===//

class Tenferro_OpTrait<string name>
    : NativeOpTrait<name> {
  let cppNamespace = "::mlir::tenferro::OpTrait";
}

// Runtime-side host instruction: shape_of, dynamic_truncate, pad_to_match,
// constant.
def Tenferro_Host : Tenferro_OpTrait<"HostOp">;
// Library call (GEMM, extension runtime): dot_general,
// dot_general_with_conj, extension.
def Tenferro_FFI : Tenferro_OpTrait<"FFIOp">;
// Executed inside a backend session; candidates for fused regions.
def Tenferro_Backend : Tenferro_OpTrait<"BackendOp">;
// Computes each result element from the operand elements at the same
// (right-aligned, broadcast) position: the 24 elementwise instructions.
def Tenferro_Elementwise : Tenferro_OpTrait<"ElementwiseOp">;
// Maps to an ElementwiseFusionOp of tenferro's fusion plans
// (docs/semantics.md §11.3).
def Tenferro_ElementwiseFusable : Tenferro_OpTrait<"ElementwiseFusable">;

#endif // TENFERRO_DIALECT_TENFERRO_IR_TENFERROBASE_TD
