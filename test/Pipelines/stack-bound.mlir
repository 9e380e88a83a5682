// Stack use does not grow with program length: a 20,000-instruction
// dependent chain segments (into one region) and lowers to LLVM with a
// 1 MiB stack (the default is 8 MiB; a recursion over the chain would need
// far more).
// RUN: python3 %S/Inputs/gen_chain.py 20000 > %t.mlir
// RUN: bash -c "ulimit -s 1024 && %tenferro_obj/bin/tenferro-opt %t.mlir --tenferro-segment" | grep "tenferro.fused_region" | count 1
// RUN: bash -c "ulimit -s 1024 && %tenferro_obj/bin/tenferro-opt %t.mlir --tenferro-lower-to-llvm -o %t.ll.mlir"
// RUN: FileCheck %s < %t.ll.mlir
// CHECK: llvm.func @tenferro_chain(
// CHECK: llvm.fcmp "ogt"
