//===- FoldShapeOf.cpp - the tenferro-fold-shape-of pass ------------------===//
//
// Replaces shape_of of static extents by constants at the top of the
// program, so that the host instruction no longer ends a run of backend
// instructions. See Passes.td for the contract.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROFOLDSHAPEOFPASS
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;
using namespace mlir::tenferro;

namespace {

struct FoldShapeOfPass
    : public tenferro::impl::TenferroFoldShapeOfPassBase<FoldShapeOfPass> {
  void runOnOperation() override {
    func::FuncOp program = getOperation();
    if (program.isExternal())
      return;
    Block &body = program.getBody().front();
    OpBuilder builder(&getContext());
    Type f64 = builder.getF64Type();
    // The last constant created: the next goes after it (not before the
    // body's first op, which may be a shape_of this pass erases).
    Operation *last = nullptr;
    // One constant per extent, created in the order of first use so that
    // the output does not depend on hashing.
    llvm::SmallDenseMap<int64_t, Value> constants;
    for (Operation &op : llvm::make_early_inc_range(body)) {
      auto shapeOf = dyn_cast<ShapeOfOp>(op);
      if (!shapeOf)
        continue;
      auto type = cast<ShapedType>(shapeOf.getOperand().getType());
      int64_t extent = type.getDimSize(shapeOf.getAxis());
      if (ShapedType::isDynamic(extent))
        continue;
      if (!shapeOf.getResult().use_empty()) {
        Value &constant = constants[extent];
        if (!constant) {
          if (last)
            builder.setInsertionPointAfter(last);
          else
            builder.setInsertionPointToStart(&body);
          auto created = ConstantOp::create(
              builder, shapeOf.getLoc(),
              builder.getFloatAttr(f64, static_cast<double>(extent)),
              TypeAttr::get(f64));
          constant = created;
          last = created;
        }
        shapeOf.getResult().replaceAllUsesWith(constant);
      }
      shapeOf.erase();
    }
  }
};

} // namespace
