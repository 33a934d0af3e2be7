"""The platform writers are plain string work: importing them loads no torch and no UI."""

from __future__ import annotations

import subprocess
import sys

WRITERS = ("common", "junit", "gradescope", "classroom", "actions", "prairielearn")


def test_platform_writers_load_no_torch_and_no_ui():
    code = ("import sys\n" + "".join(f"import tutor.reports.{m}\n" for m in WRITERS)
            + "print('\\n'.join(sys.modules))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())
    assert {f"tutor.reports.{m}" for m in WRITERS} <= loaded  # the check sees what it checks
    assert not {m for m in loaded if m.split(".")[0] in ("torch", "textual", "prompt_toolkit")}
