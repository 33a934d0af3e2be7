"""Helpers shared by the kernel tests (imported as a plain module)."""

from __future__ import annotations

from tutor.kernel.client import KernelClient, KernelOptions
from tutor.kernel.protocol import Done, Error, Event, Result, Stream

START_TIMEOUT = 120.0


def start_kernel(setup: str = "", **options: object) -> KernelClient:
    options.setdefault("threads", 1)
    options.setdefault("memory_limit_mb", 0)
    client = KernelClient(KernelOptions(**options), setup=setup)  # type: ignore[arg-type]
    client.start()
    client.ready(START_TIMEOUT)
    return client


class Outcome:
    """The events of one request, with the bits tests look at."""

    def __init__(self, events: list[Event]) -> None:
        self.events = events

    @property
    def stdout(self) -> str:
        return "".join(e.text for e in self.events if isinstance(e, Stream) and e.name == "stdout")

    @property
    def stderr(self) -> str:
        return "".join(e.text for e in self.events if isinstance(e, Stream) and e.name == "stderr")

    @property
    def results(self) -> list[str]:
        return [e.repr for e in self.events if isinstance(e, Result)]

    @property
    def error(self) -> Error | None:
        errors = [e for e in self.events if isinstance(e, Error)]
        return errors[-1] if errors else None

    @property
    def done(self) -> Done | None:
        done = [e for e in self.events if isinstance(e, Done)]
        return done[-1] if done else None


def run(client: KernelClient, code: str, timeout: float = 60.0) -> Outcome:
    return Outcome(list(client.run(code, timeout=timeout)))
