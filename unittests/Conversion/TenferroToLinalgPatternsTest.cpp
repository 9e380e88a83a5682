//===- TenferroToLinalgPatternsTest.cpp - the lowering as a pattern set ---===//
//
// An embedder lowers tenferro inside its own conversion from the public
// pieces (TenferroToLinalg.h): the type converter, the op patterns, the
// program-boundary patterns and the target. Assembled by hand they must
// give exactly what convert-tenferro-to-linalg gives, and the op patterns
// must take their result types from the converter they are given.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Conversion/Passes.h"
#include "tenferro/Conversion/TenferroToLinalg/TenferroToLinalg.h"
#include "tenferro/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseSet.h"

#include <gtest/gtest.h>
#include <string>

using namespace mlir;
using namespace mlir::tenferro;

namespace {

// A program (instructions, a sequence region to inline, a shape guard) and
// driver code calling it.
constexpr const char *kModule = R"mlir(
func.func @p(%x: tensor<3x4xf64>, %v: tensor<4xf64>) -> tensor<4x3xf64>
    attributes {tenferro.shape_guards = [#tenferro.shape_guard<input_dim(0, 1) == input_dim(1, 0)>]} {
  %b = tenferro.broadcast_in_dim %v, dims = [1] to [3, 4] : tensor<4xf64>
  %r = tenferro.fused_region sequence (%a0 = %x : tensor<3x4xf64>, %a1 = %b : tensor<3x4xf64> last_use) -> (tensor<3x4xf64>) {
    %m = tenferro.multiply %a0, %a1 : tensor<3x4xf64>
    %e = tenferro.exp %m : tensor<3x4xf64>
    tenferro.yield %e : tensor<3x4xf64>
  }
  %t = tenferro.transpose %r, perm = [1, 0] : tensor<3x4xf64>
  return %t : tensor<4x3xf64>
}
func.func @main(%x: tensor<3x4xf64>, %v: tensor<4xf64>) -> tensor<4x3xf64> {
  %0 = func.call @p(%x, %v) : (tensor<3x4xf64>, tensor<4xf64>) -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}
)mlir";

std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

class TenferroToLinalgPatterns : public ::testing::Test {
protected:
  // A conversion creates ops only of loaded dialects (the pass loads its
  // dependent dialects; an embedder's conversion must load them too).
  TenferroToLinalgPatterns() : context(registry()) {
    context.loadAllAvailableDialects();
  }
  static DialectRegistry registry() {
    DialectRegistry r;
    tenferro::registerAllDialects(r);
    return r;
  }
  OwningOpRef<ModuleOp> parse() {
    return parseSourceString<ModuleOp>(kModule, &context);
  }
  /// The lowering assembled from the public pieces, as an embedder would
  /// put it into its own conversion.
  LogicalResult lowerByHand(ModuleOp module, const TypeConverter &converter) {
    ProgramSignatures signatures(module, converter);
    ConversionTarget target(context);
    configureTenferroToLinalgTarget(target, signatures);
    RewritePatternSet patterns(&context);
    populateTenferroToLinalgPatterns(converter, patterns);
    populateProgramBoundaryPatterns(converter, patterns, signatures,
                                    /*donateInputs=*/false);
    return applyPartialConversion(module, target, std::move(patterns));
  }
  MLIRContext context;
};

TEST_F(TenferroToLinalgPatterns, ByHandEqualsThePass) {
  OwningOpRef<ModuleOp> byPass = parse(), byHand = parse();
  ASSERT_TRUE(byPass && byHand);
  PassManager pm(&context);
  pm.addPass(createConvertTenferroToLinalgPass());
  ASSERT_TRUE(succeeded(pm.run(*byPass)));
  ColumnMajorTypeConverter converter;
  ASSERT_TRUE(succeeded(lowerByHand(*byHand, converter)));
  std::string lowered = print(*byHand);
  EXPECT_EQ(print(*byPass), lowered);
  EXPECT_EQ(lowered.find("tenferro."), std::string::npos) << lowered;
  EXPECT_NE(lowered.find("linalg.transpose"), std::string::npos) << lowered;
  EXPECT_NE(lowered.find("cf.assert"), std::string::npos) << lowered;
}

/// The column-major converter, recording what it is asked to convert.
class RecordingConverter : public ColumnMajorTypeConverter {
public:
  RecordingConverter() {
    addConversion([this](RankedTensorType t) -> Type {
      asked.insert(t);
      return toColumnMajor(t);
    });
  }
  llvm::DenseSet<Type> asked;
};

TEST_F(TenferroToLinalgPatterns, ResultTypesComeFromTheConverter) {
  OwningOpRef<ModuleOp> module = parse();
  ASSERT_TRUE(module);
  RecordingConverter converter;
  ASSERT_TRUE(succeeded(lowerByHand(*module, converter)));
  // tensor<4x3xf64> is the transpose's result and the program's result
  // type; tensor<3x4xf64> the broadcast's and the region's results.
  auto f64 = Float64Type::get(&context);
  EXPECT_TRUE(converter.asked.contains(RankedTensorType::get({4, 3}, f64)));
  EXPECT_TRUE(converter.asked.contains(RankedTensorType::get({3, 4}, f64)));
}

} // namespace
