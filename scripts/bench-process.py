#!/usr/bin/env python3
"""Times whole processes for scripts/bench: wall seconds (perf_counter) and peak RSS (wait4's rusage) of each
run of a command, printed as one `key=value` line per run:  NAME seconds=S rss_mb=M
  scripts/bench-process.py NAME RUNS -- COMMAND...
The command's own output is discarded; a failing run stops the benchmark."""
import os, subprocess, sys, time

name, runs = sys.argv[1], int(sys.argv[2])
command = sys.argv[sys.argv.index("--") + 1:]
for _ in range(runs):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        sys.exit(f"bench: {' '.join(command)} failed (status {status})")
    print(f"{name} seconds={seconds:.4f} rss_mb={usage.ru_maxrss / 1024:.1f}")
