// RUN: tenferro-opt %s --split-input-file --tenferro-expand-maximum-minimum | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --tenferro-expand-maximum-minimum=avx512dq | FileCheck %s --check-prefix=DQ

// The minimum: two ordered selects (one minps each on x86) OR-ed bitwise.
// CHECK-LABEL: func.func @min_select(
// CHECK-SAME: %[[X:.*]]: vector<8xf32>, %[[Y:.*]]: vector<8xf32>
// CHECK: %[[C1:.*]] = arith.cmpf olt, %[[X]], %[[Y]] : vector<8xf32>
// CHECK: %[[S1:.*]] = arith.select %[[C1]], %[[X]], %[[Y]]
// CHECK: %[[C2:.*]] = arith.cmpf olt, %[[Y]], %[[X]] : vector<8xf32>
// CHECK: %[[S2:.*]] = arith.select %[[C2]], %[[Y]], %[[X]]
// CHECK: %[[B1:.*]] = arith.bitcast %[[S1]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[B2:.*]] = arith.bitcast %[[S2]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[OR:.*]] = arith.ori %[[B1]], %[[B2]]
// CHECK: %[[R:.*]] = arith.bitcast %[[OR]] : vector<8xi32> to vector<8xf32>
// CHECK-NOT: arith.minimumf
// CHECK: return %[[R]]
// A 4-lane vector is not a 512-bit part: selects even with avx512dq.
// DQ-LABEL: func.func @min_select(
// DQ-NOT: llvm.call_intrinsic
// DQ: arith.ori
func.func @min_select(%x: vector<8xf32>, %y: vector<8xf32>) -> vector<8xf32> {
  %r = arith.minimumf %x, %y : vector<8xf32>
  return %r : vector<8xf32>
}

// -----

// The maximum: ordered selects with `>`, AND-ed bitwise (+0 over -0),
// then OR-ed with the all-ones mask of an unordered pair (a NaN), on
// scalars too.
// CHECK-LABEL: func.func @max_scalar(
// CHECK-SAME: %[[X:.*]]: f64, %[[Y:.*]]: f64
// CHECK: arith.cmpf ogt, %[[X]], %[[Y]] : f64
// CHECK: arith.cmpf ogt, %[[Y]], %[[X]] : f64
// CHECK: %[[B1:.*]] = arith.bitcast %{{.*}} : f64 to i64
// CHECK: %[[B2:.*]] = arith.bitcast %{{.*}} : f64 to i64
// CHECK: %[[U:.*]] = arith.cmpf uno, %[[X]], %[[Y]] : f64
// CHECK: %[[MASK:.*]] = arith.extsi %[[U]] : i1 to i64
// CHECK: %[[AND:.*]] = arith.andi %[[B1]], %[[B2]] : i64
// CHECK: %[[R:.*]] = arith.ori %[[AND]], %[[MASK]] : i64
// CHECK: arith.bitcast %[[R]] : i64 to f64
// CHECK-NOT: arith.maximumf
// DQ-LABEL: func.func @max_scalar(
// DQ-NOT: llvm.call_intrinsic
// DQ: arith.andi
func.func @max_scalar(%x: f64, %y: f64) -> f64 {
  %r = arith.maximumf %x, %y : f64
  return %r : f64
}

// -----

// 16 f32 lanes, one 512-bit vrange (imm 5: maximum, sign from the
// compare) and the NaN put back by x + y.
// DQ-LABEL: func.func @max_range(
// DQ-SAME: %[[X:.*]]: vector<16xf32>, %[[Y:.*]]: vector<16xf32>
// DQ-DAG: %[[IMM:.*]] = llvm.mlir.constant(5 : i32) : i32
// DQ-DAG: %[[ALL:.*]] = llvm.mlir.constant(-1 : i16) : i16
// DQ-DAG: %[[CUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// DQ-DAG: %[[PZ:.*]] = llvm.mlir.poison : vector<16xf32>
// DQ: %[[R:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.ps.512"(%[[X]], %[[Y]], %[[IMM]], %[[PZ]], %[[ALL]], %[[CUR]])
// DQ: %[[U:.*]] = arith.cmpf uno, %[[X]], %[[Y]] : vector<16xf32>
// DQ: %[[N:.*]] = arith.addf %[[X]], %[[Y]] : vector<16xf32>
// DQ: %[[S:.*]] = arith.select %[[U]], %[[N]], %[[R]]
// DQ: return %[[S]]
// CHECK-LABEL: func.func @max_range(
// CHECK-NOT: llvm.call_intrinsic
func.func @max_range(%x: vector<16xf32>, %y: vector<16xf32>) -> vector<16xf32> {
  %r = arith.maximumf %x, %y : vector<16xf32>
  return %r : vector<16xf32>
}

// -----

// 16 f64 lanes: two 512-bit parts of 8 (imm 4: minimum).
// DQ-LABEL: func.func @min_range_parts(
// DQ-SAME: %[[X:.*]]: vector<16xf64>, %[[Y:.*]]: vector<16xf64>
// DQ-DAG: llvm.mlir.constant(4 : i32) : i32
// DQ-DAG: llvm.mlir.constant(-1 : i8) : i8
// DQ: %[[X0:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [8], strides = [1]}
// DQ: %[[Y0:.*]] = vector.extract_strided_slice %[[Y]] {offsets = [0], sizes = [8], strides = [1]}
// DQ: %[[R0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.pd.512"(%[[X0]], %[[Y0]]
// DQ: %[[I0:.*]] = vector.insert_strided_slice %[[R0]], %[[X]] {offsets = [0], strides = [1]}
// DQ: vector.extract_strided_slice %[[X]] {offsets = [8], sizes = [8], strides = [1]}
// DQ: %[[R1:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.range.pd.512"
// DQ: %[[I1:.*]] = vector.insert_strided_slice %[[R1]], %[[I0]] {offsets = [8], strides = [1]}
// DQ: arith.select %{{.*}}, %{{.*}}, %[[I1]] : vector<16xi1>, vector<16xf64>
func.func @min_range_parts(%x: vector<16xf64>, %y: vector<16xf64>) -> vector<16xf64> {
  %r = arith.minimumf %x, %y : vector<16xf64>
  return %r : vector<16xf64>
}
