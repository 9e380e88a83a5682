//===- HostTensor.h - tensors in host memory --------------------*- C++ -*-===//
//
// Column-major tensors in host memory and .npy files: what compiled
// programs (Executable), the reference interpreter and tenferro-runner
// take and return.
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_RUNTIME_HOSTTENSOR_H
#define TENFERRO_RUNTIME_HOSTTENSOR_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tenferro::host {

/// The seven tenferro dtypes.
enum class DType { F32, F64, I32, I64, Bool, C32, C64 };

/// A tensor in host memory: logical shape, column-major data (tenferro's
/// layout, and the layout of compiled programs' buffers).
struct HostTensor {
  DType dtype;
  llvm::SmallVector<int64_t> shape;
  std::vector<char> data;

  int64_t numElements() const;
};

size_t elementSize(DType dtype);
llvm::StringRef dtypeName(DType dtype);
/// The DType of an MLIR element type, if it is a tenferro dtype.
std::optional<DType> dtypeOf(Type type);

/// Reads a .npy file (format 1.0-3.0). C-order arrays are transposed into
/// column-major; Fortran-order arrays are taken as they are.
llvm::Expected<HostTensor> readNpy(llvm::StringRef path);

/// Writes a Fortran-order (column-major) .npy file.
llvm::Error writeNpy(llvm::StringRef path, const HostTensor &tensor);

/// Bytes of a tensor with these extents and element size, or none when the
/// count does not fit in 64 bits (or an extent is negative).
std::optional<uint64_t> byteSize(llvm::ArrayRef<int64_t> shape,
                                 size_t elementSize);

/// Deterministic pseudo-random contents: floats uniform in [-1, 1), integers
/// in [-10, 10], booleans 0/1; complex parts independently.
HostTensor randomTensor(DType dtype, llvm::ArrayRef<int64_t> shape,
                        uint64_t seed);

/// One line per element range: "[v0, v1, ...]" with at most `limit`
/// elements in column-major order.
std::string formatElements(const HostTensor &tensor, int64_t limit);

} // namespace mlir::tenferro::host

#endif // TENFERRO_RUNTIME_HOSTTENSOR_H
