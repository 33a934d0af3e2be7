"""framing.read_frame_before: how the grader reads a worker's reply, in its
own thread, with a deadline (pool.Worker._read)."""

from __future__ import annotations

import os
import threading
import time

import pytest

from tutor.grade import framing


@pytest.fixture
def pipe():
    r, w = os.pipe()
    yield r, w
    for fd in (r, w):
        try:
            os.close(fd)
        except OSError:
            pass


def test_a_frame_written_in_pieces_is_read_whole(pipe):
    r, w = pipe
    message = {"id": 3, "payload": "x" * 200_000}  # more than a pipe holds at once
    frame = framing.encode(message)

    def write() -> None:
        for i in range(0, len(frame), 7_001):
            os.write(w, frame[i:i + 7_001])
            time.sleep(0.001)

    writer = threading.Thread(target=write)
    writer.start()
    assert framing.read_frame_before(r, time.monotonic() + 30) == message
    writer.join()


def test_a_worker_that_stops_mid_frame_is_a_timeout_not_a_hang(pipe):
    r, w = pipe
    frame = framing.encode({"id": 1})
    os.write(w, frame[:6])  # the header and part of the body, then nothing
    with pytest.raises(TimeoutError):
        framing.read_frame_before(r, time.monotonic() + 0.2)


def test_a_stream_that_ends_mid_frame_is_a_frame_error(pipe):
    r, w = pipe
    os.write(w, framing.encode({"id": 1})[:6])
    os.close(w)
    with pytest.raises(framing.FrameError, match="closed"):
        framing.read_frame_before(r, time.monotonic() + 30)


def test_a_frame_over_the_limit_is_refused_before_its_body_is_read(pipe):
    r, w = pipe
    os.write(w, framing.HEADER.pack(framing.MAX_FRAME + 1))
    with pytest.raises(framing.FrameError, match="over the limit"):
        framing.read_frame_before(r, time.monotonic() + 30)


def test_two_frames_back_to_back_are_read_one_at_a_time(pipe):
    r, w = pipe
    os.write(w, framing.encode({"id": 1}) + framing.encode({"id": 2}))
    assert framing.read_frame_before(r, time.monotonic() + 30) == {"id": 1}
    assert framing.read_frame_before(r, time.monotonic() + 30) == {"id": 2}
