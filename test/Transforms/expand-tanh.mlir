// RUN: tenferro-opt %s --split-input-file --tenferro-expand-tanh | FileCheck %s

// A vector of f32: |x|, the polynomial near zero, 1 - 2 / (exp(2|x|) + 1)
// with exp inlined, the branch chosen by |x| >= 0.7, the sign of x copied.
// CHECK-LABEL: func.func @tanh_vector(
// CHECK-SAME: %[[X:.*]]: vector<16xf32>
// CHECK: %[[A:.*]] = math.absf %[[X]] : vector<16xf32>
// CHECK: %[[S:.*]] = arith.mulf %[[A]], %[[A]] : vector<16xf32>
// The correction a * (s * P(s)) added to a.
// CHECK: %[[SP:.*]] = arith.mulf %[[S]], %{{.*}} : vector<16xf32>
// CHECK: %[[ASP:.*]] = arith.mulf %[[A]], %[[SP]] : vector<16xf32>
// CHECK: %[[SMALL:.*]] = arith.addf %[[A]], %[[ASP]] : vector<16xf32>
// 2a clamped to 18.5 (NaN takes the clamp).
// CHECK: %[[TWOA:.*]] = arith.mulf %[[A]], %{{.*}} : vector<16xf32>
// CHECK: %[[CLAMP:.*]] = arith.constant dense<1.850000e+01> : vector<16xf32>
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[TWOA]], %[[CLAMP]] : vector<16xf32>
// CHECK: arith.select %[[BELOW]], %[[TWOA]], %[[CLAMP]]
// 2^n in the exponent field.
// CHECK: %[[N:.*]] = arith.fptosi %{{.*}} : vector<16xf32> to vector<16xi32>
// CHECK: %[[SHIFT:.*]] = arith.shli %[[N]], %{{.*}} : vector<16xi32>
// CHECK: %[[EBITS:.*]] = arith.bitcast %{{.*}} : vector<16xf32> to vector<16xi32>
// CHECK: %[[SUM:.*]] = arith.addi %[[EBITS]], %[[SHIFT]] : vector<16xi32>
// CHECK: %[[EXP:.*]] = arith.bitcast %[[SUM]] : vector<16xi32> to vector<16xf32>
// CHECK: %[[DEN:.*]] = arith.addf %[[EXP]], %{{.*}} : vector<16xf32>
// CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %[[DEN]] : vector<16xf32>
// CHECK: %[[LARGE:.*]] = arith.subf %{{.*}}, %[[Q]] : vector<16xf32>
// CHECK: %[[BOUND:.*]] = arith.constant dense<0.699999988> : vector<16xf32>
// CHECK: %[[USEEXP:.*]] = arith.cmpf oge, %[[A]], %[[BOUND]] : vector<16xf32>
// CHECK: %[[MAG:.*]] = arith.select %[[USEEXP]], %[[LARGE]], %[[SMALL]]
// CHECK: %[[R:.*]] = math.copysign %[[MAG]], %[[X]] : vector<16xf32>
// CHECK-NOT: math.tanh
// CHECK: return %[[R]]
func.func @tanh_vector(%x: vector<16xf32>) -> vector<16xf32> {
  %r = math.tanh %x : vector<16xf32>
  return %r : vector<16xf32>
}

// -----

// Scalars get the same expansion (the same bits as every lane of a
// vector), with scalar constants.
// CHECK-LABEL: func.func @tanh_scalar(
// CHECK-SAME: %[[X:.*]]: f32
// CHECK: math.absf %[[X]] : f32
// CHECK: arith.constant 1.850000e+01 : f32
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.constant 23 : i32
// CHECK: arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: math.copysign %{{.*}}, %[[X]] : f32
// CHECK-NOT: math.tanh
func.func @tanh_scalar(%x: f32) -> f32 {
  %r = math.tanh %x : f32
  return %r : f32
}

// -----

// f64 (and other ops) are left to the vector math lowering.
// CHECK-LABEL: func.func @tanh_f64(
// CHECK-NEXT: %[[R:.*]] = math.tanh %{{.*}} : vector<8xf64>
// CHECK-NEXT: %[[E:.*]] = math.exp %{{.*}} : vector<8xf32>
// CHECK-NEXT: return %[[R]], %[[E]]
func.func @tanh_f64(%x: vector<8xf64>, %y: vector<8xf32>) -> (vector<8xf64>, vector<8xf32>) {
  %r = math.tanh %x : vector<8xf64>
  %e = math.exp %y : vector<8xf32>
  return %r, %e : vector<8xf64>, vector<8xf32>
}
