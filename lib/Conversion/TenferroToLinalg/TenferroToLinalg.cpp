//===- TenferroToLinalg.cpp - the convert-tenferro-to-linalg pass ---------===//

#include "tenferro/Conversion/TenferroToLinalg/TenferroToLinalg.h"
#include "Patterns.h"

#include "tenferro/Conversion/Passes.h"
#include "tenferro/Dialect/Tenferro/IR/Programs.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/IR/AttrTypeSubElements.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_CONVERTTENFERROTOLINALGPASS
#include "tenferro/Conversion/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;
using namespace mlir::tenferro;

RankedTensorType mlir::tenferro::toColumnMajor(RankedTensorType logical) {
  SmallVector<int64_t> shape(llvm::reverse(logical.getShape()));
  return RankedTensorType::get(shape, logical.getElementType());
}

ColumnMajorTypeConverter::ColumnMajorTypeConverter() {
  addConversion([](Type t) { return t; });
  addConversion([](RankedTensorType t) -> Type { return toColumnMajor(t); });
}

void mlir::tenferro::populateTenferroToLinalgPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const TenferroToLinalgPatternOptions &options) {
  lowering::populateElementwiseLoweringPatterns(converter, patterns, options);
  lowering::populateStructuralLoweringPatterns(converter, patterns);
  lowering::populateIndexingLoweringPatterns(converter, patterns);
  lowering::populateGatherLoweringPatterns(converter, patterns);
}

namespace {

/// Reports a program that calls itself, directly or through others: an
/// ExecProgram has no control flow to end the recursion, so the compiled
/// code would only overflow its stack. Iterative depth-first search over
/// the calls between programs (ProgramSignatures sorted them out of its one
/// walk over the module's calls), so its stack does not grow with them.
LogicalResult checkNoRecursion(const ProgramSignatures &signatures) {
  enum class State { Unvisited, Active, Done };
  DenseMap<Operation *, State> state;
  for (func::FuncOp root : signatures.getPrograms()) {
    if (state.lookup(root) != State::Unvisited)
      continue;
    // (program, index of its next call to follow)
    SmallVector<std::pair<Operation *, unsigned>> stack{{root, 0}};
    state[root] = State::Active;
    while (!stack.empty()) {
      auto &[program, next] = stack.back();
      ArrayRef<func::CallOp> out = signatures.getProgramCalls(program);
      if (next == out.size()) {
        state[program] = State::Done;
        stack.pop_back();
        continue;
      }
      func::CallOp call = out[next++];
      func::FuncOp callee = signatures.getCalledProgram(call);
      State &s = state[callee];
      if (s == State::Active)
        return call.emitOpError()
               << "makes program @" << cast<func::FuncOp>(program).getSymName()
               << " recursive (it reaches @" << callee.getSymName()
               << " again): a program has no control flow to end a "
                  "recursion";
      if (s == State::Unvisited) {
        s = State::Active;
        stack.push_back({callee, 0});
      }
    }
  }
  return success();
}

/// Gives every program its ABI symbol (docs/abi.md, "Symbol names") and
/// makes every reference follow, in one walk of the module rather than one
/// per program. A symbol that the module already gives to something that
/// is not a program is an error: the two would be one C symbol.
LogicalResult renameToProgramSymbols(ModuleOp module,
                                     ArrayRef<func::FuncOp> programs) {
  MLIRContext *ctx = module.getContext();
  DenseMap<StringAttr, StringAttr> renamed;
  for (func::FuncOp program : programs)
    renamed[program.getSymNameAttr()] =
        StringAttr::get(ctx, programSymbolName(program.getSymName()));
  SymbolTable symbols(module);
  for (func::FuncOp program : programs) {
    StringAttr symbol = renamed.lookup(program.getSymNameAttr());
    if (symbols.lookup(symbol) && !renamed.contains(symbol))
      return program.emitOpError()
             << "program @" << program.getSymName() << " compiles to symbol @"
             << symbol.getValue()
             << ", which the module already defines for something else";
  }

  AttrTypeReplacer replacer;
  replacer.addReplacement([&](SymbolRefAttr ref) -> std::optional<Attribute> {
    StringAttr to = renamed.lookup(ref.getRootReference());
    if (!to)
      return std::nullopt;
    return SymbolRefAttr::get(to, ref.getNestedReferences());
  });
  module.walk([&](Operation *op) { replacer.replaceElementsIn(op); });
  for (func::FuncOp program : programs)
    program.setSymNameAttr(renamed.lookup(program.getSymNameAttr()));
  return success();
}

/// What the patterns cannot lower, reported before any rewrite: recursion
/// between programs, and ops of other dialects on tensors of rank >= 2 in
/// a program. Such an op sees tensors in their logical layout while
/// tenferro's lowered values are column-major (docs/abi.md): only where the
/// two coincide (rank 0 and 1) can it stay. Calls between programs pass
/// column-major tensors on both sides.
LogicalResult checkPrograms(const ProgramSignatures &signatures) {
  if (failed(checkNoRecursion(signatures)))
    return failure();

  bool ok = true;
  auto isMatrix = [](Type t) {
    auto r = dyn_cast<RankedTensorType>(t);
    return r && r.getRank() >= 2;
  };
  for (func::FuncOp program : signatures.getPrograms())
    program.walk(
        [&](Operation *op) {
          if (isa<TenferroDialect>(op->getDialect()) ||
              isa<func::ReturnOp, func::FuncOp>(op))
            return;
          if (auto call = dyn_cast<func::CallOp>(op);
              call && signatures.getCalledProgram(call))
            return;
          if (llvm::any_of(op->getOperandTypes(), isMatrix) ||
              llvm::any_of(op->getResultTypes(), isMatrix)) {
            op->emitOpError()
                << "on tensors of rank 2 or more in program @"
                << program.getSymName()
                << " is not supported: tenferro lowers tensors column-major "
                   "(docs/abi.md) and this op expects the logical layout; "
                   "express it with tenferro instructions or move it out of "
                   "the program";
            ok = false;
          }
        });
  return success(ok);
}

struct ConvertTenferroToLinalgPass
    : public tenferro::impl::ConvertTenferroToLinalgPassBase<
          ConvertTenferroToLinalgPass> {
  using ConvertTenferroToLinalgPassBase::ConvertTenferroToLinalgPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ColumnMajorTypeConverter converter;
    ProgramSignatures signatures(module, converter);
    if (failed(checkPrograms(signatures)))
      return signalPassFailure();

    ConversionTarget target(getContext());
    configureTenferroToLinalgTarget(target, signatures);
    RewritePatternSet patterns(&getContext());
    TenferroToLinalgPatternOptions options;
    options.donateInputs = donateInputs;
    options.wrapRegions = wrapRegions;
    populateTenferroToLinalgPatterns(converter, patterns, options);
    populateProgramBoundaryPatterns(converter, patterns, signatures,
                                    donateInputs);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // Last, so that the diagnostics above name programs as the user wrote
    // them.
    if (programSymbols &&
        failed(renameToProgramSymbols(module, signatures.getPrograms())))
      signalPassFailure();
  }
};

} // namespace
