#!/usr/bin/env python3
"""Times whole processes for scripts/bench: wall seconds (perf_counter), CPU seconds (user + system) and peak RSS
(wait4's rusage) of each run of a command, printed as one `key=value` line per run:
    NAME seconds=S cpu_s=C rss_mb=M [tree_mb=T]
  scripts/bench-process.py NAME RUNS [--status N] [--tree] -- COMMAND...
With --tree, the peak of the resident memory of the process and all its children together (sampled every 10 ms
from /proc: an animated export's ffmpeg counts), as tree_mb.
The command's own output is discarded; a run that ends with another status than 0 (or N: a refusal the benchmark
expects) stops the benchmark."""
import os, subprocess, sys, threading, time

name, runs = sys.argv[1], int(sys.argv[2])
expected = int(sys.argv[sys.argv.index("--status") + 1]) if "--status" in sys.argv[:sys.argv.index("--")] else 0
tree = "--tree" in sys.argv[:sys.argv.index("--")]
command = sys.argv[sys.argv.index("--") + 1:]


def tree_kb(root):
    """Resident kB of `root` and its descendants now."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
                parents[int(entry)] = int(stat[stat.rindex(")") + 2:].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    family, grown = {root}, True
    while grown:
        grown = False
        for pid, parent in parents.items():
            if parent in family and pid not in family:
                family.add(pid)
                grown = True
    total = 0
    for pid in family:
        try:
            total += next(int(line.split()[1]) for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS:"))
        except (OSError, StopIteration, ValueError):
            pass
    return total


for _ in range(runs):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = [0]
    def sample():
        while process.returncode is None:
            peak[0] = max(peak[0], tree_kb(process.pid))
            time.sleep(0.01)
    sampler = threading.Thread(target=sample, daemon=True) if tree else None
    if sampler:
        sampler.start()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = status
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != expected:
        sys.exit(f"bench: {' '.join(command)} failed (status {status})")
    if sampler:
        sampler.join()
    extra = f" tree_mb={peak[0] / 1024:.1f}" if tree else ""
    print(f"{name} seconds={seconds:.4f} cpu_s={usage.ru_utime + usage.ru_stime:.4f} rss_mb={usage.ru_maxrss / 1024:.1f}{extra}")
