// Layout, reduction, host and contraction instructions on column-major
// (dimension-reversed) tensors.
// RUN: tenferro-opt %s --convert-tenferro-to-linalg | FileCheck %s

// CHECK-DAG: #[[$DOTL:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[$DOTR:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[$DOTO:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$RED1:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$GROUPS:.*]] = affine_map<(d0, d1, d2) -> (d0, d1 * 64 + d2)>
// CHECK-DAG: #[[$K:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG: #[[$LANES:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$AT0:.*]] = affine_map<(d0) -> (d0, 0)>
// CHECK-DAG: #[[$AT1:.*]] = affine_map<(d0) -> (d0, 1)>
// CHECK-DAG: #[[$AT8:.*]] = affine_map<(d0) -> (d0, 8)>
// CHECK-DAG: #[[$AT15:.*]] = affine_map<(d0) -> (d0, 15)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$PARTS:.*]] = affine_map<(d0, d1, d2) -> ((d0 * 1024 + d1) * 64 + d2)>
// CHECK-DAG: #[[$LANE1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$AFTER:.*]] = affine_map<(d0, d1) -> (d0 * 64 + d1 + 196608)>

// Logical perm [2, 0, 1] on [2, 3, 4] is permutation [1, 2, 0] of the
// reversed tensors.
// CHECK-LABEL: func.func @transpose(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4x3x2xf32> {bufferization.writable = false}) -> tensor<3x2x4xf32>
// CHECK: linalg.transpose ins(%[[X]] : tensor<4x3x2xf32>) outs(%{{.*}} : tensor<3x2x4xf32>) permutation = [1, 2, 0]
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = tenferro.transpose %x, perm = [2, 0, 1] : tensor<2x3x4xf32>
  return %0 : tensor<4x2x3xf32>
}

// A column-major reshape is a row-major reshape of the reversed shapes.
// CHECK-LABEL: func.func @reshape(
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[S:.*]] = tensor.from_elements %[[C2]], %[[C3]] : tensor<2xindex>
// CHECK: tensor.reshape %{{.*}}(%[[S]]) : (tensor<3x2xf64>, tensor<2xindex>) -> tensor<2x3xf64>
func.func @reshape(%x: tensor<2x3xf64>) -> tensor<3x2xf64> {
  %0 = tenferro.reshape %x to [3, 2] : tensor<2x3xf64>
  return %0 : tensor<3x2xf64>
}

// DimExprs are evaluated at run time from the actual extents; a sub that
// underflows fails with an error instead of computing garbage.
// CHECK-LABEL: func.func @reshape_dynamic(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4x?xf64> {bufferization.writable = false}
// CHECK-DAG: %[[D1:.*]] = tensor.dim %[[X]], %c1
// CHECK-DAG: %[[D0:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[M:.*]] = arith.muli %[[D1]], %[[D0]] : index
// CHECK: %[[OK:.*]] = arith.cmpi uge, %[[M]], %{{.*}} : index
// CHECK: cf.assert %[[OK]], "tenferro.reshape: DimExpr sub underflows (SubUnderflow)"
// CHECK: tensor.reshape
func.func @reshape_dynamic(%x: tensor<?x4xf64>, %r: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tenferro.reshape %x to [sub(mul(input_dim(0, 0), input_dim(0, 1)), 1)] : tensor<?x4xf64>
  return %0 : tensor<?xf64>
}

// Output order [lhs free, rhs free, batch]: reversed, the batch axis is
// iteration dim 0.
// CHECK-LABEL: func.func @dot(
// CHECK: %[[Z:.*]] = linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[$DOTL]], #[[$DOTR]], #[[$DOTO]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: } -> tensor<5x4x2xf64>
func.func @dot(%a: tensor<2x3x5xf64>, %b: tensor<3x4x5xf64>) -> tensor<2x4x5xf64> {
  %0 = tenferro.dot_general %a, %b, dims = <lhs_contracting_dims = [1], rhs_contracting_dims = [0], lhs_batch_dims = [2], rhs_batch_dims = [2]> : tensor<2x3x5xf64>, tensor<3x4x5xf64>
  return %0 : tensor<2x4x5xf64>
}

// CHECK-LABEL: func.func @dot_conj(
// CHECK: complex.conj
// CHECK-NEXT: complex.mul
// CHECK-NEXT: complex.add
func.func @dot_conj(%a: tensor<3xcomplex<f64>>) -> tensor<complex<f64>> {
  %0 = tenferro.dot_general_with_conj %a, %a, dims = <lhs_contracting_dims = [0], rhs_contracting_dims = [0]> conj_lhs : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
  return %0 : tensor<complex<f64>>
}

// CHECK-LABEL: func.func @constants(
// CHECK: arith.constant dense<2.500000e+00> : tensor<f32>
// CHECK: arith.constant dense<true> : tensor<i1>
// CHECK: arith.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f64>>
// CHECK: arith.constant dense<-7> : tensor<i32>
func.func @constants() -> (tensor<f32>, tensor<i1>, tensor<complex<f64>>, tensor<i32>) {
  %0 = tenferro.constant 2.5 : f32
  %1 = tenferro.constant true : i1
  %2 = tenferro.constant [1.0, -2.0] : complex<f64>
  %3 = tenferro.constant -7 : i32
  return %0, %1, %2, %3 : tensor<f32>, tensor<i1>, tensor<complex<f64>>, tensor<i32>
}

// Logical axis 1 of [2, 3] is lowered axis 0. Axes other than the leading
// ones reduce in one loop nest in column-major order: [0, 2] of [4, 5, 6]
// (lowered [6, 5, 4]) reduces lowered dimensions 0 and 2, [1, 2]
// dimensions 0 and 1. sum_squares of complex sums x * conj(x); prod starts
// from 1.
// CHECK-LABEL: func.func @reductions(
// CHECK: complex.constant [1.000000e+00 : f32, 0.000000e+00 : f32]
// CHECK: iterator_types = ["reduction", "parallel"]
// CHECK: complex.mul
// CHECK: iterator_types = ["reduction", "parallel", "reduction"]
// CHECK: complex.conj
// CHECK: complex.mul
// CHECK: complex.add
// CHECK: arith.constant 0xFFF0000000000000 : f64
// CHECK: iterator_types = ["reduction", "reduction", "parallel"]
// CHECK: arith.maximumf
// CHECK-NOT: tensor.collapse_shape
// CHECK: return
func.func @reductions(%x: tensor<2x3xcomplex<f32>>, %z: tensor<4x5x6xcomplex<f32>>, %y: tensor<4x5x6xf64>) -> (tensor<2xcomplex<f32>>, tensor<5xcomplex<f32>>, tensor<4xf64>) {
  %0 = tenferro.reduce_prod %x, axes = [1] : tensor<2x3xcomplex<f32>>
  %1 = tenferro.reduce_sum_squares %z, axes = [0, 2] : tensor<4x5x6xcomplex<f32>>
  %2 = tenferro.reduce_max %y, axes = [1, 2] : tensor<4x5x6xf64>
  return %0, %1, %2 : tensor<2xcomplex<f32>>, tensor<5xcomplex<f32>>, tensor<4xf64>
}

// Over the leading axes 0..k-1 (given in any order): their block is
// contiguous, so the lowered trailing dimensions are collapsed into one and
// reduced in lanes as over axis 0 alone (below; docs/semantics.md 8.5):
// [4, 17, 3] over [1, 0] is [3, 68], one group of 64 and 4 into lanes
// 0..3; a whole [?, ?] tensor is one dynamic extent, whose groups'
// pairwise combination has no loops.
// CHECK-LABEL: func.func @reduce_in_lanes_leading(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x17x4xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2]] : tensor<3x17x4xf32> into tensor<3x68xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1xi8>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[C]], %[[E]] : tensor<3x68xf32>, tensor<1xi8>)
// CHECK: tensor.extract_slice %[[C]][0, 64] [3, 4] [1, 1]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[G:.*]], %[[G]], {{.*}} : tensor<3x16xf32>, {{.*}}) outs(%{{.*}} : tensor<3xf32>)
// CHECK: %[[W:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<?x?xf64> into tensor<?xf64>
// CHECK: %[[N:.*]] = tensor.dim %[[W]], %c0
// CHECK: arith.divui %[[N]], %c65536
// CHECK: arith.minimumf
// CHECK: linalg.generic {{.*}} iterator_types = []} ins(%[[H:.*]], %[[H]], {{.*}} : tensor<16xf64>, {{.*}}) outs(%{{.*}} : tensor<f64>)
// CHECK-COUNT-15: arith.minimumf
func.func @reduce_in_lanes_leading(%x: tensor<4x17x3xf32>, %y: tensor<?x?xf64>) -> (tensor<3xf32>, tensor<f64>) {
  %0 = tenferro.reduce_sum %x, axes = [1, 0] : tensor<4x17x3xf32>
  %1 = tenferro.reduce_min %y, axes = [0, 1] : tensor<?x?xf64>
  return %0, %1 : tensor<3xf32>, tensor<f64>
}

// Over axis 0 alone (lowered: the last, contiguous dimension), in 64
// lanes and 16 groups (docs/semantics.md 8.5): 133 = 2 groups of 64 read
// in place as x[.., 64 k + l] (the unread i8 tensor gives k its extent),
// the last 5 into lanes 0..4, then group g = lanes g, g + 16, g + 32,
// g + 48 in that order (elementwise over four slices of 16 lanes, not from
// the identity), then the groups pairwise, g with g + 8, 4, 2, 1 (one op
// reading the groups at positions 0..15, not from the identity); sums of
// squares square the elements, not the lanes' or groups' partial sums.
// Every linalg op of the steps is marked tenferro.lane_step
// (tenferro-fuse-column-tiles computes them one row at a time).
// CHECK-LABEL: func.func @reduce_in_lanes(
// CHECK-SAME: %[[X:.*]]: tensor<3x133xf32>
// CHECK: %[[P0:.*]] = linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x64xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2xi8>
// CHECK: %[[P1:.*]] = linalg.generic {indexing_maps = [#[[$GROUPS]], #[[$K]], #[[$LANES]]], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]], %[[E]] : tensor<3x133xf32>, tensor<2xi8>) outs(%[[P0]] : tensor<3x64xf32>) attrs =  {tenferro.lane_step}
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[T:.*]] = tensor.extract_slice %[[X]][0, 128] [3, 5] [1, 1]
// CHECK: %[[H:.*]] = tensor.extract_slice %[[P1]][0, 0] [3, 5] [1, 1]
// CHECK: %[[A:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[T]] : tensor<3x5xf32>) outs(%[[H]] : tensor<3x5xf32>) attrs =  {tenferro.lane_step}
// CHECK: arith.mulf
// CHECK: %[[P2:.*]] = tensor.insert_slice %[[A]] into %[[P1]][0, 0] [3, 5] [1, 1]
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[P2]][0, 0] [3, 16] [1, 1]
// CHECK: %[[S1:.*]] = tensor.extract_slice %[[P2]][0, 16] [3, 16] [1, 1]
// CHECK: %[[S2:.*]] = tensor.extract_slice %[[P2]][0, 32] [3, 16] [1, 1]
// CHECK: %[[S3:.*]] = tensor.extract_slice %[[P2]][0, 48] [3, 16] [1, 1]
// CHECK: %[[G:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[S0]], %[[S1]], %[[S2]], %[[S3]] : {{.*}}) outs(%{{.*}} : tensor<3x16xf32>) attrs =  {tenferro.lane_step}
// CHECK-NEXT: ^bb0(%[[L0:.*]]: f32, %[[L1:.*]]: f32, %[[L2:.*]]: f32, %[[L3:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[A1:.*]] = arith.addf %[[L0]], %[[L1]] : f32
// CHECK-NEXT: %[[A2:.*]] = arith.addf %[[A1]], %[[L2]] : f32
// CHECK-NEXT: %[[A3:.*]] = arith.addf %[[A2]], %[[L3]] : f32
// CHECK-NEXT: linalg.yield %[[A3]]
// CHECK-NOT: linalg.fill
// CHECK: %[[R0:.*]] = tensor.empty() : tensor<3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$AT0]], #[[$AT1]], {{.*}}, #[[$AT8]], {{.*}}, #[[$AT15]], #[[$ROW]]], iterator_types = ["parallel"]} ins(%[[G]], %[[G]], {{.*}} : tensor<3x16xf32>, {{.*}}) outs(%[[R0]] : tensor<3xf32>) attrs =  {tenferro.lane_step}
// CHECK-NEXT: ^bb0(%[[G0:[^:]*]]: f32, %[[G1:[^:]*]]: f32, %[[G2:[^:]*]]: f32, %[[G3:[^:]*]]: f32, %[[G4:[^:]*]]: f32, %[[G5:[^:]*]]: f32, %[[G6:[^:]*]]: f32, %[[G7:[^:]*]]: f32, %[[G8:[^:]*]]: f32, %[[G9:[^:]*]]: f32, %[[G10:[^:]*]]: f32, %[[G11:[^:]*]]: f32, %[[G12:[^:]*]]: f32, %[[G13:[^:]*]]: f32, %[[G14:[^:]*]]: f32, %[[G15:[^:]*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[H0:.*]] = arith.addf %[[G0]], %[[G8]] : f32
// CHECK-NEXT: %[[H1:.*]] = arith.addf %[[G1]], %[[G9]] : f32
// CHECK-NEXT: %[[H2:.*]] = arith.addf %[[G2]], %[[G10]] : f32
// CHECK-NEXT: %[[H3:.*]] = arith.addf %[[G3]], %[[G11]] : f32
// CHECK-NEXT: %[[H4:.*]] = arith.addf %[[G4]], %[[G12]] : f32
// CHECK-NEXT: %[[H5:.*]] = arith.addf %[[G5]], %[[G13]] : f32
// CHECK-NEXT: %[[H6:.*]] = arith.addf %[[G6]], %[[G14]] : f32
// CHECK-NEXT: %[[H7:.*]] = arith.addf %[[G7]], %[[G15]] : f32
// CHECK-NEXT: %[[Q0:.*]] = arith.addf %[[H0]], %[[H4]] : f32
// CHECK-NEXT: %[[Q1:.*]] = arith.addf %[[H1]], %[[H5]] : f32
// CHECK-NEXT: %[[Q2:.*]] = arith.addf %[[H2]], %[[H6]] : f32
// CHECK-NEXT: %[[Q3:.*]] = arith.addf %[[H3]], %[[H7]] : f32
// CHECK-NEXT: %[[P0:.*]] = arith.addf %[[Q0]], %[[Q2]] : f32
// CHECK-NEXT: %[[P1:.*]] = arith.addf %[[Q1]], %[[Q3]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[P0]], %[[P1]] : f32
// CHECK-NEXT: linalg.yield %[[S]]
func.func @reduce_in_lanes(%x: tensor<133x3xf32>) -> tensor<3xf32> {
  %0 = tenferro.reduce_sum_squares %x, axes = [0] : tensor<133x3xf32>
  return %0 : tensor<3xf32>
}

// A dynamic extent: whole parts of 65536, groups after them and
// remainder computed at run time (the parts' steps are there whether or
// not there are any); the groups after the parts read a slice at their
// dynamic start; 64 elements or fewer leave no group loop (static), a
// multiple of 64 no remainder.
// CHECK-LABEL: func.func @reduce_in_lanes_dynamic(
// CHECK-SAME: %[[X:[^:]*]]: tensor<?xf64>
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: %[[P:.*]] = arith.divui %[[N]], %c65536
// CHECK: %[[S:.*]] = arith.muli %[[P]], %c65536
// CHECK: %[[D:.*]] = arith.subi %[[N]], %[[S]]
// CHECK: %[[Q:.*]] = arith.divui %[[D]], %c64
// CHECK: %[[QM:.*]] = arith.muli %[[Q]], %c64
// CHECK: %[[M:.*]] = arith.addi %[[S]], %[[QM]]
// CHECK: %[[R:.*]] = arith.subi %[[N]], %[[M]]
// CHECK: tensor.empty(%[[P]]) : tensor<?x64xf64>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]], %{{.*}} : tensor<?xf64>, tensor<1024xi8>) outs(%{{.*}} : tensor<?x64xf64>)
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<?x64xf64>) outs(%{{.*}} : tensor<64xf64>)
// CHECK: arith.maximumf
// CHECK: %[[W:.*]] = arith.subi %[[M]], %[[S]]
// CHECK: %[[V:.*]] = tensor.extract_slice %[[X]][%[[S]]] [%[[W]]] [1]
// CHECK: tensor.empty(%[[Q]]) : tensor<?xi8>
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]} ins(%[[V]], %{{.*}} : tensor<?xf64>, tensor<?xi8>)
// CHECK: arith.maximumf
// CHECK: tensor.extract_slice %[[X]][%[[M]]] [%[[R]]] [1]
// CHECK-LABEL: func.func @reduce_in_lanes_small(
// CHECK-NOT: tensor<{{[0-9]*}}xi8>
// CHECK: tensor.extract_slice %{{.*}}[0] [5] [1]
// CHECK-LABEL: func.func @reduce_in_lanes_whole(
// CHECK: tensor<4xi8>
// CHECK-NOT: tensor.extract_slice %arg0
// CHECK: return
func.func @reduce_in_lanes_dynamic(%x: tensor<?xf64>) -> tensor<f64> {
  %0 = tenferro.reduce_max %x, axes = [0] : tensor<?xf64>
  return %0 : tensor<f64>
}
func.func @reduce_in_lanes_small(%x: tensor<5xi32>) -> tensor<i32> {
  %0 = tenferro.reduce_prod %x, axes = [0] : tensor<5xi32>
  return %0 : tensor<i32>
}
func.func @reduce_in_lanes_whole(%x: tensor<256xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_min %x, axes = [0] : tensor<256xf32>
  return %0 : tensor<f32>
}

// Static: 200003 = 3 whole parts of 65536 (1024 groups of 64 each), 53
// groups after them and a tail of 3. The parts go into their own
// partials [3, 64] (loops [part, k, lane] reading
// x[(1024 part + k) 64 + lane]), which combine in order into the
// partials; the groups after the parts are read in place at
// 196608 + 64 k + lane (no slice, which would not vectorize).
// CHECK-LABEL: func.func @reduce_in_parts(
// CHECK-SAME: %[[X:[^:]*]]: tensor<200003xf32>
// CHECK: %[[F:.*]] = linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<64xf32>)
// CHECK: %[[PF:.*]] = linalg.fill {tenferro.lane_step} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<3x64xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1024xi8>
// CHECK: %[[PL:.*]] = linalg.generic {indexing_maps = [#[[$PARTS]], #[[$K]], #[[$LANES]]], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]], %[[E]] : tensor<200003xf32>, tensor<1024xi8>) outs(%[[PF]] : tensor<3x64xf32>) attrs =  {tenferro.lane_step}
// CHECK: %[[C:.*]] = linalg.generic {indexing_maps = [#[[$ID2]], #[[$LANE1]]], iterator_types = ["reduction", "parallel"]} ins(%[[PL]] : tensor<3x64xf32>) outs(%[[F]] : tensor<64xf32>) attrs =  {tenferro.lane_step}
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<53xi8>
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[$AFTER]], #[[$RED1]], #[[$LANE1]]], iterator_types = ["reduction", "parallel"]} ins(%[[X]], %[[E2]] : tensor<200003xf32>, tensor<53xi8>) outs(%[[C]] : tensor<64xf32>) attrs =  {tenferro.lane_step}
// CHECK: tensor.extract_slice %[[X]][200000] [3] [1]
func.func @reduce_in_parts(%x: tensor<200003xf32>) -> tensor<f32> {
  %0 = tenferro.reduce_sum %x, axes = [0] : tensor<200003xf32>
  return %0 : tensor<f32>
}

// shape_of gives the extent as an f64 scalar; logical axis 0 of [8, ?] is
// lowered axis 1.
// CHECK-LABEL: func.func @shape_of(
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %c1 : tensor<?x8xf32>
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[F:.*]] = arith.sitofp %[[I]] : i64 to f64
// CHECK: tensor.from_elements %[[F]] : tensor<f64>
func.func @shape_of(%x: tensor<8x?xf32>) -> tensor<f64> {
  %0 = tenferro.shape_of %x, axis = 0 : tensor<8x?xf32>
  return %0 : tensor<f64>
}

// convert and a standalone broadcast_in_dim.
// CHECK-LABEL: func.func @convert_broadcast(
// CHECK: arith.fptosi %{{.*}} : f64 to i32
// CHECK: linalg.generic {indexing_maps = [#[[$RED1]], #[[$ID2]]]
func.func @convert_broadcast(%x: tensor<3xf64>) -> (tensor<3xi32>, tensor<2x3xf64>) {
  %0 = tenferro.convert %x : tensor<3xf64> to i32
  %1 = tenferro.broadcast_in_dim %x, dims = [1] to [2, 3] : tensor<3xf64>
  %2 = tenferro.exp %1 : tensor<2x3xf64>
  return %0, %2 : tensor<3xi32>, tensor<2x3xf64>
}
