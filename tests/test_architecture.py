"""The layout docs/architecture.md promises, checked on the code itself:
the import-linter contracts in pyproject.toml, no import circle (lazy imports
included), no module over 400 lines, no test double in the package."""

from __future__ import annotations

import copy
from pathlib import Path

import grimp
import pytest
from importlinter.configuration import configure
from importlinter.contracts.forbidden import ForbiddenContract

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

REPO = Path(__file__).resolve().parents[1]
MAX_LINES = 400
configure()  # import-linter's own settings (its timer), as its command line sets them
CONFIG = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]


@pytest.fixture(scope="module")
def graph():
    # Every import statement counts, module-level or inside a function.
    return grimp.build_graph("tutor", include_external_packages=True, cache_dir=None)


def _contract(spec: dict) -> ForbiddenContract:
    options = {k: v for k, v in spec.items() if k not in ("name", "type")}
    return ForbiddenContract(spec["name"], {"root_packages": ["tutor"], "include_external_packages": True}, options)


def test_there_are_contracts():
    assert len(CONFIG["contracts"]) >= 3
    assert all(c["type"] == "forbidden" for c in CONFIG["contracts"])


@pytest.mark.parametrize("spec", CONFIG["contracts"], ids=lambda c: c["name"][:60])
def test_import_contract_is_kept(graph, spec):
    check = _contract(spec).check(graph, verbose=False)
    assert check.kept, f"{spec['name']}: broken by {check.metadata}"


@pytest.mark.parametrize("spec", CONFIG["contracts"], ids=lambda c: c["name"][:60])
def test_import_contract_can_fail(graph, spec):
    """Each contract notices one import it forbids (so a kept one means something)."""
    spoiled = copy.deepcopy(graph)
    source = sorted(m for m in spoiled.modules if any(m == s or m.startswith(s + ".")
                                                     for s in spec["source_modules"]))[0]
    spoiled.add_import(importer=source, imported=spec["forbidden_modules"][0])
    assert not _contract(spec).check(spoiled, verbose=False).kept


def test_an_indirect_import_breaks_a_contract_too(graph):
    """A judge that imports torch through another module is caught, lazily or not."""
    spoiled = copy.deepcopy(graph)
    spoiled.add_import(importer="tutor.grade.kinds.grad", imported="tutor.graph.capture")  # capture imports torch
    (spec,) = [c for c in CONFIG["contracts"] if c["name"].startswith("Judging is torch-free")]
    assert not _contract(spec).check(spoiled, verbose=False).kept


def _circles(graph) -> list[list[str]]:
    """Strongly connected groups of tutor's modules (Tarjan, iterative)."""
    modules = sorted(m for m in graph.modules if m == "tutor" or m.startswith("tutor."))
    edges = {m: sorted(i for i in graph.find_modules_directly_imported_by(m) if i.startswith("tutor"))
             for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out = []
    for start in modules:
        if start in index:
            continue
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges.get(child, []))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    out.append(sorted(group))
    return out


def test_no_import_circle(graph):
    assert _circles(graph) == []


def test_the_circle_finder_finds_one(graph):
    spoiled = copy.deepcopy(graph)
    spoiled.add_import(importer="tutor.pack.models", imported="tutor.pack.loader")  # loader imports models
    assert any({"tutor.pack.loader", "tutor.pack.models"} <= set(group) for group in _circles(spoiled))


def test_no_module_over_400_lines():
    long = {str(p.relative_to(REPO)): n for p in (REPO / "tutor").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_the_grader_is_orchestration():
    assert len((REPO / "tutor/grade/grader.py").read_text(encoding="utf-8").splitlines()) <= 300


def test_no_test_double_in_the_package():
    assert not [p for p in (REPO / "tutor").rglob("*.py") if p.stem in ("fakes", "fake", "mocks", "stubs")]

