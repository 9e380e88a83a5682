#!/usr/bin/env python3
"""Compares two .npy files of the same dtype and shape element by element.

Usage: npy_compare.py A.npy B.npy [--max-ulps N]

Floating-point (and complex, per component) elements may differ by at most
N units in the last place (default 0: bit-identical); integers and booleans
must be equal. Prints the worst difference and exits 1 beyond the bound.
"""
import argparse
import ast
import struct
import sys

FORMATS = {"<f4": ("f", "I", 1), "<f8": ("d", "Q", 1), "<c8": ("f", "I", 2),
           "<c16": ("d", "Q", 2), "<i4": ("i", None, 1), "<i8": ("q", None, 1),
           "|b1": ("?", None, 1)}


def load(path):
    raw = open(path, "rb").read()
    n = struct.unpack("<H", raw[8:10])[0]
    header = ast.literal_eval(raw[10:10 + n].decode("latin1"))
    return header, raw[10 + n:]


def ordered(bits, width):
    # Map float bit patterns to integers ordered like the floats.
    sign = 1 << (width - 1)
    return sign - (bits & (sign - 1)) if bits & sign else sign + bits


ap = argparse.ArgumentParser()
ap.add_argument("a")
ap.add_argument("b")
ap.add_argument("--max-ulps", type=int, default=0)
args = ap.parse_args()
(ha, da), (hb, db) = load(args.a), load(args.b)
if ha != hb or len(da) != len(db):
    sys.exit(f"headers differ: {ha} vs {hb}")
fmt, ifmt, parts = FORMATS[ha["descr"]]
size = struct.calcsize("<" + fmt)
count = len(da) // size
va = struct.unpack(f"<{count}{fmt}", da)
vb = struct.unpack(f"<{count}{fmt}", db)
worst = 0
if ifmt is None:
    worst = sum(1 for x, y in zip(va, vb) if x != y)
    print(f"{count // parts} elements, {worst} different")
    sys.exit(1 if worst else 0)
ba = struct.unpack(f"<{count}{ifmt}", da)
bb = struct.unpack(f"<{count}{ifmt}", db)
width = size * 8
for x, y in zip(ba, bb):
    worst = max(worst, abs(ordered(x, width) - ordered(y, width)))
print(f"{count // parts} elements, at most {worst} ulps apart")
sys.exit(1 if worst > args.max_ulps else 0)
