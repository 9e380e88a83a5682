// The runtime's buffer cache (docs/running.md, "Buffer cache"): every
// block of 128 KiB or more that a call allocates (intermediates, and
// results without destination passing) is the one an earlier call freed,
// so only the first timed call allocates fresh memory; the results do not
// change. --buffer-cache-limit=0 turns the cache off.
// RUN: tenferro-runner %s --random=3 --repeat=4 --print-elements=2 \
// RUN:   | FileCheck %s --check-prefixes=OUT,CACHED
// RUN: tenferro-runner %s --random=3 --repeat=4 --print-elements=2 \
// RUN:   --pipeline-options=destination-passing=true \
// RUN:   | FileCheck %s --check-prefixes=OUT,CACHED
// RUN: tenferro-runner %s --random=3 --repeat=4 --print-elements=2 \
// RUN:   --buffer-cache-limit=0 | FileCheck %s --check-prefixes=OUT,OFF
// The same bits with the cache on and off.
// RUN: tenferro-runner %s --random=3 --output=%t.on
// RUN: tenferro-runner %s --random=3 --output=%t.off --buffer-cache-limit=0
// RUN: cmp %t.on0.npy %t.off0.npy

// OUT: output #0: f32 [512, 512]
// OUT: time: min
// CACHED-NEXT: buffer cache: [[#MISSES:]] misses,
// CACHED-SAME: [[#mul(MISSES,3)]] hits over the timed runs, [[#]] bytes kept
// OFF-NEXT: buffer cache: {{[1-9][0-9]*}} misses, 0 hits over the timed runs, 0 bytes kept

// Softmax over the first axis: the host instruction (shape_of) cuts the
// program, so exp(x), 1 MiB, is an intermediate of its own buffer.
func.func @softmax(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %e = tenferro.exp %x : tensor<512x512xf32>
  %n = tenferro.shape_of %e, axis = 0 : tensor<512x512xf32>
  %s = tenferro.reduce_sum %e, axes = [0] : tensor<512x512xf32>
  %b = tenferro.broadcast_in_dim %s, dims = [1] to [512, 512] : tensor<512xf32>
  %y = tenferro.divide %e, %b : tensor<512x512xf32>
  return %y : tensor<512x512xf32>
}
