"""Torch's mode classes as the zygote holds them, for pristine's sealed record (NOTE [torch's modes, as the
zygote sealed them], modecount.py): read from the record, never from this module, which a run can rebind."""

from __future__ import annotations

from types import MappingProxyType

METHODS = ("__torch_dispatch__", "__torch_function__")


def resolved(cls, name: str, _type=type, _vars=vars, _missing=None):
    """What ``cls`` finds for ``name`` along its MRO, read from each class's dict."""
    for base in _type.__dict__["__mro__"].__get__(cls):
        found = _vars(base).get(name, _missing)
        if found is not _missing:
            return found
    return _missing


def registries() -> tuple:
    """For pristine's record: per kind (dispatch, function), id(class) -> (class, its resolved method)."""
    import torch.overrides
    from torch.utils._python_dispatch import TorchDispatchMode

    out = []
    for root, name in ((TorchDispatchMode, METHODS[0]), (torch.overrides.TorchFunctionMode, METHODS[1])):
        found, stack = {}, [root]
        while stack:
            cls = stack.pop()
            if id(cls) not in found:
                found[id(cls)] = (cls, resolved(cls, name))
                stack.extend(type.__subclasses__(cls))
        out.append(MappingProxyType(found))
    return tuple(out)
