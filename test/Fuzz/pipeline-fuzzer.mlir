// Replays the pipeline fuzzer's regression inputs and 150 seeded random
// inputs: each becomes a valid program (with random lowering options) that
// must verify, segment, lower to LLVM and translate (docs/robustness.md).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/random_inputs.py %t 150 7
// RUN: tenferro-pipeline-fuzzer %S/Inputs/pipeline/* %t/* 2>&1 | FileCheck %s
// CHECK: Running: {{.*}}all-ones
// CHECK: Running: {{.*}}input-0149
// CHECK-NOT: tenferro-pipeline-fuzzer:
