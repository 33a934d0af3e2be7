"""The grader's functions run as they are under torch.compile.

NOTE [the grader's functions under torch.compile]: the observers wrap torch's functions (`Tensor.backward`,
`torch.autograd.grad`, `torch.func.vmap`, the ways to register a hook). A learner's `torch.compile`d function
that calls one had Dynamo trace the wrapper as if it were the learner's: it set the defaults of functions it
made from torch's code and called `sys.settrace` from code of its own (both refused in a run: audit.py), ran
the wrapper's reads on fake tensors, and registered a hook without the wrapper seeing it. Round 41's learners
found seven correct answers failed so (a compiled training step that calls `backward()` among them). The
tutor's folder is now among the folders Dynamo never traces (`torch._dynamo.trace_rules.add`): a call of a
wrapper breaks the graph and runs eagerly, as Dynamo runs any function it skips. Dynamo loads lazily (some 800
modules), so where it is not loaded yet the rule goes in as it loads, by a finder that finds nothing itself.
"""

from __future__ import annotations

import sys

RULES = "torch._dynamo.trace_rules"


def install() -> None:
    """In the zygote, once: now where Dynamo is loaded, else as it loads."""
    rules = sys.modules.get(RULES)
    if rules is not None:
        _skip_tutor(rules)
    elif not any(isinstance(finder, _AsDynamoLoads) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AsDynamoLoads())


def _skip_tutor(rules) -> None:
    try:
        rules.add("tutor")
    except Exception:  # noqa: BLE001 - another torch's Dynamo: compiled code traces the wrappers, as before
        pass


class _AsDynamoLoads:
    """A finder for Dynamo's trace rules only: the spec the other finders give, whose module gets the rule
    once it has run."""

    def find_spec(self, name, path=None, target=None):
        if name != RULES:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _ThenSkip(spec.loader)
                return spec
        return None


class _ThenSkip:
    """A loader that runs the real one's module, then adds the rule."""

    def __init__(self, loader) -> None:
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module) -> None:
        self.loader.exec_module(module)
        _skip_tutor(module)

    def __getattr__(self, name):
        return getattr(self.loader, name)
