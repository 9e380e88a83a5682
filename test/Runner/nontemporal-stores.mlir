// The machine code of test/Integration/nontemporal-stores.mlir streams
// with the option: AVX-512 stores whole zmm registers, AVX2 ymm registers,
// and a fence follows; without the option ordinary stores.
// REQUIRES: x86_64-host
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %S/../Integration/nontemporal-stores.mlir --compile-only --target-cpu=skylake-avx512 \
// RUN:   --pipeline-options="nontemporal-stores=true nontemporal-min-bytes=0" --emit-object=%t.dir/avx512.o
// RUN: %llvm_objdump -d %t.dir/avx512.o | FileCheck %s --check-prefix=AVX512
// RUN: tenferro-runner %S/../Integration/nontemporal-stores.mlir --compile-only --target-cpu=x86-64-v3 \
// RUN:   --pipeline-options="nontemporal-stores=true nontemporal-min-bytes=0" --emit-object=%t.dir/avx2.o
// RUN: %llvm_objdump -d %t.dir/avx2.o | FileCheck %s --check-prefix=AVX2
// RUN: tenferro-runner %S/../Integration/nontemporal-stores.mlir --compile-only --target-cpu=skylake-avx512 --emit-object=%t.dir/off.o
// RUN: %llvm_objdump -d %t.dir/off.o | FileCheck %s --check-prefix=OFF
// RUN: tenferro-runner %S/../Integration/nontemporal-stores.mlir --compile-only --target-cpu=skylake-avx512 \
// RUN:   --pipeline-options="nontemporal-stores=true" --emit-object=%t.dir/small.o
// RUN: %llvm_objdump -d %t.dir/small.o | FileCheck %s --check-prefix=OFF

// LLVM's sequentially consistent fence on x86 is a locked or, which
// drains the write-combining buffers of the streamed lines (as mfence).
// AVX512: vmovntp{{[sd]}} %zmm
// AVX512: lock
// AVX512-NEXT: orl $0x0, {{.*}}(%rsp)
// AVX2: vmovntp{{[sd]}} %ymm
// OFF-NOT: vmovnt
// OFF-NOT: lock
