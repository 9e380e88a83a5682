//===- TestUseAnalysis.cpp - print the UseAnalysis of programs ------------===//
//
// For every value of a program: whether it is a program output, its last
// use, and the answer of isUsedAtOrAfter(value, k) for k = 0..n.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Analysis/UseAnalysis.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tenferro;

namespace {

struct TestUseAnalysisPass
    : public PassWrapper<TestUseAnalysisPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestUseAnalysisPass)

  StringRef getArgument() const final { return "test-tenferro-use-analysis"; }
  StringRef getDescription() const final {
    return "Print the tenferro UseAnalysis of each program";
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    const UseAnalysis &uses = getAnalysis<UseAnalysis>();
    markAllAnalysesPreserved();
    AsmState state(func);
    raw_ostream &os = llvm::outs();
    unsigned n = uses.getInstructions().size();
    os << "program @" << func.getSymName() << ": " << n << " instructions\n";
    auto print = [&](Value v) {
      os << "  ";
      v.printAsOperand(os, state);
      os << ": output=" << (uses.isProgramOutput(v) ? "true" : "false")
         << " last_use=";
      if (std::optional<unsigned> last = uses.getLastUse(v))
        os << *last;
      else
        os << "none";
      os << " used_at_or_after=[";
      for (unsigned k = 0; k <= n; ++k)
        os << (k ? " " : "") << (uses.isUsedAtOrAfter(v, k) ? 1 : 0);
      os << "]\n";
    };
    for (BlockArgument arg : func.getArguments())
      print(arg);
    for (Operation *op : uses.getInstructions())
      for (Value v : op->getResults())
        print(v);
  }
};

} // namespace

namespace mlir::tenferro::test {
void registerTestUseAnalysisPass() { PassRegistration<TestUseAnalysisPass>(); }
} // namespace mlir::tenferro::test
