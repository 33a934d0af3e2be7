"""Fingerprints of every graph output for the built-in pack: a byte-identity check.

    .venv/bin/python bench/graph_identity.py > before.txt
    ... change tutor/graph ...
    .venv/bin/python bench/graph_identity.py > after.txt
    diff before.txt after.txt

Runs every lesson example, every exercise's setup + starter, setup + reference
and setup + each submission of tests/corpus/<exercise>/ (every trial seed), one
top-level statement at a time as the kernel would, and after each statement
prints the md5 of what the graph model makes of the namespace: the snapshot's
JSON (``to_json``, ``to_dict`` through ``json.dumps``, a ``from_json`` round
trip), ``content_hash``, DOT, the text tree (all roots and each root), the
normalized graph of each root (and with views kept, with algebra off) with its
``graph_hash``, and ``compare`` of the reference's graph with each state for
the exercise's graph checks. Then the bench graphs (MLP, ResNet-like, 10k and
100k chains, capped and not). One line per output: ``label kind md5``.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import signal
import sys
from pathlib import Path

import torch
import yaml

from tutor.graph.capture import capture, capture_namespace
from tutor.graph.compare import compare
from tutor.graph.model import GraphSnapshot
from tutor.graph.normalize import graph_hash, normalize
from tutor.graph.render import render_dot, render_text

# GRAPH_IDENTITY_CONTENT: a frozen copy of lessons/, exercises/, tests/corpus/ and
# bench/bench_graph.py, when the checkout's content changes under you.
ROOT = Path(os.environ.get("GRAPH_IDENTITY_CONTENT") or Path(__file__).resolve().parent.parent)
NOT_GRAPHED = frozenset({"torch", "nn", "F", "device", "seed", "_"})


def md5(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


def norm_text(g) -> str:
    rows = [repr(g.root)]
    for nid, n in g.nodes.items():
        rows.append(repr((nid, n.label, n.kind, n.children, sorted(n.consts.items()), n.names, n.shape,
                          sorted(n.outs.items()), n.num_outputs, g.sig.get(nid))))
    return "\n".join(rows) + "\n" + graph_hash(g)


def emit(label: str, kind: str, text: str) -> None:
    print(f"{label} {kind} {md5(text)}")


def outputs(label: str, snap: GraphSnapshot) -> None:
    js = snap.to_json()
    emit(label, "json", js)
    emit(label, "dict", json.dumps(snap.to_dict()))
    emit(label, "roundtrip", GraphSnapshot.from_json(js).to_json())
    emit(label, "content_hash", snap.content_hash())
    emit(label, "dot", render_dot(snap))
    emit(label, "text", render_text(snap))
    emit(label, "text-color", render_text(snap, color=True))
    for name in sorted(snap.roots):
        emit(label, f"text[{name}]", render_text(snap, name))
        for opts, kw in (("", {}), ("-views", {"collapse_views": False}), ("-noalg", {"algebra": False})):
            try:
                emit(label, f"norm{opts}[{name}]", norm_text(normalize(snap, name, **kw)))
            except ValueError as exc:
                emit(label, f"norm{opts}[{name}]", f"ValueError {exc}")
    emit(label, "norm[*]", norm_text(normalize(snap)))
    emit(label, "indent-json", snap.to_json(indent=1))


def statements(code: str) -> list[str]:
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return [code]
    lines = code.splitlines(keepends=True)
    out = []
    for node in tree.body:
        start = node.lineno - 1
        if getattr(node, "decorator_list", None):
            start = min(d.lineno for d in node.decorator_list) - 1
        out.append("".join(lines[start:node.end_lineno]))
    return out


class Timeout(Exception):
    pass


def _alarm(*_):
    raise Timeout()


def fresh(seed: int) -> dict:
    return {"__name__": "__main__", "__builtins__": __builtins__, "torch": torch, "nn": torch.nn,
            "F": torch.nn.functional, "device": torch.device("cpu"), "seed": seed}


def run_program(label: str, setup: str, code: str, seed: int, prefer=None, keep=None) -> list:
    import random

    random.seed(seed)
    torch.manual_seed(seed)
    ns = fresh(seed)
    states = []
    signal.signal(signal.SIGALRM, _alarm)
    for step, stmt in enumerate(([setup] if setup else []) + statements(code)):
        signal.alarm(120)
        try:
            exec(compile(stmt, f"<{label}>", "exec"), ns)
        except Timeout:
            print(f"{label}:{step} timeout")
            break
        except BaseException as exc:  # noqa: BLE001 - the program's error is part of the state
            print(f"{label}:{step} raised {type(exc).__name__}")
        finally:
            signal.alarm(0)
        tensors = {k: v for k, v in ns.items() if not k.startswith("_") and k not in NOT_GRAPHED}
        try:
            snap = capture_namespace(tensors)
            outputs(f"{label}:{step}", snap)
            if prefer:
                emit(f"{label}:{step}", "prefer-json", capture_namespace(tensors, prefer=prefer).to_json())
        except Exception as exc:  # noqa: BLE001
            print(f"{label}:{step} capture-failed {type(exc).__name__}: {exc}")
            continue
        states.append((f"{label}:{step}", snap))
    return states


def exercise_programs():
    for path in sorted((ROOT / "exercises").glob("*.yaml")):
        ex = yaml.safe_load(path.read_text(encoding="utf-8"))
        solution = ex.get("solution")
        if solution is None and ex.get("solution_file"):
            solution = (path.parent / ex["solution_file"]).read_text(encoding="utf-8")
        seeds = [t.get("seed", 0) for t in ex.get("trials") or []] or [0]
        programs = [("starter", ex.get("starter") or ""), ("solution", solution or "")]
        for sub in sorted((ROOT / "tests" / "corpus" / ex["id"]).glob("*.py")):
            programs.append((sub.stem, sub.read_text(encoding="utf-8")))
        yield ex, seeds, programs


def main() -> int:
    for path in sorted((ROOT / "lessons").glob("*.yaml")):
        lesson = yaml.safe_load(path.read_text(encoding="utf-8"))
        for i, example in enumerate(lesson.get("examples") or []):
            run_program(f"lesson/{lesson['id']}/{i}", "", example.get("code", ""), 0)
    for ex, seeds, programs in exercise_programs():
        graph_checks = [c for c in ex.get("checks") or [] if c.get("kind") == "graph"]
        prefer = [c.get("root") for c in graph_checks] or None
        for seed in seeds:
            ref_states = []
            all_states = []
            for name, code in programs:
                states = run_program(f"ex/{ex['id']}/{name}/{seed}", ex.get("setup") or "", code, seed, prefer)
                if name == "solution":
                    ref_states = states
                all_states.extend(states)
            if not ref_states:
                continue
            ref = ref_states[-1][1]
            for check in graph_checks:
                root = check["root"]
                if ref.find(root) is None:
                    continue
                for label, snap in all_states:
                    for tier in ("leaves", "ops", "structure", "written"):
                        result = compare(ref, snap, root=root, tier=tier,
                                         collapse_views=check.get("collapse_views", True),
                                         neutral=check.get("neutral"), prefer=prefer)
                        emit(label, f"compare[{root},{tier}]", repr((result.equal, result.tiers, result.differences)))
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_graph import chain, mlp, resnet

    torch.manual_seed(0)
    for name, make, caps in (("mlp", mlp, (5000, 20_000)), ("resnet", resnet, (5000, 20_000)),
                             ("chain-10k", lambda: chain(10_000), (5000, 20_000)),
                             ("chain-100k", lambda: chain(100_000), (5000, 20_000))):
        out = make()
        for cap in caps:
            snap = capture(out, max_nodes=cap)
            emit(f"bench/{name}/{cap}", "json", snap.to_json())
            emit(f"bench/{name}/{cap}", "dot", render_dot(snap))
            emit(f"bench/{name}/{cap}", "text", render_text(snap))
            emit(f"bench/{name}/{cap}", "norm", norm_text(normalize(snap)))
            emit(f"bench/{name}/{cap}", "ns-json", capture_namespace({"loss": out, "h": out}, max_nodes=cap).to_json())
        out.sum().backward() if name in ("mlp", "resnet") else None
        emit(f"bench/{name}/after-backward", "json", capture(out).to_json())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
