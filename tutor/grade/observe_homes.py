"""Where torch defines the transforms torch.func exports (NOTE [an API
imported from its home], observe_calls.py), and functorch's deprecated
wrappers of them."""

from __future__ import annotations

import torch.func as _FUNC


def _homes() -> list:
    """(private module, names) where torch.func's transforms are defined (NOTE [an API imported from its home])."""
    import importlib

    out = []
    for module, names in (("torch._functorch.apis", ("grad", "grad_and_value", "vmap")),
                          ("torch._functorch.eager_transforms", ("jacrev", "jacfwd", "hessian", "vjp", "jvp",
                                                                 "linearize")),
                          ("torch._functorch.functional_call", ("functional_call",)),
                          # functorch.grad & co.: deprecated wrappers that call torch.func's from torch's folder
                          ("torch._functorch.deprecated", ("grad", "grad_and_value", "vmap", "jacrev", "jacfwd",
                                                          "hessian", "vjp", "jvp", "functional_call"))):
        try:
            home = importlib.import_module(module)
        except ImportError:
            continue
        out.append((home, tuple(n for n in names if getattr(home, n, None) is getattr(_FUNC, n, None)
                                or (module.endswith("deprecated") and callable(getattr(home, n, None))))))
    return out


HOMES = _homes()
