"""``autograd-tutor export prairielearn DIR``: one question per exercise,
checked against PrairieLearn's question schema, its grader entrypoint and
the grader image's Dockerfile."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import uuid
from pathlib import Path

import jsonschema
import pytest

from support import run_cli

# Written from PrairieLearn's own schema of info.json, apps/prairielearn/src/schemas/schemas/infoQuestion.json
# (PrairieLearn/PrairieLearn at commit 88fb855): its required keys, the types and enums of the keys an export
# writes, every key it allows (none other is), and all of externalGradingOptions.
_STRINGS = {"type": "array", "items": {"type": "string"}}
INFO_QUESTION_SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "required": ["uuid", "type", "title", "topic"],
    "additionalProperties": False,
    "properties": {
        "comment": {"anyOf": [{"type": "string"}, {"type": "array"}, {"type": "object"}]},
        "uuid": {"type": "string",
                 "pattern": "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$"},
        "type": {"type": "string", "enum": ["Calculation", "MultipleChoice", "Checkbox", "File",
                                            "MultipleTrueFalse", "v3"]},
        "title": {"type": "string"},
        "topic": {"type": "string"},
        "tags": _STRINGS,
        "authors": {"type": "array", "maxItems": 10},
        "clientFiles": _STRINGS, "clientTemplates": _STRINGS, "template": {"type": "string"},
        "gradingMethod": {"type": "string", "enum": ["Internal", "External", "Manual"]},
        "singleVariant": {"type": "boolean"},
        "showCorrectAnswer": {"type": "boolean"},
        "partialCredit": {"type": "boolean"},
        "options": {"type": "object"},
        "externalGradingOptions": {
            "type": "object",
            "required": ["image"],
            "additionalProperties": False,
            "properties": {
                "comment": {"anyOf": [{"type": "string"}, {"type": "array"}, {"type": "object"}]},
                "enabled": {"type": "boolean"},
                "image": {"type": "string"},
                "entrypoint": {"anyOf": [{"type": "string"}, _STRINGS]},
                "serverFilesCourse": _STRINGS,
                "timeout": {"type": "integer"},
                "enableNetworking": {"type": "boolean"},
                "environment": {"type": "object", "additionalProperties": {"type": "string"}},
            },
        },
        "dependencies": {"type": "object"}, "workspaceOptions": {"type": "object"},
        "sharingSets": _STRINGS, "sharePublicly": {"type": "boolean"}, "shareSourcePublicly": {"type": "boolean"},
        "preferences": {"type": "object"},
    },
}
MAX_TIMEOUT = 600  # docs/externalGrading.md: "cannot exceed 600 seconds"


def export(course: Path, *more: str):
    return run_cli("export", "prairielearn", str(course), *more)


@pytest.fixture(scope="module")
def course(tmp_path_factory, course_pack) -> Path:
    root = tmp_path_factory.mktemp("plcourse")
    (root / "infoCourse.json").write_text("{}\n")
    done = export(root, "--pack", str(course_pack), "--image", "someone/autograd-grader")
    assert done.returncode == 0, done.stderr
    return root


@pytest.fixture(scope="module")
def builtin_course(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("plbuiltin")
    done = export(root, "--image", "someone/autograd-grader")
    assert done.returncode == 0, done.stderr
    return root


def infos(course: Path) -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text(encoding="utf-8")) for p in course.glob("questions/*/info.json")}


def test_every_info_json_is_valid_for_prairielearn(builtin_course):
    from tutor.pack import load_pack

    found = infos(builtin_course)
    assert sorted(found) == sorted(load_pack(None).exercises)
    for exercise_id, info in found.items():
        jsonschema.validate(info, INFO_QUESTION_SCHEMA)
        assert info["type"] == "v3" and info["singleVariant"] is True and info["gradingMethod"] == "External"
        options = info["externalGradingOptions"]
        assert options["enabled"] is True and options["image"] == "someone/autograd-grader"
        assert 30 <= options["timeout"] <= MAX_TIMEOUT
        assert options["entrypoint"] == ["/grade/serverFilesCourse/autograd_tutor/run.sh", exercise_id]
        assert options["serverFilesCourse"] == ["autograd_tutor/"]
    assert len({info["uuid"] for info in found.values()}) == len(found)


def test_uuids_survive_a_re_export_and_follow_the_pack(builtin_course, tmp_path, course_pack):
    before = {k: v["uuid"] for k, v in infos(builtin_course).items()}
    done = export(builtin_course, "--image", "someone/autograd-grader")
    assert done.returncode == 0, done.stderr
    assert {k: v["uuid"] for k, v in infos(builtin_course).items()} == before
    other = tmp_path / "other"
    other.mkdir()
    assert export(other, "--pack", str(course_pack), "--tutor", "autograd-tutor==0.1.0").returncode == 0
    assert not set(v["uuid"] for v in infos(other).values()) & set(before.values())
    assert all(str(uuid.UUID(u)) == u for u in before.values())


def test_the_question_page_escapes_the_prompt_and_opens_on_the_starter(course):
    from tutor.pack import load_pack

    page = (course / "questions/square-gradient/question.html").read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "{{" not in page and "&#123;&#123; mustache &#125;&#125;" in page  # PrairieLearn runs Mustache on it
    assert "<code>x &lt; y</code>" in page  # Markdown rendered, code escaped once
    assert page.count("<pl-question-panel>") == 1  # the prompt's own tag is text
    assert '<pl-file-editor file-name="square-gradient.py"' in page and 'source-file-name="starter.py"' in page
    assert "<pl-external-grader-results>" in page
    starter = (course / "questions/square-gradient/starter.py").read_text(encoding="utf-8")
    assert starter == load_pack(str(course / "serverFilesCourse/autograd_tutor/pack")).exercises[
        "square-gradient"].starter


def test_the_entrypoint_grades_the_student_folder_into_results(course, builtin_course):
    for root, pack_args in ((course, ["--pack", "/grade/serverFilesCourse/autograd_tutor/pack"]), (builtin_course, [])):
        run = root / "serverFilesCourse/autograd_tutor/run.sh"
        assert os.access(run, os.X_OK)
        assert subprocess.run(["bash", "-n", str(run)]).returncode == 0
        text = run.read_text(encoding="utf-8")
        assert "mkdir -p /grade/results" in text
        (line,) = [line for line in text.splitlines() if "autograd-tutor grade" in line]
        assert shlex.split(line) == ["exec", "autograd-tutor", "grade", "/grade/student", *pack_args,
                                     "--exercise", "$exercise", "--private", "/grade",
                                     "--prairielearn", "/grade/results/results.json"]


def test_a_folder_pack_travels_in_server_files(course, course_pack):
    from tutor.pack import load_pack

    copy = course / "serverFilesCourse/autograd_tutor/pack"
    assert (copy / "pack.yaml").is_file() and not (copy / "schema").exists()
    assert list(load_pack(str(copy)).exercises) == list(load_pack(str(course_pack)).exercises)


def test_the_dockerfile_builds_the_grader_image(course, builtin_course):
    dockerfile = (builtin_course / "autograd-tutor-grader/Dockerfile").read_text(encoding="utf-8")
    assert dockerfile.splitlines()[[i for i, line in enumerate(dockerfile.splitlines())
                                    if line.startswith("FROM")][0]].startswith("FROM python:3.11")
    assert "bubblewrap" in dockerfile
    assert "pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu" in dockerfile
    (wheel,) = (builtin_course / "autograd-tutor-grader").glob("*.whl")
    assert f"COPY {wheel.name} /tmp/" in dockerfile
    assert "docker build --platform linux/amd64 -t someone/autograd-grader ." in dockerfile


def test_folders_it_did_not_write_are_kept_unless_forced(tmp_path, course_pack):
    (tmp_path / "infoCourse.json").write_text("{}\n")
    mine = tmp_path / "questions" / "square-gradient"
    mine.mkdir(parents=True)
    (mine / "info.json").write_text('{"title": "my own question"}\n')
    done = export(tmp_path, "--pack", str(course_pack), "--tutor", "autograd-tutor==0.1.0")
    assert done.returncode == 2 and "--force" in done.stderr and done.stderr.strip().count("\n") == 0
    assert "my own question" in (mine / "info.json").read_text()
    done = export(tmp_path, "--pack", str(course_pack), "--tutor", "autograd-tutor==0.1.0", "--force")
    assert done.returncode == 0, done.stderr
    assert json.loads((mine / "info.json").read_text())["gradingMethod"] == "External"


def test_a_question_whose_exercise_left_the_pack_is_named(tmp_path, course_pack):
    pack = tmp_path / "pack"
    shutil.copytree(course_pack, pack)
    course = tmp_path / "course"
    course.mkdir()
    assert export(course, "--pack", str(pack), "--tutor", "autograd-tutor==0.1.0").returncode == 0
    for name in ("square-gradient.yaml", "square-gradient.py"):
        text = (pack / "exercises" / name).read_text(encoding="utf-8")
        (pack / "exercises" / name.replace("square-gradient", "cube-gradient")).write_text(
            text.replace("id: square-gradient", "id: cube-gradient").replace(
                "solution_file: square-gradient.py", "solution_file: cube-gradient.py"), encoding="utf-8")
        (pack / "exercises" / name).unlink()
    lesson = next((pack / "lessons").glob("*.yaml"))
    lesson.write_text(lesson.read_text(encoding="utf-8").replace("- square-gradient", "- cube-gradient"))
    done = export(course, "--pack", str(pack), "--tutor", "autograd-tutor==0.1.0")
    assert done.returncode == 0, done.stderr
    assert "questions/square-gradient" in done.stderr and (course / "questions/cube-gradient/info.json").is_file()
    assert not (course / "serverFilesCourse/autograd_tutor/pack/exercises/square-gradient.yaml").exists()
