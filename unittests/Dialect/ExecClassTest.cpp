//===- ExecClassTest.cpp - execution classes of every op ------------------===//
//
// docs/semantics.md §2.3 and test cases E3-E8 (§13): host, FFI and backend
// cover every op, are disjoint, and elementwise-fusable is exactly the
// list of §11.3.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace mlir;
using namespace mlir::tenferro;

namespace {

/// Execution class from the registered op's traits, without building one.
ExecClass classOf(RegisteredOperationName name) {
  if (name.hasTrait<tenferro::OpTrait::HostOp>())
    return ExecClass::Host;
  if (name.hasTrait<tenferro::OpTrait::FFIOp>())
    return ExecClass::FFI;
  if (name.hasTrait<tenferro::OpTrait::BackendOp>())
    return ExecClass::Backend;
  return ExecClass::Foreign;
}

TEST(ExecClass, TablesMatchTheSpec) {
  MLIRContext ctx;
  ctx.loadDialect<TenferroDialect>();
  std::set<std::string> host, ffi, backend, fusable, other;
  for (RegisteredOperationName name : ctx.getRegisteredOperations()) {
    if (name.getDialectNamespace() != "tenferro")
      continue;
    std::string op = name.getStringRef().drop_front(9).str();
    switch (classOf(name)) {
    case ExecClass::Host:
      host.insert(op);
      break;
    case ExecClass::FFI:
      ffi.insert(op);
      break;
    case ExecClass::Backend:
      backend.insert(op);
      break;
    case ExecClass::Foreign:
      other.insert(op);
      break;
    }
    if (name.hasTrait<tenferro::OpTrait::ElementwiseFusable>())
      fusable.insert(op);
  }
  EXPECT_EQ(host, (std::set<std::string>{"constant", "dynamic_truncate",
                                         "pad_to_match", "shape_of"}));
  EXPECT_EQ(ffi, (std::set<std::string>{"dot_general", "dot_general_with_conj",
                                        "extension"}));
  EXPECT_EQ(backend.size(), 46u);
  EXPECT_EQ(host.size() + ffi.size() + backend.size(), 53u);
  EXPECT_EQ(fusable,
            (std::set<std::string>{
                "add",   "multiply", "negate",  "conj",  "divide",
                "abs",   "maximum",  "minimum", "clamp", "exp",
                "log",   "sin",      "cos",     "tanh",  "sqrt",
                "rsqrt", "pow",      "expm1",   "log1p", "remainder"}));
  for (const std::string &op : fusable)
    EXPECT_TRUE(backend.count(op)) << op;
  // Only the structural region ops are outside the three classes.
  for (const std::string &op : other)
    EXPECT_TRUE(op == "fused_region" || op == "yield") << op;
}

} // namespace
