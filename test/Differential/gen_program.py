#!/usr/bin/env python3
"""A seeded generator of valid random tenferro programs for differential
testing. Usage: gen_program.py SEED [N_INSTRUCTIONS]

Programs mix elementwise chains (implicit and explicit broadcasts,
broadcast-multiply triplets and pairs, reused broadcasts, scalar operands),
compare/select with i1 predicates, reductions, transposes, slices,
reverses, host instructions (shape_of, constant) and an FFI dot_general,
over one of f64, f32, i64, i32, complex<f64>, complex<f32> (i1 appears as
predicates), with static shapes or a dynamic leading extent. The ops are
those whose compiled and reference results are bit-identical (see
docs/running.md): add, subtract, multiply, negate, maximum, minimum, abs,
conj, select, compare, reductions, contractions, and exp/tanh for reals.
"""
import random
import sys

seed = int(sys.argv[1])
n = int(sys.argv[2]) if len(sys.argv) > 2 else 12
rng = random.Random(seed)
dtype = rng.choice(["f64", "f32", "i64", "i32", "complex<f64>", "complex<f32>"])
is_float = dtype in ("f64", "f32")
is_complex = dtype.startswith("complex")
R, C = rng.choice([(3, 5), (8, 13), (16, 7), (2, 2)])
dynamic = rng.random() < 0.3
Rt = "?" if dynamic else str(R)  # the leading extent in types
M = f"tensor<{Rt}x{C}x{dtype}>"
T = f"tensor<{C}x{Rt}x{dtype}>"
V, W, S = f"tensor<{C}x{dtype}>", f"tensor<{Rt}x{dtype}>", f"tensor<{dtype}>"
P = f"tensor<{Rt}x{C}xi1>"
# The leading extent as a DimExpr: from %m0 through a shape reference.
lead = "input_dim(1, 0)" if dynamic else str(R)

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


def bc_row(w):  # W -> M along axis 0
    return emit("M", f"tenferro.broadcast_in_dim {w}, dims = [0] to "
                     f"[{'input_dim(0, 0)' if dynamic else R}, {C}] : {W}")


def bc_col(v):  # V -> M along axis 1
    refs = " refs(%m0 : " + M + ")" if dynamic else ""
    return emit("M", f"tenferro.broadcast_in_dim {v}{refs}, dims = [1] to "
                     f"[{lead}, {C}] : {V}")


while count < n:
    r = rng.random()
    if r < 0.12:  # triplet (outer product)
        a, b = bc_row(pick("W")), bc_col(pick("V"))
        emit("M", f"tenferro.multiply {a}, {b} : {M}")
    elif r < 0.22:  # pair, possibly reused
        b = bc_col(pick("V"))
        other = b if rng.random() < 0.3 else pick("M")
        emit("M", f"tenferro.multiply {other}, {b} : {M}")
    elif r < 0.36:
        op = rng.choice(["add", "subtract", "multiply"] +
                        (["maximum", "minimum"] if is_float else []))
        emit("M", f"tenferro.{op} {pick('M')}, {pick('M')} : {M}")
    elif r < 0.42:  # implicit broadcasting with a vector
        emit("M", f"tenferro.add {pick('M')}, {pick('V')} : {M}, {V}")
    elif r < 0.50:
        ops = ["negate"] + (["conj"] if is_complex else ["abs"])
        if is_float and rng.random() < 0.5:
            ops += ["exp", "tanh"]
        op = rng.choice(ops)
        src = pick("M")
        if op == "exp":  # keep values small
            src = emit("M", f"tenferro.tanh {src} : {M}")
        emit("M", f"tenferro.{op} {src} : {M}")
    elif r < 0.58:
        a, b = pick("M"), pick("M")
        name = fresh()
        direction = "eq" if is_complex else rng.choice(["lt", "le", "gt", "ge", "eq"])
        lines.append(f"  {name} = tenferro.compare {direction}, {a}, {b} : {M}")
        emit("M", f"tenferro.select {name}, {a}, {b} : {P}, {M}, {M}")
    elif r < 0.64:
        emit("V", f"tenferro.reduce_sum {pick('M')}, axes = [0] : {M}")
    elif r < 0.68:
        emit("W", f"tenferro.reduce_sum {pick('M')}, axes = [1] : {M}")
    elif r < 0.74:  # transpose there and back
        name = fresh()
        lines.append(f"  {name} = tenferro.transpose {pick('M')}, perm = [1, 0] : {M}")
        emit("M", f"tenferro.transpose {name}, perm = [1, 0] : {T}")
    elif r < 0.78:
        emit("M", f"tenferro.reverse {pick('M')}, axes = [{rng.choice(['0', '1', '0, 1'])}] : {M}")
    elif r < 0.82 and not dynamic:  # slice rows, then pad them back
        name = fresh()
        lines.append(f"  {name} = tenferro.slice {pick('M')}, starts = [1, 0], limits = [{R}, {C}], strides = [1, 1] : {M}")
        emit("M", f"tenferro.pad {name}, low = [1, 0], high = [0, 0], interior = [0, 0] : tensor<{R - 1}x{C}x{dtype}>")
    elif r < 0.88:  # host boundary
        name = fresh()
        lines.append(f"  {name} = tenferro.shape_of {pick('M')}, axis = 0 : {M}")
        k = emit("S", f"tenferro.convert {name} : tensor<f64> to {dtype}")
        emit("M", f"tenferro.multiply {k}, {pick('M')} : {S}, {M}")
    elif r < 0.94 and (is_float or is_complex):  # FFI boundary
        emit("W", f"tenferro.dot_general {pick('M')}, {pick('V')}, dims = <lhs_contracting_dims = [1], rhs_contracting_dims = [0]> : {M}, {V}")
    else:
        value = f"[{rng.randint(1, 3)}, 0]" if is_complex else str(rng.randint(1, 3))
        c = emit("S", f"tenferro.constant {value} : {dtype}")
        emit("M", f"tenferro.multiply {pick('M')}, {c} : {M}, {S}")

outs = [vals["M"][-1], rng.choice(vals["M"]), vals["V"][-1]]
types = [M, M, V]
print(f"// seed {seed}: {count} instructions, {dtype}"
      f"{', dynamic leading extent' if dynamic else ''}")
print(f"func.func @program(%m0: {M}, %m1: {M}, %v0: {V}, %w0: {W}) -> ({', '.join(types)}) {{")
print("\n".join(lines))
print(f"  return {', '.join(outs)} : {', '.join(types)}")
print("}")
