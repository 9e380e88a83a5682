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
      regions with symbolic shapes) are inlined and lowered op by op;
      with `wrap-regions`, each becomes an `scf.execute_region` marked
      `tenferro.segment` (and `no_inline`) whose body is that lowering, so
      that the ops of one segment stay together until
      `tenferro-unwrap-segments`.
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

    Programs are the functions with a body that hold a tenferro
    instruction, and those whose arguments and results are ranked tensors
    of tenferro element types (at least one) unless driver code calls them
    (docs/abi.md, "Programs"); the rest is driver code and keeps its
    logical tensors.

    With `program-symbols` (as `tenferro-lower-to-llvm` runs it), every
    program `@name` is renamed to its ABI symbol `tenferro_<name>`, names
    that are not C identifiers mangled (docs/abi.md, "Symbol names"), and
    every reference follows: a program's name must not collide with the C
    functions the compiled code calls (`@exp` with libm's `exp`, `@malloc`)
    or that the code linking it calls (`@tanh`).

    The pass is one dialect conversion built from public pieces
    (tenferro/Conversion/TenferroToLinalg/TenferroToLinalg.h):
    `populateTenferroToLinalgPatterns` (ops and regions, result types from
    the given type converter), `populateProgramBoundaryPatterns`
    (returns and calls between programs through upstream's
    type-conversion patterns, calls from driver code, program signatures
    with their entry checks),
    `configureTenferroToLinalgTarget` and `ProgramSignatures`; before it,
    the pass reports recursion between programs and foreign ops on
    matrices, which no pattern can lower.

    Requires: nothing. Produces: no tenferro ops.
  }];
  let options = [
    Option<"donateInputs", "donate-inputs", "bool", /*default=*/"false",
           "The caller donates the program's input buffers: a region may "
           "write an output into an input whose last use it is, and inputs "
           "are writable during bufferization">,
    Option<"programSymbols", "program-symbols", "bool", /*default=*/"false",
           "Rename every program @name to its ABI symbol tenferro_<name> "
           "(names that are not C identifiers mangled; docs/abi.md)">,
    Option<"wrapRegions", "wrap-regions", "bool", /*default=*/"false",
           "Lower each region that is not one loop nest into an "
           "scf.execute_region marked tenferro.segment (and no_inline) "
           "holding its instructions' lowering, instead of inlining its "
           "body: later passes can then keep their rewrites within one "
           "segment (tenferro-fuse-elementwise-ops within-segments); "
           "tenferro-unwrap-segments inlines them">,
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

def TenferroMathToLibmvecPass
    : Pass<"tenferro-math-to-libmvec", "ModuleOp"> {
  let summary = "Vector transcendentals as calls to glibc's vector math "
                "library (libmvec)";
  let description = [{
    Rewrites `math.exp`, `log`, `sin`, `cos`, `tanh`, `expm1`, `log1p` and
    `powf` on 1-D vectors of `f32` or `f64` into calls to the x86-64 vector
    functions of glibc's libmvec (`_ZGVdN8v_expf`, `_ZGVeN8v_tanh`,
    `_ZGVbN4vv_powf`, ...: the names of the x86-64 vector function ABI),
    which compute every lane at once. Without this pass LLVM splits each
    vector op into one scalar libm call per lane.

    The `isa` option names the widest instruction set the code may use
    (`sse`, `avx`, `avx2`, `avx512`); the compiled code must run on a CPU
    that has it and be compiled with its features, since a `vector<16xf32>`
    argument travels in one AVX-512 register only then. Each vector is cut
    into the widest variants the ISA has (f32: 4, 8, 16 lanes; f64: 2, 4, 8)
    and a remainder narrower than the narrowest variant is padded with ones.
    Scalars, n-D vectors and other element types are left alone, for
    libm.

    Accuracy: libmvec states at most 4 ulps for these functions; the bound
    measured per function and dtype is in docs/semantics.md ("Accuracy of
    vector transcendentals") and test/Integration/vector-math-accuracy.mlir
    checks it. Code that needs results bit-identical to libm's does not run
    this pass (`vector-math=libm` in `tenferro-lower-to-llvm`).

    Requires: nothing. Produces: `func.call`s to libmvec and their
    declarations, vector slices; the code must be linked with `-lmvec`. A
    symbol of one of those names with another type is an error.
  }];
  let options = [
    Option<"isa", "isa", "std::string", /*default=*/"\"sse\"",
           "Widest x86-64 vector instruction set of the target: sse (the "
           "x86-64 baseline), avx, avx2 or avx512">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::vector::VectorDialect"];
}

def TenferroComplexToLibmPass
    : Pass<"tenferro-complex-to-libm", "ModuleOp"> {
  let summary = "Accurate complex functions: libm calls and formulations "
                "the interpreter shares";
  let description = [{
    Rewrites the complex functions of `complex<f32>` and `complex<f64>`
    into computations with a stated accuracy bound (docs/semantics.md,
    "Accuracy of complex functions"), which the reference interpreter
    performs operation for operation, so that compiled results and the
    interpreter's are bit-identical:

    - `complex.exp`, `log`, `sin`, `cos`, `tanh`, `sqrt`, `pow`, `abs`:
      calls to glibc's `cexp`, `clog`, `csin`, `ccos`, `ctanh`, `csqrt`,
      `cpow`, `cabs` (the functions libstdc++'s `std::complex` calls).
    - `complex.expm1`, `log1p`, `rsqrt` (no libm function):
      `expm1(x) cos(y) - 2 sin(y/2)^2 + i exp(x) sin(y)`;
      `log1p(2x + x^2 + y^2) / 2 + i atan2(y, 1 + x)` with the sum
      compensated; `conj(csqrt(z)) / hypot(x, y)`, each with its special
      regions handled (see the source).
    - `complex.div`: on `complex<f32>` the textbook formula in double,
      where it is accurate; on `complex<f64>` Smith's algorithm; both with
      C99 Annex G's infinities and zeros.

    `complex<f32>` operands are widened to `complex<f64>` and the result
    rounded once: more accurate than the `f` variants, and it avoids them,
    since the x86-64 C ABI passes a `float _Complex` packed in one vector
    register, not as the two floats the LLVM dialect's struct becomes.
    Upstream's `convert-complex-to-libm` calls those variants and
    `convert-complex-to-standard`'s formulas lose most bits in places
    (`sin(1e-8 + 1e-8i)`, `log` near `|z| = 1`, `pow` results that under-
    or overflow come out NaN).

    Requires: scalar complex ops (no vectors of complex exist). Produces:
    arith, math and complex ops, `func.call`s to libm (`cexp`, `clog`,
    `csin`, `ccos`, `ctanh`, `csqrt`, `cpow`, `cabs`, `hypot`) and their
    declarations; a symbol of one of those names with another type is an
    error.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::complex::ComplexDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::math::MathDialect"];
}

def TenferroConvertAssertToLLVMPass
    : Pass<"tenferro-convert-assert-to-llvm", "ModuleOp"> {
  let summary = "Lower cf.assert to a message on stderr and abort()";
  let description = [{
    Rewrites every `cf.assert` into a conditional branch to a block that
    writes the message and a newline to file descriptor 2 with one
    `write(2, message, length)` and then calls `abort()` (docs/abi.md,
    "Run-time checks"). Upstream's lowering (`convert-cf-to-llvm`, and
    `convert-openmp-to-llvm` inside OpenMP regions) prints the message with
    `puts`: on stdout, which is buffered when it is a file or a pipe and
    which `abort` does not flush, so a failed run-time check of
    ahead-of-time code died without a word.

    Each distinct message becomes one internal constant global
    (`tenferro_check_message_<i>`, numbered in module order, so output is
    deterministic). A plain rewrite, not a dialect conversion: the
    condition is an `i1` in any dialect and nothing else changes, so the
    pass costs one walk that only collects the asserts.

    Requires: no `cf.assert` in a single-block region (`scf.for`,
    `scf.if`: lower SCF to `cf` first), since the rewrite splits the
    assert's block; run it before `cf` is converted to LLVM (the lowering
    pipeline runs it in its LLVM stage, after SCF to CF). Produces:
    `llvm.cond_br`, calls to `write` and `abort` (declared), the message
    globals.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TenferroSCFToControlFlowPass
    : Pass<"tenferro-convert-scf-to-cf", "::mlir::func::FuncOp"> {
  let summary = "Lower SCF to the CFG in time linear in the function size";
  let description = [{
    Upstream's `convert-scf-to-cf` splits the enclosing block at every SCF
    op it lowers, moving every op after it into a new block, in program
    order: on a function with thousands of loop nests (a program of 10^4
    instructions) each split moves the rest of the function, and the pass
    takes quadratic time (minutes, and gigabytes of conversion state).
    This pass applies upstream's patterns, with the same legality, to the
    SCF ops of each block from last to first, so a split only moves the
    ops between one SCF op and the next, which are never moved again.
    Nested SCF ops are lowered with their parent as usual.

    Requires: nothing. Produces: `cf` branches; no SCF op remains.
  }];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect"];
}


def TenferroConvertScalarsToLLVMPass
    : Pass<"tenferro-convert-scalars-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Convert arith, complex, ub, cf and func to the LLVM dialect "
                "in one walk";
  let description = [{
    Does what `convert-arith-to-llvm`, `convert-complex-to-llvm`,
    `convert-ub-to-llvm`, `convert-cf-to-llvm` (with `cf.assert` aborting)
    and `convert-func-to-llvm` do one after the other, with one type
    converter (the module's data layout) and one dialect conversion. Each
    of those passes walks the whole module and checks every op's legality;
    in tenferro's pipeline, which runs them last on modules of hundreds of
    thousands of ops, the five walks took about a fifth of the lowering.
    The patterns are upstream's; only the number of walks changes, and the
    result is the same (test/Conversion/ScalarsToLLVM/convert-scalars-to-llvm.mlir).

    Requires: memrefs, vectors and SCF already lowered (the pass leaves
    other dialects' ops as they are). Produces: the LLVM dialect and
    `unrealized_conversion_cast`s for `reconcile-unrealized-casts`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}


#endif // TENFERRO_CONVERSION_PASSES_TD
