"""`ipraster-client ROUTE FILE -o OUT [--url URL] [--token-file FILE] [--media ID=PATH ...] [--OPTION VALUE ...]`.

Any other `--name value` (or a flag `--name`) is the route's option, sent as a query parameter. Exit status: 0 saved,
1 the service refused the request (its error is printed with its location), 2 usage (a missing input file too), 3 the
service cannot be reached.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Dict, List, Optional, Sequence

from . import Client, OptionValue, ServiceError, Source

ROUTES = ("render", "layout", "markdown", "classify", "math")


def _options(extra: Sequence[str]) -> Dict[str, OptionValue]:
    options: Dict[str, OptionValue] = {}
    index = 0
    while index < len(extra):
        item = extra[index]
        if not item.startswith("--") or len(item) == 2:
            raise ValueError(f"unexpected argument {item}")
        name = item[2:]
        if "=" in name:
            name, value = name.split("=", 1)
            options[name] = value
        elif index + 1 < len(extra) and not extra[index + 1].startswith("--"):
            options[name] = extra[index + 1]
            index += 1
        else:
            options[name] = True
        index += 1
    return options


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="ipraster-client", description="send a message to ipraster serve and save the answer")
    parser.add_argument("route", choices=ROUTES, help="what to ask for")
    parser.add_argument("input", help="the message (.json, .md, .html) or formula (.tex); - for standard input")
    parser.add_argument("-o", "--output", help="where to save the answer (default: standard output)")
    parser.add_argument("--url", default=os.environ.get("IPRASTER_URL", "http://127.0.0.1:8080"), help="the service (default %(default)s)")
    parser.add_argument("--token-file", help="a file whose first line is the service's bearer token")
    parser.add_argument("--content-type", help="the input's content type, instead of guessing from its extension")
    parser.add_argument("--media", action="append", default=[], metavar="ID=PATH", help="send a media file under its id (repeatable)")
    args, extra = parser.parse_known_args(argv)
    try:
        options = _options(extra)
        media: Dict[str, Source] = {}
        for item in args.media:
            name, separator, path = item.partition("=")
            if not separator or not name or not path:
                raise ValueError(f"--media takes ID=PATH, not {item}")
            if not os.path.isfile(path):
                raise ValueError(f"no such media file: {path}")
            media[name] = path
        source: Source = sys.stdin.buffer.read() if args.input == "-" else args.input
        if args.input != "-" and not os.path.isfile(args.input):
            raise ValueError(f"no such input file: {args.input}")
        token = None
        if args.token_file:
            with open(args.token_file, encoding="utf-8") as handle:
                token = handle.readline().strip()
    except (ValueError, OSError) as error:
        print(f"ipraster-client: {error}", file=sys.stderr)
        return 2
    client = Client(args.url, token=token)
    try:
        if args.route in ("render", "layout"):
            result = client.request("/" + args.route, source, content_type=args.content_type, media=media or None, options=options)
        else:
            if media:
                print(f"ipraster-client: {args.route} takes no media", file=sys.stderr)
                return 2
            result = client.request("/" + args.route, source, content_type=args.content_type or
                                    ("text/plain" if args.route == "math" else "text/markdown" if args.route == "classify" else None),
                                    media=None, options=options)
    except ServiceError as error:
        print(f"ipraster-client: {error}", file=sys.stderr)
        return 3 if error.status == 0 else 1
    for warning in result.warnings:
        print(f"ipraster-client: warning: {warning}", file=sys.stderr)
    if args.output and args.output != "-":
        with open(args.output, "wb") as out:
            out.write(result.data)
        print(f"ipraster-client: saved {args.output} ({len(result.data)} bytes, request {result.request_id})", file=sys.stderr)
    else:
        sys.stdout.buffer.write(result.data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
