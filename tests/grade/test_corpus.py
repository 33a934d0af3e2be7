"""Learner corpus for the built-in pack (issue 11): correct answers written
unlike the reference pass with full score, typical mistakes do not, and fail
for the reason their ``# expect:`` note gives; doing nothing (an empty file,
``pass``, the unchanged starter) scores 0 on every exercise.

Corpus layout: ``tests/corpus/<exercise-id>/ok_<name>.py`` (must pass) and
``bad_<name>.py`` (must not get full score). A bad file's first line is
``# expect: TEXT``: TEXT (case-insensitive) must appear in the label or message
of a failing check, or in the exercise's error text. A second line
``# earns: 0`` says the mistake must earn no point at all (it keeps the
starter's bug, so it is no progress: issue 15).

``gap_<name>.py``: a known false pass, a mistake the exercise's checks do
not catch yet (found by probing the verdicts; docs/grading.md, "Known false
passes"). It is held to what a mistake must do, as an expected failure that
is strict: once a check catches it, the test says so, and the file becomes
a ``bad_`` one.

Everything is graded through the real grader in one batch (one worker pool).
Run ``python tests/grade/test_corpus.py [EXERCISE_ID ...]`` to print verdicts.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from tutor.grade.grader import Grader, Submission
from tutor.pack import load_pack

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
PACK = load_pack(None)
EXERCISES = dict(PACK.exercises)
EXPECT = re.compile(r"^#\s*expect:\s*(.+?)\s*$")


def _corpus_files() -> list[tuple[str, Path]]:
    return [(folder.name, path) for folder in sorted(CORPUS.iterdir()) if folder.is_dir()
            for path in sorted(folder.glob("*.py"))]


FILES = _corpus_files()
NOTHING = {"empty": "", "pass": "pass\n"}


def _cases(only: set[str] | None = None) -> dict[str, tuple]:
    """name -> (exercise, code)"""
    cases = {}
    for ex_id, path in FILES:
        if only is None or ex_id in only:
            cases[f"{ex_id}/{path.name}"] = (EXERCISES[ex_id], path.read_text())
    for ex in EXERCISES.values():
        if only is None or ex.id in only:
            for name, code in NOTHING.items():
                cases[f"{ex.id}/<{name}>"] = (ex, code)
            cases[f"{ex.id}/<starter>"] = (ex, ex.starter or "")
    return cases


def _grade(cases: dict[str, tuple]) -> dict:
    with Grader(jobs=2, timeout=60) as grader:
        graded = grader.grade([Submission(ex, code) for ex, code in cases.values()])
    return dict(zip(cases, graded))


@lru_cache(maxsize=None)
def _results() -> dict:
    return _grade(_cases())


@pytest.fixture(scope="module")
def results():
    return _results()


def _explain(result) -> str:
    lines = [f"status {result.status}, score {result.score}/{result.max_score}"]
    if result.error:
        lines.append("error: " + result.error)
    lines += [f"[{'ok' if c.passed else 'FAIL'}] {c.name}: {c.message}" for c in result.checks]
    return "\n".join(lines)


def test_corpus_covers_every_exercise():
    assert set(EXERCISES) <= {ex_id for ex_id, _ in FILES}, set(EXERCISES) - {ex_id for ex_id, _ in FILES}
    assert {ex_id for ex_id, _ in FILES} <= set(EXERCISES)
    for ex_id in EXERCISES:
        names = [path.name for folder, path in FILES if folder == ex_id]
        assert sum(n.startswith("ok_") for n in names) >= 2, ex_id
        assert sum(n.startswith("bad_") for n in names) >= 3, ex_id
        assert all(n.startswith(("ok_", "bad_", "gap_")) for n in names), names


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("name", [f"{ex_id}/{p.name}" for ex_id, p in FILES if p.name.startswith("ok_")])
def test_correct_answer_passes(results, name):
    result = results[name]
    assert result.status == "passed" and result.score == result.max_score, _explain(result)


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("name", [f"{ex_id}/{p.name}" for ex_id, p in FILES if p.name.startswith("bad_")])
def test_mistake_fails_for_its_reason(results, name):
    ex_id, file = name.split("/")
    first, second = ((CORPUS / ex_id / file).read_text().splitlines() + ["", ""])[:2]
    match = EXPECT.match(first)
    assert match, f"{name}: the first line must be '# expect: <why it fails>'"
    result = results[name]
    assert result.score < result.max_score and result.status != "passed", _explain(result)
    failing = [f"{c.name}\n{c.message}" for c in result.checks if not c.passed] + [result.error]
    assert any(match.group(1).lower() in text.lower() for text in failing), \
        f"expected {match.group(1)!r} among the failures:\n{_explain(result)}"
    if re.match(r"^#\s*earns:\s*0\s*$", second):
        assert result.score == 0.0, _explain(result)


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("name", [
    pytest.param(f"{ex_id}/{p.name}", marks=pytest.mark.xfail(
        strict=True, reason="a known false pass: no check catches this mistake yet (docs/grading.md)"))
    for ex_id, p in FILES if p.name.startswith("gap_")])
def test_known_false_pass(results, name):
    result = results[name]
    assert result.score < result.max_score and result.status != "passed", _explain(result)


@pytest.mark.timeout(3600)
@pytest.mark.parametrize("name", [f"{ex.id}/<{kind}>" for ex in EXERCISES.values()
                                  for kind in (*NOTHING, "starter")])
def test_doing_nothing_earns_nothing(results, name):
    result = results[name]
    assert result.score == 0.0 and result.status != "passed", _explain(result)


if __name__ == "__main__":  # print verdicts of some (or all) exercises
    only = {a for a in sys.argv[1:] if not a.startswith("-")} or None
    for case, result in _grade(_cases(only)).items():
        kind = case.split("/")[1]
        want = "pass" if kind.startswith(("ok_", "gap_")) else "fail"  # a gap: a known false pass
        got = "pass" if result.status == "passed" and result.score == result.max_score else "fail"
        flag = "  " if want == got and not (kind.startswith("<") and result.score) else "XX"
        print(f"{flag} {case}: {result.status} {result.score:g}/{result.max_score:g}")
        if flag == "XX" or "-v" in sys.argv:
            print("   " + _explain(result).replace("\n", "\n   "))
