//===- Pipelines.h - tenferro pass pipelines --------------------*- C++ -*-===//
//
// The lowering from tenferro programs to the LLVM dialect, one builder per
// stage so that embedders can run only part of it, and the registration of
// `tenferro-lower-to-llvm`.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_PIPELINES_PIPELINES_H
#define TENFERRO_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::tenferro {

/// How vector transcendentals are computed (the `vector-math` option).
enum class VectorMath {
  /// One libm call per lane: results bit-identical to libm's.
  Libm,
  /// glibc's libmvec, variants of this x86-64 instruction set or narrower.
  LibmvecSSE,
  LibmvecAVX,
  LibmvecAVX2,
  LibmvecAVX512,
};

/// How NaN-propagating maximum and minimum are computed (the
/// `maximum-minimum` option); every choice gives the same results.
enum class MaximumMinimum {
  /// llvm.maximum/llvm.minimum: one instruction where the target has one
  /// with these semantics (AArch64's fmax/fmin), 6 on x86.
  LLVM,
  /// Two ordered selects combined bitwise (tenferro-expand-maximum-minimum).
  Select,
  /// AVX-512DQ's vrange on 512-bit vectors, the selects elsewhere.
  AVX512DQ,
};

struct TenferroLoweringOptions
    : public PassPipelineOptions<TenferroLoweringOptions> {
  PassOptions::Option<bool> enableFusion{
      *this, "enable-fusion",
      llvm::cl::desc("Segment programs into fused regions before lowering "
                     "(one loop nest per elementwise region); off lowers "
                     "every instruction on its own, the unfused baseline"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> segmentFusion{
      *this, "segment-fusion",
      llvm::cl::desc("Within each segment that lowers op by op (sequence "
                     "regions), fuse each elementwise op whose result has "
                     "one use, or is otherwise only sliced, into its "
                     "consumer, reductions included "
                     "(tenferro-fuse-elementwise-ops within-segments); "
                     "nothing moves across a segment boundary; the same "
                     "results, fewer passes over memory; off lowers each "
                     "instruction of such a segment to its own loop nest"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> elementwiseFusion{
      *this, "elementwise-fusion",
      llvm::cl::desc("Beyond the runtime's segmentation: after the "
                     "conversion to linalg, fuse each elementwise op whose "
                     "result has one use, or is otherwise only sliced, into "
                     "its consumer, reductions included "
                     "(tenferro-fuse-elementwise-ops), within sequence "
                     "regions and across region boundaries; the same "
                     "results, fewer passes over memory "
                     "(docs/performance.md)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> columnFusion{
      *this, "column-fusion",
      llvm::cl::desc("Beyond the runtime's segmentation: after "
                     "bufferization, compute consecutive loop nests over "
                     "the same columns tile by tile in one loop, buffers "
                     "only they use shrunk to one tile "
                     "(tenferro-fuse-column-tiles), within sequence regions "
                     "and across region boundaries; the same results, one "
                     "pass over memory where a hand-written loop makes one "
                     "(docs/performance.md)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> segmentColumnFusion{
      *this, "segment-column-fusion",
      llvm::cl::desc("Within each segment that lowers op by op: after "
                     "bufferization, compute its consecutive loop nests "
                     "over the same columns tile by tile in one loop "
                     "(tenferro-fuse-column-tiles within-segments); "
                     "nothing moves across a segment boundary; the same "
                     "results; column-fusion, beyond the runtime, tiles "
                     "across segments"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> laneTiles{
      *this, "lane-tiles",
      llvm::cl::desc("Compute each reduction over the contiguous axis one "
                     "row at a time: its steps (fill, groups, tail, "
                     "combination) in one loop over rows, its partials on "
                     "the kernel's stack (tenferro-fuse-column-tiles "
                     "lane-steps), where LLVM keeps them in registers; the "
                     "same results; with column-fusion or "
                     "segment-column-fusion, within their tiles of columns; "
                     "with parallel-loops, in chunks of rows in parallel, "
                     "each with its own partials"),
      llvm::cl::init(true)};
  PassOptions::Option<uint64_t> columnTileBytes{
      *this, "column-tile-bytes",
      llvm::cl::desc("With column-fusion or segment-column-fusion: the bytes "
                     "of one tile of every "
                     "buffer a fused loop touches (its working set per "
                     "iteration)"),
      llvm::cl::init(262144)};
  PassOptions::Option<bool> foldShapeOf{
      *this, "fold-shape-of",
      llvm::cl::desc("Beyond the runtime's segmentation: before segmenting, "
                     "replace every shape_of of a static extent by a "
                     "constant at the top of the program "
                     "(tenferro-fold-shape-of), so that it no longer ends "
                     "a run (softmax's exp, sum and divide in one region); "
                     "the same results"),
      llvm::cl::init(false)};
  PassOptions::Option<unsigned> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("Lanes of the vectorized innermost loops (elementwise "
                     "and broadcast-multiply loops, tails masked); 8 fills "
                     "an AVX-512 register with f64 and is split into two "
                     "AVX2 registers; 0 keeps scalar loops"),
      llvm::cl::init(8)};
  PassOptions::Option<bool> hoistAccumulators{
      *this, "hoist-accumulators",
      llvm::cl::desc("Keep the vector partial sums of reductions in "
                     "registers across their loops "
                     "(tenferro-hoist-vector-accumulators); the same "
                     "results, off stores them to memory on every "
                     "iteration"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> jamFactor{
      *this, "jam-factor",
      llvm::cl::desc("Rows of a reduction over an outer axis (row sums) "
                     "added to its accumulators per read and write of them "
                     "(tenferro-jam-reduction-loops); the same results, 0 "
                     "or 1 reads and writes them once per row"),
      llvm::cl::init(4)};
  PassOptions::Option<bool> nontemporalStores{
      *this, "nontemporal-stores",
      llvm::cl::desc("Write the full vectors of loops to buffers of at "
                     "least nontemporal-min-bytes with non-temporal stores "
                     "where their address is aligned "
                     "(tenferro-nontemporal-stores): no read of each output "
                     "line before it is written; the same results"),
      llvm::cl::init(false)};
  PassOptions::Option<uint64_t> nontemporalMinBytes{
      *this, "nontemporal-min-bytes",
      llvm::cl::desc("With nontemporal-stores: the smallest buffer, in "
                     "bytes, written with non-temporal stores (0: every "
                     "buffer)"),
      llvm::cl::init(33554432)};
  PassOptions::Option<uint64_t> nontemporalMaxWorkPerAccess{
      *this, "nontemporal-max-work-per-access",
      llvm::cl::desc("With nontemporal-stores: loops that compute more "
                     "than this per vector load or store (about vector "
                     "instructions; a transcendental counts 20) keep "
                     "ordinary stores, since they are bound by their "
                     "arithmetic (tenferro-nontemporal-stores' "
                     "max-work-per-access; 0: no limit)"),
      llvm::cl::init(8)};
  PassOptions::Option<VectorMath> vectorMath{
      *this, "vector-math",
      llvm::cl::desc("How exp, log, sin, cos, tanh, expm1, log1p and pow "
                     "on vectors are computed: one libm call per lane "
                     "(results bit-identical to libm and the reference "
                     "interpreter), or glibc's vector math library with the "
                     "variants of an x86-64 instruction set the target has "
                     "(within the bounds of docs/semantics.md; link "
                     "-lmvec)"),
      llvm::cl::init(VectorMath::Libm),
      llvm::cl::values(
          clEnumValN(VectorMath::Libm, "libm", "libm, lane by lane"),
          clEnumValN(VectorMath::LibmvecSSE, "libmvec-sse",
                     "libmvec, SSE variants (the x86-64 baseline)"),
          clEnumValN(VectorMath::LibmvecAVX, "libmvec-avx",
                     "libmvec, up to AVX variants"),
          clEnumValN(VectorMath::LibmvecAVX2, "libmvec-avx2",
                     "libmvec, up to AVX2 variants"),
          clEnumValN(VectorMath::LibmvecAVX512, "libmvec-avx512",
                     "libmvec, up to AVX-512 variants"))};
  PassOptions::Option<bool> inlineTanh{
      *this, "inline-tanh",
      llvm::cl::desc("Where vector-math calls libmvec: expand f32 tanh "
                     "inline instead (tenferro-expand-tanh: within 1.07 "
                     "ulps against libmvec's 2, the same bits for scalars, "
                     "every vector width and every x86-64 level, but "
                     "1.1-1.4x the time of libmvec's tanhf; "
                     "docs/performance.md); vector-math=libm keeps libm's "
                     "tanhf"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> inlineTanhExpm1{
      *this, "inline-tanh-expm1",
      llvm::cl::desc("With inline-tanh: one expression for every input, "
                     "E / (E + 2) with E = expm1(2|x|) "
                     "(tenferro-expand-tanh's expm1: about 24 instructions "
                     "with inline-tanh-fma instead of 45, within 2.6 ulps "
                     "instead of 1.07; docs/semantics.md)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> inlineTanhFMA{
      *this, "inline-tanh-fma",
      llvm::cl::desc("With inline-tanh: fused multiply-adds in the "
                     "expansion (tenferro-expand-tanh's fma), for targets "
                     "with FMA: fewer instructions, other bits than "
                     "without"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> inlineExp{
      *this, "inline-exp",
      llvm::cl::desc("Where vector-math calls libmvec: expand f32 exp "
                     "inline instead (tenferro-expand-exp: within 1 ulp "
                     "against libmvec's 3, the same bits for scalars, "
                     "every vector width and every x86-64 level; "
                     "docs/performance.md); vector-math=libm keeps libm's "
                     "expf; the runner and the C API turn it on, with "
                     "inline-exp-fma, for targets with FMA"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> inlineExpF64{
      *this, "inline-exp-f64",
      llvm::cl::desc("With inline-exp: expand f64 exp inline too, in "
                     "loops that call no other function "
                     "(tenferro-expand-exp's f64: within 1 ulp against "
                     "libmvec's 3); the runner and the C API turn it on "
                     "with inline-exp"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> inlineExpF64BesideCalls{
      *this, "inline-exp-f64-beside-calls",
      llvm::cl::desc("With inline-exp-f64: expand f64 exp also in loops "
                     "that call other functions (tanh, log, ...), where "
                     "the expansion's constants are reloaded after every "
                     "call, slower than libmvec's exp there "
                     "(tenferro-expand-exp's f64-beside-calls)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> inlineExpAVX512{
      *this, "inline-exp-avx512",
      llvm::cl::desc("With inline-exp: scale by 2^n with AVX-512F's vscalef "
                     "(tenferro-expand-exp's avx512: the same bits, fewer "
                     "instructions; the code then needs AVX-512F)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> inlineExpFMA{
      *this, "inline-exp-fma",
      llvm::cl::desc("With inline-exp: fused multiply-adds in the "
                     "expansion (tenferro-expand-exp's fma), for targets "
                     "with FMA: fewer instructions, within 1.01 ulps "
                     "instead of 1, other bits than without"),
      llvm::cl::init(false)};
  PassOptions::Option<MaximumMinimum> maximumMinimum{
      *this, "maximum-minimum",
      llvm::cl::desc("How NaN-propagating maximum and minimum (-0 < +0) are "
                     "computed, all with the same results: LLVM's "
                     "llvm.maximum (one instruction on AArch64, 6 on x86), "
                     "two ordered selects combined bitwise (3-5 on x86), or "
                     "AVX-512DQ's vrange on 512-bit vectors (3; the code "
                     "then needs AVX-512DQ)"),
      llvm::cl::init(MaximumMinimum::Select),
      llvm::cl::values(
          clEnumValN(MaximumMinimum::LLVM, "llvm", "llvm.maximum"),
          clEnumValN(MaximumMinimum::Select, "select",
                     "ordered selects combined bitwise"),
          clEnumValN(MaximumMinimum::AVX512DQ, "avx512dq",
                     "vrange on 512-bit vectors, selects elsewhere"))};
  PassOptions::Option<bool> parallelLoops{
      *this, "parallel-loops",
      llvm::cl::desc("Run the outermost parallel loop of each loop nest on "
                     "all cores with OpenMP (scf.parallel to omp; link "
                     "libomp)"),
      llvm::cl::init(false)};
  PassOptions::Option<uint64_t> parallelMinWork{
      *this, "parallel-min-work",
      llvm::cl::desc("With parallel-loops: a loop nest of less work (units: "
                     "a memory access or a simple instruction on one "
                     "32-bit element, a transcendental 40) runs on one "
                     "thread, "
                     "where an OpenMP region costs more than it saves "
                     "(tenferro-serialize-small-parallel-loops); 0 runs "
                     "every parallel loop on all cores"),
      llvm::cl::init(262144)};
  PassOptions::Option<bool> outlineKernels{
      *this, "outline-kernels",
      llvm::cl::desc("Outline the loop nests of each program into kernel "
                     "functions, identical ones deduplicated, so LLVM "
                     "optimizes small functions (linear compile time); "
                     "off keeps one function per program"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> dispatcherPartOps{
      *this, "dispatcher-part-ops",
      llvm::cl::desc("With outline-kernels: most top-level ops of a "
                     "dispatcher function before it is cut into parts "
                     "(tenferro-split-dispatchers; LLVM's code generation "
                     "is superlinear in one function's size); 0 never "
                     "cuts"),
      llvm::cl::init(1024)};
  PassOptions::Option<bool> donateInputs{
      *this, "donate-inputs",
      llvm::cl::desc("The caller donates the program's input buffers: "
                     "regions may write outputs into inputs whose last use "
                     "they are (see convert-tenferro-to-linalg)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> destinationPassing{
      *this, "destination-passing",
      llvm::cl::desc("Programs write their results into buffers the caller "
                     "passes after the inputs, and return nothing "
                     "(tenferro-results-to-out-params): results the program "
                     "allocates are computed in place, with no allocation "
                     "per call; results need static shapes (docs/abi.md)"),
      llvm::cl::init(false)};
};

/// Reads `text`, options as the textual pipeline of tenferro-lower-to-llvm
/// takes them (e.g. "vector-width=4 donate-inputs=true"), into `options`,
/// over what they hold. On failure, `error` holds what the option parser
/// said, trimmed (empty if it said nothing), for the caller to put in
/// context: the runner's flags, the C API's field and the fuzzer's draws
/// all read their text here.
LogicalResult parseLoweringOptions(TenferroLoweringOptions &options,
                                   llvm::StringRef text, std::string &error);

/// Stage 1: tenferro-segment on every program (when fusion is enabled).
void buildTenferroSegmentPipeline(OpPassManager &pm,
                                  const TenferroLoweringOptions &options);
/// Stage 2: convert-tenferro-to-linalg and cleanup.
void buildTenferroToLinalgPipeline(OpPassManager &pm,
                                   const TenferroLoweringOptions &options);
/// Stage 3: one-shot bufferization with identity layouts at function
/// boundaries (column-major buffers, docs/abi.md) and deallocation.
void buildTenferroBufferizePipeline(OpPassManager &pm,
                                    const TenferroLoweringOptions &options);
/// Stage 4: linalg to loops; with a vector width, affine loops whose
/// innermost dimension is vectorized with the vector dialect. With
/// `outlineKernels` it starts by outlining loop nests into deduplicated
/// kernels and cutting long dispatchers into parts.
void buildTenferroToLoopsPipeline(OpPassManager &pm,
                                  const TenferroLoweringOptions &options);
/// Stage 5: everything to the LLVM dialect. OpenMP ops are converted only
/// with `parallelLoops`, the option under which stage 4 makes them.
void buildTenferroToLLVMPipeline(OpPassManager &pm,
                                 const TenferroLoweringOptions &options);
/// All five stages: tenferro programs to the LLVM dialect.
void buildTenferroLowerToLLVMPipeline(OpPassManager &pm,
                                      const TenferroLoweringOptions &options);

/// Registers `tenferro-lower-to-llvm`.
void registerTenferroPipelines();

} // namespace mlir::tenferro

#endif // TENFERRO_PIPELINES_PIPELINES_H
