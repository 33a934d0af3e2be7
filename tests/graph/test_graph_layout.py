"""The shape of tutor/graph: no import cycle (lazy imports count), nothing
from the grader, the app or the kernel, torch only in capture.py, and no
module past 400 lines."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

GRAPH = Path(__file__).resolve().parents[2] / "tutor" / "graph"
MODULES = {("tutor.graph" if p.name == "__init__.py" else f"tutor.graph.{p.stem}"): p for p in sorted(GRAPH.glob("*.py"))}


def imported(path: Path) -> set[str]:
    """Every module a file names in an import statement, anywhere in it, and
    every ``"tutor.…"`` string (the package's lazy importlib table)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("tutor."):
            out.add(node.value)
    return out


IMPORTS = {name: imported(path) for name, path in MODULES.items()}


def test_no_import_cycle():
    graph = {m: {t for t in ts if t in MODULES and t != m} for m, ts in IMPORTS.items()}
    done: set[str] = set()
    for start in graph:
        stack, path = [(start, iter(sorted(graph[start])))], [start]
        while stack:
            node, rest = stack[-1]
            nxt = next(rest, None)
            if nxt is None:
                stack.pop()
                path.pop()
                done.add(node)
            elif nxt in path:
                pytest.fail("import cycle: " + " -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in done:
                stack.append((nxt, iter(sorted(graph[nxt]))))
                path.append(nxt)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_grader_app_or_kernel_and_torch_only_in_capture(name):
    bad = sorted(t for t in IMPORTS[name] if t.startswith(("tutor.grade", "tutor.app", "tutor.kernel")))
    assert not bad, f"{name} imports {bad}"
    torch = sorted(t for t in IMPORTS[name] if t == "torch" or t.startswith("torch."))
    assert not torch or name == "tutor.graph.capture", f"{name} imports {torch}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_size(name):
    assert len(MODULES[name].read_text().splitlines()) <= 400


def test_torch_free_modules_load_no_torch():
    names = [m for m in MODULES if m != "tutor.graph.capture"]
    code = f"import sys\nfor m in {names!r}: __import__(m)\nassert 'torch' not in sys.modules, 'torch was imported'\n"
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0
