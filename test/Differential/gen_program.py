#!/usr/bin/env python3
"""A seeded generator of valid random tenferro programs for differential
testing (fused == unfused). Usage: gen_program.py SEED [N_INSTRUCTIONS]

Programs mix elementwise chains (with implicit and explicit broadcasts,
broadcast-multiply triplets and pairs, reused broadcasts, scalar
operands), reductions, transposes, host instructions (shape_of,
constant) and an FFI dot_general, over f64, f32, i64 and i32 data with
static shapes. Only ops whose fused and unfused results must be
bit-identical are generated for floats (add, subtract, multiply, negate,
maximum, minimum, abs, select, compare) plus exp and tanh, which both
paths compute with the same math functions.
"""
import random
import sys

seed = int(sys.argv[1])
n = int(sys.argv[2]) if len(sys.argv) > 2 else 12
rng = random.Random(seed)
dtype = rng.choice(["f64", "f32", "i64", "i32"])
is_float = dtype.startswith("f")
R, C = rng.choice([(3, 5), (8, 13), (16, 7), (2, 2)])
M, V, W, S = (f"tensor<{R}x{C}x{dtype}>", f"tensor<{C}x{dtype}>",
              f"tensor<{R}x{dtype}>", f"tensor<{dtype}>")

lines = []
vals = {"M": ["%m0", "%m1"], "V": ["%v0"], "W": ["%w0"], "S": []}
count = 0


def fresh():
    global count
    count += 1
    return f"%t{count}"


def pick(kind):
    return rng.choice(vals[kind][-3:]) if vals[kind] else None


def emit(kind, text):
    name = fresh()
    lines.append(f"  {name} = {text}")
    vals[kind].append(name)
    return name


while count < n:
    r = rng.random()
    if r < 0.12:  # triplet (outer product)
        a = emit("M", f"tenferro.broadcast_in_dim {pick('W')}, dims = [0] to [{R}, {C}] : {W}")
        b = emit("M", f"tenferro.broadcast_in_dim {pick('V')}, dims = [1] to [{R}, {C}] : {V}")
        emit("M", f"tenferro.multiply {a}, {b} : {M}")
    elif r < 0.22:  # pair, possibly reused
        b = emit("M", f"tenferro.broadcast_in_dim {pick('V')}, dims = [1] to [{R}, {C}] : {V}")
        other = b if rng.random() < 0.3 else pick("M")
        emit("M", f"tenferro.multiply {other}, {b} : {M}")
    elif r < 0.40:
        op = rng.choice(["add", "subtract", "multiply"] + (["maximum", "minimum"] if is_float else []))
        emit("M", f"tenferro.{op} {pick('M')}, {pick('M')} : {M}")
    elif r < 0.48:  # implicit broadcasting with a vector
        emit("M", f"tenferro.add {pick('M')}, {pick('V')} : {M}, {V}")
    elif r < 0.56:
        op = rng.choice(["negate", "abs"] + (["exp", "tanh"] if is_float and rng.random() < 0.5 else []))
        src = pick("M")
        if op == "exp":  # keep values small
            src = emit("M", f"tenferro.tanh {src} : {M}")
        emit("M", f"tenferro.{op} {src} : {M}")
    elif r < 0.64:
        a, b = pick("M"), pick("M")
        name = fresh()
        lines.append(f"  {name} = tenferro.compare lt, {a}, {b} : {M}")
        emit("M", f"tenferro.select {name}, {a}, {b} : tensor<{R}x{C}xi1>, {M}, {M}")
    elif r < 0.72:
        emit("V", f"tenferro.reduce_sum {pick('M')}, axes = [0] : {M}")
    elif r < 0.78:
        emit("W", f"tenferro.reduce_sum {pick('M')}, axes = [1] : {M}")
    elif r < 0.84:  # transpose there and back
        name = fresh()
        lines.append(f"  {name} = tenferro.transpose {pick('M')}, perm = [1, 0] : {M}")
        emit("M", f"tenferro.transpose {name}, perm = [1, 0] : tensor<{C}x{R}x{dtype}>")
    elif r < 0.90:  # host boundary
        name = fresh()
        lines.append(f"  {name} = tenferro.shape_of {pick('M')}, axis = 0 : {M}")
        k = emit("S", f"tenferro.convert {name} : tensor<f64> to {dtype}")
        emit("M", f"tenferro.multiply {k}, {pick('M')} : {S}, {M}")
    elif r < 0.95 and is_float:  # FFI boundary
        emit("W", f"tenferro.dot_general {pick('M')}, {pick('V')}, dims = <lhs_contracting_dims = [1], rhs_contracting_dims = [0]> : {M}, {V}")
    else:
        c = emit("S", f"tenferro.constant {rng.randint(1, 3)} : {dtype}")
        emit("M", f"tenferro.multiply {pick('M')}, {c} : {M}, {S}")

outs = [vals["M"][-1], rng.choice(vals["M"]), vals["V"][-1]]
types = [M, M, V]
print(f"// seed {seed}: {count} instructions, {dtype}")
print(f"func.func @program(%m0: {M}, %m1: {M}, %v0: {V}, %w0: {W}) -> ({', '.join(types)}) {{")
print("\n".join(lines))
print(f"  return {', '.join(outs)} : {', '.join(types)}")
print("}")
