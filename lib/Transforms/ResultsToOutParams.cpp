//===- ResultsToOutParams.cpp - destination passing -----------------------===//
//
// Turns buffer results into arguments the caller passes (destination
// passing), with the results the function allocates computed in place and
// the caller's extents checked at run time where they are dynamic. See
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERRORESULTSTOOUTPARAMSPASS
#include "tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

bool isBuffer(Type type) { return isa<MemRefType>(type); }

/// Asserts that `buffer` (the caller's) has the extents `sizes` gives for
/// the dynamic axes of `type`: the caller sized it before the program
/// computed the result's extents.
void checkExtents(OpBuilder &b, Location loc, MemRefType type, Value buffer,
                  function_ref<Value(unsigned)> size, const Twine &message) {
  for (unsigned axis = 0; axis < type.getRank(); ++axis) {
    if (!type.isDynamicDim(axis))
      continue;
    Value theirs = memref::DimOp::create(b, loc, buffer, axis);
    Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, theirs,
                                       size(axis));
    cf::AssertOp::create(b, loc, same, message.str());
  }
}

/// Rewrites `func` to take its buffer results as arguments after its own.
/// Each returned `memref.alloc` of the function (once, at one position) is
/// replaced by the caller's buffer; every other returned buffer is copied
/// into it.
void convertFunction(func::FuncOp func) {
  FunctionType type = func.getFunctionType();
  unsigned numInputs = type.getNumInputs();
  SmallVector<unsigned> positions;
  for (auto [k, result] : llvm::enumerate(type.getResults()))
    if (isBuffer(result))
      positions.push_back(k);

  // The caller's buffers, after the inputs, with the results' attributes.
  SmallVector<unsigned> indices(positions.size(), numInputs);
  SmallVector<Type> types;
  SmallVector<DictionaryAttr> attrs;
  SmallVector<Location> locs(positions.size(), func.getLoc());
  for (unsigned k : positions) {
    types.push_back(type.getResult(k));
    attrs.push_back(func.getResultAttrDict(k));
  }
  (void)func.insertArguments(indices, types, attrs, locs);
  auto outParam = [&](unsigned i) { return func.getArgument(numInputs + i); };

  std::string name = func.getSymName().str();
  auto mismatch = [&](unsigned i) {
    return "tenferro @" + name + " output #" + std::to_string(positions[i]) +
           ": the caller's buffer does not have the result's extents "
           "(OutputShapeMismatch)";
  };
  DenseSet<Operation *> hoisted;
  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
  for (func::ReturnOp ret : returns) {
    OpBuilder b(ret);
    SmallVector<Value> kept;
    for (auto [k, value] : llvm::enumerate(ret.getOperands()))
      if (!isBuffer(value.getType()))
        kept.push_back(value);
    for (auto [i, k] : llvm::enumerate(positions)) {
      Value value = ret.getOperand(k);
      Value out = outParam(i);
      auto resultType = cast<MemRefType>(value.getType());
      auto alloc = value.getDefiningOp<memref::AllocOp>();
      // Computed in place: the allocation becomes the caller's buffer,
      // once (a buffer returned twice is copied for its second position).
      if (alloc && alloc->getParentOfType<func::FuncOp>() == func &&
          hoisted.insert(alloc).second) {
        OpBuilder at(alloc);
        unsigned dynamic = 0;
        SmallVector<Value> sizes(alloc.getDynamicSizes());
        checkExtents(
            at, alloc.getLoc(), resultType, out,
            [&](unsigned) { return sizes[dynamic++]; }, mismatch(i));
        alloc.replaceAllUsesWith(out);
        alloc.erase();
        continue;
      }
      checkExtents(
          b, ret.getLoc(), resultType, out,
          [&](unsigned axis) -> Value {
            return memref::DimOp::create(b, ret.getLoc(), value, axis);
          },
          mismatch(i));
      memref::CopyOp::create(b, ret.getLoc(), value, out);
    }
    func::ReturnOp::create(b, ret.getLoc(), kept);
    ret.erase();
  }
  llvm::BitVector erased(type.getNumResults());
  for (unsigned k : positions)
    erased.set(k);
  (void)func.eraseResults(erased);
}

/// Rewrites `call` of a converted function: the caller allocates the
/// buffers and passes them after the operands.
void convertCall(func::CallOp call) {
  OpBuilder b(call);
  SmallVector<Value> operands(call.getOperands());
  SmallVector<Type> kept;
  for (OpResult result : call.getResults()) {
    if (!isBuffer(result.getType())) {
      kept.push_back(result.getType());
      continue;
    }
    auto type = cast<MemRefType>(result.getType());
    operands.push_back(memref::AllocOp::create(
        b, call.getLoc(),
        MemRefType::get(type.getShape(), type.getElementType(), AffineMap(),
                        type.getMemorySpace())));
  }
  auto converted = func::CallOp::create(b, call.getLoc(), call.getCalleeAttr(),
                                        kept, operands);
  unsigned next = 0, out = call.getNumOperands();
  for (OpResult result : call.getResults())
    result.replaceAllUsesWith(isBuffer(result.getType())
                                  ? operands[out++]
                                  : converted.getResult(next++));
  call.erase();
}

struct ResultsToOutParamsPass
    : public tenferro::impl::TenferroResultsToOutParamsPassBase<
          ResultsToOutParamsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SetVector<Operation *> converted;
    bool ok = true;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || llvm::none_of(func.getResultTypes(), isBuffer))
        continue;
      for (auto [k, result] : llvm::enumerate(func.getResultTypes()))
        if (auto memref = dyn_cast<MemRefType>(result);
            memref && !memref.getLayout().isIdentity()) {
          func.emitError() << "result #" << k << " (" << result
                           << ") has a layout a caller cannot allocate";
          ok = false;
        }
      converted.insert(func);
    }
    // A caller in the module allocates the callee's buffers before the call,
    // so their shapes must be known then.
    SymbolTable symbols(module);
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      Operation *callee = symbols.lookup(call.getCallee());
      if (!callee || !converted.contains(callee))
        return;
      calls.push_back(call);
      for (auto [k, result] : llvm::enumerate(call.getResultTypes()))
        if (auto memref = dyn_cast<MemRefType>(result);
            memref && !memref.hasStaticShape()) {
          call.emitError() << "result #" << k << " (" << result
                           << ") of the call cannot be passed as a buffer "
                              "the caller allocates: its shape is only known "
                              "when the callee runs";
          ok = false;
        }
    });
    if (!ok)
      return signalPassFailure();
    // Calls first: the buffer a call's result now lives in is an allocation
    // of the caller, which its own caller's buffer can then replace.
    for (func::CallOp call : calls)
      convertCall(call);
    for (Operation *func : converted)
      convertFunction(cast<func::FuncOp>(func));
  }
};

} // namespace
