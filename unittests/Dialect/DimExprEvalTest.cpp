//===- DimExprEvalTest.cpp - DimExpr evaluation and its errors ------------===//

#include "tenferro/Dialect/Tenferro/IR/DimExprEval.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <limits>

using namespace mlir;
using namespace mlir::tenferro;

namespace {

class DimExprEvalTest : public ::testing::Test {
protected:
  DimExprEvalTest() { ctx.loadDialect<TenferroDialect>(); }

  DimExprAttr c(int64_t v) { return DimExprAttr::getConst(&ctx, v); }
  DimExprAttr in(int64_t operand, int64_t axis) {
    return DimExprAttr::getInputDim(&ctx, operand, axis);
  }
  DimExprAttr bin(DimExprKind k, DimExprAttr a, DimExprAttr b) {
    return DimExprAttr::getBinary(k, a, b);
  }
  DimExprValue eval(DimExprAttr e) { return evaluateDimExpr(e, shapes); }

  MLIRContext ctx;
  // Input 0: [2, 3]; input 1: [5, ?]; input 2: rank 0.
  SmallVector<int64_t> s0{2, 3}, s1{5, ShapedType::kDynamic};
  SmallVector<ArrayRef<int64_t>> shapes{s0, s1, {}};
};

TEST_F(DimExprEvalTest, ConstAndInputDim) {
  EXPECT_EQ(eval(c(7)).value, 7);
  EXPECT_EQ(eval(in(0, 1)).value, 3);
  EXPECT_EQ(eval(in(1, 0)).value, 5);
}

TEST_F(DimExprEvalTest, Arithmetic) {
  EXPECT_EQ(eval(bin(DimExprKind::Add, in(0, 0), c(4))).value, 6);
  EXPECT_EQ(eval(bin(DimExprKind::Sub, in(1, 0), in(0, 1))).value, 2);
  EXPECT_EQ(eval(bin(DimExprKind::Mul, in(0, 0), in(0, 1))).value, 6);
  EXPECT_EQ(eval(bin(DimExprKind::FloorDiv, c(7), c(2))).value, 3);
  EXPECT_EQ(eval(bin(DimExprKind::Min, c(7), c(2))).value, 2);
  EXPECT_EQ(eval(bin(DimExprKind::Max, c(7), c(2))).value, 7);
  EXPECT_EQ(eval(bin(DimExprKind::Sub, c(3), c(3))).value, 0);
}

TEST_F(DimExprEvalTest, Nested) {
  // mul(input_dim(0, 0), add(input_dim(0, 1), floordiv(input_dim(1, 0), 2)))
  auto e = bin(DimExprKind::Mul, in(0, 0),
               bin(DimExprKind::Add, in(0, 1),
                   bin(DimExprKind::FloorDiv, in(1, 0), c(2))));
  EXPECT_EQ(eval(e).value, 2 * (3 + 2));
}

TEST_F(DimExprEvalTest, UnknownExtentsPropagate) {
  DimExprValue v = eval(bin(DimExprKind::Add, in(1, 1), c(1)));
  EXPECT_FALSE(v.isKnown());
  EXPECT_FALSE(v.isError());
}

TEST_F(DimExprEvalTest, InputOutOfBounds) {
  DimExprValue v = eval(in(3, 0));
  EXPECT_EQ(v.error, DimExprError::InputOutOfBounds);
  EXPECT_NE(v.message.find("input_dim(3, 0) refers to input 3"),
            std::string::npos);
}

TEST_F(DimExprEvalTest, AxisOutOfBounds) {
  EXPECT_EQ(eval(in(0, 2)).error, DimExprError::AxisOutOfBounds);
  EXPECT_EQ(eval(in(2, 0)).error, DimExprError::AxisOutOfBounds);
}

TEST_F(DimExprEvalTest, AddOverflow) {
  int64_t max = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(eval(bin(DimExprKind::Add, c(max), c(1))).error,
            DimExprError::AddOverflow);
  EXPECT_EQ(eval(bin(DimExprKind::Add, c(max - 1), c(1))).value, max);
}

TEST_F(DimExprEvalTest, SubUnderflow) {
  DimExprValue v = eval(bin(DimExprKind::Sub, in(0, 0), in(0, 1)));
  EXPECT_EQ(v.error, DimExprError::SubUnderflow);
  EXPECT_NE(v.message.find("sub(input_dim(0, 0), input_dim(0, 1))"),
            std::string::npos);
}

TEST_F(DimExprEvalTest, MulOverflow) {
  int64_t big = int64_t(1) << 32;
  EXPECT_EQ(eval(bin(DimExprKind::Mul, c(big), c(big))).error,
            DimExprError::MulOverflow);
}

TEST_F(DimExprEvalTest, FloorDivByZero) {
  EXPECT_EQ(eval(bin(DimExprKind::FloorDiv, c(4), c(0))).error,
            DimExprError::FloorDivByZero);
  // Division by a statically zero divisor is an error even when the
  // dividend is unknown.
  EXPECT_EQ(eval(bin(DimExprKind::FloorDiv, in(1, 1), c(0))).error,
            DimExprError::FloorDivByZero);
}

TEST_F(DimExprEvalTest, ErrorsWinOverUnknowns) {
  EXPECT_EQ(eval(bin(DimExprKind::Add, in(1, 1), in(5, 0))).error,
            DimExprError::InputOutOfBounds);
}

TEST_F(DimExprEvalTest, MaxInputIndex) {
  EXPECT_EQ(c(3).getMaxInputIndex(), -1);
  EXPECT_EQ(bin(DimExprKind::Max, in(2, 0), in(1, 4)).getMaxInputIndex(), 2);
}

TEST_F(DimExprEvalTest, ErrorNames) {
  EXPECT_EQ(stringifyDimExprError(DimExprError::MulOverflow), "MulOverflow");
  EXPECT_EQ(stringifyDimExprError(DimExprError::FloorDivByZero),
            "FloorDivByZero");
}

} // namespace
