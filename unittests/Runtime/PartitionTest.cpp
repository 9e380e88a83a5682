//===- PartitionTest.cpp - partitionModule --------------------------------===//
//
// What parallel code generation relies on (docs/design.md, "Parallel code
// generation"): every function is defined in exactly one partition, the
// partitions depend only on the module and the options, what crosses a
// partition boundary is hidden rather than local, and modules that cannot
// be split safely are not.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/Partition.h"

#include "tenferro/Dialect/Tenferro/IR/TenferroDialect.h"
#include "tenferro/Transforms/Kernels.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <map>
#include <string>

using namespace mlir;

namespace {

// @main calls three local kernels, one twice; @k0 and @k2 read the same
// local constant; @k1 a mutable global.
const char *kModule = R"mlir(
llvm.mlir.global private constant @table(dense<[1.0, 2.0]> : tensor<2xf64>) : !llvm.array<2 x f64>
llvm.mlir.global internal @counter(0 : i64) : i64
llvm.func @malloc(i64) -> !llvm.ptr
llvm.func @main(%n: i64) {
  llvm.call @k0(%n) : (i64) -> ()
  llvm.call @k1(%n) : (i64) -> ()
  llvm.call @k2(%n) : (i64) -> ()
  llvm.call @k0(%n) : (i64) -> ()
  llvm.return
}
llvm.func internal @k0(%n: i64) {
  %t = llvm.mlir.addressof @table : !llvm.ptr
  %p = llvm.call @malloc(%n) : (i64) -> !llvm.ptr
  llvm.return
}
llvm.func internal @k1(%n: i64) {
  %c = llvm.mlir.addressof @counter : !llvm.ptr
  llvm.store %n, %c : i64, !llvm.ptr
  llvm.return
}
llvm.func internal @k2(%n: i64) {
  %t = llvm.mlir.addressof @table : !llvm.ptr
  %a = llvm.add %n, %n : i64
  %b = llvm.add %a, %n : i64
  llvm.return
}
)mlir";

struct PartitionTest : public ::testing::Test {
  PartitionTest() { context.loadDialect<LLVM::LLVMDialect>(); }

  OwningOpRef<ModuleOp> parse(const char *text) {
    return parseSourceString<ModuleOp>(text, &context);
  }

  /// name -> (partition, linkage, visibility) of every definition.
  struct Definition {
    unsigned partition;
    LLVM::Linkage linkage;
    LLVM::Visibility visibility;
  };
  static std::multimap<std::string, Definition>
  definitions(std::vector<OwningOpRef<ModuleOp>> &partitions) {
    std::multimap<std::string, Definition> result;
    for (auto [i, partition] : llvm::enumerate(partitions)) {
      for (auto function : partition->getOps<LLVM::LLVMFuncOp>())
        if (!function.isExternal())
          result.insert({function.getSymName().str(),
                         {static_cast<unsigned>(i), function.getLinkage(),
                          function.getVisibility_()}});
      for (auto global : partition->getOps<LLVM::GlobalOp>())
        if (global.getValueOrNull() || global.getInitializerBlock())
          result.insert({global.getSymName().str(),
                         {static_cast<unsigned>(i), global.getLinkage(),
                          global.getVisibility_()}});
    }
    return result;
  }

  MLIRContext context;
};

TEST_F(PartitionTest, SmallModulesStayWhole) {
  OwningOpRef<ModuleOp> module = parse(kModule);
  ASSERT_TRUE(module);
  EXPECT_TRUE(tenferro::partitionModule(*module, {}).empty());
  EXPECT_TRUE(tenferro::partitionModule(*module, {1, 1}).empty());
}

TEST_F(PartitionTest, EveryFunctionDefinedOnce) {
  OwningOpRef<ModuleOp> module = parse(kModule);
  ASSERT_TRUE(module);
  // One op per partition asked: more partitions than functions, so each
  // function gets its own and none is empty.
  std::vector<OwningOpRef<ModuleOp>> partitions =
      tenferro::partitionModule(*module, {1, 64});
  ASSERT_EQ(partitions.size(), 4u);
  for (OwningOpRef<ModuleOp> &partition : partitions)
    EXPECT_TRUE(succeeded(verify(*partition)));
  std::multimap<std::string, Definition> defined = definitions(partitions);
  for (const char *name : {"main", "k0", "k1", "k2", "counter"})
    EXPECT_EQ(defined.count(name), 1u) << name;
  // Called from another partition: external, hidden.
  for (const char *name : {"k0", "k1", "k2", "counter"}) {
    const Definition &d = defined.find(name)->second;
    EXPECT_EQ(d.linkage, LLVM::Linkage::External) << name;
    EXPECT_EQ(d.visibility, LLVM::Visibility::Hidden) << name;
  }
  EXPECT_EQ(defined.find("main")->second.visibility, LLVM::Visibility::Default);
  // The local constant is copied where it is read, and stays local.
  EXPECT_EQ(defined.count("table"), 2u);
  for (auto [it, end] = defined.equal_range("table"); it != end; ++it)
    EXPECT_EQ(it->second.linkage, LLVM::Linkage::Private);
}

TEST_F(PartitionTest, SameOptionsSamePartitions) {
  OwningOpRef<ModuleOp> module = parse(kModule);
  ASSERT_TRUE(module);
  auto print = [](std::vector<OwningOpRef<ModuleOp>> partitions) {
    std::string text;
    llvm::raw_string_ostream os(text);
    for (OwningOpRef<ModuleOp> &partition : partitions)
      partition->print(os);
    return text;
  };
  std::string first = print(tenferro::partitionModule(*module, {3, 64}));
  EXPECT_FALSE(first.empty());
  EXPECT_EQ(first, print(tenferro::partitionModule(*module, {3, 64})));
  // The input is not changed.
  std::string again;
  llvm::raw_string_ostream os(again);
  module->print(os);
  EXPECT_NE(again.find("llvm.func internal @k0"), std::string::npos);
}

TEST_F(PartitionTest, KernelsAndDispatchCodeApart) {
  // @main, then @part (dispatch code) and the kernels, in an order that
  // interleaves them.
  context.loadDialect<tenferro::TenferroDialect>();
  OwningOpRef<ModuleOp> module = parse(R"mlir(
llvm.func @main(%n: i64) {
  llvm.call @k0(%n) : (i64) -> ()
  llvm.call @part(%n) : (i64) -> ()
  llvm.return
}
llvm.func internal @k0(%n: i64) attributes {tenferro.kernel} {
  %a = llvm.add %n, %n : i64
  llvm.return
}
llvm.func internal @part(%n: i64) {
  llvm.call @k1(%n) : (i64) -> ()
  llvm.return
}
llvm.func internal @k1(%n: i64) attributes {tenferro.kernel} {
  %a = llvm.add %n, %n : i64
  llvm.return
}
)mlir");
  ASSERT_TRUE(module);
  // Two partitions by size; four, since no partition mixes the kinds.
  std::vector<OwningOpRef<ModuleOp>> partitions =
      tenferro::partitionModule(*module, {8, 64});
  ASSERT_EQ(partitions.size(), 4u);
  for (OwningOpRef<ModuleOp> &partition : partitions) {
    unsigned kernels = 0, others = 0;
    for (auto function : partition->getOps<LLVM::LLVMFuncOp>())
      if (!function.isExternal())
        (tenferro::isKernel(function) ? kernels : others) += 1;
    EXPECT_TRUE(kernels == 0 || others == 0);
    EXPECT_EQ(kernels + others, 1u);
  }
}

TEST_F(PartitionTest, UnknownTopLevelOpsKeepTheModuleWhole) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
llvm.mlir.global_ctors ctors = [@init], priorities = [0 : i32], data = [#llvm.zero]
llvm.func internal @init() {
  llvm.return
}
llvm.func @main() {
  llvm.return
}
)mlir");
  ASSERT_TRUE(module);
  EXPECT_TRUE(tenferro::partitionModule(*module, {1, 64}).empty());
}

} // namespace
