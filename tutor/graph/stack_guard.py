"""Keep a walked autograd graph from crashing the process when it is freed.

Found with torch 2.13 (see docs/graph.md, "Deep graphs"): autograd Nodes are
intrusive_ptr objects with *PyObject preservation*. Once Python has touched a
Node (any ``grad_fn`` / ``next_functions`` access creates its wrapper), the
Node keeps that wrapper alive for the rest of its life. When such a graph is
freed, each Node is released through its wrapper's ``tp_dealloc``, which frees
the next Node, whose wrapper is deallocated in turn: one C stack segment (~200
bytes) per Node instead of torch's usual iterative teardown. A chain of about
40,000 walked Nodes overflows the default 8 MiB main-thread stack and the
process dies with SIGSEGV at the learner's ``del loss``, long after capture.

Nothing on the Python side can take the wrapper back, so the walk may only
touch as many Nodes as the stack can later unwind. On Linux the main thread's
stack grows on demand up to the *current* soft RLIMIT_STACK, and the kernel
leaves at least 128 MiB of address space under it, so raising the soft limit
(up to that gap) at run time makes room for ~240,000 walked Nodes.
"""

from __future__ import annotations

import sys
import threading

# Measured ~200 bytes of stack per walked Node freed; 512 leaves room for node
# kinds with larger destructors (saved tensors whose own wrappers are freed).
BYTES_PER_NODE = 512
# Stack kept for whatever the program is doing when it frees the graph.
RESERVE_BYTES = 2 << 20
# The kernel's minimum gap below the stack is 128 MiB; stay under it.
CEILING_BYTES = 120 << 20
# What we assume when we cannot read or change the limit (8 MiB is the usual default).
DEFAULT_STACK_BYTES = 8 << 20

_raised = False


def safe_node_count() -> int:
    """How many Nodes a walk may touch now without risking the crash."""
    return max(0, (_current_stack_bytes() - RESERVE_BYTES) // BYTES_PER_NODE)


def make_room(nodes: int) -> int:
    """Try to make freeing ``nodes`` walked Nodes safe; return the safe count.

    Raises the soft stack limit once (Linux, main thread only: other threads
    and other systems have fixed stacks) and never lowers it."""
    global _raised
    safe = safe_node_count()
    if nodes <= safe or _raised or not _can_raise():
        return safe
    _raised = True
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    want = CEILING_BYTES if hard == resource.RLIM_INFINITY else min(CEILING_BYTES, hard)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_STACK, (want, hard))
        except (ValueError, OSError):
            pass
    return safe_node_count()


def _can_raise() -> bool:
    return sys.platform.startswith("linux") and threading.current_thread() is threading.main_thread()


def _current_stack_bytes() -> int:
    if not sys.platform.startswith("linux"):
        return DEFAULT_STACK_BYTES
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_STACK)
    if soft == resource.RLIM_INFINITY:
        return CEILING_BYTES
    if threading.current_thread() is not threading.main_thread():
        # The graph is usually freed on the main thread; threads' stacks were
        # sized at their start, so trust only the default.
        return min(soft, DEFAULT_STACK_BYTES)
    return min(soft, CEILING_BYTES)
