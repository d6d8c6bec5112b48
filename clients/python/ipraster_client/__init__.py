"""A client for `ipraster serve`: Telegram rich messages rendered as the iOS app draws them.

Standard library only: `urllib` for the requests, `asyncio.to_thread` for `AsyncClient`.
"""
from __future__ import annotations

import asyncio
import json
import os
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Union

__all__ = ["Client", "AsyncClient", "Result", "ServiceError", "Source", "OptionValue"]

Source = Union[str, "os.PathLike[str]", bytes]
OptionValue = Union[str, int, float, bool]

#: Content types by file extension, as the service reads them.
CONTENT_TYPES: Dict[str, str] = {
    ".json": "application/json",
    ".md": "text/markdown",
    ".markdown": "text/markdown",
    ".html": "text/html",
    ".htm": "text/html",
    ".tex": "text/plain",
    ".txt": "text/plain",
}


@dataclass
class Result:
    """A service answer: the bytes, the render's warnings and the request's id."""

    data: bytes
    content_type: str
    warnings: List[str] = field(default_factory=list)
    request_id: Optional[str] = None

    @property
    def text(self) -> str:
        return self.data.decode("utf-8")


class ServiceError(Exception):
    """The service refused the request (or could not be reached: status 0)."""

    def __init__(self, status: int, message: str, location: Optional[str] = None, request_id: Optional[str] = None) -> None:
        super().__init__(f"{status}: {message}" + (f" (at {location})" if location else ""))
        self.status = status
        self.message = message
        self.location = location
        self.request_id = request_id


def _read(source: Source) -> bytes:
    if isinstance(source, bytes):
        return source
    with open(source, "rb") as handle:
        return handle.read()


def _content_type(source: Source, given: Optional[str]) -> str:
    if given:
        return given
    if not isinstance(source, bytes):
        extension = os.path.splitext(os.fspath(source))[1].lower()
        if extension in CONTENT_TYPES:
            return CONTENT_TYPES[extension]
    return "application/octet-stream"


def _parameter(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _multipart(message: bytes, message_type: str, media: Mapping[str, Source]) -> tuple[bytes, str]:
    boundary = "ipraster-" + uuid.uuid4().hex
    parts: List[bytes] = []

    def part(name: str, data: bytes, content_type: str) -> None:
        head = (f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{name}"\r\n'
                f"Content-Type: {content_type}\r\n\r\n")
        parts.append(head.encode("utf-8") + data + b"\r\n")

    part("message", message, message_type)
    for name, source in media.items():
        if '"' in name or "\r" in name or "\n" in name:
            raise ValueError(f"a media id cannot hold quotes or line breaks: {name!r}")
        part(name, _read(source), "application/octet-stream")
    return b"".join(parts) + f"--{boundary}--\r\n".encode("utf-8"), f"multipart/form-data; boundary={boundary}"


class Client:
    """The service at `url` (`http://host:port`), with its bearer token if it needs one."""

    def __init__(self, url: str = "http://127.0.0.1:8080", token: Optional[str] = None, timeout: float = 60.0) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def render(self, source: Source, *, content_type: Optional[str] = None, media: Optional[Mapping[str, Source]] = None,
               **options: OptionValue) -> Result:
        """The message as an image (PNG; `format="svg"` or `"pdf"`)."""
        return self.request("/render", source, content_type=content_type, media=media, options=options)

    def layout(self, source: Source, *, content_type: Optional[str] = None, media: Optional[Mapping[str, Source]] = None,
               **options: OptionValue) -> Result:
        """The layout JSON (frames, lines, baselines, warnings)."""
        return self.request("/layout", source, content_type=content_type, media=media, options=options)

    def markdown(self, source: Source, *, content_type: Optional[str] = None, **options: OptionValue) -> Result:
        """The message copied as Markdown (`lossless=True`: as the app's lossless copy)."""
        return self.request("/markdown", source, content_type=content_type, media=None, options=options)

    def classify(self, source: Source, *, content_type: Optional[str] = None, **options: OptionValue) -> Result:
        """Whether Markdown is sent as a rich message: `rich (TRIGGER)` or `plain` (`json=True`: JSON)."""
        return self.request("/classify", source, content_type=content_type or "text/markdown", media=None, options=options)

    def math(self, source: Source, *, content_type: Optional[str] = None, **options: OptionValue) -> Result:
        """A LaTeX formula as an image (`json=True`: its box as JSON)."""
        return self.request("/math", source, content_type=content_type or "text/plain", media=None, options=options)

    def request(self, route: str, source: Source, *, content_type: Optional[str], media: Optional[Mapping[str, Source]],
                options: Mapping[str, OptionValue]) -> Result:
        body = _read(source)
        kind = _content_type(source, content_type)
        if media:
            body, kind = _multipart(body, kind, media)
        query = urllib.parse.urlencode({name.replace("_", "-"): _parameter(value) for name, value in options.items()})
        headers = {"Content-Type": kind}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.url + route + ("?" + query if query else ""), data=body, method="POST", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                data = response.read()
                return Result(data=data, content_type=response.headers.get("Content-Type", ""),
                              warnings=_warnings(response.headers.get("X-Ipraster-Warnings")),
                              request_id=response.headers.get("X-Request-Id"))
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                problem = json.loads(raw or b"{}")
            except ValueError:
                problem = {"error": raw.decode("utf-8", "replace").strip()}
            raise ServiceError(error.code, str(problem.get("error") or error.reason), problem.get("location"),
                               error.headers.get("X-Request-Id")) from None
        except urllib.error.URLError as error:
            raise ServiceError(0, f"cannot reach {self.url}: {error.reason}") from None


def _warnings(header: Optional[str]) -> List[str]:
    if not header:
        return []
    try:
        value = json.loads(header)
    except ValueError:
        return [header]
    return [str(item) for item in value] if isinstance(value, list) else [str(value)]


class AsyncClient:
    """`Client`'s methods as coroutines (each request on a worker thread: `asyncio.to_thread`)."""

    def __init__(self, url: str = "http://127.0.0.1:8080", token: Optional[str] = None, timeout: float = 60.0) -> None:
        self.client = Client(url, token, timeout)

    async def render(self, source: Source, *, content_type: Optional[str] = None, media: Optional[Mapping[str, Source]] = None,
                     **options: OptionValue) -> Result:
        return await asyncio.to_thread(lambda: self.client.render(source, content_type=content_type, media=media, **options))

    async def layout(self, source: Source, *, content_type: Optional[str] = None, media: Optional[Mapping[str, Source]] = None,
                     **options: OptionValue) -> Result:
        return await asyncio.to_thread(lambda: self.client.layout(source, content_type=content_type, media=media, **options))

    async def markdown(self, source: Source, *, content_type: Optional[str] = None, **options: OptionValue) -> Result:
        return await asyncio.to_thread(lambda: self.client.markdown(source, content_type=content_type, **options))

    async def classify(self, source: Source, *, content_type: Optional[str] = None, **options: OptionValue) -> Result:
        return await asyncio.to_thread(lambda: self.client.classify(source, content_type=content_type, **options))

    async def math(self, source: Source, *, content_type: Optional[str] = None, **options: OptionValue) -> Result:
        return await asyncio.to_thread(lambda: self.client.math(source, content_type=content_type, **options))
