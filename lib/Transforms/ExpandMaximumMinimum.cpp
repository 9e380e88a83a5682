//===- ExpandMaximumMinimum.cpp - exact NaN-propagating max/min -----------===//
//
// arith.maximumf/minimumf as compares, selects and bit operations, or as
// AVX-512DQ's vrange with a NaN fix-up: the same results as llvm.maximum
// and llvm.minimum, which LLVM expands into 6 instructions on x86, in 3
// (minimum, or vrange) or 5 (maximum from selects). See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "AVX512Parts.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROEXPANDMAXIMUMMINIMUMPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// The integer type of `t`'s bits (a float or a vector of floats).
Type bitsType(Type t) {
  Type elt = getElementTypeOrSelf(t);
  auto bits = IntegerType::get(t.getContext(), elt.getIntOrFloatBitWidth());
  if (auto v = dyn_cast<VectorType>(t))
    return v.clone(bits);
  return bits;
}

/// maximum (`isMax`) or minimum of `x` and `y` from two ordered selects
/// combined bitwise.
Value expandWithSelects(OpBuilder &b, Location loc, Value x, Value y,
                        bool isMax) {
  Type t = x.getType();
  auto pred = isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT;
  // The two agree unless x and y are zeros of opposite signs (then each
  // holds one of them) or one is NaN (then one holds the NaN).
  Value first = arith::SelectOp::create(
      b, loc, arith::CmpFOp::create(b, loc, pred, x, y), x, y);
  Value second = arith::SelectOp::create(
      b, loc, arith::CmpFOp::create(b, loc, pred, y, x), y, x);
  Type bits = bitsType(t);
  Value f = arith::BitcastOp::create(b, loc, bits, first);
  Value s = arith::BitcastOp::create(b, loc, bits, second);
  if (!isMax) {
    // OR: -0 over +0, and a NaN over a number (a NaN's all-ones exponent
    // and non-zero mantissa survive).
    return arith::BitcastOp::create(b, loc, t,
                                    arith::OrIOp::create(b, loc, f, s));
  }
  // AND: +0 over -0, but a NaN does not survive it; OR-ing the all-ones
  // mask of `x` or `y` unordered makes the result all ones, a NaN. One
  // instruction fewer than taking the sign bit of the AND and the rest of
  // the OR ((f | s) ^ ((f ^ s) & sign)), and one step shorter: the mask
  // is computed beside the selects.
  Value unordered =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, y);
  Value mask = arith::ExtSIOp::create(b, loc, bits, unordered);
  Value r =
      arith::OrIOp::create(b, loc, arith::AndIOp::create(b, loc, f, s), mask);
  return arith::BitcastOp::create(b, loc, t, r);
}

/// maximum or minimum with AVX-512DQ's vrange per 512-bit part, and NaN
/// put back by `x + y` (vrange returns the other operand for a NaN).
Value expandWithRange(OpBuilder &b, Location loc, Value x, Value y,
                      bool isMax) {
  auto type = cast<VectorType>(x.getType());
  bool isF32 = type.getElementType().isF32();
  auto part =
      VectorType::get({tenferro::avx512Lanes(type)}, type.getElementType());
  StringAttr intrinsic =
      b.getStringAttr(isF32 ? "llvm.x86.avx512.mask.range.ps.512"
                            : "llvm.x86.avx512.mask.range.pd.512");
  // imm[1:0] selects max (01) or min (00); imm[3:2] = 01 takes the sign
  // from the compare's result, so -0 < +0.
  Value imm = LLVM::ConstantOp::create(b, loc, b.getI32Type(), isMax ? 5 : 4);
  Value allLanes = LLVM::ConstantOp::create(
      b, loc, isF32 ? b.getI16Type() : b.getI8Type(), -1);
  // _MM_FROUND_CUR_DIRECTION.
  Value rounding = LLVM::ConstantOp::create(b, loc, b.getI32Type(), 4);
  Value passthrough = LLVM::PoisonOp::create(b, loc, part);
  Value range = tenferro::mapAVX512Parts(b, loc, x, y, [&](Value xs, Value ys) {
    return LLVM::CallIntrinsicOp::create(
               b, loc, part, intrinsic,
               ValueRange{xs, ys, imm, passthrough, allLanes, rounding})
        .getResult(0);
  });
  Value unordered =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, y);
  Value nan = arith::AddFOp::create(b, loc, x, y);
  return arith::SelectOp::create(b, loc, unordered, nan, range);
}

struct ExpandMaximumMinimumPass
    : public tenferro::impl::TenferroExpandMaximumMinimumPassBase<
          ExpandMaximumMinimumPass> {
  using TenferroExpandMaximumMinimumPassBase::
      TenferroExpandMaximumMinimumPassBase;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<arith::MaximumFOp, arith::MinimumFOp>(op))
        ops.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *op : ops) {
      b.setInsertionPoint(op);
      Value x = op->getOperand(0), y = op->getOperand(1);
      bool isMax = isa<arith::MaximumFOp>(op);
      bool range = avx512dq && tenferro::avx512Lanes(x.getType());
      Value r = range ? expandWithRange(b, op->getLoc(), x, y, isMax)
                      : expandWithSelects(b, op->getLoc(), x, y, isMax);
      op->getResult(0).replaceAllUsesWith(r);
      op->erase();
    }
  }
};

} // namespace
