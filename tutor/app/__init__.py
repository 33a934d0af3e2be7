"""The full-screen Textual app (``autograd-tutor`` with no subcommand).

Never imports torch: code runs in the kernel process (tutor.kernel) and
checks in the grader's workers (tutor.grade). ``docs/app.md`` describes it.
"""

from __future__ import annotations


def run(pack_ref: str | None = None, lang: str | None = None, device: str = "auto") -> int:
    from tutor.app.main import run as _run

    return _run(pack_ref, lang, device)
