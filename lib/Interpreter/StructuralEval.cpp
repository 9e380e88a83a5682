//===- StructuralEval.cpp - layout and structural instructions ------------===//
//
// The layout and structural instructions, which move elements (converting
// at most their dtype) or read a shape: constant, convert, transpose,
// reshape, broadcast_in_dim, shape_of, extract_diag, embed_diag, tril,
// triu, reverse, slice, pad, concatenate, pad_to_match and
// dynamic_truncate. None of them does arithmetic, so no order of
// floating-point operations is at stake here. They have a file of their
// own, as the other families do, so that Interpreter.cpp only runs
// programs and dispatches. The slices whose start indices are read at run
// time (dynamic_slice, dynamic_update_slice) are in IndexingEval.cpp, with
// gather and scatter.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include <algorithm>
#include <complex>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;
using namespace mlir::tenferro::host::detail;

HostTensor Interpreter::eval(ConstantOp op) {
  HostTensor t = makeTensor(dtypeOfType(op.getType()), {});
  Attribute v = op.getValue();
  visit(t.dtype, [&](auto tag) {
    using T = decltype(tag);
    if (auto i = dyn_cast<IntegerAttr>(v))
      rawStore(t, 0, convertValue<T>(i.getValue().getSExtValue()));
    else if (auto f = dyn_cast<FloatAttr>(v))
      rawStore(t, 0, convertValue<T>(f.getValueAsDouble()));
    else {
      auto parts = cast<ArrayAttr>(v);
      std::complex<double> z(cast<FloatAttr>(parts[0]).getValueAsDouble(),
                             cast<FloatAttr>(parts[1]).getValueAsDouble());
      rawStore(t, 0, convertValue<T>(z));
    }
  });
  return t;
}

HostTensor Interpreter::eval(ConvertOp op) {
  const HostTensor &in = get(op.getOperand());
  HostTensor out = makeTensor(dtypeOfType(op.getType()), in.shape);
  for (int64_t e = 0, n = numel(in.shape); e < n; ++e)
    copyElement(out, e, in, e);
  return out;
}

HostTensor Interpreter::eval(TransposeOp op) {
  const HostTensor &in = get(op.getOperand());
  Shape shape;
  for (int64_t p : op.getPerm())
    shape.push_back(in.shape[p]);
  HostTensor out = makeTensor(in.dtype, shape);
  forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
    Shape i(in.shape.size());
    for (auto [k, p] : llvm::enumerate(op.getPerm()))
      i[p] = o[k];
    copyElement(out, e, in, offsetOf(in.shape, i));
  });
  return out;
}

HostTensor Interpreter::eval(ReshapeOp op) {
  HostTensor out = get(op.getOperand());
  Shape shape = evalShape(op.getShape(), op->getOperands());
  if (numel(shape) != numel(out.shape))
    fail("reshape changes the element count");
  out.shape = shape; // column-major order is kept
  return out;
}

HostTensor Interpreter::eval(BroadcastInDimOp op) {
  const HostTensor &in = get(op.getOperand());
  Shape shape = evalShape(op.getShape(), op->getOperands());
  HostTensor out = makeTensor(in.dtype, shape);
  // A source extent broadcasts when it is 1 in the operand's type; a
  // dynamic one must equal the target extent, as in compiled code.
  auto inType = cast<RankedTensorType>(op.getOperand().getType());
  for (auto [k, d] : llvm::enumerate(op.getDims()))
    if (in.shape[k] != shape[d] && inType.getDimSize(k) != 1)
      fail("broadcast_in_dim: operand axis " + std::to_string(k) +
           " has extent " + std::to_string(in.shape[k]) +
           ", neither 1 in its type nor the target extent " +
           std::to_string(shape[d]));
  forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
    Shape i;
    for (auto [k, d] : llvm::enumerate(op.getDims()))
      i.push_back(inType.getDimSize(k) == 1 ? 0 : o[d]);
    copyElement(out, e, in, offsetOf(in.shape, i));
  });
  return out;
}

HostTensor Interpreter::eval(ShapeOfOp op) {
  HostTensor out = makeTensor(DType::F64, {});
  rawStore(out, 0, double(get(op.getOperand()).shape[op.getAxis()]));
  return out;
}

HostTensor Interpreter::eval(ExtractDiagOp op) {
  const HostTensor &in = get(op.getOperand());
  int64_t a = op.getAxisA(), b = op.getAxisB();
  int64_t pos = a > b ? a - 1 : a;
  Shape shape;
  for (int64_t i = 0; i < static_cast<int64_t>(in.shape.size()); ++i)
    if (i != b)
      shape.push_back(in.shape[i]);
  shape[pos] = std::min(in.shape[a], in.shape[b]);
  HostTensor out = makeTensor(in.dtype, shape);
  forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
    Shape i;
    for (int64_t k = 0, j = 0; k < static_cast<int64_t>(in.shape.size()); ++k)
      i.push_back(k == b ? 0 : o[j++]);
    i[a] = i[b] = o[pos];
    copyElement(out, e, in, offsetOf(in.shape, i));
  });
  return out;
}

HostTensor Interpreter::eval(EmbedDiagOp op) {
  const HostTensor &in = get(op.getOperand());
  int64_t a = op.getAxisA(), b = op.getAxisB();
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
  return out;
}

HostTensor Interpreter::triangle(Value operand, int64_t k, bool lower) {
  const HostTensor &in = get(operand);
  HostTensor out = makeTensor(in.dtype, in.shape);
  forEachIndex(in.shape, [&](ArrayRef<int64_t> o, int64_t e) {
    int64_t diff = o[1] - o[0];
    if (lower ? diff <= k : diff >= k)
      copyElement(out, e, in, e);
  });
  return out;
}

HostTensor Interpreter::eval(TrilOp op) {
  return triangle(op.getOperand(), op.getK(), /*lower=*/true);
}

HostTensor Interpreter::eval(TriuOp op) {
  return triangle(op.getOperand(), op.getK(), /*lower=*/false);
}

HostTensor Interpreter::eval(ReverseOp op) {
  const HostTensor &in = get(op.getOperand());
  HostTensor out = makeTensor(in.dtype, in.shape);
  forEachIndex(in.shape, [&](ArrayRef<int64_t> o, int64_t e) {
    Shape i(o);
    for (int64_t a : op.getAxes())
      i[a] = in.shape[a] - 1 - o[a];
    copyElement(out, e, in, offsetOf(in.shape, i));
  });
  return out;
}

HostTensor Interpreter::eval(SliceOp op) {
  const HostTensor &in = get(op.getOperand());
  Shape shape;
  for (size_t a = 0; a < in.shape.size(); ++a)
    shape.push_back(
        (op.getLimits()[a] - op.getStarts()[a] + op.getStrides()[a] - 1) /
        op.getStrides()[a]);
  HostTensor out = makeTensor(in.dtype, shape);
  forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
    Shape i;
    for (size_t a = 0; a < o.size(); ++a)
      i.push_back(op.getStarts()[a] + o[a] * op.getStrides()[a]);
    copyElement(out, e, in, offsetOf(in.shape, i));
  });
  return out;
}

HostTensor Interpreter::eval(PadOp op) {
  const HostTensor &in = get(op.getOperand());
  ArrayRef<int64_t> lo = op.getEdgePaddingLow(), hi = op.getEdgePaddingHigh(),
                    interior = op.getInteriorPadding();
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
  return out;
}

HostTensor Interpreter::eval(ConcatenateOp op) {
  int64_t axis = op.getAxis();
  Shape shape(get(op.getInputs()[0]).shape);
  shape[axis] = 0;
  for (Value v : op.getInputs())
    shape[axis] += get(v).shape[axis];
  HostTensor out = makeTensor(dtypeOfType(op.getType()), shape);
  int64_t base = 0;
  for (Value v : op.getInputs()) {
    const HostTensor &in = get(v);
    forEachIndex(in.shape, [&](ArrayRef<int64_t> i, int64_t e) {
      Shape o(i);
      o[axis] += base;
      copyElement(out, offsetOf(shape, o), in, e);
    });
    base += in.shape[axis];
  }
  return out;
}

HostTensor Interpreter::eval(PadToMatchOp op) {
  const HostTensor &in = get(op.getOperand());
  int64_t axis = op.getAxis();
  Shape shape(in.shape);
  shape[axis] = std::max(in.shape[axis], get(op.getReference()).shape[axis]);
  HostTensor out = makeTensor(in.dtype, shape);
  forEachIndex(in.shape, [&](ArrayRef<int64_t> i, int64_t e) {
    copyElement(out, offsetOf(shape, i), in, e);
  });
  return out;
}

HostTensor Interpreter::eval(DynamicTruncateOp op) {
  const HostTensor &in = get(op.getOperand());
  int64_t axis = op.getAxis();
  int64_t n = loadAs<int64_t>(get(op.getSize()), 0);
  if (n < 0 || n > in.shape[axis])
    fail("dynamic_truncate: length out of range");
  Shape shape(in.shape);
  shape[axis] = n;
  HostTensor out = makeTensor(in.dtype, shape);
  forEachIndex(shape, [&](ArrayRef<int64_t> o, int64_t e) {
    copyElement(out, e, in, offsetOf(in.shape, o));
  });
  return out;
}
