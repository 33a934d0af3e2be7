"""``unchanged``: inputs from the setup that the learner's code must not
modify in place (version counter and values, recorded by observe.py)."""

from __future__ import annotations

from tutor.grade.kinds.base import Context, InvalidResult, Kind, Verdict, observed_record
from tutor.i18n import _
from tutor.pack.checks import UnchangedCheck


class Unchanged(Kind):
    name = "unchanged"
    model = UnchangedCheck

    def label(self, check) -> str:
        return _("unchanged: {names}").format(names=", ".join(check.tensors))

    def observe(self, check):
        return {"unchanged": list(check.tensors)}

    def mutant(self, check):
        first = check.tensors[0]
        return (f"\nwith torch.no_grad():\n    for _p in ([{first}] if isinstance({first}, torch.Tensor) "
                f"else list({first}.parameters()) + list({first}.buffers()))[:1]:\n        _p.add_(1)\n")

    def judge(self, check, expected, yours, ctx: Context) -> Verdict:
        record = observed_record(ctx.observed)
        entries = record.get("unchanged")
        if not isinstance(entries, list):
            raise InvalidResult("no record of the inputs")
        for name in check.tensors:
            found = [e for e in entries if isinstance(e, dict) and isinstance(e.get("name"), str)
                     and (e["name"] == name or e["name"].startswith(name + "."))]
            if not found:
                raise InvalidResult(f"no record of `{name}`")
            for entry in found:
                t = entry.get("t")
                if t == "missing":
                    return False, _("`{name}` is not a tensor or module made by the exercise's setup, so it cannot be "
                                    "checked; tell your instructor.").format(name=name)
                if t == "unreadable":
                    return False, _("`{entry}` could not be read after your code ran ({why}).").format(
                        entry=entry["name"], why=entry.get("why"))
                if t == "changed":
                    if entry["name"] != name:
                        which = _("`{entry}` (in `{name}`)").format(entry=entry["name"], name=name)
                    else:
                        which = f"`{entry['name']}`"
                    how = _("its values changed") if entry.get("values") else \
                        _("its values are the same, but an in-place operation ran on it")
                    return False, _("your code changed {which} in place ({how}); this exercise needs it as the setup "
                                    "made it. Compute a new tensor (`y = x * 2`, not `x.mul_(2)` or `x *= 2`), or work "
                                    "on a copy (`x.clone()`).").format(which=which, how=how)
                if t != "ok":
                    raise InvalidResult("a malformed input record")
        return True, ""
