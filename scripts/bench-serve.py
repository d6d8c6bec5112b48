#!/usr/bin/env python3
"""The render service against one-shot runs (issue 28): a warm `ipraster serve` answering one client's sequential
requests for the shared chat sample (rate, median and 99th-percentile latency), against the same render by a new
`ipraster` process each time, and the resident memory of the service and its worker processes after warm-up and
after REQUESTS more renders. The figures recorded before issue 35 moved rendering into worker processes
(scripts/bench-serve-baseline.txt) are printed beside this run's.

    scripts/bench-serve.py BINARY SAMPLE.json [REQUESTS]      prints `serve` (rates in requests/s), `serve_before` and `serve_memory`
"""
import http.client
import os
import re
import subprocess
import sys
import threading
import time

binary, sample = sys.argv[1], sys.argv[2]
requests = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
body = open(sample, "rb").read()

server = subprocess.Popen([binary, "serve", "--listen", "127.0.0.1:0", "--workers", "2"], stderr=subprocess.PIPE, text=True)
try:
    server_log = ""
    port = None
    started = time.time()
    while time.time() - started < 60:
        line = server.stderr.readline()
        server_log += line
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if found:
            port = int(found.group(1))
        if "ready" in line or not line:
            break
    if port is None:
        sys.exit("bench-serve: the service did not start: " + server_log)
    # One log line per request: read them away so the pipe never fills.
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def render():
        connection.request("POST", "/render?width=360", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        data = response.read()
        if response.status != 200:
            sys.exit(f"bench-serve: {response.status} {data[:200]!r}")
        return data

    def resident():
        # The service's process and its worker processes together.
        connection.request("GET", "/metrics")
        text = connection.getresponse().read().decode()
        return sum(int(value) for value in re.findall(r"^(?:process_resident_memory_bytes|ipraster_worker_resident_memory_bytes\{[^}]*\}) (\d+)$", text, re.M))

    for _ in range(20):
        render()
    before = resident()
    count = 200
    latencies = []
    start = time.perf_counter()
    for _ in range(count):
        began = time.perf_counter()
        render()
        latencies.append(time.perf_counter() - began)
    service_rate = count / (time.perf_counter() - start)
    latencies.sort()
    p50 = 1000 * latencies[len(latencies) // 2]
    p99 = 1000 * latencies[min(len(latencies) - 1, (99 * len(latencies)) // 100)]
    for _ in range(max(0, requests - count)):
        render()
    after = resident()
finally:
    server.terminate()
    server.wait(timeout=30)

count = 20
start = time.perf_counter()
for _ in range(count):
    subprocess.run([binary, sample, "--width", "360", "-o", "/dev/null", "--format", "png"], check=True)
oneshot_rate = count / (time.perf_counter() - start)
print(f"serve rate={service_rate:.1f} oneshot_rate={oneshot_rate:.1f} ratio={service_rate / oneshot_rate:.2f} p50_ms={p50:.1f} p99_ms={p99:.1f}")
baseline_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-serve-baseline.txt")
recorded = dict(re.findall(r"(\w+)=(\S+)", "".join(line for line in open(baseline_path) if not line.startswith("#"))))
print(f"serve_before rate={recorded['rate']} p50_ms={recorded['p50_ms']} p99_ms={recorded['p99_ms']} "
      f"rate_ratio={service_rate / float(recorded['rate']):.2f} p50_ratio={p50 / float(recorded['p50_ms']):.2f} p99_ratio={p99 / float(recorded['p99_ms']):.2f}")
print(f"serve_memory requests={requests} rss_after_warmup_mb={before / 2**20:.1f} rss_after_mb={after / 2**20:.1f} growth_mb={(after - before) / 2**20:.1f}")
