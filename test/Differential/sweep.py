"""Systematic differential programs: every elementwise op with every dtype
its policy allows (and conversions between every pair of dtypes, and mixed
dtypes that promote), reductions, and the structural ops on i1 and other
dtypes, each at contiguous extents (the FIRST logical axis: tenferro is
column-major) around and above every vector width used (4, 8, 16).

A sweep is a list of units; a unit is one small computation with its own
output, labelled with op, dtypes and shapes. Units are packed into
programs of a few instructions each (tenferro-runner's compile time grows
faster than linearly with the program size); when a program crashes,
differential.py reruns its units one by one to name the unit that crashes.
Inputs of the same dtype, shape and data kind are shared within a program.

Families (differential.py sweep --family F):
  elementwise  binary, unary, compare, select, clamp on each dtype, 1-D
               [n] and 2-D [n, 3] shapes, broadcasting variants of
               add/subtract/multiply
  convert      every (from, to) pair of the seven dtypes
  promote      mixed-dtype operands of the binary ops, select and compare
  reduce       the reductions over [n, 3] (axes [0], [1], [0, 1]) and [n],
               and over [131139] (two whole parts of 65536 and more)
  structural   broadcast_in_dim, transpose, reshape, slice, pad,
               concatenate, reverse, tril/triu, extract/embed_diag, gather,
               scatter, dynamic_slice, dynamic_update_slice (i1, and i32,
               f64, c64 at fewer extents)
  bool         i1 through fused chains: compare -> select -> convert,
               broadcasts of i1 inside elementwise regions
  fusion       independent elementwise ops next to each other on
               different dynamic extents or static shapes
  parallel     elementwise ops and reductions at the extents where the
               parallel-loops lowering cuts loops into chunks and halves
               (PARALLEL_EXTENTS; `--extents default` means those)
"""
import re

import tfprog
from tfprog import (COMPARE_DIRS, COMPLEXES, DTYPES, FLOATS, INTS, NUMERIC,
                    POLICY, Program)

# Contiguous extents: every residue modulo 4, 8 and 16 below and above one
# vector, exact multiples, and a few larger 16k+r.
FULL_EXTENTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
                18, 23, 24, 25, 31, 32, 33, 39, 47, 48, 63, 64, 65, 67, 97,
                131, 257, 1031]
# The default run draws from these (sweep.DEFAULT_DENSITY extents per unit
# kind, different kinds different extents).
DEFAULT_EXTENTS = [1, 2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17, 23, 24,
                   31, 32, 33, 47, 63, 64, 65, 67, 97, 131]


class Unit:
    def __init__(self, label, build, alone=False):
        self.label = label
        self.build = build  # build(ctx) -> [Value]
        self.alone = alone  # a program of its own (segmentation matters)


class Ctx:
    """Builds units into a program, sharing inputs by key."""

    def __init__(self, prog):
        self.p = prog
        self.shared = {}

    def inp(self, dtype, shape, gen=None, tag=""):
        """An input; a negative extent -n is a dynamic extent (`?`) that
        is n at run time."""
        gen = gen or {}
        key = (dtype, tuple(shape), repr(sorted(gen.items())), tag)
        if key not in self.shared:
            dyn = tuple(s < 0 for s in shape)
            self.shared[key] = self.p.input(
                dtype, tuple(abs(s) for s in shape),
                dyn if any(dyn) else None, gen=gen)
        return self.shared[key]

    def op(self, *a, **k):
        return self.p.op(*a, **k)


def build_program(name, units):
    p = Program("program")
    p.comment = f"{name}: " + "; ".join(u.label for u in units)
    ctx = Ctx(p)
    for u in units:
        outs = u.build(ctx)
        for i, v in enumerate(outs):
            p.output(v, u.label + (f" #{i}" if len(outs) > 1 else ""))
    return p


def dims(shape):
    """[3x5]; a dynamic extent (negative) as ?=n."""
    return "[" + "x".join(f"?={-s}" if s < 0 else str(s) for s in shape) + "]"


# -- data kinds -------------------------------------------------------------
def gen_for(op, dtype, operand=0):
    """The input data for operand #operand of op on dtype."""
    if dtype == "i1":
        return {}
    cplx = dtype in COMPLEXES
    if op == "remainder" and dtype in INTS:
        return {"domain": "dividend" if operand == 0 else "divisor"}
    if op == "pow":
        if dtype in INTS:
            return {"domain": "small"}
        if cplx:
            return {"domain": "small", "edges": 0} if operand else \
                {"domain": "nonzero", "edges": 0}
        return {"domain": "small", "edges": 0.1} if operand else {}
    if op in ("compare", "clamp") or (op == "select" and operand == 0):
        return {"domain": "grid", "edges": 0 if cplx else 0.1}
    if op in ("maximum", "minimum", "sign"):
        # Many -0/+0 pairs (-0 < +0, sign keeps the zero's sign) and NaNs.
        return {"domain": "grid", "edges": 0.15}
    if cplx:
        # Finite data only: complex infinities and NaNs (C99 Annex G) are
        # not modelled by the oracle.
        if op in ("exp", "expm1", "sin", "cos", "tanh"):
            return {"domain": "trig", "edges": 0}
        if op in ("log", "log1p", "sqrt", "rsqrt", "abs", "divide"):
            return {"domain": "wide", "edges": 0}
        return {"domain": "any", "edges": 0}
    if op in ("exp", "expm1"):
        return {"domain": "exp"}
    if op == "convert":
        return {"domain": "convert"} if dtype in FLOATS else {}
    return {}


def ops_for(dtype):
    binary = [op for op in tfprog.BINARY if dtype in POLICY[op]]
    unary = [op for op in tfprog.UNARY if dtype in POLICY[op]]
    return binary, unary


# -- families ---------------------------------------------------------------
def spread(extents, m, key):
    """m of the extents, evenly spaced, starting at a position that depends
    on key (so different ops get different extents and together cover all
    of them); all of them when m is None or too large."""
    if m is None or m >= len(extents):
        return list(extents)
    h = 0
    for ch in key:
        h = (h * 131 + ord(ch)) % 1000003
    start = h % len(extents)
    step = len(extents) / m
    return sorted({extents[(start + int(i * step)) % len(extents)]
                   for i in range(m)})


# Extents per unit kind in the default run (None: every extent).
DEFAULT_DENSITY = {"1d": 4, "2d": 1, "dyn": 1, "bcast": 1, "convert": 3,
                   "promote": 2,
                   "reduce": 2, "structural-i1": 5, "structural": 2,
                   "bool": 6, "fusion": 2}


def density(full, kind):
    return None if full else DEFAULT_DENSITY[kind]


def elementwise_units(dtypes, extents, full=False):
    units = []
    for dt in dtypes:
        binary, unary = ops_for(dt)
        kinds = [(op, lambda s, op=op: _binary_unit(op, dt, dt, s, s))
                 for op in binary]
        kinds += [(op, lambda s, op=op: _unary_unit(op, dt, s))
                  for op in unary]
        for d in (["eq"] if dt in COMPLEXES else COMPARE_DIRS):
            kinds.append((f"compare {d}", lambda s, d=d:
                          _compare_unit(d, dt, dt, s)))
        kinds.append(("select", lambda s: _select_unit(dt, dt, s)))
        if dt in POLICY["clamp"]:
            kinds.append(("clamp", lambda s: _clamp_unit(dt, s)))
        for name, make in kinds:
            key = f"{name} {dt}"
            for n in spread(extents, density(full, "1d"), key):
                units.append(make((n,)))
            for n in spread(extents, density(full, "2d"), key + " 2d"):
                units.append(make((n, 3)))
            for n in spread(extents, density(full, "dyn"), key + " dyn"):
                units.append(make((-n,)))
        if dt == "i1":
            continue
        for op in ("add", "subtract", "multiply"):
            for k, (sa, sb) in enumerate(((("n", 3), (3,)), (("n", 3), ()),
                                          (("n", 3), ("n", 1)),
                                          (("n",), (1,)), ((), ("n",)))):
                key = f"{op} {dt} bcast{k}"
                for n in spread(extents, density(full, "bcast"), key):
                    a = tuple(n if x == "n" else x for x in sa)
                    b = tuple(n if x == "n" else x for x in sb)
                    units.append(_binary_unit(op, dt, dt, a, b))
    return units


def _binary_unit(op, ta, tb, sa, sb):
    def build(c):
        a = c.inp(ta, sa, gen_for(op, ta, 0), tag=op)
        b = c.inp(tb, sb, gen_for(op, tb, 1), tag=op)
        return [c.op(op, a, b)]
    tys = ta if ta == tb else f"{ta},{tb}"
    shp = dims(sa) if sa == sb else f"{dims(sa)},{dims(sb)}"
    return Unit(f"{op} {tys} {shp}", build)


def _unary_unit(op, dt, shape):
    def build(c):
        return [c.op(op, c.inp(dt, shape, gen_for(op, dt), tag=op))]
    return Unit(f"{op} {dt} {dims(shape)}", build)


def _compare_unit(d, ta, tb, shape):
    def build(c):
        a = c.inp(ta, shape, gen_for("compare", ta, 0), tag="cmp")
        b = c.inp(tb, shape, gen_for("compare", tb, 1), tag="cmp2")
        return [c.op("compare", a, b, dir=d)]
    tys = ta if ta == tb else f"{ta},{tb}"
    return Unit(f"compare {d} {tys} {dims(shape)}", build)


def _select_unit(ta, tb, shape):
    def build(c):
        p = c.inp("i1", shape, tag="pred")
        a = c.inp(ta, shape, gen_for("select", ta, 1), tag="sel")
        b = c.inp(tb, shape, gen_for("select", tb, 2), tag="sel2")
        return [c.op("select", p, a, b)]
    tys = ta if ta == tb else f"{ta},{tb}"
    return Unit(f"select i1,{tys} {dims(shape)}", build)


def _clamp_unit(dt, shape, lo_t=None, hi_t=None):
    lo_t, hi_t = lo_t or dt, hi_t or dt

    def build(c):
        x = c.inp(dt, shape, {}, tag="clamp")
        lo = c.inp(lo_t, shape, gen_for("clamp", lo_t), tag="lo")
        hi = c.inp(hi_t, shape, gen_for("clamp", hi_t), tag="hi")
        return [c.op("clamp", x, lo, hi)]
    tys = dt if lo_t == hi_t == dt else f"{dt},{lo_t},{hi_t}"
    return Unit(f"clamp {tys} {dims(shape)}", build)


def convert_units(extents, dtypes=DTYPES, full=False):
    units = []
    for frm in dtypes:
        for to in DTYPES:
            chosen = [(n,) for n in spread(extents, density(full, "convert"),
                                           f"{frm}->{to}")]
            chosen += [(-n,) for n in spread(extents, density(full, "dyn"),
                                             f"{frm}->{to} dyn")]
            for shape in chosen:
                def build(c, frm=frm, to=to, shape=shape):
                    x = c.inp(frm, shape, gen_for("convert", frm), tag="cv")
                    return [c.op("convert", x, to=to)]
                units.append(Unit(f"convert {frm}->{to} {dims(shape)}",
                                  build))
    return units


PROMOTE_PAIRS = [("i32", "i64"), ("i64", "i32"), ("i32", "f32"),
                 ("i64", "f64"), ("f32", "f64"), ("f64", "f32"),
                 ("f32", "c64"), ("f64", "c64"), ("i32", "c64"),
                 ("c64", "c128"), ("f32", "c128"), ("i64", "c128")]


def promote_units(extents, full=False):
    kinds = []
    for ta, tb in PROMOTE_PAIRS:
        for op in tfprog.BINARY:
            if ta in POLICY[op] and tb in POLICY[op]:
                kinds.append((f"{op} {ta},{tb}", lambda s, op=op, ta=ta, tb=tb:
                              _binary_unit(op, ta, tb, s, s)))
        if (ta in COMPLEXES) == (tb in COMPLEXES):
            d = "eq" if ta in COMPLEXES else "lt"
            kinds.append((f"compare {ta},{tb}", lambda s, d=d, ta=ta, tb=tb:
                          _compare_unit(d, ta, tb, s)))
        kinds.append((f"select {ta},{tb}", lambda s, ta=ta, tb=tb:
                      _select_unit(ta, tb, s)))
    # i1 promotes to the other operand: 0/1 (select accepts i1 next to a
    # number).
    for t in ("i32", "f64", "c64"):
        kinds.append((f"select i1,{t}", lambda s, t=t:
                      _select_unit("i1", t, s)))
    kinds.append(("clamp f32,f64,f32", lambda s:
                  _clamp_unit("f32", s, "f64", "f32")))
    units = []
    for key, make in kinds:
        for n in spread(extents, density(full, "promote"), key):
            units.append(make((n,)))
    return units


def reduce_units(dtypes, extents, full=False):
    units = []
    for dt in dtypes:
        for op in tfprog.REDUCE:
            if dt not in POLICY[op]:
                continue
            # [n], [n, 3] and [n, 3, 2]: the leading axes (in lanes over
            # their block: [0], [0, 1], [1, 0], [0, 1, 2]) and the others
            # (column-major order: [1], [0, 2]).
            kinds = ((1, [0]), (2, [0]), (2, [1]), (2, [0, 1]),
                     (3, [1, 0]), (3, [0, 2]), (3, [0, 1, 2]))
            for k, (rank, ax) in enumerate(kinds):
                for n in spread(extents, density(full, "reduce"),
                                f"{op} {dt} {k}"):
                    units.append(_reduce_unit(op, dt, (n, 3, 2)[:rank], ax))
    return units


# A block of whole parts of 65536 elements (docs/semantics.md 8.5): two
# parts, then a group of 64 and a tail of 3, static and dynamic (the groups
# after the parts then start at a run-time position).
PART_EXTENT = 2 * 65536 + 67


def part_units(dtypes):
    """The reductions in lanes over blocks of whole parts: each part's lanes
    from the identity, combined in order (complex products from 1 + 0i),
    then the elements after them."""
    units = []
    for op, dt in (("reduce_sum", "f32"), ("reduce_sum", "c64"),
                   ("reduce_prod", "c128"), ("reduce_max", "f64"),
                   ("reduce_sum_squares", "i32")):
        if dt in dtypes:
            for n in (PART_EXTENT, -PART_EXTENT):
                units.append(_reduce_unit(op, dt, (n,), [0]))
    return units


def _reduce_unit(op, dt, shape, ax):
    def build(c):
        # Complex infinities are outside the decisions
        # (docs/semantics.md 7.2: "for finite operands").
        g = {} if dt in INTS else {
            "domain": "unit", "edges": 0 if dt in COMPLEXES else 0.03}
        return [c.op(op, c.inp(dt, shape, g, tag="red"), axes=ax)]
    return Unit(f"{op} {dt} {dims(shape)} axes={ax}", build)


def structural_units(dt, extents, full=False):
    units = []
    per_kind = density(full, "structural-i1" if dt == "i1" else "structural")

    def add(label, build):
        # The unit kind is the label without its extents.
        key = re.sub(r"\d+", "N", label) + " " + dt
        if n in spread(extents, per_kind, key):
            units.append(Unit(f"{label} {dt}", build))
    for n in extents:
        def x_(c, shape, tag="s"):
            return c.inp(dt, shape, {}, tag=tag)
        add(f"broadcast_in_dim [{n}] dims=[0] to [{n}x3]",
            lambda c, n=n: [c.op("broadcast_in_dim", x_(c, (n,)), dims=[0],
                                 shape=[n, 3])])
        add(f"broadcast_in_dim [3] dims=[1] to [{n}x3]",
            lambda c, n=n: [c.op("broadcast_in_dim", x_(c, (3,)), dims=[1],
                                 shape=[n, 3])])
        add(f"broadcast_in_dim [] to [{n}]",
            lambda c, n=n: [c.op("broadcast_in_dim", x_(c, ()), dims=[],
                                 shape=[n])])
        add(f"broadcast_in_dim [1] dims=[0] to [{n}x2]",
            lambda c, n=n: [c.op("broadcast_in_dim", x_(c, (1,)), dims=[0],
                                 shape=[n, 2])])
        add(f"transpose [{n}x3]",
            lambda c, n=n: [c.op("transpose", x_(c, (n, 3)), perm=[1, 0])])
        add(f"transpose [3x{n}]",
            lambda c, n=n: [c.op("transpose", x_(c, (3, n)), perm=[1, 0])])
        add(f"reshape [{n}x2] to [{2 * n}]",
            lambda c, n=n: [c.op("reshape", x_(c, (n, 2)), shape=[2 * n])])
        add(f"reshape [{2 * n}] to [{n}x2]",
            lambda c, n=n: [c.op("reshape", x_(c, (2 * n,)), shape=[n, 2])])
        if n > 1:
            add(f"slice [{n}] 1:{n}",
                lambda c, n=n: [c.op("slice", x_(c, (n,)), starts=[1],
                                     limits=[n], strides=[1])])
        add(f"slice [{n}x3] strides [2,2]",
            lambda c, n=n: [c.op("slice", x_(c, (n, 3)), starts=[0, 0],
                                 limits=[n, 3], strides=[2, 2])])
        add(f"pad [{n}] low=1 high=2 interior=1",
            lambda c, n=n: [c.op("pad", x_(c, (n,)), low=[1], high=[2],
                                 interior=[1])])
        if n > 1:
            add(f"pad [{n}x3] low=[-1,0] high=[3,1]",
                lambda c, n=n: [c.op("pad", x_(c, (n, 3)), low=[-1, 0],
                                     high=[3, 1], interior=[0, 0])])
        add(f"concatenate [{n}],[5]",
            lambda c, n=n: [c.op("concatenate", x_(c, (n,)), x_(c, (5,)),
                                 axis=0)])
        add(f"concatenate [{n}x3],[{n}x2] axis=1",
            lambda c, n=n: [c.op("concatenate", x_(c, (n, 3)),
                                 x_(c, (n, 2)), axis=1)])
        add(f"reverse [{n}x3] axes=[0]",
            lambda c, n=n: [c.op("reverse", x_(c, (n, 3)), axes=[0])])
        add(f"tril [{n}x5] k=1 / triu k=-1",
            lambda c, n=n: [c.op("tril", x_(c, (n, 5)), k=1),
                            c.op("triu", x_(c, (n, 5)), k=-1)])
        add(f"extract_diag [{n}x{min(n, 9)}] / embed_diag [{n}]",
            lambda c, n=n: [c.op("extract_diag", x_(c, (n, min(n, 9))),
                                 axis_a=0, axis_b=1),
                            c.op("embed_diag", x_(c, (n,)), axis_a=0,
                                 axis_b=1)])
        k = min(n, 5)
        # Index operands of every index dtype (docs/semantics.md 8.10:
        # floats truncate toward zero).
        idx_t = ["i64", "i32", "f64", "f32"][n % 4]
        add(f"gather [{n}x3] rows [{k}x1] {idx_t}",
            lambda c, n=n, k=k: [c.op(
                "gather", x_(c, (n, 3)),
                c.inp(idx_t, (k, 1), {"kind": "index", "lo": 0, "hi": n},
                      tag="gi"),
                offset_dims=[1], collapsed_slice_dims=[0],
                start_index_map=[0], index_vector_dim=1, slice_sizes=[1, 3])])
        add(f"scatter [{n}x2] rows [{k + 2}x1] {idx_t}",
            lambda c, n=n, k=k: [c.op(
                "scatter", x_(c, (n, 2)),
                c.inp(idx_t, (k + 2, 1), {"kind": "index", "lo": 0, "hi": n},
                      tag="si"),
                x_(c, (k + 2, 2), tag="upd"),
                update_window_dims=[1], inserted_window_dims=[0],
                scatter_dims_to_operand_dims=[0], index_vector_dim=1)])
        m = max(1, n // 2)
        add(f"dynamic_slice [{n}x3] sizes=[{m},2] / dynamic_update_slice "
            f"{idx_t}",
            lambda c, n=n, m=m: [
                c.op("dynamic_slice", x_(c, (n, 3)),
                     c.inp(idx_t, (2,), {"kind": "index", "lo": -2,
                                         "hi": n + 2}, tag="ds"),
                     sizes=[m, 2]),
                c.op("dynamic_update_slice", x_(c, (n, 3)),
                     x_(c, (m, 2), tag="dus"),
                     c.inp(idx_t, (2,), {"kind": "index", "lo": -2,
                                         "hi": n + 2}, tag="ds"))])
    return units


def bool_units(extents, full=False):
    """i1 values inside fused elementwise regions."""
    units = []
    chosen = spread(extents, density(full, "bool"), "bool")
    for n in chosen:
        shape = (n, 3)

        def chain(c, n=n, shape=shape):
            a = c.inp("f64", shape, {"domain": "grid", "edges": 0.1}, tag="b")
            b = c.inp("f64", shape, {"domain": "grid", "edges": 0.1}, tag="b2")
            p = c.inp("i1", shape, tag="bp")
            lt = c.op("compare", a, b, dir="lt")
            eq = c.op("compare", a, b, dir="eq")
            q = c.op("select", p, lt, eq)
            r = c.op("compare", q, p, dir="le")
            f = c.op("convert", r, to="f32")
            s = c.op("select", r, a, b)
            return [q, f, s]
        units.append(Unit(
            f"compare->select->compare->convert chain {dims(shape)}", chain))

        def bcast(c, n=n):
            v = c.inp("i1", (n,), tag="bv")
            w = c.inp("i1", (3,), tag="bw")
            x = c.inp("i32", (n, 3), {"domain": "grid"}, tag="bx")
            bv = c.op("broadcast_in_dim", v, dims=[0], shape=[n, 3])
            bw = c.op("broadcast_in_dim", w, dims=[1], shape=[n, 3])
            e = c.op("compare", bv, bw, dir="eq")
            y = c.op("convert", x, to="i1")
            s = c.op("select", e, y, bw)
            i = c.op("convert", s, to="i64")
            return [s, c.op("add", i, x)]
        if n > 0:  # broadcast_in_dim's result shape is static
            units.append(Unit(f"broadcast i1 [{n}],[3] in a fused region",
                              bcast))

        def conv(c, n=n):
            x = c.inp("f32", (n,), {"domain": "grid", "edges": 0.2}, tag="cf")
            z = c.inp("c128", (n,), {"domain": "grid", "edges": 0}, tag="cz")
            bx = c.op("convert", x, to="i1")
            bz = c.op("convert", z, to="i1")
            nb = c.op("compare", bx, bz, dir="gt")
            return [nb, c.op("convert", nb, to="c64"),
                    c.op("convert", bz, to="i32")]
        units.append(Unit(
            f"convert to/from i1 in a fused region {dims((n,))}", conv))
    return units


def fusion_units(extents, full=False):
    """Independent elementwise ops next to each other, which segmentation
    may put in one region: on different dynamic extents (`?` in both types,
    different at run time), different static shapes, and chains."""
    units = []
    for n in spread(extents, density(full, "fusion"), "fusion"):
        m = n + 1 + n // 2

        def pair(c, n=n, m=m, t="i32", ops=("negate", "negate"), rank2=False):
            sa = (-n, 3) if rank2 else (-n,)
            sb = (-m, 3) if rank2 else (-m,)
            a = c.inp(t, sa, {}, tag="fa")
            b = c.inp(t, sb, {}, tag="fb")
            return [c.op(ops[0], a), c.op(ops[1], b)]
        units.append(Unit(f"negate i32 [?={n}] next to negate i32 [?={m}]",
                          pair, alone=True))
        units.append(Unit(
            f"exp f64 [?={n}x3] next to tanh f64 [?={m}x3]",
            lambda c, n=n, m=m: pair(c, n, m, "f64", ("exp", "tanh"), True),
            alone=True))

        def binary(c, n=n, m=m):
            a = c.inp("c64", (-n,), {"domain": "unit", "edges": 0}, tag="fc")
            b = c.inp("c64", (-m,), {"domain": "unit", "edges": 0}, tag="fd")
            x = c.op("add", a, a)
            y = c.op("multiply", b, b)
            return [c.op("multiply", x, a), y]
        units.append(Unit(f"add/multiply c64 [?={n}] next to multiply c64 "
                          f"[?={m}]", binary, alone=True))

        def static(c, n=n, m=m):
            a = c.inp("f32", (n,), {}, tag="fe")
            b = c.inp("f32", (m, 2), {}, tag="ff")
            return [c.op("add", a, a), c.op("multiply", b, b)]
        units.append(Unit(f"add f32 [{n}] next to multiply f32 [{m}x2]",
                          static, alone=True))
    return units


# Extents at the cuts of tenferro-strip-mine-parallel-loops at its defaults
# (chunks of 16384 iterations; where a loop fits one chunk, two halves of
# whole vectors, for the kept axis of a row reduction only where a half
# spans 8 KiB): 4100 is one chunk in halves (2056 and 2044 f32 or i32 at
# 8 lanes, the second ending in a partial vector); 40005 is two full
# chunks and a last one of 7237 with a partial vector at every width.
PARALLEL_EXTENTS = [4100, 40005]


def parallel_units(extents, full=False):
    """Each path of the parallel-loops lowering at extents that take it
    (PARALLEL_EXTENTS by default): lone elementwise loops in chunks or
    halves (integer remainder and divide in the masked tail of the last
    chunk, NaN and signed zeros in maximum, i1 data through fused chains);
    reductions over the outer axis of [n, 3] (the kept axis to the threads
    in chunks or halves, or whole where halves of a narrow element would
    span less than 8 KiB), over the contiguous axis (the 64 lanes of a sum
    in halves of 32, partial sums in registers) and over a middle axis of
    [n, 2, 3] (the threads take the kept axis outside the reduction), on
    every numeric dtype. Each extent also as a dynamic one (`?`): its
    nests are versioned at run time (tenferro-serialize-small-parallel-loops
    puts a sequential copy and the parallel nest under an scf.if), and
    the mode parallel-versioned takes both branches."""
    units = []
    for n in [s * e for e in extents for s in (1, -1)]:
        for op, dt in (("add", "i32"), ("remainder", "i32"),
                       ("remainder", "i64"), ("divide", "i32"),
                       ("maximum", "f64"), ("minimum", "f32"),
                       ("multiply", "c64")):
            units.append(_binary_unit(op, dt, dt, (n,), (n,)))
        units.append(_select_unit("f32", "f32", (n,)))
        units.append(_compare_unit("lt", "i64", "i64", (n, 3)))
        units += bool_units([n], full=True)
        red = [("reduce_sum", dt, shape, ax)
               for dt in ("i32", "i64", "f32", "f64", "c64")
               for shape, ax in (((n, 3), [1]), ((n,), [0]),
                                 ((n, 3), [0, 1]))]
        red += [("reduce_max", "f32", (n, 3), [1]),
                ("reduce_min", "f64", (n,), [0]),
                ("reduce_max", "f64", (n, 3), [0, 1]),
                ("reduce_prod", "i64", (n, 3), [1]),
                ("reduce_prod", "f32", (n,), [0]),
                ("reduce_sum_squares", "f32", (n, 3), [1]),
                ("reduce_sum_squares", "c128", (n,), [0]),
                ("reduce_sum", "f64", (n, 2, 3), [2]),
                ("reduce_sum", "i32", (n, 2, 3), [1, 2])]
        units += [_reduce_unit(*r) for r in red]
    return units


def default_extents(family, full):
    """The extents of `--extents default` (or `full`) for `family`."""
    if family == "parallel":
        return PARALLEL_EXTENTS
    return FULL_EXTENTS if full else DEFAULT_EXTENTS


FAMILIES = ["elementwise", "convert", "promote", "reduce", "structural",
            "bool", "fusion", "parallel"]


def family_units(family, extents, dtypes=None, full=False):
    if family == "elementwise":
        return elementwise_units(dtypes or DTYPES, extents, full)
    if family == "convert":
        return convert_units(extents, dtypes or DTYPES, full)
    if family == "promote":
        return promote_units(extents, full)
    if family == "reduce":
        return (reduce_units(dtypes or list(NUMERIC), extents, full)
                + part_units(dtypes or list(NUMERIC)))
    if family == "structural":
        units = []
        for dt in (dtypes or ["i1", "i32", "f64", "c64"]):
            units += structural_units(dt, extents, full)
        return units
    if family == "bool":
        return bool_units(extents, full)
    if family == "fusion":
        return fusion_units(extents, full)
    if family == "parallel":
        return parallel_units(extents, full)
    raise ValueError(family)


def pack(units, per_program):
    """Groups units into programs of about per_program instructions."""
    groups, cur, size = [], [], 0
    for u in units:
        if u.alone:
            groups.append([u])
            continue
        cur.append(u)
        size += 1
        if size >= per_program:
            groups.append(cur)
            cur, size = [], 0
    if cur:
        groups.append(cur)
    return groups
