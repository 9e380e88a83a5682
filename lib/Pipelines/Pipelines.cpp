//===- Pipelines.cpp - tenferro pass pipelines ----------------------------===//
//
// The lowering order is the one that runs end to end on Debian's MLIR 22
// (checked with its mlir-opt and mlir-runner): complex and math are
// expanded before the dialects that use them are converted, ub is converted
// explicitly, and reconcile-unrealized-casts runs last.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Pipelines/Pipelines.h"

#include "tenferro/Conversion/Passes.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"
#include "tenferro/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tenferro;

void mlir::tenferro::buildTenferroSegmentPipeline(
    OpPassManager &pm, const TenferroLoweringOptions &options) {
  // Beyond the runtime, on request: shape_of of static extents as
  // constants at the top, so that they do not end runs.
  if (options.foldShapeOf)
    pm.addNestedPass<func::FuncOp>(createTenferroFoldShapeOfPass());
  if (options.enableFusion)
    pm.addNestedPass<func::FuncOp>(createTenferroSegmentPass());
}

void mlir::tenferro::buildTenferroToLinalgPipeline(
    OpPassManager &pm, const TenferroLoweringOptions &options) {
  // Within segments only (the default): each region lowered op by op is
  // kept in an scf.execute_region until its elementwise ops are fused, so
  // that no fusion crosses a segment boundary. elementwise-fusion fuses
  // everywhere and needs no such fence. For column tiles within segments,
  // the ops are numbered by segment as the regions are inlined.
  bool withinSegments = options.segmentFusion && !options.elementwiseFusion;
  bool numberOps = options.segmentColumnFusion && !options.columnFusion;
  ConvertTenferroToLinalgPassOptions convert;
  convert.donateInputs = options.donateInputs;
  // Compiled programs export tenferro_<name>, never a C library's names.
  convert.programSymbols = true;
  convert.wrapRegions = withinSegments || numberOps;
  pm.addPass(createConvertTenferroToLinalgPass(convert));
  // Elementwise ops of other dialects on tensors (arith, math: the foreign
  // instructions segmentation leaves between regions) as linalg too, so
  // that bufferization and the loop stages take them.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  // Complex functions through libm and accurate formulations that the
  // interpreter shares (convert-complex-to-standard's lose most bits in
  // places). Before any canonicalization: the complex dialect folds
  // log(exp(z)) and exp(log(z)) to z, wrong off the principal branch and
  // not what the interpreter computes.
  pm.addPass(createTenferroComplexToLibmPass());
  pm.addPass(createCanonicalizerPass());
  // An elementwise linalg op whose result has one use, or is otherwise only
  // sliced (a reduction's vector tail), is fused into its consumer
  // (tenferro-fuse-elementwise-ops): by default within each segment, whose
  // instructions otherwise lower to one loop nest each; beyond the
  // runtime's segments, on request, across region boundaries too. Every op
  // is computed as before, so results do not change.
  // Without lane-tiles, a lane reduction's fold into groups is fused into
  // its pairwise combination also per row: nothing keeps the groups in
  // registers, and they would be a buffer and a kernel of their own.
  if (withinSegments) {
    TenferroFuseElementwiseOpsPassOptions fuse;
    fuse.withinSegments = true;
    fuse.foldsIntoRowCombinations = !options.laneTiles;
    pm.addNestedPass<func::FuncOp>(createTenferroFuseElementwiseOpsPass(fuse));
  }
  if (withinSegments || numberOps) {
    TenferroUnwrapSegmentsPassOptions unwrap;
    unwrap.numberOps = numberOps;
    pm.addNestedPass<func::FuncOp>(createTenferroUnwrapSegmentsPass(unwrap));
    pm.addPass(createCanonicalizerPass());
  }
  if (options.elementwiseFusion) {
    TenferroFuseElementwiseOpsPassOptions fuse;
    fuse.foldsIntoRowCombinations = !options.laneTiles;
    pm.addNestedPass<func::FuncOp>(createTenferroFuseElementwiseOpsPass(fuse));
    pm.addPass(createCanonicalizerPass());
  }
}

LogicalResult
mlir::tenferro::parseLoweringOptions(TenferroLoweringOptions &options,
                                     llvm::StringRef text, std::string &error) {
  std::string said;
  llvm::raw_string_ostream stream(said);
  if (succeeded(options.parseFromString(text, stream)))
    return success();
  error = llvm::StringRef(said).trim().str();
  return failure();
}

void mlir::tenferro::buildTenferroBufferizePipeline(
    OpPassManager &pm, const TenferroLoweringOptions &options) {
  // One-shot module bufferization with identity-layout function
  // boundaries, without its in-place analysis (quadratic in the readers of
  // a value) where every write goes to a fresh buffer, as here.
  pm.addPass(createTenferroBufferizePass());
  // One-shot bufferization names and places constant globals in an order
  // that depends on pointers; output must not.
  pm.addPass(createTenferroOrderConstantGlobalsPass());
  // Before deallocation: the allocations that become the caller's buffers
  // must not be freed.
  if (options.destinationPassing)
    pm.addPass(createTenferroResultsToOutParamsPass());
  // Beyond the runtime's segments, on request: loop nests over the same
  // columns computed tile by tile in one loop. Before deallocation, which
  // then frees the tile-sized buffers it makes.
  // Within segments, on request (segment-column-fusion): the same, for
  // the ops of one segment at a time.
  if (options.columnFusion || options.segmentColumnFusion) {
    TenferroFuseColumnTilesPassOptions columns;
    columns.tileBytes = options.columnTileBytes;
    columns.parallel = options.parallelLoops;
    columns.minParallelWork = options.parallelMinWork;
    columns.withinSegments = !options.columnFusion;
    pm.addNestedPass<func::FuncOp>(createTenferroFuseColumnTilesPass(columns));
  }
  if (options.laneTiles) {
    // The steps of each lane reduction one row at a time (a reduction is
    // one op of one segment: nothing crosses a boundary), within the tiles
    // of columns where column fusion made them; with parallel loops, in
    // chunks of rows that run in parallel.
    TenferroFuseColumnTilesPassOptions lanes;
    lanes.laneSteps = true;
    lanes.parallel = options.parallelLoops;
    lanes.minParallelWork = options.parallelMinWork;
    pm.addNestedPass<func::FuncOp>(createTenferroFuseColumnTilesPass(lanes));
  }
  // Upstream's buffer-deallocation-pipeline, with tenferro's
  // dealloc-after-last-use between ownership-based deallocation (which frees
  // at block end) and the simplification (quadratic in the operands of one
  // dealloc): intermediates are freed after their last use, in linear time.
  pm.addPass(memref::createExpandReallocPass(
      memref::ExpandReallocPassOptions{/*emitDeallocs=*/false}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createTenferroDeallocAfterLastUsePass());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  // Deallocation returns owned copies as bufferization.clone.
  pm.addPass(createConvertBufferizationToMemRefPass());
}

/// convert-vector-to-scf without stack buffers for n-D transfers.
static VectorTransferToSCFOptions fullUnroll() {
  return VectorTransferToSCFOptions().enableFullUnroll();
}

void mlir::tenferro::buildTenferroToLoopsPipeline(
    OpPassManager &pm, const TenferroLoweringOptions &options) {
  if (options.outlineKernels) {
    // Each run of linalg ops between allocations becomes a kernel: the
    // passes below and LLVM then work on small functions (linear time, in
    // parallel), and each distinct kernel is lowered and compiled once.
    pm.addPass(createTenferroOutlineKernelsPass());
    pm.addPass(createTenferroDeduplicateKernelsPass());
    // LLVM's code generation is superlinear in the size of one function:
    // the dispatcher of a large program goes in parts.
    TenferroSplitDispatchersPassOptions split;
    split.maxOps = options.dispatcherPartOps;
    pm.addPass(createTenferroSplitDispatchersPass(split));
  }
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToAffineLoopsPass());
  // The tiles of column-fusion (and of lane-tiles) are subviews: their
  // loads and stores go to the buffers themselves (identity layouts, which
  // the vectorizer takes).
  if (options.columnFusion || options.segmentColumnFusion || options.laneTiles)
    pm.addNestedPass<func::FuncOp>(createTenferroFoldAffineSubviewsPass());
  if (options.parallelLoops) {
    // A lone loop would go to threads and never to vectors: chunk it; and
    // a kept axis around a reduced one in chunks of one vector.
    TenferroStripMineParallelLoopsPassOptions stripMine;
    stripMine.outerChunkSize = options.vectorWidth;
    // Parallel loops inside a reduction's sequential loops go outermost,
    // in chunks as large as those of lone loops: a chunk reads a run of
    // each row, and short runs cost more than a second thread gives (row
    // sums of 8192 x 8192 f32 in runs of 4096: 1.9x the time of whole rows
    // on one thread, 1.1x on two).
    stripMine.innerChunkSize = stripMine.chunkSize;
    // A nest that fits one chunk is cut in halves for the two threads only
    // where the serializing pass below would leave them parallel.
    stripMine.minWork = options.parallelMinWork;
    // Halves of a row shorter than two pages: the prefetcher's streams
    // restart at every row, and two threads lose to one (halves of a few
    // vectors, whose partial sums stay in registers, are exempt).
    stripMine.minRunBytes = 8192;
    pm.addNestedPass<func::FuncOp>(
        createTenferroStripMineParallelLoopsPass(stripMine));
    // Only the outermost parallel loop of a nest: nested OpenMP regions
    // cost more than they give on a few cores. Before vectorization, whose
    // vector transfers dependence analysis cannot see through.
    affine::AffineParallelizeOptions parallelize;
    parallelize.maxNested = 1;
    pm.addNestedPass<func::FuncOp>(
        affine::createAffineParallelize(parallelize));
    // A nest of little work (a few thousand elements) finishes on one
    // thread before an OpenMP region would have started both.
    TenferroSerializeSmallParallelLoopsPassOptions serialize;
    serialize.minWork = options.parallelMinWork;
    pm.addNestedPass<func::FuncOp>(
        createTenferroSerializeSmallParallelLoopsPass(serialize));
  }
  // Accumulator loops of at most this many vectors are unrolled by
  // tenferro-hoist-vector-accumulators, their vectors kept in registers.
  TenferroHoistVectorAccumulatorsPassOptions hoist;
  hoist.maxUnroll = 16;
  if (options.jamFactor > 1) {
    // Row sums read and write their accumulators once per jamFactor rows.
    TenferroJamReductionLoopsPassOptions jam;
    jam.factor = options.jamFactor;
    // Accumulators that the hoisting keeps in registers for the whole
    // reduced loop need no jamming.
    if (options.vectorWidth != 0 && options.hoistAccumulators)
      jam.minInnerTrips = uint64_t(hoist.maxUnroll) * options.vectorWidth + 1;
    pm.addNestedPass<func::FuncOp>(createTenferroJamReductionLoopsPass(jam));
  }
  if (options.vectorWidth != 0) {
    // Strided kernel arguments (the remainder of a reduction in lanes at a
    // dynamic position) through flat views, which the vectorizer takes.
    TenferroLinearizeStridedAccessesPassOptions linearize;
    linearize.vectorSize = options.vectorWidth;
    pm.addNestedPass<func::FuncOp>(
        createTenferroLinearizeStridedAccessesPass(linearize));
    // The innermost loop runs over the contiguous axis of every
    // column-major buffer; loop-invariant operands (broadcast sources)
    // become vector broadcasts, so each source element is read once per
    // vector.
    TenferroVectorizeAffineLoopsPassOptions vectorize;
    vectorize.vectorSize = options.vectorWidth;
    pm.addNestedPass<func::FuncOp>(
        createTenferroVectorizeAffineLoopsPass(vectorize));
  }
  pm.addNestedPass<func::FuncOp>(createLowerAffinePass());
  if (options.vectorWidth != 0) {
    // Full vectors as plain loads and stores, the partial one masked.
    pm.addNestedPass<func::FuncOp>(createTenferroPeelVectorLoopsPass());
    pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
    // Partial sums of reductions in registers, not stored every iteration.
    if (options.hoistAccumulators) {
      pm.addNestedPass<func::FuncOp>(
          createTenferroHoistVectorAccumulatorsPass(hoist));
      pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
    }
  }
  // Before OpenMP: each fence goes after the loops of a parallel loop's
  // body, on the thread that stored.
  if (options.vectorWidth != 0 && options.nontemporalStores) {
    TenferroNontemporalStoresPassOptions nontemporal;
    nontemporal.minBytes = options.nontemporalMinBytes;
    nontemporal.maxWorkPerAccess = options.nontemporalMaxWorkPerAccess;
    pm.addNestedPass<func::FuncOp>(
        createTenferroNontemporalStoresPass(nontemporal));
  }
  if (options.parallelLoops)
    pm.addPass(createConvertSCFToOpenMPPass());
  // Fully unrolled: the progressive lowering stages n-D transfers through
  // stack buffers of n-D vectors, which for Bool data would be arrays of
  // vectors of i1 in memory (packed bits; see
  // tenferro-widen-bool-vector-memory, which rewrites only 1-D vectors).
  pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass(fullUnroll()));
}

void mlir::tenferro::buildTenferroToLLVMPipeline(
    OpPassManager &pm, const TenferroLoweringOptions &options) {
  // Complex arithmetic (the functions and division became libm calls and
  // formulas in the linalg stage).
  // Passes that need no module (no declarations to add) run nested, on
  // each function, in parallel over the kernels.
  pm.addNestedPass<func::FuncOp>(createConvertComplexToStandardPass());
  // NaN-propagating maximum/minimum in fewer instructions than LLVM's
  // expansion of llvm.maximum on x86, on the vectors stage 4 formed.
  if (options.maximumMinimum != MaximumMinimum::LLVM) {
    TenferroExpandMaximumMinimumPassOptions expand;
    expand.avx512dq = options.maximumMinimum == MaximumMinimum::AVX512DQ;
    pm.addNestedPass<func::FuncOp>(
        createTenferroExpandMaximumMinimumPass(expand));
  }
  // f32 tanh inlined on request (more accurate than libmvec's, and the
  // same bits on every target), where exact libm is not asked for.
  if (options.vectorMath != VectorMath::Libm && options.inlineTanh) {
    TenferroExpandTanhPassOptions expandTanh;
    expandTanh.expm1 = options.inlineTanhExpm1;
    expandTanh.fma = options.inlineTanhFMA;
    pm.addNestedPass<func::FuncOp>(createTenferroExpandTanhPass(expandTanh));
  }
  // f32 (and f64) exp inlined on request: no call, so nothing spilled
  // around it.
  if (options.vectorMath != VectorMath::Libm && options.inlineExp) {
    TenferroExpandExpPassOptions expandExp;
    expandExp.fma = options.inlineExpFMA;
    expandExp.f64 = options.inlineExpF64;
    expandExp.f64BesideCalls = options.inlineExpF64BesideCalls;
    expandExp.avx512 = options.inlineExpAVX512;
    pm.addNestedPass<func::FuncOp>(createTenferroExpandExpPass(expandExp));
  }
  // Vector transcendentals as whole-vector calls, before the libm
  // lowerings below would call libm lane by lane.
  if (options.vectorMath != VectorMath::Libm) {
    TenferroMathToLibmvecPassOptions libmvec;
    switch (options.vectorMath) {
    case VectorMath::LibmvecAVX512:
      libmvec.isa = "avx512";
      break;
    case VectorMath::LibmvecAVX2:
      libmvec.isa = "avx2";
      break;
    case VectorMath::LibmvecAVX:
      libmvec.isa = "avx";
      break;
    default:
      libmvec.isa = "sse";
      break;
    }
    pm.addPass(createTenferroMathToLibmvecPass(libmvec));
  }
  // expm1 and log1p go to libm before MathToLLVM, which would expand them
  // as exp(x) - 1 and log(1 + x) and lose all accuracy near zero.
  pm.addPass(createTenferroExpm1Log1pToLibmPass());
  pm.addNestedPass<func::FuncOp>(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addNestedPass<func::FuncOp>(memref::createExpandStridedMetadataPass());
  // Out-of-bounds (tail) vector transfers lower to masked loads and stores
  // that query memref extents: convert them before memrefs.
  pm.addNestedPass<func::FuncOp>(createConvertVectorToLLVMPass());
  // Copies of strided views as loops: finalize-memref-to-llvm would call
  // memrefCopy from MLIR's runner utilities, which objects cannot assume.
  pm.addNestedPass<func::FuncOp>(createTenferroExpandStridedCopiesPass());
  // Memrefs before scf: OpenMP loop bodies sit in memref.alloca_scope,
  // which must be lowered while its region is still a single block.
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  // Upstream's convert-scf-to-cf is quadratic in the number of loop nests
  // of a function; tenferro's gives the same result in linear time.
  pm.addNestedPass<func::FuncOp>(createTenferroSCFToControlFlowPass());
  pm.addNestedPass<func::FuncOp>(createLowerAffinePass());
  // Failed run-time checks report on stderr (upstream's cf.assert lowering,
  // in both conversions below, prints with puts on buffered stdout).
  pm.addPass(createTenferroConvertAssertToLLVMPass());
  // Only parallel-loops makes OpenMP ops; the conversion walks the whole
  // module (5% of the lowering time of a large program) even when there
  // are none. Before the scalar conversion, as upstream's order has it:
  // it converts the ops inside OpenMP regions itself.
  if (options.parallelLoops) {
    pm.addPass(createArithToLLVMConversionPass());
    pm.addPass(createConvertOpenMPToLLVMPass());
  }
  // arith, complex, ub, cf and func in one walk of the module.
  pm.addPass(createTenferroConvertScalarsToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // Bool buffers hold a byte per element; LLVM's vectors of i1 are packed
  // bits in memory.
  pm.addPass(createTenferroWidenBoolVectorMemoryPass());
  // Kernels and dispatcher parts compiled in other partitions than their
  // callers get their constant arguments here, not from LLVM.
  if (options.outlineKernels)
    pm.addPass(createTenferroTrimCallArgumentsPass());
}

void mlir::tenferro::buildTenferroLowerToLLVMPipeline(
    OpPassManager &pm, const TenferroLoweringOptions &options) {
  buildTenferroSegmentPipeline(pm, options);
  buildTenferroToLinalgPipeline(pm, options);
  buildTenferroBufferizePipeline(pm, options);
  buildTenferroToLoopsPipeline(pm, options);
  buildTenferroToLLVMPipeline(pm, options);
}

void mlir::tenferro::registerTenferroPipelines() {
  PassPipelineRegistration<TenferroLoweringOptions>(
      "tenferro-lower-to-llvm",
      "Lower tenferro programs to the LLVM dialect: segmentation, "
      "tenferro to linalg on column-major tensors, bufferization, loops, "
      "LLVM",
      buildTenferroLowerToLLVMPipeline);
}
