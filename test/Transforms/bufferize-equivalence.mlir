// tenferro-bufferize prints what upstream one-shot-bufferize prints, on the
// IR the pipeline bufferizes, for every test program of the suite, random
// programs of bench/gen_program.py and programs where one value has many
// readers; most take the path without the analysis.
// RUN: python3 %tenferro_src/bench/gen_program.py 2000 3 > %t-random.mlir
// RUN: python3 %S/../Pipelines/Inputs/gen_chain.py 3000 > %t-chain.mlir
// RUN: python3 %S/Inputs/check_bufferize_equivalence.py %tenferro_obj/bin/tenferro-opt %tenferro_src/test %t-random.mlir %t-chain.mlir | FileCheck %s
// CHECK-NOT: differs
// CHECK: checked {{[0-9]+}} files: unanalyzed {{[1-9][0-9]+}}, analyzed {{[0-9]+}}
