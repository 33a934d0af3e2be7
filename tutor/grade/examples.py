"""``pack check`` runs every lesson example and compares what it prints
with the ``output:`` the lesson states, and runs every claim (code that
proves a sentence of the body) (lessons never lie).

Each example runs like any other code: in the grader's sandboxed workers,
with ``torch``, ``nn``, ``F``, ``device`` ("cpu") and ``seed`` (0) bound, as
the learner's REPL has them. An example marked ``compare: false`` (a timing,
an address) must still run without raising.
"""

from __future__ import annotations

import os
from pathlib import Path

from tutor.grade.lazytorch import uses_lazy_torch
from tutor.grade.protocol import RunRequest
from tutor.i18n import _
from tutor.pack.yamlsource import load_yaml

TIMEOUT = 60.0  # seconds per example


def check_examples(pack, grader) -> list[str]:
    """One line per example that raises or prints other than its lesson says:
    ``path:line: example N prints X, the lesson says Y``."""
    places = _places(pack)
    examples = [(lesson, n, example) for lesson in pack.lessons for n, example in enumerate(lesson.examples)]
    requests = [RunRequest(setup="", code=example.code, seed=0, timeout=TIMEOUT, limits=grader.limits)
                for _, _, example in examples]
    problems = []
    grader.plan(len(requests), warm=uses_lazy_torch(*(request.code for request in requests)),
                needing=sum(map(grader.pool.needs_warm, requests)))
    for (lesson, n, example), reply in zip(examples, grader.pool.run_many(requests)):
        where = places.get((lesson.id, n), f"{lesson.id}:1")
        label = f"example {n + 1}"
        if not reply.finished:
            why = reply.exit.why or reply.exit.signal or reply.exit.code
            problems.append(f"{where}: {label} did not finish ({reply.status}: {why})")
        elif reply.payload.error is not None:
            error = reply.payload.error
            first = error.message.strip().splitlines()[0][:200] if error.message.strip() else ""
            problems.append(f"{where}: {label} raised {error.type}: {first}")
        elif example.compare and reply.output_truncated:
            problems.append(f"{where}: {label} prints more than the grader keeps; shorten it or mark it compare: false")
        elif example.compare and reply.output != example.output:
            said, printed = _first_difference(example.output, reply.output)
            problems.append(f"{where}: {label} prints {printed!r}, the lesson says {said!r}")
    return problems


def check_claims(pack, grader) -> list[str]:
    """One line per claim whose code raises or prints other than its ``output``:
    ``path:line: claim N (anchor "...") fails: <first line of the error or the difference>``."""
    places = _places(pack, "claims", "anchor")
    problems = []
    for lesson, n, claim, why in run_claims(pack, grader):
        if why is not None:
            where = places.get((lesson.id, n), f"{lesson.id}:1")
            problems.append(_("{where}: claim {n} (anchor \"{anchor}\") fails: {why}").format(
                where=where, n=n + 1, anchor=_short(claim.anchor.en), why=why))
    return problems


def run_claims(pack, grader) -> list[tuple]:
    """(lesson, index, claim, why it fails or None) for every claim of the pack, run together."""
    claims = [(lesson, n, claim) for lesson in pack.lessons for n, claim in enumerate(lesson.claims)]
    requests = [RunRequest(setup="", code=claim.code, seed=0, timeout=TIMEOUT, limits=grader.limits)
                for _, _, claim in claims]
    grader.plan(len(requests), warm=uses_lazy_torch(*(request.code for request in requests)),
                needing=sum(map(grader.pool.needs_warm, requests)))
    return [(lesson, n, claim, claim_failure(claim, reply))
            for (lesson, n, claim), reply in zip(claims, grader.pool.run_many(requests))]


def claim_failure(claim, reply) -> str | None:
    """Why a claim's run disproves it, in one line; None when it holds."""
    if not reply.finished:
        why = reply.exit.why or reply.exit.signal or reply.exit.code
        return _("did not finish ({status}: {why})").format(status=reply.status, why=why)
    if reply.payload.error is not None:
        error = reply.payload.error
        first = error.message.strip().splitlines()[0][:200] if error.message.strip() else ""
        text = f"{error.type}: {first}" if first else error.type
        if error.line is not None:
            lines = claim.code.splitlines()
            if 0 < error.line <= len(lines):
                text += _(" (line {line}: {source})").format(line=error.line, source=lines[error.line - 1].strip())
        return text
    if claim.output is None:
        return None
    if reply.output_truncated:
        return _("prints more than the grader keeps; shorten it or leave out its output")
    if reply.output != claim.output:
        said, printed = _first_difference(claim.output, reply.output)
        return _("prints {printed!r}, the claim says {said!r}").format(printed=printed, said=said)
    return None


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _first_difference(said: str, printed: str) -> tuple[str, str]:
    """The first line where the two differ, from each (a whole line, or end of output)."""
    a, b = said.splitlines(), printed.splitlines()
    for x, y in zip(a, b):
        if x != y:
            return x, y
    if len(a) != len(b):
        return (a[len(b)] if len(a) > len(b) else "<end>"), (b[len(a)] if len(b) > len(a) else "<end>")
    return said, printed  # they differ in a final newline


def _places(pack, key: str = "examples", field: str = "output") -> dict[tuple[str, int], str]:
    """(lesson id, example index) -> "path:line" of its ``output:`` (or of the example);
    with ``key="claims"``, of each claim's ``field``."""
    out = {}
    for path in sorted((Path(pack.root) / "lessons").glob("*.y*ml")):
        try:
            data, source, _ = load_yaml(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        if not isinstance(data, dict) or not isinstance(data.get(key), list):
            continue
        shown = _shown(path)
        for n, _item in enumerate(data[key]):
            pos = source.key((key, n, field))
            out[(data.get("id"), n)] = f"{shown}:{pos.line}"
    return out


def _shown(path: Path) -> str:
    """Relative to the current folder when inside it, else absolute."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)
    return str(path) if relative.startswith("..") else relative
