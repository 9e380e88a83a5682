//===- OpWork.h - the cost of an op, in simple instructions -----*- C++ -*-===//
//
// A rough cost model shared by the passes that weigh a loop's arithmetic:
// tenferro-nontemporal-stores (is a loop bound by memory or by its
// arithmetic?) and tenferro-serialize-small-parallel-loops (is a loop nest
// worth a second thread?).
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_LIB_TRANSFORMS_OPWORK_H
#define TENFERRO_LIB_TRANSFORMS_OPWORK_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::affine {
class AffineParallelOp;
} // namespace mlir::affine

namespace mlir::tenferro {

/// A transcendental's instructions: 20 to 45 in libmvec's and the inline
/// expansions.
constexpr int64_t kTranscendentalInstructions = 20;
/// A transcendental's time in cache, in units of one access or add of
/// `a + s * b` (0.024 ns an element on the AMD EPYC with AVX-512 of
/// docs/performance.md): GELU's libmvec tanh took about 23 on `f32`, 70
/// per 32-bit lane on `f64`; 40 between.
constexpr int64_t kTranscendentalTime = 40;

/// The work of one execution of `op` (on one element, or on one vector
/// once vectorized), in units of one simple instruction (an add, a
/// multiply, a compare): about the instructions it becomes on x86. A
/// division or square root counts 4, a NaN-propagating maximum or minimum
/// 4, a transcendental (a libmvec call or an inline expansion)
/// `transcendentalWork`, a reduction across a vector's lanes 4; constants,
/// memory accesses and ops outside arith, math and vector's reductions
/// count nothing.
int64_t opWork(Operation *op,
               int64_t transcendentalWork = kTranscendentalInstructions);

/// How many 32-bit lanes one element of `type` (or of its elements) takes
/// up in a vector, at least 1: an op on `f64` elements does twice the work
/// of one on `f32` per element, a vector holding half as many. 1 for types
/// that are not integers or floats (index, complex).
unsigned laneFactor(Type type);

/// The largest laneFactor of `op`'s operands and results.
unsigned laneFactor(Operation *op);

/// The work of one run of `op`, a loop nest before vectorization, in the
/// units above: for a loop (affine.for, affine.parallel), its trip count
/// times the work of its body; for another op, the work of its regions
/// plus opWork (a transcendental counting kTranscendentalTime) plus one
/// per memory access, times its laneFactor (the loops are scalar: one
/// element per access). A chunk loop `[d0, min(d0 + c, n))` counts `c`
/// iterations. None where a trip count has no static bound. Saturates.
std::optional<uint64_t> staticWork(Operation *op);

/// The work of a parallel loop nest, known at run time.
struct RuntimeWork {
  /// The work, in the units of staticWork.
  Value work;
  /// The parallel loop's iterations: the product of its trip counts.
  Value iterations;
};

/// The work of `root` as staticWork counts it, computed by index
/// arithmetic that `builder` inserts (before `root`), for nests whose trip
/// counts are known only at run time: a loop without a static bound counts
/// `max(0, ceildiv(min(upper) - max(lower), step))` iterations. None (and
/// nothing inserted) where such a loop's bounds depend on a value defined
/// inside `root`. The arithmetic wraps past 2^63 units; a static part past
/// 2^62 counts 2^62.
std::optional<RuntimeWork> buildRuntimeWork(OpBuilder &builder,
                                            affine::AffineParallelOp root);

/// The trip count of each dimension of `loop`, if all are static.
std::optional<SmallVector<uint64_t>>
staticTripCounts(affine::AffineParallelOp loop);

} // namespace mlir::tenferro

#endif // TENFERRO_LIB_TRANSFORMS_OPWORK_H
