"""``python``: an assertion over both namespaces, for what no other kind says.

The assertion never runs in the learner's run: the grader starts a judge run
of its own (sandboxed like any other) with the plain data both runs sent back
bound as ``learner`` and ``reference`` dicts, and hands its answer to
``judge`` as ``yours``.
"""

from __future__ import annotations

from tutor.grade.kinds.base import Context, Kind, Verdict
from tutor.grade.protocol import Probe
from tutor.i18n import _
from tutor.pack.checks import PythonCheck

NAMESPACE = "namespace"  # the probe key of a run's plain names, shared by every python check


class Python(Kind):
    name = "python"
    model = PythonCheck
    separate_run = True

    def label(self, check) -> str:
        return f"assert {check.assert_}"

    def probes(self, check, key, exercise, side):
        return [Probe(NAMESPACE, "namespace")]

    def assertion_probe(self, check) -> Probe:
        """What the judge run evaluates over the two bound namespaces."""
        return Probe("ok", "value", expr=f"bool({check.assert_})")

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        if yours.get("t") == "bool" and yours.get("v") is True:
            return True, ""
        if yours.get("t") == "error":
            return False, _("the assertion `{expr}` could not be evaluated: {why}.").format(expr=check.assert_,
                                                                                           why=yours.get("why"))
        return False, _("the assertion `{expr}` is false.").format(expr=check.assert_)
