"""Writes COUNT seeded random byte strings (16 to 256 bytes) to DIR, as
inputs for a fuzz target's replay mode: a deterministic mini fuzz run."""
import os
import random
import sys

out, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 0)
for i in range(count):
    with open(os.path.join(out, f"input-{i:04d}"), "wb") as f:
        f.write(bytes(rng.randrange(256) for _ in range(rng.randrange(16, 257))))
