func.func @f() { %0 = "tenferro.add"() : () -> () 
 %1 = tenferro.nonexistent %0 : tensor<f64>
 foreign.op %0
 return }
