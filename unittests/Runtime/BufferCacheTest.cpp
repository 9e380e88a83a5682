//===- BufferCacheTest.cpp - the buffer cache of compiled programs --------===//
//
// What the JIT's programs rely on (BufferCache.h): a freed large block is
// handed back for the next request of its size, small blocks are the C
// library's, alignment and zeroing hold for reused blocks, and the bound
// is kept. The cache is the process's: each test reads its own deltas.
//
//===----------------------------------------------------------------------===//

#include "tenferro/Runtime/BufferCache.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>

using namespace mlir::tenferro;

namespace {

constexpr size_t kLarge = size_t(1) << 20;

/// Starts each test with an empty cache and the default bound.
class BufferCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    setBufferCacheLimit(kDefaultBufferCacheLimit);
    releaseCachedBuffers();
    before = getBufferCacheStats();
  }
  void TearDown() override {
    setBufferCacheLimit(kDefaultBufferCacheLimit);
    releaseCachedBuffers();
  }
  uint64_t hits() const { return getBufferCacheStats().hits - before.hits; }
  uint64_t misses() const {
    return getBufferCacheStats().misses - before.misses;
  }
  BufferCacheStats before;
};

TEST_F(BufferCacheTest, FreedLargeBlockIsReusedAtItsSize) {
  void *first = cachedMalloc(kLarge);
  ASSERT_NE(first, nullptr);
  std::memset(first, 1, kLarge);
  cachedFree(first);
  EXPECT_EQ(getBufferCacheStats().cachedBytes, kLarge);
  EXPECT_EQ(getBufferCacheStats().cachedBlocks, 1u);
  // Sizes that round to the same page count share blocks.
  void *second = cachedMalloc(kLarge - 100);
  EXPECT_EQ(second, first);
  EXPECT_EQ(hits(), 1u);
  EXPECT_EQ(misses(), 1u);
  EXPECT_EQ(getBufferCacheStats().cachedBytes, 0u);
  // Another size is not served from a larger block.
  cachedFree(second);
  void *other = cachedMalloc(2 * kLarge);
  EXPECT_NE(other, first);
  EXPECT_EQ(misses(), 2u);
  cachedFree(other);
  EXPECT_EQ(getBufferCacheStats().cachedBlocks, 2u);
}

TEST_F(BufferCacheTest, SmallBlocksAreTheCLibrarys) {
  void *small = cachedMalloc(kMinCachedBufferBytes - 1);
  ASSERT_NE(small, nullptr);
  cachedFree(small);
  EXPECT_EQ(getBufferCacheStats().cachedBlocks, 0u);
  EXPECT_EQ(hits() + misses(), 0u);
  // free(NULL) is a no-op, as the C library's.
  cachedFree(nullptr);
}

TEST_F(BufferCacheTest, AlignmentHoldsForReusedBlocks) {
  void *block = cachedAlignedAlloc(64, kLarge);
  ASSERT_NE(block, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % 4096, 0u);
  cachedFree(block);
  void *again = cachedAlignedAlloc(4096, kLarge);
  EXPECT_EQ(again, block);
  cachedFree(again);
  // Beyond a page: the C library's aligned_alloc, not cached.
  void *wide = cachedAlignedAlloc(8192, kLarge);
  ASSERT_NE(wide, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(wide) % 8192, 0u);
  cachedFree(wide);
  EXPECT_EQ(getBufferCacheStats().cachedBlocks, 1u);
  void *small = cachedAlignedAlloc(64, 256);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 64, 0u);
  cachedFree(small);
}

TEST_F(BufferCacheTest, CallocZeroesReusedBlocks) {
  auto *dirty = static_cast<unsigned char *>(cachedMalloc(kLarge));
  ASSERT_NE(dirty, nullptr);
  std::memset(dirty, 0xff, kLarge);
  cachedFree(dirty);
  auto *zeroed = static_cast<unsigned char *>(cachedCalloc(kLarge / 8, 8));
  ASSERT_EQ(zeroed, dirty);
  size_t nonzero = 0;
  for (size_t i = 0; i < kLarge; ++i)
    nonzero += zeroed[i] != 0;
  EXPECT_EQ(nonzero, 0u);
  cachedFree(zeroed);
  EXPECT_EQ(cachedCalloc(SIZE_MAX / 2, 4), nullptr);
}

TEST_F(BufferCacheTest, ReallocKeepsTheContents) {
  auto *block = static_cast<unsigned char *>(cachedMalloc(kLarge));
  ASSERT_NE(block, nullptr);
  for (size_t i = 0; i < kLarge; ++i)
    block[i] = static_cast<unsigned char>(i * 7);
  auto *grown = static_cast<unsigned char *>(cachedRealloc(block, 3 * kLarge));
  ASSERT_NE(grown, nullptr);
  size_t wrong = 0;
  for (size_t i = 0; i < kLarge; ++i)
    wrong += grown[i] != static_cast<unsigned char>(i * 7);
  EXPECT_EQ(wrong, 0u);
  // The old block went back to the cache.
  EXPECT_EQ(getBufferCacheStats().cachedBytes, kLarge);
  auto *shrunk = static_cast<unsigned char *>(cachedRealloc(grown, 100));
  ASSERT_NE(shrunk, nullptr);
  EXPECT_EQ(shrunk[99], static_cast<unsigned char>(99 * 7));
  cachedFree(shrunk);
  // A small block of the C library's grows through the C library.
  void *small = cachedRealloc(nullptr, 16);
  ASSERT_NE(small, nullptr);
  small = cachedRealloc(small, 32);
  ASSERT_NE(small, nullptr);
  cachedFree(small);
}

TEST_F(BufferCacheTest, TheBoundIsKept) {
  setBufferCacheLimit(kLarge);
  void *a = cachedMalloc(kLarge);
  void *b = cachedMalloc(kLarge);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  cachedFree(a);
  cachedFree(b);
  // The second block would exceed the bound: it went back to the C library.
  EXPECT_EQ(getBufferCacheStats().cachedBytes, kLarge);
  EXPECT_EQ(getBufferCacheStats().limitBytes, kLarge);
  // Lowering the bound frees cached blocks now; 0 turns caching off.
  setBufferCacheLimit(0);
  EXPECT_EQ(getBufferCacheStats().cachedBytes, 0u);
  void *c = cachedMalloc(kLarge);
  cachedFree(c);
  EXPECT_EQ(getBufferCacheStats().cachedBlocks, 0u);
  // Releasing empties the cache and keeps the bound.
  setBufferCacheLimit(4 * kLarge);
  cachedFree(cachedMalloc(kLarge));
  EXPECT_EQ(getBufferCacheStats().cachedBlocks, 1u);
  releaseCachedBuffers();
  EXPECT_EQ(getBufferCacheStats().cachedBlocks, 0u);
  EXPECT_EQ(getBufferCacheStats().limitBytes, 4 * kLarge);
}

} // namespace
