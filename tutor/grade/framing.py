"""Length-prefixed JSON frames over pipes, shared by the grader and its workers.

JSON, never pickle: a frame may come from a process that ran untrusted code,
and unpickling it would run code in the grader.
"""

from __future__ import annotations

import json
import os
import struct
from typing import Any, BinaryIO

HEADER = struct.Struct(">I")
MAX_FRAME = 256 * 1024 * 1024


class FrameError(Exception):
    """The stream ended or held something that is not a frame."""


def encode(message: Any) -> bytes:
    body = json.dumps(message, separators=(",", ":"), allow_nan=True).encode("utf-8")
    return HEADER.pack(len(body)) + body


def write_frame(stream: BinaryIO, message: Any) -> None:
    stream.write(encode(message))
    stream.flush()


def read_frame(stream: BinaryIO) -> Any:
    header = _read_exact(stream, HEADER.size)
    (size,) = HEADER.unpack(header)
    if size > MAX_FRAME:
        raise FrameError(f"frame of {size} bytes is over the limit")
    return decode_body(_read_exact(stream, size))


def decode_body(body: bytes) -> Any:
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise FrameError(f"malformed frame: {exc}") from None


def split_frame(buffer: bytes) -> tuple[Any, bytes] | None:
    """First complete frame in ``buffer`` and the bytes after it, or None."""
    if len(buffer) < HEADER.size:
        return None
    (size,) = HEADER.unpack_from(buffer)
    if size > MAX_FRAME:
        raise FrameError(f"frame of {size} bytes is over the limit")
    end = HEADER.size + size
    if len(buffer) < end:
        return None
    return decode_body(buffer[HEADER.size : end]), buffer[end:]


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _read_exact(stream: BinaryIO, size: int) -> bytes:
    chunks = []
    remaining = size
    while remaining:
        chunk = stream.read(remaining)
        if not chunk:
            raise FrameError("stream closed")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)
