//===- Segment.cpp - the tenferro-segment pass ----------------------------===//
//
// Turns the segments computed by the Segmentation analysis into
// tenferro.fused_region ops, and explains each decision when asked.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Analysis/Segmentation.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROSEGMENTPASS
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;
using namespace mlir::tenferro;

namespace {

/// Moves the instructions of a fused segment into a new fused_region.
FusedRegionOp buildRegion(OpBuilder &b, ArrayRef<Operation *> ops,
                          const Segment &segment) {
  MLIRContext *ctx = b.getContext();
  Operation *first = ops.front();
  b.setInsertionPoint(first);
  SmallVector<Type> resultTypes;
  for (Value v : segment.outputs)
    resultTypes.push_back(v.getType());
  ArrayAttr views;
  if (segment.decision.kind == FusedRegionKind::elementwise) {
    SmallVector<Attribute> entries;
    for (BroadcastViewAttr view : segment.decision.inputViews)
      entries.push_back(view ? Attribute(view) : UnitAttr::get(ctx));
    views = ArrayAttr::get(ctx, entries);
  }
  auto region = FusedRegionOp::create(
      b, first->getLoc(), resultTypes, segment.inputs,
      FusedRegionKindAttr::get(ctx, segment.decision.kind),
      DenseBoolArrayAttr::get(ctx, segment.lastUse), views);
  Block *block = new Block();
  region.getBody().push_back(block);
  for (Value input : segment.inputs)
    block->addArgument(input.getType(), input.getLoc());
  // Inside the region, inputs become block arguments. Rewriting the
  // operands of the moved ops (rather than all uses of each input) keeps
  // the pass linear when an input feeds many regions.
  llvm::DenseMap<Value, Value> argOf;
  for (auto [input, arg] :
       llvm::zip_equal(segment.inputs, block->getArguments()))
    argOf[input] = arg;
  for (Operation *op : ops) {
    op->moveBefore(block, block->end());
    for (OpOperand &operand : op->getOpOperands())
      if (Value arg = argOf.lookup(operand.get()))
        operand.set(arg);
  }
  b.setInsertionPointToEnd(block);
  YieldOp::create(b, ops.back()->getLoc(), segment.outputs);
  // Outside, outputs become region results.
  for (auto [output, result] :
       llvm::zip_equal(segment.outputs, region.getResults()))
    Value(output).replaceUsesWithIf(result, [&](OpOperand &use) {
      return !region->isProperAncestor(use.getOwner());
    });
  return region;
}

std::string describeRange(const Segment &s) {
  unsigned n = s.end - s.begin;
  return std::to_string(n) + " instruction" + (n == 1 ? "" : "s") + " (" +
         (n == 1 ? std::to_string(s.begin)
                 : std::to_string(s.begin) + "-" + std::to_string(s.end - 1)) +
         ")";
}

struct SegmentPass
    : public tenferro::impl::TenferroSegmentPassBase<SegmentPass> {
  using TenferroSegmentPassBase::TenferroSegmentPassBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (!func.getBody().hasOneBlock()) {
      func.emitOpError("is not a tenferro program: ")
          << "tenferro-segment needs a single-block body, found "
          << func.getBody().getBlocks().size() << " blocks";
      return signalPassFailure();
    }
    UseAnalysis uses(func);
    SegmentationOptions options;
    options.isolateBroadcastMultiply = isolateBroadcastMultiply;
    options.maxRegionOps = maxRegionOps;
    options.recordEvents = explain;
    Segmentation segmentation(uses, options);

    if (explain)
      for (const SegmentationEvent &e : segmentation.getEvents())
        e.op->emitRemark() << "[" << e.code << "] " << e.message;

    // Build regions from the last segment to the first: a segment's inputs
    // are then still the original values when its region is built, and
    // the uses of its outputs by later regions are their region operands.
    OpBuilder b(&getContext());
    ArrayRef<Operation *> insts = uses.getInstructions();
    ArrayRef<Segment> segments = segmentation.getSegments();
    SmallVector<FusedRegionOp> regions(segments.size());
    for (size_t i = segments.size(); i-- > 0;) {
      const Segment &s = segments[i];
      if (s.kind == Segment::Kind::Fused)
        regions[i] = buildRegion(b, insts.slice(s.begin, s.end - s.begin), s);
    }

    if (!explain)
      return;
    for (auto [s, region] : llvm::zip_equal(segments, regions)) {
      if (!region)
        continue;
      InFlightDiagnostic remark = region.emitRemark();
      remark << "[" << s.decision.code << "] "
             << stringifyFusedRegionKind(s.decision.kind) << " region of "
             << describeRange(s) << ": " << s.decision.message;
      if (s.decision.op)
        remark.attachNote(s.decision.op->getLoc())
            << "the rule fails at this instruction";
    }
  }
};

} // namespace
