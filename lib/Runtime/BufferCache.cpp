//===- BufferCache.cpp - freed large buffers kept for the next call -------===//
//
// One mutex guards the cache: a program allocates a handful of blocks per
// call, each of 128 KiB or more, so the lock costs nothing next to the
// block's use. Blocks are reused only at their exact (page-rounded) size,
// so a cached block never wastes memory on a smaller request.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/BufferCache.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>

using namespace mlir::tenferro;

namespace {

/// Cached blocks are page-aligned, which serves every alignment a program
/// asks of memref.alloc up to a page.
constexpr size_t kPage = 4096;

size_t roundToPage(size_t size) { return (size + kPage - 1) / kPage * kPage; }

class BufferCache {
public:
  /// A page-aligned block of `rounded` bytes (a multiple of kPage), reused
  /// if one is cached.
  void *allocate(size_t rounded) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto idle = idleBySize.find(rounded);
      if (idle != idleBySize.end() && !idle->second.empty()) {
        void *block = idle->second.pop_back_val();
        cachedBytes -= rounded;
        ++hits;
        live[block] = rounded;
        return block;
      }
      ++misses;
    }
    void *block = std::aligned_alloc(kPage, rounded);
    if (block) {
      std::lock_guard<std::mutex> lock(mutex);
      live[block] = rounded;
    }
    return block;
  }

  /// The bytes of `block` if the cache handed it out, else 0.
  size_t sizeOf(void *block) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = live.find(block);
    return it == live.end() ? 0 : it->second;
  }

  /// Takes back a block; false if the cache did not hand it out (the
  /// caller frees it with the C library).
  bool release(void *block) {
    size_t size;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = live.find(block);
      if (it == live.end())
        return false;
      size = it->second;
      live.erase(it);
      if (cachedBytes + size <= limitBytes) {
        idleBySize[size].push_back(block);
        cachedBytes += size;
        return true;
      }
    }
    std::free(block);
    return true;
  }

  /// Sets the bound (if `bytes` is given) and frees cached blocks until
  /// at most `keep` bytes stay cached.
  void trim(std::optional<size_t> bytes, size_t keep) {
    llvm::SmallVector<void *> evicted;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (bytes)
        limitBytes = *bytes;
      for (auto &[size, blocks] : idleBySize)
        while (cachedBytes > keep && !blocks.empty()) {
          evicted.push_back(blocks.pop_back_val());
          cachedBytes -= size;
        }
    }
    for (void *block : evicted)
      std::free(block);
  }

  BufferCacheStats stats() {
    std::lock_guard<std::mutex> lock(mutex);
    size_t cachedBlocks = 0;
    for (const auto &entry : idleBySize)
      cachedBlocks += entry.second.size();
    return {cachedBytes, cachedBlocks, limitBytes, hits, misses};
  }

private:
  std::mutex mutex;
  /// Blocks handed out, with their rounded sizes.
  llvm::DenseMap<void *, size_t> live;
  /// Freed blocks by rounded size.
  llvm::DenseMap<size_t, llvm::SmallVector<void *>> idleBySize;
  size_t cachedBytes = 0;
  size_t limitBytes = kDefaultBufferCacheLimit;
  uint64_t hits = 0;
  uint64_t misses = 0;
};

/// Never destroyed: compiled programs and their results may free blocks
/// while the process exits, and the cached blocks stay reachable (no leak
/// report under LeakSanitizer).
BufferCache &cache() {
  static BufferCache *instance = new BufferCache;
  return *instance;
}

} // namespace

void *mlir::tenferro::cachedMalloc(size_t size) {
  if (size < kMinCachedBufferBytes)
    return std::malloc(size);
  return cache().allocate(roundToPage(size));
}

void *mlir::tenferro::cachedAlignedAlloc(size_t alignment, size_t size) {
  if (size < kMinCachedBufferBytes || alignment > kPage)
    return std::aligned_alloc(alignment,
                              (size + alignment - 1) / alignment * alignment);
  return cache().allocate(roundToPage(size));
}

void *mlir::tenferro::cachedCalloc(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size)
    return nullptr;
  size_t bytes = count * size;
  if (bytes < kMinCachedBufferBytes)
    return std::calloc(count, size);
  void *block = cache().allocate(roundToPage(bytes));
  if (block)
    std::memset(block, 0, bytes);
  return block;
}

void *mlir::tenferro::cachedRealloc(void *block, size_t size) {
  if (!block)
    return cachedMalloc(size);
  size_t old = cache().sizeOf(block);
  // A block of the C library's: it stays the C library's.
  if (old == 0)
    return std::realloc(block, size);
  if (roundToPage(size) == old)
    return block;
  void *moved = cachedMalloc(size);
  if (!moved)
    return nullptr;
  std::memcpy(moved, block, std::min(old, size));
  cachedFree(block);
  return moved;
}

void mlir::tenferro::cachedFree(void *block) {
  if (block && !cache().release(block))
    std::free(block);
}

BufferCacheStats mlir::tenferro::getBufferCacheStats() {
  return cache().stats();
}

void mlir::tenferro::setBufferCacheLimit(size_t bytes) {
  cache().trim(bytes, bytes);
}

void mlir::tenferro::releaseCachedBuffers() { cache().trim(std::nullopt, 0); }
