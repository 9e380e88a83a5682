// The pipeline's maximum-minimum option: the ordered selects by default,
// vrange with avx512dq, LLVM's intrinsics with llvm.
// RUN: tenferro-opt %s --tenferro-lower-to-llvm | FileCheck %s --check-prefix=SELECT
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="maximum-minimum=avx512dq vector-width=16" | FileCheck %s --check-prefix=DQ
// RUN: tenferro-opt %s --tenferro-lower-to-llvm="maximum-minimum=llvm" | FileCheck %s --check-prefix=LLVM

// SELECT-LABEL: llvm.func @tenferro_clamp_chain
// SELECT-NOT: llvm.intr.maximum
// SELECT-NOT: llvm.intr.minimum
// SELECT-NOT: llvm.call_intrinsic
// SELECT: llvm.or {{.*}} : vector<8xi32>
// DQ-LABEL: llvm.func @tenferro_clamp_chain
// DQ-NOT: llvm.intr.maximum
// DQ: llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"
// LLVM-LABEL: llvm.func @tenferro_clamp_chain
// LLVM: llvm.intr.maximum({{.*}}) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// LLVM: llvm.intr.minimum
func.func @clamp_chain(%x: tensor<1000xf32>, %y: tensor<1000xf32>) -> tensor<1000xf32> {
  %a = tenferro.maximum %x, %y : tensor<1000xf32>
  %b = tenferro.minimum %a, %x : tensor<1000xf32>
  return %b : tensor<1000xf32>
}
