// The pipeline's inline-tanh option: where vector-math calls libmvec, f32
// tanh is expanded inline (tenferro-expand-tanh) with inline-tanh=true, in
// its one-expression form with inline-tanh-expm1=true, and f64 tanh still
// calls libmvec; by default libmvec has both;
// vector-math=libm keeps libm's tanhf whatever the option says.
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libmvec-avx2 inline-tanh=true" | FileCheck %s --check-prefix=INLINE
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libmvec-avx2 inline-tanh=true inline-tanh-expm1=true inline-tanh-fma=true" | FileCheck %s --check-prefix=EXPM1
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libmvec-avx2" | FileCheck %s --check-prefix=LIBMVEC
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libm inline-tanh=true" | FileCheck %s --check-prefix=LIBM

// INLINE-NOT: llvm.func @_ZGVdN8v_tanhf
// INLINE: llvm.func @_ZGVdN4v_tanh(
// INLINE-NOT: llvm.func @_ZGVdN8v_tanhf
// INLINE-LABEL: llvm.func internal @tenferro_tanh_both.kernel0
// INLINE-NOT: llvm.call
// INLINE: llvm.fdiv {{.*}} : vector<8xf32>
// INLINE: llvm.intr.copysign({{.*}}) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// INLINE-LABEL: llvm.func internal @tenferro_tanh_both.kernel1
// INLINE: llvm.call @_ZGVdN4v_tanh
// inline-tanh-expm1 and inline-tanh-fma: the one-expression form, fused.
// EXPM1-NOT: llvm.func @_ZGVdN8v_tanhf
// EXPM1-LABEL: llvm.func internal @tenferro_tanh_both.kernel0
// EXPM1-NOT: llvm.call
// EXPM1: llvm.intr.fma({{.*}}) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// EXPM1: llvm.fdiv {{.*}} : vector<8xf32>
// EXPM1: llvm.intr.copysign({{.*}}) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// EXPM1-LABEL: llvm.func internal @tenferro_tanh_both.kernel1
// EXPM1: llvm.call @_ZGVdN4v_tanh
// LIBMVEC-DAG: llvm.func @_ZGVdN8v_tanhf(
// LIBMVEC-DAG: llvm.func @_ZGVdN4v_tanh(
// LIBMVEC-LABEL: llvm.func internal @tenferro_tanh_both.kernel0
// LIBMVEC-NOT: llvm.intr.copysign
// LIBMVEC: llvm.call @_ZGVdN8v_tanhf
// LIBMVEC-LABEL: llvm.func internal @tenferro_tanh_both.kernel1
// LIBMVEC: llvm.call @_ZGVdN4v_tanh
// libm: LLVM's tanh intrinsic, which code generation calls tanhf per lane.
// LIBM-NOT: _ZGV
// LIBM-LABEL: llvm.func internal @tenferro_tanh_both.kernel0
// LIBM-NOT: llvm.intr.copysign
// LIBM: llvm.intr.tanh({{.*}}) : (vector<8xf32>) -> vector<8xf32>
// LIBM-LABEL: llvm.func internal @tenferro_tanh_both.kernel1
// LIBM: llvm.intr.tanh({{.*}}) : (vector<8xf64>) -> vector<8xf64>
func.func @tanh_both(%x: tensor<1000xf32>, %y: tensor<1000xf64>) -> (tensor<1000xf32>, tensor<1000xf64>) {
  %a = tenferro.tanh %x : tensor<1000xf32>
  %b = tenferro.tanh %y : tensor<1000xf64>
  return %a, %b : tensor<1000xf32>, tensor<1000xf64>
}
