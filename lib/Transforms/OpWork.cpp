//===- OpWork.cpp - the cost of an op, in simple instructions -------------===//

#include "OpWork.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

int64_t mlir::tenferro::opWork(Operation *op, int64_t transcendentalWork) {
  if (isa<arith::ConstantOp>(op))
    return 0;
  // Divisions and square roots: several times an add's throughput.
  if (isa<arith::DivFOp, arith::RemFOp, arith::DivSIOp, arith::DivUIOp,
          arith::RemSIOp, arith::RemUIOp, math::SqrtOp, math::RsqrtOp>(op))
    return 4;
  // NaN-propagating maximum and minimum: 3 to 6 instructions on x86.
  if (isa<arith::MaximumFOp, arith::MinimumFOp>(op))
    return 4;
  if (isa<arith::ArithDialect>(op->getDialect()))
    return 1;
  if (isa<math::AbsFOp, math::AbsIOp, math::FmaOp, math::CopySignOp,
          math::FloorOp, math::CeilOp, math::RoundOp, math::RoundEvenOp,
          math::TruncOp>(op))
    return 1;
  // Transcendentals: a libmvec call or an inline expansion.
  if (isa<math::MathDialect>(op->getDialect()))
    return transcendentalWork;
  // Reductions across lanes: a few shuffles.
  if (isa<vector::ReductionOp, vector::MultiDimReductionOp>(op))
    return 4;
  return 0;
}

unsigned mlir::tenferro::laneFactor(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!element.isIntOrFloat())
    return 1;
  return std::max<unsigned>(
      1, llvm::divideCeil(element.getIntOrFloatBitWidth(), 32));
}

unsigned mlir::tenferro::laneFactor(Operation *op) {
  unsigned factor = 1;
  for (Type type : op->getOperandTypes())
    factor = std::max(factor, laneFactor(type));
  for (Type type : op->getResultTypes())
    factor = std::max(factor, laneFactor(type));
  return factor;
}
