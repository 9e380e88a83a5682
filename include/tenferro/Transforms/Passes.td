//===- Passes.td - tenferro passes on upstream IR ----------*- tablegen -*-===//
//
// Passes on upstream IR (bufferization, loops, vectors, deallocation) that
// the lowering pipeline needs and that do not depend on the tenferro
// dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_TRANSFORMS_PASSES_TD
#define TENFERRO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TenferroPeelVectorLoopsPass
    : Pass<"tenferro-peel-vector-loops", "::mlir::func::FuncOp"> {
  let summary = "Split vectorized loops into unmasked full vectors and a "
                "masked tail";
  let description = [{
    `affine-super-vectorize` leaves every `vector.transfer_read` and
    `vector.transfer_write` of a vectorized loop without `in_bounds`, even
    when the loop never leaves the buffer, so each access lowers to a masked
    load or store that recomputes its mask from the buffer extent: about
    twice the cost of a plain vector load on a memory-bound loop. This pass
    gives full vectors plain loads and stores and confines masking to the
    last, partial vector.

    For each `scf.for` with a constant step (any lower bound: a chunk of a
    strip-mined loop starts at the chunk's offset), whose body holds
    transfers (without masks) that index
    the innermost position of a vector dimension with the induction
    variable itself and read at most `step` elements along it:

    1. A transfer is in bounds for the full iterations when the loop's
       upper bound is at most the accessed extent. Proven statically
       (constants, `ValueBoundsOpInterface`: the extent of an allocation
       sized by the same value); otherwise checked once before the loop:
       the loop is versioned with an `scf.if` on `ub <= dim` for every
       unproven buffer (defined outside the loop), whose else branch is the
       unchanged loop. Buffers that disagree at run time (for example
       dynamic operands of different extents) therefore keep the masked
       loop and its semantics.
    2. The fast version is peeled (`scf::peelForLoopAndSimplifyBounds`)
       into full iterations and at most one partial iteration; loops whose
       trip count is a static multiple of the step are not peeled.
    3. The transfers of the full-iteration loop get `in_bounds = true` on
       the proven dimensions. The partial iteration keeps masked accesses.

    Loops of a single iteration are replaced by their body first. Last,
    every transfer (without a mask) of the function gets `in_bounds = true`
    on each vector dimension whose index is proven to leave room for the
    whole vector in a static extent: largest index + vector length <=
    extent. The largest index is the smaller of two bounds: value bounds
    of the enclosing loops' induction variables and the arithmetic on them,
    and one from the constant bounds and steps of `scf.for` and
    `scf.parallel` loops through sums and products by non-negative
    constants (value bounds know an induction variable's range but not its
    step, and have no model of `scf.parallel`: the offset of a thread's
    half, `0` or `32` in a loop over [0, 64), is at most 32, which they
    take for 63). This takes the reads of fused loop nests, which index
    `16 * i + j` (a reduction fused with its producers by
    `tenferro-fuse-elementwise-ops`), and those within the halves of
    `tenferro-strip-mine-parallel-loops`: without it every such read is a
    masked load.

    Other transfers, and loops that do not qualify, are left unchanged.
    Requires: `scf.for` loops (run after `lower-affine`). Produces:
    `scf.if`, `scf.for`, `affine.apply`/`affine.min` bounds.
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def TenferroHoistVectorAccumulatorsPass
    : Pass<"tenferro-hoist-vector-accumulators", "::mlir::func::FuncOp"> {
  let summary = "Keep the vector accumulators of reductions in registers "
                "across their loops";
  let description = [{
    A vectorized reduction reads its partial sums, adds one vector of data
    and writes them back on every iteration (`vector.transfer_read` and
    `vector.transfer_write` of the same accumulator buffer at the same
    indices). LLVM cannot keep them in registers: the buffer is a kernel
    argument that, for all LLVM knows, may alias the data read in the same
    loop, so each iteration stores the accumulator and, around a call such
    as a vector `exp`, reloads it. This pass moves the read before the loop
    and the write after it, with the accumulator carried by the loop
    (`iter_args`):

    1. An innermost `scf.for` whose static trip count is at most
       `max-unroll`, that is nested in another `scf.for`, and whose body
       reads and writes one buffer at the same indices, some of which
       depend on its induction variable, is fully unrolled. These are the
       loops over the lanes of a lane reduction (64 partial sums in vectors
       of 16, 8 or 4): after unrolling each accumulator vector has indices
       that are invariant in the enclosing loop.
    2. `linalg::hoistRedundantVectorTransfers` moves loop-invariant code
       out of every loop, then hoists each matching read
       and write pair whose indices are loop-invariant, when no other
       access to that buffer is in the loop and the buffer is no view, and
       loop-invariant reads of buffers that the loop does not write (the
       row operand of an outer product is then read once per row). Before
       that, `memref.load`/`memref.store` through a `memref.subview` of a
       `memref.alloca` are folded into accesses of the alloca and the
       views erased (a lane reduction's tail writes its first lanes
       through a view of the row's partials with `lane-tiles`), so that
       the buffer has no view.

    Why this is sound for kernels: the hoisting assumes that distinct
    buffers do not overlap. Bufferization never lets a buffer that an
    operation writes overlap one that it still reads (the reads would see
    the writes): an accumulator or a loop's output is a buffer allocated
    for the result, or an input overwritten in place, which is then the
    same buffer and seen as such; destination-passing entry points reject
    outputs that overlap inputs (docs/abi.md). The summation order is
    unchanged: the same additions, on values in registers instead of
    memory. Loops that may run zero times are hoisted too: the hoisted
    read and write then store the value they read, at indices fixed by the
    enclosing loops. Requires `scf.for` loops (after `lower-affine` and
    `tenferro-peel-vector-loops`, whose in-bounds transfers this matches
    exactly) and must run before parallel loops become OpenMP.
  }];
  let options = [
    Option<"maxUnroll", "max-unroll", "unsigned", /*default=*/"16",
           "Largest trip count of a loop over accumulator lanes that is "
           "unrolled so that its accumulators can be hoisted (0: none)">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def TenferroNontemporalStoresPass
    : Pass<"tenferro-nontemporal-stores", "::mlir::func::FuncOp"> {
  let summary = "Write full vectors to large buffers with non-temporal "
                "stores";
  let description = [{
    A store to a cache line that is not in the cache first reads the line
    from memory (write-allocate), so a kernel that streams its output to a
    buffer larger than the caches moves every output byte twice: a triad
    (`o = a + s * b`) moves four bytes per three it needs, a kernel that
    only writes (an outer product, a broadcast) two per one. A
    non-temporal store writes whole lines to memory without reading them
    (x86 `movntps`; what glibc's `memcpy` does for large copies). The
    results are the same bits; what changes is that the buffer is not left
    in the cache, which costs a later reader only where the buffer would
    have stayed cached, so only buffers of at least `min-bytes` bytes get
    such stores.

    Non-temporal vector stores require an address aligned to the vector
    (or to 64 bytes for wider vectors) and fault otherwise, and a kernel's
    buffers come from its caller (destination-passing outputs, views), so
    alignment is checked where the store runs. Each unmasked, in-bounds
    `vector.transfer_write` of a 1-d vector of integers or floats (at least
    16 bytes, a power of two) along the contiguous last dimension of a
    memref, inside an `scf.for` that does not read the same memref (an
    update in place reads each line before it writes it, so streaming
    saves nothing there and would evict the line just read) and whose
    work is at most `max-work-per-access` per vector it reads or writes,
    becomes

        scf.if (bytes(buffer) >= min-bytes && address % alignment == 0) {
          vector.store ... {nontemporal = true, alignment = ...}
        } else {
          vector.transfer_write ... (unchanged)
        }

    with the buffer's extent, strides and aligned pointer read from the
    memref (`memref.extract_strided_metadata`,
    `memref.extract_aligned_pointer_as_index`): loop-invariant work that
    LLVM hoists, leaving an `and` and a branch per vector. Masked tails
    and stores outside loops stay as they are.

    A loop that computes much per vector it moves is bound by its
    arithmetic, not by memory: streaming saves no time there, and on the
    AMD EPYC machine of docs/performance.md it cost 1.2-1.45x (`chain16`,
    `softmax`, `gelu`, `tchain4`), also in plain C with `_mm512_stream_ps`.
    The work of the loop around the store is the sum over its ops on
    vectors of about the instructions each becomes on x86 (1 for an
    add, a multiply, a compare, a select, an FMA; 4 for a division, a
    square root, a NaN-propagating maximum or minimum, a reduction across
    lanes; 20 for `exp`, `tanh` and the other transcendentals, a libmvec
    call or an inline expansion), and its accesses are its vector loads
    and stores. Above `max-work-per-access` units per access (8: `chain4`
    at about 3 gains 1.2-1.3x, `chain8` at about 7 is even, `chain16` at
    about 13 and `tchain4` at 14 lose) the stores stay as they are. Non-temporal stores are
    weakly ordered: after the outermost loop holding such stores (within
    a parallel loop's body, so on the thread that stored) the pass emits a
    sequentially consistent `llvm.fence` (on x86 a locked `or`, which
    drains the write-combining buffers as `mfence` does), so that other
    threads and later code see the data.

    Runs in `tenferro-lower-to-llvm` after `tenferro-peel-vector-loops`
    (whose in-bounds transfers it matches) and before parallel loops
    become OpenMP, when the pipeline option `nontemporal-stores` is set
    (its `nontemporal-min-bytes` is this pass's `min-bytes`).
  }];
  let options = [
    Option<"minBytes", "min-bytes", "uint64_t", /*default=*/"33554432",
           "Smallest buffer, in bytes, whose full vectors are written with "
           "non-temporal stores: larger than the caches, so that no reader "
           "that would have found it cached loses (0: every buffer)">,
    Option<"maxWorkPerAccess", "max-work-per-access", "uint64_t",
           /*default=*/"8",
           "Most work (about the vector instructions of the loop's "
           "arithmetic) per vector load or store of a loop whose stores "
           "stream: loops that compute more are bound by their arithmetic, "
           "where streaming measured slower (0: no limit)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def TenferroStripMineParallelLoopsPass
    : Pass<"tenferro-strip-mine-parallel-loops", "::mlir::func::FuncOp"> {
  let summary = "Split single parallel loops into chunks for threads and "
                "vectors";
  let description = [{
    A loop nest of depth one (a 1-d elementwise region, a 1-d instruction)
    has a single loop to give to both `affine-parallelize`, which turns the
    outermost parallel loop into a parallel loop for threads, and
    `affine-super-vectorize`, which vectorizes the innermost loop: the
    parallelized loop is then never vectorized. This pass strip-mines each
    such loop (an `affine.for` that is parallel, holds no other loop and is
    not inside one) into a loop over chunks of `chunk-size` iterations and
    a loop within the chunk, with `affine::tilePerfectlyNested`: threads take
    chunks, and each chunk is vectorized. A loop with a static trip count of
    at most one chunk is cut into two halves of whole vectors (a multiple
    of `outer-chunk-size` where set, the pipeline's vector width): left
    whole, it would go to the threads unvectorized (a GELU of 2^14 `f64`
    took 115 us on two threads, scalar, against 61 us on one, vectorized;
    `tenferro-serialize-small-parallel-loops` puts halves of little work
    back on one thread); a loop of one vector goes whole into an
    `affine.parallel` of one iteration, as below. Deeper nests are left
    alone:
    their outer loop goes to threads and their inner one to vectors already,
    with one exception below.

    A nest of depth two whose outer loop is parallel and whose inner loop
    is not (it carries a reduction: a kept axis around a reduced one, as
    the lanes of a sum around the loop over its groups were) would lose
    its vectors the same way: `affine-parallelize` gives the outer loop to
    threads, and the vectorizer, which takes parallel `affine.for` loops
    only, finds none left (measured with such lanes: a sum of 2^24 `f32`
    took 20 ms on two threads, scalar, against 6 ms on one, vectorized).
    With
    `outer-chunk-size` > 0 the outer loop of such a nest (not inside
    another loop) is strip-mined into chunks of that many iterations:
    threads take chunks, and each chunk's loop is vectorized around the
    sequential inner loop. Where all its iterations fit in one chunk, the
    nest is instead put in an
    `affine.parallel` of one iteration, which `affine-parallelize` (the
    outermost parallel loop of a nest only) leaves as it is, so the lanes
    are vectorized as without threads; canonicalization removes it after
    `tenferro-peel-vector-loops`. The pipeline sets `outer-chunk-size` to
    its vector width, so that a chunk is one whole vector.

    A perfect nest whose outermost loop is sequential and holds a parallel
    loop (a reduction over axes outside the kept ones, e.g. the row sums
    of a column-major matrix: `for j { for i { o[i] += x[i, j] } }`) would
    get one OpenMP region per iteration of the sequential loop, each too
    short to pay for itself and none vectorized (measured: 2^20 `f32` row
    sums took 3 ms on two threads against 46 µs on one). With
    `inner-chunk-size` > 0 the first parallel loop of such a nest is moved
    outermost where the affine dependence analysis allows it
    (`isValidLoopInterchangePermutation`; each kept index then accumulates
    in the same order): as it is when loops remain inside it, and in
    chunks of `inner-chunk-size` iterations when it is the innermost loop
    (`for ic { for j { for i in chunk } }`: threads take chunks, the loop
    within a chunk stays innermost and contiguous for the vectors, and a
    chunk's partial sums stay in the cache). Where the innermost
    parallel loop fits in one chunk, it is cut into two halves of whole
    vectors as a lone loop is: each thread takes half of every row (the
    row sums of a 1024 x 1024 matrix: kept indices 0-511 and 512-1023),
    or half of the 64 lanes of a vector's sum inside the loop over its
    groups (lanes 0-31 and 32-63; each lane still adds its elements in
    order, docs/semantics.md 8.5); a loop of one vector goes into an
    `affine.parallel` of one iteration as above (one thread, vectors).

    With `min-work` > 0, a nest of at most one chunk whose static work is
    below `min-work` units (the count of
    `tenferro-serialize-small-parallel-loops`, which the pipeline gives the
    same threshold) is not cut in halves but handled as a loop of one
    vector: one thread would run the halves one after the other, and the
    lanes of a sum in two halves would read the data twice, in two loops
    of half the partial sums each, where whole they read it once. With
    `min-run-bytes` > 0, a parallel innermost loop inside sequential ones
    is cut in halves only where each half spans at least that many bytes
    of its narrowest buffer: each thread reads its half of every row, and
    short halves break the hardware prefetcher's streams at every row
    (measured on two threads against one, whole: row sums of 1024 x 1024
    `f32`, halves of 2 KiB, 0.72x; 4096 x 4096, halves of 8 KiB, 1.25x).
    The pipeline sets 8192. Halves of at most four vectors
    (`outer-chunk-size` iterations each) are exempt: their partial results
    stay in registers through the sequential loop
    (`tenferro-hoist-vector-accumulators`), so a thread only streams its
    half of every group (a sum's 64 lanes in halves of 32: 1.3x to 1.6x
    the speed of one thread in `f32` from 2^17 elements, 1.05x to 1.25x
    in `f64`). The work count charges each of their elements a load and a
    store of the partial result that the registers save, so they are cut
    only where that count reaches twice `min-work`. Where the halves are
    even (the loop's constant trip count a multiple of the half), the loop
    within a half is normalized to run
    from 0 with its indices offset by the half's start, so that its
    constant trip count shows: `tenferro-peel-vector-loops` then proves
    its accesses in bounds without a run-time check, and the lanes of a
    sum unroll into registers. Uneven halves keep their bounds; the
    peeling pass checks those once and masks the partial vector alone.

    Runs before `affine-parallelize` in `tenferro-lower-to-llvm` when
    `parallel-loops` is set. Requires: affine loops. Produces: affine loops
    with `affine.min` bounds for the last chunk.
  }];
  let options = [
    Option<"outerChunkSize", "outer-chunk-size", "unsigned", /*default=*/"0",
           "Iterations per chunk of the parallel outer loop of a nest of "
           "depth two whose inner loop is sequential (a kept axis around a "
           "reduced one); the vector width makes each chunk one vector; 0 leaves "
           "these nests alone">,
    Option<"innerChunkSize", "inner-chunk-size", "unsigned",
           /*default=*/"0",
           "Iterations per chunk of a parallel innermost loop inside "
           "sequential ones (the kept axis of a reduction over an outer "
           "axis), moved outermost for the threads; 0 leaves these nests "
           "alone">,
    Option<"chunkSize", "chunk-size", "unsigned", /*default=*/"16384",
           "Iterations per chunk: large enough that a chunk amortizes its "
           "scheduling, small enough for the threads to balance; a multiple "
           "of the vector width keeps every chunk but the last free of "
           "partial vectors">,
    Option<"minWork", "min-work", "uint64_t", /*default=*/"0",
           "Units of work (as tenferro-serialize-small-parallel-loops counts "
           "them) below which a nest of at most one chunk stays whole, for "
           "one thread, instead of being cut in halves; 0 cuts every such "
           "nest">,
    Option<"minRunBytes", "min-run-bytes", "uint64_t", /*default=*/"0",
           "Bytes of its narrowest buffer each half of a parallel innermost "
           "loop inside sequential ones must span for the loop to be cut in "
           "halves (shorter runs stay whole, on one thread); 0 cuts any">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect"];
}

def TenferroJamReductionLoopsPass
    : Pass<"tenferro-jam-reduction-loops", "::mlir::func::FuncOp"> {
  let summary = "Read and write a reduction's accumulators once per several "
                "reduced iterations";
  let description = [{
    A reduction over an axis outside its kept ones (row sums of a
    column-major matrix: `for j { for i { o[i] = o[i] + x[i, j] } }`, the
    kept axis `i` contiguous and innermost) reads and writes every
    accumulator element once per element of data: three memory accesses
    per element, and where the accumulators outgrow the first-level cache
    (8192 `f64` kept elements: 64 KiB) their traffic competes with the
    data's. This pass unroll-and-jams the reduced loop `j` by `factor`
    (`affine::loopUnrollJamByFactor`): the inner loop's body holds the
    iterations `j`, `j + 1`, ..., `j + factor - 1` one after the other, and
    in it each read of an accumulator after a store to it takes the stored
    value and each store followed by another is erased, so an element is
    read once, updated `factor` times in registers and written once. A
    trip count that `factor` does not divide leaves a cleanup nest of the
    original form after the jammed one.

    The additions stay in their order: for every accumulator element, the
    same operations on the same values, `j` ascending (docs/semantics.md
    8.5), so the results are bit-identical. The pass applies to an
    `affine.for` (the reduced loop) whose only op is an innermost
    `affine.for` without `iter_args`, whose bounds do not depend on the
    reduced loop, and whose body has no ops with side effects but affine
    loads and stores, and stores only to accumulators: buffers that every
    access in the body indexes at the same element, the inner induction
    variable plus values the reduced loop does not change in one index and
    values the inner loop does not change in the others. Iteration `j + 1`
    then depends on iteration `j` only at the same inner iteration, which
    the jammed body runs after it, so unroll-and-jam is legal; a scalar
    accumulator (the same element for every inner iteration) or a store
    indexed by `j` leaves the nest as it is. Forwarding the stored value
    assumes that the accumulator overlaps no buffer the body reads, which
    holds for kernels as for tenferro-hoist-vector-accumulators (its
    description says why). Inner loops of fewer than `min-inner-trips`
    iterations (static) are left alone: the pipeline leaves those whose
    vectors tenferro-hoist-vector-accumulators keeps in registers for the
    whole reduced loop to it.

    Runs before vectorization (the jammed body vectorizes along the inner
    loop as before, one accumulator read and write per `factor` vectors
    of data) and after tenferro-strip-mine-parallel-loops (a chunk's nest
    is jammed inside its parallel loop).
  }];
  let options = [
    Option<"factor", "factor", "unsigned", /*default=*/"4",
           "Iterations of the reduced loop per iteration of the jammed "
           "nest (0 or 1: none)">,
    Option<"minInnerTrips", "min-inner-trips", "uint64_t", /*default=*/"0",
           "Fewest static iterations of the inner loop for the nest to be "
           "jammed (inner loops with dynamic bounds are jammed)">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect"];
}

def TenferroSerializeSmallParallelLoopsPass
    : Pass<"tenferro-serialize-small-parallel-loops",
           "::mlir::func::FuncOp"> {
  let summary = "Run parallel loop nests of little work on one thread";
  let description = [{
    An `affine.parallel` becomes an OpenMP region (`convert-scf-to-openmp`),
    whose fork, scheduling and join cost microseconds on every call: more
    than a second thread saves on a nest of a few thousand elements
    (measured on two cores: column sums of 2^12 `f32` took 1.5 us on two
    threads against 0.2 us on one; docs/performance.md, "Little work on
    one thread"). This pass turns each outermost `affine.parallel` whose
    loop nest does less than `min-work` units of work into `affine.for`
    loops, one per dimension with the same bounds and steps, which then run
    on the calling thread.

    The work of a nest is the work of its body times its trip counts, that
    of the loops inside it likewise, added up over the ops of each body:
    one unit per memory access (the loops are scalar here: one element per
    access; a stack buffer's too, unlike in tenferro-fuse-column-tiles'
    decision, which leaves out the partials it puts on the stack) plus the
    op's instructions (one per add, multiply or compare, 4 per division,
    square root or NaN-propagating maximum, as tenferro-nontemporal-stores
    counts them; 40 per transcendental, its time in cache rather than its
    instructions), twice that on 64-bit elements (a vector holds half as
    many; measured in cache, `f64` kernels took 2-2.4x the time of `f32`
    ones). One unit is about 0.024 ns on the machine of
    docs/performance.md (`a + s * b`, 5 units an `f32` element), so the
    default, 2^18 units, is about 6 us of work on one thread: below it two
    threads measured slower or hardly faster, above it up to 1.9x faster
    (docs/performance.md, "Little work on one thread").

    A loop whose trip count is not static counts as its bound where its
    upper bound minus its lower bound is a constant (the chunks of
    `tenferro-fuse-column-tiles`). A nest whose work is still not static
    (dynamic extents) is versioned: index arithmetic before it computes its
    work from its bounds at run time (a loop counts
    `max(0, ceildiv(min(upper) - max(lower), step))` iterations), and an
    `scf.if` runs a sequential copy of the nest below `min-work`, the
    parallel nest otherwise. A dynamic sum of 2^10 elements on two threads
    then takes 0.1 us, as on one, where its OpenMP regions took 5 us
    (docs/performance.md, "Little work on one thread"). A nest whose inner
    bounds depend on values defined inside it, and that have no static
    bound, stays parallel unversioned, as does a parallel loop with
    reductions (`affine.parallel` results) or a dynamic `memref.alloca` in
    its body. A static alloca in the body (the stack partials of a chunk
    of lane steps) moves before the loops: in a sequential loop it would
    be new stack memory at every iteration, and one buffer serves every
    iteration, each of which writes it before it reads it, as it did its
    own. A parallel loop of one iteration is left as it is:
    canonicalization removes it before OpenMP, and
    `tenferro-strip-mine-parallel-loops` makes it to keep a nest off the
    threads.

    Runs after `affine-parallelize` in `tenferro-lower-to-llvm` with
    `parallel-loops` (its `parallel-min-work` is `min-work`). Requires:
    scalar affine loops (before vectorization). Produces: `affine.for`
    loops, and for dynamic nests `scf.if` with index arithmetic.
  }];
  let options = [
    Option<"minWork", "min-work", "uint64_t", /*default=*/"262144",
           "Units of work (a memory access or a simple instruction on one "
           "32-bit element, a transcendental 40) below which a loop nest "
           "runs on one thread; 0 keeps every parallel loop">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TenferroDeallocAfterLastUsePass
    : Pass<"tenferro-dealloc-after-last-use", "::mlir::func::FuncOp"> {
  let summary = "Free each local buffer right after its last use";
  let description = [{
    `ownership-based-buffer-deallocation` frees the buffers a block owns at
    the end of the block, in one `bufferization.dealloc`. A tenferro program
    is one block: every intermediate buffer then lives until the program
    returns (an unfused chain of sixteen ops on 2^26 doubles holds 8 GiB
    instead of three buffers), and `buffer-deallocation-simplification`
    compares the thousands of buffers of that one op pairwise (quadratic
    time).

    This pass runs between the two. For each `bufferization.dealloc`, every
    buffer that (1) is a `memref.alloc` of the same block, (2) is freed
    unconditionally (constant true condition) and (3) is local, meaning
    that the buffer and every view derived from it (view-like ops, casts)
    are only read, written or passed to calls, never returned, yielded,
    retained or turned into another buffer by an op the pass does not know,
    is removed from the op and freed with `memref.dealloc` right after the
    last op of the block that uses it or one of its views (a use nested in
    a loop counts as the loop). Ownership of the remaining operands and
    retained values is unchanged: no local buffer can be one of their
    origins. A dealloc left with nothing to free or retain is erased.

    Linear in the size of the function: one walk over each buffer's
    uses, last uses compared with the block's cached op order, all frees
    inserted afterwards. Requires: ownership-based deallocation. Produces:
    `memref.dealloc`.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def TenferroVectorizeAffineLoopsPass
    : Pass<"tenferro-vectorize-affine-loops", "::mlir::func::FuncOp"> {
  let summary = "Vectorize parallel affine loops, one loop nest at a time";
  let description = [{
    Upstream's `affine-super-vectorize`, applied to each outermost
    `affine.for` nest of the function on its own, after promoting loops of
    a single iteration into their parent. The differences:

    - A loop of one iteration is trivially parallel, and upstream then
      vectorizes it even when its body stores to a location that does not
      depend on the loop (the accumulator of a full reduction over a
      `1 x n` tensor): the result is a `vector.transfer_write` with a
      broadcast dimension, which does not verify. Once the loop is
      promoted there is nothing to vectorize it by, and the inner loop's
      carried dependence keeps it scalar.
    - Upstream matches its loop patterns against the whole function and
      its matching cost grows with the function's size for every nest:
      programs of 10^4 instructions spend most of their compile time
      there. One nest at a time, it is linear.

    - Loops that load from or store to a memref without the identity
      layout (a strided view) stay scalar: upstream's contiguity check
      takes no other layout and reports "NYI: non-trivial layout map" as
      an error for them.
    - Loops along which an access's last index moves by other than 0 or
      1 element per iteration stay scalar: upstream reads a vector of
      consecutive elements wherever the last index depends on the loop,
      so `x[2 * i]`, or the row index times its stride in a flat view
      (`tenferro-linearize-strided-accesses`), would be read as
      `x[i], x[i + 1], ...`.
    - Loops whose induction variable bounds a loop inside them (a
      sequential loop over chunks `[c, min(c + 16384, n))`, the copy that
      `tenferro-serialize-small-parallel-loops` makes of a dynamic nest)
      stay scalar: upstream vectorizes such a loop when the inner one is
      not vectorizable, into a `vector.transfer_write` the verifier
      rejects (with Debian's release libMLIR 22 the verifier crashes).
      Their inner loops are vectorized as usual.

    Loops are vectorized by `vector-size` along their innermost parallel
    loop, as upstream does with a single vector size and no
    fastest-varying pattern; reduction loops are not vectorized (a
    reduction over the contiguous axis arrives as a parallel loop over 16
    lanes, convert-tenferro-to-linalg).

    Requires: affine loops. Produces: `vector.transfer_read`/`write` in
    loops stepping by `vector-size`.
  }];
  let options = [
    Option<"vectorSize", "vector-size", "unsigned", /*default=*/"8",
           "Elements per vector (at least 1)">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::vector::VectorDialect"];
}

def TenferroOrderConstantGlobalsPass
    : Pass<"tenferro-order-constant-globals", "::mlir::ModuleOp"> {
  let summary = "Name and place constant globals in program order";
  let description = [{
    One-shot bufferization turns tensor constants into private constant
    `memref.global`s, named and placed in the order it visits functions,
    which depends on pointer values: the same program printed
    `@__constant_2xindex` before or after `@__constant_xi32`, or swapped
    the names of two constants of one type, from one run to the next.

    This pass renames every private constant global that a
    `memref.get_global` reads to `__tenferro_constant_<k>`, k counting in
    the order of first use (a walk of the module, which is deterministic),
    and moves them to the start of the module in that order. Other
    globals are left alone. One walk and one pass over the globals:
    linear in the size of the module.

    Requires: nothing. Produces: the same module, deterministically named.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def TenferroResultsToOutParamsPass
    : Pass<"tenferro-results-to-out-params", "::mlir::ModuleOp"> {
  let summary = "Write each function's results into buffers its caller "
                "passes (destination passing)";
  let description = [{
    Destination passing, as XLA, IREE and ONNX Runtime offer embedders: a
    function that returned buffers instead takes one more argument per
    buffer result, after its own arguments, writes the result there, and
    returns nothing of them. A result the function allocates itself
    (`memref.alloc`) is computed directly in the caller's buffer: no
    allocation and no copy per call. Any other result (an argument
    returned as it is, a view of another buffer, a buffer already returned
    at an earlier position) is copied into the caller's buffer with
    `memref.copy`.

    The caller sizes its buffers before the function computes the results'
    extents. Where an extent is dynamic, the function checks the caller's
    against its own with `cf.assert` ("tenferro @f output #0: the caller's
    buffer does not have the result's extents (OutputShapeMismatch)"),
    before it writes anything there. Static extents are the caller's
    contract (docs/abi.md, "Destination passing"), as is that the buffers
    overlap neither the inputs nor each other.

    Every function with a body and a buffer result is converted, public
    ones too: a program is its embedder's entry point. Calls within the
    module follow: the caller allocates the callee's results (static shapes
    only: a dynamic one is an error at the call, since its extents are only
    known inside the callee) and passes them. A result with a non-identity
    layout is an error.

    Upstream's `buffer-results-to-out-params` (with `hoist-static-allocs`)
    leaves dynamic results to an unchecked copy, erases an allocation
    returned twice once per position, and reports dynamic results only at
    call sites; hence this pass. Runs right after bufferization, before
    deallocation, so that the caller's buffers are never freed. Requires:
    bufferized functions. Produces: functions without buffer results.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TenferroBufferizePass
    : Pass<"tenferro-bufferize", "::mlir::ModuleOp"> {
  let summary = "One-shot module bufferization, without the in-place "
                "analysis when every write goes to a fresh buffer";
  let description = [{
    Bufferizes the module as `one-shot-bufferize` with
    `bufferize-function-boundaries` and identity-layout function
    boundaries does, with one difference in cost. One-Shot Analysis checks
    every tensor operand against every use of every value its buffer may
    alias: a value that N instructions read costs N^2 (a 20,000-instruction
    program whose instructions all read one input took 5 minutes, in
    upstream's conflict detection alone).

    The analysis can only decide "in place" for every write when the module
    writes only fresh buffers: every tensor operand that bufferizes to a
    memory write holds a value that nothing else uses, and following the
    ops it aliases back (a `linalg.fill` into a `tensor.empty`, an
    `tensor.insert_slice` into the previous one), every link is used once,
    defined in the writer's block, and the chain ends at an op that
    allocates (`tensor.empty`, `bufferization.alloc_tensor`). No read can
    then see a write it should not, nothing read-only is written, and no
    write is repeated by a loop around it. This is the IR that
    `convert-tenferro-to-linalg` produces. In that case the pass
    bufferizes without the analysis (`bufferizeModuleOp`: every write in
    place), in time linear in the size of the module; otherwise (calls
    between functions with tensors, writes into arguments, loops carrying
    tensors, ops that are not bufferizable) it runs the full analysis, so
    the result is always the one `one-shot-bufferize` gives, which
    `test/Transforms/Inputs/check_bufferize_equivalence.py` checks on
    every test program.

    Requires: tensor ops that implement `BufferizableOpInterface`.
    Produces: memrefs (`memref.alloc` for every fresh buffer).
  }];
  let options = [
    Option<"alwaysAnalyze", "always-analyze", "bool", /*default=*/"false",
           "Run One-Shot Analysis even when every write goes to a fresh "
           "buffer (to compare both paths)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Emit a remark saying whether the analysis ran and, if it did, "
           "which op needed it">,
  ];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TenferroExpandStridedCopiesPass
    : Pass<"tenferro-expand-strided-copies", "::mlir::func::FuncOp"> {
  let summary = "Copy non-contiguous memrefs with loops instead of a call "
                "to memrefCopy";
  let description = [{
    `finalize-memref-to-llvm` lowers a `memref.copy` to the `memcpy`
    intrinsic only when both memrefs are contiguous (an identity layout, or
    a static, non-empty shape with contiguous row-major strides); every
    other ranked copy becomes a call to `memrefCopy`, a function of MLIR's
    C runner utilities (`libmlir_c_runner_utils.so`). Bufferization makes
    such copies wherever a strided view is copied into a buffer: the
    window of a `dynamic_slice` or `slice` (a subview with the strides of
    its source), a concatenation into a strided part of its result. An
    object file of such a program then failed to link into a C program
    with only libc and libm (`undefined reference to memrefCopy`).

    This pass replaces each of those copies (ranked source and target,
    not both contiguous) by an `scf.for` nest over the source's extents
    that loads each element and stores it at the same indices of the
    target; LLVM vectorizes the innermost loop where the strides allow.
    Contiguous copies stay `memref.copy` (a `memcpy`). Unranked copies,
    which programs never make, are left alone.

    Requires: memrefs (after bufferization; run before
    `finalize-memref-to-llvm`). Produces: `scf.for`, `memref.load`,
    `memref.store`; no `memref.copy` that needs `memrefCopy`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def TenferroExpandMaximumMinimumPass
    : Pass<"tenferro-expand-maximum-minimum", "::mlir::func::FuncOp"> {
  let summary = "Expand arith.maximumf/minimumf into compares, selects and "
                "bit operations (or AVX-512DQ's vrangeps) that x86 runs in "
                "fewer instructions than llvm.maximum";
  let description = [{
    tenferro's `maximum` and `minimum` (and `clamp`, and the combines of
    `reduce_max`/`reduce_min`) propagate NaN and order -0 < +0
    (docs/semantics.md 7.10): `arith.maximumf`/`arith.minimumf`, which
    become `llvm.maximum`/`llvm.minimum`. LLVM 22 expands those on x86 into
    6 instructions per vector (ordering the operands by sign with
    `vpmovd2m` and two blends, then `vmaxps`, then a NaN fix-up): in the
    `chain16` benchmark 48 of the loop's 62 instructions per 16 elements
    (docs/performance.md). This pass replaces them with an exact
    equivalent of fewer instructions:

    - `a = select(x < y, x, y)` and `b = select(y < x, y, x)` (for
      maximum `>`), which x86 runs as one `minps`/`maxps` each; the two
      agree except on two zeros of opposite sign or a NaN, where they hold
      both operands. The minimum is `a | b` bitwise (-0 wins; a NaN's
      all-ones exponent and non-zero mantissa survive): 3 instructions.
      The maximum is `(a & b) | sext(isnan(x) or isnan(y))` bitwise (+0
      wins the AND; an unordered pair gives all ones, a NaN): 5, where
      taking the sign bit of `a & b` and the rest of `a | b` took 6.
    - With `avx512dq`, vectors of 16 f32 or 8 f64 (or multiples, cut into
      512-bit parts) use `vrangeps`/`vrangepd`
      (`llvm.x86.avx512.mask.range.ps.512`, imm 5 for maximum, 4 for
      minimum), which orders -0 < +0 but returns the other operand for a
      NaN: `select(isnan(x) or isnan(y), x + y, range(x, y))` puts the NaN
      back. 3 instructions per vector.

    Both forms are exact for every input, including subnormals and
    infinities; a NaN result is a NaN whose payload may differ from
    libm's, which docs/semantics.md allows. On targets whose
    `llvm.maximum` is one instruction (AArch64's `fmax`) the pass should
    not run: the pipeline's `maximum-minimum` option chooses
    (`tenferro-runner` and the C API choose from the target's features).
    Upstream's closest pass, `arith-expand`, expands the two ops into a
    compare, a select and a NaN check, which gives maximum(+0, -0) = -0.

    Requires: vectors already formed (run after vectorization, before the
    conversion to LLVM). Produces: arith ops, and with `avx512dq`
    `llvm.call_intrinsic` and vector slice ops.
  }];
  let options = [
    Option<"avx512dq", "avx512dq", "bool", /*default=*/"false",
           "Use AVX-512DQ's vrangeps/vrangepd for vectors of 16 f32 or 8 "
           "f64 and their multiples (the code then needs AVX-512DQ); other "
           "types get the select form">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::vector::VectorDialect"];
}

def TenferroFuseColumnTilesPass
    : Pass<"tenferro-fuse-column-tiles", "::mlir::func::FuncOp"> {
  let summary = "Compute consecutive loop nests over the same columns tile "
                "by tile, in one loop";
  let description = [{
    Programs over column-major tensors compute many ops column by column:
    a reduction over the contiguous axis, the broadcast of its result back
    over the column, the elementwise ops between. Lowered one loop nest
    per op, each pass over the data goes to memory; a hand-written loop
    normalizes a column while it is in cache. This pass, after
    bufferization, gives the loop nests that form: a run of consecutive
    linalg ops of a block (with allocations and pure ops between them,
    which move before the run) whose first loop is parallel with one
    static extent `N` over all of them, and where every buffer operand is
    either

    - tiled: indexed by the first loop in its first dimension (of extent
      `N`) and by nothing else of that loop, or
    - read whole: not indexed by the first loop (a scalar, the source of a
      broadcast along the columns), and written by no op of the run,

    becomes one `affine.for` over tiles of `T` rows of that dimension, in
    which each op computes its rows on `memref.subview`s of its buffers.
    A buffer that only the run's ops use, each at tiles, is allocated as
    one tile (`T` rows) instead of `N`: it never goes to memory. Every op
    writes only the rows it computes and reads of a buffer the run writes
    only those rows, so moving the rows of one op past the other rows of
    the op before it changes nothing: every element is computed by the
    same ops in the same order (reductions run over inner dimensions,
    untouched), and results are the same bits.

    A `memref.copy` between two equal subviews (bufferization copies a
    slice it inserts back where it extracted it, a lane reduction's vector
    tail) copies nothing and is erased first, so that it does not end a
    run.

    `T` is the largest divisor of `N` whose tiles of every buffer the run
    touches (the working set of one iteration) fit in `tile-bytes`; runs
    of fewer than two ops (fills not counted), and runs where `T` would be
    `N`, are left alone, as are ops that read their first loop's index
    (`linalg.index 0`) or have buffers of dynamic shape.

    Crosses region boundaries (it sees linalg on buffers, not regions), so
    `tenferro-lower-to-llvm` runs it that way only with
    `column-fusion=true`, beyond the runtime's segmentation
    (docs/performance.md measures it). With `within-segments`, an op joins
    a group only with ops of its own segment: those carrying the same
    `tenferro.segment_id` (`tenferro-unwrap-segments` with `number-ops`);
    an op without one joins none (the pipeline's `segment-column-fusion`).

    With `lane-steps`, an op joins a group only if it is a step of a
    reduction over the contiguous axis in lanes: marked
    `tenferro.lane_step` by convert-tenferro-to-linalg (the fill of the
    partials, the lanes, the tail, the fold into groups and the groups'
    pairwise combination), or writing only buffers that the group's steps
    write (a step with its elementwise producers fused in, which
    tenferro-fuse-elementwise-ops creates without the mark); a group
    must hold a combination (an op reducing its innermost loop, or reading
    a row at constant positions as the groups' pairwise combination does:
    without it the partials would still go to memory). A tile is one row (`tile-bytes` is not used): each
    row's partials are filled, accumulated over the row and combined
    before the next row starts. Tile buffers of at most 4 KiB are then
    `memref.alloca`s, which tenferro-outline-kernels moves into
    the kernel: its partials never go to memory, and the combination reads
    them from registers. This runs within the runtime's segments (a
    reduction is one op of one segment), so `tenferro-lower-to-llvm` runs
    it by default (`lane-tiles`; docs/performance.md, "Reductions of a
    matrix"). It also looks into the bodies of `affine.for` and
    `affine.parallel` loops (the tiles of columns a run without
    `lane-steps` made before it), and puts the stack buffers before the
    outermost such loop, or within the body of a parallel one: an alloca
    inside a sequential loop would be new stack memory at every
    iteration.

    With `parallel` (the pipeline sets it with `parallel-loops`) the loop
    over tiles is an `affine.parallel`, and each tile allocates its own
    tile buffers (inside the loop; deallocation frees them at the end of
    the tile): the tiles write disjoint rows, so they may run on different
    threads. With `lane-steps` too, the `affine.parallel` runs over 64
    chunks of rows (the last one shorter where 64 does not divide the
    rows), each an `affine.for` over its rows with its partials on the
    stack, allocated in the chunk before that loop (convert-scf-to-openmp
    gives each iteration an `alloca_scope`): one allocation per chunk on
    the thread's stack, not one per row on the heap. Inside a parallel
    loop (the tiles of parallel column fusion) the tiles of lane steps are
    sequential: one level of threads. In every case
    `affine-parallelize`, which counts enclosing parallel loops, leaves
    the loops inside a tile sequential (vectorized), instead of one OpenMP
    region per op and tile. A group whose ops do less than
    `min-parallel-work` units of work in all (each op's static loop ranges
    times the accesses and instructions of one iteration, the units of
    `tenferro-serialize-small-parallel-loops`; with `lane-steps` none for
    the buffers that become stack tiles, partials in registers) is tiled
    as without
    `parallel`: a second thread would not pay for its OpenMP region, and
    one loop over the rows keeps one set of a reduction's partials (the
    pipeline passes its `parallel-min-work`, as it does to
    `tenferro-serialize-small-parallel-loops`).

    The loop is affine so that its index is an affine dimension: once the
    ops are affine loops, `tenferro-fold-affine-subviews` folds the
    subviews into their loads and stores, on buffers of the identity layout
    that the vectorizer takes (the pipeline runs it after
    `convert-linalg-to-affine-loops`).

    Requires: bufferized functions, before deallocation. Produces:
    `affine.for` loops of linalg ops on `memref.subview`s, tile-sized
    `memref.alloc`s (with `lane-steps`, small ones are `memref.alloca`s).
  }];
  let options = [
    Option<"tileBytes", "tile-bytes", "uint64_t", /*default=*/"262144",
           "The bytes of one tile of every buffer a run touches together "
           "(the working set of one iteration, kept in cache)">,
    Option<"parallel", "parallel", "bool", /*default=*/"false",
           "Make the loop over tiles an affine.parallel, whose tiles may run "
           "on several threads, each allocating its own tile buffers">,
    Option<"minParallelWork", "min-parallel-work", "uint64_t",
           /*default=*/"0",
           "With parallel: a group whose ops do less work in all (units of "
           "tenferro-serialize-small-parallel-loops) gets sequential tiles, "
           "as without parallel (an OpenMP region would cost more than it "
           "saves)">,
    Option<"withinSegments", "within-segments", "bool", /*default=*/"false",
           "Group only ops of one segment (the same tenferro.segment_id); "
           "ops without one are never tiled">,
    Option<"laneSteps", "lane-steps", "bool", /*default=*/"false",
           "Group only the steps of lane reductions (ops marked "
           "tenferro.lane_step), one row per tile, small tile buffers on the "
           "stack">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TenferroLinearizeStridedAccessesPass
    : Pass<"tenferro-linearize-strided-accesses", "::mlir::func::FuncOp"> {
  let summary = "Access strided memrefs through a flat identity-layout view "
                "of their buffer, for the vectorizer";
  let description = [{
    Rewrites every `affine.load` and `affine.store` on a memref argument
    of the function with a strided layout whose last stride is 1 (its rows
    contiguous: a view of part of a row that `tenferro-outline-kernels`
    passed to a kernel), into one on a
    one-dimensional view of the same buffer with the identity layout
    (`memref.extract_strided_metadata`, then `memref.reinterpret_cast` at
    offset 0 with stride 1, up to one past the memref's last element): the
    index becomes `offset + sum(index_j * stride_j)`, dynamic offsets and
    strides as symbols of the access map. The affine super-vectorizer
    (`tenferro-vectorize-affine-loops`) takes only identity layouts and
    leaves every loop over a strided memref scalar: a reduction in lanes
    whose remainder after its last whole part starts at a dynamic position
    (docs/semantics.md 8.5) reads a view at a dynamic offset.

    The vectorizer masks a loop's last, partial vector by the extent of the
    buffer it accesses, not by the loop's. A one-dimensional memref's flat
    view ends where the memref ends, so its accesses are always rewritten.
    A memref of several dimensions is rewritten only where every
    `affine.for` whose induction variable indexes its last dimension with
    coefficient 1 runs a constant number of iterations that `vector-size`
    divides (the lanes of a reduction: 64): no partial vector then runs
    along its rows; otherwise the memref keeps its accesses (and its loops
    stay scalar). A memref is rewritten only where every access's index
    depends on every loop around it: a kernel's arguments may be views of
    one buffer (`lane-tiles` passes the partials and views of them), and
    `tenferro-hoist-vector-accumulators` (upstream's
    `hoistRedundantVectorTransfers`, which sees only accesses of the same
    value) would hoist a read of the flat view out of a loop that does not
    move it, past that loop's writes to the buffer through another
    argument. Other users of the memref keep it, and so do views the
    function makes of its own buffers (`lane-tiles`' partials on the stack,
    which LLVM keeps in registers through their views).

    `tenferro-lower-to-llvm` runs it right before
    `tenferro-vectorize-affine-loops` with the same vector size, after the
    parallelization passes, whose dependence analysis reads the strided
    accesses more precisely than the flat ones.

    Requires: affine loops. Produces: affine accesses on identity layouts.
  }];
  let options = [
    Option<"vectorSize", "vector-size", "unsigned", /*default=*/"8",
           "The vector size of the vectorizer that runs after it: loops "
           "over the rows of a memref of several dimensions must be a "
           "multiple of it">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TenferroFoldAffineSubviewsPass
    : Pass<"tenferro-fold-affine-subviews", "::mlir::func::FuncOp"> {
  let summary = "Fold memref.subview into the affine.load and affine.store "
                "that read and write through it";
  let description = [{
    Rewrites an `affine.load` or `affine.store` on a `memref.subview` (not
    rank-reducing, with static strides, and the whole of the source's last
    dimension) into one on the view's source, its
    map composed with the view: each index times its stride plus its
    offset, a constant or a value that is a valid affine dimension (an
    enclosing `affine.for`'s index), which becomes a new dimension of the
    map; index operands that `affine.apply` computes are composed into the
    map too (the vectorizer takes a composed map, or the identity over
    applies, not a map that combines the two). Upstream's `fold-memref-alias-ops` does this for `memref.load`
    and `memref.store` only in LLVM 22, and the affine super-vectorizer
    (`tenferro-vectorize-affine-loops`) vectorizes no loop that accesses a
    strided view. Views of part of the last dimension (a lane
    reduction's vector tail) are left alone: the super-vectorizer masks a
    loop's last, partial vector by the extent of the buffer it accesses,
    not by the loop's, so a loop over part of a larger buffer's last
    dimension, folded, would read and write past its end. Subviews left
    without users are erased.

    `tenferro-lower-to-llvm` runs it after `convert-linalg-to-affine-loops`
    with `column-fusion=true`, whose tiles are subviews at the index of an
    `affine.for` (`tenferro-fuse-column-tiles`).

    Requires: nothing. Produces: `affine.load` and `affine.store` on the
    views' sources.
  }];
}

def TenferroFuseElementwiseOpsPass
    : Pass<"tenferro-fuse-elementwise-ops", "::mlir::func::FuncOp"> {
  let summary = "Fuse elementwise linalg ops into their consumers, "
                "reductions included";
  let description = [{
    Upstream's elementwise fusion (`populateElementwiseOpsFusionPatterns`,
    the patterns of `linalg-fuse-elementwise-ops`) with a different control
    function, and a pattern that bubbles `tensor.extract_slice` up through
    linalg ops. A producer is fused into a consumer when its result has no
    other use, as upstream's pass requires, or when every other use is a
    `tensor.extract_slice`: the slices (a reduction's remainder after its
    whole parts, its tail) are then bubbled up through the producer, each
    computed from slices of the producer's operands, and the producer's
    full result is never stored. The bubbling is the pass's own:
    upstream's (`populateBubbleUpExtractSliceOpPatterns`) leaves the
    `linalg.index` ops of the sliced op counting from zero in LLVM 22, so a
    slice of an op that reads its indices (a pad, an iota) came out at the
    wrong offset; here they count from the slice's offsets. A producer with other uses is
    not duplicated into its consumers: measured on a 10^4-instruction
    program, duplicating producers into fused bodies of up to 16 ops grew
    the IR by 46% and doubled the MLIR pipeline's time. Two rules for the
    last steps of a reduction in lanes: other uses by the same consumer
    count as fusable only where the consumer is a lane combination
    without loops (a vector's pairwise combination of its 16 lane groups
    reads them at 16 positions; the fold into groups is fused into it and
    the groups need no buffer; any other consumer, such as `e * e`, would
    compute the producer twice per element), not where it has loops (per
    row, the fold runs in vectors and `lane-tiles` keeps a row's groups in
    registers; with `folds-into-row-combinations`, which the pipeline sets
    where `lane-tiles` does not run, they count there too); and a lane
    combination (an op that reads an input at constant positions of a
    dimension of extent other than 1) is never fused into its consumers,
    which would combine a row's groups again at every element they
    broadcast the result to (layer norm's `x - mean`). For the same reason
    an expensive producer (its body holds an op other than arith's cheap
    ones: a math function, a division or remainder, a call) is not fused
    into a consumer that reads each of its elements at several iterations
    (a broadcast: a loop of extent other than 1 does not index the
    operand), as XLA's fusion declines: layer norm's rsqrt of a column's
    variance would be computed at every element of the column (beyond the
    segmentation, 128 x 128 f32 took 2.2x the time of the runtime's
    segments for it). A cheap producer (the mean's scaling) is still fused:
    one more multiply per element costs less than its buffer.

    That is the shape of tenferro's reductions over the contiguous axis
    (docs/semantics.md 8.5): a lane-reduction `linalg.generic` reads the
    whole vectors of its operand and a slice of it is the vector tail. With
    upstream's pass the elementwise ops feeding a reduction stay a loop nest
    of their own, whose result the reduction reads back from memory; here
    `reduce_sum(exp(x) * y)` becomes one loop nest over `x` and `y`, plus
    the tail's.

    Every fused op computes what it computed before (the same ops on the
    same values, in the same order per element), so results do not change.
    Used by `tenferro-lower-to-llvm` with `elementwise-fusion=true` (every
    producer and consumer) and by default with `within-segments`.

    With `within-segments`, a producer is fused into (and a slice bubbled
    up through) only a consumer in the same segment: both directly in the
    region of one `scf.execute_region` marked `tenferro.segment`
    (`convert-tenferro-to-linalg` with `wrap-regions`). That is one
    segment of the runtime (docs/semantics.md 11), which the runtime runs
    in one execution session and may compile to one kernel; its
    instructions are lowered op by op, so without fusion `reduce_sum(exp(x)
    * y)` in one sequence region is three loop nests and two intermediate
    tensors. No work moves from one segment into another, so the runtime's
    segment boundaries (host and FFI instructions, the fusion plans'
    rules) stay where they are.

    Requires: linalg on tensors (after `convert-tenferro-to-linalg`).
    Produces: `linalg.generic` ops with fused bodies, `tensor.extract_slice`
    of the producers' operands.
  }];
  let options = [
    Option<"withinSegments", "within-segments", "bool", /*default=*/"false",
           "Fuse only a producer and a consumer that lie in the same "
           "segment (directly in one scf.execute_region marked "
           "tenferro.segment)">,
    Option<"foldsIntoRowCombinations", "folds-into-row-combinations",
           "bool", /*default=*/"false",
           "Also fuse a lane reduction's fold into groups into a pairwise "
           "combination with loops (one per row): for pipelines that do "
           "not then run tenferro-fuse-column-tiles with lane-steps, "
           "where the groups would otherwise be a buffer and a kernel of "
           "their own">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TenferroUnwrapSegmentsPass
    : Pass<"tenferro-unwrap-segments", "::mlir::func::FuncOp"> {
  let summary = "Inline the scf.execute_region ops that hold one segment "
                "each";
  let description = [{
    Replaces every `scf.execute_region` marked `tenferro.segment` (made by
    `convert-tenferro-to-linalg` with `wrap-regions`) by its body: its ops
    move before it and the values its `scf.yield` yields replace its
    results. Its marks (`tenferro.segment`, `no_inline`) kept it in place
    through the passes that work within one segment
    (`tenferro-fuse-elementwise-ops` with `within-segments`); bufferization
    and the loop stages take the ops of the function as one block.

    With `number-ops`, every linalg op of the k-th marked region of the
    function (in order) is given `tenferro.segment_id = k` first, so that
    passes after bufferization, which see no regions, can tell the
    segments apart (`tenferro-fuse-column-tiles` with `within-segments`).
    Bufferization keeps the attribute on the ops it rewrites; an op that
    loses it (a pattern that rebuilds it) only counts as in no segment.

    A marked region of more than one block (which the conversion never
    makes) is reported, not inlined.

    Requires: nothing. Produces: no `scf.execute_region` marked
    `tenferro.segment`.
  }];
  let options = [
    Option<"numberOps", "number-ops", "bool", /*default=*/"false",
           "Mark every linalg op of the k-th segment of a function with "
           "tenferro.segment_id = k">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect"];
}

def TenferroExpandTanhPass
    : Pass<"tenferro-expand-tanh", "::mlir::func::FuncOp"> {
  let summary = "Expand f32 math.tanh into arith ops: inlined, within "
                "1.07 ulps (or 2.6 in fewer instructions with expm1)";
  let description = [{
    Rewrites `math.tanh` on `f32` and vectors of `f32` into plain `arith`
    and `math.absf`/`math.copysign` ops, which LLVM inlines and vectorizes
    in the loop, for results more accurate than libmvec's `tanhf` and the
    same on every target. It is not faster: about 45 instructions per
    vector, 1.1-1.4x the time of libmvec's call (docs/performance.md,
    "Vector transcendentals"), so the pipeline runs it only with
    `inline-tanh=true`. With `a = |x|`:

    - `a < 0.7`: `a + a * (s * P(s))`, `s = a * a`, with `P` a degree-4
      minimax fit of `(tanh(a) - a) / a^3` (fit error below 2^-26
      relative to `tanh`);
    - `a >= 0.7`: `1 - 2 / (exp(2a) + 1)`, with `exp` computed inline:
      `2a` clamped to 18.5 (where `tanh` is 1 in `f32`),
      `n = round(2a / ln 2)` by the 1.5 * 2^23 addition, Cody-Waite
      reduction `r = 2a - n ln2` with a two-part `ln 2`, a degree-6
      polynomial for `exp(r)` and the exponent field increased by `n`;
    - the sign of `x` is copied onto the result (so `tanh(-0) = -0`).

    The largest error over every `f32` input is 1.07 ulps
    (test/Integration/vector-math-accuracy.mlir measures it over 2^20
    inputs; docs/semantics.md states the bound), against 2.19 for glibc's
    scalar `tanhf` and 1.36 for libmvec's AVX-512 variant. NaN stays NaN,
    `±inf` gives `±1`, subnormals are returned as they are. The result
    depends on no instruction set (no FMA, no approximate reciprocal):
    each op is IEEE-rounded, so scalar and vector code, every vector
    width and every x86-64 level compute the same bits.

    With `expm1`, one expression for every input instead:
    `tanh(a) = E / (E + 2)` with `E = expm1(2a)`, no polynomial near zero
    and no select between two forms:

    - `2a` clamped to 18.5 (a NaN stays NaN), `n = round(2a / ln 2)` and
      `r` as above, with `ln 2` in one part under `fma`;
    - `p = expm1(r) = r + r^2 Q(r)`, `Q` a degree-4 fit of
      `(exp(r) - 1 - r) / r^2` in relative error, so that `p` is accurate
      relative to `r` near zero;
    - `E = 2^n p + (2^n - 1)` (one rounding: `2^n` from the rounding
      addition's bits, `2^n - 1` exact for `n` up to 24), then
      `E / (E + 2)`: the division shrinks `E`'s error by `(E + 2) / 2`, so
      the largest errors are near zero, where `p`, the sum and the
      quotient each round once;
    - the sign of `x` copied.

    It is computed halved, `(E / 2) / (E / 2 + 1)`: `a` is clamped to 9.25
    and reduced with the constants `2 log2(e)` and `ln 2 / 2`, and the
    polynomial's coefficients and `(2^n - 1) / 2` are scaled to match.
    Every value is the one above times a power of two, so the bits are the
    same, and `2a` is never formed. About 21 vector instructions with
    `fma` (18 besides register copies; the reduction, Horner's rule and
    `E` fused; one `vdivps`) against about 45, for a bound of 2.6 ulps
    against 1.07 (docs/semantics.md states both, measured over every
    `f32`);
    `tanh(±0) = ±0`, `tanh(±inf) = ±1` (`E + 2` rounds to `E` from the
    clamp on), NaN for NaN, subnormals returned exactly. Without `fma` the
    bits are the same on every target, as above; with `fma` they differ
    from those without (on targets without FMA each `math.fma` becomes a
    libm call: the pipeline sets `fma` only for targets with FMA).

    `f64` and other types are left alone. Upstream's closest,
    `math-polynomial-approximation` (`populateMathPolynomialApproximationPatterns`),
    expands `f32` tanh into Eigen's rational approximation, measured at
    4.72 ulps (docs/performance.md, "Vector transcendentals").

    Requires: nothing (any function; run before the math ops are lowered
    to libm, libmvec or LLVM). Produces: `arith` ops, `math.absf`,
    `math.copysign`, `math.fma` with `fma`.
  }];
  let options = [
    Option<"expm1", "expm1", "bool", /*default=*/"false",
           "One expression, E / (E + 2) with E = expm1(2|x|), for every "
           "input: fewer instructions, within 2.6 ulps instead of 1.07">,
    Option<"fma", "fma", "bool", /*default=*/"false",
           "Fuse the products that feed a sum into math.fma (for targets "
           "with FMA; other bits than without)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def TenferroExpandExpPass
    : Pass<"tenferro-expand-exp", "::mlir::func::FuncOp"> {
  let summary = "Expand f32 (and f64) math.exp into arith ops: within 1 "
                "ulp, inlined, the same bits on every lane and target";
  let description = [{
    Rewrites `math.exp` on `f32` and vectors of `f32` into plain `arith`
    ops, which LLVM inlines and vectorizes in the loop. A call to libmvec's
    `expf` costs more than its arithmetic in a loop that does little else:
    the vector calling convention saves no vector register, so the loop's
    live vectors (accumulators, other operands) are spilled and reloaded
    around every call. The pipeline runs this pass with `inline-exp=true`,
    which the runner and the C API set where the target has FMA (with
    `fma`, and `avx512` where it has AVX-512F; docs/performance.md,
    "Vector transcendentals", has the measured speed).

    - `x` is clamped to [-104, 88.8] (a NaN is kept: one minimum and one
      maximum on x86, with no NaN fix-up);
    - `n = round(x / ln 2)` by the 1.5 * 2^23 addition, Cody-Waite
      reduction `r = x - n ln2` with a two-part `ln 2`, and
      `exp(r) = 1 + (r + r^2 Q(r))` with `Q` a degree-4 minimax fit (2^-28
      relative), as in `tenferro-expand-tanh`;
    - the result `exp(r) * 2^h * 2^(n - h)` with `h = round(n / 2)`: both
      factors are normal powers of two for n in [-150, 128], the first
      product is exact and the second rounds once, so results in the
      subnormal range round correctly from `exp(r)`, and overflow gives
      infinity (the powers' bits come from the rounding addition: integer
      additions and shifts, no float-to-integer conversion);
    - a NaN input gives NaN through every op (its sign and payload are
      unspecified, docs/semantics.md §3.4), so nothing selects `x` back.

    The largest error over every `f32` input is stated in docs/semantics.md
    ("Accuracy of vector transcendentals") and checked by
    test/Integration/exp-inline.mlir: within 1 ulp, against 2.51 for
    libmvec's `expf` (AVX-512); `exp(0) = 1`, `exp(-inf) = +0`,
    `exp(+inf) = +inf`, overflow from 88.72284 gives `+inf`. The result
    depends on no instruction set (no FMA): each op is IEEE-rounded, so
    scalar and vector code, every vector width and every x86-64 level
    compute the same bits.

    With `f64`, `math.exp` on `f64` and vectors of `f64` is expanded
    likewise:

    - `x` is clamped to [-746, 709.8] (`n` in [-1077, 1024]);
    - `n = round(x / ln 2)` by the 1.5 * 2^52 addition; `ln 2` in three
      parts whose first two times `n` are exact, so that `x - n ln 2` is
      `r + c`: `r` rounded, `c` what `r` lost (Fast2Sum) and the third
      part;
    - `exp(r + c) = 1 + (r + (r^2 Q(r) + c (1 + r)))` with `Q` of degree 10
      (2^-61 relative): the error is that of the last two additions, below
      one ulp;
    - the same scaling by `2^n` in two factors, and NaN for NaN.

    Its error over sampled inputs is stated in docs/semantics.md and
    checked by test/Integration/exp-inline-f64.mlir. Without `f64`, `f64`
    is left alone, as are other types. An `f64` exp is expanded only where
    the innermost loop around it (or its function, outside loops) calls
    nothing else, unless `f64-beside-calls` is set: no call op and no `math`
    op that becomes a call (anything but `exp`, `sqrt`, `rsqrt`, `fma`,
    absolute values, `copysign`, rounding and bit counts). After a call,
    the expansion's constants (a dozen vectors) are reloaded, since the
    vector calling convention saves no vector register, and there the
    expansion measured slower than libmvec's table-driven `exp`; where
    nothing else is called it saves the spills around the call
    (docs/performance.md). Upstream's
    `math-polynomial-approximation` also expands `f32` exp, but is millions
    of ulps off for subnormal results (docs/performance.md).

    With `fma`, the products that feed a sum (the rounding step, the
    reduction, Horner's rule) are `math.fma`: 8 instructions fewer per
    `f32` vector where the target has FMA, `f32` results within 1.01 ulps
    (1.0095 over every finite `f32`; `f64` still within 1) and with other
    bits than the separate operations (and, on targets without FMA, a libm
    call per lane: the pipeline option `inline-exp-fma` is the user's
    choice, which the runner and the C API make from the target's
    features).

    With `avx512`, the scaling of 1-D vectors of 16 `f32` or 8 `f64` (or
    multiples, cut into such parts) is AVX-512F's `vscalef`
    (`llvm.x86.avx512.mask.scalef.ps.512` and `.pd.512`): `e * 2^n` rounded
    once, as the two products, so the bits are the same, in one
    instruction instead of ten (the `sumexp` loop goes from 32 instructions
    per 16 elements to 22). Other vectors and scalars keep the products.

    Requires: nothing (any function; run before the math ops are lowered
    to libm, libmvec or LLVM). Produces: `arith` ops, `math.fma` with
    `fma`, x86 intrinsic calls with `avx512`.
  }];
  let options = [
    Option<"fma", "fma", "bool", /*default=*/"false",
           "Fuse the products that feed a sum into math.fma (for targets "
           "with FMA; other bits than without)">,
    Option<"f64", "f64", "bool", /*default=*/"false",
           "Expand f64 exp too (within 1 ulp), not only f32">,
    Option<"f64BesideCalls", "f64-beside-calls", "bool", /*default=*/"false",
           "With f64: expand f64 exp also in loops that call other "
           "functions (by default only where nothing else is called)">,
    Option<"avx512", "avx512", "bool", /*default=*/"false",
           "Scale by 2^n with AVX-512F's vscalef on vectors of 512-bit "
           "multiples (the same bits; the code then needs AVX-512F)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def TenferroWidenBoolVectorMemoryPass
    : Pass<"tenferro-widen-bool-vector-memory", "::mlir::ModuleOp"> {
  let summary = "Load and store vectors of i1 as bytes, one per element";
  let description = [{
    A tensor of i1 (tenferro's Bool) is stored with one byte per element
    (docs/abi.md): that is how a scalar `i1` is loaded and stored, and how
    `.npy` files and C callers hold Bool data. LLVM stores a *vector* of
    `i1` as packed bits instead, so once the vectorizer turns the element
    accesses of a Bool buffer into vector loads and stores, lane `k` reads
    or writes bit `k` of the first bytes rather than byte `k`: silent wrong
    results as soon as the contiguous extent fills a vector.

    This pass rewrites, in the LLVM dialect, every memory access whose
    value is a vector of `i1` into the same access of a vector of `i8`:
    `llvm.load` and `llvm.intr.masked.load`/`masked.gather` load bytes and
    compare them with zero (a non-zero byte is true), `llvm.store` and
    `llvm.intr.masked.store`/`masked.scatter` zero-extend the lanes first.
    Masks stay vectors of `i1`: they are values, not memory. The other
    attributes (alignment, non-temporal, alias scopes) are kept.

    An access of an aggregate (array or struct) that holds vectors of `i1`
    is reported as an error instead of being left wrong.

    Requires: the LLVM dialect (run after the conversions to it).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TenferroOutlineKernelsPass
    : Pass<"tenferro-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Outline the loop nests of each function into kernel "
                "functions that the function calls";
  let description = [{
    After bufferization a program is one function holding every region and
    instruction; lowered as such, every later pass and LLVM work on one
    function with every loop nest of the program, and LLVM's loop passes
    (IndVarSimplify, LoopRotate) are superlinear in the loops of one
    function: a program of 10^4 instructions took 11 minutes from text to
    an object file. This pass splits each function into a dispatcher and
    kernels, as tenferro's runtime dispatches a segment to a kernel. In
    `tenferro-lower-to-llvm` it runs between bufferization and the loop
    stage, so a region's `linalg` ops become one kernel, and the loop stage
    and LLVM work on each kernel on its own (the pass manager runs the
    nested passes of distinct kernels in parallel).

    - A *kernel* is a maximal run of consecutive ops of the function's
      body that holds at least one op with regions (a loop nest, an
      `scf.if` around a versioned loop, an `omp.parallel`), and otherwise
      only ops that read or write memory through their operands
      (`memref.load`/`store`, vector transfers, `memref.copy`) or have no
      memory effect, or allocate stack memory of a static size
      (`memref.alloca`: scratch buffers such as the tiles of
      `tenferro-fuse-column-tiles` with `lane-steps`). Any other op ends
      the run: heap allocations (`memref.alloc`), deallocations, calls,
      `cf.assert`, the return.
    - An alloca used after its run moves before it and stays in the
      dispatcher (a kernel must not return stack memory); one used only in
      the run is the kernel's own, which lets LLVM keep it in registers
      (it cannot alias the kernel's arguments).
    - Ops without memory effects in a run whose results are used after it
      (extents, offsets) move before the run when their operands allow,
      so the dispatcher keeps the extent arithmetic; the rest stay in the
      kernel, which returns them.
    - The kernel `@<function>.kernel<k>` (k counting the function's
      kernels in order; `.` is in no program symbol) takes the values the
      run uses and does not define, in order of first use, except
      constants (`ConstantLike` ops, `memref.get_global`), which are
      cloned into it so that LLVM sees them and identical loop nests on
      different constants stay distinct kernels (see
      `tenferro-deduplicate-kernels`). It returns the values defined in
      the run and used after it, and is private, `llvm.linkage` internal
      and `noinline` (`passthrough`): LLVM must not inline it back into the
      dispatcher.
    - The run is replaced by a `func.call` of the kernel.

    Functions that are kernels (`tenferro.kernel`) or have no body are
    left alone. Linear in the size of the module: each op is moved once
    and each operand visited once.

    Requires: memrefs (after bufferization); works on `linalg` ops and on
    loops alike. Produces: `func.func` kernels marked `tenferro.kernel` and
    `func.call`s. `mlir-pass-statistics` counts the kernels where MLIR is
    built with statistics (Debian's packages are not; `tenferro-runner
    --timing` reports the counts).
  }];
  let statistics = [
    Statistic<"numKernels", "kernels", "Kernels outlined">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def TenferroDeduplicateKernelsPass
    : Pass<"tenferro-deduplicate-kernels", "::mlir::ModuleOp"> {
  let summary = "Keep one of each set of identical kernels";
  let description = [{
    Programs produced by tracing and autodiff repeat the same regions many
    times; after `tenferro-outline-kernels` each repetition is a kernel
    with the same body, and LLVM would optimize and compile each. This
    pass keeps, of every set of kernels (`tenferro.kernel` functions) that
    are identical apart from their name (same argument and result types,
    same ops, attributes, constants and nesting, compared as their generic
    printed form, which is exact and deterministic), the first in module
    order, and points every call of the others at it.

    Linear in the size of the module (one print and one hash per kernel).
    Requires: `tenferro-outline-kernels`. Produces: fewer kernels.
    `mlir-pass-statistics` counts them where MLIR is built with statistics.
  }];
  let statistics = [
    Statistic<"numKernelsBefore", "kernels-before",
              "Kernels before deduplication">,
    Statistic<"numKernelsAfter", "kernels-after",
              "Kernels after deduplication">,
  ];
}

def TenferroSplitDispatchersPass
    : Pass<"tenferro-split-dispatchers", "::mlir::ModuleOp"> {
  let summary = "Cut long functions into parts of at most `max-ops` ops";
  let description = [{
    After `tenferro-outline-kernels` a program's function is a dispatcher:
    per region or instruction an allocation, a kernel call and a free,
    some extent arithmetic and checks. For a program of 10^5 instructions
    that is one function of several 10^5 ops, and LLVM's code generation
    is superlinear in the size of one function (its two-address
    instruction pass: 2.3 s for the dispatcher of 10^4 instructions, most
    of 118 s at 10^5; docs/performance.md).

    This pass cuts the body of every function (not kernels, not
    declarations; single-block bodies only) that holds more than `max-ops`
    ops into consecutive parts of at most `max-ops` ops each, every part
    moved into a private function `@<function>.part<k>` (internal,
    `noinline`) that the function calls in order. A part takes the values
    it uses and does not define (constants cloned) and returns those that
    later parts use, as `tenferro-outline-kernels` does. Constants stay in
    the function (parts clone them, so none is returned); `memref.alloca`
    ops and the terminator stay too (a part must not return stack memory)
    and end a part. Linear in the size of the module.

    Requires: memrefs. Produces: functions of at most `max-ops` top-level
    ops plus their parts' calls.
  }];
  let options = [
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"1024",
           "Most top-level ops in a function before it is cut (0: never "
           "cut)">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def TenferroTrimCallArgumentsPass
    : Pass<"tenferro-trim-call-arguments", "::mlir::ModuleOp"> {
  let summary = "Constant arguments into local functions, unused ones out";
  let description = [{
    A kernel or dispatcher part takes every memref as a descriptor of
    3 + 2 * rank scalars (allocated and aligned pointer, offset, sizes,
    strides); most are constants at every call (static extents, unit
    strides, zero offsets) or unused in the body (the allocated pointer).
    LLVM's interprocedural constant propagation and dead argument
    elimination recover this when caller and callee are in one module, but
    parallel code generation compiles them in different partitions
    (docs/design.md, "Parallel code generation"), where a kernel compiled
    without its constants has generic strided loops and its callers pass
    every word (dispatchers twice the size at 10^4 instructions).

    For every `llvm.func` of internal or private linkage whose every use
    in the module is a direct `llvm.call`, this pass replaces each argument
    that all calls pass the same constant for by that constant (looking
    through the `llvm.insertvalue`/`llvm.extractvalue` chains that build
    and read descriptors), then removes the arguments the body no longer
    uses from the function and from every call. Linear in the size of the
    module.

    Upstream's closest are `sccp` (which does not propagate into
    `llvm.func` arguments: their symbols are public, the linkage is what
    makes them local) and `remove-dead-values`, which leaves `llvm.call`
    with null operands (an invalid module) in LLVM 22.

    Requires: the LLVM dialect. Produces: local functions with fewer
    arguments; no other change.
  }];
}

#endif // TENFERRO_TRANSFORMS_PASSES_TD
