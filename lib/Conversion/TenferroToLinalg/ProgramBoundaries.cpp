//===- ProgramBoundaries.cpp - signatures, calls and entries of programs --===//
//
// Programs take and return column-major tensors (docs/abi.md); driver code
// keeps logical ones. The patterns here lower what crosses a program's
// boundary: its signature, its returns, calls into it and its entry.
//
//===----------------------------------------------------------------------===//

#include "LayoutUtils.h"

#include "tenferro/Conversion/TenferroToLinalg/TenferroToLinalg.h"
#include "tenferro/Dialect/Tenferro/IR/Programs.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tenferro;

ProgramSignatures::ProgramSignatures(ModuleOp module,
                                     const TypeConverter &converter)
    : programs(findPrograms(module)) {
  for (func::FuncOp program : programs) {
    SmallVector<Type> inputs, results;
    // The column-major converter converts every type (identity for what is
    // not a ranked tensor).
    if (failed(converter.convertTypes(program.getArgumentTypes(), inputs)) ||
        failed(converter.convertTypes(program.getResultTypes(), results)))
      llvm_unreachable("the column-major type converter converts every type");
    lowered[program] = FunctionType::get(module.getContext(), inputs, results);
  }
  // One walk over every call sorts the calls into programs: from driver
  // code, or between programs (the recursion check reads the latter).
  module.walk([&](func::CallOp call) {
    if (!getCalledProgram(call))
      return;
    auto caller = call->getParentOfType<func::FuncOp>();
    if (isProgram(caller))
      programCalls[caller].push_back(call);
    else
      driverCalls.insert(call);
  });
}

func::FuncOp ProgramSignatures::getCalledProgram(func::CallOp call) const {
  auto callee =
      symbols.lookupNearestSymbolFrom<func::FuncOp>(call, call.getCalleeAttr());
  return callee && isProgram(callee) ? callee : func::FuncOp();
}

namespace {

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

/// A call from driver code (which holds logical tensors, e.g. a test's
/// @main) into a program: every tensor operand is transposed into the
/// column-major representation and every tensor result back. Preferred
/// over upstream's call conversion, which serves calls between programs.
/// Without a type converter: driver code keeps its logical values, which
/// the adaptor passes as they are.
struct DriverCallLowering : public OpConversionPattern<func::CallOp> {
  DriverCallLowering(MLIRContext *ctx, const ProgramSignatures &signatures)
      : OpConversionPattern(ctx, /*benefit=*/2), signatures(signatures) {}
  const ProgramSignatures &signatures;

  LogicalResult
  matchAndRewrite(func::CallOp call, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!signatures.isDriverCall(call))
      return rewriter.notifyMatchFailure(call, "not a call from driver code");
    func::FuncOp callee = signatures.getCalledProgram(call);
    Location loc = call.getLoc();
    SmallVector<Value> operands;
    for (Value v : adaptor.getOperands())
      operands.push_back(isa<RankedTensorType>(v.getType())
                             ? reverseDims(rewriter, loc, v)
                             : v);
    auto lowered = func::CallOp::create(
        rewriter, loc, call.getCalleeAttr(),
        signatures.getLoweredType(callee).getResults(), operands);
    SmallVector<Value> results;
    for (Value r : lowered.getResults())
      results.push_back(isa<RankedTensorType>(r.getType())
                            ? reverseDims(rewriter, loc, r)
                            : r);
    rewriter.replaceOp(call, results);
    return success();
  }
};

/// Whether every tensor argument of `program` says whether the caller
/// donates its buffer.
bool hasWritableMarks(func::FuncOp program) {
  for (unsigned i = 0, e = program.getNumArguments(); i < e; ++i)
    if (isa<TensorType>(program.getArgumentTypes()[i]) &&
        !program.getArgAttr(
            i, bufferization::BufferizationDialect::kWritableAttrName))
      return false;
  return true;
}

bool hasPendingShapeGuards(func::FuncOp program) {
  return !program.isExternal() &&
         program->hasAttr(TenferroDialect::kShapeGuardsAttrName);
}

/// A program's signature and entry: arguments and results take their
/// lowered types, input buffers belong to the caller unless donated
/// (`bufferization.writable`), and shape guards (`tenferro.shape_guards`)
/// become checks that stop the program before any instruction runs. One
/// pattern rather than upstream's function type conversion and a second
/// one: the guards read the extents of the lowered entry block's
/// arguments, which only the signature conversion hands out.
struct ProgramSignatureLowering : public OpConversionPattern<func::FuncOp> {
  ProgramSignatureLowering(const TypeConverter &converter, MLIRContext *ctx,
                           const ProgramSignatures &signatures,
                           bool donateInputs)
      : OpConversionPattern(converter, ctx), signatures(signatures),
        donateInputs(donateInputs) {}
  const ProgramSignatures &signatures;
  bool donateInputs;

  LogicalResult
  matchAndRewrite(func::FuncOp program, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!signatures.isProgram(program))
      return rewriter.notifyMatchFailure(program, "driver code");
    FunctionType lowered = signatures.getLoweredType(program);
    auto guards = program->getAttrOfType<ArrayAttr>(
        TenferroDialect::kShapeGuardsAttrName);
    if (!program.isExternal()) {
      TypeConverter::SignatureConversion conversion(program.getNumArguments());
      for (auto [i, t] : llvm::enumerate(lowered.getInputs()))
        conversion.addInputs(i, t);
      Block *entry = rewriter.applySignatureConversion(
          &program.getBody().front(), conversion, getTypeConverter());
      if (guards) {
        OpBuilder::InsertionGuard insertion(rewriter);
        rewriter.setInsertionPointToStart(entry);
        emitShapeGuards(rewriter, program.getLoc(), guards,
                        entry->getArguments());
      }
    }
    rewriter.modifyOpInPlace(program, [&] {
      program.setType(lowered);
      if (!program.isExternal())
        program->removeAttr(TenferroDialect::kShapeGuardsAttrName);
      for (unsigned i = 0, e = program.getNumArguments(); i < e; ++i)
        if (isa<TensorType>(lowered.getInput(i)))
          program.setArgAttr(
              i, bufferization::BufferizationDialect::kWritableAttrName,
              rewriter.getBoolAttr(donateInputs));
    });
    return success();
  }

  static void emitShapeGuards(OpBuilder &b, Location loc, ArrayAttr guards,
                              ValueRange args) {
    for (auto [i, a] : llvm::enumerate(guards)) {
      auto guard = cast<ShapeGuardAttr>(a);
      std::string name = "tenferro shape guard #" + std::to_string(i);
      Value lhs =
          lowering::materializeDimExpr(b, loc, guard.getLhs(), args, name);
      Value rhs =
          lowering::materializeDimExpr(b, loc, guard.getRhs(), args, name);
      Value ok =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, rhs);
      cf::AssertOp::create(b, loc, ok,
                           name + " violated (ShapeConstraintViolation)");
    }
  }
};

} // namespace

void mlir::tenferro::populateProgramBoundaryPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const ProgramSignatures &signatures, bool donateInputs) {
  MLIRContext *ctx = patterns.getContext();
  populateCallOpTypeConversionPattern(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);
  patterns.add<DriverCallLowering>(ctx, signatures);
  patterns.add<ProgramSignatureLowering>(converter, ctx, signatures,
                                         donateInputs);
}

void mlir::tenferro::configureTenferroToLinalgTarget(
    ConversionTarget &target, const ProgramSignatures &signatures) {
  target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                         scf::SCFDialect, complex::ComplexDialect,
                         linalg::LinalgDialect, math::MathDialect,
                         tensor::TensorDialect>();
  target.addIllegalDialect<TenferroDialect>();
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp func) {
    if (!signatures.isProgram(func))
      return true;
    return func.getFunctionType() == signatures.getLoweredType(func) &&
           hasWritableMarks(func) && !hasPendingShapeGuards(func);
  });
  target.addDynamicallyLegalOp<func::ReturnOp>([&](func::ReturnOp op) {
    auto func = op->getParentOfType<func::FuncOp>();
    if (!signatures.isProgram(func))
      return true;
    return TypeRange(op.getOperandTypes()) ==
           TypeRange(signatures.getLoweredType(func).getResults());
  });
  // A call into a program is lowered once it passes what the program's
  // lowered signature takes; a call from driver code is replaced even
  // where the types agree (square matrices still need their transposes).
  target.addDynamicallyLegalOp<func::CallOp>([&](func::CallOp call) {
    if (signatures.isDriverCall(call))
      return false;
    func::FuncOp callee = signatures.getCalledProgram(call);
    if (!callee)
      return true;
    FunctionType lowered = signatures.getLoweredType(callee);
    return TypeRange(call.getOperandTypes()) ==
               TypeRange(lowered.getInputs()) &&
           TypeRange(call.getResultTypes()) == TypeRange(lowered.getResults());
  });
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
}
