//===- TypeInferenceTest.cpp - the dtype promotion table ------------------===//
//
// The whole 7x7 promotion table of docs/semantics.md §4.1, checked cell by
// cell.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TypeInference.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tenferro;

namespace {

class PromotionTest : public ::testing::Test {
protected:
  MLIRContext ctx;
  Builder b{&ctx};
  Type B = b.getI1Type(), I32 = b.getI32Type(), I64 = b.getI64Type(),
       F32 = b.getF32Type(), F64 = b.getF64Type(),
       C32 = ComplexType::get(b.getF32Type()),
       C64 = ComplexType::get(b.getF64Type());
};

TEST_F(PromotionTest, FullTable) {
  std::vector<Type> order{B, I32, I64, F32, F64, C32, C64};
  // Row/column order B, I32, I64, F32, F64, C32, C64.
  std::vector<std::vector<Type>> expected{
      {B, I32, I64, F32, F64, C32, C64},   // Bool + T -> T
      {I32, I32, I64, F64, F64, C64, C64}, // I32
      {I64, I64, I64, F64, F64, C64, C64}, // I64
      {F32, F64, F64, F32, F64, C32, C64}, // F32
      {F64, F64, F64, F64, F64, C64, C64}, // F64
      {C32, C64, C64, C32, C64, C32, C64}, // C32
      {C64, C64, C64, C64, C64, C64, C64}, // C64
  };
  for (size_t i = 0; i < order.size(); ++i)
    for (size_t j = 0; j < order.size(); ++j) {
      EXPECT_EQ(promoteDType(order[i], order[j]), expected[i][j])
          << "promote(" << i << ", " << j << ")";
      // Promotion is symmetric.
      EXPECT_EQ(promoteDType(order[i], order[j]),
                promoteDType(order[j], order[i]));
    }
}

TEST_F(PromotionTest, DivLike) {
  EXPECT_EQ(promoteDivLikeDType(I32, I32), F64);
  EXPECT_EQ(promoteDivLikeDType(I32, I64), F64);
  EXPECT_EQ(promoteDivLikeDType(I64, I64), F64);
  EXPECT_EQ(promoteDivLikeDType(F32, F32), F32);
  EXPECT_EQ(promoteDivLikeDType(I32, C32), C64);
  EXPECT_EQ(promoteDivLikeDType(B, I32), F64);
}

TEST_F(PromotionTest, Fold) {
  SmallVector<Type> types{I32, F32, B};
  EXPECT_EQ(promoteDTypes(types), F64);
  SmallVector<Type> one{C32};
  EXPECT_EQ(promoteDTypes(one), C32);
}

TEST(BroadcastShapes, RightAligned) {
  SmallVector<int64_t> out;
  int64_t dyn = ShapedType::kDynamic;
  ASSERT_TRUE(
      succeeded(broadcastShapes("test", std::nullopt, {2, 1, 3}, {4, 1}, out)));
  EXPECT_EQ(out, (SmallVector<int64_t>{2, 4, 3}));
  ASSERT_TRUE(succeeded(broadcastShapes("test", std::nullopt, {}, {3}, out)));
  EXPECT_EQ(out, (SmallVector<int64_t>{3}));
  ASSERT_TRUE(
      succeeded(broadcastShapes("test", std::nullopt, {dyn, 1}, {3}, out)));
  EXPECT_EQ(out, (SmallVector<int64_t>{dyn, 3}));
  EXPECT_TRUE(failed(broadcastShapes("test", std::nullopt, {2}, {3}, out)));
}

} // namespace
