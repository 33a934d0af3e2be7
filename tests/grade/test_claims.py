"""Lesson claims (issue 21): every factual sentence of a lesson body names
code that proves it. ``pack validate`` finds each claim's anchor in the body
of its language (or says path:line:col where it is not); ``pack check`` runs
every claim and reports a false one at its line; and every claim of the
built-in pack holds, one test per claim, read from the one `pack check
builtin` the suite runs (tests/conftest.py, shared with test_pack_check.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import run_cli
from tutor.grade.examples import _places, run_claims
from tutor.grade.grader import Grader
from tutor.pack import load_pack
from tutor.pack.models import Lesson
from tutor.pack.validate import anchor_found, validate_text

PACK = load_pack(None)
CLAIMS = [pytest.param(lesson.id, n, id=f"{lesson.id}[{n}]")
          for lesson in PACK.lessons for n, _ in enumerate(lesson.claims)]


def _scaffold(tmp_path: Path) -> tuple[Path, Path]:
    pack = tmp_path / "claims-pack"
    proc = run_cli("pack", "new", str(pack))
    assert proc.returncode == 0, proc.stderr
    return pack, pack / "lessons" / "01-first-lesson.yaml"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, text
    path.write_text(text.replace(old, new), encoding="utf-8")


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in text)


# ------------------------------------------------------------- validation


def test_an_anchor_missing_from_the_body_fails_validate_with_path_line_col(tmp_path):
    pack, lesson = _scaffold(tmp_path)
    assert run_cli("pack", "validate", str(pack)).returncode == 0
    _edit(lesson, "  - anchor: the gradient of", "  - anchor: the derivative of")
    line = _line_of(lesson, "  - anchor: the derivative of")
    proc = run_cli("pack", "validate", str(pack))
    assert proc.returncode == 1, proc.stdout
    assert (f"{lesson}:{line}:13: claims[0].anchor: anchor 'the derivative of `x ** 2` at `x = 2` is 4' "
            f"is not in the lesson's 'en' body") in proc.stdout, proc.stdout
    assert "Traceback" not in proc.stderr


def _lesson(claims: str, zh_body: str = "叶子张量的梯度\n    存在 `.grad` 里。") -> str:
    return ("id: l\ntitle: {en: L, zh: 课}\nbody:\n  en: |\n    A leaf keeps its\n    gradient in `.grad`.\n"
            f"  zh: |\n    {zh_body}\nclaims:\n{claims}")


def test_anchors_are_found_across_line_breaks_in_each_language():
    claims = ("  - anchor: {en: \"keeps its gradient in `.grad`\", zh: \"梯度存在 `.grad` 里\"}\n"
              "    code: |\n      pass\n")
    model, _, _, issues = validate_text(_lesson(claims), Lesson, "l.yaml")
    assert issues == [] and model is not None and model.claims[0].output is None
    assert anchor_found("keeps its  gradient", "keeps its\ngradient", "en")
    assert not anchor_found("keeps gradient", "keeps its gradient", "en")


def test_a_zh_anchor_not_in_the_zh_body_is_reported_at_its_own_column():
    claims = ("  - anchor: {en: \"keeps its gradient\", zh: \"梯度存在 `.data` 里\"}\n"
              "    code: |\n      pass\n")
    _, _, _, issues = validate_text(_lesson(claims), Lesson, "l.yaml")
    assert [str(i) for i in issues] == [
        "l.yaml:11:44: claims[0].anchor.zh: anchor '梯度存在 `.data` 里' is not in the lesson's 'zh' body"]


def test_a_lesson_with_a_zh_body_needs_a_zh_anchor():
    claims = "  - anchor: keeps its gradient\n    code: |\n      pass\n"
    _, _, _, issues = validate_text(_lesson(claims), Lesson, "l.yaml")
    assert [str(i) for i in issues] == [
        "l.yaml:11:13: claims[0].anchor: missing 'zh' anchor: the lesson has a 'zh' body, so say where the claim "
        "is in it"]


def test_claim_code_that_does_not_parse_is_reported_at_its_line():
    claims = "  - anchor: {en: \"keeps its gradient\", zh: \"梯度\"}\n    code: |\n      x = 1\n      assert x ==\n"
    _, _, _, issues = validate_text(_lesson(claims), Lesson, "l.yaml")
    assert len(issues) == 1 and str(issues[0]).startswith("l.yaml:14:18:"), issues
    assert "claims[0].code: Python syntax error" in str(issues[0])


# ------------------------------------------------------------- pack check


def test_a_false_claim_fails_pack_check_with_its_line(tmp_path):
    pack, lesson = _scaffold(tmp_path)
    _edit(lesson, "assert x.grad.item() == 4.0", "assert x.grad.item() == 5.0")
    line = _line_of(lesson, "  - anchor: the gradient of")
    proc = run_cli("pack", "check", str(pack), "--jobs", "2", timeout=300)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert (f"{lesson}:{line}: claim 1 (anchor \"the gradient of `x ** 2` at `x = 2` is 4\") fails: "
            "AssertionError (line 3: assert x.grad.item() == 5.0)") in proc.stdout, proc.stdout
    assert "0 of 1 lesson claims hold" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_a_claim_whose_output_differs_fails_and_one_that_matches_holds(tmp_path):
    from tutor.pack import load_pack as load

    pack, lesson = _scaffold(tmp_path)
    _edit(lesson, "      assert x.grad.item() == 4.0\n",
          "      assert x.grad.item() == 4.0\n      print(x.grad.item())\n    output: |\n      4.5\n")
    with Grader(jobs=1) as grader:
        [(_, _, _, why)] = run_claims(load(str(pack)), grader)
        assert why == "prints '4.0', the claim says '4.5'"
        _edit(lesson, "      4.5\n", "      4.0\n")
        [(_, _, _, why)] = run_claims(load(str(pack)), grader)
        assert why is None


# ------------------------------------------------------- the built-in pack


@pytest.fixture(scope="module")
def builtin_claim_failures(builtin_pack_check):
    """The claims `pack check builtin` found false: {"file.yaml:line": its line}
    (it runs every claim, as check_claims; the one run is shared with
    test_pack_check.py)."""
    out = builtin_pack_check.stdout
    assert f"of {len(CLAIMS)} lesson claims hold" in out, out[-2000:]  # every claim was run
    failures = {}
    for line in out.splitlines():
        where, sep, _ = line.partition(": claim ")
        if sep and " fails: " in line:
            failures[Path(where.rsplit(":", 1)[0]).name + ":" + where.rsplit(":", 1)[-1]] = line
    return failures


PLACES = {key: Path(place.rsplit(":", 1)[0]).name + ":" + place.rsplit(":", 1)[1]
          for key, place in _places(PACK, "claims", "anchor").items()}


def test_every_lesson_backs_its_body_with_claims():
    for lesson in PACK.lessons:
        assert lesson.claims, f"{lesson.id} states facts without a claim proving any"


@pytest.mark.parametrize(("lesson_id", "n"), CLAIMS)
def test_builtin_claim_holds(builtin_claim_failures, lesson_id, n):
    assert builtin_claim_failures.get(PLACES[(lesson_id, n)]) is None
