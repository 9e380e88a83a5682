//===- PeelVectorLoops.cpp - unmasked full vectors, masked tails ----------===//
//
// Versions and peels vectorized scf.for loops so that every full vector is
// read and written with in-bounds transfers (plain loads and stores) and
// only the last, partial vector is masked. See the pass description in
// Passes.td for the rules.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROPEELVECTORLOOPSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// A buffer dimension that the loop's induction variable walks with full
/// vectors.
using BufferDim = std::pair<Value, int64_t>;

/// One vector dimension of a transfer that is in bounds for every full
/// iteration when its buffer dimension holds at least `ub` elements.
struct Access {
  VectorTransferOpInterface xfer;
  unsigned vectorDim;
  BufferDim bufferDim;
};

/// The vector dimensions of transfers directly in `loop`'s body whose
/// position is the induction variable itself and whose length fits in one
/// step. Masked transfers and scalable vectors are skipped: their
/// semantics are not a plain read of `length` elements.
SmallVector<Access> collectAccesses(scf::ForOp loop, int64_t step) {
  SmallVector<Access> accesses;
  Value iv = loop.getInductionVar();
  for (Operation &op : *loop.getBody()) {
    auto xfer = dyn_cast<VectorTransferOpInterface>(&op);
    if (!xfer || xfer.getMask() || !isa<MemRefType>(xfer.getShapedType()) ||
        xfer.getVectorType().isScalable())
      continue;
    AffineMap map = xfer.getPermutationMap();
    for (unsigned k = 0, e = map.getNumResults(); k < e; ++k) {
      auto dim = dyn_cast<AffineDimExpr>(map.getResult(k));
      if (!dim || xfer.isDimInBounds(k))
        continue;
      unsigned pos = dim.getPosition();
      if (xfer.getIndices()[pos] != iv ||
          xfer.getVectorType().getDimSize(k) > step)
        continue;
      accesses.push_back({xfer, k, {xfer.getBase(), pos}});
    }
  }
  return accesses;
}

/// Whether `ub <= extent of bufferDim` holds for every execution: true or
/// false when known at compile time, nullopt when only a run-time check can
/// tell.
std::optional<bool> withinExtent(OpFoldResult ub, const BufferDim &bufferDim) {
  auto type = cast<MemRefType>(bufferDim.first.getType());
  std::optional<int64_t> ubConst = getConstantIntValue(ub);
  if (ubConst && !type.isDynamicDim(bufferDim.second))
    return *ubConst <= type.getDimSize(bufferDim.second);
  if (auto ubValue = dyn_cast<Value>(ub))
    if (auto dimOp = ubValue.getDefiningOp<memref::DimOp>())
      if (dimOp.getSource() == bufferDim.first &&
          getConstantIntValue(dimOp.getIndex()) == bufferDim.second)
        return true;
  FailureOr<bool> cmp = ValueBoundsConstraintSet::strongCompare(
      ValueBoundsConstraintSet::Variable(ub),
      ValueBoundsConstraintSet::ComparisonOperator::LE,
      ValueBoundsConstraintSet::Variable(bufferDim.first, bufferDim.second));
  if (failed(cmp))
    return std::nullopt;
  return *cmp;
}

/// Marks the accesses' vector dimensions in bounds.
void markInBounds(ArrayRef<Access> accesses) {
  llvm::MapVector<Operation *, SmallVector<bool>> inBounds;
  for (const Access &a : accesses) {
    VectorTransferOpInterface xfer = a.xfer;
    auto [it, inserted] = inBounds.try_emplace(xfer.getOperation());
    if (inserted)
      it->second = xfer.getInBoundsValues();
    it->second[a.vectorDim] = true;
  }
  for (auto &[op, values] : inBounds) {
    auto attr = Builder(op->getContext()).getBoolArrayAttr(values);
    if (auto read = dyn_cast<vector::TransferReadOp>(op))
      read.setInBoundsAttr(attr);
    else
      cast<vector::TransferWriteOp>(op).setInBoundsAttr(attr);
  }
}

void peelVectorLoop(RewriterBase &rewriter, scf::ForOp loop) {
  // Any lower bound: in_bounds is about the upper end of an access (an
  // access below zero is invalid masked or not).
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step < 1)
    return;
  SmallVector<Access> accesses = collectAccesses(loop, *step);
  if (accesses.empty())
    return;

  // Split the buffer dimensions into proven ones and ones to check before
  // the loop; disproven ones stay masked. A buffer defined inside the loop
  // cannot be checked before it.
  OpFoldResult ub = getAsOpFoldResult(loop.getUpperBound());
  llvm::SetVector<BufferDim> toCheck;
  llvm::DenseSet<BufferDim> inBounds;
  for (const Access &a : accesses) {
    if (inBounds.contains(a.bufferDim) || toCheck.contains(a.bufferDim))
      continue;
    std::optional<bool> within = withinExtent(ub, a.bufferDim);
    if (!within) {
      if (loop.isDefinedOutsideOfLoop(a.bufferDim.first))
        toCheck.insert(a.bufferDim);
    } else if (*within) {
      inBounds.insert(a.bufferDim);
    }
  }
  if (inBounds.empty() && toCheck.empty())
    return;

  // Version: the fast loop runs when every checked extent covers the
  // iteration space, the original loop otherwise.
  scf::ForOp fast = loop;
  Location loc = loop.getLoc();
  if (!toCheck.empty()) {
    rewriter.setInsertionPoint(loop);
    Value cond;
    llvm::DenseSet<int64_t> staticExtents;
    for (const BufferDim &bd : toCheck) {
      inBounds.insert(bd);
      // Buffers of one static extent need one check.
      int64_t size = cast<MemRefType>(bd.first.getType()).getDimSize(bd.second);
      Value extent;
      if (ShapedType::isDynamic(size)) {
        extent = memref::DimOp::create(rewriter, loc, bd.first, bd.second);
      } else if (staticExtents.insert(size).second) {
        extent = arith::ConstantIndexOp::create(rewriter, loc, size);
      } else {
        continue;
      }
      Value ok = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ule,
                                       loop.getUpperBound(), extent);
      cond = cond ? arith::AndIOp::create(rewriter, loc, cond, ok) : ok;
    }
    auto ifOp = scf::IfOp::create(rewriter, loc, loop.getResultTypes(), cond,
                                  /*addThenBlock=*/true, /*addElseBlock=*/true);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    fast = cast<scf::ForOp>(rewriter.clone(*loop));
    scf::YieldOp::create(rewriter, loc, fast.getResults());
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    auto slow = cast<scf::ForOp>(rewriter.clone(*loop));
    scf::YieldOp::create(rewriter, loc, slow.getResults());
    rewriter.replaceOp(loop, ifOp.getResults());
  }

  // Peel the partial iteration off; its transfers stay masked. Nothing to
  // peel when the trip count is a static multiple of the step.
  scf::ForOp partial;
  (void)scf::peelForLoopAndSimplifyBounds(rewriter, fast, partial);

  SmallVector<Access> full;
  for (const Access &a : collectAccesses(fast, *step))
    if (inBounds.contains(a.bufferDim))
      full.push_back(a);
  markInBounds(full);
}

/// The largest value of `index` over every execution, from the loops'
/// bounds and steps: `index` is a constant, an induction variable of an
/// `scf.for` or `scf.parallel` with constant bounds and step, or sums and
/// products by non-negative constants of those. Value bounds know an
/// induction variable's range, not its step: the offset of a chunk of 32
/// in a loop over [0, 64) is at most 32, which they take for 63.
std::optional<int64_t> largestValue(Value index, unsigned depth = 0) {
  if (depth > 8)
    return std::nullopt;
  if (std::optional<int64_t> c = getConstantIntValue(index))
    return c;
  if (auto arg = dyn_cast<BlockArgument>(index)) {
    Operation *owner = arg.getOwner()->getParentOp();
    OpFoldResult lb, ub, step;
    if (auto loop = dyn_cast<scf::ForOp>(owner)) {
      if (arg != loop.getInductionVar())
        return std::nullopt;
      lb = loop.getLowerBound();
      ub = loop.getUpperBound();
      step = loop.getStep();
    } else if (auto loop = dyn_cast<scf::ParallelOp>(owner)) {
      unsigned i = arg.getArgNumber();
      lb = loop.getLowerBound()[i];
      ub = loop.getUpperBound()[i];
      step = loop.getStep()[i];
    } else {
      return std::nullopt;
    }
    std::optional<int64_t> l = getConstantIntValue(lb),
                           u = getConstantIntValue(ub),
                           s = getConstantIntValue(step);
    if (!l || !u || !s || *s < 1)
      return std::nullopt;
    // A loop that never runs gives its induction variable no value; its
    // lower bound stands for one.
    return *u <= *l ? *l : *l + (*u - *l - 1) / *s * *s;
  }
  Operation *def = index.getDefiningOp();
  if (auto add = dyn_cast_or_null<arith::AddIOp>(def)) {
    std::optional<int64_t> a = largestValue(add.getLhs(), depth + 1);
    std::optional<int64_t> b =
        a ? largestValue(add.getRhs(), depth + 1) : std::nullopt;
    return a && b ? llvm::checkedAdd(*a, *b) : std::nullopt;
  }
  if (auto mul = dyn_cast_or_null<arith::MulIOp>(def)) {
    Value lhs = mul.getLhs(), rhs = mul.getRhs();
    std::optional<int64_t> c = getConstantIntValue(rhs);
    if (!c)
      std::swap(lhs, rhs), c = getConstantIntValue(rhs);
    if (!c || *c < 0)
      return std::nullopt;
    std::optional<int64_t> a = largestValue(lhs, depth + 1);
    return a ? llvm::checkedMul(*a, *c) : std::nullopt;
  }
  return std::nullopt;
}

/// Marks in bounds every vector dimension of `xfer` whose index is proven,
/// over every execution, to leave room for the whole vector in a static
/// buffer extent: the index's largest value (value bounds of the enclosing
/// loops' induction variables and the arithmetic on them) plus the vector
/// length is at most the extent. Fused loop nests index their reads with
/// `16 * i + j` of two loops, which the loop rule above does not take.
void markProvenInBounds(VectorTransferOpInterface xfer) {
  if (xfer.getMask() || xfer.getVectorType().isScalable())
    return;
  auto type = dyn_cast<MemRefType>(xfer.getShapedType());
  if (!type)
    return;
  SmallVector<bool> inBounds = xfer.getInBoundsValues();
  bool changed = false;
  AffineMap map = xfer.getPermutationMap();
  for (unsigned k = 0, e = map.getNumResults(); k < e; ++k) {
    auto dim = dyn_cast<AffineDimExpr>(map.getResult(k));
    if (!dim || inBounds[k])
      continue;
    unsigned pos = dim.getPosition();
    if (type.isDynamicDim(pos))
      continue;
    Value index = xfer.getIndices()[pos];
    FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(index),
        /*stopCondition=*/nullptr, /*closedUB=*/true);
    // Both are upper bounds; the smaller is the sharper.
    std::optional<int64_t> largest = largestValue(index);
    if (succeeded(bound))
      largest = largest ? std::min(*largest, *bound) : *bound;
    if (!largest ||
        *largest + xfer.getVectorType().getDimSize(k) > type.getDimSize(pos))
      continue;
    inBounds[k] = true;
    changed = true;
  }
  if (!changed)
    return;
  auto attr = Builder(xfer->getContext()).getBoolArrayAttr(inBounds);
  if (auto read = dyn_cast<vector::TransferReadOp>(xfer.getOperation()))
    read.setInBoundsAttr(attr);
  else
    cast<vector::TransferWriteOp>(xfer.getOperation()).setInBoundsAttr(attr);
}

struct PeelVectorLoopsPass
    : public tenferro::impl::TenferroPeelVectorLoopsPassBase<
          PeelVectorLoopsPass> {
  void runOnOperation() override {
    // Collect first: versioning and peeling create loops that must not be
    // visited again.
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    IRRewriter rewriter(&getContext());
    // A loop of one iteration (a vectorized loop over exactly one vector)
    // is its body: its induction variable is then the lower bound, which
    // value bounds see exactly (they know an induction variable's range,
    // not its step).
    SmallVector<scf::ForOp> multiple;
    for (scf::ForOp loop : loops)
      if (failed(loop.promoteIfSingleIteration(rewriter)))
        multiple.push_back(loop);
    for (scf::ForOp loop : multiple)
      peelVectorLoop(rewriter, loop);
    getOperation().walk(markProvenInBounds);
  }
};

} // namespace
