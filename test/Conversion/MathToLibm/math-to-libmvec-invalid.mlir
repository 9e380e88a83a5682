// A symbol with a libmvec function's name but another type, or another
// kind of symbol, is an error; so is an unknown isa.
// RUN: tenferro-opt %s --split-input-file --verify-diagnostics --tenferro-math-to-libmvec=isa=avx2
// RUN: not tenferro-opt %s --split-input-file --tenferro-math-to-libmvec=isa=avx3 2>&1 | FileCheck %s --check-prefix=ISA

// ISA: unknown isa 'avx3' (sse, avx, avx2 or avx512)

// expected-error @+1 {{'_ZGVdN8v_expf' is a libmvec function the vector math lowering calls, with type '(vector<8xf32>) -> vector<8xf32>'}}
func.func private @_ZGVdN8v_expf(vector<8xf64>) -> vector<8xf64>

func.func @f(%x: vector<8xf32>) -> vector<8xf32> {
  %0 = math.exp %x : vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

// expected-error @+1 {{symbol '_ZGVdN8v_expf' is a libmvec function the vector math lowering calls}}
memref.global "private" @_ZGVdN8v_expf : memref<f32>

func.func @f(%x: vector<8xf32>) -> vector<8xf32> {
  %0 = math.exp %x : vector<8xf32>
  return %0 : vector<8xf32>
}
