"""An exception that starts in the grader's own code, while the code under
test runs, is said to be the grader's, and decides nothing (NOTE [an error in
the grader's own code], raised.py); the code's own errors, and code that
dresses up as ours, stay the code's.

Real torch, real isolated runs: everything below is graded in one call. The
grader's own error is made the one way a submission can: by calling one of
our functions with something it cannot take (the same path a bug of ours
inside a wrapped torch call takes)."""

from __future__ import annotations

import pytest

from support import explain, grade_named, make_exercise

SETUP = "torch.manual_seed(seed)\nx = torch.randn(3, requires_grad=True)\n"
GRAD = make_exercise("grad-of-x", SETUP, "(x * x).sum().backward()\n",
                     [{"kind": "grad", "tensor": "x"}])
RAISES = make_exercise("raise-attribute-error", SETUP, "None.foo\n",
                       [{"kind": "raises", "exception": "AttributeError", "origin": "any"}])

OURS = 'import sys\nsys.modules["tutor.grade.raised"].exception_origin(None)\n'
CASES = {
    # (whose the error is: "grader" or "code", exercise, code)
    "our_function_fails": ("grader", GRAD, OURS + "(x * x).sum().backward()\n"),
    "an_attribute_error_of_the_code": ("code", GRAD, "x.gradd\n(x * x).sum().backward()\n"),
    # our file name on the code's own code object: still the code's
    "compiled_under_our_file_name": (
        "code", GRAD, 'import sys\nexec(compile("None.foo", sys.modules["tutor.grade.observe_calls"].__file__, '
                      '"exec"))\n(x * x).sum().backward()\n'),
    # a hook the grader's wrapped backward calls: the innermost frame is the code's
    "a_hook_with_a_name_error": ("code", GRAD, "x.register_hook(lambda g: undefined_name)\n(x * x).sum().backward()\n"),
    # a C function our observer hands the code's arguments to raises TypeError in our frame
    "bad_arguments_through_an_observer": (
        "code", GRAD, "import threading\nthreading._start_new_thread(print, 5)\n(x * x).sum().backward()\n"),
    # a raises check is not met by the grader's error, even of the type it asks for
    "raises_met_by_our_error": ("grader", RAISES, OURS),
    "raises_met_by_its_own_error": ("code", RAISES, "None.foo\n"),
}
# Our error in the reference's run: it errs the same way on every run, so the learner's run compared with it
# read as the same gradients (6/6) before the reference's run was asked about it.
BROKEN_REFERENCE = make_exercise("reference-hits-our-bug", SETUP, OURS + "(x * x).sum().backward()\n",
                                 [{"kind": "grad", "tensor": "x"}])


@pytest.fixture(scope="module")
def results():
    cases = {name: (exercise, code) for name, (_, exercise, code) in CASES.items()}
    cases["broken_reference"] = (BROKEN_REFERENCE, OURS + "(x * x).sum().backward()\n")
    return grade_named(cases)


@pytest.mark.parametrize("name", [n for n, case in CASES.items() if case[0] == "grader"])
def test_an_error_in_our_code_is_said_to_be_ours(results, name):
    result = results[name]
    text = explain(result)
    assert result.status != "passed" and result.score == 0, text
    if CASES[name][1] is GRAD:  # (an exercise about raising shows no traceback)
        assert 'File "tutor/grade/raised.py"' in result.error and "in exception_origin" in result.error, text
        assert "started in the grader's own code" in result.error, text
    assert "your code raised" not in text, text
    assert result.misconception == "", text
    failed = [c for c in result.checks if not c.passed]
    assert failed and all("bug in the grader" in c.message for c in failed), text


@pytest.mark.parametrize("name", [n for n, case in CASES.items() if case[0] == "code"])
def test_an_error_of_the_code_stays_its_own(results, name):
    result = results[name]
    text = explain(result)
    assert "bug in the grader" not in text, text
    if name == "raises_met_by_its_own_error":
        assert result.status == "passed", text
    else:
        assert result.status != "passed", text
        assert "your code raised" in text, text


def test_our_error_in_the_reference_gives_no_verdict(results):
    """The same error in the learner's copy of the code: without a look at the reference's run, every check
    compared two runs that failed alike and passed."""
    result = results["broken_reference"]
    text = explain(result)
    assert result.status == "error" and result.score == 0, text
    assert "bug in the grader" in text and "reference solution" in text, text
    assert "your code raised" not in text, text
