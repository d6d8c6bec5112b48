"""The in-process Python package against the command line (issue 59; run by PythonBindingTests).

Needs IPRASTER_BINARY (the ipraster program whose bytes the package must give) and the repository root as
IPRASTER_ROOT; the package is imported from bindings/python (PYTHONPATH) and finds the checkout's
.build/release/libipraster.so unless IPRASTER_LIBRARY says otherwise.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import threading
import unittest
from pathlib import Path
from typing import Dict, List, Tuple

import ipraster

ROOT = Path(os.environ["IPRASTER_ROOT"])
BINARY = os.environ["IPRASTER_BINARY"]
HELLO = ROOT / "examples" / "hello.json"
ANSWER = "# Answer\n\nA **bold** claim, `code`, a [link](https://example.com) and ![photo](tg://photo?id=5)\n"


def command_line(arguments: List[str], stdin: bytes = b"") -> Tuple[int, bytes, List[str]]:
    """Runs the program: status, standard output, the warnings it printed."""
    run = subprocess.run([BINARY] + arguments, input=stdin, capture_output=True, check=False)
    warnings = [line[len("ipraster: warning: "):] for line in run.stderr.decode().splitlines() if line.startswith("ipraster: warning: ")]
    return run.returncode, run.stdout, warnings


class PackageTests(unittest.TestCase):
    def test_the_library_is_the_checkouts_and_says_the_programs_version(self) -> None:
        if "IPRASTER_LIBRARY" not in os.environ:
            self.assertEqual(ipraster.library_path(), str(ROOT / ".build" / "release" / "libipraster.so"))
        printed = subprocess.run([BINARY, "--version"], capture_output=True, check=True).stdout.decode().splitlines()[0]
        self.assertEqual(printed, "ipraster " + ipraster.version())
        self.assertEqual(ipraster.__version__, ipraster.version())

    def test_every_input_kind_gives_the_command_lines_bytes(self) -> None:
        cases: List[Tuple[ipraster.Source, List[str]]] = [
            (HELLO.read_bytes(), [str(HELLO)]),
            (json.loads(HELLO.read_text()), [str(HELLO)]),
            (ANSWER, ["-", "--from", "markdown"]),
            ((ROOT / "Tests/Data/samples/telethon/rich_message_chat.json").read_text(), [str(ROOT / "Tests/Data/samples/telethon/rich_message_chat.json")]),
            ((ROOT / "Tests/Data/answers/travel-tips.html").read_text(), [str(ROOT / "Tests/Data/answers/travel-tips.html")]),
        ]
        for source, arguments in cases:
            with self.subTest(kind=type(source).__name__, arguments=arguments):
                stdin = source.encode() if isinstance(source, str) and arguments[0] == "-" else b""
                status, expected, _ = command_line(["render"] + arguments + ["-o", "-"], stdin)
                self.assertEqual(status, 0)
                result = ipraster.render(source)
                self.assertEqual(result.format, "png")
                self.assertEqual(result.data, expected)

    def test_options_formats_warnings_and_layout(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "answer.md"
            path.write_text(ANSWER)
            cases: List[Tuple[str, Dict[str, ipraster.OptionValue], List[str]]] = [
                ("svg", {"theme": "night", "width": 300, "no_bubble": True}, ["--theme", "night", "--width", "300", "--no-bubble"]),
                ("pdf", {"scale": 1}, ["--scale", "1"]),
                ("png", {"outgoing": True, "from_": "markdown", "rtl": False}, ["--outgoing", "--from", "markdown"]),
            ]
            for format, options, flags in cases:
                with self.subTest(format=format):
                    status, expected, printed = command_line(["render", str(path), "--format", format, "-o", "-"] + flags)
                    self.assertEqual(status, 0)
                    result = ipraster.render(ANSWER, format=format, **options)
                    self.assertEqual(result.data, expected)
                    self.assertEqual(result.warnings, printed)
                    self.assertNotEqual(result.warnings, [], "the image inside text warns")
                    _, layout, _ = command_line(["layout", str(path)] + flags)
                    self.assertEqual(result.layout(), json.loads(layout))
                    self.assertIs(result.layout(), result.layout(), "the layout is made once")

    def test_annotations_are_the_command_lines(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            target = Path(folder) / "a.json"
            status, _, _ = command_line([str(HELLO), "-o", str(Path(folder) / "a.png"), "--annotations", str(target), "--theme", "night",
                                         "--annotation-clusters"])
            self.assertEqual(status, 0)
            expected = json.loads(target.read_text())
        result = ipraster.render(HELLO.read_bytes(), theme="night", annotations="clusters")
        self.assertEqual(result.annotations(), expected)
        self.assertTrue(expected["words"] and expected["clusters"])
        plain = ipraster.render(HELLO.read_bytes(), theme="night")
        self.assertIsNone(plain.annotations())
        self.assertEqual(plain.data, result.data, "asking for annotations changes no pixel")
        with self.assertRaises(ipraster.InputError) as raised:
            ipraster.render(HELLO.read_bytes(), annotations="glyphs")
        self.assertEqual(raised.exception.location, "annotations")

    def test_input_errors_and_environment_failures(self) -> None:
        with self.assertRaises(ipraster.InputError) as malformed:
            ipraster.render('{"blocks": [{"type": "paragraph", "text": 5}]}')
        error = malformed.exception
        self.assertIsInstance(error, ipraster.Error)
        self.assertEqual(error.exit_class, 2)
        self.assertEqual(error.kind, "unreadable")
        self.assertTrue(str(error).startswith("at $.blocks[0]"), str(error))
        status, _, _ = command_line(["render", "-", "-o", "/dev/null"], b'{"blocks": [{"type": "paragraph", "text": 5}]}')
        self.assertEqual(status, error.exit_class)

        with self.assertRaises(ipraster.InputError) as refused:
            ipraster.render({"blocks": [{"type": "no-such-block"}]}, strict=True)
        self.assertEqual((refused.exception.kind, refused.exception.location), ("refused", "$.blocks[0]"))
        with self.assertRaises(ipraster.InputError) as unknown:
            ipraster.render(ANSWER, widht=300)
        self.assertEqual(unknown.exception.location, "widht")
        self.assertIn("did you mean width?", str(unknown.exception))
        with self.assertRaises(ipraster.EnvironmentFailure) as missing:
            ipraster.render(ANSWER, media="/nonexistent-media-folder")
        self.assertIsInstance(missing.exception, ipraster.Error)
        self.assertEqual((missing.exception.exit_class, missing.exception.location), (3, "media"))
        with self.assertRaises(TypeError):
            ipraster.render(12)  # type: ignore[arg-type]
        with self.assertRaises(TypeError):
            ipraster.render(ANSWER, width=[300])  # type: ignore[arg-type]

    def test_two_threads_each_with_their_own_renderer(self) -> None:
        sources: List[ipraster.Source] = [HELLO.read_bytes(), ANSWER]
        expected = [ipraster.render(source).data for source in sources]
        outcomes: Dict[int, List[bytes]] = {}

        def work(index: int) -> None:
            with ipraster.Renderer() as renderer:
                outcomes[index] = [renderer.render(sources[index]).data for _ in range(5)]

        threads = [threading.Thread(target=work, args=(index,)) for index in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for index in range(2):
            self.assertEqual(outcomes[index], [expected[index]] * 5)

    def test_one_renderer_shared_by_two_threads_stays_correct(self) -> None:
        renderer = ipraster.Renderer()
        expected = renderer.render(ANSWER).data
        seen: List[bytes] = []
        lock = threading.Lock()

        def work() -> None:
            for _ in range(5):
                data = renderer.render(ANSWER).data
                with lock:
                    seen.append(data)

        threads = [threading.Thread(target=work) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(seen, [expected] * 10)
        renderer.close()
        with self.assertRaises(ValueError):
            renderer.render(ANSWER)


if __name__ == "__main__":
    unittest.main()
