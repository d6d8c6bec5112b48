#!/usr/bin/env python3
"""The Python package's in-process rate (issue 59), for scripts/bench: renders INPUT with ipraster.render through
libipraster ITERATIONS times after 5 warm-up renders, and prints one line

    python input=NAME ms=MEDIAN_OF_5_BATCHES per_second=RATE

Usage: scripts/bench-python.py LIBRARY INPUT ITERATIONS [OPTION=VALUE ...]   (options as ipraster.render's keywords)
"""

import os
import statistics
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(root, "bindings", "python"))
os.environ["IPRASTER_LIBRARY"] = sys.argv[1]
import ipraster  # noqa: E402

source = open(sys.argv[2], "rb").read()
iterations = int(sys.argv[3])
options = {}
for pair in sys.argv[4:]:
    key, value = pair.split("=", 1)
    options[key] = int(value) if value.isdigit() else value
for _ in range(5):
    ipraster.render(source, **options)
batches = []
batch = max(1, iterations // 5)
for _ in range(5):
    start = time.perf_counter()
    for _ in range(batch):
        ipraster.render(source, **options).data
    batches.append(1000 * (time.perf_counter() - start) / batch)
ms = statistics.median(batches)
print(f"python input={os.path.basename(sys.argv[2])} ms={ms:.3f} per_second={1000 / ms:.1f}")
