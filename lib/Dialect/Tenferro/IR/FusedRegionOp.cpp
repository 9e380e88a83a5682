//===- FusedRegionOp.cpp - tenferro.fused_region syntax and verifier ------===//

#include "tenferro/Dialect/Tenferro/IR/FusionPlan.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tenferro;

YieldOp FusedRegionOp::getYield() {
  return cast<YieldOp>(getBodyBlock().getTerminator());
}

void FusedRegionOp::inlineBody(RewriterBase &rewriter) {
  SmallVector<Value> values(getYield().getValues());
  rewriter.eraseOp(getYield());
  rewriter.inlineBlockBefore(&getBodyBlock(), *this, getInputs());
  rewriter.replaceOp(*this, values);
}

BroadcastViewAttr FusedRegionOp::getInputView(unsigned i) {
  std::optional<ArrayAttr> views = getInputViews();
  if (!views || i >= views->size())
    return {};
  return dyn_cast<BroadcastViewAttr>((*views)[i]);
}

static ParseResult parseAxisList(OpAsmParser &p,
                                 SmallVectorImpl<int64_t> &axes) {
  return p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    return p.parseInteger(axes.emplace_back());
  });
}

// tenferro.fused_region <kind>
//     (%arg = %operand : type [broadcast [shape] dims [dims]] [last_use], ...)
//     -> (types) [attributes {...}] { body }
ParseResult FusedRegionOp::parse(OpAsmParser &p, OperationState &result) {
  MLIRContext *ctx = p.getContext();
  SMLoc kindLoc = p.getCurrentLocation();
  StringRef kindName;
  if (p.parseKeyword(&kindName))
    return failure();
  std::optional<FusedRegionKind> kind = symbolizeFusedRegionKind(kindName);
  if (!kind)
    return p.emitError(kindLoc)
           << "unknown fused region kind '" << kindName
           << "', expected elementwise, broadcast_multiply or sequence";

  SmallVector<OpAsmParser::Argument> args;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Type> operandTypes;
  SmallVector<bool> lastUse;
  SmallVector<Attribute> views;
  bool anyView = false;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&]() {
        OpAsmParser::Argument &arg = args.emplace_back();
        if (p.parseArgument(arg) || p.parseEqual() ||
            p.parseOperand(operands.emplace_back()) ||
            p.parseColonType(arg.type))
          return failure();
        operandTypes.push_back(arg.type);
        Attribute view = UnitAttr::get(ctx);
        if (succeeded(p.parseOptionalKeyword("broadcast"))) {
          SmallVector<int64_t> shape, dims;
          if (parseAxisList(p, shape) || p.parseKeyword("dims") ||
              parseAxisList(p, dims))
            return failure();
          view = BroadcastViewAttr::get(ctx, shape, dims);
          anyView = true;
        }
        views.push_back(view);
        lastUse.push_back(succeeded(p.parseOptionalKeyword("last_use")));
        return success();
      }))
    return failure();
  SmallVector<Type> resultTypes;
  if (p.parseArrow() || p.parseLParen())
    return failure();
  if (failed(p.parseOptionalRParen())) {
    if (p.parseTypeList(resultTypes) || p.parseRParen())
      return failure();
  }
  if (p.parseOptionalAttrDictWithKeyword(result.attributes) ||
      p.resolveOperands(operands, operandTypes, p.getCurrentLocation(),
                        result.operands))
    return failure();
  Region *body = result.addRegion();
  if (p.parseRegion(*body, args, /*enableNameShadowing=*/false))
    return failure();

  Properties &props = result.getOrAddProperties<Properties>();
  props.kind = FusedRegionKindAttr::get(ctx, *kind);
  props.last_use = DenseBoolArrayAttr::get(ctx, lastUse);
  // Elementwise regions always carry their plan views (identity by
  // default); other kinds carry them only when spelled out, which the
  // verifier then rejects.
  if (*kind == FusedRegionKind::elementwise || anyView)
    props.input_views = ArrayAttr::get(ctx, views);
  result.addTypes(resultTypes);
  return success();
}

void FusedRegionOp::print(OpAsmPrinter &p) {
  p << " " << stringifyFusedRegionKind(getKind()) << " (";
  Block &block = getBodyBlock();
  ArrayRef<bool> lastUse = getLastUse();
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    if (i > 0)
      p << ", ";
    p.printRegionArgument(block.getArgument(i), /*argAttrs=*/{},
                          /*omitType=*/true);
    p << " = " << input << " : " << input.getType();
    if (BroadcastViewAttr view = getInputView(i)) {
      p << " broadcast [";
      llvm::interleaveComma(view.getShape(), p);
      p << "] dims [";
      llvm::interleaveComma(view.getDims(), p);
      p << "]";
    }
    if (i < lastUse.size() && lastUse[i])
      p << " last_use";
  }
  p << ") -> (";
  llvm::interleaveComma(getResultTypes(), p);
  p << ")";
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {"kind", "last_use", "input_views"});
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

LogicalResult FusedRegionOp::verifyRegions() {
  Block &block = getBodyBlock();
  if (getLastUse().size() != getInputs().size())
    return emitOpError("has ") << getLastUse().size() << " last_use flags for "
                               << getInputs().size() << " inputs";
  if (block.getNumArguments() != getInputs().size())
    return emitOpError("body has ")
           << block.getNumArguments() << " arguments for " << getInputs().size()
           << " inputs";
  for (auto [i, arg, input] :
       llvm::enumerate(block.getArguments(), getInputs()))
    if (arg.getType() != input.getType())
      return emitOpError("body argument #")
             << i << " has type " << arg.getType() << ", input has "
             << input.getType();
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return emitOpError("body must end in tenferro.yield");
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError("yields ") << yield.getValues().getTypes()
                                  << " but has results " << getResultTypes();

  SmallVector<Operation *> ops;
  for (Operation &op : block.without_terminator()) {
    if (getExecClass(&op) != ExecClass::Backend)
      return emitOpError("body may only hold backend instructions")
                 .attachNote(op.getLoc())
             << "not a backend instruction: this "
             << stringifyExecClass(getExecClass(&op)) << " op: '"
             << op.getName() << "'";
    ops.push_back(&op);
  }
  if (ops.empty())
    return emitOpError("body holds no instruction");

  std::optional<ArrayAttr> views = getInputViews();
  if (views && getKind() != FusedRegionKind::elementwise)
    return emitOpError("only elementwise regions carry input views");
  ValueRange inputs = block.getArguments(), outputs = yield.getValues();
  switch (getKind()) {
  case FusedRegionKind::sequence:
    return success();
  case FusedRegionKind::broadcast_multiply: {
    PlanFailure why;
    if (matchBroadcastMultiply(ops, outputs, &why) ==
        BroadcastMultiplyForm::None)
      return emitOpError("is not a broadcast-multiply kernel region: ")
             << (why.code.empty()
                     ? std::string("the body is not a broadcast-multiply "
                                   "triplet or pair")
                     : "[" + why.code.str() + "] " + why.message);
    return success();
  }
  case FusedRegionKind::elementwise: {
    RegionKindDecision d = classifyRegion(ops, inputs, outputs);
    if (d.kind != FusedRegionKind::elementwise)
      return emitOpError("is not an elementwise region: [")
             << d.code << "] " << d.message;
    if (!views || views->size() != getInputs().size())
      return emitOpError("needs one input view per input");
    for (auto [i, expected] : llvm::enumerate(d.inputViews))
      if (getInputView(i) != expected)
        return emitOpError("input #")
               << i << " view does not match the plan's "
               << (expected ? "broadcast view" : "identity view");
    return success();
  }
  }
  llvm_unreachable("unknown kind");
}
