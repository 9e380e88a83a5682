#!/usr/bin/env python3
"""Drafts `expected-error` annotations for negative lit tests.

Usage: draft-expected-errors.py CASES.mlir [TENFERRO_OPT [FLAGS...]] > out.mlir

CASES.mlir holds cases separated by `// -----`, without annotations. Each
case is run through tenferro-opt and every diagnostic it reports is turned into
an `// expected-<kind> @+N {{...}}` line above the offending line. Like
MLIR's generate-test-checks.py, the output is a draft: review every
message before committing it.
"""
import subprocess, sys, re
src = open(sys.argv[1]).read()
opt = sys.argv[2] if len(sys.argv) > 2 else "build/bin/tenferro-opt"
extra = sys.argv[3:]  # e.g. pass flags
chunks = src.split("// -----\n")
out = []
for chunk in chunks:
    lines = chunk.rstrip("\n").split("\n")
    text = "\n".join(lines) + "\n"
    r = subprocess.run([opt, "-", "--allow-unregistered-dialect",
                        "--mlir-print-op-on-diagnostic=false"] + extra,
                       input=text, capture_output=True, text=True)
    errs = []
    for m in re.finditer(r"^<stdin>:(\d+):(\d+): (error|warning|remark|note): (.*)$", r.stderr, re.M):
        errs.append((int(m.group(1)), m.group(3), m.group(4)))
    if not errs:
        print("NO ERROR for chunk:\n" + text, file=sys.stderr); sys.exit(1)
    # insert annotations before the line of each error (1-based)
    byline = {}
    for ln, kind, msg in errs:
        byline.setdefault(ln, []).append((kind, msg))
    res = []
    for i, l in enumerate(lines, start=1):
        if i in byline:
            msgs = byline[i]
            indent = re.match(r"\s*", l).group(0)
            for k, (kind, msg) in enumerate(msgs):
                res.append(f"{indent}// expected-{kind} @+{len(msgs)-k} {{{{{msg}}}}}")
        res.append(l)
    out.append("\n".join(res) + "\n")
print("// -----\n\n".join(out), end="")
