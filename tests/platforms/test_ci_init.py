"""``autograd-tutor ci init github|gitlab``: the workflows parse as YAML and
have the steps a course needs, named the way their consumers read them."""

from __future__ import annotations

import re
import shlex

import pytest
import yaml

from support import run_cli

CPU_INDEX = "https://download.pytorch.org/whl/cpu"
# classroom-resources/autograding-grading-reporter, src/main.js (commit 43c2d9f): the runners input must match
# this pattern, and each runner's result is read from the variable `${runner.trim().toUpperCase()}_RESULTS`.
RUNNERS_PATTERN = re.compile(r"^([a-zA-Z0-9]+,)*[a-zA-Z0-9]+$")


def reporter_variable(runner: str) -> str:
    return f"{runner.strip().upper()}_RESULTS"


def init(repo, platform, *more):
    return run_cli("ci", "init", platform, str(repo), *more)


def github_steps(repo, *more):
    done = init(repo, "github", *more)
    assert done.returncode == 0, done.stderr
    data = yaml.safe_load((repo / ".github/workflows/classroom.yml").read_text(encoding="utf-8"))
    (job,) = data["jobs"].values()
    return data, job, job["steps"]


def step(steps, predicate):
    found = [i for i, s in enumerate(steps) if predicate(s)]
    assert len(found) == 1, [s.get("name") for s in steps]
    return found[0], steps[found[0]]


def grade_command(run: str) -> list[str]:
    (line,) = [line for line in run.splitlines() if line.strip().startswith("autograd-tutor grade")]
    return shlex.split(line)


def test_github_workflow_has_every_step_in_order(tmp_path):
    data, job, steps = github_steps(tmp_path)
    assert "push" in (data.get("on") or data.get(True))  # PyYAML reads the key `on` as True (YAML 1.1)
    assert job["runs-on"] == "ubuntu-24.04"
    checkout, _ = step(steps, lambda s: s.get("uses", "").startswith("actions/checkout@"))
    python, setup = step(steps, lambda s: s.get("uses", "").startswith("actions/setup-python@"))
    assert setup["with"]["python-version"] == "3.11" and setup["with"]["cache"] == "pip"
    assert setup["with"]["cache-dependency-path"] == ".github/workflows/classroom.yml"  # a file every checkout has
    torch, installs = step(steps, lambda s: "torch==" in s.get("run", ""))
    assert f"torch==2.13.0 --index-url {CPU_INDEX}" in installs["run"]
    assert re.search(r"pip install numpy autograd-tutor==\d", installs["run"])
    bwrap, _ = step(steps, lambda s: re.search(r"apt-get install .*bubblewrap", s.get("run", "")))
    sysctl, _ = step(steps, lambda s: "kernel.apparmor_restrict_unprivileged_userns=0" in s.get("run", ""))
    grade, grading = step(steps, lambda s: "autograd-tutor grade" in s.get("run", ""))
    args = grade_command(grading["run"])
    assert args[:3] == ["autograd-tutor", "grade", "."] and "--classroom" in args and "--no-sandbox" not in args
    report, reporter = step(steps, lambda s: s.get("uses", "").startswith("classroom-resources/"))
    assert reporter["uses"] == "classroom-resources/autograding-grading-reporter@v1"
    assert checkout < python < torch < grade < report and bwrap < sysctl < grade


def test_the_reporter_reads_the_grade_step_by_its_id(tmp_path):
    _, _, steps = github_steps(tmp_path)
    _, reporter = step(steps, lambda s: s.get("uses", "").startswith("classroom-resources/"))
    runners = reporter["with"]["runners"]
    assert RUNNERS_PATTERN.match(runners)
    ids = {s["id"]: s for s in steps if "id" in s}
    for runner in runners.split(","):
        assert "-" not in runner and runner in ids and "autograd-tutor grade" in ids[runner]["run"]
        assert reporter["env"][reporter_variable(runner)] == f"${{{{ steps.{runner}.outputs.result }}}}"


def test_no_expression_reaches_a_run_script(tmp_path):
    """Script injection: a `${{ }}` in `run:` is pasted into the shell before it runs."""
    _, _, steps = github_steps(tmp_path, "--pack", "mc=git+https://github.com/org/pack@v1")
    assert all("${{" not in s.get("run", "") for s in steps)
    text = (tmp_path / ".github/workflows/classroom.yml").read_text(encoding="utf-8")
    assert text.count("${{") == 1  # the reporter's env, the one place a step's output may go


@pytest.mark.parametrize("spec, installed, pack_args", [
    ("mycourse==1.2", "mycourse==1.2", ["--pack", "mycourse"]),
    ("mc=git+https://github.com/org/pack@v1#egg=mc", "git+https://github.com/org/pack@v1#egg=mc", ["--pack", "mc"]),
    ("builtin", None, []),
])
def test_the_pack_is_installed_and_named(tmp_path, spec, installed, pack_args):
    _, _, steps = github_steps(tmp_path, "--pack", spec)
    _, installs = step(steps, lambda s: "torch==" in s.get("run", ""))
    pip = shlex.split(installs["run"].splitlines()[1])
    assert pip[:4] == ["python", "-m", "pip", "install"]
    assert (installed in pip) if installed else len(pip) == 6  # numpy and the tutor only
    _, grading = step(steps, lambda s: "autograd-tutor grade" in s.get("run", ""))
    args = grade_command(grading["run"])
    assert args[3:-2] == pack_args


def test_a_pack_folder_in_the_repository_is_graded_from_the_checkout(tmp_path, course_pack):
    import shutil

    shutil.copytree(course_pack, tmp_path / "coursepack")
    _, _, steps = github_steps(tmp_path, "--pack", str(tmp_path / "coursepack"))
    _, grading = step(steps, lambda s: "autograd-tutor grade" in s.get("run", ""))
    assert grade_command(grading["run"])[3:5] == ["--pack", "./coursepack"]


def test_gitlab_job(tmp_path):
    done = init(tmp_path, "gitlab", "--pack", "mycourse==1.2")
    assert done.returncode == 0, done.stderr
    data = yaml.safe_load((tmp_path / ".gitlab-ci.yml").read_text(encoding="utf-8"))
    (job,) = data.values()
    assert job["image"] == "python:3.11"
    assert job["variables"]["PIP_CACHE_DIR"] == "$CI_PROJECT_DIR/.cache/pip"
    assert job["cache"]["paths"] == [".cache/pip"] and job["cache"]["key"]["files"] == [".gitlab-ci.yml"]
    before = job["before_script"]
    assert any(re.search(r"apt-get install .*bubblewrap", line) for line in before)
    assert any(f"torch==2.13.0 --index-url {CPU_INDEX}" in line for line in before)
    assert any("mycourse==1.2" in shlex.split(line) for line in before)
    (grading,) = job["script"]
    args = shlex.split(grading)
    assert args[:5] == ["autograd-tutor", "grade", ".", "--pack", "mycourse"]
    assert args[args.index("--junit") + 1] == "report.xml"
    assert job["artifacts"]["reports"]["junit"] == "report.xml" and job["artifacts"]["when"] == "always"


@pytest.mark.parametrize("platform, path", [("github", ".github/workflows/classroom.yml"),
                                            ("gitlab", ".gitlab-ci.yml")])
def test_an_existing_workflow_is_replaced_only_with_force(tmp_path, platform, path):
    target = tmp_path / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("# the course's own\n")
    done = init(tmp_path, platform)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--force" in done.stderr and "Traceback" not in done.stderr
    assert target.read_text() == "# the course's own\n"
    assert init(tmp_path, platform, "--force").returncode == 0
    assert "autograd-tutor grade" in target.read_text()


@pytest.mark.parametrize("spec, words", [
    ("mycourse", "installed on this machine"),
    ("git+https://github.com/org/pack", "NAME=git+https://"),
    ("mc=pkg${{ github.event.head_commit.message }}", "expression"),
])
def test_specs_a_runner_cannot_use_are_one_line_errors(tmp_path, spec, words):
    done = init(tmp_path, "github", "--pack", spec)
    assert done.returncode == 2 and words in done.stderr
    assert done.stderr.strip().count("\n") == 0
    assert not (tmp_path / ".github").exists()


def test_a_pack_folder_outside_the_repository_is_refused(tmp_path, course_pack):
    done = init(tmp_path, "gitlab", "--pack", str(course_pack))
    assert done.returncode == 2 and "inside the repository" in done.stderr
