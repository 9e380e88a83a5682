//===- BufferCache.h - freed buffers kept for the next call ----*- C++ -*-===//
//
// Programs compiled into this process allocate their intermediates (and,
// without destination passing, their results) on every call. With glibc's
// defaults a block of 128 KiB or more is a fresh mmap whose pages the
// kernel zeroes on first touch, and freeing it unmaps it again: a program
// whose intermediates are large spends more time in page faults than in
// its loops (docs/performance.md, "Buffer cache"). The JIT binds the
// programs' malloc, aligned_alloc, calloc, realloc and free to the
// functions below, which keep freed blocks of 128 KiB or more, by size,
// for the next allocation of that size, as ONNX Runtime's arena and
// PyTorch's caching allocator do. Objects compiled ahead of time call the
// C library's allocator (docs/abi.md).
//
//===----------------------------------------------------------------------===//

#ifndef TENFERRO_RUNTIME_BUFFERCACHE_H
#define TENFERRO_RUNTIME_BUFFERCACHE_H

#include <cstddef>
#include <cstdint>

namespace mlir::tenferro {

/// Blocks of at least this many bytes are cached; smaller ones go to and
/// come from the C library's malloc, which keeps them itself.
constexpr size_t kMinCachedBufferBytes = size_t(128) << 10;

/// The default bound on the bytes of freed blocks the cache keeps.
constexpr size_t kDefaultBufferCacheLimit = size_t(2) << 30;

/// The allocation functions compiled programs call in this process. Each
/// behaves as its C library namesake; blocks of kMinCachedBufferBytes or
/// more are page-aligned and, once freed, reused by the next request of
/// the same size rounded up to a page. Thread-safe.
void *cachedMalloc(size_t size);
void *cachedAlignedAlloc(size_t alignment, size_t size);
void *cachedCalloc(size_t count, size_t size);
void *cachedRealloc(void *block, size_t size);
void cachedFree(void *block);

struct BufferCacheStats {
  /// Bytes and blocks freed and kept for reuse.
  size_t cachedBytes = 0;
  size_t cachedBlocks = 0;
  /// The bound on cachedBytes.
  size_t limitBytes = 0;
  /// Allocations of a cached size served from the cache, and those that
  /// went to the C library (since the process started).
  uint64_t hits = 0;
  uint64_t misses = 0;
};

BufferCacheStats getBufferCacheStats();

/// Keeps at most `bytes` of freed blocks, releasing cached blocks beyond
/// it now; 0 turns caching off (every block goes back to the C library).
void setBufferCacheLimit(size_t bytes);

/// Returns every cached block to the C library (the limit stays).
void releaseCachedBuffers();

} // namespace mlir::tenferro

#endif // TENFERRO_RUNTIME_BUFFERCACHE_H
