#!/usr/bin/env python3
"""Renders a message with a running `ipraster serve` through the client package (clients/python) and saves it.

    python3 examples/python/render.py answer.md answer.png [--url http://127.0.0.1:8080] [--theme night] [--media ID=PATH]

Any input format (.json, .md, .html by extension); any render option as --name value. Exit status: 0 saved, 1 the
service refused the message (its error is printed), 2 usage, 3 no service. Installed, the same is
`ipraster-client render answer.md -o answer.png`.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients", "python"))

from ipraster_client.cli import main  # noqa: E402

if __name__ == "__main__":
    arguments = sys.argv[1:]
    if len(arguments) >= 2 and not arguments[1].startswith("-"):
        arguments = ["render", arguments[0], "-o", arguments[1]] + arguments[2:]
    sys.exit(main(arguments))
