//===- FuseColumnTiles.cpp - loop nests fused in tiles of columns ---------===//
//
// After bufferization, consecutive linalg ops that all run over the same
// outermost parallel dimension (the columns of column-major tensors, the
// first dimension of their reversed memrefs) and touch every buffer they
// write only at the rows of that dimension they compute, are computed tile
// by tile in one loop: each tile of every buffer is written and read back
// while it is in cache, and buffers that only the group uses shrink to one
// tile. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "LaneCombination.h"
#include "OpWork.h"

#include "tenferro/Transforms/Passes.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROFUSECOLUMNTILESPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// How an op touches one of its operands along its first loop dimension.
enum class Access {
  /// Rows [i, i + 1) of the operand's first dimension at iteration i of
  /// the first loop, and nothing else of it there.
  Tiled,
  /// Independently of the first loop (a scalar, a broadcast source): the
  /// whole operand at every tile. Only for inputs.
  Whole,
  /// Anything else: the op does not join a group.
  Other,
};

Access accessOf(linalg::LinalgOp op, OpOperand &operand) {
  AffineMap map = op.getMatchingIndexingMap(&operand);
  if (!map.isFunctionOfDim(0))
    return op.isDpsInit(&operand) ? Access::Other : Access::Whole;
  if (map.getNumResults() == 0 ||
      map.getResult(0) != getAffineDimExpr(0, op->getContext()))
    return Access::Other;
  for (AffineExpr result : map.getResults().drop_front())
    if (result.isFunctionOfDim(0))
      return Access::Other;
  return Access::Tiled;
}

/// The buffer a memref value views (through view-like ops).
Value rootOf(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// The extent of the first loop of `op` if it can join a group: buffers
/// with static shapes, the first loop parallel with a static extent, every
/// operand tiled or read whole, no buffer both written and read whole by
/// the op (a tile would read rows it has not written yet), and the loop
/// index not read in the body (a tile would see its own).
std::optional<int64_t> tileableExtent(Operation *candidate) {
  auto op = dyn_cast<linalg::LinalgOp>(candidate);
  if (!op || !op.hasPureBufferSemantics() || op.getNumLoops() == 0 ||
      op.getIteratorTypesArray().front() != utils::IteratorType::parallel)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamic(ranges.front()))
    return std::nullopt;
  DenseSet<Value> written, readWhole;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type) {
      if (op.isDpsInit(&operand))
        return std::nullopt;
      continue;
    }
    if (!type.hasStaticShape())
      return std::nullopt;
    Access access = accessOf(op, operand);
    if (access == Access::Other)
      return std::nullopt;
    if (access == Access::Tiled && type.getDimSize(0) != ranges.front())
      return std::nullopt;
    if (op.isDpsInit(&operand))
      written.insert(rootOf(operand.get()));
    else if (access == Access::Whole)
      readWhole.insert(rootOf(operand.get()));
  }
  if (llvm::any_of(readWhole,
                   [&](Value root) { return written.contains(root); }))
    return std::nullopt;
  bool readsIndex = false;
  op->walk([&](linalg::IndexOp index) { readsIndex |= index.getDim() == 0; });
  if (written.empty() || readsIndex)
    return std::nullopt;
  return ranges.front();
}

/// Consecutive tileable linalg ops of one block, with the ops between them
/// that move before the loop: allocations and pure ops.
struct Group {
  int64_t extent = 0;
  SmallVector<Operation *> members;
  SmallVector<Operation *> hoisted;
  /// Buffers the members write, and those they read whole.
  DenseSet<Value> writtenRoots, wholeRoots;

  /// Ops of members that do real work (not fills).
  unsigned working() const {
    return llvm::count_if(
        members, [](Operation *op) { return !isa<linalg::FillOp>(op); });
  }
};

/// The segment `op` was lowered from (tenferro-unwrap-segments with
/// number-ops), if it says.
std::optional<int64_t> segmentOf(Operation *op) {
  if (auto id = op->getAttrOfType<IntegerAttr>(
          tenferro::TenferroDialect::kSegmentIdAttrName))
    return id.getInt();
  return std::nullopt;
}

class ColumnTiler {
public:
  ColumnTiler(uint64_t tileBytes, bool parallel, uint64_t minParallelWork,
              bool withinSegments, bool laneSteps)
      : tileBytes(tileBytes), parallel(parallel),
        minParallelWork(minParallelWork), withinSegments(withinSegments),
        laneSteps(laneSteps) {}

  void run(func::FuncOp function) {
    // Bufferization copies a slice it inserts where it extracted it (a
    // lane reduction's vector tail) between two equal views: a no-op that
    // would end a group.
    function.walk([](memref::CopyOp copy) {
      auto source = copy.getSource().getDefiningOp<memref::SubViewOp>();
      auto target = copy.getTarget().getDefiningOp<memref::SubViewOp>();
      if (source && target &&
          OperationEquivalence::isEquivalentTo(
              source, target, OperationEquivalence::IgnoreLocations)) {
        copy.erase();
        // The view nothing else reads would keep its buffer from shrinking.
        if (target->use_empty())
          target.erase();
      }
    });
    // Lane steps also within the tiles of columns a first run made (the
    // bodies of its loops): a tile of several rows would keep each row's
    // partials in a tile buffer, not in registers.
    SmallVector<Block *> blocks(llvm::make_pointer_range(function.getBody()));
    if (laneSteps)
      function.walk([&](Operation *op) {
        if (isa<affine::AffineForOp, affine::AffineParallelOp>(op))
          blocks.push_back(&op->getRegion(0).front());
      });
    for (Block *block : blocks) {
      SmallVector<Operation *> ops(llvm::make_pointer_range(*block));
      Group group;
      SmallVector<Operation *> pending;
      auto close = [&] {
        if (group.working() >= 2 && (!laneSteps || combines(group)))
          groups.push_back(std::move(group));
        group = Group();
        pending.clear();
      };
      for (Operation *op : ops) {
        std::optional<int64_t> extent = tileableExtent(op);
        // Within segments, an op of none is not tiled, and a group holds
        // the ops of one segment.
        std::optional<int64_t> segment = segmentOf(op);
        if (withinSegments && !segment)
          extent = std::nullopt;
        // Lane steps: only the steps of lane reductions are tiled, marked
        // or (fused with their producers, which drops the mark) writing
        // the partials of the steps before them.
        if (laneSteps &&
            !op->hasAttr(tenferro::TenferroDialect::kLaneStepAttrName) &&
            !writesOnlyGroupBuffers(group, op))
          extent = std::nullopt;
        if (extent) {
          if (!group.members.empty() &&
              (*extent != group.extent || !joins(group, op) ||
               (withinSegments && segment != segmentOf(group.members.front()))))
            close();
          group.extent = *extent;
          add(group, op);
          group.hoisted.append(pending);
          pending.clear();
          continue;
        }
        if (!group.members.empty() && movable(group, pending, op)) {
          pending.push_back(op);
          continue;
        }
        close();
      }
      close();
    }
    for (Group &group : groups)
      tile(group);
  }

private:
  /// Whether a member of `group` combines lanes: reduces over its
  /// innermost loop, or reads a row at constant positions (the pairwise
  /// combination of a lane reduction's groups). Lane steps are tiled to
  /// keep a row's partials in registers up to their combination; without
  /// it in the group they would still go to memory, and the tile loop
  /// would only add work.
  static bool combines(const Group &group) {
    return llvm::any_of(group.members, [](Operation *op) {
      auto linalgOp = cast<linalg::LinalgOp>(op);
      SmallVector<utils::IteratorType> iterators =
          linalgOp.getIteratorTypesArray();
      return (iterators.size() >= 2 &&
              iterators.back() == utils::IteratorType::reduction) ||
             tenferro::isLaneCombination(linalgOp);
    });
  }

  /// Whether `op` writes, and writes only, buffers that members of
  /// `group` write.
  static bool writesOnlyGroupBuffers(const Group &group, Operation *op) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || group.members.empty() || linalgOp.getNumDpsInits() == 0)
      return false;
    return llvm::all_of(linalgOp.getDpsInitsMutable(), [&](OpOperand &init) {
      return group.writtenRoots.contains(rootOf(init.get()));
    });
  }

  /// Whether `op` keeps the group's rule: no buffer is both written by the
  /// group and read whole by it (a tile would read rows not yet written).
  /// tileableExtent has checked the op against itself.
  bool joins(const Group &group, Operation *candidate) {
    auto op = cast<linalg::LinalgOp>(candidate);
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      Value root = rootOf(operand.get());
      if (op.isDpsInit(&operand) && group.wholeRoots.contains(root))
        return false;
      if (accessOf(op, operand) == Access::Whole &&
          group.writtenRoots.contains(root))
        return false;
    }
    return true;
  }

  void add(Group &group, Operation *candidate) {
    auto op = cast<linalg::LinalgOp>(candidate);
    group.members.push_back(op);
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      Value root = rootOf(operand.get());
      if (op.isDpsInit(&operand))
        group.writtenRoots.insert(root);
      else if (accessOf(op, operand) == Access::Whole)
        group.wholeRoots.insert(root);
    }
  }

  /// Whether `op`, between members, can move before the group's first
  /// member: an allocation or a pure op without regions, whose operands
  /// are defined before the group or by ops that move too.
  bool movable(const Group &group, ArrayRef<Operation *> pending,
               Operation *op) {
    if (op->getNumRegions() != 0 ||
        !(isa<memref::AllocOp>(op) || isMemoryEffectFree(op)))
      return false;
    Operation *first = group.members.front();
    return llvm::all_of(op->getOperands(), [&](Value value) {
      Operation *def = value.getDefiningOp();
      // Block arguments and values from enclosing blocks dominate it.
      if (!def || def->getBlock() != first->getBlock())
        return true;
      return def->isBeforeInBlock(first) || llvm::is_contained(pending, def) ||
             llvm::is_contained(group.hoisted, def);
    });
  }

  /// Whether `view` keeps every row of its source, unstrided: a view of
  /// some columns, which a tile of the source keeps for its rows.
  static bool keepsRows(memref::SubViewOp view) {
    MemRefType source = view.getSourceType();
    return view.getType().getRank() == source.getRank() &&
           view.getStaticOffsets().front() == 0 &&
           view.getStaticSizes().front() == source.getDimSize(0) &&
           view.getStaticStrides().front() == 1;
  }

  /// Bytes of one element (complex: two parts; Bool: one byte).
  static int64_t elementBytes(Type type) {
    if (auto complex = dyn_cast<ComplexType>(type))
      return 2 * elementBytes(complex.getElementType());
    if (type.isIntOrFloat())
      return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
    return 8;
  }

  /// Bytes of one row (one index of the first dimension) of a buffer.
  static int64_t rowBytes(MemRefType type) {
    int64_t elements = 1;
    for (int64_t extent : type.getShape().drop_front())
      elements *= extent;
    return elements * elementBytes(type.getElementType());
  }

  void tile(Group &group) {
    // The rows of a tile: the working set of one iteration (a tile of
    // every buffer the group touches) within tileBytes, and a divisor of
    // the extent, so that every tile has the same static shape.
    // In order of first use: the tile buffers are created in this order,
    // and output must not depend on pointers.
    llvm::SetVector<Value> roots;
    int64_t bytesPerRow = 0;
    for (Operation *op : group.members)
      for (OpOperand &operand : op->getOpOperands())
        if (auto type = dyn_cast<MemRefType>(operand.get().getType()))
          if (accessOf(cast<linalg::LinalgOp>(op), operand) == Access::Tiled &&
              roots.insert(rootOf(operand.get())))
            bytesPerRow += rowBytes(type);
    // Lane steps go one row at a time: a row's partials (a few vectors)
    // then stay in registers from the input's pass to the combination.
    int64_t rows =
        laneSteps ? 1
                  : std::max<int64_t>(1, static_cast<int64_t>(tileBytes) /
                                             std::max<int64_t>(1, bytesPerRow));
    rows = std::min(rows, group.extent);
    while (group.extent % rows != 0)
      --rows;
    if (rows >= group.extent)
      return;

    Operation *first = group.members.front();
    for (Operation *op : group.hoisted)
      op->moveBefore(first);
    // Buffers only the group touches, at tiles: one tile suffices, unless
    // the tiles run in parallel (one tile buffer for all would be a race).
    DenseSet<Operation *> members(group.members.begin(), group.members.end());
    DenseMap<Value, Value> contracted;
    OpBuilder builder(first);
    struct Tile {
      memref::AllocOp alloc;
      MemRefType type;
      /// Views of the buffer that keep every row (a lane reduction's tail
      /// in the first lanes), used only by members at tiles.
      SmallVector<memref::SubViewOp> views;
    };
    SmallVector<Tile> tiles;
    auto tiledByMembers = [&](OpOperand &use) {
      auto op = dyn_cast<linalg::LinalgOp>(use.getOwner());
      return op && members.contains(op) && accessOf(op, use) == Access::Tiled;
    };
    for (Value root : roots) {
      auto alloc = root.getDefiningOp<memref::AllocOp>();
      if (!alloc || !alloc.getType().getLayout().isIdentity() ||
          !alloc.getDynamicSizes().empty())
        continue;
      Tile tile{alloc, MemRefType(), {}};
      bool onlyTiles = llvm::all_of(alloc->getUses(), [&](OpOperand &use) {
        if (auto view = dyn_cast<memref::SubViewOp>(use.getOwner())) {
          if (!keepsRows(view) ||
              !llvm::all_of(view->getUses(), tiledByMembers))
            return false;
          tile.views.push_back(view);
          return true;
        }
        return tiledByMembers(use);
      });
      if (!onlyTiles)
        continue;
      SmallVector<int64_t> shape(alloc.getType().getShape());
      shape.front() = rows;
      tile.type = MemRefType::get(shape, alloc.getType().getElementType(),
                                  MemRefLayoutAttrInterface(),
                                  alloc.getType().getMemorySpace());
      tiles.push_back(std::move(tile));
    }

    // Within a parallel loop (the tiles of parallel column fusion), the
    // tiles of this group are sequential: one level of threads.
    // A group of little work is sequential too: a second thread would not
    // pay for its OpenMP region. The small tiles of lane steps are partials
    // in registers: their accesses cost nothing.
    DenseSet<Value> inRegisters;
    if (laneSteps)
      for (Tile &tile : tiles)
        inRegisters.insert(tile.alloc);
    bool parallel = this->parallel &&
                    !first->getParentOfType<affine::AffineParallelOp>() &&
                    workOf(group, inRegisters) >= minParallelWork;

    // An affine loop: its index is an affine dimension, so that once the
    // ops are affine loops, tenferro-fold-affine-subviews can fold the
    // subviews into their loads and stores (identity layouts, which the
    // vectorizer needs). In parallel, an affine.parallel: the tiles are
    // independent (each writes its own rows), and affine-parallelize then
    // leaves the loops inside a tile sequential.
    builder.setInsertionPoint(first);
    Location loc = first->getLoc();
    Block *body;
    Value row;
    // Parallel lane steps: chunks of rows in parallel, each a loop over its
    // rows with its own partials on the stack, allocated once per chunk
    // (on the thread's stack), not once per row on the heap.
    // An affine.parallel over [0, extent) in steps of `step`.
    auto parallelLoop = [&](int64_t step) {
      AffineMap lower = builder.getConstantAffineMap(0);
      AffineMap upper = builder.getConstantAffineMap(group.extent);
      return affine::AffineParallelOp::create(
          builder, loc, TypeRange(), ArrayRef<arith::AtomicRMWKind>(),
          ArrayRef<AffineMap>(lower), ValueRange(), ArrayRef<AffineMap>(upper),
          ValueRange(), ArrayRef<int64_t>(step));
    };
    Block *chunkBody = nullptr;
    if (parallel && laneSteps) {
      int64_t chunk = llvm::divideCeil(group.extent, kParallelChunks);
      affine::AffineParallelOp chunks = parallelLoop(chunk);
      chunkBody = chunks.getBody();
      builder.setInsertionPoint(chunkBody->getTerminator());
      Value start = chunks.getIVs().front();
      AffineExpr d0 = builder.getAffineDimExpr(0);
      // The last chunk stops at the extent where the chunks do not divide
      // it.
      SmallVector<AffineExpr> ends = {d0 + chunk};
      if (group.extent % chunk != 0)
        ends.push_back(builder.getAffineConstantExpr(group.extent));
      auto loop = affine::AffineForOp::create(
          builder, loc, ValueRange(start), AffineMap::get(1, 0, d0),
          ValueRange(start), AffineMap::get(1, 0, ends, builder.getContext()));
      body = loop.getBody();
      row = loop.getInductionVar();
    } else if (parallel) {
      affine::AffineParallelOp loop = parallelLoop(rows);
      body = loop.getBody();
      row = loop.getIVs().front();
    } else {
      auto loop =
          affine::AffineForOp::create(builder, loc, 0, group.extent, rows);
      body = loop.getBody();
      row = loop.getInductionVar();
    }
    // Sequential tiles share one tile buffer, allocated before the loop;
    // parallel tiles each allocate their own (deallocation frees it at the
    // end of the tile).
    // Small sequential tiles of lane steps are stack memory: the kernel
    // that computes them then owns them (tenferro-outline-kernels moves a
    // static alloca used only by its loops into it), and LLVM keeps them in
    // registers, which it cannot do for a buffer passed to the kernel that
    // may alias the others.
    // The allocas go right before the loop, so that no allocation between
    // them and it ends the kernel that the loop becomes.
    // Before the loop of tiles of columns that holds this one, if any: an
    // alloca inside a loop would be dynamic stack memory (a new one every
    // iteration, never in registers). Within a parallel loop, in its body:
    // each of its tiles (threads) has its own.
    Operation *outermost = body->getParentOp();
    while (!isa<FunctionOpInterface, affine::AffineParallelOp>(
        outermost->getParentOp()))
      outermost = outermost->getParentOp();
    for (Tile &tile : tiles) {
      memref::AllocOp alloc = tile.alloc;
      bool stack = laneSteps && (!parallel || chunkBody) &&
                   rowBytes(tile.type) * rows <= kMaxStackTileBytes;
      if (chunkBody)
        builder.setInsertionPoint(body->getParentOp());
      else if (parallel)
        builder.setInsertionPoint(body->getTerminator());
      else if (stack)
        builder.setInsertionPoint(outermost);
      else
        builder.setInsertionPoint(alloc);
      Value buffer;
      if (stack)
        buffer = memref::AllocaOp::create(builder, alloc.getLoc(), tile.type,
                                          alloc.getAlignmentAttr());
      else
        buffer = memref::AllocOp::create(builder, alloc.getLoc(), tile.type,
                                         alloc.getAlignmentAttr());
      contracted[alloc] = buffer;
      // Its views keep their columns and take the tile's rows, at the tile
      // buffer (members then use them as they are).
      if (parallel && !chunkBody)
        builder.setInsertionPointAfter(buffer.getDefiningOp());
      else
        builder.setInsertionPoint(body->getParentOp());
      for (memref::SubViewOp view : tile.views) {
        SmallVector<OpFoldResult> sizes = view.getMixedSizes();
        sizes.front() = builder.getIndexAttr(rows);
        contracted[view] = memref::SubViewOp::create(
            builder, view.getLoc(), buffer, view.getMixedOffsets(), sizes,
            view.getMixedStrides());
      }
    }
    for (Operation *op : group.members) {
      op->moveBefore(body->getTerminator());
      builder.setInsertionPoint(op);
      auto linalgOp = cast<linalg::LinalgOp>(op);
      for (OpOperand &operand : op->getOpOperands()) {
        auto type = dyn_cast<MemRefType>(operand.get().getType());
        if (!type || accessOf(linalgOp, operand) != Access::Tiled)
          continue;
        auto it = contracted.find(operand.get());
        if (it != contracted.end()) {
          operand.set(it->second);
          continue;
        }
        SmallVector<OpFoldResult> offsets(type.getRank(),
                                          builder.getIndexAttr(0));
        offsets.front() = row;
        SmallVector<OpFoldResult> sizes;
        for (int64_t extent : type.getShape())
          sizes.push_back(builder.getIndexAttr(extent));
        sizes.front() = builder.getIndexAttr(rows);
        SmallVector<OpFoldResult> strides(type.getRank(),
                                          builder.getIndexAttr(1));
        operand.set(memref::SubViewOp::create(
            builder, op->getLoc(), operand.get(), offsets, sizes, strides));
      }
    }
    // Views before the buffers they view.
    for (Tile &tile : tiles)
      for (memref::SubViewOp view : tile.views)
        view.erase();
    for (Tile &tile : tiles)
      tile.alloc.erase();
  }

  /// The work of the ops of `group` (static shapes) in all, in the units
  /// of tenferro-serialize-small-parallel-loops: per iteration, one per
  /// operand accessed (but those in `inRegisters`) and the instructions
  /// of the body (opWork), 64-bit elements twice (laneFactor).
  static uint64_t workOf(const Group &group,
                         const DenseSet<Value> &inRegisters) {
    uint64_t total = 0;
    for (Operation *op : group.members) {
      auto linalgOp = cast<linalg::LinalgOp>(op);
      uint64_t perIteration = 0;
      for (Value operand : linalgOp->getOperands())
        if (!inRegisters.contains(rootOf(operand)))
          perIteration += tenferro::laneFactor(operand.getType());
      for (Operation &inner : linalgOp.getBlock()->without_terminator())
        perIteration +=
            tenferro::opWork(&inner, tenferro::kTranscendentalTime) *
            tenferro::laneFactor(&inner);
      uint64_t work = perIteration;
      for (int64_t range : linalgOp.getStaticLoopRanges())
        work = llvm::SaturatingMultiply(
            work, static_cast<uint64_t>(std::max<int64_t>(range, 0)));
      total = llvm::SaturatingAdd(total, work);
    }
    return total;
  }

  /// The largest tile of lane steps allocated on the stack.
  static constexpr int64_t kMaxStackTileBytes = 4096;
  /// The chunks of rows of parallel lane steps: enough to share among the
  /// threads of a machine, few enough that a chunk's stack allocation is
  /// nothing beside its rows.
  static constexpr int64_t kParallelChunks = 64;

  uint64_t tileBytes;
  bool parallel;
  uint64_t minParallelWork;
  bool withinSegments;
  bool laneSteps;
  SmallVector<Group> groups;
};

struct FuseColumnTilesPass
    : public tenferro::impl::TenferroFuseColumnTilesPassBase<
          FuseColumnTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    ColumnTiler(tileBytes, parallel, minParallelWork, withinSegments, laneSteps)
        .run(getOperation());
  }
};

} // namespace
