"""A small model of tenferro programs shared by the differential tests.

A `Program` is a list of instructions over named values, built with
`Program.op`, which infers result dtypes and shapes with tenferro's rules
(promotion: lib/Dialect/Tenferro/IR/TypeInference.cpp's table; shapes:
TenferroOps.td). From one `Program`:

- `to_mlir()` renders the `func.func` that tenferro-runner runs;
- `to_json()` is the program description numpy_oracle.py evaluates, so the
  oracle never parses MLIR and cannot disagree with the generator about
  what a program is;
- `make_inputs()` (needs NumPy) writes the .npy inputs: seeded data with
  edge values (INT_MIN, INT_MAX, -1, 0; NaN, +-inf, +-0, subnormals) as
  each input's generation spec asks.

Shapes are logical (tenferro is column-major: the first axis is the
contiguous one; the runner reads and writes Fortran-order .npy files, so
np.load gives the logical array). Each value has a concrete shape; `dyn`
marks the extents that are `?` in the MLIR types (their size then comes
from the .npy input at run time).

This module has no NumPy dependency except in `make_inputs`.
"""
import json

DTYPES = ["i1", "i32", "i64", "f32", "f64", "c64", "c128"]
MLIR_DTYPE = {"i1": "i1", "i32": "i32", "i64": "i64", "f32": "f32",
              "f64": "f64", "c64": "complex<f32>", "c128": "complex<f64>"}
INTS = ("i32", "i64")
FLOATS = ("f32", "f64")
COMPLEXES = ("c64", "c128")
NUMERIC = INTS + FLOATS + COMPLEXES
REAL = INTS + FLOATS
FLOAT_OR_COMPLEX = FLOATS + COMPLEXES

BINARY = ["add", "subtract", "multiply", "divide", "remainder", "maximum",
          "minimum", "pow"]
UNARY = ["negate", "conj", "abs", "sign", "exp", "log", "sin", "cos", "tanh",
         "sqrt", "rsqrt", "expm1", "log1p"]
TRANSCENDENTAL = ["exp", "log", "sin", "cos", "tanh", "sqrt", "rsqrt",
                  "expm1", "log1p"]
REDUCE = ["reduce_sum", "reduce_prod", "reduce_max", "reduce_min",
          "reduce_sum_squares"]
COMPARE_DIRS = ["eq", "lt", "le", "gt", "ge"]

# dtype policy of each elementwise op (TenferroOps.td): the dtypes an
# operand may have.
POLICY = {
    "add": NUMERIC, "subtract": NUMERIC, "multiply": NUMERIC,
    "divide": NUMERIC, "pow": NUMERIC, "remainder": REAL,
    "maximum": FLOATS, "minimum": FLOATS, "clamp": FLOATS,
    "negate": NUMERIC, "abs": NUMERIC, "conj": FLOAT_OR_COMPLEX,
    "sign": FLOATS,
    **{op: FLOAT_OR_COMPLEX for op in TRANSCENDENTAL},
    "reduce_sum": NUMERIC, "reduce_prod": NUMERIC,
    "reduce_sum_squares": NUMERIC, "reduce_max": FLOATS,
    "reduce_min": FLOATS,
}


def is_int(t):
    return t in INTS


def is_float(t):
    return t in FLOATS


def is_complex(t):
    return t in COMPLEXES


def wide(t):
    return t in ("i64", "f64", "c128")


def promote(a, b):
    """promote_dtype (TypeInference.cpp)."""
    if a == b:
        return a
    if a == "i1":
        return b
    if b == "i1":
        return a
    if is_int(a) and is_int(b):
        return "i64"
    if is_int(a) or is_int(b):
        other = b if is_int(a) else a
        return "c128" if is_complex(other) else "f64"
    cplx = is_complex(a) or is_complex(b)
    w = wide(a) or wide(b)
    return ("c128" if w else "c64") if cplx else ("f64" if w else "f32")


def promote_all(ts):
    r = ts[0]
    for t in ts[1:]:
        r = promote(r, t)
    return r


def promote_div_like(a, b):
    p = promote(a, b)
    return "f64" if is_int(p) else p


def real_part(t):
    return {"c64": "f32", "c128": "f64"}.get(t, t)


class Value:
    def __init__(self, name, dtype, shape, dyn=None):
        self.name = name
        self.dtype = dtype
        self.shape = tuple(shape)
        self.dyn = tuple(dyn) if dyn else (False,) * len(self.shape)

    def mlir_type(self):
        dims = ["?" if d else str(s) for s, d in zip(self.shape, self.dyn)]
        return "tensor<" + "".join(x + "x" for x in dims) + \
            MLIR_DTYPE[self.dtype] + ">"

    def desc(self):
        return {"name": self.name, "dtype": self.dtype,
                "shape": list(self.shape), "dyn": list(self.dyn)}

    def __repr__(self):
        return f"{self.name}:{self.mlir_type()}"


class ProgramError(Exception):
    pass


def _broadcast(a, b):
    """Right-aligned broadcast of (shape, dyn) pairs (TypeInference.cpp)."""
    (sa, da), (sb, db) = a, b
    rank = max(len(sa), len(sb))
    sa = (1,) * (rank - len(sa)) + tuple(sa)
    sb = (1,) * (rank - len(sb)) + tuple(sb)
    da = (False,) * (rank - len(da)) + tuple(da)
    db = (False,) * (rank - len(db)) + tuple(db)
    shape, dyn = [], []
    for x, y, dx, dy in zip(sa, sb, da, db):
        if x != y and x != 1 and y != 1:
            raise ProgramError(f"shapes {sa} and {sb} do not broadcast")
        # The static rule on the types' extents (None for ?): equal, one
        # of them 1 (the other), ? against a static extent (the static).
        tx, ty = None if dx else x, None if dy else y
        if tx == ty:
            t = tx
        elif tx == 1:
            t = ty
        elif ty == 1:
            t = tx
        else:
            t = tx if ty is None else ty
        shape.append(y if x == 1 else x)
        dyn.append(t is None)
    return tuple(shape), tuple(dyn)


def dimexpr_text(e):
    if isinstance(e, int):
        return str(e)
    return f"input_dim({e[0]}, {e[1]})"


def dimexpr_json(e):
    return e if isinstance(e, int) else {"input_dim": list(e)}


class Program:
    """A func.func of tenferro ops with inferred types."""

    def __init__(self, name="program"):
        self.name = name
        self.inputs = []
        self.insts = []
        self.outputs = []
        self.labels = []
        self.gens = []
        self.count = 0
        self.comment = ""

    def fresh(self, prefix="v"):
        self.count += 1
        return f"{prefix}{self.count}"

    def input(self, dtype, shape, dyn=None, gen=None, name=None):
        v = Value(name or self.fresh("a"), dtype, shape, dyn)
        self.inputs.append(v)
        self.gens.append(gen or {})
        return v

    def output(self, v, label=None):
        self.outputs.append(v)
        self.labels.append(label or f"{v.name}")

    # -- type inference -----------------------------------------------------
    def _infer(self, op, args, attrs):
        ts = [a.dtype for a in args]
        sd = [(a.shape, a.dyn) for a in args]
        if op in ("add", "subtract", "multiply"):
            for t in ts:
                if t not in NUMERIC:
                    raise ProgramError(f"{op} on {t}")
            shape, dyn = _broadcast(sd[0], sd[1])
            return [(promote(ts[0], ts[1]), shape, dyn)]
        if op in ("divide", "pow", "remainder", "maximum", "minimum",
                  "clamp", "select", "compare") or op in UNARY:
            pol = None if op in ("select", "compare") else POLICY[op]
            if pol:
                for t in ts:
                    if t not in pol:
                        raise ProgramError(f"{op} on {t}")
            first = sd[0]
            for s in sd[1:]:
                if len(s[0]) != len(first[0]) or any(
                        x != y for x, y in zip(s[0], first[0])):
                    raise ProgramError(f"{op}: shapes differ {sd}")
            shape, dyn = first
            if op in ("divide", "pow"):
                t = promote_div_like(ts[0], ts[1])
            elif op == "select":
                if ts[0] != "i1":
                    raise ProgramError("select predicate must be i1")
                t = promote_all(ts[1:])
            elif op == "compare":
                if is_complex(ts[0]) != is_complex(ts[1]):
                    raise ProgramError("compare complex with real")
                if attrs["dir"] != "eq" and is_complex(ts[0]):
                    raise ProgramError("ordered compare of complex")
                t = "i1"
            elif op == "abs":
                t = real_part(ts[0])
            elif op in UNARY:
                t = ts[0]
            else:
                t = promote_all(ts)
            return [(t, shape, dyn)]
        a = args[0] if args else None
        if op == "transpose":
            p = attrs["perm"]
            return [(a.dtype, [a.shape[i] for i in p], [a.dyn[i] for i in p])]
        if op in ("reshape", "broadcast_in_dim"):
            shape, dyn = [], []
            for e in attrs["shape"]:
                if isinstance(e, int):
                    shape.append(e)
                    dyn.append(False)
                else:
                    ref = args[e[0]]
                    shape.append(ref.shape[e[1]])
                    dyn.append(ref.dyn[e[1]])
            if op == "reshape":
                n = 1
                for s in a.shape:
                    n *= s
                m = 1
                for s in shape:
                    m *= s
                if n != m:
                    raise ProgramError("reshape changes the element count")
            else:
                dims = attrs["dims"]
                for i, d in enumerate(dims):
                    if a.shape[i] not in (1, shape[d]):
                        raise ProgramError("broadcast_in_dim extent")
            return [(a.dtype, shape, dyn)]
        if op == "convert":
            return [(attrs["to"], a.shape, a.dyn)]
        if op in REDUCE:
            if a.dtype not in POLICY[op]:
                raise ProgramError(f"{op} on {a.dtype}")
            keep = [i for i in range(len(a.shape)) if i not in attrs["axes"]]
            return [(a.dtype, [a.shape[i] for i in keep],
                     [a.dyn[i] for i in keep])]
        if op in ("tril", "triu"):
            return [(a.dtype, a.shape, a.dyn)]
        if op == "extract_diag":
            i, j = attrs["axis_a"], attrs["axis_b"]
            shape, dyn = list(a.shape), list(a.dyn)
            shape[i] = min(a.shape[i], a.shape[j])
            dyn[i] = a.dyn[i] or a.dyn[j]
            del shape[j], dyn[j]
            return [(a.dtype, shape, dyn)]
        if op == "embed_diag":
            i, j = attrs["axis_a"], attrs["axis_b"]
            shape, dyn = list(a.shape), list(a.dyn)
            shape.insert(j, a.shape[i])
            dyn.insert(j, a.dyn[i])
            return [(a.dtype, shape, dyn)]
        if op == "slice":
            shape = [-(-(l - s) // st) for s, l, st in
                     zip(attrs["starts"], attrs["limits"], attrs["strides"])]
            return [(a.dtype, shape, [False] * len(shape))]
        if op == "dynamic_slice":
            return [(a.dtype, attrs["sizes"], [False] * len(a.shape))]
        if op == "dynamic_update_slice":
            return [(promote(a.dtype, args[1].dtype), a.shape, a.dyn)]
        if op == "pad":
            shape = []
            for n, lo, hi, it in zip(a.shape, attrs["low"], attrs["high"],
                                     attrs["interior"]):
                shape.append(lo + hi + (n - 1) * (it + 1) + 1 if n else lo + hi)
            return [(a.dtype, shape, [False] * len(shape))]
        if op == "concatenate":
            ax = attrs["axis"]
            shape, dyn = list(a.shape), list(a.dyn)
            shape[ax] = sum(x.shape[ax] for x in args)
            dyn[ax] = any(x.dyn[ax] for x in args)
            return [(promote_all(ts), shape, dyn)]
        if op == "reverse":
            return [(a.dtype, a.shape, a.dyn)]
        if op == "gather":
            idx = args[1]
            ivd = attrs["index_vector_dim"]
            batch = [s for k, s in enumerate(idx.shape) if k != ivd]
            offs = [s for k, s in enumerate(attrs["slice_sizes"])
                    if k not in attrs["collapsed_slice_dims"]]
            rank = len(batch) + len(offs)
            shape, bi, oi = [], 0, 0
            for k in range(rank):
                if k in attrs["offset_dims"]:
                    shape.append(offs[oi])
                    oi += 1
                else:
                    shape.append(batch[bi])
                    bi += 1
            return [(a.dtype, shape, [False] * rank)]
        if op == "scatter":
            return [(promote(a.dtype, args[2].dtype), a.shape, a.dyn)]
        if op == "constant":
            return [(attrs["dtype"], [], [])]
        if op == "shape_of":
            return [("f64", [], [])]
        if op in ("dot_general", "dot_general_with_conj"):
            b = args[1]
            lc, rc = attrs["lhs_contracting"], attrs["rhs_contracting"]
            lb, rb = attrs.get("lhs_batch", []), attrs.get("rhs_batch", [])
            lf = [i for i in range(len(a.shape)) if i not in lc + lb]
            rf = [i for i in range(len(b.shape)) if i not in rc + rb]
            shape = [a.shape[i] for i in lf] + [b.shape[i] for i in rf] + \
                [a.shape[i] for i in lb]
            dyn = [a.dyn[i] for i in lf] + [b.dyn[i] for i in rf] + \
                [a.dyn[i] or b.dyn[j] for i, j in zip(lb, rb)]
            return [(promote(a.dtype, b.dtype), shape, dyn)]
        raise ProgramError(f"unknown op {op}")

    def op(self, op, *args, **attrs):
        outs = self._infer(op, list(args), attrs)
        res = []
        for t, shape, dyn in outs:
            res.append(Value(self.fresh(), t, shape, dyn))
        self.insts.append({"op": op, "args": list(args), "attrs": attrs,
                           "res": res})
        return res[0]

    # -- rendering ----------------------------------------------------------
    def _render(self, inst):
        op, args, at = inst["op"], inst["args"], inst["attrs"]
        r = inst["res"][0].name
        n = [f"%{a.name}" for a in args]
        t = [a.mlir_type() for a in args]

        def lst(x):
            return "[" + ", ".join(str(int(v)) for v in x) + "]"
        if op in BINARY:
            return f"%{r} = tenferro.{op} {n[0]}, {n[1]} : {t[0]}, {t[1]}"
        if op in UNARY:
            return f"%{r} = tenferro.{op} {n[0]} : {t[0]}"
        if op == "compare":
            return (f"%{r} = tenferro.compare {at['dir']}, {n[0]}, {n[1]} : "
                    f"{t[0]}, {t[1]}")
        if op in ("select", "clamp"):
            return (f"%{r} = tenferro.{op} {n[0]}, {n[1]}, {n[2]} : "
                    f"{t[0]}, {t[1]}, {t[2]}")
        if op == "transpose":
            return f"%{r} = tenferro.transpose {n[0]}, perm = {lst(at['perm'])} : {t[0]}"
        if op in ("reshape", "broadcast_in_dim"):
            refs = ""
            if len(args) > 1:
                refs = (" refs(" + ", ".join(n[1:]) + " : " +
                        ", ".join(t[1:]) + ")")
            shape = "[" + ", ".join(dimexpr_text(e) for e in at["shape"]) + "]"
            if op == "reshape":
                return f"%{r} = tenferro.reshape {n[0]}{refs} to {shape} : {t[0]}"
            return (f"%{r} = tenferro.broadcast_in_dim {n[0]}{refs}, dims = "
                    f"{lst(at['dims'])} to {shape} : {t[0]}")
        if op == "convert":
            return f"%{r} = tenferro.convert {n[0]} : {t[0]} to {MLIR_DTYPE[at['to']]}"
        if op in REDUCE:
            return f"%{r} = tenferro.{op} {n[0]}, axes = {lst(at['axes'])} : {t[0]}"
        if op in ("tril", "triu"):
            return f"%{r} = tenferro.{op} {n[0]}, k = {at['k']} : {t[0]}"
        if op in ("extract_diag", "embed_diag"):
            return (f"%{r} = tenferro.{op} {n[0]}, axis_a = {at['axis_a']}, "
                    f"axis_b = {at['axis_b']} : {t[0]}")
        if op == "slice":
            return (f"%{r} = tenferro.slice {n[0]}, starts = {lst(at['starts'])}, "
                    f"limits = {lst(at['limits'])}, strides = "
                    f"{lst(at['strides'])} : {t[0]}")
        if op == "dynamic_slice":
            return (f"%{r} = tenferro.dynamic_slice {n[0]}, {n[1]}, sizes = "
                    f"{lst(at['sizes'])} : {t[0]}, {t[1]}")
        if op == "dynamic_update_slice":
            return (f"%{r} = tenferro.dynamic_update_slice {n[0]}, {n[1]}, {n[2]}"
                    f" : {t[0]}, {t[1]}, {t[2]}")
        if op == "pad":
            return (f"%{r} = tenferro.pad {n[0]}, low = {lst(at['low'])}, high = "
                    f"{lst(at['high'])}, interior = {lst(at['interior'])} : {t[0]}")
        if op == "concatenate":
            return (f"%{r} = tenferro.concatenate({', '.join(n)}) axis = "
                    f"{at['axis']} : {', '.join(t)}")
        if op == "reverse":
            return f"%{r} = tenferro.reverse {n[0]}, axes = {lst(at['axes'])} : {t[0]}"
        if op == "gather":
            return (f"%{r} = tenferro.gather {n[0]}, {n[1]}, dims = <offset_dims = "
                    f"{lst(at['offset_dims'])}, collapsed_slice_dims = "
                    f"{lst(at['collapsed_slice_dims'])}, start_index_map = "
                    f"{lst(at['start_index_map'])}, index_vector_dim = "
                    f"{at['index_vector_dim']}>, slice_sizes = "
                    f"{lst(at['slice_sizes'])} : {t[0]}, {t[1]}")
        if op == "scatter":
            return (f"%{r} = tenferro.scatter {n[0]}, {n[1]}, {n[2]}, dims = "
                    f"<update_window_dims = {lst(at['update_window_dims'])}, "
                    f"inserted_window_dims = {lst(at['inserted_window_dims'])}, "
                    f"scatter_dims_to_operand_dims = "
                    f"{lst(at['scatter_dims_to_operand_dims'])}, index_vector_dim"
                    f" = {at['index_vector_dim']}> : {t[0]}, {t[1]}, {t[2]}")
        if op == "constant":
            v, dt = at["value"], at["dtype"]
            if dt == "i1":
                text = "true" if v else "false"
            elif is_complex(dt):
                text = f"[{float(v[0])!r}, {float(v[1])!r}]"
            elif is_float(dt):
                text = repr(float(v))
            else:
                text = str(int(v))
            return f"%{r} = tenferro.constant {text} : {MLIR_DTYPE[dt]}"
        if op == "shape_of":
            return f"%{r} = tenferro.shape_of {n[0]}, axis = {at['axis']} : {t[0]}"
        if op in ("dot_general", "dot_general_with_conj"):
            dims = (f"lhs_contracting_dims = {lst(at['lhs_contracting'])}, "
                    f"rhs_contracting_dims = {lst(at['rhs_contracting'])}")
            if at.get("lhs_batch"):
                dims += (f", lhs_batch_dims = {lst(at['lhs_batch'])}, "
                         f"rhs_batch_dims = {lst(at['rhs_batch'])}")
            conj = ""
            if op == "dot_general_with_conj":
                conj = (" conj_lhs" if at.get("conj_lhs") else "") + \
                    (" conj_rhs" if at.get("conj_rhs") else "")
            return (f"%{r} = tenferro.{op} {n[0]}, {n[1]}, dims = <{dims}>{conj}"
                    f" : {t[0]}, {t[1]}")
        raise ProgramError(f"cannot render {op}")

    def to_mlir(self):
        lines = []
        if self.comment:
            lines += ["// " + c for c in self.comment.splitlines()]
        args = ", ".join(f"%{v.name}: {v.mlir_type()}" for v in self.inputs)
        rtypes = ", ".join(v.mlir_type() for v in self.outputs)
        lines.append(f"func.func @{self.name}({args}) -> ({rtypes}) {{")
        for inst in self.insts:
            lines.append("  " + self._render(inst))
        lines.append("  return " + ", ".join(f"%{v.name}" for v in self.outputs)
                     + " : " + rtypes)
        lines.append("}")
        return "\n".join(lines) + "\n"

    def to_json(self):
        def attrs(a):
            out = {}
            for k, v in a.items():
                if k == "shape":
                    v = [dimexpr_json(e) for e in v]
                out[k] = v
            return out
        return {
            "entry": self.name,
            "inputs": [dict(v.desc(), gen=g) for v, g in
                       zip(self.inputs, self.gens)],
            "insts": [{"op": i["op"], "args": [a.name for a in i["args"]],
                       "attrs": attrs(i["attrs"]),
                       "res": [r.desc() for r in i["res"]]}
                      for i in self.insts],
            "outputs": [v.name for v in self.outputs],
            "labels": self.labels,
        }

    def write(self, mlir_path, json_path):
        with open(mlir_path, "w") as f:
            f.write(self.to_mlir())
        with open(json_path, "w") as f:
            json.dump(self.to_json(), f)


# -- inputs -----------------------------------------------------------------
# A generation spec ("gen" of an input) says what data an input holds:
#   {"kind": "data", "domain": D, "edges": p}
#       D: "any" (default), "positive", "small" (|x| <= ~4), "unit"
#       ([-1, 1)), "exp" (a domain where exp does not overflow), "nonzero",
#       "grid" (few distinct values), "convert" (around integer ranges and
#       rounding boundaries), "wide" (magnitudes up to 1e300, or 1e36 for
#       f32), "trig" (|x| <= 60); integers also "divisor"/"dividend" (the
#       remainder's edge cases: 0, -1, INT_MIN, INT_MAX);
#       p: the fraction of elements replaced by edge values (default 0.2).
#   {"kind": "index", "lo": L, "hi": H}: integers in [L, H).
#   {"kind": "const", "values": [...]}: the given values, in order.

INT_EDGES = {"i32": [-2**31, 2**31 - 1, -1, 0, 1, -2**31 + 1, 2**31 - 2],
             "i64": [-2**63, 2**63 - 1, -1, 0, 1, -2**63 + 1, 2**63 - 2]}


def float_edges(np, dt):
    info = np.finfo(dt)
    return [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0,
            float(info.tiny) / 4, -float(info.tiny) / 2, float(info.max),
            -float(info.max), 0.5]


def make_input(np, rng, dtype, shape, gen):
    """Seeded data for one input (see the generation specs above)."""
    shape = tuple(shape)
    size = 1
    for s in shape:
        size *= s
    kind = gen.get("kind", "data")
    if kind == "const":
        vals = gen["values"]
        flat = np.array([vals[i % len(vals)] for i in range(size)])
    elif kind == "index":
        flat = rng.integers(gen["lo"], gen["hi"], size=size)
        if dtype in FLOATS:  # fractions, truncated toward zero
            flat = flat + np.sign(flat) * rng.choice([0.0, 0.25, 0.75], size)
    elif dtype == "i1":
        p = gen.get("p_true", 0.5)
        flat = rng.random(size) < p
    elif dtype in INTS:
        flat = _int_data(np, rng, dtype, size, gen)
    else:
        comp = "f32" if dtype in ("f32", "c64") else "f64"
        flat = _float_data(np, rng, comp, size, gen)
        if dtype in COMPLEXES:
            re = flat
            flat = np.zeros(size, dtype=np.complex128)
            flat.real = re
            flat.imag = _float_data(np, rng, comp, size, gen)
    npdt = {"i1": np.bool_, "i32": np.int32, "i64": np.int64,
            "f32": np.float32, "f64": np.float64, "c64": np.complex64,
            "c128": np.complex128}[dtype]
    with np.errstate(all="ignore"):
        if dtype in INTS:
            flat = np.asarray(flat, dtype=np.int64).astype(npdt)
        else:
            flat = np.asarray(flat).astype(npdt)
    return np.array(flat.reshape(shape, order="F"), order="F")


def _int_data(np, rng, dtype, size, gen):
    bits = 32 if dtype == "i32" else 64
    domain = gen.get("domain", "any")
    if domain == "small":
        return rng.integers(-4, 5, size=size)
    if domain == "grid":
        edges = np.array(INT_EDGES[dtype][:2], dtype=np.int64)
        return np.where(rng.random(size) < 0.15,
                        edges[rng.integers(0, 2, size)],
                        rng.integers(-3, 4, size=size))
    if domain in ("divisor", "dividend"):
        # remainder: many x % 0, x % -1 and INT_MIN % -1 cases.
        pick = rng.random(size)
        special = 0 if domain == "divisor" else -2**(bits - 1)
        other = -1 if domain == "divisor" else 2**(bits - 1) - 1
        out = np.where(pick < 0.5, rng.integers(-10, 11, size=size),
                       rng.integers(-2**(bits - 1), 2**(bits - 1), size=size,
                                    dtype=np.int64))
        out = np.where(pick > 0.7, special, out)
        return np.where(pick > 0.85, other, out)
    if domain == "positive":
        return rng.integers(0, 10, size=size)
    if domain == "nonzero":
        v = rng.integers(1, 11, size=size)
        return np.where(rng.random(size) < 0.5, -v, v)
    small = rng.integers(-10, 11, size=size)
    big = rng.integers(-2**(bits - 1), 2**(bits - 1), size=size,
                       dtype=np.int64)
    edges = np.array(INT_EDGES[dtype], dtype=np.int64)
    pick = rng.random(size)
    p = gen.get("edges", 0.25)
    out = np.where(pick < 0.55, small, big)
    return np.where(pick > 1 - p, edges[rng.integers(0, len(edges), size)],
                    out)


def _float_data(np, rng, comp, size, gen):
    domain = gen.get("domain", "any")
    p = gen.get("edges", 0.2)
    npdt = np.float32 if comp == "f32" else np.float64
    if domain == "unit":
        v = rng.uniform(-1, 1, size)
    elif domain == "small":
        v = rng.uniform(-4, 4, size)
    elif domain == "exp":
        v = rng.uniform(-30, 30, size) * rng.random(size)
    elif domain == "wide":
        # Moderate and extreme magnitudes (complex functions that must not
        # overflow or underflow in intermediate steps).
        top = 36 if comp == "f32" else 300
        mag = np.where(rng.random(size) < 0.5,
                       10.0 ** rng.uniform(-3, 3, size),
                       10.0 ** rng.uniform(-top, top, size))
        v = rng.choice([-1.0, 1.0], size) * mag
        v = np.where(rng.random(size) < 0.1, 0.0, v)
    elif domain == "trig":
        # Small and large arguments of exp/sin/cos/tanh (large imaginary
        # parts give cosh/sinh of them).
        v = np.where(rng.random(size) < 0.5, rng.uniform(-4, 4, size),
                     rng.uniform(-60, 60, size))
    elif domain == "grid":
        # Few distinct values, so that comparisons see equal operands.
        grid = np.array([-2.0, -1.0, -0.5, -0.0, 0.0, 0.5, 1.0, 2.0, 3.0])
        v = grid[rng.integers(0, len(grid), size)]
    elif domain == "convert":
        # Values around the integer ranges and rounding boundaries.
        special = np.array([0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.99, -0.99,
                            2.0**31 - 1, 2.0**31, -2.0**31, -2.0**31 - 1,
                            2.0**31 + 0.5, 3e9, -3e9, 2.0**53 + 2, 2.0**63,
                            -2.0**63, 1e19, -1e19, 2.0**24 + 1, 16777217.0,
                            1e30, -1e30, 1e-30])
        v = np.where(rng.random(size) < 0.5,
                     special[rng.integers(0, len(special), size)],
                     rng.standard_normal(size) * 10.0 **
                     rng.integers(-2, 12, size))
    else:
        # Several magnitudes; some integers and halves (exact operations,
        # remainders that are 0, ties), the rest random.
        mag = 10.0 ** rng.integers(-3, 4, size)
        v = rng.standard_normal(size) * mag
        ints = rng.integers(-8, 9, size) * np.where(rng.random(size) < 0.5,
                                                    1.0, 0.5)
        v = np.where(rng.random(size) < 0.25, ints, v)
    if domain == "positive":
        v = np.abs(v)
    if domain == "nonzero":
        v = np.where(v == 0, 1.0, v)
    if p > 0:
        edges = np.array(float_edges(np, npdt), dtype=np.float64)
        if domain == "positive":
            edges = edges[~np.signbit(edges) | np.isnan(edges)]
        if domain == "nonzero":
            edges = edges[edges != 0]
        v = np.where(rng.random(size) < p,
                     edges[rng.integers(0, len(edges), size)], v)
    return v


def make_inputs(np, prog_json, seed, paths):
    """Writes one .npy per program input; returns the arrays."""
    rng = np.random.default_rng(seed)
    arrays = []
    for inp, path in zip(prog_json["inputs"], paths):
        a = make_input(np, rng, inp["dtype"], inp["shape"], inp.get("gen", {}))
        np.save(path, a)
        arrays.append(a)
    return arrays
