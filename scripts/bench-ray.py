#!/usr/bin/env python3
"""ipraster.ray's rate on this machine (issue 60), for scripts/bench: a local Ray with 2 CPUs renders COUNT copies of
INPUT (PNG and annotations) through ipraster.ray.render with 2 actors, after a warm-up run, and compares the steady
state (the last 90 % of the rows, so the actors' start is left out) with twice `ipraster bench`'s in-process page rate
of the same input (two cores, no Ray). Prints one line

    ray input=NAME messages=COUNT steady_per_second=R whole_per_second=W inprocess_per_second=P ratio=R/(2P)

Usage: .build/venv/bin/python scripts/bench-ray.py BINARY LIBRARY INPUT [COUNT [OPTION=VALUE ...]]
       (Ray from scripts/setup --dev-tools; options as ipraster.render's keywords, given to `ipraster bench` too)
"""

import os
import re
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(root, "bindings", "python"))
os.environ["IPRASTER_LIBRARY"] = sys.argv[2]
os.environ["PYTHONPATH"] = os.path.join(root, "bindings", "python") + os.pathsep + os.environ.get("PYTHONPATH", "")
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

import ray  # noqa: E402

import ipraster.ray  # noqa: E402

binary, source_path = sys.argv[1], sys.argv[3]
count = int(sys.argv[4]) if len(sys.argv) > 4 else 1200
options = {}
for pair in sys.argv[5:]:
    key, value = pair.split("=", 1)
    options[key] = int(value) if value.isdigit() else value
source = open(source_path, encoding="utf-8").read()

flags = [part for key, value in options.items() for part in (f"--{key}", str(value))]
bench = subprocess.run([binary, "bench", source_path, "--iterations", "50"] + flags, capture_output=True, text=True, check=True).stdout
page_ms = float(re.search(r"page_ms=([\d.]+)", bench).group(1))
inprocess = 1000 / page_ms

ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
ray.data.DataContext.get_current().enable_progress_bars = False


def run(n):
    dataset = ray.data.from_items([{"message": source}] * n)
    stamps = []
    start = time.perf_counter()
    rows = 0
    for batch in ipraster.ray.render(dataset, concurrency=2, **options).iter_batches(batch_size=None, batch_format="pyarrow"):
        rows += batch.num_rows
        stamps.append((time.perf_counter(), rows))
    return start, stamps, rows


run(200)  # warm-up: imports, the actors' first fonts, the file cache
start, stamps, rows = run(count)
end = stamps[-1][0]
# Steady state: from the moment a tenth of the rows had arrived to the last.
first = next((t, r) for t, r in stamps if r >= rows // 10)
steady = (rows - first[1]) / (end - first[0])
whole = rows / (end - start)
print(f"ray input={os.path.basename(source_path)} messages={rows} steady_per_second={steady:.1f} whole_per_second={whole:.1f} "
      f"inprocess_per_second={inprocess:.1f} ratio={steady / (2 * inprocess):.2f}")
ray.shutdown()
