"""The grader's feedback in Chinese: wrong submissions graded through the real
grader with ``set_language("zh")`` get Chinese messages that keep the code names
(`x.grad`, backward(), `w.is_leaf`) in English; with "en" (the default, and
what ``autograd-tutor grade`` uses unless --lang is given) they are English."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from tutor.grade.kinds import label
from tutor.grade.grader import Grader, Submission
from tutor.grade.report import render_exercise
from tutor.i18n import get_language, set_language
from support import make_exercise
from tutor.pack.models import Exercise

CJK = re.compile(r"[\u4e00-\u9fff]")
SEEDED_X = "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n"


def _exercise(id: str, setup: str, solution: str, checks: list, trials=None) -> Exercise:
    return make_exercise(id, setup, solution, checks, trials)


GRAD = _exercise("grad", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\n", [{"kind": "grad", "tensor": "x"}])
NO_RG = _exercise("no-rg", "torch.manual_seed(seed)\nx = torch.randn(3)\n",
                  "x.requires_grad_()\ny = (x ** 2).sum()\ny.backward()\n", [{"kind": "grad", "tensor": "x"}])
CALLS = _exercise("calls", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\n",
                  [{"kind": "calls", "api": "backward", "count": 1}])
LEAF = _exercise("leaf", SEEDED_X, "w = x.detach().clone()\n", [{"kind": "leaf", "tensor": "w", "expect": True}])
VALUE = _exercise("value", SEEDED_X, "s = x.sum().item()\n", [{"kind": "value", "expr": "s"}])
HIDDEN = _exercise("hidden", SEEDED_X, "y = (x ** 2).sum()\ny.backward()\n", [{"kind": "grad", "tensor": "x"}],
                   trials=[{"seed": 0}, {"seed": 1, "hidden": True}])

# name: (exercise, wrong code, check label in en, what its message says in en, code names kept in zh)
CASES = {
    "grad": (GRAD, "y = (x ** 3).sum()\ny.backward()\n", "grad of x",
             "`x.grad` differs from the expected gradient", ["`x.grad`"]),
    "no_rg": (NO_RG, "y = (x ** 2).sum()\ny.backward()\n", "grad of x",
              "your code raised RuntimeError at line 2", ["RuntimeError"]),
    "calls": (CALLS, "y = (x ** 2).sum()\ny.backward(retain_graph=True)\ny.backward()\n", "calls backward (exactly 1)",
              "your code called backward() 2 times; this exercise asks for exactly 1.", ["backward()", ".grad"]),
    "leaf": (LEAF, "w = x * 2\n", "w.is_leaf", "`w.is_leaf` is False, expected True.", ["`w.is_leaf`", ".detach()"]),
    "value": (VALUE, "t = 1\n", "value of s", "could not evaluate `s` after your code", ["`s`"]),
    "hidden": (HIDDEN, "y = (x ** 2).sum() * (1 if seed == 0 else 3)\ny.backward()\n", "grad of x",
               "failed on a hidden trial", []),
}


@pytest.fixture(scope="module")
def graded():
    """Every case graded twice with one grader: in Chinese, then in English."""
    subs = [Submission(exercise, code) for exercise, code, *_ in CASES.values()]
    out = {}
    try:
        with Grader(jobs=2, timeout=30) as grader:
            for lang in ("zh", "en"):
                set_language(lang)
                results = grader.grade(subs)
                out[lang] = {name: (result, render_exercise(result)) for name, result in zip(CASES, results)}
    finally:
        set_language("en")
    return out


def _failed(result):
    failed = [c for c in result.checks if not c.passed]
    assert failed, result
    return failed[0]


@pytest.mark.parametrize("name", list(CASES))
def test_feedback_is_english_by_default(graded, name):
    _exercise, _code, name_en, says, _kept = CASES[name]
    result, text = graded["en"][name]
    check = _failed(result)
    assert check.name == name_en
    assert says in check.message, check.message
    assert not CJK.search(check.message + result.error + text), text
    assert "FAIL" in text and "score" in text, text


@pytest.mark.parametrize("name", list(CASES))
def test_feedback_is_chinese_with_code_names_kept(graded, name):
    _exercise, _code, _name_en, says, kept = CASES[name]
    result, text = graded["zh"][name]
    english, _ = graded["en"][name]
    check = _failed(result)
    assert CJK.search(check.message), check.message
    assert says not in check.message
    for code in kept:
        assert code in check.message, (code, check.message)
    # the verdicts and scores do not depend on the language
    assert result.status == english.status and result.score == english.score
    assert [c.passed for c in result.checks] == [c.passed for c in english.checks]
    assert "未通过" in text and "得分" in text, text


def test_a_raised_error_is_explained_in_chinese(graded):
    result, _ = graded["zh"]["no_rg"]
    assert result.status == "error"
    assert "Traceback" in result.error  # torch's own text stays as it is
    assert "backward()" in result.error and CJK.search(result.error.split("Traceback")[-1]), result.error
    english, _ = graded["en"]["no_rg"]
    assert "does not require grad" in english.error and not CJK.search(english.error)


def test_language_is_restored(graded):
    assert get_language() == "en"


def test_labels_follow_the_language():
    grad = SimpleNamespace(label=None, kind="grad", tensor="x", expect=None)
    value = SimpleNamespace(label=None, kind="value", expr="y.sum()")
    calls = SimpleNamespace(label=None, kind="calls", api="backward", retain_graph=True, create_graph=None,
                            count=None, min=1, max=None)
    try:
        set_language("zh")
        assert label(grad) == "x 的 grad"
        assert label(value) == "y.sum() 的值"
        assert "retain_graph=True" in label(calls) and CJK.search(label(calls))
        set_language("en")
        assert label(grad) == "grad of x"
        assert label(value) == "value of y.sum()"
        assert label(calls) == "calls backward, with retain_graph=True (at least 1)"
    finally:
        set_language("en")


def test_the_cli_grades_in_english_unless_a_language_is_chosen(tmp_path, capsys):
    """`autograd-tutor grade` sets the language from --lang (default en) before grading,
    so the JSON / JUnit / Gradescope reports of course CI stay English."""
    from tutor.cli import main

    try:
        set_language("zh")
        main(["grade", str(tmp_path / "missing")])  # a usage error, after the language is set
        assert get_language() == "en"
        main(["--lang", "zh", "grade", str(tmp_path / "missing")])
        assert get_language() == "zh"
    finally:
        set_language("en")
