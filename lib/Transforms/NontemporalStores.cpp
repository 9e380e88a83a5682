//===- NontemporalStores.cpp - stream full vectors to large buffers -------===//
//
// Versions each full-vector store of a loop on the size of its buffer and
// the alignment of its address: non-temporal where both allow it. See the
// pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "OpWork.h"

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERRONONTEMPORALSTORESPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// x86 stores at most 64 bytes at once (a zmm register); a wider vector is
/// split into stores that each need 64-byte alignment.
constexpr int64_t kMaxAlignment = 64;

/// The bytes of one element of `type` when it is a whole number of bytes
/// (integers and floats), otherwise 0.
int64_t elementBytes(Type type) {
  if (!isa<IntegerType, FloatType>(type))
    return 0;
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits % 8 == 0 ? bits / 8 : 0;
}

/// Whether `loop` reads `buffer`: an update in place (layer norm's
/// normalization writing over its centered input) brings each line into
/// the cache with its read, so that its store costs no extra read, while a
/// non-temporal store would evict the line it just read.
bool readsBuffer(scf::ForOp loop, Value buffer) {
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    Value read;
    if (auto xfer = dyn_cast<vector::TransferReadOp>(op))
      read = xfer.getBase();
    else if (auto load = dyn_cast<vector::LoadOp>(op))
      read = load.getBase();
    else if (auto load = dyn_cast<memref::LoadOp>(op))
      read = load.getMemRef();
    else if (auto load = dyn_cast<vector::MaskedLoadOp>(op))
      read = load.getBase();
    return read == buffer ? WalkResult::interrupt() : WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether `op` reads or writes a vector in memory.
bool accessesVector(Operation *op) {
  return isa<vector::TransferReadOp, vector::TransferWriteOp, vector::LoadOp,
             vector::StoreOp, vector::MaskedLoadOp, vector::MaskedStoreOp,
             vector::GatherOp, vector::ScatterOp>(op);
}

/// The work of `op` on vectors (opWork): ops on scalars only (loop
/// indices, invariants LLVM hoists) count nothing.
int64_t vectorWork(Operation *op) {
  if (!llvm::any_of(op->getResultTypes(), llvm::IsaPred<VectorType>) &&
      !llvm::any_of(op->getOperandTypes(), llvm::IsaPred<VectorType>))
    return 0;
  return tenferro::opWork(op);
}

/// Whether `loop` computes more than `maxWorkPerAccess` units of work
/// (vectorWork) per vector it reads or writes: such a loop is bound by its
/// arithmetic, not by memory, so that a non-temporal store saves no time,
/// and it measured slower with them (docs/performance.md, "Non-temporal
/// stores").
bool computeBound(scf::ForOp loop, uint64_t maxWorkPerAccess) {
  if (maxWorkPerAccess == 0)
    return false;
  uint64_t work = 0, accesses = 0;
  loop.getBody()->walk([&](Operation *op) {
    if (accessesVector(op))
      ++accesses;
    else
      work += vectorWork(op);
  });
  return work > maxWorkPerAccess * std::max<uint64_t>(accesses, 1);
}

/// A write that becomes a non-temporal store where the buffer allows it:
/// an unmasked, in-bounds 1-d transfer along the contiguous last dimension
/// of a memref, inside a loop (a store outside loops writes one vector)
/// that does not read the same buffer and is not compute-bound. Returns
/// the store's alignment, or 0 when `write` is no such write.
/// `computeBoundLoops` caches computeBound per loop: a loop with several
/// writes is walked once.
int64_t
streamableAlignment(vector::TransferWriteOp write, uint64_t minBytes,
                    uint64_t maxWorkPerAccess,
                    llvm::DenseMap<Operation *, bool> &computeBoundLoops) {
  auto memref = dyn_cast<MemRefType>(write.getBase().getType());
  VectorType vector = write.getVectorType();
  if (!memref || write.getMask() || vector.getRank() != 1 ||
      vector.isScalable() || !write.getPermutationMap().isMinorIdentity() ||
      !llvm::all_of(write.getInBoundsValues(), [](bool b) { return b; }) ||
      !memref.isLastDimUnitStride())
    return 0;
  auto loop = write->getParentOfType<scf::ForOp>();
  if (!loop || readsBuffer(loop, write.getBase()))
    return 0;
  auto [cached, inserted] = computeBoundLoops.try_emplace(loop, false);
  if (inserted)
    cached->second = computeBound(loop, maxWorkPerAccess);
  if (cached->second)
    return 0;
  int64_t bytes = elementBytes(memref.getElementType());
  int64_t vectorBytes = bytes * vector.getNumElements();
  if (bytes == 0 || vectorBytes < 16 || !llvm::isPowerOf2_64(vectorBytes))
    return 0;
  // A static buffer below the bound never streams: no check to emit.
  if (memref.hasStaticShape() &&
      static_cast<uint64_t>(memref.getNumElements() * bytes) < minBytes)
    return 0;
  return std::min(vectorBytes, kMaxAlignment);
}

/// The op after which the stores in `op` are fenced: its outermost
/// ancestor within sequential control flow (loops and branches), which
/// stops at a function or a parallel loop's body, so that the thread that
/// stored runs the fence.
Operation *fenceAnchor(Operation *op) {
  while (
      isa_and_nonnull<scf::ForOp, scf::IfOp, scf::WhileOp>(op->getParentOp()))
    op = op->getParentOp();
  return op;
}

struct NontemporalStoresPass
    : public tenferro::impl::TenferroNontemporalStoresPassBase<
          NontemporalStoresPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<vector::TransferWriteOp, int64_t>> writes;
    llvm::DenseMap<Operation *, bool> computeBoundLoops;
    getOperation().walk([&](vector::TransferWriteOp write) {
      if (int64_t alignment = streamableAlignment(
              write, minBytes, maxWorkPerAccess, computeBoundLoops))
        writes.emplace_back(write, alignment);
    });

    llvm::SetVector<Operation *> anchors;
    for (auto [write, alignment] : writes) {
      Location loc = write.getLoc();
      OpBuilder b(write);
      Value base = write.getBase();
      auto memref = cast<MemRefType>(base.getType());
      int64_t bytes = elementBytes(memref.getElementType());
      auto index = [&](int64_t v) -> Value {
        return arith::ConstantIndexOp::create(b, loc, v);
      };

      // The address of the vector: the aligned pointer plus the element
      // offset of the indices, from the memref's own strides and offset.
      auto meta = memref::ExtractStridedMetadataOp::create(b, loc, base);
      Value linear = meta.getOffset();
      for (auto [i, stride] :
           llvm::zip_equal(write.getIndices(), meta.getStrides()))
        linear = arith::AddIOp::create(
            b, loc, linear, arith::MulIOp::create(b, loc, i, stride));
      Value pointer =
          memref::ExtractAlignedPointerAsIndexOp::create(b, loc, base);
      Value address = arith::AddIOp::create(
          b, loc, pointer, arith::MulIOp::create(b, loc, linear, index(bytes)));
      Value misalignment =
          arith::AndIOp::create(b, loc, address, index(alignment - 1));
      Value stream = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           misalignment, index(0));

      // The buffer's bytes, where its static shape does not settle them.
      uint64_t staticBytes =
          memref.hasStaticShape() ? memref.getNumElements() * bytes : 0;
      if (minBytes > 0 && staticBytes < minBytes) {
        Value total = index(bytes);
        for (Value size : meta.getSizes())
          total = arith::MulIOp::create(b, loc, total, size);
        Value large =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, total,
                                  index(static_cast<int64_t>(minBytes)));
        stream = arith::AndIOp::create(b, loc, large, stream);
      }

      auto branch = scf::IfOp::create(b, loc, stream, /*withElseRegion=*/true);
      OpBuilder thenBuilder = branch.getThenBodyBuilder();
      vector::StoreOp::create(thenBuilder, loc, write.getVector(), base,
                              write.getIndices(), /*nontemporal=*/true,
                              llvm::MaybeAlign(alignment));
      write->moveBefore(branch.elseBlock()->getTerminator());
      anchors.insert(fenceAnchor(branch));
    }

    for (Operation *anchor : anchors) {
      OpBuilder b(anchor->getContext());
      b.setInsertionPointAfter(anchor);
      LLVM::FenceOp::create(b, anchor->getLoc(), LLVM::AtomicOrdering::seq_cst);
    }
  }
};

} // namespace
