"""The kernel protocol: plain dataclass messages and their codec.

This module is torch-free: the UI process imports it. Messages travel as
JSON lines, one message per line, each an object with a ``"type"`` tag
naming the dataclass and its fields beside it. Requests go from the client
to the kernel's stdin; events come back on the kernel's stdout (the kernel
moves its own fds 1 and 2 aside so learner and C-level output cannot corrupt
the stream). ``docs/architecture.md`` describes the exchange.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, Union

from tutor.gcpause import paused as gc_paused

PROTOCOL_VERSION = 2  # 2: GraphChange (graphwire.py)

# --- requests (client -> kernel) -------------------------------------------


@dataclass(frozen=True)
class Execute:
    """Run ``code`` in the namespace; ends with ``Done`` carrying the same id.

    ``scratch`` runs it in a second namespace of its own (lesson examples),
    which the exercise's names never see; a ``Reset`` empties both."""

    id: str
    code: str
    scratch: bool = False


@dataclass(frozen=True)
class Interrupt:
    """Raise KeyboardInterrupt in the running code (ignored when idle)."""


@dataclass(frozen=True)
class Complete:
    """Complete the name or attribute ending at ``cursor`` in ``code``.

    Answered with ``Completions`` even while code runs."""

    id: str
    code: str
    cursor: int


@dataclass(frozen=True)
class Reset:
    """Start a fresh namespace (torch, nn, F, device, seed) and run ``setup`` in it."""

    id: str
    setup: str = ""
    seed: int = 0


@dataclass(frozen=True)
class Snapshot:
    """Send the namespace's graph now, changed or not; ends with ``Done``."""

    id: str


@dataclass(frozen=True)
class Shutdown:
    """Exit cleanly."""


# --- events (kernel -> client) ----------------------------------------------


@dataclass(frozen=True)
class Ready:
    """First event of every kernel process. ``note`` explains a device fallback."""

    protocol: int
    pid: int
    python: str
    torch: str
    device: str
    threads: int
    graph: bool
    note: str = ""


@dataclass(frozen=True)
class Stream:
    """A chunk of output; ``name`` is "stdout" or "stderr"."""

    id: str
    name: str
    text: str


@dataclass(frozen=True)
class Result:
    """The repr of a cell's last expression, as the Python REPL would echo it."""

    id: str
    repr: str


@dataclass(frozen=True)
class Error:
    """An exception the code raised; ``traceback`` shows only the learner's frames."""

    id: str
    ename: str
    evalue: str
    traceback: str


@dataclass(frozen=True)
class Graph:
    """A graph snapshot (``GraphSnapshot.to_dict()``) and its canonical hash.

    The kernel sends the snapshot as ``EncodedJSON`` (it encoded it once
    already, for the hash); a decoded message always holds the dict."""

    id: str
    hash: str
    snapshot: dict[str, Any] | EncodedJSON


@dataclass(frozen=True)
class GraphChange:
    """What changed since the snapshot whose hash is ``base`` (NOTE [send
    what changed] in graphwire.py); the client hands on the whole ``Graph``.

    ``nodes`` and ``edges`` are ``[start, end, items]``: the base's
    ``[start:end]`` replaced by ``items``; ``rest`` is every other field."""

    id: str
    hash: str
    base: str
    nodes: list | EncodedJSON
    edges: list
    rest: dict[str, Any]


@dataclass(frozen=True)
class Completions:
    """Candidates replacing ``code[start:cursor]``."""

    id: str
    start: int
    matches: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Done:
    """A request finished. ``status`` is "ok", "error" or "interrupted"."""

    id: str
    status: str
    cell: int
    seconds: float


@dataclass(frozen=True)
class KernelDied:
    """Made by the client, never sent by a kernel: the process ended unasked.

    ``message`` is one line for the learner; ``restarting`` says whether a
    fresh kernel (with the setup re-run) is on its way."""

    exit_code: int | None
    message: str
    restarting: bool


Request = Union[Execute, Interrupt, Complete, Reset, Snapshot, Shutdown]
Event = Union[Ready, Stream, Result, Error, Graph, GraphChange, Completions, Done, KernelDied]

_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Execute, Interrupt, Complete, Reset, Snapshot, Shutdown,
        Ready, Stream, Result, Error, Graph, GraphChange, Completions, Done, KernelDied,
    )
}


class ProtocolError(ValueError):
    """A line that is not a message of this protocol."""


_FIELDS: dict[type, tuple[str, ...]] = {}


class EncodedJSON(str):
    """A field's value already written as JSON by ``json.dumps`` (ASCII, one
    line): ``encode`` puts it in the line as it is instead of encoding the
    value again. Only for text the kernel's own code made: a 10k-node graph
    snapshot costs some 100 ms to encode."""


def encode(message: Request | Event) -> bytes:
    """One message as one JSON line (UTF-8, newline-terminated)."""
    # Shallow: the fields are plain JSON data already, and asdict's deep copy
    # of a 10k-node graph snapshot cost more than encoding it.
    names = _FIELDS.get(type(message))
    if names is None:
        names = _FIELDS[type(message)] = tuple(f.name for f in dataclasses.fields(message))
    body = {name: getattr(message, name) for name in names}
    body["type"] = type(message).__name__
    encoded = [(name, value) for name, value in body.items() if isinstance(value, EncodedJSON)]
    for name, _ in encoded:
        del body[name]
    # ensure_ascii keeps the line free of raw newlines and odd code points.
    line = json.dumps(body, separators=(",", ":"))
    if encoded:  # the body is never empty (it has "type"): each goes in before its closing brace
        line = line[:-1] + "".join(f",{json.dumps(name)}:{value}" for name, value in encoded) + "}"
    return line.encode() + b"\n"


def decode(line: bytes | str) -> Request | Event:
    """Parse one line made by ``encode``; raises ``ProtocolError`` otherwise."""
    try:
        with gc_paused():  # a graph message: thousands of dicts (tutor/gcpause.py)
            body = json.loads(line)
        cls = _TYPES[body.pop("type")]
        return cls(**body)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ProtocolError(f"not a kernel message: {line[:200]!r}") from exc

