//===- Passes.td - tenferro transformation passes ----------*- tablegen -*-===//

#ifndef TENFERRO_DIALECT_TENFERRO_TRANSFORMS_PASSES_TD
#define TENFERRO_DIALECT_TENFERRO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TenferroSegmentPass : Pass<"tenferro-segment", "func::FuncOp"> {
  let summary = "Segment a program into tenferro.fused_region ops as the "
                "tenferro runtime does";
  let description = [{
    Rewrites every program (a `func.func` with a one-block body) the way
    tenferro's `segment_exec_program` splits an ExecProgram
    (docs/semantics.md §11.2):

    - Host (`constant`, `shape_of`, `dynamic_truncate`, `pad_to_match`),
      FFI (`dot_general`, `dot_general_with_conj`, `extension`) and foreign
      ops (any op of another dialect, or an existing `fused_region`) stay
      outside regions, one at a time, and end the open run.
    - Maximal runs of backend instructions become `tenferro.fused_region`
      ops, including runs of length 1.
    - At every index, a broadcast-multiply triplet (`broadcast_in_dim`,
      `broadcast_in_dim`, `multiply` of the two in that order), then a
      pair (`broadcast_in_dim`, `multiply` reading it), is isolated in a
      region of its own when none of its values is read at or after its
      end (being a program output does not count); isolation splits an open
      run.

    Each region takes its inputs in first-read order, returns the values
    that the program returns or reads at or after its end, in production
    order, and flags each input whose last use it is (docs/semantics.md
    §11.2). Its kind is `broadcast_multiply` when the runtime's
    broadcast-multiply kernel takes it (§11.4), `elementwise` when one
    fusion plan builds (§11.3) and all outputs share one shape, and
    `sequence` otherwise.

    With `explain`, every decision is reported as a remark whose message
    starts with a stable reason code in brackets, e.g.
    `[host-boundary]`, `[broadcast-multiply-pair]`,
    `[isolation-rejected-future-use]`, `[plan-non-fusable-op]` (see
    docs/segmentation.md for the full list).

    The output is deterministic: it depends only on the program, never on
    threading or hashing. `tenferro-inline-regions` is the inverse.
    Requires: programs whose bodies are a single block. Produces:
    `tenferro.fused_region` ops; everything else is left in place.
  }];
  let dependentDialects = ["::mlir::tenferro::TenferroDialect"];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit one remark per segmentation decision and per region kind, "
           "each starting with a stable [reason-code]">,
    Option<"isolateBroadcastMultiply", "isolate-broadcast-multiply", "bool",
           /*default=*/"true",
           "Isolate terminal broadcast-multiply triplets and pairs in regions "
           "of their own, as the runtime does. When false they stay in their "
           "run, which saves materializing the run's values they read when "
           "the joint run is one elementwise plan">,
    Option<"maxRegionOps", "max-region-ops", "unsigned", /*default=*/"0",
           "Start a new region once a run holds this many instructions, "
           "bounding region size (0: unbounded, the runtime's behaviour)">,
  ];
}

def TenferroFoldShapeOfPass : Pass<"tenferro-fold-shape-of", "func::FuncOp"> {
  let summary = "Answer shape_of from static extents, so that it no longer "
                "cuts a run (beyond the runtime's segmentation)";
  let description = [{
    `shape_of` is a host instruction, so `tenferro-segment` ends the open
    run at it, as the runtime does: softmax's `shape_of` of `exp(x)` splits
    the `exp` from the sum and the divide that read it. Where the extent is
    static in the operand's type, its value is known before the program
    runs. This pass replaces every such `shape_of` of the program's body by
    a `tenferro.constant` of that extent (an `f64`, as `shape_of` gives) at
    the top of the body, one constant per distinct extent, and erases it
    where its result is unused; the backend instructions on either side
    then form one run. A `shape_of` of a dynamic extent stays where it is.
    The results are the same: the constant is the value `shape_of` would
    compute.

    Beyond the runtime's segmentation, so not in the default pipeline: the
    pipeline option `fold-shape-of` runs it before `tenferro-segment`.
    Requires: programs whose bodies are a single block (`shape_of`s nested
    in other ops' regions are left alone). Produces: no `shape_of` with a
    static extent in the body.
  }];
  let dependentDialects = ["::mlir::tenferro::TenferroDialect"];
}

def TenferroInlineRegionsPass
    : Pass<"tenferro-inline-regions", "func::FuncOp"> {
  let summary = "Inline tenferro.fused_region bodies back into the program";
  let description = [{
    The inverse of `tenferro-segment`: replaces every `tenferro.fused_region`
    by the instructions of its body, in order, with the region's block
    arguments replaced by its inputs and its results by the yielded values.
    Segmenting and then inlining gives back the original program.
    Requires: nothing. Produces: a flat program without fused regions.
  }];
}

def TenferroViewSegmentsPass
    : Pass<"tenferro-view-segments", "func::FuncOp"> {
  let summary = "Write a segmented program as a Graphviz DOT graph";
  let description = [{
    Prints each program as a DOT digraph: instructions are nodes, SSA
    def-use edges connect them, every `tenferro.fused_region` is a cluster
    labelled with its kind, and host, FFI and foreign boundary
    instructions are drawn as filled boxes coloured by class. Inputs whose
    last use is the region are drawn with bold edges. The IR is unchanged.
    Render with `dot -Tsvg`.
  }];
  let options = [
    Option<"outputFile", "output", "std::string", /*default=*/"\"-\"",
           "Where to write the DOT text ('-' for standard output)">,
  ];
}

#endif // TENFERRO_DIALECT_TENFERRO_TRANSFORMS_PASSES_TD
