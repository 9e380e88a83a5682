"""The Python peers of the performance suite, run in bench/perf/run.py's
process like the NumPy version:

- torch: the NumPy version of each workload written with PyTorch ops
  (Debian's python3-torch), on tensors that share the NumPy inputs' memory
  (torch.from_numpy: the column-major inputs keep their strides, and the
  ops give results in the layout NumPy gives), with
  torch.set_num_threads(threads): PyTorch's own intra-op threads (OpenMP)
  split elementwise ops and reductions over 32768 elements or more.
  Like NumPy it allocates every result and intermediate on every call.
  torch.maximum / torch.minimum propagate NaN, like tenferro's.
- numba: the hand-written C++ loop of each workload as an @njit loop
  (bench/perf/numba_loops.py, Debian's python3-numba), writing into a
  preallocated output like the C++ loop; prange on the outer loop with
  threads > 1.

Both are optional: load() returns the peers that import and says why the
others are skipped.

A peer's prepare(w, n, inputs, threads) does everything that is not the
computation (tensors, flat views, the output buffer, the thread count) and
returns the call to time; the first call is the warm-up (and Numba's
compilation), outside the timed region. result() turns what the call
returns into a NumPy array for verification.
"""
import math
import os

import numpy as np

import workloads as W


def torch_functions(torch):
    """Each workload's NumPy version (workloads.py), op for op, in torch.
    Python float scalars keep the tensor's dtype in torch, as NumPy's
    dt(...) scalars do."""
    ops = {"multiply": torch.mul, "add": torch.add,
           "maximum": torch.maximum, "minimum": torch.minimum}

    def chain(length):
        def f(a, b):
            cur = a
            for k in range(length):
                op, rhs = W.CHAIN_OPS[k % len(W.CHAIN_OPS)]
                cur = ops[op](cur, a if rhs == "a" else b)
            return cur
        return f

    k, c = 0.7978845608028654, 0.044715

    def gelu(x):
        return 0.5 * x * (1.0 + torch.tanh(k * (x + c * x ** 3)))

    def xbxb(x):
        m = x.shape[0]
        xb = x[:, None].expand(m, m)
        return xb * xb

    def softmax(x):
        e = torch.exp(x)
        return e / e.sum(dim=0)[None, :]

    def layernorm(x):
        inv = 1.0 / x.shape[0]
        d = x - (x.sum(dim=0) * inv)[None, :]
        var = (d * d).sum(dim=0) * inv
        return d * (1.0 / torch.sqrt(var + 1e-5))[None, :]

    return {
        "chain2": chain(2), "chain4": chain(4), "chain8": chain(8),
        "chain16": chain(16),
        "tchain4": lambda a, b: torch.tanh(torch.exp(a * b) + a),
        "gelu": gelu,
        "triad": lambda a, b, s: a + s * b,
        "copy": lambda a: a.clone(),
        "axpb": lambda a, b, c: a * b[None, :] + c,
        "rowscale": lambda a, s: a * s[:, None],
        "outer": lambda x, y: x[:, None] * y[None, :],
        "xbxb": xbxb,
        "softmax": softmax,
        "layernorm": layernorm,
        "sumexp": lambda x, y: (torch.exp(x) * y).sum(dim=0),
        "colsum": lambda x: x.sum(dim=0),
        "rowsum": lambda x: x.sum(dim=1),
        "sumall": lambda x: x.sum(),
        "sumsq": lambda x: (x * x).sum(),
    }


class TorchPeer:
    impl, label = "torch", "PyTorch"

    def __init__(self):
        import torch
        self.torch = torch
        self.version = torch.__version__
        self.functions = torch_functions(torch)
        missing = {w.name for w in W.WORKLOADS} - set(self.functions)
        if missing:
            raise RuntimeError(f"no torch version of {sorted(missing)}")

    def prepare(self, w, n, inputs, threads):
        self.torch.set_num_threads(threads)
        # (np.asarray: a scalar input may be a NumPy scalar, not a 0-d
        # array.)
        tensors = [self.torch.from_numpy(np.asarray(a)) for a in inputs]
        f = self.functions[w.name]
        return lambda: f(*tensors)

    def result(self, out):
        return out.numpy()


def flat(a):
    """A 2-D column-major array as the flat view the C++ loop indexes
    (i + j*m); no copy."""
    v = a.ravel(order="F")
    assert np.shares_memory(v, a), "a copy, not a view"
    return v


class NumbaPeer:
    impl, label = "numba", "Numba"

    def __init__(self, max_threads):
        # Numba's thread pool has NUMBA_NUM_THREADS threads (default: the
        # cores); set_num_threads can only ask for up to that many.
        want = max(max_threads, os.cpu_count() or 1)
        os.environ.setdefault("NUMBA_NUM_THREADS", str(want))
        import numba
        import numba_loops
        self.numba = numba
        self.loops = numba_loops
        self.version = numba.__version__
        missing = {w.name for w in W.WORKLOADS} - numba_loops.names()
        if missing:
            raise RuntimeError(f"no Numba loop for {sorted(missing)}")

    def prepare(self, w, n, inputs, threads):
        if threads > self.numba.config.NUMBA_NUM_THREADS:
            raise RuntimeError(
                f"{threads} threads, NUMBA_NUM_THREADS is "
                f"{self.numba.config.NUMBA_NUM_THREADS}")
        T = inputs[0].dtype.type
        f = self.loops.loop(w.name, T, parallel=threads > 1)
        self.numba.set_num_threads(threads)
        shape = w.output_shape(n)
        # A scalar result is written to o[0] of a one-element array.
        out = np.empty(shape or (1,), dtype=T, order="F")
        args = [] if w.kind == "1d" else [math.isqrt(n)]
        for a in inputs:
            args.append(T(a) if a.ndim == 0 else flat(a) if a.ndim == 2
                        else a)
        args.append(flat(out) if out.ndim == 2 else out)

        def call():
            f(*args)
            return out
        return call if shape else lambda: call().reshape(())

    def result(self, out):
        return out


def load(max_threads, log):
    """The peers that import, by implementation name; one log line for
    each one that does not."""
    peers = {}
    for impl, label, make in (("torch", "PyTorch", TorchPeer),
                              ("numba", "Numba",
                               lambda: NumbaPeer(max_threads))):
        try:
            peers[impl] = make()
        except Exception as e:  # ImportError, or a broken installation
            log(f"bench: {label} not available ({type(e).__name__}: {e}); "
                f"the {impl} peer is skipped")
    return peers
