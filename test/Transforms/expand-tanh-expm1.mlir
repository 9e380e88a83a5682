// RUN: tenferro-opt %s --split-input-file --tenferro-expand-tanh="expm1=true" | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --tenferro-expand-tanh="expm1=true fma=true" | FileCheck %s --check-prefix=FMA

// The one-expression form, computed halved: |x| clamped to 9.25 (a NaN kept:
// ult), 2|x| = n ln 2 + r reduced as |x| = n (ln 2 / 2) + r / 2 (constants
// 2 log2(e) and ln 2 / 2), p / 2 = expm1(r) / 2 = r/2 + (r/2)^2 Q_h(r/2),
// E / 2 = 2^n (p / 2) + (2^n - 1) / 2 with 2^n from the rounding addition's
// bits, (E / 2) / (E / 2 + 1), the sign of x copied. No select between two
// forms, and 2|x| is never formed.
// CHECK-LABEL: func.func @tanh_vector(
// CHECK-SAME: %[[X:.*]]: vector<16xf32>
// CHECK: %[[A:.*]] = math.absf %[[X]] : vector<16xf32>
// CHECK: %[[CLAMP:.*]] = arith.constant dense<9.250000e+00> : vector<16xf32>
// CHECK: %[[BELOW:.*]] = arith.cmpf ult, %[[A]], %[[CLAMP]] : vector<16xf32>
// CHECK: %[[Y:.*]] = arith.select %[[BELOW]], %[[A]], %[[CLAMP]]
// Without FMA, ln 2 / 2 in two parts (Cody-Waite), each product separate.
// CHECK: %[[LOG2E:.*]] = arith.constant dense<2.885390e+00> : vector<16xf32>
// CHECK: %[[SCALEDY:.*]] = arith.mulf %[[Y]], %[[LOG2E]] : vector<16xf32>
// CHECK: %[[SHIFTED:.*]] = arith.addf %[[SCALEDY]], %[[SHIFT:.*]] : vector<16xf32>
// CHECK: %[[N:.*]] = arith.subf %[[SHIFTED]], %[[SHIFT]] : vector<16xf32>
// CHECK: arith.constant dense<0.346679688> : vector<16xf32>
// CHECK: arith.constant dense<-1.06097221E-4> : vector<16xf32>
// CHECK: %[[HIGH:.*]] = arith.subf %[[Y]], %{{.*}} : vector<16xf32>
// CHECK: %[[R:.*]] = arith.subf %[[HIGH]], %{{.*}} : vector<16xf32>
// Q_h(t) = 2 Q(2t): the fit of (exp(r) - 1 - r) / r^2, whose exact 1/2
// becomes an exact 1.
// CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : vector<16xf32>
// CHECK: %[[Q:.*]] = arith.addf %{{.*}}, %[[ONE]] : vector<16xf32>
// CHECK: %[[RR:.*]] = arith.mulf %[[R]], %[[R]] : vector<16xf32>
// CHECK: %[[QRR:.*]] = arith.mulf %[[Q]], %[[RR]] : vector<16xf32>
// CHECK: %[[P:.*]] = arith.addf %[[QRR]], %[[R]] : vector<16xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[SHIFTED]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[BIASED:.*]] = arith.addi %[[BITS]], %{{.*}} : vector<16xi32>
// CHECK: %[[EXPONENT:.*]] = arith.shli %[[BIASED]], %{{.*}} : vector<16xi32>
// CHECK: %[[POWER:.*]] = arith.bitcast %[[EXPONENT]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[HALFPOWER:.*]] = arith.mulf %[[POWER]], %{{.*}} : vector<16xf32>
// CHECK: %[[POWERM1:.*]] = arith.addf %[[HALFPOWER]], %{{.*}} : vector<16xf32>
// CHECK: %[[SCALED:.*]] = arith.mulf %[[POWER]], %[[P]] : vector<16xf32>
// CHECK: %[[E:.*]] = arith.addf %[[SCALED]], %[[POWERM1]] : vector<16xf32>
// CHECK: %[[ONE2:.*]] = arith.constant dense<1.000000e+00> : vector<16xf32>
// CHECK: %[[DEN:.*]] = arith.addf %[[E]], %[[ONE2]] : vector<16xf32>
// CHECK: %[[QUOT:.*]] = arith.divf %[[E]], %[[DEN]] : vector<16xf32>
// CHECK: %[[RES:.*]] = math.copysign %[[QUOT]], %[[X]] : vector<16xf32>
// CHECK-NOT: math.tanh
// CHECK-NOT: math.fma
// CHECK: return %[[RES]]

// Fused multiply-adds (the option fma): the rounding step, the reduction
// with ln 2 / 2 in one part, Horner's rule, p, (2^n - 1) / 2 and E; nothing
// else changes.
// FMA-LABEL: func.func @tanh_vector(
// FMA: %[[Y:.*]] = arith.select
// FMA: %[[SHIFTED:.*]] = math.fma %[[Y]], %{{.*}}, %[[SHIFT:.*]] : vector<16xf32>
// FMA: %[[N:.*]] = arith.subf %[[SHIFTED]], %[[SHIFT]] : vector<16xf32>
// FMA: %[[LN2:.*]] = arith.constant dense<-0.346573591> : vector<16xf32>
// FMA: %[[R:.*]] = math.fma %[[N]], %[[LN2]], %[[Y]] : vector<16xf32>
// FMA-COUNT-4: math.fma %{{.*}}, %[[R]], %{{.*}} : vector<16xf32>
// FMA: %[[RR:.*]] = arith.mulf %[[R]], %[[R]] : vector<16xf32>
// FMA: %[[P:.*]] = math.fma %{{.*}}, %[[RR]], %[[R]] : vector<16xf32>
// FMA: %[[POWER:.*]] = arith.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// FMA: %[[POWERM1:.*]] = math.fma %[[POWER]], %{{.*}}, %{{.*}} : vector<16xf32>
// FMA: %[[E:.*]] = math.fma %[[POWER]], %[[P]], %[[POWERM1]] : vector<16xf32>
// FMA: %[[DEN:.*]] = arith.addf %[[E]], %{{.*}} : vector<16xf32>
// FMA: arith.divf %[[E]], %[[DEN]] : vector<16xf32>
// FMA: math.copysign
func.func @tanh_vector(%x: vector<16xf32>) -> vector<16xf32> {
  %r = math.tanh %x : vector<16xf32>
  return %r : vector<16xf32>
}

// -----

// Scalars get the same expansion, with scalar constants.
// CHECK-LABEL: func.func @tanh_scalar(
// CHECK-SAME: %[[X:.*]]: f32
// CHECK: math.absf %[[X]] : f32
// CHECK: arith.constant 9.250000e+00 : f32
// CHECK: arith.shli %{{.*}}, %{{.*}} : i32
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: math.copysign %{{.*}}, %[[X]] : f32
// CHECK-NOT: math.tanh
// FMA-LABEL: func.func @tanh_scalar(
// FMA: math.fma %{{.*}}, %{{.*}}, %{{.*}} : f32
// FMA-NOT: math.tanh
func.func @tanh_scalar(%x: f32) -> f32 {
  %r = math.tanh %x : f32
  return %r : f32
}

// -----

// f64 is left alone in either form.
// CHECK-LABEL: func.func @tanh_f64(
// CHECK-NEXT: math.tanh %{{.*}} : vector<8xf64>
// FMA-LABEL: func.func @tanh_f64(
// FMA-NEXT: math.tanh %{{.*}} : vector<8xf64>
func.func @tanh_f64(%x: vector<8xf64>) -> vector<8xf64> {
  %r = math.tanh %x : vector<8xf64>
  return %r : vector<8xf64>
}
