// The runner's vector math for the target (docs/running.md): glibc's
// libmvec with the target's widest instruction set, and f32 exp expanded
// inline with fused multiply-adds where the target has FMA (inline-exp and
// inline-exp-fma), scaled by vscalef with AVX-512F (inline-exp-avx512);
// f64 exp too (inline-exp-f64), except in a loop that calls another
// function (beside a tanh it calls libmvec). Without FMA (Sandy Bridge,
// the x86-64 baseline) f32 exp calls libmvec. The pipeline options and
// --vector-math=libm override the target's choice.
// REQUIRES: x86_64-host
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --compile-only --target-cpu=skylake-avx512 --emit-object=%t.dir/avx512.o
// RUN: %llvm_objdump -dr %t.dir/avx512.o | FileCheck %s --check-prefix=AVX512
// RUN: tenferro-runner %s --compile-only --target-cpu=x86-64-v3 --emit-object=%t.dir/v3.o
// RUN: %llvm_objdump -dr %t.dir/v3.o | FileCheck %s --check-prefix=V3
// RUN: tenferro-runner %s --entry=exp_beside_tanh --compile-only --target-cpu=skylake-avx512 --emit-object=%t.dir/tanh512.o
// RUN: %llvm_objdump -dr %t.dir/tanh512.o | FileCheck %s --check-prefix=TANH512
// RUN: tenferro-runner %s --entry=exp_beside_tanh --compile-only --target-cpu=x86-64-v3 --emit-object=%t.dir/tanhv3.o
// RUN: %llvm_objdump -dr %t.dir/tanhv3.o | FileCheck %s --check-prefix=TANHV3
// RUN: tenferro-runner %s --compile-only --target-cpu=sandybridge --emit-object=%t.dir/avx.o
// RUN: %llvm_objdump -dr %t.dir/avx.o | FileCheck %s --check-prefix=AVX
// RUN: tenferro-runner %s --compile-only --target-cpu=x86-64 --emit-object=%t.dir/baseline.o
// RUN: %llvm_objdump -dr %t.dir/baseline.o | FileCheck %s --check-prefix=BASELINE
// RUN: tenferro-runner %s --compile-only --target-cpu=skylake-avx512 \
// RUN:   --pipeline-options=inline-exp=false --emit-object=%t.dir/off.o
// RUN: %llvm_objdump -dr %t.dir/off.o | FileCheck %s --check-prefix=OFF
// RUN: tenferro-runner %s --compile-only --target-cpu=skylake-avx512 \
// RUN:   --pipeline-options=inline-exp-fma=false --emit-object=%t.dir/ieee.o
// RUN: %llvm_objdump -dr %t.dir/ieee.o | FileCheck %s --check-prefix=IEEE
// RUN: tenferro-runner %s --compile-only --target-cpu=skylake-avx512 \
// RUN:   --vector-math=libm --emit-object=%t.dir/libm.o
// RUN: %llvm_objdump -dr %t.dir/libm.o | FileCheck %s --check-prefix=LIBM
// vscalef for a target without AVX-512F is an error, not an abort in
// LLVM's instruction selection.
// RUN: not tenferro-runner %s --compile-only --target-cpu=x86-64-v3 \
// RUN:   --pipeline-options=inline-exp-avx512=true --emit-object=%t.dir/bad.o 2>&1 | FileCheck %s --check-prefix=NOAVX512

// NOAVX512: tenferro-runner: error: pipeline option inline-exp-avx512 needs AVX-512F, which the target (x86_64-{{.*}}, x86-64-v3) lacks

// AVX512-NOT: _ZGVe{{.*}}v_exp
// AVX512: vfmadd
// AVX512: vscalefps
// AVX512-NOT: _ZGVe{{.*}}v_exp
// AVX512: vscalefpd
// AVX512-NOT: _ZGVe{{.*}}v_exp
// TANH512-NOT: vscalefpd
// TANH512: R_X86_64_PLT32 _ZGVeN8v_exp
// TANH512: R_X86_64_PLT32 _ZGVeN8v_tanh
// TANH512-NOT: vscalefpd
// V3-NOT: vscalef
// V3-NOT: _ZGVd{{.*}}v_exp
// V3: vfmadd
// V3-NOT: _ZGVd{{.*}}v_exp
// TANHV3: R_X86_64_PLT32 _ZGVdN4v_exp
// TANHV3: R_X86_64_PLT32 _ZGVdN4v_tanh
// AVX-NOT: vfmadd
// AVX: R_X86_64_PLT32 _ZGVcN8v_expf
// AVX-NOT: vfmadd
// BASELINE: R_X86_64_PLT32 _ZGVbN4v_expf
// OFF-NOT: vfmadd
// OFF: R_X86_64_PLT32 _ZGVeN16v_expf
// IEEE-NOT: vfmadd
// IEEE-NOT: _ZGVeN16v_expf
// IEEE: vscalefps
// IEEE: vscalefpd
// IEEE-NOT: _ZGVe{{.*}}v_exp
// IEEE-NOT: vfmadd
// IEEE-NOT: _ZGVeN16v_expf
// LIBM-NOT: _ZGV
// LIBM: R_X86_64_PLT32 expf
// LIBM-NOT: _ZGV
func.func @exp_both(%x: tensor<1000xf32>, %y: tensor<1000xf64>) -> (tensor<1000xf32>, tensor<1000xf64>) {
  %a = tenferro.exp %x : tensor<1000xf32>
  %b = tenferro.exp %y : tensor<1000xf64>
  return %a, %b : tensor<1000xf32>, tensor<1000xf64>
}

func.func @exp_beside_tanh(%y: tensor<1000xf64>) -> tensor<1000xf64> {
  %b = tenferro.exp %y : tensor<1000xf64>
  %c = tenferro.tanh %b : tensor<1000xf64>
  return %c : tensor<1000xf64>
}
