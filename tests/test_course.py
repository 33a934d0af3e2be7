"""The built-in course: its size and coverage, both languages, every exercise
proven by ``pack check``, and the authoring guide's example pack (built from
the guide's own snippets) valid, proven and installable as an entry point."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from pydantic import BaseModel

from tutor.pack import load_pack
from tutor.pack.models import Text

ROOT = Path(__file__).resolve().parents[1]
PACK = load_pack(None)
LESSONS = {lesson.id: lesson for lesson in PACK.lessons}
EXERCISES = PACK.exercises
CLI = [sys.executable, "-m", "tutor"]
CJK = re.compile(r"[\u4e00-\u9fff]")


def _checks_of(lesson_id: str) -> list:
    return [check for ex_id in LESSONS[lesson_id].exercises for check in EXERCISES[ex_id].checks]


# ------------------------------------------------------------------ coverage


def test_course_size():
    assert len(PACK.lessons) >= 13
    assert len(EXERCISES) >= 30
    for lesson in PACK.lessons:
        assert len(lesson.exercises) >= 2, lesson.id
        assert len(lesson.examples) >= 1, lesson.id


def test_every_exercise_belongs_to_a_lesson():
    owned = Counter(ex_id for lesson in PACK.lessons for ex_id in lesson.exercises)
    assert set(owned) == set(EXERCISES)
    assert max(owned.values()) == 1


def test_lessons_cover_the_syllabus_in_order():
    assert [lesson.id for lesson in PACK.lessons] == [
        "tensors-that-remember", "reading-the-graph", "chain-rule-by-hand", "accumulation",
        "retain-grad", "stopping-gradients", "hooks", "custom-function", "retain-graph-and-vjp",
        "in-place", "silent-and-loud-bugs", "higher-order", "torch-func", "memory",
    ]


@pytest.mark.parametrize("exercise", list(EXERCISES.values()), ids=list(EXERCISES))
def test_exercise_has_progressive_hints_and_points(exercise):
    assert len(exercise.hints) >= 2
    assert exercise.max_points > 0
    assert exercise.starter.strip(), "a starter gives the learner something to edit"


@pytest.mark.parametrize("exercise", list(EXERCISES.values()), ids=list(EXERCISES))
def test_values_and_gradients_are_checked_on_several_trials(exercise):
    if not any(check.kind in ("grad", "value") for check in exercise.checks):
        return
    seeds = [trial.seed for trial in exercise.trials]
    assert len(seeds) >= 2 and len(set(seeds)) == len(seeds)
    assert any(trial.hidden for trial in exercise.trials), "at least one hidden trial"
    if exercise.id in FIXED_ANSWER_PREDICTIONS:
        # the answer is the same in every trial: a visible trial would print it
        assert all(trial.hidden for trial in exercise.trials), "every trial hidden"
    else:
        assert any(not trial.hidden for trial in exercise.trials), "at least one visible trial"


# Predict exercises whose answer does not depend on the trial's seed.
FIXED_ANSWER_PREDICTIONS = {
    "count-the-versions", "leaf-or-dish", "name-the-nodes", "predict-gradients", "predict-the-clipped-gradient",
    "predict-the-jacobian-shape", "predict-the-vjp", "what-no-grad-saves", "which-grads-are-none",
}


def test_only_fixed_answer_predictions_hide_every_trial():
    for exercise in EXERCISES.values():
        if all(trial.hidden for trial in exercise.trials):
            assert exercise.id in FIXED_ANSWER_PREDICTIONS, exercise.id
    for ex_id in FIXED_ANSWER_PREDICTIONS:
        assert EXERCISES[ex_id].style == "predict", ex_id


def test_all_four_styles_are_used():
    styles = Counter(exercise.style for exercise in EXERCISES.values())
    for style in ("write", "fix", "predict", "match-graph"):
        assert styles[style] >= 2, styles


def test_match_graph_exercises_draw_the_graph_and_check_it():
    for exercise in EXERCISES.values():
        if exercise.style == "match-graph":
            assert "```" in exercise.prompt.en and "```" in exercise.prompt.zh, exercise.id
            assert any(check.kind == "graph" for check in exercise.checks), exercise.id


def test_lessons_use_the_checks_that_fit_them():
    assert any(c.kind == "graph" for c in _checks_of("reading-the-graph"))
    assert any(c.kind == "gradcheck" for c in _checks_of("custom-function"))
    assert any(c.kind == "raises" for c in _checks_of("in-place"))
    assert any(c.kind == "gradgradcheck" for c in _checks_of("higher-order"))
    assert any(c.kind == "retains_grad" for c in _checks_of("retain-grad"))
    assert any(c.kind == "grad" and c.expect == "none" for c in _checks_of("stopping-gradients"))


def test_setup_code_uses_the_seed_and_the_device():
    for exercise in EXERCISES.values():
        if "rand" in exercise.setup:
            assert "manual_seed(seed)" in exercise.setup, exercise.id
        if "torch.randn" in exercise.setup or "torch.tensor(" in exercise.setup:
            assert "device" in exercise.setup, exercise.id


def test_the_seed_articles_mistakes_are_corrected():
    """Values the seed articles get wrong; the lessons print the right ones."""
    hooks = "".join(example.output for example in LESSONS["hooks"].examples)
    assert "w.grad: [0.5, 1.0]" in hooks
    graph = LESSONS["reading-the-graph"].examples[0].output
    assert graph.startswith("SinBackward0")
    assert "(10, 3, 10, 5)" in "".join(example.output for example in LESSONS["torch-func"].examples)
    second = LESSONS["higher-order"].examples[0].output
    assert second == "29.0 AddBackward0\n18.0\n"


# ----------------------------------------------------------------- languages


def _texts(obj, path):
    if isinstance(obj, Text):
        yield path, obj
    elif isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            yield from _texts(getattr(obj, name), f"{path}.{name}")
    elif isinstance(obj, (list, tuple)):
        for i, value in enumerate(obj):
            yield from _texts(value, f"{path}[{i}]")
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from _texts(value, f"{path}[{key}]")


ALL_TEXTS = [
    pytest.param(text, id=path)
    for root_name, root in [("pack", PACK.manifest), *((lesson.id, lesson) for lesson in PACK.lessons),
                            *EXERCISES.items()]
    for path, text in _texts(root, root_name)
]


def test_pack_declares_both_languages():
    assert PACK.manifest.languages == ["en", "zh"]
    assert len(ALL_TEXTS) > 200


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_chinese_text_is_written_not_copied(text):
    assert text.zh, "missing zh"
    assert text.zh.strip() != text.en.strip(), "zh is a copy of the English"
    assert CJK.search(text.zh), "zh has no Chinese in it"
    assert not CJK.search(text.en), "Chinese in the English text"


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_code_spans_survive_translation(text):
    """API names stay untranslated: the code spans of the English appear in the Chinese."""
    spans = set(re.findall(r"`([^`\n]+)`", text.en))
    missing = {span for span in spans if span not in text.zh}
    assert not missing, f"code spans missing from zh: {sorted(missing)}"


# ----------------------------------------------------------------- pack check


# That the built-in pack passes `pack check` (references pass, starters fail,
# every check can fail) is tests/grade/test_pack_check.py's
# test_builtin_pack_checks_clean: one run of it, not two.


# ------------------------------------------------------------ authoring guide

GUIDE = ROOT / "docs" / "authoring.md"
FILE_BLOCK = re.compile(
    r"<!-- file: (?P<path>[^ ]+) -->\n(?P<fence>`{3,})(?P<lang>\w*)\n(?P<body>.*?)\n(?P=fence)\n", re.S)


def _guide_files() -> dict[str, str]:
    return {m["path"]: m["body"] + "\n" for m in FILE_BLOCK.finditer(GUIDE.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def guide_pack(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("guide")
    for rel, body in _guide_files().items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    for kind in ("pack", "lesson", "exercise"):  # what `pack new` writes, for the modelines
        schema = subprocess.run([*CLI, "pack", "schema", "--kind", kind], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout
        (root / "kitchen" / "schema").mkdir(exist_ok=True)
        (root / "kitchen" / "schema" / f"{kind}.schema.json").write_text(schema, encoding="utf-8")
    return root


def test_guide_snippets_are_a_whole_pack():
    files = _guide_files()
    assert "kitchen/pack.yaml" in files
    kinds = set(re.findall(r"kind: (\w+)", "".join(body for path, body in files.items()
                                                 if path.startswith("kitchen/exercises/"))))
    assert kinds >= {"grad", "value", "graph", "leaf", "requires_grad", "retains_grad", "raises",
                     "gradcheck", "gradgradcheck", "python", "calls", "hooks", "footprint", "unchanged", "through"}


def test_every_yaml_and_toml_snippet_in_the_guide_parses():
    import yaml

    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"^(`{3,})(yaml|toml)\n(.*?)\n\1$", text, re.S | re.M)
    assert len(blocks) >= 12
    for _, lang, body in blocks:
        if lang == "yaml":
            yaml.safe_load(body)
        else:
            tomllib.loads(body)


def test_guide_pack_validates_and_is_proven(guide_pack):
    validate = subprocess.run([*CLI, "pack", "validate", "kitchen"], cwd=guide_pack, capture_output=True,
                              text=True)
    assert validate.returncode == 0, validate.stdout + validate.stderr
    check = subprocess.run([*CLI, "pack", "check", "kitchen"], cwd=guide_pack, capture_output=True, text=True,
                           timeout=300)
    assert check.returncode == 0, check.stdout + check.stderr


def test_guide_pack_examples_print_what_they_state(guide_pack):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    pack = load_pack(str(guide_pack / "kitchen"))
    examples = [example for lesson in pack.lessons for example in lesson.examples]
    assert examples
    for example in examples:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(example.code, "<example>", "exec"),
                 {"torch": torch, "nn": nn, "F": F, "device": "cpu"})
        assert out.getvalue() == example.output


def test_guide_pack_installs_through_its_entry_point(guide_pack):
    """Lay the package out as pip would (package + dist-info with the entry
    point declared in the guide's pyproject.toml) and find it by name."""
    project = tomllib.loads((guide_pack / "kitchen-course" / "pyproject.toml").read_text())
    entry_points = project["project"]["entry-points"]["autograd_tutor.packs"]
    assert entry_points == {"kitchen-basics": "kitchen_course:PACK_DIR"}
    site = guide_pack / "site"
    package = site / "kitchen_course"
    package.mkdir(parents=True)
    package.joinpath("__init__.py").write_text(
        (guide_pack / "kitchen-course" / "src" / "kitchen_course" / "__init__.py").read_text())
    (package / "pack").symlink_to(guide_pack / "kitchen", target_is_directory=True)
    info = site / "kitchen_course-0.1.0.dist-info"
    info.mkdir()
    info.joinpath("METADATA").write_text("Metadata-Version: 2.1\nName: kitchen-course\nVersion: 0.1.0\n")
    info.joinpath("entry_points.txt").write_text(
        "[autograd_tutor.packs]\n" + "".join(f"{k} = {v}\n" for k, v in entry_points.items()))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    done = subprocess.run([*CLI, "pack", "validate", "kitchen-basics"], cwd=guide_pack, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "pack 'kitchen-basics' is valid: 2 lessons, 11 exercises" in done.stdout
