//===- TestCountAllocs.cpp - count the allocations of compiled programs ---===//
//
// Prints, per function, how many buffers it allocates (memref.alloc and
// memref.alloca), so lit tests can check the memory behaviour of the
// lowering after bufferization.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

struct TestCountAllocsPass
    : public PassWrapper<TestCountAllocsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestCountAllocsPass)

  StringRef getArgument() const final { return "test-tenferro-count-allocs"; }
  StringRef getDescription() const final {
    return "Print the number of buffer allocations of each function";
  }

  void runOnOperation() override {
    markAllAnalysesPreserved();
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      unsigned n = 0;
      func.walk([&](Operation *op) {
        n += isa<memref::AllocOp, memref::AllocaOp>(op);
      });
      llvm::outs() << "@" << func.getSymName() << ": " << n << " allocations\n";
    }
  }
};

} // namespace

namespace mlir::tenferro::test {
void registerTestCountAllocsPass() { PassRegistration<TestCountAllocsPass>(); }
} // namespace mlir::tenferro::test
