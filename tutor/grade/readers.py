"""What a probe reads out of the namespace, one reader per probe kind (protocol.PROBE_KINDS), in the probe
process after pristine.restore (child.read_probes calls them through readfirst.read_in_order)."""

from __future__ import annotations

import torch

from tutor.grade import observe, observe_kept, pristine, probes, readfirst
from tutor.grade.protocol import Probe


def read_or_fail(probe: Probe, namespace: dict) -> dict:
    try:
        return _read_probe(probe, namespace)
    except BaseException as exc:  # a probe that fails is a finding, not a crash
        return {"t": "error", "why": f"{type(exc).__name__}: {_safe_str(exc)}"}


def _read_probe(probe: Probe, namespace: dict) -> dict:
    missing = probe.name is not None and probe.name not in namespace
    return probes.MISSING if missing else next(read for kind, read in _READERS if kind == probe.kind)(probe, namespace)


def _read_value(probe: Probe, namespace: dict) -> dict:
    # The learner's names, but the builtins and torch as they were before
    # the code ran: `isinstance = lambda *a: True` changes nothing here.
    scope = {**namespace, **pristine.check_names(), "last_gradient_of": observe.last_gradient_of}
    quiet = bool(probe.options.get("if_freed"))  # the graph's own gradient: the code's hooks stay quiet, as judged
    if quiet and not observe_kept.as_registered():
        return observe_kept.HAND_HOOK
    observe_kept.quieted(quiet)
    try:
        return probes.encode_value(readfirst.evaluate(probe.expr, scope))
    except RuntimeError as exc:  # a graph the code's own backward freed: the check's `if_freed` instead
        if not quiet or "backward through the graph a second time" not in str(exc):
            raise
    finally:
        observe_kept.quieted(False)
    judged = observe_kept.judged_value(probe, namespace)  # NOTE [a graph judged before a pass freed it]
    if judged is not None:
        return judged
    return probes.encode_value(eval(compile(probe.options["if_freed"], "<check>", "eval"), scope))


def _read_graph(probe: Probe, namespace: dict) -> dict:
    from tutor.graph.capture import capture_namespace
    if probe.name in namespace and not issubclass(type(namespace[probe.name]), torch.Tensor):
        return probes.encode_value(namespace[probe.name])  # said as what it is: a float (`.item()`), None
    return {"t": "graph", "snapshot": capture_namespace(namespace, prefer=probe.options.get("prefer")).to_dict()}


def _read_gradcheck(probe: Probe, namespace: dict) -> dict:
    o = probe.options
    inputs = [namespace.get(n) for n in o.get("inputs", [])]
    return probes.run_gradcheck(namespace[probe.name], inputs, o.get("kwargs") or {}, eps=o.get("eps"),
                                atol=o.get("atol"), rtol=o.get("rtol"), second_order=probe.kind == "gradgradcheck",
                                check_forward_ad=bool(o.get("check_forward_ad")),
                                check_batched_grad=bool(o.get("check_batched_grad")),
                                output_only=bool(o.get("output_only")))


def _read_namespace(probe: Probe, namespace: dict) -> dict:
    return {"t": "namespace", "values": {key: probes.encode_value(value) for key, value in list(namespace.items())[:500]
                                         if not key.startswith("_") and _plain(value)}}


# One reader per probe kind (protocol.PROBE_KINDS): what a check kind asks a
# run to read. A tuple, not a dict: code under test cannot change it in place,
# and pristine.restore() puts a replaced one back (it restores our modules'
# functions, classes and immutable values).
_READERS = (
    ("grad", lambda probe, ns: probes.read_grad(ns[probe.name])),
    ("flags", lambda probe, ns: probes.tensor_flags(ns[probe.name])),
    ("value", _read_value),
    ("graph", _read_graph),
    ("gradcheck", _read_gradcheck),
    ("gradgradcheck", _read_gradcheck),
    ("observed", lambda probe, ns: observe.report(probe.options)),
    ("namespace", _read_namespace),
)


def _plain(value) -> bool:
    return (type(value) in (bool, int, float, str, list, tuple, type(None), torch.Size, torch.dtype, torch.device)
            or probes.is_plain_tensor(value) or type(value) in probes._NP_FLOATS + probes._NP_INTS + probes._NP_BOOLS)


def _safe_str(exc: BaseException) -> str:
    try:
        return str(exc)[:500]
    except BaseException:
        return "?"
