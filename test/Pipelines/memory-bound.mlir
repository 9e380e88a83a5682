// Peak memory grows linearly with program size and stays within the bound
// docs/robustness.md states (constants in Inputs/check_memory_bound.py):
// segmentation, the full lowering and compilation to an object file of
// random programs of 2,000 and 20,000 instructions, each process measured
// on its own. The bench suite
// measures the same bound up to 10^6 instructions (docs/performance.md).
// Sanitizers change what a process holds, so the bound is not theirs.
// UNSUPPORTED: asan
// RUN: python3 %S/Inputs/check_memory_bound.py %tenferro_obj/bin/tenferro-opt %tenferro_src/bench/gen_program.py 2000 20000 | FileCheck %s
// CHECK: segment 2000 instructions: {{.*}}: within bound
// CHECK: lower-to-llvm 2000 instructions: {{.*}}: within bound
// CHECK: object 2000 instructions: {{.*}}: within bound
// CHECK: segment 20000 instructions: {{.*}}: within bound
// CHECK: lower-to-llvm 20000 instructions: {{.*}}: within bound
// CHECK: object 20000 instructions: {{.*}}: within bound
