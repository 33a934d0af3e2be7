"""``inputs``: every tensor and module the exercise's setup made is left as
the setup made it, unless the exercise says the code may change it
(NOTE [inputs unchanged] in tutor/pack/checks.py). Every exercise has one.

A custom Function whose forward rounds its input in place (``x.round_()``)
can return the right numbers and still overwrite the learner's ``x``: value
and gradient checks read the results, not the inputs; this kind reads the
inputs (observe.py snapshots them after the setup, and compares after the
code ran). It also fails code that leaves gradient recording switched off
(where the reference's did not): the grader switches it back on before the
probes run (pristine.restore), so no probe could see it; observe.end notes it.
"""

from __future__ import annotations

from tutor.grade.kinds.base import Context, InvalidResult, Kind, Verdict, observed_record
from tutor.i18n import _
from tutor.pack.checks import InputsCheck


def _grad_mode(observed) -> bool | None:
    """Whether the reference's run ended with gradient recording on (None: no record)."""
    if isinstance(observed, dict) and observed.get("t") == "observed":
        mode = observed.get("grad_mode")
        return mode if isinstance(mode, bool) else None
    return None


class Inputs(Kind):
    name = "inputs"
    model = InputsCheck
    shown_when_hidden = True  # (the one text of the run's in its words, an unreadable input's why, is left out)

    def label(self, check) -> str:
        return _("inputs and grad mode as the setup left them")

    def observe(self, check):
        return {"inputs": list(check.skip)}

    def hidden_words(self, check, trial=None, inputs: bool = True) -> str:
        # what the check asks, whatever the run did (round 34's learner: on an exercise of hidden trials
        # only, grad mode left off read "check your reasoning")
        return _("Leave the tensors and modules the setup made as it made them (their values and "
                 "requires_grad), and gradient recording on as the setup left it: switch it off only inside "
                 "`with torch.no_grad():`.")

    def mutant(self, check):
        # The first tensor (or module) the setup bound (globals keep binding
        # order: the run's preamble, then the setup's names) that the code
        # may not change, changed in place.
        skip = sorted({"torch", "nn", "F", "device", "seed", *(name.split(".")[0] for name in check.skip)})
        # (a tensor that is a part of a module the code may change is that module's: observe._input_snapshots)
        return ("\n_skip = " + repr(skip) + "\n"
                "_parts = {id(_t) for _m in _skip if isinstance(globals().get(_m), nn.Module)\n"
                "          for _t in list(globals()[_m].parameters()) + list(globals()[_m].buffers())}\n"
                "for _n, _v in list(globals().items()):\n"
                "    if _n.startswith('_') or _n in _skip or id(_v) in _parts:\n"
                "        continue\n"
                "    _ps = [_v] if isinstance(_v, torch.Tensor) else "
                "(list(_v.parameters()) + list(_v.buffers()) if isinstance(_v, nn.Module) else [])\n"
                "    if _ps:\n"
                "        with torch.no_grad():\n"
                "            _ps[0].add_(1)\n"
                "        break\n")

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        if observed_record(ctx.observed).get("grad_mode") is False and _grad_mode(ctx.expected_observed) is not False:
            return False, _("your code left gradient recording switched off (`torch.set_grad_enabled(False)`, never "
                            "switched back on): every graph after it would be missing. Switch it off only around "
                            "the code that needs it: `with torch.no_grad():` (or `torch.set_grad_enabled(False)` "
                            "as a `with` block).")
        record = observed_record(ctx.observed).get("inputs")
        if not isinstance(record, dict) or not isinstance(record.get("changed"), list):
            raise InvalidResult("no record of the inputs")
        allowed = _module_changes(ctx.expected_observed)
        for entry in [e for e in record["changed"] if not _made_by_the_reference_too(e, allowed)][:1]:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                raise InvalidResult("a malformed input record")
            name = entry["name"]
            if entry.get("t") == "module":  # only what the reference's run did not change too
                return False, _module_message(name, entry, allowed)
            if entry.get("t") == "unreadable":
                return False, _("`{entry}`, made by the exercise's setup, could not be read after your code "
                                "ran.").format(entry=name)
            if entry.get("during"):
                return False, _("your code changed `{name}` while a backward pass ran (through `.data`, "
                                "`.numpy()` or a tensor on its storage, which autograd does not see) and put "
                                "it back afterwards: the pass read numbers that were not the setup's. Leave "
                                "the exercise's inputs as its setup made them.").format(name=name)
            if entry.get("values"):
                how = _("its values changed")
            elif entry.get("version"):
                how = _("its values are the same, but an in-place operation ran on it")
            elif "requires_grad" in entry and entry["requires_grad"] is True:
                # round 41's learners: `x = data; x.requires_grad_()` heard "switch the flag back afterwards"
                return False, _("your code switched on `{name}.requires_grad`, and the exercise's setup made it "
                                "False: an exercise's inputs must stay as its setup made them. A name bound to "
                                "`{name}` (`x = {name}`) is the same tensor, so `x.requires_grad_()` changes `{name}` "
                                "too: make a tensor of your own first (`x = {name}.clone().requires_grad_()`).").format(
                    name=name)
            elif "requires_grad" in entry:
                return False, _("your code left `{name}.requires_grad` {now}, and the exercise's setup made it "
                                "{before}: an exercise's inputs must stay as its setup made them. To keep a "
                                "tensor out of one computation, detach it there (`t.detach()`), or switch the flag "
                                "back afterwards.").format(
                    name=name, now=bool(entry["requires_grad"]), before=not entry["requires_grad"])
            else:
                raise InvalidResult("a malformed input record")
            if check.may_change:  # the task is an in-place change, of another name (round 38's learner)
                return False, _("your code changed `{name}` in place ({how}), and this exercise lets your code "
                                "change only {allowed} in place: leave `{name}` as the setup made it.").format(
                    name=name, how=how, allowed=", ".join(f"`{n}`" for n in check.may_change))
            return False, _("your code changed `{name}` in place ({how}), and the exercise's setup made it: "
                            "an exercise's inputs must stay as its setup made them, unless the exercise says "
                            "otherwise. Compute a new tensor (`y = x * 2`, not `x.mul_(2)` or `x *= 2`; in a "
                            "custom Function's forward, `x.round()`, not `x.round_()`), or work on a copy "
                            "(`x.clone()`).").format(name=name, how=how)
        return True, ""


def _module_changes(observed) -> set:
    """(module name, aspect) pairs the reference's run changed (NOTE [modules as the setup made them])."""
    record = observed.get("inputs") if isinstance(observed, dict) and observed.get("t") == "observed" else None
    entries = record.get("changed") if isinstance(record, dict) else None
    out = set()
    for entry in entries if isinstance(entries, list) else ():
        if isinstance(entry, dict) and entry.get("t") == "module" and isinstance(entry.get("what"), list):
            out.update((entry.get("name"), what) for what in entry["what"])
    return out


def _made_by_the_reference_too(entry, allowed: set) -> bool:
    if not (isinstance(entry, dict) and entry.get("t") == "module"):
        return False
    what = entry.get("what")
    if not isinstance(what, list) or not what:
        raise InvalidResult("a malformed input record")
    return all((entry.get("name"), w) in allowed for w in what)


_ASPECT_WORDS = {
    "training": lambda: _("its training mode changed (`.eval()` left on a part of it: switch it back with "
                          "`.train()`, or use `torch.no_grad()` alone)"),
    "hooks": lambda: _("a hook was left on it (remove each hook with the handle its registration returned: "
                       "`handle.remove()`)"),
    "attributes": lambda: _("an attribute was set on it (such as `forward`, replaced on the module itself)"),
    "parameters": lambda: _("a parameter was replaced by a new tensor (an optimizer made before no longer updates "
                            "the module)"),
    "class": lambda: _("its class was replaced (`__class__`)"),
    "methods": lambda: _("what calling it runs was replaced (a method of its class, such as `nn.Linear.forward`, "
                         "or a compiled call set on it)"),
    "global hooks": lambda: _("a global module hook was left on (`register_module_forward_hook` and the like act on "
                              "every module: remove it with its handle)"),
}


def _module_message(name: str, entry: dict, allowed: set) -> str:
    everything, at = entry.get("what", []), entry.get("at")
    what = [w for w in everything if w in _ASPECT_WORDS and (name, w) not in allowed]
    if not what:
        raise InvalidResult("a malformed input record")
    # where the first change named was made (a record of an older grader has only the first of all)
    first = everything.index(what[0])
    where = at[first] if isinstance(at, list) and len(at) == len(everything) else entry.get("where")
    part = f"`{name}.{where}`" if isinstance(where, str) and where else f"`{name}`"
    return _("your code changed the module {part}, which the exercise's setup made: {how}. An exercise's inputs "
             "must stay as its setup made them: work goes on with them after your code.").format(
        part=part, how="; ".join(_ASPECT_WORDS[w]() for w in what))
