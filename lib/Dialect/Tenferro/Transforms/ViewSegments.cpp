//===- ViewSegments.cpp - the tenferro-view-segments pass -----------------===//
//
// Writes a segmented program as Graphviz DOT: fused regions are clusters,
// boundary instructions are coloured boxes.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tenferro {
#define GEN_PASS_DEF_TENFERROVIEWSEGMENTSPASS
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h.inc"
} // namespace mlir::tenferro

using namespace mlir;
using namespace mlir::tenferro;

namespace {

class DotWriter {
public:
  explicit DotWriter(raw_ostream &os) : os(os) {}

  void write(func::FuncOp func) {
    os << "digraph \"" << func.getSymName() << "\" {\n"
       << "  rankdir=TB;\n  node [fontname=\"Helvetica\", fontsize=10];\n";
    for (BlockArgument arg : func.getArguments())
      os << "  " << node(arg) << " [shape=ellipse, label=\"input "
         << arg.getArgNumber() << "\\n"
         << typeStr(arg.getType()) << "\"];\n";
    unsigned clusterId = 0;
    for (Operation &op : func.getBody().front()) {
      if (auto region = dyn_cast<FusedRegionOp>(op)) {
        writeRegion(region, clusterId++);
        continue;
      }
      if (isa<func::ReturnOp>(op)) {
        os << "  ret [shape=doublecircle, label=\"return\"];\n";
        for (auto [i, v] : llvm::enumerate(op.getOperands()))
          edge(v, "ret", "label=\"#" + std::to_string(i) + "\"");
        continue;
      }
      ExecClass cls = getExecClass(&op);
      os << "  " << node(&op) << " [shape=box, style=filled, fillcolor=\""
         << (cls == ExecClass::Host      ? "lightblue"
             : cls == ExecClass::FFI     ? "orange"
             : cls == ExecClass::Foreign ? "grey80"
                                         : "white")
         << "\", label=\"" << label(&op) << "\\n(" << stringifyExecClass(cls)
         << ")\"];\n";
      for (Value v : op.getOperands())
        edge(v, node(&op), "");
    }
    os << "}\n";
  }

private:
  void writeRegion(FusedRegionOp region, unsigned id) {
    os << "  subgraph cluster_" << id << " {\n    label=\"fused_region #" << id
       << " (" << stringifyFusedRegionKind(region.getKind())
       << ")\";\n    style=rounded; color=\"";
    switch (region.getKind()) {
    case FusedRegionKind::elementwise:
      os << "darkgreen";
      break;
    case FusedRegionKind::broadcast_multiply:
      os << "purple";
      break;
    case FusedRegionKind::sequence:
      os << "red";
      break;
    }
    os << "\";\n";
    Block &block = region.getBodyBlock();
    for (Operation &op : block.without_terminator())
      os << "    " << node(&op) << " [shape=box, label=\"" << label(&op)
         << "\"];\n";
    os << "  }\n";
    // Region arguments alias the region's inputs.
    for (auto [arg, input] :
         llvm::zip_equal(block.getArguments(), region.getInputs()))
      alias[arg] = input;
    ArrayRef<bool> lastUse = region.getLastUse();
    for (Operation &op : block.without_terminator())
      for (Value v : op.getOperands()) {
        auto arg = dyn_cast<BlockArgument>(v);
        bool dies =
            arg && arg.getOwner() == &block && lastUse[arg.getArgNumber()];
        edge(v, node(&op), dies ? "style=bold, color=\"firebrick\"" : "");
      }
    // Region results alias the yielded values.
    for (auto [result, yielded] :
         llvm::zip_equal(region.getResults(), region.getYield().getValues()))
      alias[result] = yielded;
  }

  void edge(Value v, const std::string &to, const std::string &attrs) {
    while (Value a = alias.lookup(v))
      v = a;
    os << "  " << node(v) << " -> " << to;
    if (!attrs.empty())
      os << " [" << attrs << "]";
    os << ";\n";
  }

  std::string node(Operation *op) {
    auto [it, inserted] = ids.try_emplace(op, ids.size());
    return "op" + std::to_string(it->second);
  }
  std::string node(Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      return "in" + std::to_string(arg.getArgNumber());
    return node(v.getDefiningOp());
  }
  static std::string typeStr(Type t) {
    std::string s;
    llvm::raw_string_ostream(s) << t;
    return s;
  }
  static std::string label(Operation *op) {
    std::string name = op->getName().getStringRef().str();
    if (op->getNumResults() == 1)
      name += "\\n" + typeStr(op->getResult(0).getType());
    return name;
  }

  raw_ostream &os;
  llvm::DenseMap<Operation *, unsigned> ids;
  llvm::DenseMap<Value, Value> alias;
};

struct ViewSegmentsPass
    : public tenferro::impl::TenferroViewSegmentsPassBase<ViewSegmentsPass> {
  using TenferroViewSegmentsPassBase::TenferroViewSegmentsPassBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    markAllAnalysesPreserved();
    if (func.isExternal() || !func.getBody().hasOneBlock())
      return;
    if (outputFile == "-") {
      DotWriter(llvm::outs()).write(func);
      return;
    }
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file =
        openOutputFile(outputFile, &error);
    if (!file) {
      func.emitError() << "tenferro-view-segments: cannot open '" << outputFile
                       << "': " << error;
      return signalPassFailure();
    }
    DotWriter(file->os()).write(func);
    file->keep();
  }
};

} // namespace
