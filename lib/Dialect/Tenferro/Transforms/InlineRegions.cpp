//===- InlineRegions.cpp - the tenferro-inline-regions pass ---------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROINLINEREGIONSPASS
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;
using namespace mlir::tenferro;

namespace {

struct InlineRegionsPass
    : public tenferro::impl::TenferroInlineRegionsPassBase<InlineRegionsPass> {
  void runOnOperation() override {
    SmallVector<FusedRegionOp> regions;
    getOperation().walk([&](FusedRegionOp op) { regions.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (FusedRegionOp region : regions)
      region.inlineBody(rewriter);
  }
};

} // namespace
