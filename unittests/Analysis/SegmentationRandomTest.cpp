//===- SegmentationRandomTest.cpp - tenferro-segment vs a reference -------===//
//
// Builds random programs (elementwise chains, broadcasts, broadcast-multiply
// triplets and pairs, reductions, host, FFI and foreign boundaries), runs
// tenferro-segment, and compares every region (instructions, inputs in
// order, outputs in order, last-use flags) with a straightforward
// reimplementation of the algorithm of docs/semantics.md §11.2 written here,
// independently of the pass.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"
#include "tenferro/Dialect/Tenferro/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tenferro;

namespace {

// ---- The reference: ExecProgram-like data and docs/semantics.md §11.2,
// written plainly.

struct RefInst {
  std::string op; // "bc", "mul", "host", "ffi", "foreign", or "other"
  std::vector<int> in, out;
};

struct RefSegment {
  bool fused;
  int begin, end;
  std::vector<int> in, out;
  std::vector<bool> lastUse;
  bool operator==(const RefSegment &o) const {
    return fused == o.fused && begin == o.begin && end == o.end && in == o.in &&
           out == o.out && lastUse == o.lastUse;
  }
};

std::vector<RefSegment> referenceSegment(const std::vector<RefInst> &prog,
                                         const std::vector<int> &outputs) {
  int n = prog.size();
  std::set<int> isOutput(outputs.begin(), outputs.end());
  auto usedAtOrAfter = [&](int slot, int k) {
    for (int i = n - 1; i >= k; --i)
      for (int s : prog[i].in)
        if (s == slot)
          return true;
    return false;
  };
  auto futureUses = [&](int a, int b) {
    for (int i = a; i < b; ++i)
      for (int s : prog[i].out)
        if (usedAtOrAfter(s, b))
          return true;
    return false;
  };
  auto fused = [&](int a, int b) {
    RefSegment s{true, a, b, {}, {}, {}};
    std::set<int> produced, seen;
    std::vector<int> order;
    for (int i = a; i < b; ++i) {
      for (int x : prog[i].in)
        if (!produced.count(x) && seen.insert(x).second)
          s.in.push_back(x);
      for (int x : prog[i].out)
        if (produced.insert(x).second)
          order.push_back(x);
    }
    for (int x : order)
      if (isOutput.count(x) || usedAtOrAfter(x, b))
        s.out.push_back(x);
    for (int x : s.in)
      s.lastUse.push_back(!isOutput.count(x) && !usedAtOrAfter(x, b));
    return s;
  };
  auto triplet = [&](int i) {
    return i + 3 <= n && prog[i].op == "bc" && prog[i + 1].op == "bc" &&
           prog[i + 2].op == "mul" && prog[i + 2].in.size() == 2 &&
           prog[i + 2].in[0] == prog[i].out[0] &&
           prog[i + 2].in[1] == prog[i + 1].out[0];
  };
  auto pair = [&](int i) {
    return i + 2 <= n && prog[i].op == "bc" && prog[i + 1].op == "mul" &&
           (prog[i + 1].in[0] == prog[i].out[0] ||
            prog[i + 1].in[1] == prog[i].out[0]);
  };
  std::vector<RefSegment> segs;
  int open = -1;
  auto flush = [&](int end) {
    if (open >= 0 && open < end)
      segs.push_back(fused(open, end));
    open = -1;
  };
  for (int i = 0; i < n;) {
    const std::string &op = prog[i].op;
    if (op == "host" || op == "ffi" || op == "foreign") {
      flush(i);
      segs.push_back(RefSegment{false, i, i + 1, {}, {}, {}});
      ++i;
    } else if (triplet(i) && !futureUses(i, i + 3)) {
      flush(i);
      segs.push_back(fused(i, i + 3));
      i += 3;
    } else if (pair(i) && !futureUses(i, i + 2)) {
      flush(i);
      segs.push_back(fused(i, i + 2));
      i += 2;
    } else {
      if (open < 0)
        open = i;
      ++i;
    }
  }
  flush(n);
  return segs;
}

// ---- Random programs, built as MLIR and as reference data at once.

class ProgramBuilder {
public:
  ProgramBuilder(MLIRContext &ctx, unsigned seed) : b(&ctx), rng(seed) {}

  OwningOpRef<ModuleOp> build(unsigned numInsts) {
    Location loc = b.getUnknownLoc();
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    b.setInsertionPointToEnd(module->getBody());
    auto mat = RankedTensorType::get({2, 2}, b.getF64Type());
    auto vec = RankedTensorType::get({2}, b.getF64Type());
    SmallVector<Type> inputs{mat, mat, vec, vec};
    auto func =
        func::FuncOp::create(b, loc, "random", b.getFunctionType(inputs, {}));
    Block *body = func.addEntryBlock();
    b.setInsertionPointToEnd(body);
    for (BlockArgument a : body->getArguments())
      add(a);

    while (prog.size() < numInsts) {
      switch (pick(10)) {
      case 0: { // triplet
        Value x = bc(anyVec(), 0), y = bc(anyVec(), 1);
        mul(x, y);
        break;
      }
      case 1: { // pair, broadcast on either side or reused
        Value x = bc(anyVec(), pick(2));
        int form = pick(3);
        mul(form == 1 ? anyMat() : x, form == 0 ? anyMat() : x);
        break;
      }
      case 2:
        mul(anyMat(), anyMat());
        break;
      case 3:
        emit(AddOp::create(b, loc, anyMat(), anyMat()), "other");
        break;
      case 4:
        emit(ExpOp::create(b, loc, anyMat()), "other");
        break;
      case 5:
        emit(ReduceSumOp::create(b, loc, anyMat(),
                                 b.getDenseI64ArrayAttr({pick(2)})),
             "other");
        break;
      case 6:
        bc(anyVec(), pick(2));
        break;
      case 7:
        emit(ShapeOfOp::create(b, loc, anyMat(), pick(2)), "host");
        break;
      case 8: {
        auto dn =
            DotDimensionNumbersAttr::get(b.getContext(), {0}, {0}, {}, {});
        Value s =
            emit(DotGeneralOp::create(b, loc, anyVec(), anyVec(), dn), "ffi");
        (void)s;
        break;
      }
      case 9: {
        OperationState st(loc, "test.foreign");
        st.addOperands(anyMat());
        st.addTypes(mat);
        emit(b.create(st), "foreign");
        break;
      }
      }
    }
    // Return a random selection of values, possibly repeated.
    SmallVector<Value> results;
    for (int i = 0, e = 1 + pick(4); i < e; ++i) {
      Value v = values[pick(values.size())];
      results.push_back(v);
      outputs.push_back(slot.at(v.getAsOpaquePointer()));
    }
    func::ReturnOp::create(b, loc, results);
    func.setType(b.getFunctionType(inputs, ValueRange(results).getTypes()));
    return module;
  }

  std::vector<RefInst> prog;
  std::vector<int> outputs;
  /// Slot id of each value (program inputs first).
  std::map<const void *, int> slot;

private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }
  void add(Value v) {
    slot[v.getAsOpaquePointer()] = slot.size();
    values.push_back(v);
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getRank() == 2)
      mats.push_back(v);
    else if (t.getRank() == 1)
      vecs.push_back(v);
  }
  Value anyMat() { return mats[pick(mats.size())]; }
  Value anyVec() { return vecs[pick(vecs.size())]; }
  Value emit(Operation *op, const std::string &kind) {
    RefInst inst{kind, {}, {}};
    for (Value v : op->getOperands())
      inst.in.push_back(slot.at(v.getAsOpaquePointer()));
    op->setAttr("test.idx", b.getI64IntegerAttr(prog.size()));
    for (Value r : op->getResults()) {
      add(r);
      inst.out.push_back(slot.at(r.getAsOpaquePointer()));
    }
    prog.push_back(inst);
    return op->getNumResults() ? op->getResult(0) : Value();
  }
  Value bc(Value v, int64_t dim) {
    SmallVector<Attribute> shape{DimExprAttr::getConst(b.getContext(), 2),
                                 DimExprAttr::getConst(b.getContext(), 2)};
    return emit(BroadcastInDimOp::create(b, b.getUnknownLoc(), v, ValueRange(),
                                         b.getDenseI64ArrayAttr({dim}),
                                         b.getArrayAttr(shape)),
                "bc");
  }
  void mul(Value x, Value y) {
    emit(MultiplyOp::create(b, b.getUnknownLoc(), x, y), "mul");
  }

  OpBuilder b;
  std::mt19937 rng;
  SmallVector<Value> values, mats, vecs;
};

/// Reads the segments back from the segmented IR, naming values by the
/// slots of the original program.
std::vector<RefSegment> readSegments(func::FuncOp func, unsigned numArgs) {
  std::map<const void *, int> slotOfValue;
  auto slotOf = [&](Value v) -> int {
    auto it = slotOfValue.find(v.getAsOpaquePointer());
    return it == slotOfValue.end() ? -1 : it->second;
  };
  for (BlockArgument a : func.getArguments())
    slotOfValue[Value(a).getAsOpaquePointer()] = a.getArgNumber();
  // Results of original ops keep the slots they had: slots were assigned
  // in program order, inputs first, results in order.
  int next = numArgs;
  std::vector<RefSegment> segs;
  auto idxOf = [](Operation *op) {
    return static_cast<int>(
        cast<IntegerAttr>(op->getAttr("test.idx")).getInt());
  };
  for (Operation &op : func.getBody().front()) {
    if (isa<func::ReturnOp>(op))
      break;
    if (auto region = dyn_cast<FusedRegionOp>(op)) {
      RefSegment s{true, 0, 0, {}, {}, {}};
      Block &block = region.getBodyBlock();
      for (auto [arg, input] :
           llvm::zip_equal(block.getArguments(), region.getInputs())) {
        slotOfValue[Value(arg).getAsOpaquePointer()] = slotOf(input);
        s.in.push_back(slotOf(input));
      }
      s.begin = idxOf(&*block.begin());
      for (Operation &inner : block.without_terminator()) {
        s.end = idxOf(&inner) + 1;
        for (Value r : inner.getResults())
          slotOfValue[r.getAsOpaquePointer()] = next++;
      }
      for (auto [result, yielded] : llvm::zip_equal(
               region.getResults(), region.getYield().getValues())) {
        slotOfValue[result.getAsOpaquePointer()] = slotOf(yielded);
        s.out.push_back(slotOf(yielded));
      }
      for (bool f : region.getLastUse())
        s.lastUse.push_back(f);
      segs.push_back(s);
      continue;
    }
    int idx = idxOf(&op);
    segs.push_back(RefSegment{false, idx, idx + 1, {}, {}, {}});
    for (Value r : op.getResults())
      slotOfValue[r.getAsOpaquePointer()] = next++;
  }
  return segs;
}

std::string describe(const std::vector<RefSegment> &segs) {
  std::string s;
  llvm::raw_string_ostream os(s);
  for (const RefSegment &g : segs) {
    os << (g.fused ? "Fused" : "Boundary") << "[" << g.begin << "," << g.end
       << ")";
    if (g.fused) {
      os << " in=";
      for (int x : g.in)
        os << x << ",";
      os << " out=";
      for (int x : g.out)
        os << x << ",";
      os << " last_use=";
      for (bool f : g.lastUse)
        os << f;
    }
    os << "\n";
  }
  return s;
}

TEST(SegmentationRandom, MatchesReference) {
  MLIRContext ctx;
  ctx.loadDialect<TenferroDialect, func::FuncDialect>();
  ctx.allowUnregisteredDialects();
  unsigned patterns = 0;
  for (unsigned seed = 1; seed <= 300; ++seed) {
    ProgramBuilder pb(ctx, seed);
    OwningOpRef<ModuleOp> module = pb.build(5 + seed % 40);
    std::vector<RefSegment> expected = referenceSegment(pb.prog, pb.outputs);

    PassManager pm(&ctx);
    pm.addNestedPass<func::FuncOp>(createTenferroSegmentPass());
    ASSERT_TRUE(succeeded(pm.run(*module))) << "seed " << seed;
    auto func = cast<func::FuncOp>(module->getBody()->front());
    std::vector<RefSegment> actual = readSegments(func, 4);
    for (const RefSegment &s : expected)
      patterns += s.fused && (s.end - s.begin == 2 || s.end - s.begin == 3);
    ASSERT_EQ(describe(actual), describe(expected)) << "seed " << seed;
  }
  // The generator must exercise isolation, not only plain runs.
  EXPECT_GT(patterns, 100u);
}

} // namespace
