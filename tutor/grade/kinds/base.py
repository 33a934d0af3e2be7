"""The contract of a check kind. Read this before adding one.

A check kind is one object (a subclass of ``Kind``, registered in
``kinds/__init__.py``) that owns everything the grader does with a check of
that kind:

* ``model``: the pydantic model of its YAML (tutor/pack/checks.py), which is
  also its part of the JSON Schema;
* ``label(check)``: the name reports show when the pack gives none;
* ``probes(check, key, exercise, side)``: what a run must read for it, on the
  reference side and on the learner side (``Probe``s keyed by ``key``), and
  ``observe(check)``: what the run's observers must record while the code
  runs (merged into the one ``observed`` probe);
* ``judge(check, expected, yours, ctx)``: the verdict on plain data: the
  reference run's and the learner run's data for this check's key (each a
  mapping the run sent back: untrusted, so a shape the kind does not expect
  raises ``InvalidResult`` and fails only this check);
* ``mutant(check)``: code that, appended to the reference, must make the
  check fail (``pack check`` proves with it that the check can fail); None
  when the starter is the only counterexample;
* ``figure(check, expected, yours)``: optional data a front end draws beside
  a failed check (the graph kind's two snapshots).

Judges are torch-free and never see a hidden trial's wording: they write
for a visible trial, and feedback.py redacts every failure of a hidden trial.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping

from tutor.grade.protocol import Probe, RunError
from tutor.i18n import N_

Verdict = tuple[bool, str]


class InvalidResult(ValueError):
    """Data from a run that does not have the shape a check needs."""


@dataclass(frozen=True)
class Context:
    """What a judge knows besides the two runs' data for its own check."""

    tolerance: Mapping[str, Any]  # per-dtype overrides from the exercise
    learner_error: RunError | None  # the exception the learner's code raised, if any
    observed: Mapping[str, Any] | None = None  # what the learner's code did (observe.py's record), unvalidated
    expected_observed: Mapping[str, Any] | None = None  # the same for the reference
    predict: bool = False  # a predict exercise: feedback never shows the expected value
    hook_scaled: bool = False  # a trial of the exercise scales its hooks' gradients (observe_hooks.py)
    bound_to_none: Mapping[str, str] = field(default_factory=dict)  # name -> the in-place method it was bound to
    bound_inside: Mapping[str, str] = field(default_factory=dict)  # name -> why the script leaves it unbound


class Kind:
    name: ClassVar[str]
    model: ClassVar[type]
    # Judged in a run of its own over both namespaces (the python kind), not
    # on the probes of the learner's run: the grader hands that run's result
    # to ``judge`` as ``yours``.
    separate_run: ClassVar[bool] = False
    # Its failure words name the setup's tensors and what the code did to them, never a trial's values nor
    # text of the code's: a hidden trial shows them too (round 46's learner flipped leaf-or-dish's `c` to
    # see it is a leaf, and read only "leave the tensors the setup made as it made them").
    shown_when_hidden: ClassVar[bool] = False

    def label(self, check) -> str:
        raise NotImplementedError

    def probes(self, check, key: str, exercise, side: str) -> list[Probe]:
        return []

    def observe(self, check) -> dict:
        return {}

    def judge(self, check, expected: Mapping, yours: Mapping, ctx: Context) -> Verdict:
        raise NotImplementedError

    def mutant(self, check) -> str | None:
        return None

    def figure(self, check, expected: Mapping, yours: Mapping) -> dict | None:
        return None

    def hidden_words(self, check, trial=None, inputs: bool = True) -> str:
        """What a failure on a hidden trial may add to its notice: only what the check itself (or the
        ``trial``, in the pack) declares, never anything of the run (whose every bit could carry the hidden
        inputs out). ``inputs``: whether the exercise's setup makes any (a predict exercise may not)."""
        return ""


def observed_state(observed, record: str, name: str) -> str | None:
    """What the run's record ``record`` (observe.py: "grads", "autograd_values") says of ``name``, or
    None where the run kept no such record (lenient: the check then judges by values alone)."""
    entries = observed.get(record) if isinstance(observed, dict) and observed.get("t") == "observed" else None
    state = entries.get(name) if isinstance(entries, dict) else None
    return state if isinstance(state, str) else None


def observed_names(observed, record: str, name: str) -> list[str]:
    """The list of names the run's record ``record`` ("grad_roots", "value_roots") holds for ``name``, or
    [] where it kept none (NOTE [the pass that started at the loss], observe_roots.py)."""
    entries = observed.get(record) if isinstance(observed, dict) and observed.get("t") == "observed" else None
    names = entries.get(name) if isinstance(entries, dict) else None
    return [n for n in names if isinstance(n, str)] if isinstance(names, list) else []


def replaced_record(observed, name: str | None = None) -> dict | None:
    """The run's replacements by class (NOTE [a hook that replaced a gradient], observe_replaced.py): the
    whole run's, or with ``name`` those of the passes that left that tensor's gradient; None with no record."""
    if not isinstance(observed, dict) or observed.get("t") != "observed":
        return None
    found = observed.get("replaced") if name is None else (observed.get("grad_replaced") or {}).get(name)
    return found if isinstance(found, dict) else None


def replaced_unlike_reference(ctx, name: str | None = None, scaled_ok: bool = False) -> str | None:
    """NOTE [a hook that replaced a gradient] (observe_replaced.py): "leaf" or
    "other" where the code's hooks replaced a gradient of a class the
    reference's run replaced none of; None otherwise, or with no record (lenient).
    With ``name``: in the passes that left that tensor's gradient only. ``scaled_ok``: a replacement
    that only scaled what the hook was given by a positive number counts for nothing."""
    yours, theirs = replaced_record(ctx.observed, name), replaced_record(ctx.expected_observed, name)
    if yours is None or theirs is None:
        return None
    for cls in ("leaf", "other"):
        mine, ref = yours.get(cls), theirs.get(cls)
        scaled = yours.get(f"{cls}-scaled") if scaled_ok else 0
        if isinstance(mine, int) and isinstance(scaled, int) and mine - scaled > 0 and ref == 0:
            return cls
    return None


REPLACED_WORDS = N_("{what} is not what autograd computed: a hook your code registered replaced a gradient "
                    "during the backward pass (it returned, or wrote, other numbers than it was given). "
                    "Let autograd compute the gradients; a hook may read a gradient, and change it only "
                    "where the exercise asks.")


def observed_record(record) -> Mapping[str, Any]:
    """The run's record of what the code did (observe.py), checked for shape:
    the how-checks (calls, hooks, footprint, unchanged) judge it."""
    if not isinstance(record, dict) or record.get("t") != "observed":
        raise InvalidResult("no record of what the code did")
    return record
