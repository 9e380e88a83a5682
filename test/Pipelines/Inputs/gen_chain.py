"""Prints a program of N dependent instructions (a chain over one value,
each also reading a second input), for resource-bound tests."""
import sys

n = int(sys.argv[1])
print("func.func @chain(%x: tensor<8xf64>, %y: tensor<8xf64>) -> tensor<8xf64> {")
prev = "%x"
for i in range(n):
    op = ["add", "multiply", "maximum", "negate"][i % 4]
    rhs = "" if op == "negate" else ", %y"
    print(f"  %v{i} = tenferro.{op} {prev}{rhs} : tensor<8xf64>")
    prev = f"%v{i}"
print(f"  return {prev} : tensor<8xf64>")
print("}")
