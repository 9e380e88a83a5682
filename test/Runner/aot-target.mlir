// Objects for other CPUs than the build machine's (docs/running.md,
// "Target"): --target-cpu=x86-64 is code for every x86-64 CPU (SSE2, no
// AVX registers), x86-64-v3 uses AVX2's ymm registers, and the default is
// this machine's CPU. Unknown triples, CPUs and features are errors.
// REQUIRES: x86_64-host
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --compile-only --target-cpu=x86-64 --emit-object=%t.dir/baseline.o
// RUN: %llvm_objdump -d %t.dir/baseline.o | FileCheck %s --check-prefix=BASELINE
// RUN: tenferro-runner %s --compile-only --target-cpu=x86-64-v2 --emit-object=%t.dir/v2.o
// RUN: %llvm_objdump -d %t.dir/v2.o | FileCheck %s --check-prefix=BASELINE
// RUN: tenferro-runner %s --compile-only --target-cpu=x86-64-v3 --emit-object=%t.dir/v3.o
// RUN: %llvm_objdump -d %t.dir/v3.o | FileCheck %s --check-prefix=V3
// Features on top of a CPU's: the baseline plus AVX2.
// RUN: tenferro-runner %s --compile-only --target-cpu=x86-64 --target-features=+avx,+avx2 \
// RUN:   --emit-object=%t.dir/avx2.o
// RUN: %llvm_objdump -d %t.dir/avx2.o | FileCheck %s --check-prefix=V3
// The target is explicit and also what the JIT runs.
// RUN: tenferro-runner %s --compile-only --target-triple=x86_64-linux-gnu --target-cpu=x86-64 \
// RUN:   --emit-object=%t.dir/triple.o
// RUN: %llvm_objdump -d %t.dir/triple.o | FileCheck %s --check-prefix=BASELINE
// RUN: tenferro-runner %s --random=1 --target-cpu=x86-64 | FileCheck %s --check-prefix=JIT
//
// A baseline object links and runs (examples/aot).
// RUN: tenferro-runner %tenferro_src/examples/aot/program.mlir --compile-only --target-cpu=x86-64 \
// RUN:   --emit-object=%t.dir/program.o --emit-header=%t.dir/program.h
// RUN: %llvm_objdump -d %t.dir/program.o | FileCheck %s --check-prefix=BASELINE
// RUN: cc -I%t.dir %tenferro_src/examples/aot/main.c %t.dir/program.o -lm -o %t.dir/n1_scaled
// RUN: %t.dir/n1_scaled | FileCheck %s --check-prefix=AOT
//
// Another architecture: an object, but nothing to run here.
// RUN: tenferro-runner %s --compile-only --target-triple=aarch64-linux-gnu --emit-object=%t.dir/arm.o
// RUN: %llvm_objdump -f %t.dir/arm.o | FileCheck %s --check-prefix=ARM
// RUN: not tenferro-runner %s --random=1 --target-triple=aarch64-linux-gnu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FOREIGN
//
// Errors, before anything is compiled.
// RUN: not tenferro-runner %s --compile-only --emit-object=%t.dir/x.o --target-cpu=nonesuch 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADCPU
// RUN: not tenferro-runner %s --compile-only --emit-object=%t.dir/x.o --target-triple=nonesuch-unknown-none 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADTRIPLE
// RUN: not tenferro-runner %s --compile-only --emit-object=%t.dir/x.o --target-features=+nonesuch 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADFEATURE
// RUN: not tenferro-runner %s --compile-only --emit-object=%t.dir/x.o --target-features=avx2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADFEATURE
// RUN: not tenferro-runner %s --compile-only --emit-object=%t.dir/x.o \
// RUN:   --target-triple=aarch64-linux-gnu --target-cpu=x86-64 2>&1 | FileCheck %s --check-prefix=ARMCPU
// RUN: not ls %t.dir/x.o

// BASELINE: <tenferro_{{[a-z0-9_]+}}>:
// BASELINE: xmm
// BASELINE-NOT: {{[yz]mm}}
// V3: <tenferro_scale>:
// V3: ymm
// V3-NOT: zmm
// JIT: program @scale: 2 inputs, 1 outputs (fused)
// AOT: p[0][0] = 0.761594
// AOT: shape_of(x, 1) = 3.0
// ARM: file format elf64-littleaarch64
// FOREIGN: tenferro-runner: error: code for aarch64-unknown-linux-gnu cannot run on this machine ({{.*}}): add --compile-only
// BADCPU: tenferro-runner: error: unknown --target-cpu 'nonesuch' for x86_64-{{.*}}linux-gnu (llc -mtriple={{.*}} -mcpu=help lists them)
// BADTRIPLE: tenferro-runner: error: unknown --target-triple 'nonesuch-unknown-none': {{.*}}
// BADFEATURE: tenferro-runner: error: unknown --target-features entry '{{\+nonesuch|avx2}}' for x86_64-{{.*}}linux-gnu (write +name or -name; llc -mtriple={{.*}} -mattr=help lists the names)
// ARMCPU: tenferro-runner: error: unknown --target-cpu 'x86-64' for aarch64-unknown-linux-gnu

func.func @scale(%x: tensor<1024xf64>, %y: tensor<1024xf64>) -> tensor<1024xf64> {
  %0 = tenferro.multiply %x, %y : tensor<1024xf64>
  %1 = tenferro.add %0, %x : tensor<1024xf64>
  return %1 : tensor<1024xf64>
}
