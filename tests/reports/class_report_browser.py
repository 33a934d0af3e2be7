"""A real headless browser for the class report's page: Debian's chromium,
driven by Playwright from PyPI (never `playwright install`: no browser build
is downloaded), and a PNG reader for its screenshots (no imaging library)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from headless_browser import launch, why_no_browser  # noqa: F401  (what the tests use from here)


class Visit:
    """One page load with every request recorded; any that is not the page's own file is aborted."""

    def __init__(self, browser, path: Path) -> None:
        self.url = path.resolve().as_uri()
        self.requests: list[str] = []
        self.console: list[str] = []
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=True)
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: self.console.append(m.text))
        self.page.goto(self.url, wait_until="load")

    def _route(self, route) -> None:
        if route.request.url == self.url:
            route.continue_()
        else:
            route.abort()

    def close(self) -> None:
        self.context.close()


def png_pixels(data: bytes) -> tuple[int, int, list[tuple[int, ...]]]:
    """(width, height, RGB(A) pixels) of an 8-bit, non-interlaced PNG as Chromium writes it."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, chunks, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and interlace == 0 and colour in (2, 6), header
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    pixels = [tuple(row[x:x + channels]) for row in rows for x in range(0, stride, channels)]
    return width, height, pixels
