//===- ConvertScalarsToLLVM.cpp - five conversions in one walk ------------===//
//
// arith, complex, ub, cf and func to the LLVM dialect with upstream's
// patterns in one dialect conversion instead of five. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Conversion/Passes.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROCONVERTSCALARSTOLLVMPASS
#include "tenferro/Conversion/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;

namespace {

struct ConvertScalarsToLLVMPass
    : public tenferro::impl::TenferroConvertScalarsToLLVMPassBase<
          ConvertScalarsToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // As the upstream passes do: index width and layouts from the module's
    // data layout.
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(ctx, dataLayout.getAtOrAbove(module));
    LLVMTypeConverter converter(ctx, options, &dataLayout);

    RewritePatternSet patterns(ctx);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateComplexToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(converter, patterns,
                                              /*abortOnFailure=*/true);
    populateFuncToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
