//===- Passes.td - tenferro conversion passes --------------*- tablegen -*-===//

#ifndef TENFERRO_CONVERSION_PASSES_TD
#define TENFERRO_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTenferroToLinalgPass
    : Pass<"convert-tenferro-to-linalg", "ModuleOp"> {
  let summary = "Lower tenferro programs to linalg, tensor, arith, math and "
                "complex on column-major tensors";
  let description = [{
    Lowers every supported tenferro instruction and fused region to
    upstream dialects on tensors, making tenferro's column-major layout
    explicit: every tensor's dimensions are reversed (logical [d0, ..., dn-1]
    becomes [dn-1, ..., d0]), so the row-major buffers that bufferization
    produces hold column-major data, and function signatures change
    accordingly (docs/abi.md).

    - Elementwise instructions become one `linalg.generic` each, with
      tenferro's dtype promotion and right-aligned broadcasting in the
      indexing maps.
    - `elementwise` and `broadcast_multiply` regions become exactly one
      `linalg.generic` for the whole region: broadcast views are indexing
      maps, multi-output regions yield several results, and no
      intermediate tensor exists. `sequence` regions (and broadcast-multiply
      regions with symbolic shapes) are inlined and lowered op by op.
    - transpose, reshape, broadcast_in_dim, convert, the five reductions,
      constant, shape_of, dot_general, dot_general_with_conj, tril, triu,
      reverse, slice, pad, extract_diag, embed_diag, concatenate,
      dynamic_slice, dynamic_update_slice, gather, gather_dynamic_slice_sizes,
      scatter (scatter-add), dynamic_truncate and pad_to_match are lowered;
      DimExprs are evaluated at run time from the actual extents, and
      add/mul overflow, sub underflow or floordiv by zero fails at run time
      through `cf.assert`.
    - Shape guards (`tenferro.shape_guards`) become checks on entry that
      stop the program when violated.

    Buffer reuse: an elementwise region writes an output into the tensor
    of an input whose last use it is (same type, identity view), so that
    bufferization updates that buffer in place instead of allocating.
    Program inputs are the caller's buffers: they are reused only with
    `donate-inputs`, and are marked `bufferization.writable = false`
    otherwise, so that no op (e.g. dynamic_update_slice) writes into them.

    - `tenferro.extension` becomes a call to the external function
      `tenferro_ext_<family id>` (C interface, payload bytes first;
      docs/abi.md).

    Requires: nothing. Produces: no tenferro ops.
  }];
  let options = [
    Option<"donateInputs", "donate-inputs", "bool", /*default=*/"false",
           "The caller donates the program's input buffers: a region may "
           "write an output into an input whose last use it is, and inputs "
           "are writable during bufferization">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def TenferroExpm1Log1pToLibmPass
    : Pass<"tenferro-expm1-log1p-to-libm", "ModuleOp"> {
  let summary = "Lower math.expm1 and math.log1p to the C library";
  let description = [{
    Rewrites `math.expm1` and `math.log1p` (scalars, and vectors element by
    element) into calls to libm's `expm1`/`expm1f` and `log1p`/`log1pf`,
    leaving every other math op alone. Upstream's `convert-math-to-llvm`
    expands these two as `exp(x) - 1` and `log(1 + x)`, which loses all
    accuracy for small `x`, and `convert-math-to-libm` converts every math
    op (failing on integer ones such as vector `math.absi`), so the lowering
    pipeline runs this pass first. Requires: nothing. Produces: `func.call`s
    to libm and their declarations.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // TENFERRO_CONVERSION_PASSES_TD
