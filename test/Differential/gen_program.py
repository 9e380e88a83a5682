#!/usr/bin/env python3
"""A seeded generator of valid random tenferro programs for differential
testing.

Usage: gen_program.py SEED [N_INSTRUCTIONS] [--json FILE] [--inputs PREFIX]
                      [--min-extent R | --extents R,R,...]

Prints the program (MLIR); --json writes its description for
numpy_oracle.py; --inputs writes the .npy inputs differential.py uses
(tfprog.make_inputs, seeded with the same SEED) and prints the runner's
--input flags on stderr: integer inputs hold INT_MIN, INT_MAX, -1 and 0
among small and full-range values; float inputs, in some programs, NaN,
+-inf, +-0 and subnormals. To replay a seed by hand:

  python3 gen_program.py 8 --json p.json --inputs in > p.mlir
  tenferro-runner p.mlir --input=in0.npy ... --output=out [--no-fusion ...]
  python3 numpy_oracle.py p.json --input=in0.npy ... --check out

A program works on M = [R, C] tensors of one dtype D (f64, f32, i64, i32,
complex<f64> or complex<f32>), vectors V = [C] and W = [R], scalars and i1
masks P = [R, C]. R, the contiguous (first, column-major) extent, is drawn
from 1..67 and 16k+r values around every vector width (4, 8, 16), or from
the list --extents gives (real shapes: 4100 or 40005 reach the parallel
lowering's halves and chunks of 16384); in some programs it is dynamic
(`?`, from the input's shape). Instructions:
elementwise chains with implicit and explicit broadcasts,
broadcast-multiply triplets and pairs, reused broadcasts, scalar operands,
remainder (integers: x % 0 and INT_MIN % -1 happen), compare/select,
i1 through compare of i1 operands, select of i1, convert to and from i1,
broadcast_in_dim, transpose, reverse, slice/pad, concatenate and scatter of
i1, conversions to another dtype and back (saturation), mixed-dtype
operands (promotion), reductions, transposes, slices, pads, reverses,
concatenates, gathers and dynamic slices, host instructions (shape_of,
constant) and an FFI dot_general; exp/tanh/sin/sqrt for reals.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tfprog  # noqa: E402
from tfprog import Program  # noqa: E402

# Contiguous extents: around and above the vector widths 4, 8 and 16.
EXTENTS = [1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 23, 31, 32, 33, 63, 64, 65, 67]
LARGE_EXTENTS = [97, 131, 255, 257]


class Gen:
    def __init__(self, seed, n, min_extent=1, extents=None):
        rng = self.rng = random.Random(seed)
        self.n = n
        self.D = rng.choice(["f64", "f32", "i64", "i32", "c128", "c64"])
        D = self.D
        self.is_float = D in tfprog.FLOATS
        self.is_complex = D in tfprog.COMPLEXES
        self.is_int = D in tfprog.INTS
        self.R = rng.choice([e for e in EXTENTS if e >= min_extent]) \
            if rng.random() < 0.9 else rng.choice(LARGE_EXTENTS)
        # With a list, R is drawn from it after the usual draws, so that the
        # rest of a seed's program is the same with or without the list.
        if extents:
            self.R = rng.choice(extents)
        self.C = rng.choice([1, 2, 3, 5, 13])
        self.dynamic = rng.random() < 0.25
        self.p = Program("program")
        p, R, C = self.p, self.R, self.C
        edges = 0.0
        if self.is_int:
            gen = {"edges": 0.25}
        elif self.is_complex:
            gen = {"domain": "unit", "edges": 0}
        else:
            edges = rng.choice([0.0, 0.0, 0.05])
            gen = {"domain": "unit", "edges": edges}
        self.edges = edges
        dyn = (True, False) if self.dynamic else None
        self.m = [p.input(D, (R, C), dyn, gen, name="m0"),
                  p.input(D, (R, C), dyn, gen, name="m1")]
        self.v = [p.input(D, (C,), None, gen, name="v0")]
        self.w = [p.input(D, (R,), (True,) if self.dynamic else None, gen,
                          name="w0")]
        self.pm = [p.input("i1", (R, C), dyn, {}, name="p0")]
        self.s = []
        self.D2 = rng.choice([t for t in tfprog.NUMERIC if t != D])
        if self.D2 in tfprog.INTS:
            g2 = {"edges": 0.1}
        else:
            g2 = {"domain": "unit", "edges": 0}
        self.x = p.input(self.D2, (R, C), dyn, g2, name="x0")
        self.K = 4
        if not self.dynamic:
            self.idx = p.input("i64", (self.K, 1), gen={
                "kind": "index", "lo": 0, "hi": R}, name="i0")
            self.pu = p.input("i1", (self.K, C), gen={}, name="pu0")
            self.du = p.input(D, (self.K, C), gen=gen, name="du0")
            self.st = p.input("i64", (2,), gen={
                "kind": "index", "lo": -1, "hi": R + 1}, name="s0")
        self.count = 0

    # pools -----------------------------------------------------------------
    def pick(self, pool):
        return self.rng.choice(pool[-3:])

    def emit(self, pool, *a, **k):
        v = self.p.op(*a, **k)
        pool.append(v)
        self.count += 1
        return v

    def bc_row(self, w):  # W -> M along axis 0
        shape = [(0, 0) if self.dynamic else self.R, self.C]
        return self.emit(self.m, "broadcast_in_dim", w, dims=[0], shape=shape)

    def bc_col(self, v, dtype_pool=None):  # V -> M along axis 1
        pool = dtype_pool if dtype_pool is not None else self.m
        if self.dynamic:
            return self.emit(pool, "broadcast_in_dim", v, self.m[0], dims=[1],
                             shape=[(1, 0), self.C])
        return self.emit(pool, "broadcast_in_dim", v, dims=[1],
                         shape=[self.R, self.C])

    def const(self, value):
        D = self.D
        if self.is_complex:
            value = [float(value), 0.0]
        elif self.is_float:
            value = float(value)
        c = self.p.op("constant", value=value, dtype=D)
        self.count += 1
        return c

    # instructions ----------------------------------------------------------
    def step(self):
        rng, p, D, R, C = self.rng, self.p, self.D, self.R, self.C
        M, V, W, P = self.m, self.v, self.w, self.pm
        r = rng.random()
        static = not self.dynamic
        if r < 0.07:  # triplet (outer product)
            a, b = self.bc_row(self.pick(W)), self.bc_col(self.pick(V))
            self.emit(M, "multiply", a, b)
        elif r < 0.13:  # pair, possibly reused
            b = self.bc_col(self.pick(V))
            other = b if rng.random() < 0.3 else self.pick(M)
            self.emit(M, "multiply", other, b)
        elif r < 0.23:
            ops = ["add", "subtract", "multiply"]
            if self.is_float:
                ops += ["maximum", "minimum", "divide"]
            if self.is_complex:
                ops += ["divide"]
            if self.is_int or self.is_float:
                ops += ["remainder"]
            self.emit(M, rng.choice(ops), self.pick(M), self.pick(M))
        elif r < 0.27:  # implicit broadcasting with a vector or a scalar
            if self.s and rng.random() < 0.4:
                self.emit(M, rng.choice(["add", "multiply", "subtract"]),
                          self.pick(M), self.pick(self.s))
            else:
                self.emit(M, rng.choice(["add", "subtract", "multiply"]),
                          self.pick(M), self.pick(V))
        elif r < 0.33:
            ops = ["negate"] + (["conj"] if self.is_complex else ["abs"])
            if self.is_float and rng.random() < 0.6:
                ops += ["exp", "tanh", "sin", "sqrt"]
            op = rng.choice(ops)
            src = self.pick(M)
            if op == "exp":  # keep values small
                src = self.emit(M, "tanh", src)
            if op == "sqrt":
                src = self.emit(M, "abs", src)
            self.emit(M, op, src)
        elif r < 0.39:  # compare/select on D
            a, b = self.pick(M), self.pick(M)
            d = "eq" if self.is_complex else rng.choice(tfprog.COMPARE_DIRS)
            c = self.emit(P, "compare", a, b, dir=d)
            self.emit(M, "select", c, a, b)
        elif r < 0.50:  # i1 data
            self.bool_step()
        elif r < 0.54:
            self.emit(V, "reduce_sum", self.pick(M), axes=[0])
        elif r < 0.57:
            op = "reduce_sum"
            if self.is_float and rng.random() < 0.5:
                op = rng.choice(["reduce_max", "reduce_min"])
            self.emit(W, op, self.pick(M), axes=[1])
        elif r < 0.61:  # transpose there and back
            t = self.p.op("transpose", self.pick(M), perm=[1, 0])
            self.count += 1
            self.emit(M, "transpose", t, perm=[1, 0])
        elif r < 0.64:
            self.emit(M, "reverse", self.pick(M),
                      axes=rng.choice([[0], [1], [0, 1]]))
        elif r < 0.67 and static and R > 1:  # slice rows, then pad back
            s = p.op("slice", self.pick(M), starts=[1, 0], limits=[R, C],
                     strides=[1, 1])
            self.count += 1
            self.emit(M, "pad", s, low=[1, 0], high=[0, 0], interior=[0, 0])
        elif r < 0.70 and static:  # concatenate, slice back
            cat = p.op("concatenate", self.pick(M), self.pick(M), axis=1)
            self.count += 1
            off = rng.choice([0, C])
            self.emit(M, "slice", cat, starts=[0, off], limits=[R, off + C],
                      strides=[1, 1])
        elif r < 0.73 and static:  # indexing
            k = rng.random()
            if k < 0.4:
                self.emit(M, "scatter", self.pick(M), self.idx, self.du,
                          update_window_dims=[1], inserted_window_dims=[0],
                          scatter_dims_to_operand_dims=[0],
                          index_vector_dim=1)
            elif k < 0.7:
                u = p.op("dynamic_slice", self.pick(M), self.st,
                         sizes=[max(1, R // 2), C])
                self.count += 1
                self.emit(M, "dynamic_update_slice", self.pick(M), u, self.st)
            else:
                g = p.op("gather", self.pick(M), self.idx, offset_dims=[1],
                         collapsed_slice_dims=[0], start_index_map=[0],
                         index_vector_dim=1, slice_sizes=[1, C])
                self.count += 1
                self.emit(V, "reduce_sum", g, axes=[0])
        elif r < 0.77:  # host boundary
            s = p.op("shape_of", self.pick(M), axis=0)
            k = p.op("convert", s, to=D)
            self.count += 2
            self.s.append(k)
            self.emit(M, "multiply", k, self.pick(M))
        elif r < 0.80 and not self.is_int:  # FFI boundary
            self.emit(W, "dot_general", self.pick(M), self.pick(V),
                      lhs_contracting=[1], rhs_contracting=[0])
        elif r < 0.86:  # conversions: to another dtype and back, promotion
            if rng.random() < 0.5:
                t = p.op("convert", self.pick(M), to=self.D2)
                self.count += 1
                self.emit(M, "convert", t, to=D)
            else:
                ops = ["add", "subtract", "multiply"]
                if D in tfprog.REAL and self.D2 in tfprog.REAL:
                    ops.append("remainder")
                if rng.random() < 0.3 and (D in tfprog.COMPLEXES) == \
                        (self.D2 in tfprog.COMPLEXES):
                    c = self.emit(P, "compare", self.pick(M), self.x,
                                  dir="eq" if self.is_complex else "lt")
                    t = p.op("select", c, self.pick(M), self.x)
                else:
                    t = p.op(rng.choice(ops), self.pick(M), self.x)
                self.count += 1
                self.emit(M, "convert", t, to=D)
        elif r < 0.92 and self.is_int:  # integer edge ops
            op = rng.choice(["remainder", "multiply", "add", "negate", "abs"])
            if op in ("negate", "abs"):
                self.emit(M, op, self.pick(M))
            else:
                a, b = self.pick(M), self.pick(M)
                self.emit(M, op, a, b)
        else:
            value = rng.choice([1, 2, 3, -1]) if not self.is_int else \
                rng.choice([1, 2, 3, -1, 7])
            c = self.const(value)
            self.s.append(c)
            self.emit(M, "multiply", self.pick(M), c)

    def bool_step(self):
        rng, p, R, C, D = self.rng, self.p, self.R, self.C, self.D
        M, P = self.m, self.pm
        static = not self.dynamic
        r = rng.random()
        if r < 0.15:  # compare of i1 operands
            self.emit(P, "compare", self.pick(P), self.pick(P),
                      dir=rng.choice(tfprog.COMPARE_DIRS))
        elif r < 0.27:  # select of i1
            self.emit(P, "select", self.pick(P), self.pick(P), self.pick(P))
        elif r < 0.40:  # i1 -> number
            self.emit(M, "convert", self.pick(P), to=D)
        elif r < 0.52:  # number -> i1
            self.emit(P, "convert", self.pick(M), to="i1")
        elif r < 0.62:  # broadcast_in_dim of i1 vectors
            if rng.random() < 0.5:
                v = p.op("compare", self.pick(self.v), self.pick(self.v),
                         dir="eq")
                self.count += 1
                self.bc_col(v, P)
            else:
                w = p.op("convert", self.pick(self.w), to="i1")
                self.count += 1
                shape = [(0, 0) if self.dynamic else R, C]
                self.emit(P, "broadcast_in_dim", w, dims=[0], shape=shape)
        elif r < 0.70:
            t = p.op("transpose", self.pick(P), perm=[1, 0])
            self.count += 1
            self.emit(P, "transpose", t, perm=[1, 0])
        elif r < 0.76:
            self.emit(P, "reverse", self.pick(P), axes=rng.choice([[0], [1]]))
        elif r < 0.82 and static and R > 1:
            s = p.op("slice", self.pick(P), starts=[1, 0], limits=[R, C],
                     strides=[1, 1])
            self.count += 1
            self.emit(P, "pad", s, low=[0, 0], high=[1, 0], interior=[0, 0])
        elif r < 0.88 and static:
            cat = p.op("concatenate", self.pick(P), self.pick(P), axis=0)
            self.count += 1
            off = rng.choice([0, R])
            self.emit(P, "slice", cat, starts=[off, 0], limits=[off + R, C],
                      strides=[1, 1])
        elif r < 0.94 and static:  # scatter on i1: logical OR
            self.emit(P, "scatter", self.pick(P), self.idx, self.pu,
                      update_window_dims=[1], inserted_window_dims=[0],
                      scatter_dims_to_operand_dims=[0], index_vector_dim=1)
        else:  # i1 selects D values
            self.emit(M, "select", self.pick(P), self.pick(M), self.pick(M))

    def generate(self):
        while self.count < self.n:
            self.step()
        p, rng = self.p, self.rng
        outs = [self.m[-1], rng.choice(self.m), self.v[-1], self.pm[-1]]
        if len(self.w) > 1:
            outs.append(self.w[-1])
        made_by = {r.name: inst["op"] for inst in p.insts for r in inst["res"]}
        for i, v in enumerate(outs):
            what = made_by.get(v.name, "input")
            p.output(v, f"{what} {v.dtype} [{'x'.join(map(str, v.shape))}]"
                        f" ({v.name})")
        p.comment = (f"seed {self.seed}: {self.count} instructions, "
                     f"{self.D} (and {self.D2}), R={self.R}, C={self.C}"
                     f"{', dynamic leading extent' if self.dynamic else ''}")
        return p


def parse_extents(text):
    """`--extents 4100,40005` as a list of ints."""
    return [int(e) for e in text.split(",")]


def generate(seed, n=14, min_extent=1, extents=None):
    g = Gen(seed, n, min_extent, extents)
    g.seed = seed
    return g.generate()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seed", type=int)
    ap.add_argument("n", type=int, nargs="?", default=14)
    ap.add_argument("--json")
    ap.add_argument("--min-extent", type=int, default=1)
    ap.add_argument("--extents", type=parse_extents,
                    help="draw R from these extents instead")
    ap.add_argument("--inputs", metavar="PREFIX",
                    help="write the seeded inputs as PREFIX<i>.npy (NumPy)")
    args = ap.parse_args()
    p = generate(args.seed, args.n, args.min_extent, args.extents)
    sys.stdout.write(p.to_mlir())
    if args.json:
        with open(args.json, "w") as f:
            json.dump(p.to_json(), f)
    if args.inputs:
        import numpy as np
        n = len(p.inputs)
        tfprog.make_inputs(np, p.to_json(), args.seed,
                           [f"{args.inputs}{i}.npy" for i in range(n)])
        sys.stderr.write(" ".join(f"--input={args.inputs}{i}.npy"
                                  for i in range(n)) + "\n")


if __name__ == "__main__":
    main()
