// tenferro-view-segments writes the segmented program as Graphviz DOT.
// RUN: tenferro-opt %s --tenferro-segment --tenferro-view-segments -o /dev/null | FileCheck %s
// RUN: tenferro-opt %s --pass-pipeline="builtin.module(func.func(tenferro-segment,tenferro-view-segments{output=%t.dot}))" -o /dev/null
// RUN: FileCheck %s < %t.dot

// CHECK-LABEL: digraph "program" {
// CHECK-DAG: in0 [shape=ellipse, label="input 0\ntensor<4xf64>"];
// CHECK: subgraph cluster_0 {
// CHECK-NEXT: label="fused_region #0 (elementwise)";
// CHECK-NEXT: style=rounded; color="darkgreen";
// CHECK-NEXT: [[NEG:op[0-9]+]] [shape=box, label="tenferro.negate\ntensor<4xf64>"];
// The region's last use of an input is a bold edge.
// CHECK: in0 -> [[NEG]] [style=bold, color="firebrick"];
// CHECK: [[SHAPE:op[0-9]+]] [shape=box, style=filled, fillcolor="lightblue", label="tenferro.shape_of\ntensor<f64>\n(host)"];
// CHECK-NEXT: [[NEG]] -> [[SHAPE]];
// CHECK: [[DOT:op[0-9]+]] [shape=box, style=filled, fillcolor="orange", label="tenferro.dot_general\ntensor<4x4xf64>\n(ffi)"];
// CHECK: subgraph cluster_1 {
// CHECK-NEXT: label="fused_region #1 (broadcast_multiply)";
// CHECK: in1 -> {{op[0-9]+}} [style=bold, color="firebrick"];
// CHECK: ret [shape=doublecircle, label="return"];
// CHECK: }
func.func @program(%a: tensor<4xf64>, %v: tensor<2xf64>) -> (tensor<f64>, tensor<4x4xf64>, tensor<2x2xf64>) {
  %0 = tenferro.negate %a : tensor<4xf64>
  %1 = tenferro.shape_of %0, axis = 0 : tensor<4xf64>
  %2 = tenferro.dot_general %0, %0, dims = <> : tensor<4xf64>, tensor<4xf64>
  %3 = tenferro.broadcast_in_dim %v, dims = [0] to [2, 2] : tensor<2xf64>
  %4 = tenferro.multiply %3, %3 : tensor<2x2xf64>
  return %1, %2, %4 : tensor<f64>, tensor<4x4xf64>, tensor<2x2xf64>
}
