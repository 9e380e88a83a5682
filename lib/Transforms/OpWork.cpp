//===- OpWork.cpp - the cost of an op, in simple instructions -------------===//

#include "OpWork.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
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
  // Both maps over the same operands, so that their results subtract.
  if (lower.getNumResults() != 1 || lower.getNumDims() != upper.getNumDims() ||
      lower.getNumSymbols() != upper.getNumSymbols() ||
      !llvm::equal(loop.getLowerBoundOperands(), loop.getUpperBoundOperands()))
    return std::nullopt;
  std::optional<uint64_t> bound;
  for (AffineExpr end : upper.getResults()) {
    AffineExpr span = simplifyAffineExpr(
        end - lower.getResult(0), upper.getNumDims(), upper.getNumSymbols());
    auto constant = dyn_cast<AffineConstantExpr>(span);
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
  bool access =
      isa<affine::AffineReadOpInterface, affine::AffineWriteOpInterface,
          memref::LoadOp, memref::StoreOp>(op);
  return plus(total, (opWork(op, kTranscendentalTime) + (access ? 1 : 0)) *
                         laneFactor(op));
}

} // namespace

std::optional<uint64_t> mlir::tenferro::staticWork(Operation *op) {
  return workOf(op);
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
