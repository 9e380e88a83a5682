//===- IndexingEval.cpp - indexing with run-time indices ------------------===//
//
// The instructions whose start indices are read at run time: dynamic_slice
// and dynamic_update_slice clamp their start vector so that the slice lies
// in the operand; gather (gather, gather_dynamic_slice_sizes) reads a start
// vector per batch position from an index tensor and clamps its windows
// into the operand; scatter adds (for i1: ors) its updates in column-major
// order of the updates and drops those out of bounds.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include <algorithm>
#include <type_traits>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;
using namespace mlir::tenferro::host::detail;

namespace {

/// The start position (logical, per operand axis) read from the index
/// tensor at batch position `batch`.
Shape startVector(const HostTensor &indices, ArrayRef<int64_t> batch,
                  int64_t ivd, ArrayRef<int64_t> map, int64_t rank) {
  Shape start(rank, 0);
  for (auto [k, d] : llvm::enumerate(map)) {
    Shape at(batch);
    if (ivd < static_cast<int64_t>(indices.shape.size()))
      at.insert(at.begin() + ivd, k);
    start[d] = loadAs<int64_t>(indices, offsetOf(indices.shape, at));
  }
  return start;
}

} // namespace

HostTensor Interpreter::eval(DynamicSliceOp op) {
  const HostTensor &in = get(op.getOperand());
  const HostTensor &starts = get(op.getStartIndices());
  ArrayRef<int64_t> sizes = op.getSliceSizes();
  Shape start;
  for (size_t a = 0; a < in.shape.size(); ++a)
    start.push_back(std::min(std::max<int64_t>(loadAs<int64_t>(starts, a), 0),
                             in.shape[a] - sizes[a]));
  HostTensor out = makeTensor(in.dtype, sizes);
  forEachIndex(sizes, [&](ArrayRef<int64_t> o, int64_t e) {
    Shape i;
    for (size_t a = 0; a < o.size(); ++a)
      i.push_back(start[a] + o[a]);
    copyElement(out, e, in, offsetOf(in.shape, i));
  });
  return out;
}

HostTensor Interpreter::eval(DynamicUpdateSliceOp op) {
  const HostTensor &in = get(op.getOperand()), &u = get(op.getUpdate());
  const HostTensor &starts = get(op.getStartIndices());
  HostTensor out = makeTensor(dtypeOfType(op.getType()), in.shape);
  for (int64_t e = 0, n = numel(in.shape); e < n; ++e)
    copyElement(out, e, in, e);
  Shape start;
  for (size_t a = 0; a < in.shape.size(); ++a)
    start.push_back(std::min(std::max<int64_t>(loadAs<int64_t>(starts, a), 0),
                             in.shape[a] - u.shape[a]));
  forEachIndex(u.shape, [&](ArrayRef<int64_t> i, int64_t e) {
    Shape o;
    for (size_t a = 0; a < i.size(); ++a)
      o.push_back(start[a] + i[a]);
    copyElement(out, offsetOf(in.shape, o), u, e);
  });
  return out;
}

HostTensor Interpreter::eval(GatherOp op) {
  return gather(op, op.getOperand(), op.getIndices(), op.getDimensionNumbers(),
                op.getSliceSizes());
}

HostTensor Interpreter::eval(GatherDynamicSliceSizesOp op) {
  Shape sizes = evalShape(op.getSliceSizes(), op->getOperands());
  return gather(op, op.getOperand(), op.getIndices(), op.getDimensionNumbers(),
                sizes);
}

HostTensor Interpreter::gather(Operation *op, Value operandV, Value indicesV,
                               GatherDimensionNumbersAttr dn,
                               ArrayRef<int64_t> sizes) {
  const HostTensor &x = get(operandV), &ind = get(indicesV);
  int64_t rank = x.shape.size(), ivd = dn.getIndexVectorDim();
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims(),
                    collapsed = dn.getCollapsedSliceDims();
  Shape batchDims, windowDims;
  for (int64_t d = 0; d < static_cast<int64_t>(ind.shape.size()); ++d)
    if (d != ivd)
      batchDims.push_back(ind.shape[d]);
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(collapsed, d))
      windowDims.push_back(sizes[d]);
  int64_t outRank = batchDims.size() + offsetDims.size();
  Shape outShape;
  for (int64_t o = 0, b = 0, w = 0; o < outRank; ++o)
    outShape.push_back(llvm::is_contained(offsetDims, o) ? windowDims[w++]
                                                         : batchDims[b++]);
  HostTensor out = makeTensor(x.dtype, outShape);
  forEachIndex(outShape, [&](ArrayRef<int64_t> o, int64_t e) {
    Shape batch;
    for (int64_t i = 0; i < outRank; ++i)
      if (!llvm::is_contained(offsetDims, i))
        batch.push_back(o[i]);
    Shape start = startVector(ind, batch, ivd, dn.getStartIndexMap(), rank);
    Shape pos(rank);
    for (int64_t d = 0, w = 0; d < rank; ++d) {
      int64_t s =
          std::min(std::max<int64_t>(start[d], 0), x.shape[d] - sizes[d]);
      pos[d] = s + (llvm::is_contained(collapsed, d) ? 0 : o[offsetDims[w++]]);
    }
    copyElement(out, e, x, offsetOf(x.shape, pos));
  });
  (void)op;
  return out;
}

HostTensor Interpreter::eval(ScatterOp op) {
  const HostTensor &x = get(op.getOperand()), &ind = get(op.getIndices()),
                   &upd = get(op.getUpdates());
  DType rdt = dtypeOfType(op.getResult().getType());
  HostTensor out = makeTensor(rdt, x.shape);
  for (int64_t e = 0, n = numel(x.shape); e < n; ++e)
    copyElement(out, e, x, e);
  ScatterDimensionNumbersAttr dn = op.getDimensionNumbers();
  ArrayRef<int64_t> window = dn.getUpdateWindowDims(),
                    inserted = dn.getInsertedWindowDims();
  int64_t rank = x.shape.size();
  forEachIndex(upd.shape, [&](ArrayRef<int64_t> u, int64_t e) {
    Shape batch;
    for (int64_t d = 0; d < static_cast<int64_t>(u.size()); ++d)
      if (!llvm::is_contained(window, d))
        batch.push_back(u[d]);
    Shape pos = startVector(ind, batch, dn.getIndexVectorDim(),
                            dn.getScatterDimsToOperandDims(), rank);
    bool inBounds = true;
    for (int64_t d = 0, w = 0; d < rank; ++d) {
      if (!llvm::is_contained(inserted, d))
        pos[d] += u[window[w++]];
      inBounds = inBounds && pos[d] >= 0 && pos[d] < x.shape[d];
    }
    if (!inBounds)
      return;
    int64_t oe = offsetOf(x.shape, pos);
    visit(rdt, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, bool>) {
        rawStore(out, oe, rawLoad<bool>(out, oe) || loadAs<bool>(upd, e));
      } else if constexpr (std::is_integral_v<T>) {
        rawStore(out, oe, wrapAdd(rawLoad<T>(out, oe), loadAs<T>(upd, e)));
      } else {
        rawStore(out, oe, T(rawLoad<T>(out, oe) + loadAs<T>(upd, e)));
      }
    });
  });
  return out;
}
