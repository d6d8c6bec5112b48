#!/usr/bin/env python3
"""Posts a Markdown answer to a running `ipraster serve` and saves the PNG (standard library only).

    python3 examples/python/render.py answer.md answer.png [--url http://127.0.0.1:8080] [--theme night]

Exit status: 0 saved, 1 the service refused the message (its JSON error is printed), 2 usage, 3 no service.
"""
import argparse
import json
import sys
import urllib.error
import urllib.parse
import urllib.request


def main() -> int:
    parser = argparse.ArgumentParser(description="render a Markdown answer with ipraster serve")
    parser.add_argument("markdown", help="the answer, a .md file")
    parser.add_argument("output", help="where to save the PNG")
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the service (default %(default)s)")
    parser.add_argument("--theme", default="day", help="day, day-classic or night")
    parser.add_argument("--width", type=int, default=320, help="bubble width in points")
    args = parser.parse_args()

    with open(args.markdown, "rb") as source:
        body = source.read()
    query = urllib.parse.urlencode({"theme": args.theme, "width": args.width})
    request = urllib.request.Request(f"{args.url}/render?{query}", data=body, method="POST",
                                     headers={"Content-Type": "text/markdown; charset=utf-8"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            image = response.read()
    except urllib.error.HTTPError as error:
        problem = json.loads(error.read() or b"{}")
        print(f"render.py: {error.code}: {problem.get('error')} (at {problem.get('location')})", file=sys.stderr)
        return 1
    except urllib.error.URLError as error:
        print(f"render.py: cannot reach {args.url}: {error.reason}", file=sys.stderr)
        return 3
    with open(args.output, "wb") as out:
        out.write(image)
    print(f"render.py: saved {args.output} ({len(image)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
