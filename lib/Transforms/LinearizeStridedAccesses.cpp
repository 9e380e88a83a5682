//===- LinearizeStridedAccesses.cpp - strided memrefs as flat buffers -----===//
//
// Rewrites affine loads and stores on a strided memref of the function's
// top level into accesses of a one-dimensional, identity-layout view of
// its buffer, so that the affine super-vectorizer, which takes identity
// layouts only, vectorizes their loops. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "AffineCoefficient.h"

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROLINEARIZESTRIDEDACCESSESPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// The strides and offset of `type` if it is a strided memref, not of the
/// identity layout, whose last stride is 1 (its rows are contiguous).
bool isContiguousStrided(MemRefType type, SmallVectorImpl<int64_t> &strides,
                         int64_t &offset) {
  if (type.getRank() == 0 || type.getLayout().isIdentity() ||
      failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

/// An affine.load or affine.store of a memref: its index is `map` applied
/// to `operands`.
struct Access {
  Operation *op;
  AffineMap map;
  SmallVector<Value> operands;
};

/// `op` as an affine.load or affine.store of `memref` (not of another
/// memref it reads or writes with `memref` as an index or stored value).
std::optional<Access> accessOf(Operation *op, Value memref) {
  if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
    if (load.getMemRef() == memref)
      return Access{op, load.getAffineMap(),
                    SmallVector<Value>(load.getMapOperands())};
  } else if (auto store = dyn_cast<affine::AffineStoreOp>(op)) {
    if (store.getMemRef() == memref)
      return Access{op, store.getAffineMap(),
                    SmallVector<Value>(store.getMapOperands())};
  }
  return std::nullopt;
}

/// Whether no loop that the super-vectorizer could vectorize over the last
/// dimension of `memref`'s accesses ends in a partial vector: every
/// `affine.for` whose induction variable indexes the last dimension with
/// coefficient 1 (a contiguous access along it) runs a constant number of
/// iterations that `vectorSize` divides. The vectorizer masks a partial
/// vector by the extent of the buffer, which for a flat view of a buffer
/// of several rows is not the end of the row.
bool noPartialVectors(AffineMap map, ValueRange operands, unsigned vectorSize) {
  AffineExpr last = map.getResults().back();
  for (unsigned d = 0; d < map.getNumDims(); ++d) {
    std::optional<int64_t> c = tenferro::coefficientOfDim(last, d);
    if (!c)
      return false;
    if (*c != 1 && *c != -1)
      continue;
    affine::AffineForOp loop = affine::getForInductionVarOwner(operands[d]);
    if (!loop)
      continue;
    std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
    if (!trips || *trips % vectorSize != 0)
      return false;
  }
  return true;
}

/// Whether the index of an access (`map` applied to `operands`) depends on
/// the induction variable of every loop around `access`. A kernel's
/// arguments may be views of one buffer (lane-tiles passes the partials and
/// views of them); an access of the flat view that some loop does not
/// move would be hoisted out of it by tenferro-hoist-vector-accumulators
/// (upstream's hoistRedundantVectorTransfers sees only accesses of the
/// same value), past the loop's writes to the buffer through another
/// argument.
bool movesWithEveryLoop(Operation *access, AffineMap map,
                        SmallVector<Value> operands) {
  affine::fullyComposeAffineMapAndOperands(&map, &operands);
  for (Operation *parent = access->getParentOp();
       parent && !isa<FunctionOpInterface>(parent);
       parent = parent->getParentOp()) {
    // A branch is not a loop: nothing is hoisted out of it
    // (tenferro-serialize-small-parallel-loops' versions of a dynamic nest).
    if (isa<scf::IfOp>(parent))
      continue;
    SmallVector<Value> ivs;
    if (auto loop = dyn_cast<affine::AffineForOp>(parent))
      ivs.push_back(loop.getInductionVar());
    else if (auto loop = dyn_cast<affine::AffineParallelOp>(parent))
      llvm::append_range(ivs, loop.getIVs());
    else
      return false;
    for (Value iv : ivs) {
      bool used = false;
      for (unsigned d = 0; d < map.getNumDims(); ++d)
        if (operands[d] == iv)
          used |= llvm::any_of(map.getResults(), [&](AffineExpr result) {
            return result.isFunctionOfDim(d);
          });
      if (!used)
        return false;
    }
  }
  return true;
}

struct LinearizeStridedAccessesPass
    : public tenferro::impl::TenferroLinearizeStridedAccessesPassBase<
          LinearizeStridedAccessesPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (vectorSize == 0)
      return emitError(UnknownLoc::get(ctx))
             << "tenferro-linearize-strided-accesses: vector-size must be at "
                "least 1";
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    // The function's memref arguments (a kernel's views, which
    // tenferro-outline-kernels passed in): their metadata, taken at the
    // function's start, are valid affine symbols for every access in it.
    // Views of the function's own buffers (lane-tiles' stack partials) stay:
    // LLVM keeps those in registers through their views.
    SmallVector<Value> candidates;
    for (Value argument : func.getArguments())
      if (isa<MemRefType>(argument.getType()))
        candidates.push_back(argument);
    for (Value memref : candidates)
      linearize(memref);
  }

  void linearize(Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (!isContiguousStrided(type, strides, offset))
      return;
    SmallVector<Access> accesses;
    for (Operation *user : memref.getUsers()) {
      std::optional<Access> access = accessOf(user, memref);
      if (!access)
        continue;
      // One dimension: the flat view ends where the memref does, so a
      // partial vector is masked where it was. Several: see
      // noPartialVectors.
      if (type.getRank() > 1 &&
          !noPartialVectors(access->map, access->operands, vectorSize))
        return;
      if (!movesWithEveryLoop(user, access->map, access->operands))
        return;
      accesses.push_back(std::move(*access));
    }
    if (accesses.empty())
      return;

    OpBuilder b(memref.getContext());
    b.setInsertionPointAfterValue(memref);
    Location loc = memref.getLoc();
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
    // The flat view: from the buffer's start (offset 0, stride 1) to one
    // past the memref's last element, offset + 1 + sum((size - 1) * stride)
    // (at least 0: an empty memref has no accesses).
    Value extent = metadata.getOffset();
    if (type.getRank() == 1) {
      extent = arith::AddIOp::create(b, loc, extent, metadata.getSizes()[0]);
    } else {
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      extent = arith::AddIOp::create(b, loc, extent, one);
      for (auto [size, stride] :
           llvm::zip(metadata.getSizes(), metadata.getStrides()))
        extent = arith::AddIOp::create(
            b, loc, extent,
            arith::MulIOp::create(
                b, loc, arith::SubIOp::create(b, loc, size, one), stride));
      extent = arith::MaxSIOp::create(
          b, loc, extent, arith::ConstantIndexOp::create(b, loc, 0));
    }
    auto flatType =
        MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                        AffineMap(), type.getMemorySpace());
    Value flat = memref::ReinterpretCastOp::create(
        b, loc, flatType, metadata.getBaseBuffer(),
        /*offset=*/OpFoldResult(b.getIndexAttr(0)),
        /*sizes=*/{OpFoldResult(extent)},
        /*strides=*/{OpFoldResult(b.getIndexAttr(1))});

    for (auto &[access, map, operands] : accesses) {
      // offset + sum(index * stride), dynamic offsets and strides as new
      // symbols after the map's own.
      MLIRContext *ctx = memref.getContext();
      unsigned symbols = map.getNumSymbols();
      SmallVector<Value> newOperands(operands);
      auto term = [&](int64_t value, Value dynamic) -> AffineExpr {
        if (!ShapedType::isDynamic(value))
          return getAffineConstantExpr(value, ctx);
        newOperands.push_back(dynamic);
        return getAffineSymbolExpr(symbols++, ctx);
      };
      AffineExpr index = term(offset, metadata.getOffset());
      for (auto [j, result] : llvm::enumerate(map.getResults()))
        index = index + result * term(strides[j], metadata.getStrides()[j]);
      AffineMap newMap = AffineMap::get(map.getNumDims(), symbols, index, ctx);
      // Index operands computed by affine.apply go into the map: the
      // vectorizer takes a composed map, or the identity over applies, but
      // not a map that combines the two.
      affine::fullyComposeAffineMapAndOperands(&newMap, &newOperands);
      affine::canonicalizeMapAndOperands(&newMap, &newOperands);
      OpBuilder ab(access);
      if (auto load = dyn_cast<affine::AffineLoadOp>(access)) {
        load.replaceAllUsesWith(affine::AffineLoadOp::create(ab, load.getLoc(),
                                                             flat, newMap,
                                                             newOperands)
                                    .getResult());
      } else {
        auto store = cast<affine::AffineStoreOp>(access);
        affine::AffineStoreOp::create(ab, store.getLoc(),
                                      store.getValueToStore(), flat, newMap,
                                      newOperands);
      }
      access->erase();
    }
  }
};

} // namespace
