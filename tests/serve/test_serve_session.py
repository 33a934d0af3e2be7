"""A browser session's processes end when it stops, even when its app will
not quit and its children hold the app's output open (the case that hangs
textual-serve's own stop). The app here is a stand-in process that does
exactly that; the session code under test is the real one."""

from __future__ import annotations

import asyncio
import sys
import textwrap

import pytest
from serve_support import alive, wait_gone

pytestmark = [pytest.mark.timeout(120), pytest.mark.skipif(not sys.platform.startswith("linux"),
                                                          reason="the process tree is read from /proc")]

STUBBORN = textwrap.dedent("""
    import os, signal, subprocess, sys, time
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    # children that inherit the app's stdout: one in its own session, as the kernel is
    kids = [subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"]),
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], start_new_session=True)]
    sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
    with open(sys.argv[1] + ".tmp", "w") as f:
        f.write(" ".join(str(k.pid) for k in kids))
    os.rename(sys.argv[1] + ".tmp", sys.argv[1])
    while True:
        time.sleep(1)  # never reads the quit request
""")


def test_a_session_that_will_not_quit_still_ends_with_its_children(monkeypatch, tmp_path):
    from textual_serve.download_manager import DownloadManager

    from tutor import serve_session
    from tutor.serve_session import SessionService

    monkeypatch.setattr(serve_session, "QUIT_GRACE", 1.0)
    monkeypatch.setattr(serve_session, "OUTPUT_GRACE", 1.0)

    async def go():
        received: list[bytes] = []

        async def write(data):
            received.append(data)

        async def close():
            pass

        pid_file = tmp_path / "children"
        session = SessionService([sys.executable, "-c", STUBBORN, str(pid_file)], environment={}, write_bytes=write,
                                 write_str=write, close=close, download_manager=DownloadManager())
        await session.start(80, 24)
        for _ in range(600):  # the stand-in names its children once they run
            if pid_file.exists():
                break
            await asyncio.sleep(0.1)
        kids = [int(pid) for pid in pid_file.read_text().split()]
        pids = [session.pid, *kids]
        assert len(alive(pids)) == 3
        await asyncio.wait_for(session.stop(), 30)  # bounded, though nothing in it wants to stop
        await session.stop()  # twice is harmless
        return pids

    pids = asyncio.run(go())
    wait_gone(pids, "the stand-in app and its children", timeout=30)
