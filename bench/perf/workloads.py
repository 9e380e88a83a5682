"""The workloads of the performance suite, defined once for every
implementation: the tenferro program (MLIR text), the NumPy version, the
input shapes and the bytes that must move.

Every workload is named as in bench/perf/native.cpp, which holds the
hand-written loop and Eigen versions. Tensors are column-major (tenferro's
layout, docs/abi.md): a logical [m, m] matrix has its first index fastest,
which is NumPy's Fortran order.

Bytes that must move: every input read once and every output written once
(the ideal of a perfectly fused kernel). Effective GB/s = those bytes over
the time; an implementation that materializes intermediates moves more and
shows up as a lower effective bandwidth.
"""
import math

import numpy as np

# The elementwise chain cycles through these binary ops; operands
# alternate so the chain reads both inputs and values stay in [-2, 2].
# All are in the runtime's fusable set (docs/semantics.md §11.3): a
# subtract would make the run a sequence region, lowered op by op, as in
# tenferro.
CHAIN_OPS = [("multiply", "b"), ("add", "a"), ("maximum", "b"), ("minimum", "a")]
NP_CHAIN = {
    "multiply": np.multiply,
    "add": np.add,
    "maximum": np.maximum,
    "minimum": np.minimum,
}


def output_extents(output, ext):
    """The extents of a Workload's output (its `output` kind) for input
    extents ext."""
    return {"full": ext, "columns": ext[1:], "rows": ext[:1],
            "scalar": ()}[output]


class Workload:
    """One benchmark program.

    kind: "1d" (inputs of n elements) or "2d" (m x m, m = sqrt(n)).
    inputs(n): list of (name, shape) in argument order; shape () is a scalar.
    mlir(dtype, n): the tenferro program, a function named like the workload.
    numpy(*arrays): the outputs, computed the way NumPy users write it.
    bytes(n, esize): bytes that must move.
    unfused(n, esize): bytes the unfused program moves: each instruction
      reads its operands and writes its result.
    fused(n, esize): bytes tenferro's fused program moves (more than
      bytes() only where the program has a host or FFI cut).
    tenferro: False for the bandwidth probes only NumPy and C++ run.
    output: the output's shape: "full" (the inputs' shape), "columns" (one
      element per column: a reduction over the contiguous axis of a 2d
      workload), "rows" (one per row: over the strided axis) or "scalar"
      (a whole matrix reduced).
    """

    def __init__(self, name, kind, description, inputs, body, numpy, bytes_,
                 unfused=None, fused=None, tenferro=True, output="full"):
        self.name = name
        self.kind = kind
        self.description = description
        self._inputs = inputs
        self._body = body
        self.numpy = numpy
        self._bytes = bytes_
        self._unfused = unfused or bytes_
        self._fused = fused or bytes_
        self.tenferro = tenferro
        self.output = output

    def extents(self, n):
        if self.kind == "1d":
            return (n,)
        m = math.isqrt(n)
        return (m, m)

    def inputs(self, n):
        return self._inputs(self.extents(n))

    def output_shape(self, n):
        return output_extents(self.output, self.extents(n))

    def bytes(self, n, esize):
        return self._bytes(self.extents(n), esize)

    def unfused_bytes(self, n, esize):
        return self._unfused(self.extents(n), esize)

    def fused_bytes(self, n, esize):
        return self._fused(self.extents(n), esize)

    def mlir(self, dtype, n):
        ext = self.extents(n)
        args = ", ".join(f"%{nm}: {ttype(s, dtype)}" for nm, s in self.inputs(n))
        lines, results = self._body(ext, dtype)
        rtypes = ", ".join(t for _, t in results)
        rvals = ", ".join(v for v, _ in results)
        out = [f"func.func @{self.name}({args}) -> ({rtypes}) {{"]
        out += ["  " + line for line in lines]
        out.append(f"  return {rvals} : {rtypes}")
        out.append("}")
        return "\n".join(out) + "\n"


def ttype(shape, dtype):
    dims = "".join(f"{d}x" for d in shape)
    return f"tensor<{dims}{dtype}>"


def chain(length):
    def body(ext, dt):
        t = ttype(ext, dt)
        lines, cur = [], "%a"
        for k in range(length):
            op, rhs = CHAIN_OPS[k % len(CHAIN_OPS)]
            lines.append(f"%t{k} = tenferro.{op} {cur}, %{rhs} : {t}")
            cur = f"%t{k}"
        return lines, [(cur, t)]

    def numpy(a, b):
        cur = a
        for k in range(length):
            op, rhs = CHAIN_OPS[k % len(CHAIN_OPS)]
            cur = NP_CHAIN[op](cur, a if rhs == "a" else b)
        return [cur]

    return Workload(
        f"chain{length}", "1d",
        f"{length} binary elementwise ops (mul, add, max, min) over a, b",
        lambda e: [("a", e), ("b", e)], body, numpy,
        lambda e, s: 3 * e[0] * s,
        unfused=lambda e, s: 3 * length * e[0] * s)


def tchain4():
    def body(ext, dt):
        t = ttype(ext, dt)
        return [
            f"%t0 = tenferro.multiply %a, %b : {t}",
            f"%t1 = tenferro.exp %t0 : {t}",
            f"%t2 = tenferro.add %t1, %a : {t}",
            f"%t3 = tenferro.tanh %t2 : {t}",
        ], [("%t3", t)]

    return Workload(
        "tchain4", "1d", "tanh(exp(a*b) + a): transcendental chain of 4",
        lambda e: [("a", e), ("b", e)], body,
        lambda a, b: [np.tanh(np.exp(a * b) + a)],
        lambda e, s: 3 * e[0] * s,
        unfused=lambda e, s: 10 * e[0] * s)


def gelu():
    """GELU in its tanh form, as transformer layers compute it. The
    constants are host instructions at the start (as tenferro programs hold
    them); the elementwise chain after them is one region."""
    k, c = 0.7978845608028654, 0.044715

    def body(ext, dt):
        t, ts = ttype(ext, dt), ttype((), dt)
        return [
            f"%half = tenferro.constant 0.5 : {dt}",
            f"%one = tenferro.constant 1.0 : {dt}",
            f"%c = tenferro.constant {c!r} : {dt}",
            f"%k = tenferro.constant {k!r} : {dt}",
            f"%x2 = tenferro.multiply %x, %x : {t}",
            f"%x3 = tenferro.multiply %x2, %x : {t}",
            f"%cx3 = tenferro.multiply %c, %x3 : {ts}, {t}",
            f"%u = tenferro.add %x, %cx3 : {t}",
            f"%ku = tenferro.multiply %k, %u : {ts}, {t}",
            f"%th = tenferro.tanh %ku : {t}",
            f"%p = tenferro.add %one, %th : {ts}, {t}",
            f"%hx = tenferro.multiply %half, %x : {ts}, {t}",
            f"%r = tenferro.multiply %hx, %p : {t}",
        ], [("%r", t)]

    def numpy(x):
        dt = x.dtype.type
        return [dt(0.5) * x * (dt(1) + np.tanh(dt(k) * (x + dt(c) * x ** 3)))]

    return Workload(
        "gelu", "1d", "GELU, tanh form: 0.5 x (1 + tanh(k (x + c x^3)))",
        lambda e: [("x", e)], body, numpy,
        lambda e, s: 2 * e[0] * s,
        unfused=lambda e, s: 22 * e[0] * s)


def triad():
    def body(ext, dt):
        t, ts = ttype(ext, dt), ttype((), dt)
        return [
            f"%t0 = tenferro.multiply %s, %b : {ts}, {t}",
            f"%t1 = tenferro.add %a, %t0 : {t}",
        ], [("%t1", t)]

    return Workload(
        "triad", "1d", "STREAM triad a + s*b (s a scalar tensor)",
        lambda e: [("a", e), ("b", e), ("s", ())], body,
        lambda a, b, s: [a + s * b],
        lambda e, s: 3 * e[0] * s,
        unfused=lambda e, s: 5 * e[0] * s)


def copy():
    return Workload(
        "copy", "1d", "STREAM copy (bandwidth probe, C++ and NumPy only)",
        lambda e: [("a", e)], None, lambda a: [a.copy()],
        lambda e, s: 2 * e[0] * s, tenferro=False)


def axpb():
    def body(ext, dt):
        t, tv = ttype(ext, dt), ttype(ext[1:], dt)
        return [
            f"%t0 = tenferro.broadcast_in_dim %b, dims = [1] to [{ext[0]}, {ext[1]}] : {tv}",
            f"%t1 = tenferro.multiply %a, %t0 : {t}",
            f"%t2 = tenferro.add %t1, %c : {t}",
        ], [("%t2", t)]

    return Workload(
        "axpb", "2d", "a * broadcast(b, dims=[1]) + c on m x m",
        lambda e: [("a", e), ("b", e[1:]), ("c", e)], body,
        lambda a, b, c: [a * b[None, :] + c],
        lambda e, s: (3 * e[0] * e[1] + e[1]) * s,
        unfused=lambda e, s: (7 * e[0] * e[1] + e[1]) * s)


def rowscale():
    def body(ext, dt):
        t, tv = ttype(ext, dt), ttype(ext[:1], dt)
        return [
            f"%t0 = tenferro.broadcast_in_dim %s, dims = [0] to [{ext[0]}, {ext[1]}] : {tv}",
            f"%t1 = tenferro.multiply %a, %t0 : {t}",
        ], [("%t1", t)]

    return Workload(
        "rowscale", "2d", "row i of a scaled by s[i] (a broadcast-multiply pair)",
        lambda e: [("a", e), ("s", e[:1])], body,
        lambda a, s: [a * s[:, None]],
        lambda e, s: (2 * e[0] * e[1] + e[0]) * s,
        unfused=lambda e, s: (4 * e[0] * e[1] + e[0]) * s)


def outer():
    def body(ext, dt):
        t, tv = ttype(ext, dt), ttype(ext[:1], dt)
        shape = f"[{ext[0]}, {ext[1]}]"
        return [
            f"%t0 = tenferro.broadcast_in_dim %x, dims = [0] to {shape} : {tv}",
            f"%t1 = tenferro.broadcast_in_dim %y, dims = [1] to {shape} : {tv}",
            f"%t2 = tenferro.multiply %t0, %t1 : {t}",
        ], [("%t2", t)]

    return Workload(
        "outer", "2d", "outer product broadcast(x)*broadcast(y) (a triplet)",
        lambda e: [("x", e[:1]), ("y", e[1:])], body,
        lambda x, y: [x[:, None] * y[None, :]],
        lambda e, s: (e[0] * e[1] + e[0] + e[1]) * s,
        unfused=lambda e, s: (5 * e[0] * e[1] + e[0] + e[1]) * s)


def xbxb():
    def body(ext, dt):
        t, tv = ttype(ext, dt), ttype(ext[:1], dt)
        return [
            f"%t0 = tenferro.broadcast_in_dim %x, dims = [0] to [{ext[0]}, {ext[1]}] : {tv}",
            f"%t1 = tenferro.multiply %t0, %t0 : {t}",
        ], [("%t1", t)]

    def numpy(x):
        xb = np.broadcast_to(x[:, None], (x.shape[0], x.shape[0]))
        return [xb * xb]

    return Workload(
        "xbxb", "2d", "x_b * x_b, one broadcast used twice (reused pair)",
        lambda e: [("x", e[:1])], body, numpy,
        lambda e, s: (e[0] * e[1] + e[0]) * s,
        unfused=lambda e, s: (4 * e[0] * e[1] + e[0]) * s)


def softmax():
    def body(ext, dt):
        t, tv = ttype(ext, dt), ttype(ext[1:], dt)
        return [
            f"%t0 = tenferro.exp %x : {t}",
            # A host instruction: the program is cut here, as in tenferro.
            f"%n = tenferro.shape_of %t0, axis = 0 : {t}",
            f"%t1 = tenferro.reduce_sum %t0, axes = [0] : {t}",
            f"%t2 = tenferro.broadcast_in_dim %t1, dims = [1] to [{ext[0]}, {ext[1]}] : {tv}",
            f"%t3 = tenferro.divide %t0, %t2 : {t}",
        ], [("%t3", t)]

    def numpy(x):
        e = np.exp(x)
        return [e / e.sum(axis=0)[None, :]]

    return Workload(
        "softmax", "2d",
        "exp, host boundary (shape_of), column sums, divide by broadcast sums",
        lambda e: [("x", e)], body, numpy,
        lambda e, s: 2 * e[0] * e[1] * s,
        # exp region (read, write), reduction (read), divide with the
        # broadcast of the sums fused in (read, write); unfused also
        # materializes the broadcast.
        unfused=lambda e, s: (7 * e[0] * e[1] + e[1]) * s,
        fused=lambda e, s: (5 * e[0] * e[1] + e[1]) * s)


def layernorm():
    """Layer norm over axis 0 (each column of the column-major matrix, the
    contiguous axis), as a tenferro program writes it: mean, centred values,
    mean of squares, scale by rsqrt(var + eps)."""
    eps = 1e-5

    def body(ext, dt):
        t, tv, ts = ttype(ext, dt), ttype(ext[1:], dt), ttype((), dt)
        m0, m1 = ext
        return [
            # divide does not broadcast: scale by 1/m (exact for the
            # suite's power-of-two extents).
            f"%inv = tenferro.constant {1.0 / m0:.17e} : {dt}",
            f"%eps = tenferro.constant {eps:.6e} : {dt}",
            f"%s = tenferro.reduce_sum %x, axes = [0] : {t}",
            f"%mean = tenferro.multiply %s, %inv : {tv}, {ts}",
            f"%mb = tenferro.broadcast_in_dim %mean, dims = [1] to [{m0}, {m1}] : {tv}",
            f"%d = tenferro.subtract %x, %mb : {t}",
            f"%ss = tenferro.reduce_sum_squares %d, axes = [0] : {t}",
            f"%var = tenferro.multiply %ss, %inv : {tv}, {ts}",
            f"%ve = tenferro.add %var, %eps : {tv}, {ts}",
            f"%rs = tenferro.rsqrt %ve : {tv}",
            f"%rb = tenferro.broadcast_in_dim %rs, dims = [1] to [{m0}, {m1}] : {tv}",
            f"%y = tenferro.multiply %d, %rb : {t}",
        ], [("%y", t)]

    def numpy(x):
        dt = x.dtype.type
        inv = dt(1.0 / x.shape[0])
        d = x - (x.sum(axis=0) * inv)[None, :]
        var = (d * d).sum(axis=0) * inv
        return [d * (dt(1) / np.sqrt(var + dt(eps)))[None, :]]

    return Workload(
        "layernorm", "2d",
        "layer norm over the contiguous axis: mean, centre, variance, scale",
        lambda e: [("x", e)], body, numpy,
        lambda e, s: 2 * e[0] * e[1] * s,
        # reduce (read), subtract with the broadcast mean fused in (read,
        # write), sum of squares (read), scale (read, write); unfused also
        # writes and reads both broadcasts.
        unfused=lambda e, s: 10 * e[0] * e[1] * s,
        fused=lambda e, s: 6 * e[0] * e[1] * s)


def sumexp():
    """reduce_sum(exp(x) * y) over axis 0 (the contiguous axis): a
    reduction fed by elementwise producers, which the runtime's
    segmentation leaves in one sequence region; segment fusion (the
    pipeline's default) makes it one loop nest."""

    def body(ext, dt):
        t, tv = ttype(ext, dt), ttype(ext[1:], dt)
        return [
            f"%e = tenferro.exp %x : {t}",
            f"%p = tenferro.multiply %e, %y : {t}",
            f"%s = tenferro.reduce_sum %p, axes = [0] : {t}",
        ], [("%s", tv)]

    def numpy(x, y):
        return [(np.exp(x) * y).sum(axis=0)]

    return Workload(
        "sumexp", "2d",
        "reduce_sum(exp(x) * y) over the contiguous axis",
        lambda e: [("x", e), ("y", e)], body, numpy,
        lambda e, s: (2 * e[0] * e[1] + e[1]) * s,
        # exp (read, write), multiply (read two, write), reduction (read);
        # fused within its one segment, the reduction reads x and y.
        unfused=lambda e, s: (6 * e[0] * e[1] + e[1]) * s,
        output="columns")


def reduction(name, op, axes, output, description, numpy):
    """One reduction of an m x m matrix: over the contiguous axis
    ("columns"), the strided one ("rows") or both ("scalar": in 64 lanes
    over the whole matrix, docs/semantics.md 8.5). One instruction, so
    fused, unfused and the ideal move the same bytes: the matrix read
    once."""

    def body(ext, dt):
        t = ttype(ext, dt)
        rt = ttype(output_extents(output, ext), dt)
        return [f"%s = tenferro.{op} %x, axes = {axes} : {t}"], [("%s", rt)]

    return Workload(name, "2d", description, lambda e: [("x", e)], body,
                    numpy, lambda e, s: e[0] * e[1] * s, output=output)


def colsum():
    return reduction("colsum", "reduce_sum", [0], "columns",
                     "reduce_sum over axis 0 (the contiguous axis)",
                     lambda x: [x.sum(axis=0)])


def rowsum():
    return reduction("rowsum", "reduce_sum", [1], "rows",
                     "reduce_sum over axis 1 (the strided axis)",
                     lambda x: [x.sum(axis=1)])


def sumall():
    return reduction("sumall", "reduce_sum", [0, 1], "scalar",
                     "reduce_sum over both axes (the whole matrix)",
                     lambda x: [x.sum()])


def sumsq():
    return reduction("sumsq", "reduce_sum_squares", [0, 1], "scalar",
                     "reduce_sum_squares over both axes (a squared norm)",
                     lambda x: [(x * x).sum()])


WORKLOADS = [chain(2), chain(4), chain(8), chain(16), tchain4(), gelu(), triad(),
             copy(), axpb(), rowscale(), outer(), xbxb(), softmax(),
             layernorm(), sumexp(), colsum(), rowsum(), sumall(), sumsq()]
BY_NAME = {w.name: w for w in WORKLOADS}
