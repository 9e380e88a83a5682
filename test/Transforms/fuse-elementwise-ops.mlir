// RUN: tenferro-opt %s --split-input-file --tenferro-fuse-elementwise-ops | FileCheck %s
// RUN: tenferro-opt %s --split-input-file --tenferro-fuse-elementwise-ops=folds-into-row-combinations \
// RUN:   | FileCheck %s --check-prefix=ROWS
// Where upstream's linalg-fuse-elementwise-ops fuses (each producer with one
// use), the two passes agree:
// RUN: tenferro-opt %S/Inputs/elementwise-chain.mlir --tenferro-fuse-elementwise-ops --canonicalize > %t.tenferro
// RUN: tenferro-opt %S/Inputs/elementwise-chain.mlir --linalg-fuse-elementwise-ops --canonicalize > %t.upstream
// RUN: diff %t.tenferro %t.upstream
// A slice of an op that reads its indices is computed at the slice's
// offsets; upstream's bubble-up pattern, which the pass does not use for
// that reason, computes it at offset zero:
// RUN: tenferro-opt %S/Inputs/slice-of-indices.mlir --tenferro-fuse-elementwise-ops | FileCheck %s --check-prefix=INDICES
// RUN: mlir-opt %S/Inputs/slice-of-indices.mlir -test-linalg-transform-patterns=test-bubble-up-extract-slice-op-pattern \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM

// INDICES: #[[$SHIFT:.+]] = affine_map<()[s0] -> (s0 + 3)>
// INDICES-LABEL: func.func @slice_of_indices(
// INDICES: linalg.generic {{.*}} outs(%{{.*}} : tensor<5xf32>)
// INDICES-NEXT: ^bb0
// INDICES-NEXT: %[[I:.+]] = linalg.index 0 : index
// INDICES-NEXT: %[[J:.+]] = affine.apply #[[$SHIFT]]()[%[[I]]]
// INDICES-NEXT: arith.index_cast %[[J]] : index to i64
// UPSTREAM-LABEL: func.func @slice_of_indices(
// UPSTREAM: %[[I:.+]] = linalg.index 0 : index
// UPSTREAM-NEXT: arith.index_cast %[[I]] : index to i64

// reduce_sum(exp(x) * y) over the contiguous axis, as
// convert-tenferro-to-linalg lowers it: a lane reduction over the whole
// vectors (the i8 carrier gives the vector count) and a vector tail that
// reads a slice of the product. The producers are fused into both: the
// reduction reads x and y, the tail slices of x and y, and no 64x1000
// product is computed.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1 * 16 + d2)>
#map2 = affine_map<(d0, d1, d2) -> (d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @sum_exp_product(
// CHECK-SAME: %[[X:.*]]: tensor<64x1000xf32>, %[[Y:.*]]: tensor<64x1000xf32>
// CHECK-NOT: linalg.generic
// CHECK: %[[LANES:.*]] = linalg.generic {{{.*}}iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]], %[[Y]], %{{.*}} : tensor<64x1000xf32>, tensor<64x1000xf32>, tensor<62xi8>)
// CHECK: math.exp
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-DAG: %[[XT:.*]] = tensor.extract_slice %[[X]][0, 992] [64, 8] [1, 1]
// CHECK-DAG: %[[YT:.*]] = tensor.extract_slice %[[Y]][0, 992] [64, 8] [1, 1]
// CHECK: linalg.generic {{.*}} ins(%[[XT]], %[[YT]] : tensor<64x8xf32>, tensor<64x8xf32>)
// CHECK: math.exp
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @sum_exp_product(%x: tensor<64x1000xf32>, %y: tensor<64x1000xf32>) -> tensor<64x16xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x1000xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x1000xf32>) outs(%0 : tensor<64x1000xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<64x1000xf32>
  %2 = tensor.empty() : tensor<64x1000xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %y : tensor<64x1000xf32>, tensor<64x1000xf32>) outs(%2 : tensor<64x1000xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<64x1000xf32>
  %4 = tensor.empty() : tensor<64x16xf32>
  %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %6 = tensor.empty() : tensor<62xi8>
  %7 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "reduction", "parallel"]} ins(%3, %6 : tensor<64x1000xf32>, tensor<62xi8>) outs(%5 : tensor<64x16xf32>) {
  ^bb0(%in: f32, %in_1: i8, %out: f32):
    %a = arith.addf %out, %in : f32
    linalg.yield %a : f32
  } -> tensor<64x16xf32>
  %tail = tensor.extract_slice %3[0, 992] [64, 8] [1, 1] : tensor<64x1000xf32> to tensor<64x8xf32>
  %acc = tensor.extract_slice %7[0, 0] [64, 8] [1, 1] : tensor<64x16xf32> to tensor<64x8xf32>
  %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%tail : tensor<64x8xf32>) outs(%acc : tensor<64x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %out, %in : f32
    linalg.yield %a : f32
  } -> tensor<64x8xf32>
  %r = tensor.insert_slice %8 into %7[0, 0] [64, 8] [1, 1] : tensor<64x8xf32> into tensor<64x16xf32>
  return %r : tensor<64x16xf32>
}

// -----

// A producer that is also returned is computed once and stored: not fused.
#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @returned_producer(
// CHECK: %[[E:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: %[[M:.*]] = linalg.generic {{.*}} ins(%[[E]], %{{.*}} : tensor<100xf32>, tensor<100xf32>)
// CHECK-NOT: math.exp
// CHECK: return %[[E]], %[[M]]
func.func @returned_producer(%x: tensor<100xf32>, %y: tensor<100xf32>) -> (tensor<100xf32>, tensor<100xf32>) {
  %0 = tensor.empty() : tensor<100xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<100xf32>) outs(%0 : tensor<100xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<100xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%1, %y : tensor<100xf32>, tensor<100xf32>) outs(%0 : tensor<100xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<100xf32>
  return %1, %2 : tensor<100xf32>, tensor<100xf32>
}

// -----

// The last steps of a vector's lane reduction: the fold of the lanes into
// groups, then the groups' pairwise combination, an op with no loops that
// reads the groups at constant positions (here 0 and 1 of 2). The fold is
// fused into it at both positions: one op reads the partials' slices, and
// the groups are never computed as a tensor.
// CHECK-LABEL: func.func @vector_combination(
// CHECK: %[[LO:.*]] = tensor.extract_slice
// CHECK: %[[HI:.*]] = tensor.extract_slice
// CHECK-NOT: linalg.generic
// CHECK: %[[R:.*]] = linalg.generic {{.*}} iterator_types = []} ins(%[[LO]], %[[HI]], %[[LO]], %[[HI]] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @vector_combination(%p: tensor<4xf32>) -> tensor<f32> {
  %lo = tensor.extract_slice %p[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %hi = tensor.extract_slice %p[2] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%lo, %hi : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %r0 = tensor.empty() : tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<() -> (0)>, affine_map<() -> (1)>, affine_map<() -> ()>], iterator_types = []} ins(%g, %g : tensor<2xf32>, tensor<2xf32>) outs(%r0 : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// Per row (the combination has loops), the fold is not fused into the
// combination, which would read every row's lanes one scalar at a time:
// the fold runs in vectors, and lane-tiles keeps a row's groups in
// registers. Nor is the combination fused into the divide that broadcasts
// its result over the rows (it would combine a row's groups again at every
// element).
// With folds-into-row-combinations (the pipeline sets it where lane-tiles
// does not run: nothing would keep the groups in registers) the fold is
// fused into the combination as for a vector; the divide still does not
// take the combination in.
// ROWS-LABEL: func.func @row_combination(
// ROWS: %[[LO:.*]] = tensor.extract_slice
// ROWS: %[[HI:.*]] = tensor.extract_slice
// ROWS-NOT: linalg.generic
// ROWS: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[LO]], %[[HI]], %[[LO]], %[[HI]] : tensor<8x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>, tensor<8x2xf32>)
// ROWS: linalg.generic {{.*}} ins(%{{.*}}, %[[S]] : tensor<8x100xf32>, tensor<8xf32>)
// ROWS-NEXT: ^bb0
// ROWS-NEXT: arith.divf
// CHECK-LABEL: func.func @row_combination(
// CHECK: %[[G:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]}
// CHECK: %[[S:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[G]], %[[G]] : tensor<8x2xf32>, tensor<8x2xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[S]] : tensor<8x100xf32>, tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.divf
func.func @row_combination(%p: tensor<8x4xf32>, %x: tensor<8x100xf32>) -> tensor<8x100xf32> {
  %lo = tensor.extract_slice %p[0, 0] [8, 2] [1, 1] : tensor<8x4xf32> to tensor<8x2xf32>
  %hi = tensor.extract_slice %p[0, 2] [8, 2] [1, 1] : tensor<8x4xf32> to tensor<8x2xf32>
  %e = tensor.empty() : tensor<8x2xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%lo, %hi : tensor<8x2xf32>, tensor<8x2xf32>) outs(%e : tensor<8x2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8x2xf32>
  %r0 = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, 0)>, affine_map<(d0) -> (d0, 1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%g, %g : tensor<8x2xf32>, tensor<8x2xf32>) outs(%r0 : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %d0 = tensor.empty() : tensor<8x100xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %r : tensor<8x100xf32>, tensor<8xf32>) outs(%d0 : tensor<8x100xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %q = arith.divf %a, %b : f32
    linalg.yield %q : f32
  } -> tensor<8x100xf32>
  return %d : tensor<8x100xf32>
}

// -----

// A broadcast reads its operand's dimension of extent 1 at the constant 0
// (the lowering's broadcast read maps): not a lane combination, so it is
// fused into its consumer as any elementwise producer.
// CHECK-LABEL: func.func @broadcast_producer(
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x100xf32>, tensor<8x100xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
func.func @broadcast_producer(%x: tensor<1x100xf32>, %y: tensor<8x100xf32>) -> tensor<8x100xf32> {
  %0 = tensor.empty() : tensor<8x100xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x100xf32>) outs(%0 : tensor<8x100xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<8x100xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1, %y : tensor<8x100xf32>, tensor<8x100xf32>) outs(%0 : tensor<8x100xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x100xf32>
  return %2 : tensor<8x100xf32>
}

// -----

// Other uses by the same consumer count only for a lane combination: the
// fusion patterns first merge a consumer's identical operands (e * e reads
// e once), and the exp is fused once; counting the second use as fusable
// would fuse before that and compute the exp twice per element, also with
// folds-into-row-combinations.
// CHECK-LABEL: func.func @used_twice(
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.mulf
// CHECK-NOT: math.exp
// ROWS-LABEL: func.func @used_twice(
// ROWS: linalg.generic
// ROWS-NEXT: ^bb0
// ROWS-NEXT: math.exp
// ROWS-NEXT: arith.mulf
// ROWS-NOT: math.exp
func.func @used_twice(%x: tensor<100xf32>) -> tensor<100xf32> {
  %0 = tensor.empty() : tensor<100xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<100xf32>) outs(%0 : tensor<100xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  } -> tensor<100xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%1, %1 : tensor<100xf32>, tensor<100xf32>) outs(%0 : tensor<100xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<100xf32>
  return %2 : tensor<100xf32>
}

// -----

// An expensive producer (a math function, a division) is not fused into a
// consumer that broadcasts it: the fused loop would compute the rsqrt of a
// column's value again at each of its 100 elements. A cheap one (a
// multiply) is: one more multiply per element instead of a buffer.
// CHECK-LABEL: func.func @broadcast_consumer(
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: math.rsqrt
// CHECK-NEXT: linalg.yield
// CHECK: linalg.generic {{.*}} ins(%[[R]], %{{.*}} : tensor<8xf32>, tensor<8x100xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: linalg.yield
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8x100xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: linalg.yield
func.func @broadcast_consumer(%s: tensor<8xf32>, %y: tensor<8x100xf32>) -> (tensor<8x100xf32>, tensor<8x100xf32>) {
  %c = arith.constant 7.8125e-03 : f32
  %e1 = tensor.empty() : tensor<8xf32>
  %e2 = tensor.empty() : tensor<8x100xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %c : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %root = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%scaled : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.rsqrt %in : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %y1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%root, %y : tensor<8xf32>, tensor<8x100xf32>) outs(%e2 : tensor<8x100xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %b, %a : f32
    linalg.yield %m : f32
  } -> tensor<8x100xf32>
  %cheap = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %c : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  %y2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%cheap, %y : tensor<8xf32>, tensor<8x100xf32>) outs(%e2 : tensor<8x100xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %b, %a : f32
    linalg.yield %m : f32
  } -> tensor<8x100xf32>
  return %y1, %y2 : tensor<8x100xf32>, tensor<8x100xf32>
}
