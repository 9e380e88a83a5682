// Segmentation and lowering are deterministic: for every test program of
// the suite, tenferro-segment and tenferro-lower-to-llvm print the same
// bytes (output, diagnostics and exit status) in repeated runs and with
// threading on and off.
// RUN: python3 %S/Inputs/check_determinism.py %tenferro_obj/bin/tenferro-opt %tenferro_src/test | FileCheck %s
// CHECK-NOT: differs
// CHECK: checked {{[0-9]+}} files
