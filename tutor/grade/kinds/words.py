"""Small pieces of wording that several kinds' feedback shares."""

from __future__ import annotations

from tutor.grade import values as V
from tutor.i18n import N_, _


def plural(n: int, one: str, many: str) -> str:
    """``one`` or ``many`` (both marked with N_()), translated, with n in it.

    Two gettext entries rather than one plural entry: tests/test_i18n.py does not yet
    count plural entries as translated. Chinese has one form; English keeps its two."""
    return _(one if n == 1 else many).format(n=n)


def items(n: int) -> str:
    return plural(n, N_("{n} item"), N_("{n} items"))


def entries(n: int) -> str:
    return plural(n, N_("{n} entry"), N_("{n} entries"))


def missing(name: str, yours: dict) -> str | None:
    if yours.get("t") == "missing":
        return _("`{name}` is not defined after your code ran. Keep the names the exercise uses.").format(name=name)
    return None


def shape(encoded: dict) -> str:
    return "[" + ", ".join(str(s) for s in encoded.get("shape", [])) + "]"


def describe(encoded: dict, withhold: bool = False) -> str:
    """What a value is, in words; ``withhold``: without the value itself (a prediction's answer)."""
    t = encoded.get("t")
    if t == "tensor":
        return _("a tensor of shape {shape}").format(shape=shape(encoded))
    if t == "none":
        return "None"
    if t == "num":
        return _("a value") if withhold else (V.fmt(float(encoded["v"])) if isinstance(encoded["v"], str)
                                            else repr(encoded["v"]))
    if t == "bool":
        return _("a value") if withhold else repr(bool(encoded["v"]))
    if t == "dtype":
        return _("a dtype") if withhold else _("the dtype {dtype}").format(dtype=f"torch.{encoded.get('v')}")
    if t == "device":
        return _("a device") if withhold else _("the device {device}").format(device=repr(encoded.get("v")))
    if t == "seq":
        if encoded.get("tuple"):
            return _("a tuple of {items}").format(items=items(len(encoded["items"])))
        return _("a list of {items}").format(items=items(len(encoded["items"])))
    if t == "str":
        return _("a string")
    if t == "missing":
        return _("not defined")
    if t == "error":
        return _("an error ({why})").format(why=encoded.get("why"))
    if t == "other":
        kind = str(encoded.get("type"))
        vowel = kind[:1].lower() in ("a", "e", "i", "o", "u")  # "an AccumulateGrad" (round 37's learner)
        if encoded.get("why"):
            return (_("an {type} ({why})") if vowel else _("a {type} ({why})")).format(type=kind, why=encoded["why"])
        return (_("an {type}") if vowel else _("a {type}")).format(type=kind)
    return _("something else")


def size(n: int) -> str:
    """Bytes, in the unit a person reads."""
    if n < 1024:
        return _("{n} bytes").format(n=n)
    for unit in ("KiB", "MiB", "GiB"):
        n /= 1024
        if n < 1024 or unit == "GiB":
            return f"{n:.3g} {unit}"
    return _("{n} bytes").format(n=n)


# ------------------------------------------------------ counted checks (calls, hooks)


def bound_words(check) -> str:
    if check.count is not None:
        return _("exactly {n}").format(n=check.count)
    if check.min is not None and check.max is not None:
        if check.min == check.max:
            return _("exactly {n}").format(n=check.min)
        return _("between {min} and {max}").format(min=check.min, max=check.max)
    if check.min is not None:
        return _("at least {n}").format(n=check.min)
    return _("at most {n}").format(n=check.max)


def within(check, n: int) -> bool:
    if check.count is not None:
        return n == check.count
    return (check.min is None or n >= check.min) and (check.max is None or n <= check.max)


def too_few(check, n: int) -> bool:
    return (check.count is not None and n < check.count) or (check.min is not None and n < check.min)


def one_too_many(check) -> int | None:
    """For a mutant: one more than a counted check allows (None: no upper bound)."""
    if check.count is None and check.max is None:
        return None
    return (check.count if check.count is not None else check.max) + 1


def times(n: int) -> str:
    return _("once") if n == 1 else _("{n} times").format(n=n)


def bound_to_none(name: str, yours: dict, ctx) -> str:
    """Words for a name the code bound to what an in-place method returned (None), else ""."""
    method = (getattr(ctx, "bound_to_none", None) or {}).get(name)
    if not method or yours.get("t") != "none":
        return ""
    return " " + _("Your code bound `{name}` to what `.{method}()` returns, and it returns None: it works in place. "
                   "Bind the tensor first, then call it on a line of its own (`{name} = ...`, then "
                   "`{name}.{method}()`).").format(name=name, method=method)
