// maximum and minimum propagate NaN and order -0 < +0 (docs/semantics.md
// 7.10) in every form tenferro-expand-maximum-minimum emits: all 100 pairs
// of ten special values (+-0, +-1, +-inf, NaN, +-smallest subnormal, 3.5)
// through vrange (on AVX-512DQ hosts: vectors of 16 f32 or 8 f64 lanes
// and their multiples) and the ordered selects (other widths and scalar
// loops), in every vector width, each identical to the interpreter, whose
// zeros' signs are checked here too. A NaN's sign is not specified
// (docs/semantics.md 3.4; the selects' bitwise forms may set it): the
// comparison reads -nan as nan.
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.x32.npy "<f4" F 100 0,0,0,0,0,0,0,0,0,0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,1,1,1,1,1,1,1,1,1,1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,inf,inf,inf,inf,inf,inf,inf,inf,inf,inf,-inf,-inf,-inf,-inf,-inf,-inf,-inf,-inf,-inf,-inf,nan,nan,nan,nan,nan,nan,nan,nan,nan,nan,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,3.5,3.5,3.5,3.5,3.5,3.5,3.5,3.5,3.5,3.5
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.y32.npy "<f4" F 100 0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.x64.npy "<f8" F 100 0,0,0,0,0,0,0,0,0,0,-0,-0,-0,-0,-0,-0,-0,-0,-0,-0,1,1,1,1,1,1,1,1,1,1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,inf,inf,inf,inf,inf,inf,inf,inf,inf,inf,-inf,-inf,-inf,-inf,-inf,-inf,-inf,-inf,-inf,-inf,nan,nan,nan,nan,nan,nan,nan,nan,nan,nan,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,-1e-45,3.5,3.5,3.5,3.5,3.5,3.5,3.5,3.5,3.5,3.5
// RUN: python3 %S/../Runner/Inputs/npy.py write %t.y64.npy "<f8" F 100 0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5,0,-0,1,-1,inf,-inf,nan,1e-45,-1e-45,3.5
// RUN: for t in 32 64; do \
// RUN:   tenferro-runner %s --entry=f$t --input=%t.x$t.npy --input=%t.y$t.npy --reference --print-elements=100 \
// RUN:     | sed -n 's/^output //p' | sed 's/-nan/nan/g' > %t.ref$t; \
// RUN:   for mode in "" --vector-width=0 --vector-width=4 --vector-width=8 --vector-width=32 --no-fusion; do \
// RUN:     tenferro-runner %s --entry=f$t --input=%t.x$t.npy --input=%t.y$t.npy $mode --print-elements=100 \
// RUN:       | sed -n 's/^output //p' | sed 's/-nan/nan/g' | diff - %t.ref$t || exit 1; \
// RUN:   done; \
// RUN: done
// RUN: FileCheck %s < %t.ref32
// RUN: FileCheck %s < %t.ref64

// Row x = +0: y = +0 -0 1 -1 inf -inf nan ...; row x = -0 likewise.
// CHECK: #0: {{.*}} [0, 0, 1, 0, inf, 0, nan, {{[^,]*}}, 0, 3.5, 0, -0, 1, -0, inf, -0, nan,
// CHECK: #1: {{.*}} [0, -0, 0, -1, 0, -inf, nan, 0, {{[^,]*}}, 0, -0, -0, -0, -1, -0, -inf, nan,
func.func @f32(%x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %a = tenferro.maximum %x, %y : tensor<?xf32>
  %b = tenferro.minimum %x, %y : tensor<?xf32>
  return %a, %b : tensor<?xf32>, tensor<?xf32>
}
func.func @f64(%x: tensor<?xf64>, %y: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>) {
  %a = tenferro.maximum %x, %y : tensor<?xf64>
  %b = tenferro.minimum %x, %y : tensor<?xf64>
  return %a, %b : tensor<?xf64>, tensor<?xf64>
}
