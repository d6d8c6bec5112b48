#!/usr/bin/env python3
"""Times whole processes for scripts/bench: wall seconds (perf_counter), CPU seconds (user + system) and peak RSS
(wait4's rusage) of each run of a command, printed as one `key=value` line per run:
    NAME seconds=S cpu_s=C rss_mb=M
  scripts/bench-process.py NAME RUNS [--status N] -- COMMAND...
The command's own output is discarded; a run that ends with another status than 0 (or N: a refusal the benchmark
expects) stops the benchmark."""
import os, subprocess, sys, time

name, runs = sys.argv[1], int(sys.argv[2])
expected = int(sys.argv[sys.argv.index("--status") + 1]) if "--status" in sys.argv[:sys.argv.index("--")] else 0
command = sys.argv[sys.argv.index("--") + 1:]
for _ in range(runs):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != expected:
        sys.exit(f"bench: {' '.join(command)} failed (status {status})")
    print(f"{name} seconds={seconds:.4f} cpu_s={usage.ru_utime + usage.ru_stime:.4f} rss_mb={usage.ru_maxrss / 1024:.1f}")
