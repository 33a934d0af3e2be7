"""What a learner reads when a run did not give a clean verdict, and what
a hidden trial may say at all.

Redaction lives here and only here: a judge (kinds/) writes for a visible
trial; every failure on a hidden trial is replaced by ``HIDDEN_FAILURE``
(``redact``), and nothing the run controls (values, exception types and
messages, exit status, timing, output) leaves a hidden trial.
"""

from __future__ import annotations

import ast

import functools

import builtins

import signal
import traceback
import warnings
from typing import NamedTuple

from tutor.grade.misconceptions import diagnose, explain
from tutor.grade.protocol import CODE_FILE, RunError, RunReply
from tutor.i18n import N_, _

# Translated where it is used: _(HIDDEN_FAILURE).
HIDDEN_FAILURE = N_("failed on a hidden trial (its inputs and your code's output on it are not shown).")


HIDDEN_ONLY = N_("failed: this exercise checks answers on hidden trials only, so what your code gave is not shown; "
                 "the check's name says what was judged.")


def redact(message: str, hidden: bool, declared: str = "", all_hidden: bool = False) -> str:
    """A failed check's message as the report may show it; ``declared``: what the check itself says
    (Kind.hidden_words), shown on a hidden trial too. ``all_hidden``: the exercise shows no trial, and
    words about "the trials you see" would mislead (round 33's learner probe): said plainly instead, with
    what the check declares (round 34's: "check your reasoning" alone, for a wrong type or grad mode left
    off, sent learners back to reasoning that was right)."""
    if not hidden:
        return message
    return _(HIDDEN_ONLY if all_hidden else HIDDEN_FAILURE) + (" " + declared if declared else "")


def raised_words(error: RunError, hidden: bool) -> str:
    """The lead of a failed check's message when the code raised before the end."""
    if hidden:
        return _(HIDDEN_FAILURE) + " "
    message = error.message.strip().splitlines()
    first = f": {_first_sentences(message[0])}" if message else ""
    kind = error.type or _("an exception")
    if error.origin == "grader":  # NOTE [an error in the grader's own code] (raised.py)
        at = _(" (called from your line {line})").format(line=error.line) if error.line is not None else ""
        return _("the grader's own code raised {kind}{message} while your code ran{at}, so your code did not "
                 "finish: this is a bug in the grader, not in your code; please report it with the error."
                 ).format(kind=kind, message=first, at=at)
    if error.line is not None:
        return _("your code raised {kind} at line {line}{message} (see the error), so it did not "
                 "finish: ").format(kind=kind, line=error.line, message=first)
    return _("your code raised {kind}{message} (see the error), so it did not finish: ").format(
        kind=kind, message=first)


def _first_sentences(line: str, most: int = 200) -> str:
    """``line`` cut to ``most`` characters at a sentence's end where one is (torch's in-place error read
    "... expected version 0 instead. Hint (see the error)"), else with an ellipsis."""
    if len(line) <= most:
        return line
    end = line.rfind(". ", 0, most)
    return line[:end + 1] if end >= most // 3 else line[:most - 1].rstrip() + "…"


def trial_words(trial, observed) -> str:
    """Which visible trial a failure happened on, and its inputs' shapes."""
    shapes = observed.get("shapes") if isinstance(observed, dict) else None
    parts = []
    if isinstance(shapes, dict) and shapes:
        for name, shape in list(shapes.items())[:8]:
            if isinstance(name, str) and isinstance(shape, list) and all(isinstance(s, int) for s in shape):
                parts.append(f"{name}: [{', '.join(str(s) for s in shape)}]")
    if parts:
        return _(" (trial with seed {seed}; setup tensors {tensors})").format(seed=trial.seed,
                                                                             tensors=", ".join(parts))
    return _(" (trial with seed {seed})").format(seed=trial.seed)


def reference_problem(reference: RunReply, trial) -> str:
    """Why the reference gave no usable run on this trial ("" when it did)."""
    if not reference.finished:
        return _("the reference solution did not finish on the trial with seed {seed} ({why}); this is a "
                 "problem in the pack.").format(seed=trial.seed, why=exit_words(reference))
    error = reference.payload.error
    if error is not None and error.phase == "setup":
        return _("the exercise's setup code raised {type}: {message}; this is a problem in the pack.").format(
            type=error.type, message=error.message)
    if error is not None and error.origin == "grader":
        # The reference is trusted code: an error of ours in its run is ours, and what its checks would
        # compare with (it errs the same way in every run) says nothing (NOTE [an error in the grader's
        # own code], raised.py).
        return _("the grader's own code raised {type} while it ran the reference solution on the trial with "
                 "seed {seed}: this is a bug in the grader, not in your code, and no verdict was given. Please "
                 "report it.").format(type=error.type, seed=trial.seed)
    return ""


def _hider(observed) -> list | None:
    """[name, class, attribute] from the run's record (readfirst._Seal.hider), where each is a short identifier:
    the run's own words are data."""
    hider = observed.get("hidden_by") if isinstance(observed, dict) and observed.get("ran_while_read") else None
    if isinstance(hider, list) and len(hider) == 3 and all(isinstance(w, str) and w.isidentifier() and len(w) <= 60
                                                           for w in hider):
        return hider
    return None


def learner_problem(learner: RunReply, limit: float) -> tuple[str, RunError | None]:
    """(why the learner's run gives no data to judge, or "", the exception its code raised)."""
    if learner.status == "timeout":
        return (_("your code did not finish within its time limit ({limit} s): an infinite loop, or far too much "
                  "work?").format(limit=f"{limit:g}"), None)
    if learner.status == "invalid":
        return _("your run sent back data that could not be read (invalid result from the run)."), None
    if not learner.finished:
        return _("your code ended the process before it finished ({why}).").format(why=exit_words(learner)), None
    observed = learner.probes().get("observed")
    hider = _hider(observed)
    if hider is not None:  # NOTE [an attribute that hides torch's] (lookups.py): the class and the name, said
        return _("`{name}` is of a class of your own, `{cls}`, that defines `{attr}`, a name PyTorch's tensors "
                 "have: the grader cannot tell what a method of yours under that name would change, so nothing "
                 "of this run can be judged. Give it another name, or keep `{name}` a plain tensor or "
                 "`nn.Parameter`.").format(name=hider[0], cls=hider[1], attr=hider[2]), None
    if isinstance(observed, dict) and observed.get("ran_while_read"):  # NOTE [results read before the code can run]
        return _("your code ran again while the grader read what it left (a property, a method of a class of "
                 "yours, a handler or a finalizer of yours started then), so what it left could change as it was "
                 "read: nothing of this run can be judged. Leave your results as plain tensors and numbers, "
                 "with no code of yours that runs when they are read."), None
    if isinstance(observed, dict) and observed.get("kernels_of_its_own"):  # NOTE [a kernel registered behind ...]
        return _("your code registered kernels of its own for torch's operators (a `torch.library` Library for "
                 "one of torch's namespaces, such as `aten`, a dispatch library of `torch._C`, a Python kernel "
                 "given to an operator (`py_impl`), or torch's python dispatcher left on), and they were still in "
                 "place as the grader read what it left: torch's "
                 "operators no longer computed what they say, so nothing of this run can be judged. Compute "
                 "with torch's operators as they are."), None
    if isinstance(observed, dict) and observed.get("autograd_changed"):  # NOTE [autograd's classes as the zygote ...]
        return _("your code changed autograd's own classes (the node class whose methods run each custom "
                 "backward, or the metaclass of `torch.autograd.Function`), and they were still changed as the "
                 "grader read what it left, so nothing of this run can be judged. Use autograd as it is: write "
                 "your own `torch.autograd.Function` subclass instead."), None
    error = learner.payload.error
    if error is not None and error.phase == "setup":
        return _("the exercise's setup failed: {type}: {message}").format(type=error.type,
                                                                            message=error.message), None
    return "", error


def grader_fault_words(lost: RunReply) -> str:
    why = lost.exit.why or lost.status
    return _("the grader lost a run of this exercise ({why}), and running it again did not help: this is not "
             "your code's doing, and no verdict was given. Grade it again.").format(why=why)


def exit_words(run: RunReply) -> str:
    info = run.exit
    if info.signal is not None:
        try:
            name = signal.Signals(info.signal).name
        except ValueError:
            name = f"signal {info.signal}"
        meaning = {"SIGSEGV": N_("a segmentation fault"), "SIGKILL": N_("killed, perhaps for using too much memory"),
                   "SIGABRT": N_("aborted")}.get(name)
        return _(meaning) if meaning else name
    if info.code is not None:
        return _("it exited with status {code}").format(code=info.code)
    if info.why:
        return info.why
    return run.status


def error_text(error: RunError, hidden: bool, observed: dict | None = None) -> str:
    """The traceback and what it most likely means; on a hidden trial, only that it raised."""
    if hidden:  # the exception's type and message are the run's to choose: neither is shown
        return _("on a hidden trial, your code raised an exception.")
    text = error.traceback.rstrip()
    if error.origin == "grader":
        return text + "\n\n" + _("This error started in the grader's own code (its last line above), not in "
                                  "yours: it is a bug in the grader. Please report it, with this error.")
    explanation = explain(error.type, error.message, observed)
    if explanation:
        text += "\n\n" + explanation
    return text


# NOTE [an error every trial raised alike]: an exercise of hidden trials only said of any error "on a hidden
# trial, your code raised an exception", and round 36's learners could not find `a.is_leaf()` (a property
# called) or a tuple unpacked into too many names. An error's type and line are the run's to choose, so they
# stay out of a hidden trial's report, except where every trial raised one of Python's own exception types
# (by name: a class of the code's may call itself anything) at the same line of the code: then they hold
# nothing that differs between trials. The message is never said: it may carry a trial's numbers.
_PYTHONS_OWN = frozenset(name for name, value in vars(builtins).items()
                         if isinstance(value, type) and issubclass(value, BaseException))


def raised_alike(errors: list) -> str:
    """The words of NOTE [an error every trial raised alike], or "" where the trials' errors differ."""
    first = errors[0] if errors else None
    if first is None or first.phase != "code" or first.line is None or first.type not in _PYTHONS_OWN \
            or first.module != "builtins" or first.origin == "grader":
        return ""
    if any(e is None or (e.type, e.line, e.module, e.phase) != (first.type, first.line, first.module, first.phase)
           for e in errors):
        return ""
    return _("on every trial, your code raised {type} at line {line} (the message is not shown: it may hold a "
             "hidden trial's values).").format(type=first.type, line=first.line)


def misconception(error: RunError, hidden: bool, observed: dict | None = None) -> str:
    """The id of the misconception behind a visible trial's error ("" when
    none is known); a hidden trial's error names none."""
    if hidden or error.phase != "code" or error.origin == "grader":
        return ""
    found = diagnose(error.type, error.message, observed)
    return found[0] if found else ""


class CompileError(NamedTuple):
    """Why the code does not compile, as the grader's own compile says."""

    type: str
    line: int | None
    text: str  # what Python prints for it: the line, a caret, "SyntaxError: ..."


# NOTE [code that does not compile]
# Whether code compiles is a fact of its text alone, and the grader reads
# it itself: it compiles the code as a run does (compile(), never exec;
# same interpreter, same file name, no inherited flags). What it says then
# is the same on every trial and tells nothing of a hidden one, so it is
# shown on hidden trials too: on an exercise of hidden trials only, a typo
# read "your code raised an exception" and nothing more. Only the grader's
# compile is believed: a run's report of a SyntaxError is the code's to
# write (`raise SyntaxError(...)` with a hidden input in it).
def compile_error(code: str | None) -> CompileError | None:
    """The code's compile error, or None when it compiles (or the grader cannot tell)."""
    if not code:
        return None
    try:
        with warnings.catch_warnings():  # a warning is not an error, whatever filters are set
            warnings.simplefilter("ignore")
            compile(code, CODE_FILE, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:  # ValueError: a null byte in the source (Python 3.11)
        text = "".join(traceback.format_exception_only(type(exc), exc))[-6000:]
        line = getattr(exc, "lineno", None)
        return CompileError(type(exc).__name__, line if isinstance(line, int) else None, text)
    except (RecursionError, MemoryError):  # too deep for the grader to say: the runs tell
        return None
    return None


def compile_words(error: CompileError) -> str:
    """A failed check's message when the code does not compile."""
    if error.line is not None:
        return _("your code does not compile ({kind} at line {line}), so none of it ran.").format(
            kind=error.type, line=error.line)
    return _("your code does not compile ({kind}), so none of it ran.").format(kind=error.type)


def rebound_words(runs) -> str:
    """The setup's names the learner's code bound to something else (and the reference's did not), said
    once for the exercise: checks read them as the code left them (NOTE [a setup name bound again])."""
    mine, theirs = (_rebound(run.probes().get("observed")) for run in (runs.learner, runs.reference))
    names = [n for n in mine if n not in theirs]
    error = runs.learner.payload.error if runs.learner.finished else None
    if not names or (error is not None and (diagnose(error.type, error.message, runs.learner.probes().get(
            "observed")) or ("",))[0] == "rebound-leaf"):
        return ""  # none, or the error's explanation says it already
    grown = [n for n in _rebound(runs.learner.probes().get("observed"), "rebound_grown") if n in names]
    if grown:  # round 39's learner: `w = w - 0.1 * w.grad` read as an experiment given the setup's name
        return _("Your code bound {names} to a new tensor computed from other tensors (such as `w = w - lr * "
                 "w.grad` outside `torch.no_grad()`): it is not a leaf, so backward() leaves no `.grad` on it "
                 "(None), and the checks read names as your code leaves them. To update a tensor in a training "
                 "step, change it in place under `torch.no_grad()` (`w -= lr * w.grad`); for anything else, give "
                 "the new tensor a name of its own.").format(
            names=", ".join(f"`{n}`" for n in grown[:6]))
    return _("Your code bound {names} to something else after the setup made {them}, and the checks read "
             "names as your code leaves them. Keep the setup's names for the setup's tensors: give experiments "
             "(a loop variable, a test value, a float64 copy) names of their own.").format(
        names=", ".join(f"`{n}`" for n in names[:6]), them=_("it") if len(names) == 1 else _("them"))


def _rebound(observed, record: str = "rebound") -> list[str]:
    names = observed.get(record) if isinstance(observed, dict) else None
    return [n for n in names if isinstance(n, str) and n.isidentifier()][:16] if isinstance(names, list) else []


def _library_dirs() -> tuple[str, ...]:
    import site
    import sysconfig

    dirs = {sysconfig.get_paths()[key] for key in ("purelib", "platlib")}
    try:
        dirs.update(site.getsitepackages())
    except AttributeError:  # a virtualenv's old site module
        pass
    return tuple(sorted((d.rstrip("/") + "/" for d in dirs if d), key=len, reverse=True))


_LIBRARY_DIRS = _library_dirs()


def shown_output(text: str) -> str:
    """What the code printed, with the folder the libraries are installed in left out of torch's
    warnings (`torch/_tensor.py:623: UserWarning: ...`): it is the grader's machine's, noise to a
    learner (found by probing the verdicts)."""
    for folder in _LIBRARY_DIRS:
        if folder in text:
            text = text.replace(folder, "")
    return text


def unbound_words(names: list[tuple[str, int]], setup: str | None = "") -> str:
    """NOTE [a name bound nowhere] (unbound.py): said beside "on a hidden trial, your code raised". With no
    setup, the code runs alone: a name of the prompt's own lines is unbound too (round 37's learner)."""
    if not names:
        return ""
    listed = ", ".join(_("`{name}` (line {line})").format(name=name, line=line) for name, line in names)
    if not (setup or "").strip():
        return " " + _("Your code reads names that nothing binds: {names}. This exercise runs your code alone, "
                       "with nothing run before it (the code the prompt shows does not run), so bind every "
                       "name you use.").format(names=listed)
    return " " + _("Your code reads names that nothing binds, not your code, the setup or Python itself (a "
                   "typo?): {names}.").format(names=listed)


# Methods that change their object in place and return None: a learner who chains one (`h = (x @ W).retain_grad()`,
# as `requires_grad_()` chains) binds None (round 43's learners read only "`h` should be a tensor, but it is None").
_RETURN_NONE = frozenset({"retain_grad", "backward", "zero_grad", "append", "extend", "sort"})


@functools.lru_cache(maxsize=64)
def bound_to_none(code: str | None) -> dict:
    """{name: method} for each name the code binds to a call of one of those methods (``x = ....retain_grad()``)."""
    try:
        tree = ast.parse(code or "")
    except (SyntaxError, ValueError):
        return {}
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                and isinstance(node.value.func, ast.Attribute) and node.value.func.attr in _RETURN_NONE:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value.func.attr
    return found


@functools.lru_cache(maxsize=64)
def bound_only_inside(code: str | None) -> dict:
    """{name: words} for each name the code binds only inside a function, or only under an `if __name__ == ...:`
    that never runs (round 43's learners: `x` bound in `main()` heard only "keep the names the exercise uses")."""
    try:
        tree = ast.parse(code or "")
    except (SyntaxError, ValueError):
        return {}
    top, dead, inside = set(), set(), {}
    for node in tree.body:
        is_guard = isinstance(node, ast.If) and isinstance(node.test, ast.Compare) \
            and isinstance(node.test.left, ast.Name) and node.test.left.id == "__name__" \
            and len(node.test.comparators) == 1 and isinstance(node.test.comparators[0], ast.Constant)
        never = is_guard and node.test.comparators[0].value != "__main__" and isinstance(node.test.ops[0], ast.Eq)
        for inner in ast.walk(node):
            if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                declared = {n for g in ast.walk(inner) if isinstance(g, ast.Global) for n in g.names}
                for target in ast.walk(inner):
                    if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store) \
                            and target.id not in declared:
                        inside.setdefault(target.id, inner.name)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = {t.id for t in ast.walk(node) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)}
            if never:  # and what the functions it calls bind as globals
                called = {c.func.id for c in ast.walk(node) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}
                names |= {n for f in tree.body if isinstance(f, ast.FunctionDef) and f.name in called
                          for g in ast.walk(f) if isinstance(g, ast.Global) for n in g.names}
            (dead if never else top).update(names)
    words = {}
    for name, function in inside.items():
        if name not in top:
            words[name] = _("`{name}` is bound only inside `{function}()`: a function's names are its own, and "
                            "the checks read the names your script leaves. Bind it at the top level (`{name} = ...` "
                            "outside the function, or `global {name}` inside it).").format(name=name, function=function)
    for name in dead - top:
        words[name] = _("`{name}` is bound only under an `if __name__ == ...:` that never runs: a script's "
                        "`__name__` is `\"__main__\"`.").format(name=name)
    return words
