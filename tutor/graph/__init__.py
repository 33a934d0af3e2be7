"""The autograd graph model: capture, normalize, compare, render.

Importing this package loads no torch: ``model``, ``normalize``, ``compare``
and ``render`` are torch-free; ``capture`` (which needs torch) is loaded only
when ``capture`` / ``capture_namespace`` is first used.
"""

from __future__ import annotations

from typing import Any

from tutor.graph.model import GraphEdge, GraphNode, GraphSnapshot, SavedTensor

__all__ = [
    "GraphEdge",
    "GraphNode",
    "GraphSnapshot",
    "SavedTensor",
    "capture",
    "capture_namespace",
    "compare",
    "render_dot",
    "render_text",
]

_LAZY = {
    "capture": "tutor.graph.capture",
    "capture_namespace": "tutor.graph.capture",
    "compare": "tutor.graph.compare",
    "render_text": "tutor.graph.render",
    "render_dot": "tutor.graph.render",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.graph' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
