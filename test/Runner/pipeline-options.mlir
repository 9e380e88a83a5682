// --pipeline-options hands any option of tenferro-lower-to-llvm to the
// pipeline's own parser (docs/running.md), after the target's defaults and
// the shorthand flags, which the same parser reads as the text they stand
// for (--vector-width=N is vector-width=N). For a
// CPU with AVX-512DQ the target's maximum/minimum is vrange; the pipeline
// option chooses the ordered selects or LLVM's llvm.maximum instead.
// REQUIRES: x86_64-host
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: tenferro-runner %s --compile-only --target-cpu=skylake-avx512 --emit-object=%t.dir/default.o
// RUN: %llvm_objdump -d %t.dir/default.o | FileCheck %s --check-prefix=RANGE
// RUN: tenferro-runner %s --compile-only --target-cpu=skylake-avx512 \
// RUN:   --pipeline-options="maximum-minimum=select" --emit-object=%t.dir/select.o
// RUN: %llvm_objdump -d %t.dir/select.o | FileCheck %s --check-prefix=SELECT
// The flags come first: --pipeline-options overrides --vector-width.
// RUN: tenferro-runner %s --compile-only --target-cpu=skylake-avx512 --vector-width=4 \
// RUN:   --pipeline-options="vector-width=16 maximum-minimum=avx512dq" --emit-object=%t.dir/override.o
// RUN: %llvm_objdump -d %t.dir/override.o | FileCheck %s --check-prefix=RANGE
// Without AVX-512DQ (x86-64-v3: AVX2) the target's choice is the selects.
// RUN: tenferro-runner %s --compile-only --target-cpu=x86-64-v3 --emit-object=%t.dir/v3.o
// RUN: %llvm_objdump -d %t.dir/v3.o | FileCheck %s --check-prefix=SELECT
// Results are the same either way.
// RUN: tenferro-runner %s --random=3 --dim=100 --pipeline-options="maximum-minimum=llvm" > %t.dir/llvm.txt
// RUN: tenferro-runner %s --random=3 --dim=100 > %t.dir/target.txt
// RUN: tenferro-runner %s --random=3 --dim=100 --reference > %t.dir/ref.txt
// RUN: diff <(sed -n 's/^output //p' %t.dir/llvm.txt) <(sed -n 's/^output //p' %t.dir/ref.txt)
// RUN: diff <(sed -n 's/^output //p' %t.dir/target.txt) <(sed -n 's/^output //p' %t.dir/ref.txt)
// Errors name the option and what the pipeline's parser says.
// RUN: not tenferro-runner %s --pipeline-options="no-such-option=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tenferro-runner %s --vector-math=libmvec-neon 2>&1 | FileCheck %s --check-prefix=BADVALUE
// RUN: not tenferro-runner %s --pipeline-options="vector-width=abc" 2>&1 | FileCheck %s --check-prefix=BADINT
// RUN: not tenferro-runner %s --vector-width=abc 2>&1 | FileCheck %s --check-prefix=BADFLAG
// An option that needs instructions the target lacks is an error.
// RUN: not tenferro-runner %s --compile-only --target-cpu=x86-64-v3 \
// RUN:   --pipeline-options="maximum-minimum=avx512dq" --emit-object=%t.dir/bad.o 2>&1 | FileCheck %s --check-prefix=NODQ
// A pipeline option set through --pipeline-options has the shorthand's
// effects on the runner too: parallel-loops loads libomp, enable-fusion
// names the run.
// RUN: tenferro-runner %s --random=3 --dim=100 --pipeline-options="parallel-loops=true enable-fusion=false" > %t.dir/parallel.txt
// RUN: diff <(sed -n 's/^output //p' %t.dir/parallel.txt) <(sed -n 's/^output //p' %t.dir/ref.txt)
// RUN: FileCheck %s --check-prefix=UNFUSED < %t.dir/parallel.txt

// RANGE: vrangeps
// NODQ: tenferro-runner: error: pipeline option maximum-minimum=avx512dq needs AVX-512DQ, which the target (x86_64-{{.*}}, x86-64-v3) lacks
// SELECT-NOT: vrangeps
// SELECT: vminps
// UNKNOWN: tenferro-runner: error: --pipeline-options is not an option text tenferro-lower-to-llvm takes ("no-such-option=1"): {{.*}}no such option no-such-option
// BADVALUE: Cannot find option named 'libmvec-neon'
// BADVALUE: tenferro-runner: error: --vector-math=libmvec-neon is not an option text tenferro-lower-to-llvm takes ("vector-math=libmvec-neon")
// BADINT: 'abc' value invalid for uint argument
// BADINT: tenferro-runner: error: --pipeline-options is not an option text tenferro-lower-to-llvm takes ("vector-width=abc")
// BADFLAG: tenferro-runner: error: --vector-width=abc is not an option text tenferro-lower-to-llvm takes ("vector-width=abc")
// UNFUSED: unfused
func.func @clamp_like(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %a = tenferro.maximum %x, %y : tensor<?xf32>
  %b = tenferro.minimum %a, %x : tensor<?xf32>
  return %b : tensor<?xf32>
}
