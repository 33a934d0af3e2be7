"""What a run depends on: the probes each side reads, and the keys under
which the grader shares and keeps runs (grader.py). Torch-free.

NOTE [same code, same run]: a run is a function of its request, and each
starts from the same pristine worker in a sandbox of its own. So learner
code byte for byte another submission's (same exercise, same trial) runs
once per grade, its reply shared as a reference's is; an unchanged starter
runs once per grader (kept per exercise and trial: bounded by the pack).
Code that varies run to run (the clock, os.urandom) gets one draw for all
its copies. Only exact bytes count: line numbers reach tracebacks. The
baselines of NOTE [free checks] are learner-side requests like any other:
a learner's unchanged starter, on the first trial, is its exercise's
"starter" baseline, and runs once for both.
"""

from __future__ import annotations

import json
from dataclasses import replace

from tutor.grade.kinds import kind_of
from tutor.grade.protocol import Probe


def probes_for(exercise, side: str) -> tuple[Probe, ...]:
    """What a run on ``side`` ("reference" or "learner") must read: each
    check kind's probes (shared keys read once), then the observers' record
    with what the kinds asked them to watch."""
    probes: dict[str, Probe] = {}
    unchanged: set[str] = set()
    grads: set[str] = set()
    grad_roots: set[str] = set()
    autograd_values: set[str] = set()
    hook_values: set[str] = set()
    hooks_on: set[str] = set()
    hooks_on_modules: set[str] = set()
    saved = False
    options: dict = {}
    for c, check in enumerate(exercise.checks):
        kind = kind_of(check)
        for probe in kind.probes(check, f"c{c}", exercise, side):
            probes.setdefault(probe.key, probe)
        watch = kind.observe(check)
        unchanged.update(watch.get("unchanged", ()))
        grads.update(watch.get("grads", ()))
        grad_roots.update(watch.get("grad_roots", ()))
        autograd_values.update(watch.get("autograd_values", ()))
        hook_values.update(watch.get("hook_values", ()))
        hooks_on.update(watch.get("hooks_on", ()))
        hooks_on_modules.update(watch.get("hooks_on_modules", ()))
        if "inputs" in watch:
            options["inputs"] = sorted(watch["inputs"])
        saved = saved or bool(watch.get("saved"))
    if unchanged:
        options["unchanged"] = sorted(unchanged)
    if grads:
        options["grads"] = sorted(grads)
    if grad_roots:
        options["grad_roots"] = sorted(grad_roots)
    if autograd_values:
        options["autograd_values"] = sorted(autograd_values)
        if exercise.may_change:  # NOTE [a step that makes w anew] (observe_grads.py)
            options["trained"] = exercise.may_change if exercise.may_change == "all" else sorted(exercise.may_change)
    if hook_values:
        options["hook_values"] = sorted(hook_values)
    if hooks_on:
        options["hooks_on"] = sorted(hooks_on)
    if hooks_on_modules:
        options["hooks_on_modules"] = sorted(hooks_on_modules)
    if saved:
        options["saved"] = True
    return (*probes.values(), Probe("observed", "observed", options=options))


def on_trial(probes: tuple[Probe, ...], exercise, seed: int) -> tuple[Probe, ...]:
    """``probes`` as the trial of ``seed`` runs them: its hooks' gradients scaled where it asks (NOTE
    [gradients handed to hooks, scaled], observe_hooks.py). Seeds are unique per exercise (the loader),
    so every key by seed stays one trial's."""
    scale = scale_of(exercise, seed)
    if scale is None:
        return probes
    return tuple(replace(p, options={**p.options, "hook_scale": scale}) if p.kind == "observed" else p
                 for p in probes)


def scale_of(exercise, seed: int) -> float | None:
    """The factor the trial of ``seed`` scales its hooks' gradients by, or None."""
    return next((t.scale_hook_gradients for t in exercise.trials if t.seed == seed), None)


def learner_key(exercise, seed: int, code: str, probes: str) -> tuple:
    """What a learner's run depends on besides the grader's own settings
    (NOTE [same code, same run]); ``probes``: ``RunKeys.probes_text(exercise, "learner")``."""
    return (exercise.id, seed, scale_of(exercise, seed), exercise.setup, exercise.timeout, probes, code)


def empty_key(exercise) -> tuple:
    """What the baselines' runs (and the free checks found from them) depend on."""
    checks = json.dumps([c.model_dump(mode="json", by_alias=True) for c in exercise.checks], sort_keys=True)
    return (exercise.id, exercise.trials[0].seed, exercise.trials[0].scale_hook_gradients, exercise.setup,
            exercise.solution, exercise.starter, checks,
            json.dumps(exercise.tolerance.model_dump(exclude_none=True), sort_keys=True))


class RunKeys:
    """The probes and keys of one grade's exercises, each worked out once.

    Every one is JSON of the exercise's checks: worked out per run and per
    lookup, some 7,000 ``json.dumps`` for a batch of 8 students, a quarter
    of the grader's own CPU, spent while the workers wait for the next
    batch. Kept for one ``Grader.grade`` call only (exercise models are not
    frozen); each entry holds its exercise, so an id reused by another
    object is a miss, never another exercise's key."""

    def __init__(self) -> None:
        self._memo: dict[tuple, tuple] = {}

    def _get(self, what: str, exercise, extra, make):
        slot = (what, id(exercise), extra)
        hit = self._memo.get(slot)
        if hit is not None and hit[0] is exercise:
            return hit[1]
        value = make()
        self._memo[slot] = (exercise, value)
        return value

    def probes(self, exercise, side: str) -> tuple[Probe, ...]:
        return self._get("probes", exercise, side, lambda: probes_for(exercise, side))

    def probes_text(self, exercise, side: str) -> str:
        """The probes a run on ``side`` reads, as text for a key."""
        return self._get("text", exercise, side,
                         lambda: json.dumps([p.to_wire() for p in self.probes(exercise, side)], sort_keys=True))

    def reference(self, exercise, seed: int) -> tuple:
        """What a reference run depends on: the same key, the same data back."""
        return self._get("reference", exercise, seed, lambda: (exercise.id, seed, scale_of(exercise, seed),
                                                               exercise.setup, exercise.solution,
                                                               self.probes_text(exercise, "reference")))

    def empty(self, exercise) -> tuple:
        return self._get("empty", exercise, None, lambda: empty_key(exercise))
