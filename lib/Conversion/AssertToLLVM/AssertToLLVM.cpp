//===- AssertToLLVM.cpp - cf.assert to a message on stderr ----------------===//
//
// A failed run-time check writes its message to stderr, unbuffered, before
// it aborts (docs/abi.md, "Run-time checks"). See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Conversion/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROCONVERTASSERTTOLLVMPASS
#include "tenferro/Conversion/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

/// What a failed check calls: `write` and `abort` from libc, and one
/// constant global per distinct message (the message and a newline).
struct CheckFailureRuntime {
  LLVM::LLVMFuncOp write, abort;
  /// `size_t`: as wide as a pointer.
  Type size;
  llvm::StringMap<LLVM::GlobalOp> messages;
};

/// Declares `write` and `abort` (or finds their declarations).
LogicalResult declareRuntime(ModuleOp module, CheckFailureRuntime &runtime) {
  MLIRContext *ctx = module.getContext();
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  runtime.size =
      IntegerType::get(ctx, DataLayout(module).getTypeSizeInBits(ptr));
  FailureOr<LLVM::LLVMFuncOp> write = LLVM::lookupOrCreateFn(
      b, module, "write", {IntegerType::get(ctx, 32), ptr, runtime.size},
      runtime.size);
  FailureOr<LLVM::LLVMFuncOp> abort = LLVM::lookupOrCreateFn(
      b, module, "abort", {}, LLVM::LLVMVoidType::get(ctx));
  if (failed(write) || failed(abort))
    return module.emitError("cannot declare write and abort for the run-time "
                            "checks: the module defines one of them "
                            "differently");
  runtime.write = *write;
  runtime.abort = *abort;
  return success();
}

/// The global holding `message` and a newline, made once per message.
LLVM::GlobalOp getOrCreateMessage(ModuleOp module, SymbolTable &symbols,
                                  CheckFailureRuntime &runtime,
                                  cf::AssertOp op) {
  StringRef message = op.getMsg();
  if (LLVM::GlobalOp global = runtime.messages.lookup(message))
    return global;
  std::string text = (message + "\n").str();
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), text.size());
  auto global = LLVM::GlobalOp::create(
      b, op.getLoc(), type, /*isConstant=*/true, LLVM::Linkage::Internal,
      "tenferro_check_message_" + std::to_string(runtime.messages.size()),
      b.getStringAttr(text));
  // Renamed if the module has that symbol already.
  symbols.insert(global);
  runtime.messages[message] = global;
  return global;
}

/// `cf.assert %ok, "m"` becomes `llvm.cond_br %ok, ^continue, ^failed`
/// where ^failed does `write(2, "m\n", length)`, `abort()`, unreachable.
void lowerAssert(RewriterBase &rewriter, cf::AssertOp op,
                 const CheckFailureRuntime &runtime, LLVM::GlobalOp message) {
  Location loc = op.getLoc();
  Block *before = op->getBlock();
  Block *after = rewriter.splitBlock(before, std::next(op->getIterator()));
  Block *failedCheck = rewriter.createBlock(after);
  auto length = cast<LLVM::LLVMArrayType>(message.getType()).getNumElements();
  Value stderrFd =
      LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(), 2);
  Value text = LLVM::AddressOfOp::create(rewriter, loc, message);
  Value bytes = LLVM::ConstantOp::create(rewriter, loc, runtime.size, length);
  LLVM::CallOp::create(rewriter, loc, runtime.write,
                       ValueRange{stderrFd, text, bytes});
  LLVM::CallOp::create(rewriter, loc, runtime.abort, ValueRange());
  LLVM::UnreachableOp::create(rewriter, loc);

  rewriter.setInsertionPoint(op);
  rewriter.replaceOpWithNewOp<LLVM::CondBrOp>(op, op.getArg(), after,
                                              failedCheck);
}

struct ConvertAssertToLLVMPass
    : public tenferro::impl::TenferroConvertAssertToLLVMPassBase<
          ConvertAssertToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<cf::AssertOp> asserts;
    module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
    if (asserts.empty())
      return;

    // The rewrite splits the assert's block, which a single-block region
    // cannot take.
    for (cf::AssertOp op : asserts)
      if (op->getParentOp()->hasTrait<OpTrait::SingleBlock>()) {
        op.emitOpError() << "in a single-block region ('"
                         << op->getParentOp()->getName()
                         << "'): lower it to cf before "
                            "tenferro-convert-assert-to-llvm";
        return signalPassFailure();
      }

    CheckFailureRuntime runtime;
    if (failed(declareRuntime(module, runtime)))
      return signalPassFailure();
    SymbolTable symbols(module);
    IRRewriter rewriter(&getContext());
    for (cf::AssertOp op : asserts)
      lowerAssert(rewriter, op, runtime,
                  getOrCreateMessage(module, symbols, runtime, op));
  }
};

} // namespace
