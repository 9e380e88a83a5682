// tenferro-segment rejects functions that are not programs.
// RUN: tenferro-opt %s --tenferro-segment -split-input-file -verify-diagnostics

// expected-error @below {{'func.func' op is not a tenferro program: tenferro-segment needs a single-block body, found 2 blocks}}
func.func @control_flow(%a: tensor<2xf64>) -> tensor<2xf64> {
  cf.br ^bb1
^bb1:
  return %a : tensor<2xf64>
}

// -----

// External declarations are left alone.
func.func private @declaration(tensor<2xf64>) -> tensor<2xf64>
