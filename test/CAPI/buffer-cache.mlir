// The C API's buffer cache (tenferroCachedBufferBytes,
// tenferroReleaseCachedBuffers, tenferroSetBufferCacheLimit; docs/running.md,
// "Buffer cache") from a C program: freed blocks are kept and reused across
// calls, released and bounded on request, and change no result.
// The sanitizer build's library needs the sanitizer runtime loaded first.
// UNSUPPORTED: asan
// RUN: cc -std=c11 -Wall -Werror %S/Inputs/buffer-cache.c -I%tenferro_src/include \
// RUN:   -L%tenferro_libs -lTenferroCAPI -Wl,-rpath,%tenferro_libs -lm -o %t
// RUN: %t | FileCheck %s

// CHECK: empty before: yes, kept after a call: yes
// CHECK-NEXT: second call keeps the same bytes: yes
// CHECK-NEXT: released: 0 bytes kept
// CHECK-NEXT: limit 0: 0 bytes kept
// CHECK-NEXT: columns not summing to 1: 0
// CHECK-NEXT: same bits: yes yes
