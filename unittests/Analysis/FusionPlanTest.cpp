//===- FusionPlanTest.cpp - build_elementwise_fusion_plan -----------------===//
//
// The plan cases S1-S3 of docs/semantics.md §13 and the rule that no IR
// reaches: an instruction with two results.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Dialect/Tenferro/IR/FusionPlan.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tenferro;

namespace {

class FusionPlanTest : public ::testing::Test {
protected:
  FusionPlanTest() {
    ctx.loadDialect<TenferroDialect, func::FuncDialect>();
    ctx.allowUnregisteredDialects();
  }

  /// Parses one function; `ops` are its instructions, `inputs` its
  /// arguments and `outputs` its returned values.
  void parse(const char *src) {
    module = parseSourceString<ModuleOp>(src, &ctx);
    ASSERT_TRUE(module);
    auto func = cast<func::FuncOp>(module->getBody()->front());
    ops.clear();
    for (Operation &op : func.getBody().front().without_terminator())
      ops.push_back(&op);
    inputs.assign(func.getArguments().begin(), func.getArguments().end());
    Operation *ret = func.getBody().front().getTerminator();
    outputs.assign(ret->operand_begin(), ret->operand_end());
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  SmallVector<Operation *> ops;
  SmallVector<Value> inputs, outputs;
};

TEST_F(FusionPlanTest, S2DenseIds) {
  parse(R"mlir(
    func.func @s2(%s10: tensor<4xf64>, %s20: tensor<4xf64>) -> tensor<4xf64> {
      %s30 = tenferro.add %s10, %s20 : tensor<4xf64>
      %s40 = tenferro.multiply %s30, %s10 : tensor<4xf64>
      return %s40 : tensor<4xf64>
    })mlir");
  FailureOr<ElementwisePlan> plan =
      buildElementwisePlan(ops, inputs, outputs, nullptr);
  ASSERT_TRUE(succeeded(plan));
  EXPECT_TRUE(plan->dtype.isF64());
  ASSERT_EQ(plan->inputViews.size(), 2u);
  EXPECT_FALSE(plan->inputViews[0]);
  EXPECT_FALSE(plan->inputViews[1]);
}

TEST_F(FusionPlanTest, S3AbsorbsBroadcastViews) {
  parse(R"mlir(
    func.func @s3(%s0: tensor<3xf64>, %s1: tensor<2xf64>) -> tensor<3x2xf64> {
      %s2 = tenferro.broadcast_in_dim %s0, dims = [0] to [3, 2] : tensor<3xf64>
      %s3 = tenferro.broadcast_in_dim %s1, dims = [1] to [3, 2] : tensor<2xf64>
      %s4 = tenferro.multiply %s2, %s3 : tensor<3x2xf64>
      return %s4 : tensor<3x2xf64>
    })mlir");
  FailureOr<ElementwisePlan> plan =
      buildElementwisePlan(ops, inputs, outputs, nullptr);
  ASSERT_TRUE(succeeded(plan));
  ASSERT_TRUE(plan->inputViews[0] && plan->inputViews[1]);
  EXPECT_EQ(plan->inputViews[0].getShape(), (ArrayRef<int64_t>{3, 2}));
  EXPECT_EQ(plan->inputViews[0].getDims(), (ArrayRef<int64_t>{0}));
  EXPECT_EQ(plan->inputViews[1].getDims(), (ArrayRef<int64_t>{1}));
  // The runtime's broadcast-multiply kernel takes this segment.
  EXPECT_EQ(matchBroadcastMultiply(ops, outputs, nullptr),
            BroadcastMultiplyForm::Triplet);
}

TEST_F(FusionPlanTest, S1PlanBuildsButInputGuardFails) {
  parse(R"mlir(
    func.func @s1(%s0: tensor<2x2xcomplex<f64>>, %s1: tensor<f64>) -> tensor<2x2xf64> {
      %s2 = tenferro.abs %s0 : tensor<2x2xcomplex<f64>>
      %s3 = tenferro.broadcast_in_dim %s1, dims = [] to [] : tensor<f64>
      %s4 = tenferro.multiply %s3, %s2 : tensor<f64>, tensor<2x2xf64>
      return %s4 : tensor<2x2xf64>
    })mlir");
  // All instruction dtypes are f64, so the instruction rules of
  // docs/semantics.md §11.3 alone build the plan ...
  PlanFailure why;
  EXPECT_TRUE(failed(buildElementwisePlan(ops, inputs, outputs, &why)));
  // ... and only the input-dtype rule (same section) on the complex input
  // rejects it.
  EXPECT_EQ(why.code, "plan-input-dtype-mismatch");
}

TEST_F(FusionPlanTest, MultiOutputInstruction) {
  parse(R"mlir(
    func.func @two(%a: tensor<2xf64>) -> tensor<2xf64> {
      %0:2 = "test.two_results"(%a) : (tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>)
      return %0#0 : tensor<2xf64>
    })mlir");
  PlanFailure why;
  EXPECT_TRUE(failed(buildElementwisePlan(ops, inputs, outputs, &why)));
  EXPECT_EQ(why.code, "plan-multi-output-op");
  EXPECT_EQ(why.op, ops[0]);
}

TEST_F(FusionPlanTest, PairForms) {
  parse(R"mlir(
    func.func @pairs(%v: tensor<2xf64>, %m: tensor<2x2xf64>) -> tensor<2x2xf64> {
      %0 = tenferro.broadcast_in_dim %v, dims = [0] to [2, 2] : tensor<2xf64>
      %1 = tenferro.multiply %m, %0 : tensor<2x2xf64>
      return %1 : tensor<2x2xf64>
    })mlir");
  EXPECT_EQ(matchBroadcastMultiply(ops, outputs, nullptr),
            BroadcastMultiplyForm::PairWithOther);
  // Returning the broadcast as well: the kernel does not take it.
  SmallVector<Value> both{ops[0]->getResult(0), ops[1]->getResult(0)};
  PlanFailure why;
  EXPECT_EQ(matchBroadcastMultiply(ops, both, &why),
            BroadcastMultiplyForm::None);
  EXPECT_EQ(why.code, "broadcast-multiply-live-broadcast");
}

} // namespace
