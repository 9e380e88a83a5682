//===- Interpreter.cpp - the reference interpreter of tenferro ------------===//
//
// A direct, element-by-element evaluation of tenferro's semantics. It
// shares nothing with the lowering but the dialect's own verified types and
// DimExpr evaluation. Where a result depends on the order of floating-point
// operations (reductions, contractions, scatter-add), it accumulates in the
// order the compiled code does: column-major over the reduced indices,
// starting from the identity (a reduction over the contiguous axis alone
// in 64 lanes and 16 groups, docs/semantics.md 8.5), without fused
// multiply-add.
//
// This file holds the entry point `interpret`, the evaluation of programs
// (shape guards, DimExprs), the instruction dispatch (`evaluate`) and the
// instructions that run other code or none: fused_region, calls between
// programs and extension (an error). Each op family is evaluated in its
// own file: ElementwiseEval.cpp, StructuralEval.cpp, ReductionEval.cpp,
// ContractionEval.cpp and IndexingEval.cpp; InterpreterImpl.h is what they
// share.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Interpreter/Interpreter.h"

#include "InterpreterImpl.h"

#include "tenferro/Dialect/Tenferro/IR/DimExprEval.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;
using namespace mlir::tenferro::host::detail;

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

std::vector<HostTensor> Interpreter::run(func::FuncOp program,
                                         ArrayRef<HostTensor> inputs) {
  Block &body = program.getBody().front();
  checkShapeGuards(program, inputs);
  for (auto [arg, t] : llvm::zip_equal(body.getArguments(), inputs))
    values[arg] = t;
  return runBlock(body);
}

std::vector<HostTensor> Interpreter::runBlock(Block &block) {
  for (Operation &op : block) {
    if (op.hasTrait<mlir::OpTrait::IsTerminator>()) {
      std::vector<HostTensor> results;
      for (Value v : op.getOperands())
        results.push_back(get(v));
      return results;
    }
    current = &op;
    std::vector<HostTensor> results = evaluate(&op);
    for (auto [r, t] : llvm::zip_equal(op.getResults(), results))
      values[r] = std::move(t);
  }
  throw EvalError{"block without terminator"};
}

void Interpreter::checkShapeGuards(func::FuncOp program,
                                   ArrayRef<HostTensor> inputs) {
  auto guards =
      program->getAttrOfType<ArrayAttr>(TenferroDialect::kShapeGuardsAttrName);
  if (!guards)
    return;
  SmallVector<ArrayRef<int64_t>> shapes;
  for (const HostTensor &t : inputs)
    shapes.push_back(t.shape);
  for (auto [i, a] : llvm::enumerate(guards)) {
    auto g = cast<ShapeGuardAttr>(a);
    int64_t l = evalDim(g.getLhs(), shapes), r = evalDim(g.getRhs(), shapes);
    if (l != r)
      fail("shape guard #" + std::to_string(i) +
           " violated (ShapeConstraintViolation): " + std::to_string(l) +
           " != " + std::to_string(r));
  }
}

int64_t Interpreter::evalDim(DimExprAttr e,
                             ArrayRef<ArrayRef<int64_t>> shapes) {
  DimExprValue v = evaluateDimExpr(e, shapes);
  if (v.isError())
    fail("DimExpr " + stringifyDimExprError(v.error).str() + ": " + v.message);
  return *v.value;
}

Shape Interpreter::evalShape(ArrayAttr exprs, ValueRange operands) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value v : operands)
    shapes.push_back(get(v).shape);
  Shape shape;
  for (Attribute a : exprs)
    shape.push_back(evalDim(cast<DimExprAttr>(a), shapes));
  return shape;
}

//===----------------------------------------------------------------------===//
// The instruction dispatch
//===----------------------------------------------------------------------===//

std::vector<HostTensor> Interpreter::evaluate(Operation *op) {
  if (isElementwiseOp(op))
    return {elementwise(op)};
  auto one = [](HostTensor t) { return std::vector<HostTensor>{std::move(t)}; };
  return llvm::TypeSwitch<Operation *, std::vector<HostTensor>>(op)
      // This file.
      .Case<FusedRegionOp, func::CallOp, ExtensionOp>(
          [&](auto o) { return eval(o); })
      // StructuralEval.cpp.
      .Case<ConstantOp, ConvertOp, TransposeOp, ReshapeOp, BroadcastInDimOp,
            ShapeOfOp, ExtractDiagOp, EmbedDiagOp, TrilOp, TriuOp, ReverseOp,
            SliceOp, PadOp, ConcatenateOp, PadToMatchOp, DynamicTruncateOp>(
          [&](auto o) { return one(eval(o)); })
      // ReductionEval.cpp.
      .Case<ReduceSumOp, ReduceProdOp, ReduceMaxOp, ReduceMinOp,
            ReduceSumSquaresOp>([&](auto o) { return one(eval(o)); })
      // ContractionEval.cpp.
      .Case<DotGeneralOp, DotGeneralWithConjOp>(
          [&](auto o) { return one(eval(o)); })
      // IndexingEval.cpp.
      .Case<DynamicSliceOp, DynamicUpdateSliceOp, GatherOp,
            GatherDynamicSliceSizesOp, ScatterOp>(
          [&](auto o) { return one(eval(o)); })
      .Default([&](Operation *o) -> std::vector<HostTensor> {
        fail("no reference semantics for '" +
             o->getName().getStringRef().str() + "'");
      });
}

//===----------------------------------------------------------------------===//
// Instructions that run other code (a fused region, a program) or none
//===----------------------------------------------------------------------===//

std::vector<HostTensor> Interpreter::eval(FusedRegionOp op) {
  Block &body = op.getBodyBlock();
  for (auto [arg, v] : llvm::zip_equal(body.getArguments(), op.getInputs()))
    values[arg] = get(v);
  return runBlock(body);
}

std::vector<HostTensor> Interpreter::eval(func::CallOp op) {
  // A call to another program runs it on its own slots.
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, op.getCalleeAttr());
  if (!callee || callee.isExternal() || !callee.getBody().hasOneBlock())
    fail("callee @" + op.getCallee().str() + " is not a program");
  if (depth >= kMaxCallDepth)
    fail("calls nested more than " + std::to_string(kMaxCallDepth) +
         " deep (a recursion)");
  std::vector<HostTensor> inputs;
  for (Value v : op.getOperands())
    inputs.push_back(get(v));
  Interpreter nested(depth + 1);
  try {
    return nested.run(callee, inputs);
  } catch (EvalError &e) {
    std::string where;
    llvm::raw_string_ostream os(where);
    os << "in @" << callee.getSymName() << ", ";
    if (Operation *at = nested.getCurrent())
      os << "'" << at->getName() << "' at " << at->getLoc() << ": ";
    e.message = where + e.message;
    throw;
  }
}

std::vector<HostTensor> Interpreter::eval(ExtensionOp op) {
  fail("extension family '" + op.getFamilyId().str() +
       "' has no reference implementation");
}

FailureOr<std::vector<HostTensor>> mlir::tenferro::host::interpret(
    func::FuncOp program, ArrayRef<HostTensor> inputs, std::string &error) {
  if (program.isExternal() || !program.getBody().hasOneBlock()) {
    error = "@" + program.getSymName().str() + " is not a program";
    return failure();
  }
  if (inputs.size() != program.getNumArguments()) {
    error = "expected " + std::to_string(program.getNumArguments()) +
            " inputs, got " + std::to_string(inputs.size());
    return failure();
  }
  Interpreter interpreter;
  try {
    return interpreter.run(program, inputs);
  } catch (const EvalError &e) {
    error = e.message;
    if (Operation *op = interpreter.getCurrent()) {
      std::string where;
      llvm::raw_string_ostream os(where);
      os << "'" << op->getName() << "' at " << op->getLoc() << ": ";
      error = where + error;
    }
    return failure();
  }
}
