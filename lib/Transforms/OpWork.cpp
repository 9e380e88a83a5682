//===- OpWork.cpp - the cost of an op, in simple instructions -------------===//

#include "OpWork.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

int64_t mlir::tenferro::opWork(Operation *op, int64_t transcendentalWork) {
  if (isa<arith::ConstantOp>(op))
    return 0;
  // Divisions and square roots: several times an add's throughput.
  if (isa<arith::DivFOp, arith::RemFOp, arith::DivSIOp, arith::DivUIOp,
          arith::RemSIOp, arith::RemUIOp, math::SqrtOp, math::RsqrtOp>(op))
    return 4;
  // NaN-propagating maximum and minimum: 3 to 6 instructions on x86.
  if (isa<arith::MaximumFOp, arith::MinimumFOp>(op))
    return 4;
  if (isa<arith::ArithDialect>(op->getDialect()))
    return 1;
  if (isa<math::AbsFOp, math::AbsIOp, math::FmaOp, math::CopySignOp,
          math::FloorOp, math::CeilOp, math::RoundOp, math::RoundEvenOp,
          math::TruncOp>(op))
    return 1;
  // Transcendentals: a libmvec call or an inline expansion.
  if (isa<math::MathDialect>(op->getDialect()))
    return transcendentalWork;
  // Reductions across lanes: a few shuffles.
  if (isa<vector::ReductionOp, vector::MultiDimReductionOp>(op))
    return 4;
  return 0;
}

unsigned mlir::tenferro::laneFactor(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!element.isIntOrFloat())
    return 1;
  return std::max<unsigned>(
      1, llvm::divideCeil(element.getIntOrFloatBitWidth(), 32));
}

unsigned mlir::tenferro::laneFactor(Operation *op) {
  unsigned factor = 1;
  for (Type type : op->getOperandTypes())
    factor = std::max(factor, laneFactor(type));
  for (Type type : op->getResultTypes())
    factor = std::max(factor, laneFactor(type));
  return factor;
}

namespace {

using namespace mlir::tenferro;

/// The trip count of `loop` if static, else a static bound on it where its
/// upper bound minus its lower bound is a constant (a chunk
/// `[d0, min(d0 + c, n))`): the work of the loop at most.
std::optional<uint64_t> tripCountBound(affine::AffineForOp loop) {
  if (std::optional<uint64_t> count = affine::getConstantTripCount(loop))
    return count;
  AffineMap lower = loop.getLowerBoundMap();
  AffineMap upper = loop.getUpperBoundMap();
  if (lower.getNumResults() != 1)
    return std::nullopt;
  // Each end minus the start over the operands of both (a dynamic extent
  // is a symbol of the upper bound only: `min(d0 + c, s0) - d0`).
  affine::AffineValueMap begin(lower, loop.getLowerBoundOperands());
  std::optional<uint64_t> bound;
  for (unsigned i = 0, e = upper.getNumResults(); i < e; ++i) {
    affine::AffineValueMap end(upper.getSubMap({i}),
                               loop.getUpperBoundOperands());
    affine::AffineValueMap span;
    affine::AffineValueMap::difference(end, begin, &span);
    auto constant = dyn_cast<AffineConstantExpr>(span.getResult(0));
    if (!constant)
      continue;
    uint64_t count = llvm::divideCeil(std::max<int64_t>(0, constant.getValue()),
                                      loop.getStepAsInt());
    bound = bound ? std::min(*bound, count) : count;
  }
  return bound;
}

/// Counts saturate: a count past 2^64 is large enough.
uint64_t times(uint64_t a, uint64_t b) {
  return llvm::SaturatingMultiply(a, b);
}
uint64_t plus(uint64_t a, uint64_t b) { return llvm::SaturatingAdd(a, b); }

std::optional<uint64_t> workOf(Operation *op);
uint64_t ownWork(Operation *op);

/// The work of one run of the ops of `region` (and of what they hold).
std::optional<uint64_t> workIn(Region &region) {
  uint64_t total = 0;
  for (Block &block : region)
    for (Operation &op : block) {
      std::optional<uint64_t> work = workOf(&op);
      if (!work)
        return std::nullopt;
      total = plus(total, *work);
    }
  return total;
}

/// The work of `op`: its trip counts times the work of its body for a
/// loop, the work of its regions for another op with regions, opWork plus
/// one per memory access for the rest (the loops are scalar here: one
/// element per access), times its laneFactor (64-bit elements count
/// twice). None where a trip count is not static.
std::optional<uint64_t> workOf(Operation *op) {
  auto timesBody = [&](Region &body,
                       uint64_t count) -> std::optional<uint64_t> {
    std::optional<uint64_t> work = workIn(body);
    if (!work)
      return std::nullopt;
    return times(count, *work);
  };
  if (auto loop = dyn_cast<affine::AffineForOp>(op)) {
    std::optional<uint64_t> count = tripCountBound(loop);
    if (!count)
      return std::nullopt;
    return timesBody(loop.getRegion(), *count);
  }
  if (auto loop = dyn_cast<affine::AffineParallelOp>(op)) {
    std::optional<SmallVector<uint64_t>> counts = staticTripCounts(loop);
    if (!counts)
      return std::nullopt;
    uint64_t count = 1;
    for (uint64_t c : *counts)
      count = times(count, c);
    return timesBody(loop.getRegion(), count);
  }
  uint64_t total = 0;
  for (Region &region : op->getRegions()) {
    std::optional<uint64_t> work = workIn(region);
    if (!work)
      return std::nullopt;
    total = plus(total, *work);
  }
  return plus(total, ownWork(op));
}

/// The work of `op` itself, without its regions: opWork plus one per memory
/// access, times its laneFactor.
uint64_t ownWork(Operation *op) {
  bool access =
      isa<affine::AffineReadOpInterface, affine::AffineWriteOpInterface,
          memref::LoadOp, memref::StoreOp>(op);
  return (opWork(op, kTranscendentalTime) + (access ? 1 : 0)) * laneFactor(op);
}

/// Builds workOf's count as index arithmetic before a root loop nest, for
/// nests whose trip counts are known only at run time. Where a part of the
/// nest has a static count, that count is one constant: only the loops
/// without a static bound become arithmetic.
class RuntimeWorkBuilder {
public:
  RuntimeWorkBuilder(OpBuilder &builder, Operation *root)
      : builder(builder), root(root), loc(root->getLoc()) {}

  /// Whether every loop of the nest (but the root, whose operands are
  /// defined before it) without a static bound has bounds defined before
  /// the root: only those can be counted there.
  bool countable() {
    WalkResult result = root->walk([&](Operation *op) {
      if (op == root)
        return WalkResult::advance();
      if (auto loop = dyn_cast<affine::AffineForOp>(op))
        if (!tripCountBound(loop) && !definedBeforeRoot(loop.getOperands()))
          return WalkResult::interrupt();
      if (auto loop = dyn_cast<affine::AffineParallelOp>(op))
        if (!staticTripCounts(loop) && !definedBeforeRoot(loop.getOperands()))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return !result.wasInterrupted();
  }

  /// The work of `op`, a part of the nest; requires countable(). workIn
  /// counts the parts of static work itself, so only nests with a dynamic
  /// trip count come here (where the count is static it is one constant).
  Value work(Operation *op) {
    uint64_t knownCount = 1;
    SmallVector<Value> counts;
    if (auto loop = dyn_cast<affine::AffineForOp>(op)) {
      if (std::optional<uint64_t> known = tripCountBound(loop))
        knownCount = *known;
      else
        counts.push_back(
            tripCount(loop.getLowerBoundMap(), loop.getLowerBoundOperands(),
                      loop.getUpperBoundMap(), loop.getUpperBoundOperands(),
                      loop.getStepAsInt()));
    } else if (auto loop = dyn_cast<affine::AffineParallelOp>(op)) {
      if (std::optional<SmallVector<uint64_t>> known = staticTripCounts(loop))
        for (uint64_t c : *known)
          knownCount = llvm::SaturatingMultiply(knownCount, c);
      else
        counts.push_back(iterations(loop));
    } else {
      // Another op with regions: its own work plus that of its regions.
      SmallVector<Value> parts;
      for (Region &region : op->getRegions())
        parts.push_back(workIn(region));
      return sum(ownWork(op), parts);
    }
    counts.push_back(workIn(op->getRegion(0)));
    return product(knownCount, counts);
  }

  /// The iterations of `loop`: the product of its trip counts (built once
  /// per loop).
  Value iterations(affine::AffineParallelOp loop) {
    Value &total = iterationCounts[loop];
    if (total)
      return total;
    SmallVector<Value> counts;
    for (auto [dim, step] : llvm::enumerate(loop.getSteps()))
      counts.push_back(tripCount(
          loop.getLowerBoundMap(dim), loop.getLowerBoundsOperands(),
          loop.getUpperBoundMap(dim), loop.getUpperBoundsOperands(), step));
    total = product(1, counts);
    return total;
  }

private:
  /// The work of the ops of `region`: the static ones added up into one
  /// constant.
  Value workIn(Region &region) {
    uint64_t known = 0;
    SmallVector<Value> parts;
    for (Block &block : region)
      for (Operation &op : block) {
        if (std::optional<uint64_t> fixed = workOf(&op))
          known = llvm::SaturatingAdd(known, *fixed);
        else
          parts.push_back(work(&op));
      }
    return sum(known, parts);
  }

  Value sum(uint64_t known, ArrayRef<Value> parts) {
    Value total = parts.empty() || known != 0 ? constant(known) : Value();
    for (Value part : parts)
      total =
          total ? builder.createOrFold<arith::AddIOp>(loc, total, part) : part;
    return total;
  }

  Value product(uint64_t known, ArrayRef<Value> factors) {
    Value total = factors.empty() || known != 1 ? constant(known) : Value();
    for (Value factor : factors)
      total = total ? builder.createOrFold<arith::MulIOp>(loc, total, factor)
                    : factor;
    return total;
  }

  /// `max(0, ceildiv(min(upper) - max(lower), step))`.
  Value tripCount(AffineMap lower, ValueRange lowerOperands, AffineMap upper,
                  ValueRange upperOperands, int64_t step) {
    Value begin = bound<affine::AffineMaxOp>(lower, lowerOperands);
    Value end = bound<affine::AffineMinOp>(upper, upperOperands);
    Value span = builder.createOrFold<arith::SubIOp>(loc, end, begin);
    Value count =
        builder.createOrFold<arith::CeilDivSIOp>(loc, span, constant(step));
    return builder.createOrFold<arith::MaxSIOp>(loc, count, constant(0));
  }

  /// The value of a bound map: its one result, or the max (lower) or min
  /// (upper) of its results.
  template <typename MinMaxOp>
  Value bound(AffineMap map, ValueRange operands) {
    if (map.getNumResults() == 1)
      return builder.createOrFold<affine::AffineApplyOp>(loc, map, operands);
    return MinMaxOp::create(builder, loc, builder.getIndexType(), map,
                            operands);
  }

  bool definedBeforeRoot(ValueRange values) {
    return llvm::all_of(values, [&](Value value) {
      return !root->isAncestor(value.getParentRegion()->getParentOp());
    });
  }

  Value constant(uint64_t value) {
    return arith::ConstantIndexOp::create(
        builder, loc, int64_t(std::min<uint64_t>(value, uint64_t(1) << 62)));
  }

  OpBuilder &builder;
  Operation *root;
  Location loc;
  DenseMap<Operation *, Value> iterationCounts;
};

} // namespace

std::optional<uint64_t> mlir::tenferro::staticWork(Operation *op) {
  return workOf(op);
}

std::optional<tenferro::RuntimeWork>
mlir::tenferro::buildRuntimeWork(OpBuilder &builder,
                                 affine::AffineParallelOp root) {
  RuntimeWorkBuilder build(builder, root);
  if (!build.countable())
    return std::nullopt;
  Value iterations = build.iterations(root);
  return RuntimeWork{build.work(root), iterations};
}

std::optional<SmallVector<uint64_t>>
mlir::tenferro::staticTripCounts(affine::AffineParallelOp loop) {
  std::optional<SmallVector<int64_t>> ranges = loop.getConstantRanges();
  if (!ranges)
    return std::nullopt;
  SmallVector<uint64_t> counts;
  for (auto [range, step] : llvm::zip(*ranges, loop.getSteps()))
    counts.push_back(llvm::divideCeil(std::max<int64_t>(0, range), step));
  return counts;
}
