"""ipraster.ray on a local Ray (issue 60; run by PythonRaySlowTests with the dev tools' Python, which has ray[data]).

Needs IPRASTER_BINARY (the program whose bytes the images must be) and IPRASTER_ROOT; the package comes from
bindings/python (PYTHONPATH, which Ray's local workers inherit).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import unittest
from pathlib import Path
from typing import Any, Dict, List

import pyarrow.parquet  # type: ignore[import-untyped]
import ray

import ipraster.ray

ROOT = Path(os.environ["IPRASTER_ROOT"])
BINARY = os.environ["IPRASTER_BINARY"]
SCRIPTS = ["Plain English words", "Ελληνικά και λατινικά", "עברית מימין לשמאל", "ภาษาไทยไม่เว้นวรรค", "中文没有空格", "日本語のかな"]


def message(number: int) -> Dict[str, Any]:
    text = f"Message {number}: {SCRIPTS[number % len(SCRIPTS)]}, " + " ".join(["word"] * (number % 7))
    blocks: List[Dict[str, Any]] = [{"type": "paragraph", "text": text}]
    if number % 5 == 0:
        blocks.insert(0, {"type": "heading", "size": 3, "text": f"Heading {number}"})
    return {"blocks": blocks}


class RaySuite(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
        ray.data.DataContext.get_current().enable_progress_bars = False

    @classmethod
    def tearDownClass(cls) -> None:
        ray.shutdown()

    def test_three_hundred_messages_in_two_variants_with_an_error_row(self) -> None:
        # JSON text (a column holds one type), and one malformed message in the middle.
        items: List[Dict[str, Any]] = [{"message": json.dumps(message(number)), "id": number} for number in range(300)]
        items.insert(150, {"message": "{\"blocks\": [", "id": -1})
        dataset = ray.data.from_items(items)
        variants: List[Dict[str, ipraster.OptionValue]] = [{"width": 320}, {"width": 420, "theme": "night", "scale": 1}]
        rendered = ipraster.ray.render(dataset, variants=variants, concurrency=2, time="09:41")
        with tempfile.TemporaryDirectory() as folder:
            rendered.write_parquet(folder)
            table = pyarrow.parquet.read_table(folder)
            self.assertEqual(table.column_names, list(ipraster.ray.SCHEMA_COLUMNS))
            self.assertEqual(str(table.schema.field("image").type), "binary")
            self.assertEqual(str(table.schema.field("warnings").type), "list<element: string>")
            rows = table.to_pylist()
            back = ray.data.read_parquet(folder).count()
        self.assertEqual(back, len(rows))
        errors = [row for row in rows if row["error"] is not None]
        self.assertEqual(len(errors), 2, "the malformed message gives one error row per variant")
        self.assertTrue(all(row["image"] == b"" and "malformed JSON" in row["error"] for row in errors), errors)
        good = [row for row in rows if row["error"] is None]
        self.assertEqual(len(good), 600)
        for row in good:
            self.assertTrue(row["image"].startswith(b"\x89PNG"))
            annotations = json.loads(row["annotations"])
            self.assertTrue(annotations["words"])
            self.assertEqual(annotations["settings"]["width"], variants[row["variant"]]["width"])
        # The images are the command line's bytes for the same message and options.
        by_key = {(json.loads(row["message"])["blocks"][-1]["text"], row["variant"]): row for row in good}
        with tempfile.TemporaryDirectory() as folder:
            for number in (0, 1, 7, 150, 299):
                source = Path(folder) / f"m{number}.json"
                source.write_text(json.dumps(message(number)))
                for index, variant in enumerate(variants):
                    arguments = [str(source), "-o", str(Path(folder) / "out.png"), "--time", "09:41"]
                    arguments += [part for key, value in variant.items() for part in (f"--{key}", str(value))]
                    subprocess.run([BINARY] + arguments, check=True, capture_output=True)
                    row = by_key[(message(number)["blocks"][-1]["text"], index)]
                    self.assertEqual(row["image"], (Path(folder) / "out.png").read_bytes(), (number, variant))

    def test_sampled_variants_are_reproducible_from_the_seed(self) -> None:
        ranges = {"width": (260, 480), "theme": ["day", "night", "day-classic"], "scale": [1, 2]}
        dataset = ray.data.from_items([{"text": json.dumps(message(number))} for number in range(24)])

        def options(seed: int) -> Dict[str, List[str]]:
            rows = ipraster.ray.render(dataset, column="text", variants=ranges, samples=2, seed=seed, concurrency=2).take_all()
            self.assertTrue(all(row["error"] is None for row in rows))
            drawn: Dict[str, List[str]] = {}
            for row in rows:
                drawn.setdefault(row["message"], [""] * 2)[row["variant"]] = row["options"]
            return drawn

        first, again, other = options(7), options(7), options(8)
        self.assertEqual(len(first), 24)
        self.assertEqual(first, again, "one seed, the same variants however the work was split")
        self.assertNotEqual(first, other)
        for pair in first.values():
            for text in pair:
                drawn = json.loads(text)
                self.assertTrue(260 <= drawn["width"] <= 480 and drawn["theme"] in ranges["theme"] and drawn["scale"] in (1, 2), drawn)

    def test_without_variants_each_message_gives_one_row(self) -> None:
        dataset = ray.data.from_items([{"message": message(number)} for number in range(10)] + [{"message": {"blocks": [{"type": "paragraph"}]}}])
        rows = ipraster.ray.render(dataset, theme="night", concurrency=1).take_all()
        self.assertEqual(len(rows), 11)
        self.assertEqual(sum(row["error"] is not None for row in rows), 1)
        self.assertTrue(all(json.loads(row["options"]) == {"theme": "night"} for row in rows if row["error"] is None))
        with self.assertRaises(ValueError):
            ipraster.ray.render(dataset, format="svg")


if __name__ == "__main__":
    unittest.main()
