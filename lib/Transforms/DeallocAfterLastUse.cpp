//===- DeallocAfterLastUse.cpp - free local buffers early -----------------===//
//
// Moves the deallocation of local buffers out of the block-end
// bufferization.dealloc to right after their last use. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERRODEALLOCAFTERLASTUSEPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// Ops whose memref results alias a memref operand without owning memory.
bool isAliasingView(Operation *op) {
  return isa<ViewLikeOpInterface, memref::CastOp, memref::ReinterpretCastOp,
             memref::CollapseShapeOp, memref::ExpandShapeOp,
             memref::TransposeOp, memref::ExtractStridedMetadataOp>(op);
}

/// The last op of `block` (an ancestor of a nested user) that uses `alloc`
/// or a view of it, or null when the buffer is not local: some alias is
/// returned, yielded, retained by a dealloc or consumed by an op that
/// produces memrefs the pass cannot follow. `dealloc` (the block-end free)
/// is not a use.
Operation *lastLocalUse(memref::AllocOp alloc, Block *block,
                        bufferization::DeallocOp dealloc) {
  Operation *last = alloc;
  SmallVector<Value> worklist{alloc.getResult()};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (user == dealloc) {
        // Retained values keep the buffer alive past the block.
        if (use.getOperandNumber() >=
            dealloc.getMemrefs().size() + dealloc.getConditions().size())
          return nullptr;
        continue;
      }
      if (user->hasTrait<OpTrait::IsTerminator>() ||
          isa<bufferization::DeallocOp, memref::DeallocOp,
              bufferization::CloneOp>(user))
        return nullptr;
      if (isAliasingView(user)) {
        for (Value r : user->getResults())
          if (isa<BaseMemRefType>(r.getType()))
            worklist.push_back(r);
      } else if ( // Under the deallocation ABI a callee returns buffers its
                  // caller owns, never views of its arguments.
          !isa<CallOpInterface>(user) &&
          llvm::any_of(user->getResultTypes(),
                       [](Type t) { return isa<BaseMemRefType>(t); })) {
        return nullptr;
      }
      Operation *inBlock = block->findAncestorOpInBlock(*user);
      if (!inBlock)
        return nullptr;
      if (last->isBeforeInBlock(inBlock))
        last = inBlock;
    }
  }
  return last;
}

struct DeallocAfterLastUsePass
    : public tenferro::impl::TenferroDeallocAfterLastUsePassBase<
          DeallocAfterLastUsePass> {
  void runOnOperation() override {
    SmallVector<bufferization::DeallocOp> deallocs;
    getOperation().walk(
        [&](bufferization::DeallocOp op) { deallocs.push_back(op); });
    for (bufferization::DeallocOp dealloc : deallocs)
      process(dealloc);
  }

  void process(bufferization::DeallocOp dealloc) {
    Block *block = dealloc->getBlock();
    // Decide everything before inserting anything: insertions invalidate
    // the block's op order, and recomputing it per buffer is quadratic.
    SmallVector<std::pair<Value, Operation *>> frees;
    SmallVector<Value> keptMemrefs, keptConditions;
    for (auto [memref, cond] :
         llvm::zip_equal(dealloc.getMemrefs(), dealloc.getConditions())) {
      auto alloc = memref.getDefiningOp<memref::AllocOp>();
      Operation *last = nullptr;
      if (alloc && alloc->getBlock() == block && matchPattern(cond, m_One()))
        last = lastLocalUse(alloc, block, dealloc);
      if (last) {
        frees.push_back({memref, last});
      } else {
        keptMemrefs.push_back(memref);
        keptConditions.push_back(cond);
      }
    }
    if (frees.empty())
      return;
    OpBuilder b(dealloc);
    for (auto [memref, last] : frees) {
      b.setInsertionPointAfter(last);
      memref::DeallocOp::create(b, dealloc.getLoc(), memref);
    }
    if (keptMemrefs.empty() && dealloc.getRetained().empty()) {
      dealloc.erase();
      return;
    }
    // The ownership results of retained values do not depend on the local
    // buffers: none of them is an origin of a retained value.
    b.setInsertionPoint(dealloc);
    auto rest =
        bufferization::DeallocOp::create(b, dealloc.getLoc(), keptMemrefs,
                                         keptConditions, dealloc.getRetained());
    dealloc.replaceAllUsesWith(rest.getResults());
    dealloc.erase();
  }
};

} // namespace
