"""Length-prefixed JSON frames over pipes, shared by the grader and its workers.

JSON, never pickle: a frame may come from a process that ran untrusted code,
and unpickling it would run code in the grader. A frame that came from a run
is also size-capped and shape-checked (``check_shape``) before anything reads
it, so no run can make the grader's memory explode or its code recurse.
"""

from __future__ import annotations

import json
import json.encoder
import os
import select
import struct
import time
from typing import Any, BinaryIO

from tutor.gcpause import paused as gc_paused

HEADER = struct.Struct(">I")
MAX_REPLY = 32 << 20  # what one run may send back
MAX_FRAME = MAX_REPLY + (8 << 20)  # a worker's reply: the run's data and a little more
MAX_DEPTH = 32
MAX_VALUES = 400_000  # JSON values in one run's data


class FrameError(Exception):
    """The stream ended or held something that is not a frame."""


def _unencodable(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


# NOTE [what a run calls after its code]: a run's frame is written after the code ran, so by the C
# encoder and os.write taken here, when the module loads: code that replaced `json.dumps`, a method
# of `json.JSONEncoder` or `os.write` is not called (round 38's attacker rewrote the reply in a
# `json.dumps` of its own). The text is json.dumps(message, separators=(",", ":"))'s.
_MAKE_ENCODER, _ASCII, _WRITE = json.encoder.c_make_encoder, json.encoder.encode_basestring_ascii, os.write


def encode(message: Any) -> bytes:
    if _MAKE_ENCODER is None:  # an interpreter without json's C encoder
        body = json.dumps(message, separators=(",", ":"), allow_nan=True).encode("utf-8")
        return HEADER.pack(len(body)) + body
    encoder = _MAKE_ENCODER({}, _unencodable, _ASCII, None, ":", ",", False, False, True)
    body = "".join(encoder(message, 0)).encode("utf-8")
    return HEADER.pack(len(body)) + body


def write_frame(stream: BinaryIO, message: Any) -> None:
    stream.write(encode(message))
    stream.flush()


def read_frame(stream: BinaryIO, limit: int = MAX_FRAME) -> Any:
    header = _read_exact(stream, HEADER.size)
    (size,) = HEADER.unpack(header)
    if size > limit:
        raise FrameError(f"frame of {size} bytes is over the limit")
    return decode_body(_read_exact(stream, size))


def read_raw_frame(stream: BinaryIO, limit: int = MAX_FRAME) -> bytes:
    """The next frame as it came, header included, not decoded."""
    header = _read_exact(stream, HEADER.size)
    (size,) = HEADER.unpack(header)
    if size > limit:
        raise FrameError(f"frame of {size} bytes is over the limit")
    return header + _read_exact(stream, size)


def decode_body(body: bytes) -> Any:
    try:
        with gc_paused():  # a reply with a graph: thousands of dicts (tutor/gcpause.py)
            return json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError, MemoryError) as exc:
        # ValueError: UnicodeDecodeError and JSONDecodeError, and an integer past Python's 4,300 digits
        # (`10 ** 6000` bound to a checked name, after `sys.set_int_max_str_digits(0)`): it ended the
        # relay, a lost run, and the class's grade exit 3 (found by a security probe)
        raise FrameError(f"malformed frame: {type(exc).__name__}") from None


def split_frame(buffer: bytes, limit: int = MAX_FRAME) -> tuple[Any, bytes] | None:
    """First complete frame in ``buffer`` and the bytes after it, or None."""
    if len(buffer) < HEADER.size:
        return None
    (size,) = HEADER.unpack_from(buffer)
    if size > limit:
        raise FrameError(f"frame of {size} bytes is over the limit")
    end = HEADER.size + size
    if len(buffer) < end:
        return None
    return decode_body(buffer[HEADER.size : end]), buffer[end:]


def check_shape(value: Any, max_depth: int = MAX_DEPTH, max_values: int = MAX_VALUES) -> None:
    """Raise FrameError unless ``value`` is plain JSON data of bounded depth
    and size with string keys. Iterative: no recursion to exhaust."""
    count = 0
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > max_values:
            raise FrameError(f"more than {max_values} values")
        if depth > max_depth:
            raise FrameError(f"nested deeper than {max_depth}")
        if isinstance(item, dict):
            for key, inner in item.items():
                if not isinstance(key, str):
                    raise FrameError("a key that is not a string")
                stack.append((inner, depth + 1))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1) for inner in item)
        elif not (item is None or isinstance(item, (str, int, float, bool))):
            raise FrameError(f"a {type(item).__name__}")


def stamp(frame: bytes, name: str) -> bytes:
    """A profiled frame (protocol.RunRequest.profile) holds the mark
    ``[name, 0.0]`` until it is encoded; this writes the time of the end of
    the encoding over it, and the frame's new length into its header."""
    body = frame[HEADER.size:].replace(f'["{name}",0.0]'.encode(), f'["{name}",{time.monotonic()!r}]'.encode(), 1)
    return HEADER.pack(len(body)) + body


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = _WRITE(fd, view)
        view = view[written:]


def read_frame_before(fd: int, deadline: float, limit: int = MAX_FRAME) -> Any:
    """The next frame on file descriptor ``fd``, waited for until
    ``deadline`` (``time.monotonic()``): TimeoutError past it, FrameError
    when the stream ends or the frame is over ``limit``. Read in the
    caller's thread (poll, then what is there): a thread of its own per
    frame, joined with a timeout, cost the grader a thread's start and join
    for every run."""
    (size,) = HEADER.unpack(_read_before(fd, HEADER.size, deadline))
    if size > limit:
        raise FrameError(f"frame of {size} bytes is over the limit")
    return decode_body(_read_before(fd, size, deadline))


def _read_before(fd: int, size: int, deadline: float) -> bytearray:
    buffer = bytearray(size)
    view = memoryview(buffer)
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    got = 0
    while got < size:
        left = deadline - time.monotonic()
        if left <= 0 or not poller.poll(left * 1000):
            raise TimeoutError("no frame before the deadline")
        n = os.readv(fd, [view[got:]])
        if n == 0:
            raise FrameError("stream closed")
        got += n
    return buffer


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
