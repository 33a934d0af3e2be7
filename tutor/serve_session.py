"""One browser session of ``autograd-tutor serve``: the app's processes, from
the websocket's open to nothing left.

textual-serve's ``AppService`` runs the command through a shell and, to
stop, only asks the app to quit, then waits for its output to end (which a
child holding that output can keep open for ever). Here the app is started
without a shell, leads a process group of its own, and stopping it is
bounded: ask it to quit (it shuts its kernel and grader down), wait a few
seconds, then SIGKILL whatever is left of its process tree, found before
it was asked (tutor.serve_procs).
"""

from __future__ import annotations

import asyncio
import logging
import os

from textual_serve.app_service import AppService

from tutor import serve_procs

log = logging.getLogger("autograd-tutor.serve")

QUIT_GRACE = 5.0  # seconds the app has to quit by itself (its kernel's own shutdown waits 2 s)
OUTPUT_GRACE = 2.0  # then, for the last of its output


class SessionService(AppService):
    """The app process of one browser session (an ``AppService`` that never outlives its stop)."""

    def __init__(self, argv: list[str], *, environment: dict[str, str], drop_env: tuple[str, ...] = (),
                 **kwargs) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv
        self.environment = environment
        self.drop_env = drop_env
        self._stopped = False

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width=width, height=height)
        for name in self.drop_env:
            env.pop(name, None)
        env.update(self.environment)
        env[serve_procs.PARENT_ENV] = str(os.getpid())
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24):
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,  # a Ctrl-C at the server's terminal is the server's to handle
        )
        self._stdin = process.stdin
        return process

    async def stop(self) -> None:
        """Ask the app to quit; a few seconds later, end what is left of it. Idempotent."""
        if self._stopped or self._process is None:
            return
        self._stopped = True
        process, task = self._process, self._task
        procs = serve_procs.tree(process.pid) if serve_procs.linux() else []
        try:
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        except Exception:  # noqa: BLE001 - best effort: the processes are what matters
            pass
        if process.returncode is None:
            await self.send_meta({"type": "quit"})
            try:
                await asyncio.wait_for(process.wait(), QUIT_GRACE)
            except asyncio.TimeoutError:
                log.warning("session %s: the app did not quit in %.0f s; ending it", process.pid, QUIT_GRACE)
        # The app has gone (or is about to be ended): so must its kernel and grader.
        if procs:
            serve_procs.kill(procs)
        else:
            serve_procs.kill_group(process.pid)
        if process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), OUTPUT_GRACE)
            except asyncio.TimeoutError:
                pass
        if task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(task), OUTPUT_GRACE)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                task.cancel()
        self._task = None
