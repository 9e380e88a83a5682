//===- ReductionEval.cpp - reductions -------------------------------------===//
//
// Reductions (reduce_sum, reduce_prod, reduce_max, reduce_min,
// reduce_sum_squares): each output accumulates from the identity in the
// compiled loop order, column-major over the input, and a reduction over
// the leading axes 0..k-1 (axis 0 alone, or a whole tensor) in 64 lanes
// (docs/semantics.md 8.5).
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tenferro/Dialect/Tenferro/IR/ReductionOrder.h"

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;
using namespace mlir::tenferro::host::detail;

template <typename OpTy>
HostTensor Interpreter::reduce(OpTy op) {
  const HostTensor &in = get(op.getOperand());
  ArrayRef<int64_t> axes = op.getAxes();
  Shape outShape;
  for (auto [a, d] : llvm::enumerate(in.shape))
    if (!llvm::is_contained(axes, static_cast<int64_t>(a)))
      outShape.push_back(d);
  HostTensor out = makeTensor(in.dtype, outShape);
  visit(in.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, bool>) {
      fail("reductions do not take i1");
    } else {
      T identity = T(0);
      if constexpr (std::is_same_v<OpTy, ReduceProdOp>)
        identity = T(1);
      if constexpr (std::is_floating_point_v<T>) {
        if constexpr (std::is_same_v<OpTy, ReduceMaxOp>)
          identity = -std::numeric_limits<T>::infinity();
        if constexpr (std::is_same_v<OpTy, ReduceMinOp>)
          identity = std::numeric_limits<T>::infinity();
      }
      // acc combined with x; `squares` squares x first (sums of squares
      // combine input elements so, and their lanes' partial sums plainly).
      auto step = [&](T acc, T x, bool squares) -> T {
        if constexpr (std::is_same_v<OpTy, ReduceSumOp> ||
                      std::is_same_v<OpTy, ReduceSumSquaresOp>) {
          if (std::is_same_v<OpTy, ReduceSumSquaresOp> && squares) {
            if constexpr (is_complex<T>::value)
              x = multiply(x, std::conj(x));
            else
              x = multiply(x, x);
          }
          if constexpr (std::is_integral_v<T>)
            return wrapAdd(acc, x);
          else
            return acc + x;
        } else if constexpr (std::is_same_v<OpTy, ReduceProdOp>) {
          return multiply(acc, x);
        } else if constexpr (std::is_floating_point_v<T>) {
          return std::is_same_v<OpTy, ReduceMaxOp> ? maximumF(acc, x)
                                                   : minimumF(acc, x);
        } else {
          fail("reduce_max/reduce_min take f32 or f64");
          return acc;
        }
      };
      auto outIndex = [&](ArrayRef<int64_t> idx) {
        Shape o;
        for (auto [a, i] : llvm::enumerate(idx))
          if (!llvm::is_contained(axes, static_cast<int64_t>(a)))
            o.push_back(i);
        return offsetOf(outShape, o);
      };
      int64_t n = numel(outShape);
      if (op.reducesLeadingAxes()) {
        int64_t k = static_cast<int64_t>(axes.size());
        // Over the leading axes: in kLanes lanes, as the compiled code
        // (docs/semantics.md 8.5, "Order"; the constants of
        // ReductionOrder.h, which the lowering uses too). The block of the
        // reduced axes (column-major position i) is cut into whole parts of
        // kPart elements: each part's lanes combine, from the identity, its
        // elements with i mod kLanes = l in increasing i; lane l starts
        // from the identity, combines lane l of each part in order, then
        // the elements after the last whole part. Group g is lane g
        // combined with lanes g + kGroups, g + 2 kGroups, ... in order;
        // then the groups pairwise (group j with group j + w for w = 8, 4,
        // 2, 1).
        constexpr int64_t kLanes = kReductionLanes, kGroups = kReductionGroups;
        constexpr int64_t kPart = kReductionPart;
        int64_t block = 1;
        for (int64_t a = 0; a < k; ++a)
          block *= in.shape[a];
        int64_t parts = block / kPart;
        // partLanes[(oe * parts + p) * kLanes + l]: lane l of part p.
        std::vector<T> partLanes(static_cast<size_t>(n * parts * kLanes),
                                 identity);
        std::vector<T> lanes(static_cast<size_t>(n * kLanes), identity);
        auto position = [&](ArrayRef<int64_t> idx) {
          int64_t i = 0;
          for (int64_t a = k - 1; a >= 0; --a)
            i = i * in.shape[a] + idx[a];
          return i;
        };
        if (parts > 0)
          forEachIndex(in.shape, [&](ArrayRef<int64_t> idx, int64_t e) {
            int64_t i = position(idx);
            if (i >= parts * kPart)
              return;
            T &acc = partLanes[(outIndex(idx) * parts + i / kPart) * kLanes +
                               i % kLanes];
            acc = step(acc, rawLoad<T>(in, e), /*squares=*/true);
          });
        for (int64_t oe = 0; oe < n; ++oe)
          for (int64_t p = 0; p < parts; ++p)
            for (int64_t l = 0; l < kLanes; ++l) {
              T &acc = lanes[oe * kLanes + l];
              acc = step(acc, partLanes[(oe * parts + p) * kLanes + l],
                         /*squares=*/false);
            }
        // forEachIndex visits the input in column-major order: for each
        // output element, its elements after the parts in increasing i.
        forEachIndex(in.shape, [&](ArrayRef<int64_t> idx, int64_t e) {
          int64_t i = position(idx);
          if (i < parts * kPart)
            return;
          T &acc = lanes[outIndex(idx) * kLanes + i % kLanes];
          acc = step(acc, rawLoad<T>(in, e), /*squares=*/true);
        });
        std::vector<T> groups(kGroups);
        for (int64_t oe = 0; oe < n; ++oe) {
          for (int64_t g = 0; g < kGroups; ++g) {
            T group = lanes[oe * kLanes + g];
            for (int64_t l = g + kGroups; l < kLanes; l += kGroups)
              group = step(group, lanes[oe * kLanes + l], /*squares=*/false);
            groups[g] = group;
          }
          for (int64_t w = kGroups / 2; w >= 1; w /= 2)
            for (int64_t j = 0; j < w; ++j)
              groups[j] = step(groups[j], groups[j + w], /*squares=*/false);
          T acc = groups[0];
          rawStore(out, oe, acc);
        }
        return;
      }
      for (int64_t e = 0; e < n; ++e)
        rawStore(out, e, identity);
      // Column-major over the input: each output accumulates its reduced
      // elements in the compiled loop nest's order.
      forEachIndex(in.shape, [&](ArrayRef<int64_t> idx, int64_t e) {
        int64_t oe = outIndex(idx);
        rawStore(
            out, oe,
            step(rawLoad<T>(out, oe), rawLoad<T>(in, e), /*squares=*/true));
      });
    }
  });
  return out;
}

HostTensor Interpreter::eval(ReduceSumOp op) { return reduce(op); }
HostTensor Interpreter::eval(ReduceProdOp op) { return reduce(op); }
HostTensor Interpreter::eval(ReduceMaxOp op) { return reduce(op); }
HostTensor Interpreter::eval(ReduceMinOp op) { return reduce(op); }
HostTensor Interpreter::eval(ReduceSumSquaresOp op) { return reduce(op); }
