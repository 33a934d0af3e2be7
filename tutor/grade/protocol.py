"""The typed run protocol between the grader, its workers and their runs.

Frames on the wire are length-prefixed JSON (framing.py). Each frame is
decoded into one of the dataclasses below exactly once, where it is read:

* ``RunRequest`` (grader -> monitor): what to run and which probes to read.
  The grader builds it; the monitor decodes it with ``RunRequest.from_wire``.
* ``WorkerHello`` (zygote -> grader): the worker is ready.
* ``RunReply`` (monitor -> grader): how the run ended (``ExitRecord``), its
  output tail and, when it finished, its ``RunPayload``. What a run wrote is
  untrusted: ``RunReply.from_wire`` validates the frame's structure and
  replaces anything malformed by ``status="invalid"``, so nothing downstream
  re-checks types. The probes' own data (one plain mapping per probe key)
  is left to the check kind that asked for it: only that kind knows its shape.

Torch-free: both sides import it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

# How a run ended, as the monitor saw it.
#   ok       its payload came back (the code may still have raised: RunPayload.error)
#   timeout  over its time limit (CPU time when jailed, else wall clock)
#   died     it ended without a payload: crashed, exited, killed, or over a limit
#   invalid  what it sent back is not a payload (set by RunReply.from_wire)
#   lost     the grader's fault, not the code's: the run was killed from outside
#            its sandbox, its monitor or worker died, a frame was cut short.
#            The pool runs it again; a verdict never rests on a lost run.
STATUSES = ("ok", "timeout", "died", "invalid", "lost")
# What a run can be asked to read (child.py has one reader per kind).
PROBE_KINDS = ("grad", "flags", "value", "graph", "gradcheck", "gradgradcheck", "observed", "namespace")
PHASES = ("setup", "code")
# The file names a run's tracebacks give the setup and the code (raised.py),
# and the grader's own compile of the code (feedback.compile_error).
SETUP_FILE = "<setup>"
CODE_FILE = "<your code>"


class ProtocolError(ValueError):
    """A frame from the trusted side (the grader) that is not a request."""


@dataclass(frozen=True, slots=True)
class Probe:
    """One thing a run reads after the code: ``key`` names it in the payload. No ``__dict__``, and its
    options read-only once decoded: the run's code could reach a probe through the run's frame and plant a
    key in a dict the grader's reads look up in (round 37's third attacker; NOTE [a class made to run at a
    lookup], lookups.py)."""

    key: str
    kind: str
    name: str | None = None  # the namespace name it reads, where it reads one
    expr: str | None = None  # for "value": the expression evaluated
    options: Mapping[str, Any] = field(default_factory=dict)  # kind-specific settings (plain JSON data)

    def to_wire(self) -> dict:
        out = {"key": self.key, "kind": self.kind, **self.options}
        if self.name is not None:
            out["name"] = self.name
        if self.expr is not None:
            out["expr"] = self.expr
        return out

    @classmethod
    def from_wire(cls, data: Any) -> "Probe":
        if not isinstance(data, dict) or not isinstance(data.get("key"), str) or data.get("kind") not in PROBE_KINDS:
            raise ProtocolError(f"not a probe: {data!r:.200}")
        options = MappingProxyType({k: v for k, v in data.items() if k not in ("key", "kind", "name", "expr")})
        return cls(data["key"], data["kind"], data.get("name"), data.get("expr"), options)


@dataclass(frozen=True)
class Limits:
    memory_bytes: int = 2 << 30
    output_bytes: int = 1 << 20
    disk_bytes: int | None = None  # the run's /tmp and file size cap (jail.TMP_BYTES when None)
    processes: int | None = None  # processes of the whole run (64 when None)

    def to_wire(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass(frozen=True)
class RunRequest:
    setup: str
    code: str
    seed: int
    timeout: float
    probes: tuple[Probe, ...] = ()
    device: str = "cpu"
    limits: Limits = field(default_factory=Limits)
    # Plain data from earlier runs, bound as dicts of names (a python check's judge run).
    bind: Mapping[str, Any] = field(default_factory=dict)
    jail: bool = True  # False: a plain child process even where namespaces work (tests)
    workdir: str | None = None  # set by the monitor for a run without a jail
    id: int = 0  # set by the pool per worker; the reply echoes it (a stale reply is told apart)
    # A benchmark's switch (bench/bench_phases.py): the monitor and the run
    # note when each phase ended (RunReply.phases). Never read for a verdict.
    profile: bool = False

    def to_wire(self) -> dict:
        out = {"setup": self.setup, "code": self.code, "seed": self.seed, "device": self.device,
               "timeout": self.timeout, "probes": [p.to_wire() for p in self.probes],
               "limits": self.limits.to_wire()}
        if self.bind:
            out["bind"] = dict(self.bind)
        if not self.jail:
            out["jail"] = False
        if self.id:
            out["id"] = self.id
        if self.profile:
            out["profile"] = True
        return out

    @classmethod
    def from_wire(cls, data: Any) -> "RunRequest":
        if not isinstance(data, dict):
            raise ProtocolError("a request is a mapping")
        try:
            limits = data.get("limits") or {}
            return cls(setup=str(data.get("setup", "")), code=str(data.get("code", "")),
                       seed=int(data.get("seed", 0)), timeout=float(data.get("timeout", 10)),
                       probes=tuple(Probe.from_wire(p) for p in data.get("probes", [])),
                       device=str(data.get("device", "cpu")),
                       limits=Limits(**{k: int(v) for k, v in limits.items() if k in Limits.__dataclass_fields__}),
                       bind=dict(data.get("bind") or {}), jail=bool(data.get("jail", True)),
                       id=int(data.get("id") or 0), profile=data.get("profile") is True)
        except (TypeError, ValueError, AttributeError) as exc:
            raise ProtocolError(f"not a request: {exc}") from None

    def probe(self, kind: str) -> Probe | None:
        return next((p for p in self.probes if p.kind == kind), None)


@dataclass(frozen=True)
class WorkerHello:
    torch: str
    pid: int
    jail: bool  # runs get namespaces of their own in this worker
    uid: int

    @classmethod
    def from_wire(cls, data: Any) -> "WorkerHello":
        if not isinstance(data, dict) or data.get("ready") is not True:
            raise ProtocolError("the grading worker did not say it is ready")
        return cls(str(data.get("torch", "")), int(data.get("pid", 0)), bool(data.get("jail")),
                   int(data.get("uid", -1)))

    def to_wire(self) -> dict:
        return {"ready": True, "torch": self.torch, "pid": self.pid, "jail": self.jail, "uid": self.uid}


@dataclass(frozen=True)
class ExitRecord:
    """How a run's process ended, when it ended without a payload."""

    signal: int | None = None
    code: int | None = None
    why: str = ""  # the monitor's words: a limit enforced, malformed data, ...

    def to_wire(self) -> dict:
        return {k: v for k, v in (("signal", self.signal), ("code", self.code), ("why", self.why))
                if v is not None and v != ""}

    @classmethod
    def from_wire(cls, data: Any) -> "ExitRecord":
        if not isinstance(data, dict):
            return cls()
        signal, code = data.get("signal"), data.get("code")
        return cls(signal if _is_int(signal) else None, code if _is_int(code) else None,
                   str(data.get("why") or "")[:500])


@dataclass(frozen=True)
class RunError:
    """The exception the setup or the code raised (the run's description of it)."""

    type: str
    message: str
    traceback: str
    phase: str  # "setup" or "code"
    module: str = ""
    mro: tuple[str, ...] = ()
    line: int | None = None
    # "library" (torch, numpy or Python raised it), "code" (a raise
    # statement the submission wrote; see raised.exception_origin) or
    # "grader" (an operation in the grader's own code failed: NOTE [an error
    # in the grader's own code], raised.py).
    origin: str = "code"

    @classmethod
    def from_wire(cls, data: Any) -> "RunError":
        if not isinstance(data, dict):
            raise ValueError("an error record is a mapping")
        mro = data.get("mro")
        phase = data.get("phase")
        line = data.get("line")
        return cls(type=str(data.get("type", "")), message=str(data.get("message", "")),
                   traceback=str(data.get("traceback", "")), phase=phase if phase in PHASES else "code",
                   module=str(data.get("module", "")),
                   mro=tuple(m for m in mro if isinstance(m, str)) if isinstance(mro, list) else (),
                   line=line if _is_int(line) else None,
                   origin=data["origin"] if data.get("origin") in ("library", "grader") else "code")


@dataclass(frozen=True)
class RunPayload:
    """What a finished run sent back: the exception, if any, and its probes' data. ``unwarmed``: the run
    had to import torch's lazy parts itself, forked before its worker warmed up (NOTE [a run that started
    cold, run again], lazytorch.py): the run's word, so it buys a run again at most, never a verdict."""

    error: RunError | None
    probes: Mapping[str, Any]
    unwarmed: bool = False

    @classmethod
    def from_wire(cls, data: Any) -> "RunPayload":
        if not isinstance(data, dict) or not isinstance(data.get("probes", {}), dict):
            raise ValueError("a payload is a mapping with a mapping of probes")
        error = data.get("error")
        # Each probe's data is judged by the kind that asked for it (a
        # value that is not a mapping fails that check alone).
        probes = dict(data.get("probes", {}))
        return cls(None if error is None else RunError.from_wire(error), probes, data.get("unwarmed") is True)


@dataclass(frozen=True)
class RunReply:
    status: str
    payload: RunPayload | None = None
    exit: ExitRecord = field(default_factory=ExitRecord)
    output: str = ""
    output_truncated: bool = False
    elapsed: float = 0.0
    jailed: bool = False
    # Only for a request with ``profile``: (phase, monotonic time) as the
    # monitor and the run noted them. The run's part is what the run says:
    # a benchmark's figures, never evidence for a verdict.
    phases: tuple = ()

    @property
    def finished(self) -> bool:
        """The run sent its payload back (its code may still have raised)."""
        return self.status == "ok" and self.payload is not None

    def probes(self) -> Mapping[str, Any]:
        return self.payload.probes if self.payload is not None else {}

    @property
    def grader_fault(self) -> bool:
        return self.status == "lost"

    @property
    def started_cold(self) -> bool:
        """NOTE [a run that started cold, run again] (lazytorch.py)."""
        return self.payload is not None and self.payload.unwarmed

    @classmethod
    def lost(cls, why: str) -> "RunReply":
        """A run the grader lost (its worker went away before it replied)."""
        return cls("lost", exit=ExitRecord(why=why))

    @property
    def skipped(self) -> bool:
        return self.status == "skipped"

    @classmethod
    def skip(cls) -> "RunReply":
        """A hidden trial's run not made (NOTE [hidden trials after a failed run], queued.py). Never on
        the wire: STATUSES leaves it out, so no worker can claim it."""
        return cls("skipped", exit=ExitRecord(why="not run: a visible trial's run failed as a whole"))

    @classmethod
    def from_wire(cls, data: Any) -> "RunReply":
        if not isinstance(data, dict) or data.get("status") not in STATUSES:
            return cls("invalid", exit=ExitRecord(why="the grading worker sent a malformed reply"))
        elapsed = data.get("elapsed")
        common = dict(exit=ExitRecord.from_wire(data.get("exit")),
                      output=data["output"] if isinstance(data.get("output"), str) else "",
                      output_truncated=data.get("output_truncated") is True,
                      elapsed=float(elapsed) if _is_number(elapsed) and elapsed >= 0 else 0.0,
                      jailed=data.get("jailed") is True, phases=_phases(data))
        if data["status"] != "ok":
            return cls(data["status"], **common)
        try:
            return cls("ok", RunPayload.from_wire(data.get("payload")), **common)
        except ValueError:
            return cls("invalid", **common)



MAX_PHASES = 64


def _phases(data: dict) -> tuple:
    """The monitor's and the run's phase marks, where a profiled run sent
    them: (name, time) pairs, at most MAX_PHASES of each, anything else
    dropped."""
    if not isinstance(data.get("phases"), list):  # only a profiled run's monitor sends them
        return ()
    payload = data.get("payload")
    found = []
    for marks in (data.get("phases"), payload.get("phases") if isinstance(payload, dict) else None):
        if not isinstance(marks, list):
            continue
        found += [(m[0][:40], float(m[1])) for m in marks[:MAX_PHASES]
                  if isinstance(m, list) and len(m) == 2 and isinstance(m[0], str) and _is_number(m[1])]
    return tuple(found)


def reply_frame(status: str, payload: Any, exit: ExitRecord, output: str, output_truncated: bool,
                elapsed: float, jailed: bool, request_id: int | None = None, phases: list | None = None) -> dict:
    """The monitor's reply, as it goes on the wire. ``payload`` is the run's
    frame as the monitor received it: relayed, never interpreted there.
    ``request_id`` None: the zygote's reply for a monitor that died (it
    never knew the request; it is the one in flight)."""
    return {"status": status, "payload": payload, "exit": exit.to_wire(), "output": output,
            "output_truncated": output_truncated, "elapsed": round(elapsed, 6), "jailed": jailed,
            "id": request_id, **({"phases": phases} if phases else {})}


# NOTE [a reply grown past its frame]: a run's data is under MAX_REPLY as the run wrote it, but JSON's
# escapes grow it when the monitor writes its reply (an emoji is 4 bytes of UTF-8, 12 as "\ud83d\ude00"):
# past MAX_FRAME, the grader refused the reply and ended the worker, a fault of the grader's, run again
# and again (found by a security probe). It is the run's doing: too much data.
def too_big(reply: dict) -> dict:
    """``reply`` (reply_frame's) without the run's data, which is too big once encoded."""
    return {**{k: v for k, v in reply.items() if k != "phases"}, "status": "died", "payload": None,
            "exit": ExitRecord(why="the run sent too much data").to_wire()}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
