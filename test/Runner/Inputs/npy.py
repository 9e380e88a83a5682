#!/usr/bin/env python3
"""Writes and reads .npy files without NumPy, for the runner tests.

  npy.py write FILE DESCR ORDER SHAPE VALUES   e.g. write a.npy <f8 C 2,2 1,3,2,4
  npy.py read FILE                              prints descr, order, shape, values

ORDER is C (row-major) or F (Fortran, column-major); VALUES are listed in
that order. Complex values are written as re:im.
"""
import ast
import struct
import sys

FORMATS = {"<f4": "f", "<f8": "d", "<i4": "i", "<i8": "q", "|b1": "?",
           "<c8": "ff", "<c16": "dd"}


def write(path, descr, order, shape, values):
    shape = tuple(int(d) for d in shape.split(",") if d)
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (
        descr, "True" if order == "F" else "False", repr(shape))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    fmt = FORMATS[descr]
    data = b""
    for v in values.split(",") if values else []:
        if len(fmt) == 2:
            re, im = v.split(":")
            data += struct.pack("<" + fmt, float(re), float(im))
        elif fmt in "fd":
            data += struct.pack("<" + fmt, float(v))
        elif fmt == "?":
            data += struct.pack("<?", v in ("1", "true", "True"))
        else:
            data += struct.pack("<" + fmt, int(v))
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1") + data)


def read(path):
    raw = open(path, "rb").read()
    n = struct.unpack("<H", raw[8:10])[0]
    header = ast.literal_eval(raw[10:10 + n].decode("latin1"))
    fmt = FORMATS[header["descr"]]
    size = struct.calcsize("<" + fmt)
    data = raw[10 + n:]
    vals = []
    for i in range(len(data) // size):
        v = struct.unpack("<" + fmt, data[i * size:(i + 1) * size])
        vals.append(":".join("%g" % x for x in v) if len(v) == 2 else "%g" % v[0])
    print("descr=%s fortran_order=%s shape=%s" % (
        header["descr"], header["fortran_order"], header["shape"]))
    print("values=" + ",".join(vals))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(*sys.argv[2:7])
    else:
        read(sys.argv[2])
