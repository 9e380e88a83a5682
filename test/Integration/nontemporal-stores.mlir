// Non-temporal stores (pipeline option nontemporal-stores, here with
// nontemporal-min-bytes=0 so that every buffer streams where its address
// is aligned) give the reference interpreter's bits: 1-d loops with a
// masked tail, matrices whose columns start at aligned and unaligned
// addresses (37 f64 = 296 bytes per column), write-only broadcasts,
// integers, a dynamic extent, and parallel loops (chunks on two
// threads), at 16, 8 and 4 lanes, with column-fusion.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --random=5 --reference --output=%t.dir/ref > /dev/null
// RUN: for options in "nontemporal-stores=true nontemporal-min-bytes=0" \
// RUN:     "nontemporal-stores=true nontemporal-min-bytes=0 vector-width=8" \
// RUN:     "nontemporal-stores=true nontemporal-min-bytes=0 vector-width=4" \
// RUN:     "nontemporal-stores=true nontemporal-min-bytes=0 parallel-loops=true parallel-min-work=0" \
// RUN:     "nontemporal-stores=true nontemporal-min-bytes=0 column-fusion=true elementwise-fusion=true" \
// RUN:     "nontemporal-stores=true"; do \
// RUN:   OMP_NUM_THREADS=2 tenferro-runner %s --random=5 --pipeline-options="$options" \
// RUN:     --output=%t.dir/got > /dev/null || exit 1; \
// RUN:   for i in 0 1 2 3 4; do \
// RUN:     python3 %S/../Differential/npy_compare.py %t.dir/got$i.npy %t.dir/ref$i.npy || exit 1; \
// RUN:   done; \
// RUN: done
// RUN: tenferro-runner %s --entry=dynamic --dim=40005 --random=5 --reference --output=%t.dir/dref > /dev/null
// RUN: OMP_NUM_THREADS=2 tenferro-runner %s --entry=dynamic --dim=40005 --random=5 --parallel-loops --parallel-min-work=0 \
// RUN:   --pipeline-options="nontemporal-stores=true nontemporal-min-bytes=0" --output=%t.dir/dgot > /dev/null
// RUN: python3 %S/../Differential/npy_compare.py %t.dir/dgot0.npy %t.dir/dref0.npy
// The machine code: test/Runner/nontemporal-stores.mlir.

func.func @main(%a: tensor<1037xf32>, %b: tensor<1037xf32>, %s: tensor<f32>,
                %x: tensor<37xf64>, %y: tensor<29xf64>,
                %m: tensor<64x33xf32>, %r: tensor<64xf32>,
                %i: tensor<1000xi32>, %j: tensor<1000xi32>)
    -> (tensor<1037xf32>, tensor<37x29xf64>, tensor<64x33xf32>, tensor<1000xi32>, tensor<37x29xf64>) {
  // A triad: 64 full vectors of 16 and a masked tail of 13.
  %sb = tenferro.broadcast_in_dim %s, dims = [] to [1037] : tensor<f32>
  %t = tenferro.multiply %sb, %b : tensor<1037xf32>
  %triad = tenferro.add %a, %t : tensor<1037xf32>
  // An outer product: columns of 37 f64 at every alignment.
  %xb = tenferro.broadcast_in_dim %x, dims = [0] to [37, 29] : tensor<37xf64>
  %yb = tenferro.broadcast_in_dim %y, dims = [1] to [37, 29] : tensor<29xf64>
  %outer = tenferro.multiply %xb, %yb : tensor<37x29xf64>
  // Rows scaled: aligned columns of 64 f32.
  %rb = tenferro.broadcast_in_dim %r, dims = [0] to [64, 33] : tensor<64xf32>
  %rows = tenferro.multiply %m, %rb : tensor<64x33xf32>
  // Integers.
  %ij = tenferro.multiply %i, %j : tensor<1000xi32>
  %sum = tenferro.add %ij, %i : tensor<1000xi32>
  // A broadcast squared (write-only).
  %sq = tenferro.multiply %xb, %xb : tensor<37x29xf64>
  return %triad, %outer, %rows, %sum, %sq
      : tensor<1037xf32>, tensor<37x29xf64>, tensor<64x33xf32>, tensor<1000xi32>, tensor<37x29xf64>
}

func.func @dynamic(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<?xf64> {
  %0 = tenferro.multiply %a, %b : tensor<?xf64>
  %1 = tenferro.add %0, %a : tensor<?xf64>
  return %1 : tensor<?xf64>
}
