//===- Interpreter.cpp - the reference interpreter of tenferro ------------===//
//
// A direct, element-by-element evaluation of tenferro's semantics. It
// shares nothing with the lowering but the dialect's own verified types and
// DimExpr evaluation. Where a result depends on the order of floating-point
// operations (reductions, contractions, scatter-add), it accumulates in the
// order the compiled code does: column-major over the reduced indices,
// starting from the identity (a reduction over the contiguous axis alone
// in 16 lanes, docs/semantics.md 8.5), without fused multiply-add.
//
// This file holds the entry point `interpret`, the evaluation of programs
// and calls between them (shape guards, DimExprs) and the instruction
// dispatch (`evaluate`, `evaluateMore`) with the instructions that only
// move elements (constant, convert, transpose, reshape, broadcast_in_dim,
// diagonals, triangles, reverse, slice, pad, concatenate, dynamic slices,
// dynamic_truncate, pad_to_match). The other families have their own
// files: ElementwiseEval.cpp, ReductionEval.cpp, ContractionEval.cpp and
// IndexingEval.cpp; InterpreterImpl.h is what they share.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Interpreter/Interpreter.h"

#include "InterpreterImpl.h"

#include "tenferro/Dialect/Tenferro/IR/DimExprEval.h"
#include "tenferro/Dialect/Tenferro/IR/TenferroOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <complex>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;
using namespace mlir::tenferro::host::detail;

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

std::vector<HostTensor> Interpreter::run(func::FuncOp program,
                                         ArrayRef<HostTensor> inputs) {
  Block &body = program.getBody().front();
  checkShapeGuards(program, inputs);
  for (auto [arg, t] : llvm::zip_equal(body.getArguments(), inputs))
    values[arg] = t;
  return runBlock(body);
}

std::vector<HostTensor> Interpreter::runBlock(Block &block) {
  for (Operation &op : block) {
    if (op.hasTrait<mlir::OpTrait::IsTerminator>()) {
      std::vector<HostTensor> results;
      for (Value v : op.getOperands())
        results.push_back(get(v));
      return results;
    }
    current = &op;
    std::vector<HostTensor> results = evaluate(&op);
    for (auto [r, t] : llvm::zip_equal(op.getResults(), results))
      values[r] = std::move(t);
  }
  throw EvalError{"block without terminator"};
}

void Interpreter::checkShapeGuards(func::FuncOp program,
                                   ArrayRef<HostTensor> inputs) {
  auto guards =
      program->getAttrOfType<ArrayAttr>(TenferroDialect::kShapeGuardsAttrName);
  if (!guards)
    return;
  SmallVector<ArrayRef<int64_t>> shapes;
  for (const HostTensor &t : inputs)
    shapes.push_back(t.shape);
  for (auto [i, a] : llvm::enumerate(guards)) {
    auto g = cast<ShapeGuardAttr>(a);
    int64_t l = evalDim(g.getLhs(), shapes), r = evalDim(g.getRhs(), shapes);
    if (l != r)
      fail("shape guard #" + std::to_string(i) +
           " violated (ShapeConstraintViolation): " + std::to_string(l) +
           " != " + std::to_string(r));
  }
}

int64_t Interpreter::evalDim(DimExprAttr e,
                             ArrayRef<ArrayRef<int64_t>> shapes) {
  DimExprValue v = evaluateDimExpr(e, shapes);
  if (v.isError())
    fail("DimExpr " + stringifyDimExprError(v.error).str() + ": " + v.message);
  return *v.value;
}

Shape Interpreter::evalShape(ArrayAttr exprs, ValueRange operands) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value v : operands)
    shapes.push_back(get(v).shape);
  Shape shape;
  for (Attribute a : exprs)
    shape.push_back(evalDim(cast<DimExprAttr>(a), shapes));
  return shape;
}

//===----------------------------------------------------------------------===//
// The instruction dispatch
//===----------------------------------------------------------------------===//

std::vector<HostTensor> Interpreter::evaluate(Operation *op) {
  if (isElementwiseOp(op))
    return {elementwise(op)};
  auto one = [](HostTensor t) { return std::vector<HostTensor>{std::move(t)}; };
  return llvm::TypeSwitch<Operation *, std::vector<HostTensor>>(op)
      .Case([&](FusedRegionOp region) {
        Block &body = region.getBodyBlock();
        for (auto [arg, v] :
             llvm::zip_equal(body.getArguments(), region.getInputs()))
          values[arg] = get(v);
        return runBlock(body);
      })
      .Case([&](ConstantOp c) {
        HostTensor t = makeTensor(dtypeOfType(c.getType()), {});
        Attribute v = c.getValue();
        visit(t.dtype, [&](auto tag) {
          using T = decltype(tag);
          if (auto i = dyn_cast<IntegerAttr>(v))
            rawStore(t, 0, convertValue<T>(i.getValue().getSExtValue()));
          else if (auto f = dyn_cast<FloatAttr>(v))
            rawStore(t, 0, convertValue<T>(f.getValueAsDouble()));
          else {
            auto parts = cast<ArrayAttr>(v);
            std::complex<double> z(
                cast<FloatAttr>(parts[0]).getValueAsDouble(),
                cast<FloatAttr>(parts[1]).getValueAsDouble());
            rawStore(t, 0, convertValue<T>(z));
          }
        });
        return one(std::move(t));
      })
      .Case([&](ConvertOp c) {
        const HostTensor &in = get(c.getOperand());
        HostTensor out = makeTensor(dtypeOfType(c.getType()), in.shape);
        for (int64_t e = 0, n = numel(in.shape); e < n; ++e)
          copyElement(out, e, in, e);
        return one(std::move(out));
      })
      .Case([&](TransposeOp t) {
        const HostTensor &in = get(t.getOperand());
        Shape shape;
        for (int64_t p : t.getPerm())
          shape.push_back(in.shape[p]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i(in.shape.size());
          for (auto [k, p] : llvm::enumerate(t.getPerm()))
            i[p] = o[k];
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](ReshapeOp r) {
        HostTensor out = get(r.getOperand());
        Shape shape = evalShape(r.getShape(), r->getOperands());
        if (numel(shape) != numel(out.shape))
          fail("reshape changes the element count");
        out.shape = shape; // column-major order is kept
        return one(std::move(out));
      })
      .Case([&](BroadcastInDimOp b) {
        const HostTensor &in = get(b.getOperand());
        Shape shape = evalShape(b.getShape(), b->getOperands());
        HostTensor out = makeTensor(in.dtype, shape);
        // A source extent broadcasts when it is 1 in the operand's type; a
        // dynamic one must equal the target extent, as in compiled code.
        auto inType = cast<RankedTensorType>(b.getOperand().getType());
        for (auto [k, d] : llvm::enumerate(b.getDims()))
          if (in.shape[k] != shape[d] && inType.getDimSize(k) != 1)
            fail("broadcast_in_dim: operand axis " + std::to_string(k) +
                 " has extent " + std::to_string(in.shape[k]) +
                 ", neither 1 in its type nor the target extent " +
                 std::to_string(shape[d]));
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (auto [k, d] : llvm::enumerate(b.getDims()))
            i.push_back(inType.getDimSize(k) == 1 ? 0 : o[d]);
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](ReduceSumOp r) { return one(reduce(r)); })
      .Case([&](ReduceProdOp r) { return one(reduce(r)); })
      .Case([&](ReduceMaxOp r) { return one(reduce(r)); })
      .Case([&](ReduceMinOp r) { return one(reduce(r)); })
      .Case([&](ReduceSumSquaresOp r) { return one(reduce(r)); })
      .Case([&](DotGeneralOp d) { return one(dot(d, false, false)); })
      .Case([&](DotGeneralWithConjOp d) {
        return one(dot(d, d.getLhsConj(), d.getRhsConj()));
      })
      .Case([&](ShapeOfOp s) {
        HostTensor out = makeTensor(DType::F64, {});
        rawStore(out, 0, double(get(s.getOperand()).shape[s.getAxis()]));
        return one(std::move(out));
      })
      .Case([&](ExtractDiagOp d) {
        const HostTensor &in = get(d.getOperand());
        int64_t a = d.getAxisA(), b = d.getAxisB();
        int64_t pos = a > b ? a - 1 : a;
        Shape shape;
        for (int64_t i = 0; i < static_cast<int64_t>(in.shape.size()); ++i)
          if (i != b)
            shape.push_back(in.shape[i]);
        shape[pos] = std::min(in.shape[a], in.shape[b]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (int64_t k = 0, j = 0; k < static_cast<int64_t>(in.shape.size());
               ++k)
            i.push_back(k == b ? 0 : o[j++]);
          i[a] = i[b] = o[pos];
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](EmbedDiagOp d) {
        const HostTensor &in = get(d.getOperand());
        int64_t a = d.getAxisA(), b = d.getAxisB();
        int64_t aOut = a < b ? a : a + 1;
        Shape shape(in.shape);
        shape.insert(shape.begin() + b, in.shape[a]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          if (o[b] != o[aOut])
            return;
          Shape i(o);
          i.erase(i.begin() + b);
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Default([&](Operation *t) -> std::vector<HostTensor> {
        bool lower = isa<TrilOp>(t);
        if (!lower && !isa<TriuOp>(t))
          return evaluateMore(t);
        const HostTensor &in = get(t->getOperand(0));
        int64_t k = lower ? cast<TrilOp>(t).getK() : cast<TriuOp>(t).getK();
        HostTensor out = makeTensor(in.dtype, in.shape);
        forEachIndex(in.shape, [&](ArrayRef<int64_t> o, int64_t e) {
          int64_t diff = o[1] - o[0];
          if (lower ? diff <= k : diff >= k)
            copyElement(out, e, in, e);
        });
        return one(std::move(out));
      });
}

std::vector<HostTensor> Interpreter::evaluateMore(Operation *op) {
  auto one = [](HostTensor t) { return std::vector<HostTensor>{std::move(t)}; };
  return llvm::TypeSwitch<Operation *, std::vector<HostTensor>>(op)
      .Case([&](ReverseOp r) {
        const HostTensor &in = get(r.getOperand());
        HostTensor out = makeTensor(in.dtype, in.shape);
        forEachIndex(in.shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i(o);
          for (int64_t a : r.getAxes())
            i[a] = in.shape[a] - 1 - o[a];
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](SliceOp s) {
        const HostTensor &in = get(s.getOperand());
        Shape shape;
        for (size_t a = 0; a < in.shape.size(); ++a)
          shape.push_back(
              (s.getLimits()[a] - s.getStarts()[a] + s.getStrides()[a] - 1) /
              s.getStrides()[a]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (size_t a = 0; a < o.size(); ++a)
            i.push_back(s.getStarts()[a] + o[a] * s.getStrides()[a]);
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](PadOp p) {
        const HostTensor &in = get(p.getOperand());
        ArrayRef<int64_t> lo = p.getEdgePaddingLow(),
                          hi = p.getEdgePaddingHigh(),
                          interior = p.getInteriorPadding();
        Shape shape;
        for (size_t a = 0; a < in.shape.size(); ++a) {
          int64_t n = in.shape[a];
          shape.push_back(lo[a] + hi[a] +
                          (n == 0 ? 0 : (n - 1) * (interior[a] + 1) + 1));
        }
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (size_t a = 0; a < o.size(); ++a) {
            int64_t s = o[a] - lo[a], step = interior[a] + 1;
            if (s < 0 || s % step != 0 || s / step >= in.shape[a])
              return;
            i.push_back(s / step);
          }
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](ConcatenateOp c) {
        int64_t axis = c.getAxis();
        Shape shape(get(c.getInputs()[0]).shape);
        shape[axis] = 0;
        for (Value v : c.getInputs())
          shape[axis] += get(v).shape[axis];
        HostTensor out = makeTensor(dtypeOfType(c.getType()), shape);
        int64_t base = 0;
        for (Value v : c.getInputs()) {
          const HostTensor &in = get(v);
          forEachIndex(in.shape, [&](ArrayRef<int64_t> i, int64_t e) {
            Shape o(i);
            o[axis] += base;
            copyElement(out, offsetOf(shape, o), in, e);
          });
          base += in.shape[axis];
        }
        return one(std::move(out));
      })
      .Case([&](DynamicSliceOp d) {
        const HostTensor &in = get(d.getOperand());
        const HostTensor &starts = get(d.getStartIndices());
        ArrayRef<int64_t> sizes = d.getSliceSizes();
        Shape start;
        for (size_t a = 0; a < in.shape.size(); ++a)
          start.push_back(
              std::min(std::max<int64_t>(loadAs<int64_t>(starts, a), 0),
                       in.shape[a] - sizes[a]));
        HostTensor out = makeTensor(in.dtype, sizes);
        forEachIndex(sizes, [&](ArrayRef<int64_t> o, int64_t e) {
          Shape i;
          for (size_t a = 0; a < o.size(); ++a)
            i.push_back(start[a] + o[a]);
          copyElement(out, e, in, offsetOf(in.shape, i));
        });
        return one(std::move(out));
      })
      .Case([&](DynamicUpdateSliceOp d) {
        const HostTensor &in = get(d.getOperand()), &u = get(d.getUpdate());
        const HostTensor &starts = get(d.getStartIndices());
        HostTensor out = makeTensor(dtypeOfType(d.getType()), in.shape);
        for (int64_t e = 0, n = numel(in.shape); e < n; ++e)
          copyElement(out, e, in, e);
        Shape start;
        for (size_t a = 0; a < in.shape.size(); ++a)
          start.push_back(
              std::min(std::max<int64_t>(loadAs<int64_t>(starts, a), 0),
                       in.shape[a] - u.shape[a]));
        forEachIndex(u.shape, [&](ArrayRef<int64_t> i, int64_t e) {
          Shape o;
          for (size_t a = 0; a < i.size(); ++a)
            o.push_back(start[a] + i[a]);
          copyElement(out, offsetOf(in.shape, o), u, e);
        });
        return one(std::move(out));
      })
      .Case([&](GatherOp g) {
        return one(gather(g, g.getOperand(), g.getIndices(),
                          g.getDimensionNumbers(), g.getSliceSizes()));
      })
      .Case([&](GatherDynamicSliceSizesOp g) {
        Shape sizes = evalShape(g.getSliceSizes(), g->getOperands());
        return one(gather(g, g.getOperand(), g.getIndices(),
                          g.getDimensionNumbers(), sizes));
      })
      .Case([&](ScatterOp s) { return one(scatter(s)); })
      .Case([&](DynamicTruncateOp d) {
        const HostTensor &in = get(d.getOperand());
        int64_t axis = d.getAxis();
        int64_t n = loadAs<int64_t>(get(d.getSize()), 0);
        if (n < 0 || n > in.shape[axis])
          fail("dynamic_truncate: length out of range");
        Shape shape(in.shape);
        shape[axis] = n;
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
          copyElement(out, e, in, offsetOf(in.shape, o));
        });
        return one(std::move(out));
      })
      .Case([&](PadToMatchOp p) {
        const HostTensor &in = get(p.getOperand());
        int64_t axis = p.getAxis();
        Shape shape(in.shape);
        shape[axis] =
            std::max(in.shape[axis], get(p.getReference()).shape[axis]);
        HostTensor out = makeTensor(in.dtype, shape);
        forEachIndex(in.shape, [&](ArrayRef<int64_t> i, int64_t e) {
          copyElement(out, offsetOf(shape, i), in, e);
        });
        return one(std::move(out));
      })
      .Case([&](ExtensionOp x) -> std::vector<HostTensor> {
        fail("extension family '" + x.getFamilyId().str() +
             "' has no reference implementation");
      })
      .Case([&](func::CallOp call) {
        // A call to another program runs it on its own slots.
        auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr());
        if (!callee || callee.isExternal() || !callee.getBody().hasOneBlock())
          fail("callee @" + call.getCallee().str() + " is not a program");
        if (depth >= kMaxCallDepth)
          fail("calls nested more than " + std::to_string(kMaxCallDepth) +
               " deep (a recursion)");
        std::vector<HostTensor> inputs;
        for (Value v : call.getOperands())
          inputs.push_back(get(v));
        Interpreter nested(depth + 1);
        try {
          return nested.run(callee, inputs);
        } catch (EvalError &e) {
          std::string where;
          llvm::raw_string_ostream os(where);
          os << "in @" << callee.getSymName() << ", ";
          if (Operation *op = nested.getCurrent())
            os << "'" << op->getName() << "' at " << op->getLoc() << ": ";
          e.message = where + e.message;
          throw;
        }
      })
      .Default([&](Operation *o) -> std::vector<HostTensor> {
        fail("no reference semantics for '" +
             o->getName().getStringRef().str() + "'");
      });
}

FailureOr<std::vector<HostTensor>> mlir::tenferro::host::interpret(
    func::FuncOp program, ArrayRef<HostTensor> inputs, std::string &error) {
  if (program.isExternal() || !program.getBody().hasOneBlock()) {
    error = "@" + program.getSymName().str() + " is not a program";
    return failure();
  }
  if (inputs.size() != program.getNumArguments()) {
    error = "expected " + std::to_string(program.getNumArguments()) +
            " inputs, got " + std::to_string(inputs.size());
    return failure();
  }
  Interpreter interpreter;
  try {
    return interpreter.run(program, inputs);
  } catch (const EvalError &e) {
    error = e.message;
    if (Operation *op = interpreter.getCurrent()) {
      std::string where;
      llvm::raw_string_ostream os(where);
      os << "'" << op->getName() << "' at " << op->getLoc() << ": ";
      error = where + error;
    }
    return failure();
  }
}
