// RUN: tenferro-opt %s --split-input-file --tenferro-expand-exp | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --tenferro-expand-exp=fma=true | FileCheck %s --check-prefix=FMA
// RUN: tenferro-opt %s --split-input-file --tenferro-expand-exp="f64=true f64-beside-calls=true" | FileCheck %s --check-prefix=F64
// RUN: tenferro-opt %s --split-input-file --tenferro-expand-exp="f64=true f64-beside-calls=true avx512=true" | FileCheck %s --check-prefix=AVX512

// A vector of f32: x clamped to [-104, 88.8] (ult and ugt: a NaN is kept and
// gives NaN through every op after), the reduction to 2^n exp(r), 2^n as two
// normal powers of two (2^h, h = round(n / 2), and 2^(n - h), their bits
// from the rounding shift) multiplied in turn; no select after them.
// CHECK-LABEL: func.func @exp_vector(
// CHECK-SAME: %[[X:.*]]: vector<16xf32>
// CHECK: %[[UP:.*]] = arith.constant dense<8.880000e+01> : vector<16xf32>
// CHECK: %[[BELOW:.*]] = arith.cmpf ult, %[[X]], %[[UP]] : vector<16xf32>
// CHECK: %[[C1:.*]] = arith.select %[[BELOW]], %[[X]], %[[UP]]
// CHECK: %[[LO:.*]] = arith.constant dense<-1.040000e+02> : vector<16xf32>
// CHECK: %[[ABOVE:.*]] = arith.cmpf ugt, %[[C1]], %[[LO]] : vector<16xf32>
// CHECK: %[[Y:.*]] = arith.select %[[ABOVE]], %[[C1]], %[[LO]]
// n = round(y log2(e)) by the 1.5 * 2^23 shift.
// CHECK: %[[YL:.*]] = arith.mulf %[[Y]], %{{.*}} : vector<16xf32>
// CHECK: %[[SHIFTED:.*]] = arith.addf %[[YL]], %[[SH:.*]] : vector<16xf32>
// CHECK: %[[N:.*]] = arith.subf %[[SHIFTED]], %[[SH]] : vector<16xf32>
// e = 1 + (r + r^2 Q(r)).
// CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<16xf32>
// CHECK: %[[E:.*]] = arith.addf %{{.*}}, %[[ONE]] : vector<16xf32>
// CHECK: %[[SH2:.*]] = arith.constant dense<0x4B400000> : vector<16xf32>
// CHECK: %[[BIAS:.*]] = arith.constant dense<127> : vector<16xi32>
// CHECK: %[[MB:.*]] = arith.constant dense<23> : vector<16xi32>
// CHECK: %[[HALFN:.*]] = arith.mulf %[[N]], %{{.*}} : vector<16xf32>
// CHECK: %[[HS:.*]] = arith.addf %[[HALFN]], %[[SH2]] : vector<16xf32>
// CHECK: %[[H:.*]] = arith.subf %[[HS]], %[[SH2]] : vector<16xf32>
// CHECK: %[[REST:.*]] = arith.subf %[[N]], %[[H]] : vector<16xf32>
// CHECK: %[[RS:.*]] = arith.addf %[[REST]], %[[SH2]] : vector<16xf32>
// CHECK: %[[I1:.*]] = arith.bitcast %[[HS]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[B1:.*]] = arith.addi %[[I1]], %[[BIAS]] : vector<16xi32>
// CHECK: %[[S1:.*]] = arith.shli %[[B1]], %[[MB]] : vector<16xi32>
// CHECK: %[[P1:.*]] = arith.bitcast %[[S1]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[M1:.*]] = arith.mulf %[[E]], %[[P1]] : vector<16xf32>
// CHECK: %[[I2:.*]] = arith.bitcast %[[RS]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[B2:.*]] = arith.addi %[[I2]], %[[BIAS]] : vector<16xi32>
// CHECK: %[[S2:.*]] = arith.shli %[[B2]], %[[MB]] : vector<16xi32>
// CHECK: %[[P2:.*]] = arith.bitcast %[[S2]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[M2:.*]] = arith.mulf %[[M1]], %[[P2]] : vector<16xf32>
// CHECK-NOT: arith.select
// CHECK-NOT: math.exp
// CHECK: return %[[M2]]
func.func @exp_vector(%x: vector<16xf32>) -> vector<16xf32> {
  %r = math.exp %x : vector<16xf32>
  return %r : vector<16xf32>
}

// -----

// Scalars get the same expansion (the same bits as every lane of a
// vector), with scalar constants.
// CHECK-LABEL: func.func @exp_scalar(
// CHECK-SAME: %[[X:.*]]: f32
// CHECK: arith.constant 8.880000e+01 : f32
// CHECK: arith.constant 127 : i32
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK-NOT: arith.cmpf uno
// CHECK-NOT: math.exp
func.func @exp_scalar(%x: f32) -> f32 {
  %r = math.exp %x : f32
  return %r : f32
}

// -----

// f64 (and other ops) are left to the vector math lowering.
// CHECK-LABEL: func.func @exp_f64(
// CHECK-NEXT: %[[R:.*]] = math.exp %{{.*}} : vector<8xf64>
// CHECK-NEXT: %[[L:.*]] = math.log %{{.*}} : vector<16xf32>
// CHECK-NEXT: return %[[R]], %[[L]]
// With f64=true (and f64-beside-calls=true: the function also calls log),
// f64 is expanded: clamped to [-746, 709.8], n by the
// 1.5 * 2^52 shift, ln 2 in three parts with the rounding error of r kept
// (Fast2Sum), and 2^n from i64 bits; other ops are still left alone.
// F64-LABEL: func.func @exp_f64(
// F64-SAME: %[[X:.*]]: vector<8xf64>
// F64: arith.constant dense<7.098000e+02> : vector<8xf64>
// F64: arith.constant dense<-7.460000e+02> : vector<8xf64>
// F64: %[[SH:.*]] = arith.constant dense<0x4338000000000000> : vector<8xf64>
// F64: %[[N:.*]] = arith.subf %{{.*}}, %[[SH]] : vector<8xf64>
// F64: %[[HIGH:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<8xf64>
// F64: %[[NP2:.*]] = arith.mulf %[[N]], %{{.*}} : vector<8xf64>
// F64: %[[R:.*]] = arith.subf %[[HIGH]], %[[NP2]] : vector<8xf64>
// F64: %[[KEPT:.*]] = arith.subf %[[HIGH]], %[[R]] : vector<8xf64>
// F64: %[[LOST:.*]] = arith.subf %[[KEPT]], %[[NP2]] : vector<8xf64>
// F64-COUNT-10: arith.mulf %{{.*}}, %[[R]] : vector<8xf64>
// F64: arith.constant dense<1023> : vector<8xi64>
// F64: arith.constant dense<52> : vector<8xi64>
// F64: arith.bitcast %{{.*}} : vector<8xf64> to vector<8xi64>
// F64-NOT: arith.cmpf uno
// F64-NOT: math.exp
// F64: math.log %{{.*}} : vector<16xf32>
func.func @exp_f64(%x: vector<8xf64>, %y: vector<16xf32>) -> (vector<8xf64>, vector<16xf32>) {
  %r = math.exp %x : vector<8xf64>
  %l = math.log %y : vector<16xf32>
  return %r, %l : vector<8xf64>, vector<16xf32>
}

// -----

// With fma, the products that feed a sum are fused: the rounding step, the
// two-part reduction (constants negated), Horner's rule and q r^2 + r.
// FMA-LABEL: func.func @exp_fma(
// FMA: %[[SHIFTED:.*]] = math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
// FMA: %[[N:.*]] = arith.subf %[[SHIFTED]], %{{.*}} : vector<16xf32>
// FMA: %[[MHI:.*]] = arith.constant dense<-0.693359375> : vector<16xf32>
// FMA: %[[HIGH:.*]] = math.fma %[[N]], %[[MHI]], %{{.*}} : vector<16xf32>
// FMA: %[[R:.*]] = math.fma %[[N]], %{{.*}}, %[[HIGH]] : vector<16xf32>
// FMA-COUNT-4: math.fma %{{.*}}, %[[R]], %{{.*}} : vector<16xf32>
// FMA: %[[RR:.*]] = arith.mulf %[[R]], %[[R]] : vector<16xf32>
// FMA: math.fma %{{.*}}, %[[RR]], %[[R]] : vector<16xf32>
// FMA-NOT: math.exp
// Without it, no math.fma at all.
// CHECK-LABEL: func.func @exp_fma(
// CHECK-NOT: math.fma
// CHECK: return
func.func @exp_fma(%x: vector<16xf32>) -> vector<16xf32> {
  %r = math.exp %x : vector<16xf32>
  return %r : vector<16xf32>
}

// -----

// With avx512, the scaling of each 512-bit part is one vscalef (the same
// bits as the two products); vectors that are not 512-bit multiples and
// scalars keep the products.
// Without avx512, no intrinsic.
// CHECK-LABEL: func.func @exp_scalef(
// CHECK-NOT: llvm.call_intrinsic
// CHECK: return
// FMA-LABEL: func.func @exp_scalef(
// F64-LABEL: func.func @exp_scalef(
// F64-NOT: llvm.call_intrinsic
// F64: return
// AVX512-LABEL: func.func @exp_scalef(
// AVX512: %[[N:.*]] = arith.subf %{{.*}}, %{{.*}} : vector<16xf32>
// AVX512: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<16xf32>
// AVX512: %[[E:.*]] = arith.addf %{{.*}}, %[[ONE]] : vector<16xf32>
// AVX512: %[[P:.*]] = llvm.mlir.poison : vector<16xf32>
// AVX512: %[[S:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%[[E]], %[[N]], %[[P]], %{{.*}}, %{{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>, i16, i32) -> vector<16xf32>
// AVX512-NOT: arith.shli {{.*}} : vector<16xi32>
// AVX512-NOT: arith.select %{{.*}}, %{{.*}}, %[[S]]
// Two parts of 8 f64.
// AVX512: vector.extract_strided_slice %{{.*}} {offsets = [8], sizes = [8], strides = [1]} : vector<16xf64> to vector<8xf64>
// AVX512: llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.pd.512"({{.*}}) : (vector<8xf64>, vector<8xf64>, vector<8xf64>, i8, i32) -> vector<8xf64>
// AVX512: vector.insert_strided_slice
// Eight f32 and a scalar: the products.
// AVX512-NOT: llvm.call_intrinsic
// AVX512: arith.shli {{.*}} : vector<8xi32>
// AVX512-NOT: llvm.call_intrinsic
// AVX512: arith.shli {{.*}} : i32
// AVX512-NOT: llvm.call_intrinsic
// AVX512: return
func.func @exp_scalef(%x: vector<16xf32>, %y: vector<16xf64>, %z: vector<8xf32>, %w: f32) -> (vector<16xf32>, vector<16xf64>, vector<8xf32>, f32) {
  %a = math.exp %x : vector<16xf32>
  %b = math.exp %y : vector<16xf64>
  %c = math.exp %z : vector<8xf32>
  %d = math.exp %w : f32
  return %a, %b, %c, %d : vector<16xf32>, vector<16xf64>, vector<8xf32>, f32
}

// -----

// With f64, an f64 exp is expanded only where the innermost loop around it
// (its function, outside loops) calls nothing else: a tanh (a libmvec call)
// or a call op keeps it a math.exp, an exp beside a square root and
// another exp is expanded; with f64-beside-calls, every one. f32 is
// expanded everywhere.
// RUN: tenferro-opt %s --split-input-file --tenferro-expand-exp="f64=true" \
// RUN:   | FileCheck %s --check-prefix=NOCALLS
// The vscalef intrinsic call that expanding the first exp of a loop adds
// does not keep the loop's second exp from being expanded:
// RUN: tenferro-opt %s --split-input-file --tenferro-expand-exp="f64=true avx512=true" \
// RUN:   | FileCheck %s --check-prefix=NOCALLS
// RUN: tenferro-opt %s --split-input-file --tenferro-expand-exp="f64=true f64-beside-calls=true" \
// RUN:   | FileCheck %s --check-prefix=BESIDE
// NOCALLS-LABEL: func.func @beside_calls(
// NOCALLS: scf.for
// NOCALLS-NOT: math.exp
// NOCALLS: arith.select
// NOCALLS: scf.for
// NOCALLS: math.exp %{{.*}} : vector<8xf64>
// NOCALLS-NEXT: math.tanh
// NOCALLS: scf.for
// NOCALLS: math.exp %{{.*}} : vector<8xf64>
// NOCALLS-NEXT: func.call @g
// NOCALLS: scf.for
// NOCALLS-NOT: math.exp %{{.*}} : vector<16xf32>
// NOCALLS: math.tanh %{{.*}} : vector<16xf32>
// NOCALLS: return
// NOCALLS-LABEL: func.func @outside_loops(
// NOCALLS: math.exp %{{.*}} : f64
// NOCALLS-NEXT: math.log
// BESIDE-LABEL: func.func @beside_calls(
// BESIDE-NOT: math.exp
// BESIDE: return
// BESIDE-LABEL: func.func @outside_loops(
// BESIDE-NOT: math.exp
// BESIDE: math.log
func.func private @g(vector<8xf64>) -> vector<8xf64>
func.func @beside_calls(%x: vector<8xf64>, %y: vector<16xf32>, %n: index) -> (vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> vector<8xf64> {
    %e = math.exp %acc : vector<8xf64>
    %s = math.sqrt %e : vector<8xf64>
    %f = math.exp %s : vector<8xf64>
    scf.yield %f : vector<8xf64>
  }
  %b = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> vector<8xf64> {
    %e = math.exp %acc : vector<8xf64>
    %t = math.tanh %e : vector<8xf64>
    scf.yield %t : vector<8xf64>
  }
  %c = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> vector<8xf64> {
    %e = math.exp %acc : vector<8xf64>
    %t = func.call @g(%e) : (vector<8xf64>) -> vector<8xf64>
    scf.yield %t : vector<8xf64>
  }
  %d = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y) -> vector<16xf32> {
    %e = math.exp %acc : vector<16xf32>
    %t = math.tanh %e : vector<16xf32>
    scf.yield %t : vector<16xf32>
  }
  return %a, %b, %c, %d : vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<16xf32>
}
func.func @outside_loops(%x: f64) -> f64 {
  %e = math.exp %x : f64
  %l = math.log %e : f64
  return %l : f64
}
