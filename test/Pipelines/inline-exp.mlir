// The pipeline's inline-exp option: where vector-math calls libmvec, f32
// exp is expanded inline (tenferro-expand-exp) with inline-exp=true and f64
// exp still calls libmvec; by default libmvec has both; vector-math=libm
// keeps libm's expf whatever the option says; inline-exp-fma=true fuses
// the expansion's multiply-adds; inline-exp-f64=true expands f64 exp too;
// inline-exp-avx512=true scales by 2^n with vscalef.
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libmvec-avx2 inline-exp=true" | FileCheck %s --check-prefix=INLINE
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libmvec-avx2" | FileCheck %s --check-prefix=LIBMVEC
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libm inline-exp=true" | FileCheck %s --check-prefix=LIBM
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libmvec-avx2 inline-exp=true inline-exp-fma=true" | FileCheck %s --check-prefix=FMA
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libmvec-avx2 inline-exp=true inline-exp-f64=true" | FileCheck %s --check-prefix=F64
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libmvec-avx2 inline-exp-f64=true" | FileCheck %s --check-prefix=LIBMVEC
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libm inline-exp=true inline-exp-f64=true" | FileCheck %s --check-prefix=LIBM
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="vector-math=libmvec-avx512 vector-width=16 inline-exp=true inline-exp-f64=true inline-exp-avx512=true" | FileCheck %s --check-prefix=SCALEF

// INLINE-NOT: llvm.func @_ZGVdN8v_expf
// INLINE: llvm.func @_ZGVdN4v_exp(
// INLINE-NOT: llvm.func @_ZGVdN8v_expf
// INLINE-LABEL: llvm.func internal @tenferro_exp_both.kernel0
// INLINE-NOT: llvm.call
// INLINE-NOT: llvm.intr.fma
// INLINE: llvm.bitcast {{.*}} : vector<8xf32> to vector<8xi32>
// INLINE: llvm.shl {{.*}} : vector<8xi32>
// INLINE-LABEL: llvm.func internal @tenferro_exp_both.kernel1
// INLINE: llvm.call @_ZGVdN4v_exp
// LIBMVEC-DAG: llvm.func @_ZGVdN8v_expf(
// LIBMVEC-DAG: llvm.func @_ZGVdN4v_exp(
// LIBMVEC-LABEL: llvm.func internal @tenferro_exp_both.kernel0
// LIBMVEC-NOT: llvm.shl
// LIBMVEC: llvm.call @_ZGVdN8v_expf
// LIBMVEC-LABEL: llvm.func internal @tenferro_exp_both.kernel1
// LIBMVEC: llvm.call @_ZGVdN4v_exp
// libm: LLVM's exp intrinsic, which code generation calls expf per lane.
// LIBM-NOT: _ZGV
// LIBM-LABEL: llvm.func internal @tenferro_exp_both.kernel0
// LIBM-NOT: llvm.shl
// LIBM: llvm.intr.exp({{.*}}) : (vector<8xf32>) -> vector<8xf32>
// LIBM-LABEL: llvm.func internal @tenferro_exp_both.kernel1
// LIBM: llvm.intr.exp({{.*}}) : (vector<8xf64>) -> vector<8xf64>
// SCALEF-NOT: _ZGV
// SCALEF-LABEL: llvm.func internal @tenferro_exp_both.kernel0
// SCALEF: llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// SCALEF-LABEL: llvm.func internal @tenferro_exp_both.kernel1
// SCALEF-COUNT-2: llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.pd.512"
// F64-NOT: _ZGV
// F64-LABEL: llvm.func internal @tenferro_exp_both.kernel0
// F64: llvm.shl {{.*}} : vector<8xi32>
// F64-LABEL: llvm.func internal @tenferro_exp_both.kernel1
// F64-NOT: llvm.call
// F64: llvm.shl {{.*}} : vector<8xi64>
// F64-NOT: llvm.call
// FMA-LABEL: llvm.func internal @tenferro_exp_both.kernel0
// FMA-NOT: llvm.call
// FMA: llvm.intr.fma({{.*}}) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// FMA-LABEL: llvm.func internal @tenferro_exp_both.kernel1
// FMA: llvm.call @_ZGVdN4v_exp
func.func @exp_both(%x: tensor<1000xf32>, %y: tensor<1000xf64>) -> (tensor<1000xf32>, tensor<1000xf64>) {
  %a = tenferro.exp %x : tensor<1000xf32>
  %b = tenferro.exp %y : tensor<1000xf64>
  return %a, %b : tensor<1000xf32>, tensor<1000xf64>
}
