"""The built-in course teaches autograd in order (issue 21): every lesson's
code (its examples, the code spans of its body, and the setup, starter and
solution of its exercises) uses only the autograd APIs that this lesson or
an earlier one introduces.

``INTRODUCES`` is the curriculum: for each lesson, the tracked APIs it
introduces. ``uses(code)`` finds the tracked APIs a piece of code uses, by
parsing it (``ast``), not by searching text: a dotted name such as
``torch.autograd.grad`` (also when imported: ``from torch.func import grad``),
a method or attribute such as ``.backward()`` or ``.data`` on any object, or
a keyword argument such as ``create_graph=``."""

from __future__ import annotations

import ast
import re
import textwrap

import pytest

from tutor.pack import load_pack

# Dotted names, resolved through imports (`from torch.func import grad`).
DOTTED = {
    "torch.autograd.grad", "torch.autograd.backward", "torch.autograd.Function",
    "torch.autograd.function.once_differentiable",
    "torch.autograd.functional.jacobian", "torch.autograd.functional.hessian",
    "torch.autograd.functional.vjp", "torch.autograd.functional.jvp",
    "torch.autograd.functional.hvp", "torch.autograd.functional.vhp",
    "torch.autograd.graph.register_multi_grad_hook", "torch.autograd.graph.saved_tensors_hooks",
    "torch.autograd.detect_anomaly", "torch.autograd.set_detect_anomaly",
    "torch.autograd.gradcheck", "torch.autograd.gradgradcheck",
    "torch.no_grad", "torch.enable_grad", "torch.set_grad_enabled", "torch.inference_mode",
    "torch.func.grad", "torch.func.grad_and_value", "torch.func.vmap", "torch.vmap",
    "torch.func.jacrev", "torch.func.jacfwd", "torch.func.hessian", "torch.func.vjp",
    "torch.func.jvp", "torch.func.functional_call",
    "torch.utils.checkpoint.checkpoint", "torch.utils.checkpoint.checkpoint_sequential",
}
# Methods and attributes, on any object (written with a leading dot).
MEMBERS = {
    ".backward", ".retain_grad", ".retains_grad", ".grad_fn", ".next_functions", ".is_leaf",
    ".requires_grad_", ".detach", ".detach_", ".data", "._version",
    ".register_hook", ".register_prehook", ".register_post_accumulate_grad_hook",
    ".register_full_backward_hook", ".register_full_backward_pre_hook",
    ".register_forward_hook", ".register_forward_pre_hook",
    ".save_for_backward", ".saved_tensors", ".mark_dirty", ".mark_non_differentiable",
    ".set_materialize_grads", ".zero_grad", ".eval", "._saved_",
}
# Keyword arguments of autograd calls.
KEYWORDS = {"retain_graph=", "create_graph=", "allow_unused=", "inputs=", "use_reentrant="}
TRACKED = DOTTED | MEMBERS | KEYWORDS

# The curriculum: what each lesson introduces. Every tracked API is
# introduced by exactly one lesson.
INTRODUCES: dict[str, set[str]] = {
    "tensors-that-remember": {".backward", ".grad_fn", ".is_leaf", ".requires_grad_", "torch.no_grad"},
    "reading-the-graph": {".next_functions", "._saved_"},
    "chain-rule-by-hand": {"torch.autograd.grad", "allow_unused=", "inputs="},
    "accumulation": {".zero_grad"},
    "retain-grad": {".retain_grad", ".retains_grad"},
    "stopping-gradients": {".detach", "torch.inference_mode", ".eval"},
    "hooks": {".register_hook", ".register_post_accumulate_grad_hook", ".register_prehook",
              ".register_full_backward_hook", "torch.autograd.graph.register_multi_grad_hook"},
    "custom-function": {"torch.autograd.Function", ".save_for_backward", ".saved_tensors",
                        "torch.autograd.gradcheck"},
    "retain-graph-and-vjp": {"retain_graph=", "torch.autograd.functional.jacobian"},
    "in-place": {"._version"},
    "silent-and-loud-bugs": {".data", "torch.autograd.detect_anomaly", "torch.autograd.set_detect_anomaly"},
    "higher-order": {"create_graph=", "torch.autograd.functional.hessian", "torch.autograd.gradgradcheck"},
    "torch-func": {"torch.func.grad", "torch.func.vmap", "torch.func.jacrev", "torch.func.jacfwd",
                   "torch.func.hessian", "torch.func.vjp", "torch.func.jvp",
                   "torch.autograd.function.once_differentiable",
                   ".mark_dirty", ".mark_non_differentiable", ".set_materialize_grads"},
    "memory": {"torch.autograd.graph.saved_tensors_hooks", "torch.utils.checkpoint.checkpoint", "use_reentrant="},
}
# Tracked, but no lesson teaches them yet: any use of one is reported.
NOT_TAUGHT = {
    "torch.autograd.backward", ".detach_", "torch.enable_grad", "torch.set_grad_enabled",
    ".register_full_backward_pre_hook", ".register_forward_hook", ".register_forward_pre_hook",
    "torch.autograd.functional.vjp", "torch.autograd.functional.jvp", "torch.autograd.functional.hvp",
    "torch.autograd.functional.vhp", "torch.func.grad_and_value", "torch.vmap", "torch.func.functional_call",
    "torch.utils.checkpoint.checkpoint_sequential",
}
# Uses before the introduction that the course still has (lesson, API): each
# is a real ordering problem to fix in the lesson; the test fails when one
# of them is fixed, so that it is taken off this list.
KNOWN_OUT_OF_ORDER: set[tuple[str, str]] = set()

CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
FENCE = re.compile(r"```[a-z]*\n(.*?)```", re.S)


def _dotted(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return ".".join([node.id, *reversed(parts)])
    return None


def uses(code: str) -> set[str]:
    """The tracked APIs that ``code`` uses; code that does not parse uses none."""
    try:
        tree = ast.parse(textwrap.dedent(code))
    except SyntaxError:
        return set()
    aliases = {"torch": "torch", "nn": "torch.nn", "F": "torch.nn.functional"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                aliases[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Attribute, ast.Name)):
            name = _dotted(node)
            if name is not None:
                head, _, rest = name.partition(".")
                if head in aliases:
                    full = aliases[head] + ("." + rest if rest else "")
                    # every prefix: `torch.autograd.grad(...)` is found in `torch.autograd.grad.__name__` too
                    pieces = full.split(".")
                    found.update(p for p in (".".join(pieces[:i]) for i in range(1, len(pieces) + 1)) if p in DOTTED)
            if isinstance(node, ast.Attribute):
                if "." + node.attr in MEMBERS:
                    found.add("." + node.attr)
                elif node.attr.startswith("_saved_"):
                    found.add("._saved_")
        elif isinstance(node, ast.keyword) and node.arg and node.arg + "=" in KEYWORDS:
            found.add(node.arg + "=")
        elif isinstance(node, ast.FunctionDef):
            for deco in node.decorator_list:
                found |= uses(ast.unparse(deco))
    return found


def snippets(markdown: str) -> list[str]:
    """Python in a Markdown text: fenced blocks and inline code spans."""
    blocks = FENCE.findall(markdown)
    rest = FENCE.sub("", markdown)
    return blocks + CODE_SPAN.findall(rest)


def lesson_code(pack, lesson) -> list[tuple[str, str]]:
    """(where, code) for everything a lesson shows or runs."""
    out = [(f"example {i + 1}", ex.code) for i, ex in enumerate(lesson.examples)]
    for lang in ("en", "zh"):
        text = getattr(lesson.body, lang, None) or ""
        out += [(f"body ({lang})", span) for span in snippets(text)]
    for ex_id in lesson.exercises:
        exercise = pack.exercises[ex_id]
        for part in ("setup", "starter", "solution"):
            out.append((f"exercise {ex_id} {part}", getattr(exercise, part) or ""))
    return out


def order_problems(pack, introduces: dict[str, set[str]], tolerated=frozenset()) -> list[str]:
    """Every use of a tracked API before the lesson that introduces it,
    except the (lesson, API) pairs in ``tolerated``."""
    problems, known = [], set()
    introduced_in = {api: lesson for lesson, apis in introduces.items() for api in apis}
    for lesson in pack.lessons:
        known |= introduces.get(lesson.id, set())
        for where, code in lesson_code(pack, lesson):
            for api in sorted(uses(code) - known):
                if (lesson.id, api) in tolerated:
                    continue
                later = introduced_in.get(api)
                problems.append(f"{lesson.id}: {where} uses {api}, "
                                + (f"introduced later, in {later}" if later else "which no lesson introduces"))
    return problems


PACK = load_pack(None)


def test_the_curriculum_covers_every_tracked_api_once():
    listed = [api for apis in INTRODUCES.values() for api in apis] + sorted(NOT_TAUGHT)
    assert sorted(listed) == sorted(TRACKED), (set(TRACKED) - set(listed), set(listed) - set(TRACKED))
    assert set(INTRODUCES) == {lesson.id for lesson in PACK.lessons}


def test_every_lesson_uses_only_what_it_or_an_earlier_one_introduces():
    problems = order_problems(PACK, INTRODUCES, KNOWN_OUT_OF_ORDER)
    assert not problems, "\n".join(problems)


def test_the_known_ordering_problems_are_still_there():
    problems = order_problems(PACK, INTRODUCES)
    for lesson, api in KNOWN_OUT_OF_ORDER:
        assert any(p.startswith(lesson + ":") and f" uses {api}," in p for p in problems), \
            f"{lesson} no longer uses {api} too early: take it off KNOWN_OUT_OF_ORDER"


def test_every_lesson_uses_what_it_introduces():
    """A lesson that introduces an API shows it (or an exercise uses it)."""
    for lesson in PACK.lessons:
        used = set().union(*(uses(code) for _, code in lesson_code(PACK, lesson)))
        assert INTRODUCES[lesson.id] <= used, (lesson.id, INTRODUCES[lesson.id] - used)


# ------------------------------------------------------------- the test itself


@pytest.mark.parametrize(("code", "expected"), [
    ("y.backward()", {".backward"}),
    ("(g,) = torch.autograd.grad(y, x, create_graph=True)", {"torch.autograd.grad", "create_graph="}),
    ("from torch.func import grad, vmap as vm\nvm(grad(f))(x)", {"torch.func.grad", "torch.func.vmap"}),
    ("import torch.utils.checkpoint as cp\ncp.checkpoint(f, x, use_reentrant=False)",
     {"torch.utils.checkpoint.checkpoint", "use_reentrant="}),
    ("with torch.no_grad():\n    w -= w.grad", {"torch.no_grad"}),
    ("y.grad_fn._saved_self", {".grad_fn", "._saved_"}),
    ("grad = 3\nx.data", {".data"}),  # a local `grad` is not torch.func.grad
    ("@once_differentiable\ndef backward(ctx, g): pass", set()),  # not imported: unknown name
    ("this is not python", set()),
])
def test_uses_finds_the_apis_in_code(code, expected):
    assert uses(code) == expected


def test_snippets_reads_code_spans_and_fences():
    text = "Call `y.backward()` once.\n\n```python\nx.retain_grad()\n```\nThen `x.grad`."
    assert snippets(text) == ["x.retain_grad()\n", "y.backward()", "x.grad"]


def test_a_lesson_using_an_api_before_introducing_it_is_caught():
    """The ordering check can fail: move `torch.autograd.grad` to a later lesson."""
    introduces = {lesson: set(apis) for lesson, apis in INTRODUCES.items()}
    introduces["chain-rule-by-hand"].discard("torch.autograd.grad")
    introduces["higher-order"].add("torch.autograd.grad")
    problems = order_problems(PACK, introduces)
    assert any(p.startswith("chain-rule-by-hand: ") and "torch.autograd.grad, introduced later, in higher-order" in p
               for p in problems), problems
    assert not any(p.startswith(("higher-order:", "torch-func:", "memory:")) for p in problems)


def test_an_api_no_lesson_introduces_is_caught():
    introduces = {lesson: set(apis) - {".data"} for lesson, apis in INTRODUCES.items()}
    problems = order_problems(PACK, introduces)
    assert any("uses .data, which no lesson introduces" in p for p in problems), problems
