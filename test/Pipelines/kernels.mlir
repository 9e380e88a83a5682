// Kernel outlining and deduplication in tenferro-lower-to-llvm: two
// regions that compute the same thing on different buffers become one
// kernel, called twice; LLVM keeps it a separate function.
// RUN: tenferro-opt %s --tenferro-lower-to-llvm --mlir-print-ir-after=tenferro-deduplicate-kernels -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEDUP
// RUN: tenferro-opt %s --tenferro-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="outline-kernels=false" | FileCheck %s --check-prefix=OFF
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --compile-only --emit-object=%t.dir/twin.o
// RUN: nm %t.dir/twin.o | FileCheck %s --check-prefix=OBJECT
// Outlined or not, fused or not, the numbers are the interpreter's.
// RUN: tenferro-runner %s --random=3 --print-elements=32 | sed -n 's/^output //p' > %t.dir/kernels
// RUN: tenferro-runner %s --random=3 --print-elements=32 --reference | sed -n 's/^output //p' > %t.dir/reference
// RUN: tenferro-runner %s --random=3 --print-elements=32 --no-fusion | sed -n 's/^output //p' > %t.dir/unfused
// RUN: diff %t.dir/kernels %t.dir/reference
// RUN: diff %t.dir/unfused %t.dir/reference

// The dispatcher allocates, frees and calls; the second region's kernel
// was the first's.
// DEDUP-LABEL: func.func @tenferro_twin(
// DEDUP: memref.alloc
// DEDUP-NEXT: call @tenferro_twin.kernel0(%arg0, %[[B:.*]]) :
// DEDUP: memref.alloc
// DEDUP-NEXT: call @tenferro_twin.kernel0(%arg1, %[[D:.*]]) :
// DEDUP: return
// DEDUP: func.func private @tenferro_twin.kernel0(
// DEDUP-SAME: tenferro.kernel
// DEDUP: linalg.generic
// DEDUP-NOT: func.func

// LLVM-LABEL: llvm.func @tenferro_twin(
// LLVM-COUNT-2: llvm.call @tenferro_twin.kernel0(
// LLVM: llvm.func internal @tenferro_twin.kernel0(
// LLVM-SAME: passthrough = ["noinline"]
// LLVM-SAME: tenferro.kernel

// OFF-NOT: kernel

// After LLVM's O3: one local kernel symbol, not inlined into the entry.
// OBJECT: t tenferro_twin.kernel0
// OBJECT-NOT: kernel1
func.func @twin(%x: tensor<4x8xf64>, %y: tensor<4x8xf64>) -> (tensor<4x8xf64>, tensor<4x8xf64>) {
  %a = tenferro.negate %x : tensor<4x8xf64>
  %b = tenferro.exp %a : tensor<4x8xf64>
  // A host instruction ends the segment: two regions.
  %n = tenferro.shape_of %b, axis = 0 : tensor<4x8xf64>
  %c = tenferro.negate %y : tensor<4x8xf64>
  %d = tenferro.exp %c : tensor<4x8xf64>
  return %b, %d : tensor<4x8xf64>, tensor<4x8xf64>
}
