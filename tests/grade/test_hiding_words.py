"""NOTE [an attribute that hides torch's] (lookups.py): a tensor of a class of the learner's that gives one of
Tensor's names a method of its own still voids the run, but its words now say which name, which class and
which attribute, and how to mend it (round 44's learners: a Parameter subclass with a helper named `values`
read "your code ran again while the grader read what it left"). The names are the run's words: one that is
no short identifier gets the general words."""

from __future__ import annotations

import pytest

from tutor.grade.feedback import _hider
from tutor.grade.grader import Grader, Submission
from tutor.i18n import get_language, set_language
from tutor.pack import load_pack

EXERCISE = load_pack(None).exercises["parameters-and-data"]
HELPER = ("class Weights(nn.Parameter):\n    def values(self):\n        return self.detach().tolist()\n"
          "w = Weights(init.clone())\nout = data @ w\n")
TENSOR_CLASS = ("class Tagged(torch.Tensor):\n    def values(self):\n        return self.detach().tolist()\n"
                "w = nn.Parameter(init.clone())\nout = (data @ w).as_subclass(Tagged)\n")
ODD_NAME = ("Weights = type('my weights', (nn.Parameter,), {'values': lambda self: 0})\n"
            "w = Weights(init.clone())\nout = data @ w\n")


@pytest.fixture(scope="module")
def results():
    with Grader(jobs=1, timeout=60) as grader:
        return grader.grade([Submission(EXERCISE, code) for code in (HELPER, ODD_NAME, TENSOR_CLASS)])


def test_the_words_name_the_class_and_the_attribute(results):
    result = results[0]
    assert not result.passed
    words = [c.message for c in result.checks if not c.passed]
    assert words and all("`w` is of a class of your own, `Weights`, that defines `values`" in m for m in words), words
    assert "ran again while the grader read" not in " ".join(words)


def test_a_tensor_subclass_bound_to_a_judged_name_is_named_too(results):
    words = [c.message for c in results[2].checks if not c.passed]
    assert words and all("`out` is of a class of your own, `Tagged`, that defines `values`" in m for m in words), words


def test_a_class_name_that_is_no_identifier_gets_the_general_words(results):
    words = " ".join(c.message for c in results[1].checks if not c.passed)
    assert "ran again while the grader read" in words and "my weights" not in words, words


def test_only_short_identifiers_are_read_from_the_record():
    record = {"ran_while_read": True, "hidden_by": ["w", "Weights", "values"]}
    assert _hider(record) == ["w", "Weights", "values"]
    for odd in (["w", "a`b", "values"], ["w", "Weights"], ["w", "W" * 61, "values"], ["w", 3, "values"],
                "w Weights values"):
        assert _hider({**record, "hidden_by": odd}) is None, odd
    assert _hider({"hidden_by": ["w", "Weights", "values"]}) is None  # only where the run was void for it


def test_the_words_in_chinese():
    from tutor.grade.feedback import learner_problem
    from tutor.grade.protocol import RunReply

    before = get_language()
    set_language("zh")
    try:
        words = _words_for({"t": "observed", "ran_while_read": True, "hidden_by": ["w", "Weights", "values"]},
                           learner_problem, RunReply)
    finally:
        set_language(before)
    assert "`w` 属于你自己定义的类 `Weights`，而这个类定义了 `values`" in words, words


def _words_for(observed: dict, learner_problem, RunReply) -> str:
    reply = RunReply.from_wire({"status": "ok", "payload": {"error": None, "probes": {"observed": observed}},
                                "exit": {}, "output": "", "output_truncated": False, "elapsed": 0.0, "jailed": True})
    return learner_problem(reply, 10.0)[0]
