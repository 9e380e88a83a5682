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
#include <new>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tenferro::host {

/// The seven tenferro dtypes.
enum class DType { F32, F64, I32, I64, Bool, C32, C64 };

/// Storage aligned to a cache line (64 bytes): whole AVX-512 vectors then
/// never straddle two lines, and compiled kernels can write with
/// non-temporal stores, which need aligned addresses
/// (tenferro-nontemporal-stores). std::vector's default allocator aligns
/// to 16 bytes.
template <typename T>
struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlignment{64};
  CacheLineAllocator() = default;
  template <typename U>
  CacheLineAllocator(const CacheLineAllocator<U> &) {}
  T *allocate(size_t n) {
    return static_cast<T *>(::operator new(n * sizeof(T), kAlignment));
  }
  void deallocate(T *p, size_t) { ::operator delete(p, kAlignment); }
  template <typename U>
  bool operator==(const CacheLineAllocator<U> &) const {
    return true;
  }
  template <typename U>
  bool operator!=(const CacheLineAllocator<U> &) const {
    return false;
  }
};

/// A tensor in host memory: logical shape, column-major data (tenferro's
/// layout, and the layout of compiled programs' buffers), 64-byte aligned.
struct HostTensor {
  using Bytes = std::vector<char, CacheLineAllocator<char>>;
  DType dtype;
  llvm::SmallVector<int64_t> shape;
  Bytes data;

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
