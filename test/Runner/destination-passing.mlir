// Destination passing (pipeline option destination-passing, docs/abi.md):
// the caller passes every result buffer after the inputs. Results are the
// same as with fresh buffers, for a result computed in place, a value
// returned twice and an input returned as it is, through the JIT (the
// runner allocates the buffers once, also for --repeat) and through an
// object file called from C, twice into the same buffers. A dynamic extent
// of the caller's buffer that differs from the result's is a run-time
// check, before anything is written.
//
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --entry=three --random=5 > %t.dir/three-fresh
// RUN: tenferro-runner %s --entry=three --random=5 --pipeline-options=destination-passing=true > %t.dir/three-passed
// RUN: diff %t.dir/three-fresh %t.dir/three-passed
// RUN: FileCheck %s --check-prefix=THREE < %t.dir/three-passed
// RUN: tenferro-runner %s --entry=three --random=5 --no-fusion > %t.dir/three-unfused-fresh
// RUN: tenferro-runner %s --entry=three --random=5 --pipeline-options="destination-passing=true enable-fusion=false" > %t.dir/three-unfused-passed
// RUN: diff %t.dir/three-unfused-fresh %t.dir/three-unfused-passed
// RUN: tenferro-runner %s --entry=rows --random=5 > %t.dir/rows-fresh
// RUN: tenferro-runner %s --entry=rows --random=5 --pipeline-options=destination-passing=true > %t.dir/rows-passed
// RUN: diff %t.dir/rows-fresh %t.dir/rows-passed
// RUN: tenferro-runner %s --entry=rows --random=5 --pipeline-options=destination-passing=true --repeat=3 | FileCheck %s --check-prefix=TIMED
//
// RUN: tenferro-runner %s --entry=three --compile-only --pipeline-options=destination-passing=true --emit-object=%t.dir/three.o --emit-header=%t.dir/three.h
// RUN: tenferro-runner %s --entry=rows --compile-only --pipeline-options=destination-passing=true --emit-object=%t.dir/rows.o --emit-header=%t.dir/rows.h
// RUN: FileCheck %s --check-prefix=HEADER < %t.dir/three.h
// RUN: cc -I%t.dir %S/Inputs/destination_main.c %t.dir/three.o %t.dir/rows.o -lm -o %t.dir/destination
// RUN: %t.dir/destination 0 | FileCheck %s --check-prefix=AOT
// RUN: not --crash %t.dir/destination 1 2>&1 | FileCheck %s --check-prefix=WRONG

// THREE: output #0: f64 [2, 3] [[[SUM:.*]]]
// THREE-NEXT: output #1: f64 [2, 3] [[[SUM]]]
// THREE-NEXT: output #2: f64 [2, 3] [[[X:.*]]]
// TIMED: output #0: f64 [{{[0-9]+}}, 2]
// TIMED-NEXT: time: min

// HEADER: void _mlir_ciface_tenferro_three(struct tenferro_memref_2d *in0 /* tensor<2x3xf64> */,
// HEADER-NEXT: struct tenferro_memref_2d *out0 /* tensor<2x3xf64> */,
// HEADER-NEXT: struct tenferro_memref_2d *out1 /* tensor<2x3xf64> */,
// HEADER-NEXT: struct tenferro_memref_2d *out2 /* tensor<2x3xf64> */);

// AOT: x + x: 2 4 6 8 10 12
// AOT-NEXT: again: 2 4 6 8 10 12
// AOT-NEXT: x: 1 2 3 4 5 6
// AOT-NEXT: x + x: 22 4 6 8 10 12
// AOT-NEXT: again: 22 4 6 8 10 12
// AOT-NEXT: x: 11 2 3 4 5 6
// AOT-NEXT: y + y: 0 2 4 6 8 10

// WRONG: tenferro @tenferro_rows output #0: the caller's buffer does not have the result's extents (OutputShapeMismatch)
// WRONG-NOT: y + y

func.func @three(%x: tensor<2x3xf64>)
    -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>) {
  %0 = tenferro.add %x, %x : tensor<2x3xf64>
  return %0, %0, %x : tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>
}

func.func @rows(%y: tensor<?x2xf64>) -> tensor<?x2xf64> {
  %0 = tenferro.add %y, %y : tensor<?x2xf64>
  return %0 : tensor<?x2xf64>
}
