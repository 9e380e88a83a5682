//===- ExpandStridedCopies.cpp - loops for non-contiguous copies ----------===//
//
// Turns memref.copy ops that finalize-memref-to-llvm would lower to a call
// of memrefCopy (MLIR's C runner utilities) into loop nests, so compiled
// programs need only libc and libm. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROEXPANDSTRIDEDCOPIESPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// The condition under which finalize-memref-to-llvm copies a memref with
/// the memcpy intrinsic; it calls memrefCopy for every other ranked copy.
bool lowersToMemcpy(MemRefType type) {
  return type.getLayout().isIdentity() ||
         (type.hasStaticShape() && type.getNumElements() > 0 &&
          memref::isStaticShapeAndContiguousRowMajor(type));
}

/// Replaces `copy` by a loop nest over the source's extents that loads
/// each element and stores it at the same indices of the target.
void expandToLoops(memref::CopyOp copy) {
  OpBuilder b(copy);
  Location loc = copy.getLoc();
  Value source = copy.getSource(), target = copy.getTarget();
  auto type = cast<MemRefType>(source.getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(type.getRank(), zero), steps(type.getRank(), one);
  SmallVector<Value> ubs;
  for (auto [axis, extent] : llvm::enumerate(type.getShape()))
    ubs.push_back(ShapedType::isDynamic(extent)
                      ? Value(memref::DimOp::create(b, loc, source, axis))
                      : Value(arith::ConstantIndexOp::create(b, loc, extent)));
  scf::buildLoopNest(b, loc, lbs, ubs, steps,
                     [&](OpBuilder &nested, Location l, ValueRange ivs) {
                       Value element =
                           memref::LoadOp::create(nested, l, source, ivs);
                       memref::StoreOp::create(nested, l, element, target, ivs);
                     });
  copy.erase();
}

struct ExpandStridedCopiesPass
    : public tenferro::impl::TenferroExpandStridedCopiesPassBase<
          ExpandStridedCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) {
      auto source = dyn_cast<MemRefType>(copy.getSource().getType());
      auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
      // Unranked copies have no static loop nest; programs make none.
      if (!source || !target)
        return;
      if (lowersToMemcpy(source) && lowersToMemcpy(target))
        return;
      copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies)
      expandToLoops(copy);
  }
};

} // namespace
