"""Rich messages to images with word-level ground truth on Ray Data (docs/ray.md).

::

    import ray
    import ipraster.ray

    messages = ray.data.read_text("corpus.jsonl")                 # one message (JSON text) per line: column "text"
    images = ipraster.ray.render(messages, column="text", theme="night",
                                 variants=[{"width": 320}, {"width": 480, "scale": 3}])
    images.write_parquet("out/")

One output row per message and variant, with Parquet-safe columns: ``image`` (the PNG's bytes; empty in an error
row), ``annotations`` (JSON text, as ``ipraster render --annotations`` writes it; empty in an error row),
``warnings`` (a list of strings), ``error`` (a string, or null when the message rendered), ``variant`` (the
variant's number), ``options`` (JSON text of the options used) and ``message`` (the message as JSON or Markdown
text). A message that cannot be rendered gives an error row and never fails the job. A message is a ``dict`` (a Bot
API or Telethon message; keys whose value is None are dropped, as Arrow fills them in for keys another row has) or
text (JSON, Rich Markdown, Rich HTML) or bytes.

The work runs in an actor pool (one actor per available CPU unless ``concurrency`` says otherwise), each actor holding
one warm :class:`ipraster.Renderer`: the same code runs on a laptop (``ray.init()``) and on a cluster
(``ray.init(address="ray://head:10001")``, or a KubeRay ``RayJob``). The workers import this package: install it on
every node (``pip install bindings/python``) or pass it with ``runtime_env={"py_modules": [ipraster]}``, and give the
library with ``IPRASTER_LIBRARY`` or ``scripts/install``.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

import ipraster

__all__ = ["render", "expand_variants", "SCHEMA_COLUMNS"]

#: The output's columns, in order.
SCHEMA_COLUMNS = ("image", "annotations", "warnings", "error", "variant", "options", "message")

VariantSpec = Union[Sequence[Mapping[str, ipraster.OptionValue]], Mapping[str, Any], None]


def _drop_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _drop_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, (list, tuple)):
        return [_drop_nulls(item) for item in value]
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):  # a numpy array from a pandas batch
        return _drop_nulls(value.tolist())
    return value


def _message_text(message: Any) -> str:
    """The message as the text ipraster reads and the ``message`` column keeps."""
    if isinstance(message, (bytes, bytearray, memoryview)):
        return bytes(message).decode("utf-8", "replace")
    if isinstance(message, str):
        return message
    if isinstance(message, dict):
        return json.dumps(_drop_nulls(message), ensure_ascii=False, sort_keys=False)
    raise TypeError(f"a message is a dict, str or bytes, not {type(message).__name__}")


class _AsText:
    """Each row's message as text, with the reason when it cannot be one: a column of one type, whatever the input's
    rows held (Arrow gives dicts of different shapes different types, which one batch cannot hold)."""

    def __init__(self, column: str) -> None:
        self.column = column

    def __call__(self, row: Dict[str, Any]) -> Dict[str, Any]:
        if self.column not in row:
            return {"_message": "", "_problem": f"the row has no column {self.column!r} (it has {sorted(row)})"}
        try:
            return {"_message": _message_text(row[self.column]), "_problem": ""}
        except (TypeError, ValueError) as error:
            return {"_message": repr(row[self.column])[:10_000], "_problem": str(error)}


def _sample(spec: Any, rng: random.Random, name: str) -> ipraster.OptionValue:
    if isinstance(spec, range):
        return rng.choice(spec)
    if isinstance(spec, tuple):
        if len(spec) != 2:
            raise ValueError(f"variants: {name}'s range is (low, high), not {spec!r}")
        low, high = spec
        if isinstance(low, int) and isinstance(high, int) and not isinstance(low, bool):
            return rng.randint(min(low, high), max(low, high))
        return round(rng.uniform(float(low), float(high)), 2)
    if isinstance(spec, (list,)):
        if not spec:
            raise ValueError(f"variants: {name} has no value to choose from")
        chosen: ipraster.OptionValue = rng.choice(spec)
        return chosen
    if isinstance(spec, (str, int, float, bool)):
        return spec
    raise ValueError(f"variants: {name} takes a list (choose one), a range, a (low, high) tuple or a value, not {spec!r}")


def expand_variants(message: bytes, variants: VariantSpec, samples: int, seed: int) -> List[Dict[str, ipraster.OptionValue]]:
    """The option sets of one message: ``variants`` itself when it is a list of option sets; ``samples`` draws from a
    dict of ranges (a list or ``range``: one of its values; a ``(low, high)`` tuple: a number between, whole when both
    are); ``[{}]`` without variants. A draw depends only on ``seed``, the draw's number and the message's bytes, so
    the same corpus gives the same variants however Ray splits it."""
    if variants is None:
        return [{}]
    if isinstance(variants, Mapping):
        if samples < 1:
            raise ValueError("samples must be at least 1")
        drawn: List[Dict[str, ipraster.OptionValue]] = []
        for index in range(samples):
            digest = hashlib.sha256(f"{seed}:{index}:".encode() + message).digest()
            rng = random.Random(int.from_bytes(digest[:8], "big"))
            drawn.append({name: _sample(spec, rng, name) for name, spec in sorted(variants.items())})
        return drawn
    listed = [dict(variant) for variant in variants]
    if not listed:
        raise ValueError("variants is an empty list")
    return listed


class _Worker:
    """One actor: a warm renderer and the options of the job."""

    def __init__(self, variants: VariantSpec, samples: int, seed: int, options: Dict[str, ipraster.OptionValue]) -> None:
        self.variants = variants
        self.samples = samples
        self.seed = seed
        self.options = options
        self.renderer = ipraster.Renderer()

    def render_one(self, text: str, problem: str) -> List[Dict[str, Any]]:
        if problem:
            return [_error_row(0, self.options, text, problem)]
        raw = text.encode("utf-8")
        rows: List[Dict[str, Any]] = []
        for number, variant in enumerate(expand_variants(raw, self.variants, self.samples, self.seed)):
            options = {**self.options, **variant}
            # Typed as Any: the options' values go through as keyword arguments (format is never among them).
            arguments: Dict[str, Any] = {**options, "annotations": True}
            try:
                result = self.renderer.render(raw, **arguments)
                rows.append({"image": result.data, "annotations": result.annotations_json() or "", "warnings": result.warnings,
                             "error": None, "variant": number, "options": json.dumps(options, sort_keys=True), "message": text})
                result.close()
            except ipraster.Error as error:
                rows.append(_error_row(number, options, text, str(error)))
            except (TypeError, ValueError) as error:  # an option of a type the library does not take
                rows.append(_error_row(number, options, text, f"{error}"))
        return rows

    def __call__(self, batch: Any) -> Any:
        import pyarrow  # type: ignore[import-untyped]

        texts = batch.column("_message").to_pylist()
        problems = batch.column("_problem").to_pylist()
        rows = [row for text, problem in zip(texts, problems) for row in self.render_one(text, problem)]
        return pyarrow.Table.from_pylist(rows, schema=_schema())


def _error_row(variant: int, options: Mapping[str, ipraster.OptionValue], message: str, error: str) -> Dict[str, Any]:
    return {"image": b"", "annotations": "", "warnings": [], "error": error, "variant": variant,
            "options": json.dumps(dict(options), sort_keys=True, default=str), "message": message}


def _schema() -> Any:
    import pyarrow

    return pyarrow.schema([("image", pyarrow.binary()), ("annotations", pyarrow.string()), ("warnings", pyarrow.list_(pyarrow.string())),
                           ("error", pyarrow.string()), ("variant", pyarrow.int32()), ("options", pyarrow.string()),
                           ("message", pyarrow.string())])


def render(dataset: Any, column: str = "message", variants: VariantSpec = None, *, samples: int = 1, seed: int = 0,
           concurrency: Optional[int] = None, batch_size: int = 64, **options: ipraster.OptionValue) -> Any:
    """A Ray Dataset of ``dataset``'s messages (its ``column``) rendered with ``options`` (named like ``ipraster
    render``'s, as in :func:`ipraster.render`) and each variant; see the module's documentation for the columns.
    ``variants``: a list of option sets (one row each), or a dict of ranges to draw ``samples`` option sets from per
    message with ``seed``. ``concurrency``: the actor pool's size (default: the cluster's CPUs)."""
    import ray

    if "annotations" in options or "format" in options:
        raise ValueError("ipraster.ray.render always writes PNG images with their annotations: leave out format and annotations")
    if column in SCHEMA_COLUMNS and column != "message":
        raise ValueError(f"column {column!r} is one of the output's own columns")
    # Checked here, before any actor starts: a bad variants argument is the caller's mistake, not a row's.
    expand_variants(b"", variants, samples, seed)
    if concurrency is None:
        if not ray.is_initialized():
            ray.init()
        concurrency = max(1, int(ray.available_resources().get("CPU", 1)))
    texts = dataset.map(_AsText(column))
    return texts.map_batches(_Worker, fn_constructor_kwargs={"variants": variants, "samples": samples, "seed": seed, "options": dict(options)},
                               batch_format="pyarrow", batch_size=batch_size, compute=ray.data.ActorPoolStrategy(size=concurrency), num_cpus=1)
