"""ipraster in your Python process: Telegram rich messages rendered as the iOS app draws them.

A ctypes binding of libipraster (``include/ipraster.h``), standard library only::

    import ipraster

    result = ipraster.render(message, theme="night", width=360)   # bytes, str or a dict
    open("answer.png", "wb").write(result.data)
    print(result.warnings, result.layout()["items"][0])

``source`` is ``bytes``, ``str`` (Rich Markdown, Rich HTML or JSON text) or a ``dict`` (a Bot API or Telethon
message as JSON, e.g. aiogram's ``message.model_dump(mode="json")``). Options are keyword arguments named like
``ipraster render``'s options (``no_bubble=True`` for ``--no-bubble``, ``from_="markdown"`` for ``--from``);
``format`` is ``"png"`` (default), ``"webp"``, ``"svg"`` or ``"pdf"``. Errors raise :class:`InputError` (the input or the
options: the command line's exit 2) or :class:`EnvironmentFailure` (the machine: exit 3), both :class:`Error`.

The library is found at ``IPRASTER_LIBRARY`` if set, else a checkout's ``.build/release/libipraster.so`` (when
imported from the checkout: ``scripts/setup`` builds it), else the installed ``libipraster.so``
(``scripts/install``). :class:`Renderer` keeps one warm renderer for many calls; ``ipraster.render`` uses one per
thread.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import threading
from pathlib import Path
from typing import Any, Dict, List, Optional, Union

__all__ = ["render", "Renderer", "Result", "Error", "InputError", "EnvironmentFailure", "version", "library_path", "Source", "OptionValue"]

__version__ = "0.6.0"

Source = Union[bytes, bytearray, memoryview, str, Dict[str, Any]]
OptionValue = Union[str, int, float, bool, None]


class Error(Exception):
    """A render that failed: ``message``, ``location`` (a JSON path such as ``$.blocks[0]``, a source position
    ``3:7`` or an option name; None for the whole input), ``kind`` and ``exit_class`` (2 or 3)."""

    exit_class = 2

    def __init__(self, message: str, location: Optional[str], kind: str) -> None:
        self.message = message
        self.location = location
        self.kind = kind
        super().__init__(f"at {location}: {message}" if location else message)


class InputError(Error):
    """The input or the options: malformed, refused (``strict``), over a limit, an unknown option (exit class 2)."""

    exit_class = 2


class EnvironmentFailure(Error):
    """The machine, not the input: a missing font, media folder or program (exit class 3)."""

    exit_class = 3


def _checkout_library() -> Optional[Path]:
    # bindings/python/ipraster/__init__.py → the checkout's root, when this file lies in one.
    root = Path(__file__).resolve().parents[3]
    candidate = root / ".build" / "release" / "libipraster.so"
    if (root / "Package.swift").is_file() and candidate.exists():
        return candidate
    return None


def library_path() -> str:
    """Which libipraster this module loads (see the module's documentation)."""
    given = os.environ.get("IPRASTER_LIBRARY")
    if given:
        return given
    checkout = _checkout_library()
    if checkout is not None:
        return str(checkout)
    return ctypes.util.find_library("ipraster") or "libipraster.so"


_library: Optional[ctypes.CDLL] = None
_library_lock = threading.Lock()


def _lib() -> ctypes.CDLL:
    global _library
    with _library_lock:
        if _library is None:
            path = library_path()
            try:
                library = ctypes.CDLL(path)
            except OSError as error:
                raise EnvironmentFailure(f"cannot load libipraster ({path}): {error}; run scripts/setup in a checkout, "
                                         "scripts/install PREFIX, or set IPRASTER_LIBRARY", None, "environment") from None
            pointer, text = ctypes.c_void_p, ctypes.c_char_p
            for name, result, arguments in [
                ("ipr_version", text, []),
                ("ipr_renderer_new", pointer, []),
                ("ipr_renderer_free", None, [pointer]),
                ("ipr_render", pointer, [pointer, ctypes.c_char_p, ctypes.c_size_t, text]),
                ("ipr_result_status", ctypes.c_int, [pointer]),
                ("ipr_result_data", ctypes.POINTER(ctypes.c_ubyte), [pointer, ctypes.POINTER(ctypes.c_size_t)]),
                ("ipr_result_warnings", text, [pointer]),
                ("ipr_result_layout", text, [pointer]),
                ("ipr_result_annotations", text, [pointer]),
                ("ipr_result_error_message", text, [pointer]),
                ("ipr_result_error_location", text, [pointer]),
                ("ipr_result_error_kind", text, [pointer]),
                ("ipr_result_free", None, [pointer]),
            ]:
                function = getattr(library, name)
                function.restype = result
                function.argtypes = arguments
            _library = library
        return _library


def version() -> str:
    """The loaded library's version, ``MAJOR.MINOR.PATCH`` (as ``ipraster --version``)."""
    raw: bytes = _lib().ipr_version()
    return raw.decode()


def _text(value: Optional[bytes]) -> Optional[str]:
    return value.decode("utf-8", "replace") if value is not None else None


def _source_bytes(source: Source) -> bytes:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    if isinstance(source, str):
        return source.encode("utf-8")
    if isinstance(source, dict):
        return json.dumps(source, ensure_ascii=False).encode("utf-8")
    raise TypeError(f"source must be bytes, str or dict, not {type(source).__name__}")


def _options_json(format: str, options: Dict[str, OptionValue]) -> bytes:
    named: Dict[str, OptionValue] = {}
    for key, value in options.items():
        if value is None:
            continue
        if not isinstance(value, (str, int, float, bool)):
            raise TypeError(f"option {key} takes a str, int, float or bool, not {type(value).__name__}")
        # from_ (a Python keyword) is --from; no_bubble is --no-bubble.
        named[key.rstrip("_").replace("_", "-")] = value
    named["format"] = format
    return json.dumps(named).encode("utf-8")


class Result:
    """A render's output: ``data`` (PNG, SVG or PDF bytes), ``warnings`` and ``format``; ``layout()`` writes the
    layout JSON (as ``ipraster layout`` prints it) only when called; ``annotations()`` the ground truth of a render
    asked for with ``annotations=True`` (or ``"clusters"``), as ``ipraster render --annotations`` writes it."""

    def __init__(self, handle: int, library: ctypes.CDLL, format: str) -> None:
        self._handle: Optional[int] = handle
        self._library = library
        self.format = format
        length = ctypes.c_size_t(0)
        data = library.ipr_result_data(handle, ctypes.byref(length))
        self.data: bytes = ctypes.string_at(data, length.value) if length.value else b""
        self.warnings: List[str] = [str(item) for item in json.loads(library.ipr_result_warnings(handle) or b"[]")]
        self._layout: Optional[Dict[str, Any]] = None
        self._annotations: Optional[str] = None

    def annotations_json(self) -> Optional[str]:
        """The annotations as JSON text (docs/annotations.md), or None when the render did not ask for them."""
        if self._annotations is None:
            if self._handle is None:
                raise ValueError("the result was closed")
            self._annotations = _text(self._library.ipr_result_annotations(self._handle))
        return self._annotations

    def annotations(self) -> Optional[Dict[str, Any]]:
        """The annotations (parsed): blocks, lines, words with their ink boxes in the image's pixels, attachments,
        table cells and settings; None when the render did not ask for them (``annotations=True``)."""
        text = self.annotations_json()
        parsed: Optional[Dict[str, Any]] = json.loads(text) if text else None
        return parsed

    def layout(self) -> Dict[str, Any]:
        """The page's layout JSON (parsed): items with their frames, lines and attachments, and the warnings."""
        if self._layout is None:
            if self._handle is None:
                raise ValueError("the result was closed")
            text = self._library.ipr_result_layout(self._handle)
            self._layout = json.loads(text) if text else {}
        return self._layout

    def close(self) -> None:
        """Frees the library's copy of the result now (``data`` and ``warnings`` stay; ``layout()`` and
        ``annotations()`` then work only if they were called before)."""
        if self._handle is not None:
            self._library.ipr_result_free(self._handle)
            self._handle = None

    def __del__(self) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ipraster.Result {self.format} {len(self.data)} bytes, {len(self.warnings)} warnings>"


class Renderer:
    """One warm renderer (fonts and caches) for many calls. Calls on one renderer from several threads wait for
    each other; give each thread its own for parallel renders."""

    def __init__(self) -> None:
        self._library = _lib()
        handle = self._library.ipr_renderer_new()
        if not handle:
            raise EnvironmentFailure("libipraster could not make a renderer (out of memory)", None, "environment")
        self._handle: Optional[int] = handle

    def render(self, source: Source, *, format: str = "png", **options: OptionValue) -> Result:
        """Renders ``source`` (bytes, str or dict) with ``options`` named like the command line's."""
        if self._handle is None:
            raise ValueError("the renderer was closed")
        payload = _source_bytes(source)
        handle = self._library.ipr_render(self._handle, payload, len(payload), _options_json(format, options))
        if not handle:
            raise EnvironmentFailure("libipraster could not render (out of memory)", None, "environment")
        status = int(self._library.ipr_result_status(handle))
        if status != 0:
            message = _text(self._library.ipr_result_error_message(handle)) or "render failed"
            location = _text(self._library.ipr_result_error_location(handle))
            kind = _text(self._library.ipr_result_error_kind(handle)) or "environment"
            self._library.ipr_result_free(handle)
            raise (EnvironmentFailure if status == 3 else InputError)(message, location, kind)
        return Result(handle, self._library, format)

    def close(self) -> None:
        """Frees the renderer's fonts and caches now."""
        if self._handle is not None:
            self._library.ipr_renderer_free(self._handle)
            self._handle = None

    def __enter__(self) -> "Renderer":
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


_per_thread = threading.local()


def render(source: Source, *, format: str = "png", **options: OptionValue) -> Result:
    """Renders ``source`` with this thread's warm renderer (made on the thread's first call)."""
    renderer: Optional[Renderer] = getattr(_per_thread, "renderer", None)
    if renderer is None:
        renderer = Renderer()
        _per_thread.renderer = renderer
    return renderer.render(source, format=format, **options)
