"""1,000 renders in one process, with no growth beyond a bound (issue 59; run by PythonBindingSlowTests).

Renders the sample 100 times to warm the renderer (fonts, caches, the allocator's pools), then 1,000 times more
through ipraster.render (each result read and dropped, every tenth one's layout too), and checks that the resident
set grew by at most BOUND_MB. Prints the figures. Usage: python3 soak.py SAMPLE [COUNT]
"""

import sys
import time

import ipraster

BOUND_MB = 8.0


def resident_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    raise RuntimeError("no VmRSS in /proc/self/status")


def main() -> int:
    sample = open(sys.argv[1], "rb").read()
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    first = ipraster.render(sample).data
    for _ in range(99):
        ipraster.render(sample)
    warm = resident_mb()
    start = time.perf_counter()
    for index in range(count):
        result = ipraster.render(sample)
        if result.data != first:
            print(f"render {index} differs from the first")
            return 1
        if index % 10 == 0:
            result.layout()
    seconds = time.perf_counter() - start
    grown = resident_mb() - warm
    print(f"{count} renders in {seconds:.1f} s ({count / seconds:.1f}/s); resident {warm:.1f} MB warm, grew {grown:.2f} MB "
          f"(bound {BOUND_MB} MB)")
    return 0 if grown <= BOUND_MB else 1


if __name__ == "__main__":
    sys.exit(main())
