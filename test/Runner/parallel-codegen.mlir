// Parallel code generation (docs/design.md, "Parallel code generation"):
// a program cut into partitions of about 100 ops computes what the
// reference interpreter does, in every mode, on one thread or two, at an
// extent that fills vectors of every width and leaves a tail (8195 =
// 8192 + 3), with f32, i32 and Bool data; an object file is the same
// bytes whatever the number of threads, and defines only the entry's
// symbols (kernels shared between partitions are local again). The
// program's tanh goes through libm, bit-identical to the interpreter.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// DEFINE: %{run} = tenferro-runner %s --random=7 --print-elements=10000 --vector-math=libm
// RUN: %{run} --reference | sed -n 's/^output //p' > %t.dir/reference
// RUN: for mode in "" --no-fusion --vector-width=0 --vector-width=4 --vector-width=16 \
// RUN:     --parallel-loops --parallel-min-work=0 --outline-kernels=false; do \
// RUN:   for threads in 1 2; do \
// RUN:     %{run} $mode --partition-ops=100 --compile-threads=$threads | sed -n 's/^output //p' \
// RUN:       | diff %t.dir/reference - || exit 1; \
// RUN:   done; \
// RUN: done
// Dispatch partitions at O3 instead of -O0: the same numbers.
// RUN: %{run} --partition-ops=100 --optimize-dispatch | sed -n 's/^output //p' \
// RUN:   | diff %t.dir/reference -
// RUN: %{run} --partition-ops=100 --timing 2>&1 | FileCheck %s --check-prefix=JIT
// RUN: %{run} --timing 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: tenferro-runner %s --compile-only --partition-ops=100 --compile-threads=1 \
// RUN:   --emit-object=%t.dir/one.o --timing 2>&1 | FileCheck %s --check-prefix=OBJECT
// RUN: tenferro-runner %s --compile-only --partition-ops=100 --compile-threads=2 \
// RUN:   --emit-object=%t.dir/two.o
// RUN: cmp %t.dir/one.o %t.dir/two.o
// RUN: nm %t.dir/one.o | FileCheck %s --check-prefix=NM

// The reference sees the data the compiled runs see.
// RUN: FileCheck %s --check-prefix=REF < %t.dir/reference
// REF: #0: f32 [8195]
// REF: #1: i1 [8195] [{{(true|false)}},
// REF: #2: i32 [8195]
// REF: #3: f32 [8195]

// JIT: code generation: {{[2-9]|[1-9][0-9]+}} partitions on {{[12]}} threads
// JIT-DAG: LLVM O0 pipeline
// JIT-DAG: LLVM optimization (O3)
// JIT: program @mixed: 5 inputs, 4 outputs (fused)
// A small program is one partition by default.
// WHOLE: code generation: 1 partitions on 1 threads
// OBJECT: code generation: {{[2-9]|[1-9][0-9]+}} partitions on 1 threads
// OBJECT: Join partitions

// NM-DAG: T _mlir_ciface_tenferro_mixed
// NM-DAG: T tenferro_mixed
// NM-DAG: t tenferro_mixed.kernel0
// NM-NOT: {{ [A-Z] tenferro_mixed\.}}
func.func @mixed(%x: tensor<8195xf32>, %y: tensor<8195xf32>, %i: tensor<8195xi32>,
                 %j: tensor<8195xi32>, %p: tensor<8195xi1>)
    -> (tensor<8195xf32>, tensor<8195xi1>, tensor<8195xi32>, tensor<8195xf32>) {
  %e = tenferro.exp %x : tensor<8195xf32>
  %t = tenferro.tanh %e : tensor<8195xf32>
  %lt = tenferro.compare lt, %x, %y : tensor<8195xf32>, tensor<8195xf32>
  %s = tenferro.select %lt, %t, %y : tensor<8195xi1>, tensor<8195xf32>, tensor<8195xf32>
  %n = tenferro.shape_of %s, axis = 0 : tensor<8195xf32>
  %eq = tenferro.compare eq, %p, %lt : tensor<8195xi1>, tensor<8195xi1>
  %k = tenferro.multiply %i, %j : tensor<8195xi32>
  %ilt = tenferro.compare lt, %i, %j : tensor<8195xi32>, tensor<8195xi32>
  %a = tenferro.add %k, %i : tensor<8195xi32>
  %m = tenferro.select %ilt, %a, %k : tensor<8195xi1>, tensor<8195xi32>, tensor<8195xi32>
  %r = tenferro.reduce_max %s, axes = [0] : tensor<8195xf32>
  %b = tenferro.broadcast_in_dim %r, dims = [] to [8195] : tensor<f32>
  %z = tenferro.subtract %s, %b : tensor<8195xf32>
  %w = tenferro.multiply %z, %z : tensor<8195xf32>
  return %s, %eq, %m, %w : tensor<8195xf32>, tensor<8195xi1>, tensor<8195xi32>, tensor<8195xf32>
}
