#!/usr/bin/env python3
"""Writes a random tenferro program of N instructions to stdout.

Usage: gen_program.py N [SEED] [--distinct]

The mix exercises every path of segmentation: elementwise chains (adds,
multiplies, exps), reductions, broadcasts, broadcast-multiply triplets and
pairs (isolated or not), and host and FFI boundaries. Values are tensors
of 64x64 (matrices) or 64 (vectors) f64, so the program is valid.

--distinct makes every elementwise instruction add a constant of its own
(a scalar broadcast to the matrix), so no two elementwise regions are
alike and tenferro-deduplicate-kernels merges only reductions and
broadcasts: close to the worst case for compile time. The instruction
count includes the constants.
"""
import random
import sys

args = [a for a in sys.argv[1:] if a != "--distinct"]
distinct = "--distinct" in sys.argv[1:]
n = int(args[0])
rng = random.Random(int(args[1]) if len(args) > 1 else 1)
M, V = "tensor<64x64xf64>", "tensor<64xf64>"
out = []
mats, vecs = ["%a0", "%a1"], ["%v0", "%v1"]
count = 0
name = 0


def fresh():
    global name
    name += 1
    return f"%t{name}"


def emit(line, kind):
    global count
    out.append("  " + line)
    count += 1


def own_constant(t):
    """With --distinct: t plus a constant no other instruction uses."""
    if not distinct:
        return t
    c, b, u = fresh(), fresh(), fresh()
    emit(f"{c} = tenferro.constant {count}.5 : f64", "const")
    emit(f"{b} = tenferro.broadcast_in_dim {c}, dims = [] to [64, 64] : tensor<f64>", "bc")
    emit(f"{u} = tenferro.add {t}, {b} : {M}", "add")
    return u


def recent(lst):
    # Mostly recent values, so that chains form and uses stay local.
    return lst[max(0, len(lst) - 1 - int(rng.expovariate(0.5)))]


while count < n:
    r = rng.random()
    if r < 0.10:  # triplet
        x, y, p = fresh(), fresh(), fresh()
        emit(f"{x} = tenferro.broadcast_in_dim {recent(vecs)}, dims = [0] to [64, 64] : {V}", "bc")
        emit(f"{y} = tenferro.broadcast_in_dim {recent(vecs)}, dims = [1] to [64, 64] : {V}", "bc")
        emit(f"{p} = tenferro.multiply {x}, {y} : {M}", "mul")
        mats.append(p)
    elif r < 0.20:  # pair
        x, p = fresh(), fresh()
        emit(f"{x} = tenferro.broadcast_in_dim {recent(vecs)}, dims = [1] to [64, 64] : {V}", "bc")
        emit(f"{p} = tenferro.multiply {x}, {recent(mats)} : {M}", "mul")
        mats.append(p)
    elif r < 0.45:
        t = fresh()
        emit(f"{t} = tenferro.add {recent(mats)}, {recent(mats)} : {M}", "add")
        mats.append(own_constant(t))
    elif r < 0.65:
        t = fresh()
        emit(f"{t} = tenferro.exp {recent(mats)} : {M}", "exp")
        mats.append(own_constant(t))
    elif r < 0.80:
        t = fresh()
        emit(f"{t} = tenferro.multiply {recent(mats)}, {recent(mats)} : {M}", "mul")
        mats.append(own_constant(t))
    elif r < 0.88:
        t = fresh()
        emit(f"{t} = tenferro.reduce_sum {recent(mats)}, axes = [0] : {M}", "reduce")
        vecs.append(t)
    elif r < 0.94:
        t = fresh()
        emit(f"{t} = tenferro.shape_of {recent(mats)}, axis = 0 : {M}", "host")
    else:
        t = fresh()
        emit(f"{t} = tenferro.dot_general {recent(mats)}, {recent(mats)}, dims = <lhs_contracting_dims = [1], rhs_contracting_dims = [0]> : {M}, {M}", "ffi")
        mats.append(t)

results = [mats[-1], mats[len(mats) // 2], vecs[-1]]
print(f"func.func @big(%a0: {M}, %a1: {M}, %v0: {V}, %v1: {V}) -> ({M}, {M}, {V}) {{")
print("\n".join(out))
print(f"  return {', '.join(results)} : {M}, {M}, {V}")
print("}")
