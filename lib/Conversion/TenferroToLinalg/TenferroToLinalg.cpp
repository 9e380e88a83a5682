//===- TenferroToLinalg.cpp - the convert-tenferro-to-linalg pass ---------===//

#include "tenferro/Conversion/TenferroToLinalg/TenferroToLinalg.h"
#include "Patterns.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"

#include "tenferro/Conversion/Passes.h"
#include "tenferro/Dialect/Tenferro/IR/Programs.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallPtrSet.h"

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
    const TypeConverter &, RewritePatternSet &patterns, bool donateInputs) {
  lowering::populateElementwiseLoweringPatterns(patterns, donateInputs);
  lowering::populateStructuralLoweringPatterns(patterns);
  lowering::populateIndexingLoweringPatterns(patterns);
  lowering::populateGatherLoweringPatterns(patterns);
}

namespace {

/// Rebuilds func.return with the lowered values (the function type was
/// already lowered).
struct ReturnLowering : public OpConversionPattern<func::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

/// A call from one program to another: both take and return column-major
/// tensors (docs/abi.md), so the call passes the lowered values unchanged
/// and takes the callee's lowered signature.
struct ProgramCallLowering : public OpConversionPattern<func::CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, op.getCalleeAttr());
    if (!callee)
      return failure();
    rewriter.replaceOpWithNewOp<func::CallOp>(
        op, op.getCalleeAttr(), callee.getResultTypes(), adaptor.getOperands());
    return success();
  }
};

/// Reverses the dimensions of a tensor value (a real transpose: logical
/// data to the lowered column-major representation and back). Ranks 0 and 1
/// need no data movement.
Value reverseDims(OpBuilder &b, Location loc, Value v) {
  auto t = cast<RankedTensorType>(v.getType());
  int64_t r = t.getRank();
  if (r < 2)
    return v;
  SmallVector<int64_t> perm;
  SmallVector<Value> sizes;
  for (int64_t i = r - 1; i >= 0; --i) {
    perm.push_back(i);
    if (t.isDynamicDim(i))
      sizes.push_back(tensor::DimOp::create(b, loc, v, i));
  }
  RankedTensorType reversed = toColumnMajor(t);
  Value init = tensor::EmptyOp::create(b, loc, reversed.getShape(),
                                       reversed.getElementType(), sizes);
  return linalg::TransposeOp::create(b, loc, v, init, perm).getResult()[0];
}

/// Regions that are not one loop nest run op by op: inline them first.
bool needsInlining(FusedRegionOp region) {
  if (region.getKind() == FusedRegionKind::sequence)
    return true;
  if (region.getKind() == FusedRegionKind::broadcast_multiply)
    // Symbolic broadcast shapes: the plan (and one loop nest) needs
    // constant view shapes.
    for (Operation &op : region.getBodyBlock().without_terminator())
      if (auto bc = dyn_cast<BroadcastInDimOp>(op))
        if (!llvm::all_of(bc.getShape(), [](Attribute a) {
              return cast<DimExprAttr>(a).isConst();
            }))
          return true;
  return false;
}

/// Reports a program that calls itself, directly or through others: an
/// ExecProgram has no control flow to end the recursion, so the compiled
/// code would only overflow its stack. `callees` maps each call between
/// programs to its callee. Iterative depth-first search over those calls,
/// so its stack does not grow with them.
LogicalResult
checkNoRecursion(ArrayRef<func::FuncOp> programs,
                 const DenseMap<Operation *, func::FuncOp> &callees) {
  DenseMap<Operation *, SmallVector<func::CallOp>> calls;
  for (func::FuncOp program : programs)
    program.walk([&](func::CallOp call) {
      if (callees.contains(call))
        calls[program].push_back(call);
    });
  enum class State { Unvisited, Active, Done };
  DenseMap<Operation *, State> state;
  for (func::FuncOp root : programs) {
    if (state.lookup(root) != State::Unvisited)
      continue;
    // (program, index of its next call to follow)
    SmallVector<std::pair<Operation *, unsigned>> stack{{root, 0}};
    state[root] = State::Active;
    while (!stack.empty()) {
      auto &[program, next] = stack.back();
      auto found = calls.find(program);
      ArrayRef<func::CallOp> out;
      if (found != calls.end())
        out = found->second;
      if (next == out.size()) {
        state[program] = State::Done;
        stack.pop_back();
        continue;
      }
      func::CallOp call = out[next++];
      func::FuncOp callee = callees.lookup(call);
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

struct ConvertTenferroToLinalgPass
    : public tenferro::impl::ConvertTenferroToLinalgPassBase<
          ConvertTenferroToLinalgPass> {
  using ConvertTenferroToLinalgPassBase::ConvertTenferroToLinalgPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    IRRewriter rewriter(ctx);
    SmallVector<FusedRegionOp> toInline;
    module.walk([&](FusedRegionOp r) {
      if (needsInlining(r))
        toInline.push_back(r);
    });
    for (FusedRegionOp region : toInline)
      region.inlineBody(rewriter);

    // Programs (docs/abi.md, decided by their signatures and callers, not
    // by holding a tenferro op: a program may be an identity) change their
    // signatures. Calls into a program from driver code (which holds
    // logical tensors, e.g. a test driver) transpose every operand of rank
    // >= 2 into the column-major representation and every result back.
    ColumnMajorTypeConverter converter;
    SmallVector<func::FuncOp> funcs = findPrograms(module);

    llvm::SmallPtrSet<Operation *, 8> programs;
    for (func::FuncOp f : funcs)
      programs.insert(f);
    // Calls to programs: from other code (`boundaryCalls`, which pass
    // logical tensors) and from programs (`programCallees`, call -> callee,
    // which pass column-major tensors on both sides).
    SmallVector<func::CallOp> boundaryCalls;
    DenseMap<Operation *, func::FuncOp> programCallees;
    module.walk([&](func::CallOp call) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee || !programs.contains(callee))
        return;
      if (programs.contains(call->getParentOfType<func::FuncOp>()))
        programCallees[call] = callee;
      else
        boundaryCalls.push_back(call);
    });

    if (failed(checkNoRecursion(funcs, programCallees)))
      return signalPassFailure();

    // Ops of other dialects in a program see tensors in their logical
    // layout, and tenferro's lowered values are column-major (docs/abi.md):
    // only where the two coincide (rank 0 and 1) can such an op stay.
    // Calls to other programs pass column-major tensors on both sides.
    bool foreignOk = true;
    for (func::FuncOp func : funcs)
      func.walk([&](Operation *op) {
        if (isa<TenferroDialect>(op->getDialect()) ||
            isa<func::ReturnOp, func::FuncOp>(op) ||
            programCallees.contains(op))
          return;
        auto isMatrix = [](Type t) {
          auto r = dyn_cast<RankedTensorType>(t);
          return r && r.getRank() >= 2;
        };
        if (llvm::any_of(op->getOperandTypes(), isMatrix) ||
            llvm::any_of(op->getResultTypes(), isMatrix)) {
          op->emitOpError()
              << "on tensors of rank 2 or more in program @"
              << func.getSymName()
              << " is not supported: tenferro lowers tensors column-major "
                 "(docs/abi.md) and this op expects the logical layout; "
                 "express it with tenferro instructions or move it out of "
                 "the program";
          foreignOk = false;
        }
      });
    if (!foreignOk)
      return signalPassFailure();
    for (func::CallOp call : boundaryCalls) {
      rewriter.setInsertionPoint(call);
      Location loc = call.getLoc();
      SmallVector<Value> operands;
      SmallVector<Type> resultTypes;
      for (Value v : call.getOperands())
        operands.push_back(isa<RankedTensorType>(v.getType())
                               ? reverseDims(rewriter, loc, v)
                               : v);
      if (failed(converter.convertTypes(call.getResultTypes(), resultTypes)))
        return signalPassFailure();
      auto lowered = func::CallOp::create(rewriter, loc, call.getCalleeAttr(),
                                          resultTypes, operands);
      SmallVector<Value> results;
      for (Value r : lowered.getResults())
        results.push_back(isa<RankedTensorType>(r.getType())
                              ? reverseDims(rewriter, loc, r)
                              : r);
      rewriter.replaceOp(call, results);
    }

    // Lower program signatures in place. Instructions read the retyped
    // arguments and are rewritten below.
    for (func::FuncOp func : funcs) {
      SmallVector<Type> inputs, results;
      if (failed(converter.convertTypes(func.getArgumentTypes(), inputs)) ||
          failed(converter.convertTypes(func.getResultTypes(), results)))
        return signalPassFailure();
      func.setType(FunctionType::get(ctx, inputs, results));
      if (!func.isExternal())
        for (auto [arg, t] : llvm::zip_equal(func.getArguments(), inputs))
          arg.setType(t);
      // Input buffers belong to the caller unless donated.
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
        if (isa<TensorType>(func.getArgumentTypes()[i]))
          func.setArgAttr(
              i, bufferization::BufferizationDialect::kWritableAttrName,
              BoolAttr::get(ctx, donateInputs));
    }

    // Shape guards are checked on entry, before any instruction runs.
    for (func::FuncOp func : funcs) {
      auto guards =
          func->getAttrOfType<ArrayAttr>(TenferroDialect::kShapeGuardsAttrName);
      if (!guards || func.isExternal())
        continue;
      OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
      ValueRange args = func.getArguments();
      for (auto [i, a] : llvm::enumerate(guards)) {
        auto guard = cast<ShapeGuardAttr>(a);
        std::string name = "tenferro shape guard #" + std::to_string(i);
        Value lhs = lowering::materializeDimExpr(b, func.getLoc(),
                                                 guard.getLhs(), args, name);
        Value rhs = lowering::materializeDimExpr(b, func.getLoc(),
                                                 guard.getRhs(), args, name);
        Value ok = arith::CmpIOp::create(b, func.getLoc(),
                                         arith::CmpIPredicate::eq, lhs, rhs);
        cf::AssertOp::create(b, func.getLoc(), ok,
                             name + " violated (ShapeConstraintViolation)");
      }
      func->removeAttr(TenferroDialect::kShapeGuardsAttrName);
    }

    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                           scf::SCFDialect, complex::ComplexDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           tensor::TensorDialect>();
    target.addIllegalDialect<TenferroDialect>();
    target.addDynamicallyLegalOp<func::ReturnOp>([](func::ReturnOp op) {
      auto func = op->getParentOfType<func::FuncOp>();
      return TypeRange(op.getOperandTypes()) ==
             TypeRange(func.getResultTypes());
    });
    // A call between programs is lowered once it passes what the callee's
    // lowered signature takes.
    target.addDynamicallyLegalOp<func::CallOp>([&](func::CallOp call) {
      func::FuncOp callee = programCallees.lookup(call);
      if (!callee)
        return true;
      return TypeRange(call.getOperandTypes()) ==
                 TypeRange(callee.getArgumentTypes()) &&
             TypeRange(call.getResultTypes()) ==
                 TypeRange(callee.getResultTypes());
    });
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });

    RewritePatternSet patterns(ctx);
    populateTenferroToLinalgPatterns(converter, patterns, donateInputs);
    patterns.add<ReturnLowering, ProgramCallLowering>(ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // Last, so that the checks above name programs as the user wrote them.
    if (programSymbols && failed(renameToProgramSymbols(module, funcs)))
      signalPassFailure();
  }
};

} // namespace
