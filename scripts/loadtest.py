"""A mixed load on a running `ipraster serve`, for locust (PyPI `locust`, installed by `scripts/setup --dev-tools`).

Every simulated client sends, one after another with no pause, a fixed mix of what bots send: rendered images of Bot API
JSON, Markdown and HTML answers (short ones and a long one), their layout JSON, and formulas. Each answer must be a
200; anything else is an error with the service's own message. At the end it prints p50/p95/p99 latency, the rate
and the errors, in all and per request kind, and writes them as JSON with --summary.

    scripts/loadtest                     starts a service itself and runs this file against it (docs/performance.md's figures)
    .build/venv/bin/locust -f scripts/loadtest.py --headless --host http://127.0.0.1:8080 -u 8 -r 8 -t 60s \\
        [--summary FILE.json] [--token-file FILE]
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, cast

from locust import HttpUser, SequentialTaskSet, constant, events
from locust.argument_parser import LocustArgumentParser
from locust.env import Environment
from locust.stats import StatsEntry

DATA = Path(__file__).resolve().parent.parent / "Tests" / "Data"


def _read(relative: str) -> bytes:
    return (DATA / relative).read_bytes()


CHAT_JSON = _read("samples/botapi/a_chat_answer.sendRichMessage.json")
MEDIA_JSON = _read("samples/botapi/b_media_heavy.sendRichMessage.json")
SHORT_MARKDOWN = _read("answers/python-debugging.md")
MATH_MARKDOWN = _read("answers/math-answer.md")
HTML = _read("answers/release-notes.html")
# A long answer (some 12 KB, a tall image): the Markdown answers one after another, twelve times.
LONG_MARKDOWN = b"\n\n".join([SHORT_MARKDOWN, MATH_MARKDOWN, _read("answers/cjk-italics.md")] * 12)
FORMULA = rb"\int_0^\infty e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2}"

JSON_TYPE, MARKDOWN_TYPE, HTML_TYPE, LATEX_TYPE = "application/json", "text/markdown", "text/html", "text/x-latex"


@events.init_command_line_parser.add_listener
def _options(parser: LocustArgumentParser) -> None:
    parser.add_argument("--summary", default="", help="write p50/p95/p99, rate and errors as JSON to this file")
    parser.add_argument("--token-file", default="", help="send the first line of this file as the bearer token")


def _post(mix: SequentialTaskSet, route: str, body: bytes, content_type: str, name: str, answer: str) -> None:
    headers = dict(cast(Bot, mix.user).headers, **{"Content-Type": content_type})
    with mix.client.post(route, data=body, headers=headers, name=name, catch_response=True) as response:
        if response.status_code != 200:
            try:
                message = json.loads(response.content)["error"]["message"]
            except (ValueError, KeyError, TypeError):
                message = response.text[:200]
            response.failure(f"{response.status_code}: {message}")
        elif not response.headers.get("Content-Type", "").startswith(answer):
            response.failure("answered " + response.headers.get("Content-Type", "no type"))
        else:
            response.success()


# Each kind of request: its name in the figures, route, body, Content-Type and the type of a good answer.
KINDS = {
    "render json": ("/render", CHAT_JSON, JSON_TYPE, "image/png"),
    "render json (media)": ("/render", MEDIA_JSON, JSON_TYPE, "image/png"),
    "render markdown": ("/render", SHORT_MARKDOWN, MARKDOWN_TYPE, "image/png"),
    "render html": ("/render", HTML, HTML_TYPE, "image/png"),
    "render markdown (long)": ("/render", LONG_MARKDOWN, MARKDOWN_TYPE, "image/png"),
    "layout json": ("/layout", CHAT_JSON, JSON_TYPE, "application/json"),
    "layout markdown": ("/layout", MATH_MARKDOWN, MARKDOWN_TYPE, "application/json"),
    "math": ("/math", FORMULA, LATEX_TYPE, "image/png"),
}

# The mix, in a fixed order (so every run sends the same proportions, and every kind within a client's first eight
# requests): of 16 requests, 4 JSON renders and 1 with media, 3 short Markdown, 2 HTML, 1 long answer, 2 layouts of
# JSON and 1 of Markdown, 2 formulas.
ORDER = ["render json", "render markdown", "layout json", "math", "render html", "render json (media)", "render markdown (long)",
         "layout markdown", "render json", "render markdown", "render json", "layout json", "render html", "math", "render json",
         "render markdown"]


def _task(name: str) -> Callable[[SequentialTaskSet], None]:
    route, body, content_type, answer = KINDS[name]
    return lambda mix: _post(mix, route, body, content_type, name, answer)


class Mix(SequentialTaskSet):
    """ORDER, over and over."""

    tasks = [_task(name) for name in ORDER]


class Bot(HttpUser):
    """One client sending the mix back to back (a closed loop: the rate is what the service sustains)."""

    wait_time = constant(0)
    tasks = [Mix]

    def on_start(self) -> None:
        token_file = self.environment.parsed_options.token_file
        self.headers: dict[str, str] = {}
        if token_file:
            token = Path(token_file).read_text().splitlines()[0].strip()
            self.headers["Authorization"] = "Bearer " + token


def _figures(entry: StatsEntry) -> dict[str, float | int]:
    return {
        "requests": entry.num_requests,
        "errors": entry.num_failures,
        "p50_ms": entry.get_response_time_percentile(0.50) or 0,
        "p95_ms": entry.get_response_time_percentile(0.95) or 0,
        "p99_ms": entry.get_response_time_percentile(0.99) or 0,
        "rate_per_s": round(entry.total_rps, 2),
    }


@events.quitting.add_listener
def _summary(environment: Environment, **_: object) -> None:
    stats = environment.stats
    total = _figures(stats.total)
    kinds = {name: _figures(entry) for (name, _method), entry in sorted(stats.entries.items())}
    errors = [f"{error.name}: {error.error} ({error.occurrences}x)" for error in stats.errors.values()]
    elapsed = stats.total.last_request_timestamp - stats.total.start_time if stats.total.last_request_timestamp else 0
    users = environment.parsed_options.num_users if environment.parsed_options else 0
    width = max([len("all")] + [len(name) for name in kinds])
    print(f"{'kind':<{width}}  requests  errors   p50 ms   p95 ms   p99 ms   rate/s")
    for name, figures in [*kinds.items(), ("all", total)]:
        print(f"{name:<{width}}  {figures['requests']:>8}  {figures['errors']:>6}  {figures['p50_ms']:>7}  {figures['p95_ms']:>7}"
              f"  {figures['p99_ms']:>7}  {figures['rate_per_s']:>7}")
    for error in errors:
        print("error: " + error)
    path = environment.parsed_options.summary if environment.parsed_options else ""
    if path:
        summary = {"users": users, "seconds": round(elapsed, 1), "total": total, "kinds": kinds, "errors": errors}
        Path(path).write_text(json.dumps(summary, indent=2) + "\n")
