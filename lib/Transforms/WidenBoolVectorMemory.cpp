//===- WidenBoolVectorMemory.cpp - vectors of i1 in memory as bytes -------===//
//
// LLVM stores a vector of i1 as packed bits, tenferro's buffers hold one
// byte per Bool element. Rewrites vector memory accesses of i1 into
// accesses of i8 vectors. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROWIDENBOOLVECTORMEMORYPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

bool isBoolVector(Type t) {
  auto v = dyn_cast<VectorType>(t);
  return v && v.getElementType().isInteger(1);
}

/// Whether `t` is a vector of i1 or an aggregate with one somewhere inside.
/// Only the vectors themselves are rewritten: an aggregate's memory form
/// would be just as wrong.
bool holdsBoolVector(Type t) {
  if (isBoolVector(t))
    return true;
  if (auto a = dyn_cast<LLVM::LLVMArrayType>(t))
    return holdsBoolVector(a.getElementType());
  if (auto s = dyn_cast<LLVM::LLVMStructType>(t))
    return llvm::any_of(s.getBody(), holdsBoolVector);
  return false;
}

VectorType asBytes(Type boolVector) {
  auto v = cast<VectorType>(boolVector);
  return v.clone(IntegerType::get(v.getContext(), 8));
}

/// Stores operand `index` of `op` (a vector of i1) as bytes.
void widenStoredValue(OpBuilder &b, Operation *op, unsigned index) {
  Value value = op->getOperand(index);
  b.setInsertionPoint(op);
  op->setOperand(index, LLVM::ZExtOp::create(b, op->getLoc(),
                                             asBytes(value.getType()), value));
}

/// Loads result 0 of `op` (a vector of i1) as bytes; a byte is true when
/// it is not zero.
void widenLoadedValue(OpBuilder &b, Operation *op) {
  Value loaded = op->getResult(0);
  loaded.setType(asBytes(loaded.getType()));
  b.setInsertionPointAfter(op);
  Value zero = LLVM::ZeroOp::create(b, op->getLoc(), loaded.getType());
  auto asBool = LLVM::ICmpOp::create(b, op->getLoc(), LLVM::ICmpPredicate::ne,
                                     loaded, zero);
  loaded.replaceAllUsesExcept(asBool, asBool);
}

struct WidenBoolVectorMemoryPass
    : public tenferro::impl::TenferroWidenBoolVectorMemoryPassBase<
          WidenBoolVectorMemoryPass> {
  void runOnOperation() override {
    // Collect first: the rewrite inserts ops next to the visited one.
    SmallVector<Operation *> accesses;
    WalkResult walk = getOperation()->walk([&](Operation *op) {
      if (!isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::MaskedLoadOp,
               LLVM::MaskedStoreOp, LLVM::masked_gather, LLVM::masked_scatter>(
              op))
        return WalkResult::advance();
      Type data = isa<LLVM::LoadOp, LLVM::MaskedLoadOp, LLVM::masked_gather>(op)
                      ? op->getResult(0).getType()
                      : op->getOperand(0).getType();
      if (!isBoolVector(data) && holdsBoolVector(data)) {
        op->emitOpError("accesses an aggregate holding a vector of i1, whose "
                        "memory form is packed bits, not a byte per element");
        return WalkResult::interrupt();
      }
      if (isBoolVector(data))
        accesses.push_back(op);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    OpBuilder b(&getContext());
    for (Operation *op : accesses) {
      llvm::TypeSwitch<Operation *>(op)
          .Case<LLVM::LoadOp>([&](auto) { widenLoadedValue(b, op); })
          .Case<LLVM::MaskedLoadOp, LLVM::masked_gather>([&](auto) {
            // Operands: address(es), mask, then the optional pass-through,
            // which has the result's type.
            if (op->getNumOperands() > 2)
              widenStoredValue(b, op, 2);
            widenLoadedValue(b, op);
          })
          .Case<LLVM::StoreOp, LLVM::MaskedStoreOp, LLVM::masked_scatter>(
              [&](auto) { widenStoredValue(b, op, 0); });
    }
  }
};

} // namespace
