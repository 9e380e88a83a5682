//===- ReductionOrder.h - the order of reductions in lanes ------*- C++ -*-===//
//
// The lane order in which reduce_* ops over leading axes combine their
// elements (docs/semantics.md 8.5, "Order"). The lowering
// (TenferroToLinalg) builds it and the reference interpreter evaluates it;
// both take the constants from here so that they cannot drift apart. The
// NumPy oracle (test/Differential/numpy_oracle.py) restates them, and its
// differential tests fail if they differ.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_DIALECT_TENFERRO_IR_REDUCTIONORDER_H
#define TENFERRO_DIALECT_TENFERRO_IR_REDUCTIONORDER_H

#include <cstdint>

namespace mlir::tenferro {

/// Lane l combines, from the identity and in increasing i, the elements
/// whose column-major position i in the block of reduced axes has
/// i mod kReductionLanes = l. 64 lanes are four vectors of 16 f32: four
/// independent chains hide the latency of a vector add.
inline constexpr int64_t kReductionLanes = 64;

/// Group g combines lanes g, g + kReductionGroups, g + 2 kReductionGroups,
/// ... in that order, starting from lane g (not from the identity); then the
/// groups are combined pairwise, group j with group j + w for
/// w = kReductionGroups / 2, ..., 2, 1.
inline constexpr int64_t kReductionGroups = 16;

/// A block of n elements is cut into n / kReductionPart whole parts of
/// kReductionPart consecutive elements. Each part's lanes start from the
/// identity and combine that part's elements only; lane l then starts from
/// the identity, combines lane l of every part in order, and after them
/// the elements past the last whole part (i mod kReductionLanes = l, in
/// increasing i). The parts' lanes are independent of each other: threads
/// take whole parts, each reading a contiguous run, and every thread
/// count computes the same bits.
inline constexpr int64_t kReductionPart = 65536;

static_assert(kReductionLanes % kReductionGroups == 0,
              "the groups fold whole slices of the lanes");
static_assert(kReductionPart % kReductionLanes == 0,
              "a part holds whole groups of lanes");

} // namespace mlir::tenferro

#endif // TENFERRO_DIALECT_TENFERRO_IR_REDUCTIONORDER_H
