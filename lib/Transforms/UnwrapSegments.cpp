//===- UnwrapSegments.cpp - inline the regions that hold one segment ------===//
//
// convert-tenferro-to-linalg with wrap-regions keeps the ops of each segment
// in an scf.execute_region (marked tenferro.segment and no_inline) so that
// tenferro-fuse-elementwise-ops can fuse within a segment and never across
// one; after it, bufferization and the loop stages take the function as
// one block. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROUNWRAPSEGMENTSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

struct UnwrapSegmentsPass
    : public tenferro::impl::TenferroUnwrapSegmentsPassBase<
          UnwrapSegmentsPass> {
  using TenferroUnwrapSegmentsPassBase::TenferroUnwrapSegmentsPassBase;

  void runOnOperation() override {
    SmallVector<scf::ExecuteRegionOp> segments;
    getOperation().walk([&](scf::ExecuteRegionOp op) {
      if (op->hasAttr(tenferro::TenferroDialect::kSegmentAttrName))
        segments.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    bool ok = true;
    for (auto [number, segment] : llvm::enumerate(segments)) {
      Region &region = segment.getRegion();
      if (numberOps) {
        auto id = rewriter.getI64IntegerAttr(number);
        region.walk([&](linalg::LinalgOp op) {
          op->setAttr(tenferro::TenferroDialect::kSegmentIdAttrName, id);
        });
      }
      if (!region.hasOneBlock()) {
        segment.emitOpError()
            << "marked '" << tenferro::TenferroDialect::kSegmentAttrName
            << "' holds " << region.getBlocks().size()
            << " blocks; only a region of one block can be inlined";
        ok = false;
        continue;
      }
      Block &body = region.front();
      auto yield = cast<scf::YieldOp>(body.getTerminator());
      SmallVector<Value> results(yield.getOperands());
      rewriter.eraseOp(yield);
      rewriter.inlineBlockBefore(&body, segment);
      rewriter.replaceOp(segment, results);
    }
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
