"""Start-up stays light: the app's first frame and the pack commands on an
unchanged pack import nothing heavy (issue 19; bench/bench_app.py and
bench/bench_cli.py have the timings)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACK = str(REPO / "tests" / "app" / "pack")

# Nothing of this is needed for the first frame.
NOT_BEFORE_THE_FIRST_FRAME = ("torch", "numpy", "pydantic", "yaml", "markdown_it", "pygments",
                              "tutor.pack.models", "tutor.pack.loader", "tutor.app.screens.main",
                              "tutor.kernel.client", "tutor.grade", "sqlite3")

FIRST_FRAME = r"""
import sys
from tutor.app.main import TutorApp
from tutor.app.services import Services

def painted():
    print("LOADED", " ".join(sorted(sys.modules)), flush=True)
    app.exit()

app = TutorApp(Services(pack_ref=sys.argv[1], device="cpu"), on_first_paint=painted)
app.run(headless=True, size=(120, 40))
"""


def _env(tmp_path: Path) -> dict:
    return {**os.environ, "AUTOGRAD_TUTOR_HOME": str(tmp_path / "home"),
            "AUTOGRAD_TUTOR_CACHE": str(tmp_path / "cache")}


def test_the_first_frame_comes_before_anything_heavy(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, PACK], capture_output=True, text=True,
                         env=_env(tmp_path), cwd=REPO, timeout=300).stdout
    loaded = set(out.split("LOADED", 1)[1].split())
    heavy = {m for m in loaded for name in NOT_BEFORE_THE_FIRST_FRAME if m == name or m.startswith(name + ".")}
    assert not heavy


# What is on screen when the lesson first is, and then what the main screen opened.
LESSON_FIRST = r"""
import sys
from tutor.app.main import TutorApp
from tutor.app.screens.start import StartScreen
from tutor.app.services import Services

show_preview = StartScreen.show_preview

def preview_shown(screen, preview):
    show_preview(screen, preview)
    def painted():
        shown = " | ".join(str(w.visual) for w in screen.query("#start-lesson Static"))
        print("PREVIEW", preview.exercise_id, "LOADED", " ".join(sorted(sys.modules)), flush=True)
        print("SHOWN", shown.replace("\n", " "), flush=True)
    app.call_after_refresh(painted)

StartScreen.show_preview = preview_shown

def opened():
    main = app.main
    if main is not None and main.exercise is not None:
        print("MAIN", main.exercise.id, flush=True)
        app.exit()

sys.path.insert(0, "tests/app")
from app_fakes import FakeKernel

app = TutorApp(Services(pack_ref=sys.argv[1], device="cpu", kernel_factory=lambda device: FakeKernel()),
              on_first_paint=lambda: app.set_interval(0.01, opened))
app.run(headless=True, size=(120, 40))
"""


def _lines(out: str, word: str) -> list[str]:
    return [line.split(" ", 1)[1] for line in out.splitlines() if line.startswith(word + " ")]


def test_the_lesson_shows_from_the_cache_before_the_models_load_and_it_is_the_one_that_opens(tmp_path: Path) -> None:
    from tutor.progress import ProgressStore

    env = _env(tmp_path)
    subprocess.run([sys.executable, "-m", "tutor", "--pack", PACK, "list"], env=env, cwd=REPO, check=True,
                   capture_output=True)  # validates the pack: the cache holds it now
    db = tmp_path / "home" / "progress.db"
    with ProgressStore(db) as store:  # the learner solved the first exercise and stopped on the second
        store.record_attempt("app-test", "make-a-leaf", score=2, max_score=2)
        store.set_current("app-test", "make-a-leaf")
    out = subprocess.run([sys.executable, "-c", LESSON_FIRST, PACK], capture_output=True, text=True, env=env,
                         cwd=REPO, timeout=300).stdout
    preview = _lines(out, "PREVIEW")
    assert preview, out
    exercise, loaded = preview[0].split(" LOADED ")
    # where work resumes: make-a-leaf is solved, so the next unsolved one
    assert exercise == "always-solution"
    assert _lines(out, "MAIN") == ["always-solution"]
    shown = _lines(out, "SHOWN")[0]
    assert "Task: Double it" in shown and "z = 2 * a" in shown and "Two paths" in shown
    assert "`" not in shown  # inline code is styled, not shown as Markdown
    assert "App test pack › 3/3 · ○ new" in shown
    heavy = {"pydantic", "yaml", "torch", "tutor.pack.models", "tutor.pack.loader", "tutor.app.screens.main"}
    assert not heavy & set(loaded.split())


def test_without_the_pack_in_the_cache_the_main_screen_comes_with_no_preview(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-c", LESSON_FIRST, PACK], capture_output=True, text=True,
                         env=_env(tmp_path), cwd=REPO, timeout=300).stdout
    assert not _lines(out, "PREVIEW")
    assert _lines(out, "MAIN") == ["linear-gradients"]  # the first one: nothing solved yet


@pytest.mark.parametrize("command", [["pack", "validate", PACK], ["--pack", PACK, "list"]])
def test_an_unchanged_pack_is_answered_without_pydantic_or_yaml(tmp_path: Path, command: list[str]) -> None:
    probe = ("import sys\nfrom tutor.cli import main\ncode = main(sys.argv[1:])\n"
             "print('LOADED', ' '.join(sorted(sys.modules)))\n")
    env = _env(tmp_path)
    subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, env=env, cwd=REPO, check=True)
    out = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, env=env,
                         cwd=REPO, check=True).stdout
    loaded = set(out.split("LOADED", 1)[1].split())
    assert not {m for m in loaded if m.split(".")[0] in ("pydantic", "yaml", "torch", "numpy", "textual")}
    assert "tutor.pack.models" not in loaded and "tutor.pack.loader" not in loaded


def test_every_command_is_in_the_table_of_who_registers_it() -> None:
    import argparse
    import importlib

    from tutor import cli

    for name in cli.COMMAND_MODULES:
        parser = argparse.ArgumentParser()
        sub = parser.add_subparsers()
        importlib.import_module(name).register(sub)
        for command in sub.choices:
            assert cli.COMMANDS.get(command) == name, command
    full = cli.build_parser()
    registered = next(a for a in full._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert set(registered) == set(cli.COMMANDS)


def test_a_named_command_builds_only_its_own_parser() -> None:
    code = ("import sys; from tutor import cli; cli.build_parser(['--lang', 'en', '--pack', 'list', 'pack', 'validate', 'x'])\n"
            "print(' '.join(m for m in sys.modules if m.startswith('tutor.commands.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True).stdout
    assert set(out.split()) == {"tutor.commands.options", "tutor.commands.pack"}


@pytest.mark.parametrize("argv", [["--help"], ["-h", "list"], ["nosuchcommand"], []])
def test_help_and_unknown_commands_build_every_parser(argv: list[str]) -> None:
    from tutor import cli

    parser = cli.build_parser(argv)
    import argparse

    registered = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert set(registered) == set(cli.COMMANDS)
