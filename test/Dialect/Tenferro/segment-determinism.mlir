// The segmented output is byte-identical across runs and with threading on
// and off (functions are segmented in parallel when threading is on).
// RUN: tenferro-opt %S/segment.mlir --tenferro-segment > %t.1
// RUN: tenferro-opt %S/segment.mlir --tenferro-segment > %t.2
// RUN: tenferro-opt %S/segment.mlir --tenferro-segment --mlir-disable-threading > %t.3
// RUN: diff %t.1 %t.2
// RUN: diff %t.1 %t.3
// RUN: tenferro-opt %S/segment-explain.mlir --tenferro-segment=explain --allow-unregistered-dialect \
// RUN:   -split-input-file 2> %t.r1 > /dev/null
// RUN: tenferro-opt %S/segment-explain.mlir --tenferro-segment=explain --allow-unregistered-dialect \
// RUN:   -split-input-file --mlir-disable-threading 2> %t.r2 > /dev/null
// RUN: diff %t.r1 %t.r2
