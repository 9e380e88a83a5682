//===- AVX512Parts.cpp - x86 intrinsics on 512-bit parts ------------------===//

#include "AVX512Parts.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

int64_t tenferro::avx512Lanes(Type t) {
  auto v = dyn_cast<VectorType>(t);
  if (!v || v.getRank() != 1 || v.isScalable())
    return 0;
  int64_t lanes = v.getElementType().isF32()   ? 16
                  : v.getElementType().isF64() ? 8
                                               : 0;
  return lanes && v.getDimSize(0) % lanes == 0 ? lanes : 0;
}

Value tenferro::mapAVX512Parts(
    OpBuilder &b, Location loc, Value x, Value y,
    function_ref<Value(Value xPart, Value yPart)> part) {
  int64_t lanes = avx512Lanes(x.getType());
  assert(lanes && "not a vector of 512-bit parts");
  int64_t n = cast<VectorType>(x.getType()).getDimSize(0);
  if (n == lanes)
    return part(x, y);
  Value whole = x;
  for (int64_t offset = 0; offset < n; offset += lanes) {
    Value xs = vector::ExtractStridedSliceOp::create(b, loc, x, {offset},
                                                     {lanes}, {1});
    Value ys = vector::ExtractStridedSliceOp::create(b, loc, y, {offset},
                                                     {lanes}, {1});
    Value r = part(xs, ys);
    whole =
        vector::InsertStridedSliceOp::create(b, loc, r, whole, {offset}, {1});
  }
  return whole;
}
