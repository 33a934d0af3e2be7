"""The caps on what a reader accepts, and one node's plain data validated. Torch-free.

untrusted.py validates a whole snapshot (its ids, edges, cycles, roots) and
calls :func:`node_from_untrusted` for each node. Every check raises
``_Bad`` (a ValueError) with a sentence saying what is wrong.
"""

from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple

from tutor.graph.kinds import AVAILABLE, KINDS, SAVED_STATES

# Caps: what a reader accepts. Capture stays within them (a cut node says more_inputs).
MAX_NODES = 20_000  # the grader captures at most 5,000; the UI at most 5,000
MAX_EDGES = 200_000
MAX_FAN_IN = 10_000  # inputs of one node (torch.cat / stack of many tensors)
MAX_LIST = 1_000  # names, saved tensors, attrs of one node; items of an attr list
MAX_TEXT = 10_000  # characters in one string
MAX_DIMS = 64  # torch's own limit on a tensor's dimensions
MAX_ID = 1 << 62  # ids are >= 0: normalize numbers the nodes it makes with negatives


class ModelClasses(NamedTuple):
    """What a decoded snapshot is built from (model.py passes its classes)."""

    snapshot: Callable[..., Any]
    node: Callable[..., Any]
    edge: Callable[..., Any]
    saved: Callable[..., Any]


class _Bad(ValueError):
    pass


def _is_int(v: Any) -> bool:
    return type(v) is int  # bool is an int subclass; a bool is not a number here


def _count(v: Any, what: str, limit: int = MAX_ID) -> int:
    if not _is_int(v) or v < 0 or v > limit:
        raise _Bad(f"{what} must be a whole number from 0 to {limit}, not {_show(v)}")
    return v


def _text(v: Any, what: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(v, str):
        raise _Bad(f"{what} must be a string, not {_show(v)}")
    if len(v) > limit:
        raise _Bad(f"{what} is longer than {limit} characters")
    return v


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _line(v: Any, what: str) -> str:
    """A name or label: short, one line, no terminal control characters."""
    if type(v) is str and v in _GOOD_LINES:
        return v
    v = _text(v, what, 1000)
    if _CONTROL.search(v):
        raise _Bad(f"{what} holds a control character: {_show(v)}")
    if type(v) is str and len(v) <= 64:
        if len(_GOOD_LINES) >= _GOOD_LIMIT:
            _GOOD_LINES.clear()
        _GOOD_LINES.add(v)
    return v


# Lines already found good (exact str only: a subclass may compare as it
# likes). A snapshot repeats its op names, dtypes and attr names thousands of
# times; the check is the same for each. Bounded (short lines, 20,000 of
# them): a kernel and the app live long.
_GOOD_LINES: set[str] = set()
_GOOD_LIMIT = 20_000


def _opt_text(v: Any, what: str) -> str | None:
    return None if v is None else _line(v, what)


def _shape_of(v: Any, what: str) -> list[int] | None:
    if v is None:
        return None
    if not isinstance(v, list) or len(v) > MAX_DIMS:
        raise _Bad(f"{what} must be a list of at most {MAX_DIMS} sizes or null, not {_show(v)}")
    for x in v:
        if type(x) is not int or x < 0 or x > MAX_ID:
            raise _Bad(f"{what} must hold whole numbers >= 0, not {_show(x)}")
    return list(v)


def _plain_value(v: Any, what: str, depth: int = 0) -> Any:
    """A JSON scalar, or a list (nested at most twice) of them: what capture writes."""
    if v is None or isinstance(v, bool) or _is_int(v):
        return v
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            raise _Bad(f"{what} must be a finite number, not {v}")
        return v
    if isinstance(v, str):
        return _text(v, what)
    if isinstance(v, list) and depth < 2:
        if len(v) > MAX_LIST:
            raise _Bad(f"{what} has more than {MAX_LIST} items")
        return [_plain_value(x, what, depth + 1) for x in v]
    raise _Bad(f"{what} must be a number, string, null or a short list of them, not {_show(v)}")


def _show(v: Any) -> str:
    """A short, safe description of a bad value for an error message."""
    if isinstance(v, (dict, list, tuple, set)):
        return f"a {type(v).__name__} of {len(v)} items"
    if isinstance(v, str):
        return repr(v[:40] + ("..." if len(v) > 40 else ""))
    if v is None or isinstance(v, (bool, int, float)):
        text = repr(v)
        return text if len(text) <= 40 else text[:40] + "..."
    return f"a {type(v).__name__}"


def _saved_from_untrusted(d: Any, what: str, saved_cls: Callable[..., Any]) -> Any:
    if not isinstance(d, dict):
        raise _Bad(f"must be a mapping, not {_show(d)}")
    state = d.get("state", AVAILABLE)
    if state not in SAVED_STATES:
        raise _Bad(f"state must be one of {', '.join(SAVED_STATES)}, not {_show(state)}")
    return saved_cls(
        _line(d.get("attr"), "attr"),
        _shape_of(d.get("shape"), "shape"),
        _opt_text(d.get("dtype"), "dtype"),
        state,
    )


def _bool_field(v: Any, what: str) -> bool:
    if v is not True and v is not False:
        raise _Bad(f"{what} must be true or false, not {_show(v)}")
    return v


def _opt_bool_field(v: Any, what: str) -> bool | None:
    if v is not None and v is not True and v is not False:
        raise _Bad(f"{what} must be true, false or null, not {_show(v)}")
    return v


def _opt_count_field(v: Any, what: str) -> int | None:
    if v is None or (type(v) is int and 0 <= v <= MAX_ID):
        return v
    return _count(v, what)


def _names_field(v: Any, what: str) -> list[str]:
    if not isinstance(v, list) or len(v) > MAX_LIST:
        raise _Bad(f"{what} must be a list of at most {MAX_LIST} strings, not {_show(v)}")
    return [_line(n, what) for n in v]


def _saved_field(v: Any, what: str, saved_cls: Callable[..., Any]) -> list[Any]:
    if not isinstance(v, list) or len(v) > MAX_LIST:
        raise _Bad(f"{what} must be a list of at most {MAX_LIST} items, not {_show(v)}")
    out = []
    for i, item in enumerate(v):
        try:
            out.append(_saved_from_untrusted(item, "saved tensor", saved_cls))
        except _Bad as exc:
            raise _Bad(f"{what}[{i}]: {exc}") from None
    return out


def _attrs_field(v: Any, what: str) -> dict[str, Any]:
    if not isinstance(v, dict) or len(v) > MAX_LIST:
        raise _Bad(f"{what} must be a mapping of at most {MAX_LIST} items, not {_show(v)}")
    return {_text(k, f"{what} key", 1000): _plain_value(x, what) for k, x in v.items()}


def _value_field(v: Any, what: str) -> float | int | bool | None:
    if v is not None and not isinstance(v, (bool, int, float)):
        raise _Bad(f"{what} must be a number, true, false or null, not {_show(v)}")
    return _plain_value(v, what)


# Optional node fields: key -> validator. Keys not listed are ignored (a
# newer writer's extra field), so old readers keep working. "saved" is not
# listed: its validator also needs the SavedTensor class.
_FIELD_CHECKS = {
    "requires_grad": _bool_field,
    "is_leaf": _bool_field,
    "has_grad": _bool_field,
    "more_inputs": _bool_field,
    "retains_grad": _opt_bool_field,
    "hooks": _opt_count_field,
    "post_accumulate_hooks": _opt_count_field,
    "order": _opt_count_field,
    "dtype": _opt_text,
    "device": _opt_text,
    "shape": _shape_of,
    "grad_shape": _shape_of,
    "num_outputs": lambda v, what: _count(v, what, 1 << 31),
    "names": _names_field,
    "attrs": _attrs_field,
    "value": _value_field,
}


def node_from_untrusted(d: Any, index: int, classes: ModelClasses) -> Any:
    """A GraphNode from plain data (``index``: its place, for messages).
    Raises ValueError saying what is wrong."""
    if not isinstance(d, dict):
        raise _Bad(f"node {index} must be a mapping, not {_show(d)}")
    node_id = d.get("id")
    if type(node_id) is not int or node_id < 0 or node_id > MAX_ID:  # the message only when it is wrong
        node_id = _count(node_id, f"node {index}: id")
    try:
        kind = d.get("kind")
        if kind not in KINDS:
            raise _Bad(f"kind must be one of {', '.join(KINDS)}, not {_show(kind)}")
        node = classes.node(node_id, _line(d.get("raw_op"), "raw_op"), _line(d.get("op"), "op"), kind)
        checks = _FIELD_CHECKS
        for key, value in d.items():
            check = checks.get(key)
            if check is not None:
                setattr(node, key, check(value, key))
            elif key == "saved":
                node.saved = _saved_field(value, key, classes.saved)
    except _Bad as exc:
        raise _Bad(f"node {index} (id {node_id}): {exc}") from None
    return node
