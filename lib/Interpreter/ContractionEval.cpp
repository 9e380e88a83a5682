//===- ContractionEval.cpp - contractions ---------------------------------===//
//
// Contractions (dot_general, dot_general_with_conj): each output element
// accumulates its products from zero, the first contracting dim varying
// slowest as in the compiled loop nest, without fused multiply-add.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include <complex>
#include <type_traits>

using namespace mlir;
using namespace mlir::tenferro;
using namespace mlir::tenferro::host;
using namespace mlir::tenferro::host::detail;

template <typename OpTy>
HostTensor Interpreter::dot(OpTy op, bool conjL, bool conjR) {
  const HostTensor &l = get(op.getLhs()), &r = get(op.getRhs());
  DotDimensionNumbersAttr dn = op.getDimensionNumbers();
  ArrayRef<int64_t> lc = dn.getLhsContractingDims(),
                    rc = dn.getRhsContractingDims(), lb = dn.getLhsBatchDims(),
                    rb = dn.getRhsBatchDims();
  SmallVector<int64_t> lFree, rFree;
  for (int64_t a = 0; a < static_cast<int64_t>(l.shape.size()); ++a)
    if (!llvm::is_contained(lc, a) && !llvm::is_contained(lb, a))
      lFree.push_back(a);
  for (int64_t a = 0; a < static_cast<int64_t>(r.shape.size()); ++a)
    if (!llvm::is_contained(rc, a) && !llvm::is_contained(rb, a))
      rFree.push_back(a);
  Shape outShape, kShape;
  for (int64_t a : lFree)
    outShape.push_back(l.shape[a]);
  for (int64_t a : rFree)
    outShape.push_back(r.shape[a]);
  for (int64_t a : lb)
    outShape.push_back(l.shape[a]);
  for (int64_t a : lc)
    kShape.push_back(l.shape[a]);
  DType rdt = dtypeOfType(op.getResult().getType());
  HostTensor out = makeTensor(rdt, outShape);
  visit(rdt, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T> || is_complex<T>::value) {
      forEachIndex(outShape, [&](ArrayRef<int64_t> o, int64_t e) {
        Shape li(l.shape.size()), ri(r.shape.size());
        size_t p = 0;
        for (int64_t a : lFree)
          li[a] = o[p++];
        for (int64_t a : rFree)
          ri[a] = o[p++];
        for (auto [a, b] : llvm::zip_equal(lb, rb))
          li[a] = ri[b] = o[p++];
        T acc = T(0);
        // The first contracting dim varies slowest, as in the compiled
        // loop nest.
        Shape k(kShape.size(), 0);
        for (int64_t n = numel(kShape), c = 0; c < n; ++c) {
          for (auto [j, a, b] : llvm::enumerate(lc, rc))
            li[a] = ri[b] = k[j];
          T x = loadAs<T>(l, offsetOf(l.shape, li));
          T y = loadAs<T>(r, offsetOf(r.shape, ri));
          if constexpr (is_complex<T>::value) {
            if (conjL)
              x = std::conj(x);
            if (conjR)
              y = std::conj(y);
          }
          T prod = multiply(x, y);
          acc = acc + prod;
          for (size_t j = k.size(); j-- > 0;) {
            if (++k[j] < kShape[j])
              break;
            k[j] = 0;
          }
        }
        rawStore(out, e, acc);
      });
    } else {
      fail("dot_general takes floating-point or complex operands");
    }
  });
  return out;
}

HostTensor Interpreter::eval(DotGeneralOp op) {
  return dot(op, /*conjL=*/false, /*conjR=*/false);
}

HostTensor Interpreter::eval(DotGeneralWithConjOp op) {
  return dot(op, op.getLhsConj(), op.getRhsConj());
}
