"""The command line must start fast and never drag in torch or the UI stack."""

import subprocess
import sys

HEAVY = ("torch", "textual", "prompt_toolkit", "numpy", "pydantic", "yaml")


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys; print('\\n'.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return set(out.split())


def test_importing_the_cli_loads_nothing_heavy():
    loaded = _modules_after("import tutor.cli")
    assert not {m for m in loaded if m.split(".")[0] in HEAVY}


def test_building_the_parser_loads_nothing_heavy():
    # --help builds every subcommand's parser; that must stay light too.
    loaded = _modules_after("import tutor.cli; tutor.cli.build_parser()")
    assert not {m for m in loaded if m.split(".")[0] in HEAVY}


def test_loading_a_pack_never_imports_torch():
    loaded = _modules_after("from tutor.pack import load_pack; load_pack(None)")
    assert "torch" not in loaded
    assert "textual" not in loaded


def test_ui_side_modules_never_import_torch():
    """What the UI process uses: the kernel client, the REPL, graph drawing
    and comparison, and the grader (which only compares plain data)."""
    loaded = _modules_after(
        "import tutor.kernel.client, tutor.repl, tutor.graph, tutor.graph.model, tutor.graph.render, "
        "tutor.graph.compare, tutor.grade.grader, tutor.grade.report, tutor.progress"
    )
    assert "torch" not in loaded
