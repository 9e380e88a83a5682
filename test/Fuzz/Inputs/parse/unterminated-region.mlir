func.func @f(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = tenferro.fused_region elementwise (%a = %x : tensor<4xf64>) -> (tensor<4xf64>) {
    %1 = tenferro.exp %a : tensor<4xf64>
