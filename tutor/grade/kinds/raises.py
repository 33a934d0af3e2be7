"""``raises``: the learner's code raises the exception the exercise is about."""

from __future__ import annotations

import re

from tutor.grade.kinds.base import Context, Kind, Verdict
from tutor.i18n import _
from tutor.pack.checks import RaisesCheck


class Raises(Kind):
    """Judged on the run's exception (``ctx.learner_error``), not on a probe:
    its class, its message, and who raised it (``origin``: torch or Python
    itself by default, not a ``raise`` the learner wrote). No mutant: the
    starter, which must fail, is the counterexample."""

    name = "raises"
    model = RaisesCheck

    def label(self, check) -> str:
        return _("raises {exception}").format(exception=check.exception)

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        error = ctx.learner_error  # typed and validated where the reply was decoded (protocol.RunError)
        wanted = check.exception
        if error is None or error.phase != "code":
            return False, _("your code ran to the end without raising; it should raise {wanted}.").format(wanted=wanted)
        if not raised_as_asked(check, error):
            # Where and what, as any other error's words say it (round 38's learner read a bare
            # "raised TypeError" for `with torch.autograd.detect_anomaly:`, the call's parentheses left out).
            at = _(" at line {line}").format(line=error.line) if error.line is not None else ""
            first = error.message.strip().splitlines()[:1]
            said = ": " + (first[0] if len(first[0]) <= 200 else first[0][:199] + "…") if first else ""
            return False, _("your code raised {raised}{at}{said}, but it should raise {wanted}.").format(
                raised=error.type, at=at, said=said, wanted=wanted)
        if error.origin == "grader":  # NOTE [an error in the grader's own code] (raised.py)
            return False, _("the grader's own code raised {raised} while your code ran: a bug in the grader, "
                            "not an error of your code's.").format(raised=error.type)
        if check.origin == "library" and error.origin != "library":
            at = _(" at line {line}").format(line=error.line) if error.line is not None else ""
            return False, _("your code raised {raised} itself, with a `raise` statement{at}; this exercise asks for "
                            "the error that torch (or Python) raises when the situation really happens: make it "
                            "happen instead of raising it.").format(raised=error.type, at=at)
        if check.match and not re.search(check.match, error.message):
            shown = error.message if len(error.message) <= 300 else error.message[:297] + "..."
            return False, _("your code raised {raised}, as asked, but not the error this exercise is about: its "
                            "message ({message}) does not match /{pattern}/.").format(
                raised=error.type, message=repr(shown), pattern=check.match)
        return True, ""


def raised_as_asked(check, error) -> bool:
    """The exception the code raised is of the class ``check`` asks for (or a subclass)."""
    return any(name == check.exception or name.endswith("." + check.exception) for name in error.mro)


def raised_otherwise(checks, error) -> bool:
    """The code raised, and not what a ``raises`` check among ``checks`` asks for: an error like any other."""
    return error is not None and error.phase == "code" and any(
        c.kind == "raises" and not raised_as_asked(c, error) for c in checks)
