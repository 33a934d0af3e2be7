"""``export prairielearn DIR``: one externally graded question per exercise.

What a PrairieLearn course holds and what its grader sees come from
PrairieLearn's docs/externalGrading.md and the question schema
(apps/prairielearn/src/schemas/schemas/infoQuestion.json):

- ``questions/<exercise-id>/info.json``: ``gradingMethod: External`` and
  ``externalGradingOptions`` (``image``, ``entrypoint``, ``serverFilesCourse``,
  ``timeout``, at most 600 s); ``question.html`` with the prompt and a
  ``pl-file-editor`` opening on the starter; ``starter.py``.
- ``serverFilesCourse/autograd_tutor/``: the entrypoint ``run.sh`` (and the
  pack, when it is a folder), copied into every grading job at
  ``/grade/serverFilesCourse/autograd_tutor/``. Students never see
  serverFilesCourse.
- ``autograd-tutor-grader/``: the Dockerfile of the grader image (and the
  tutor's wheel it installs), which the course builds and pushes to Docker Hub.

A question's uuid is derived from the pack's and the exercise's ids, so a
re-export keeps every question's identity (and its students' scores).
"""

from __future__ import annotations

import json
import shutil
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from tutor import __version__
from tutor.errors import UserError
from tutor.platforms import install, packfiles, packspec, wheel
from tutor.platforms.packspec import PackSpec

# uuid5(NAMESPACE_URL, "https://autograd-tutor/prairielearn"): fixed forever, or every question changes identity.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://autograd-tutor/prairielearn")
SERVER_DIR = "autograd_tutor"
GRADE_ROOT = "/grade/serverFilesCourse/" + SERVER_DIR
ENTRYPOINT = GRADE_ROOT + "/run.sh"
IMAGE_DIR = "autograd-tutor-grader"
MARK = "Written by autograd-tutor export prairielearn"
PLACEHOLDER_IMAGE = "DOCKERHUB_USER/autograd-tutor-grader"
MAX_TIMEOUT = 600  # PrairieLearn's limit for a grading job


@dataclass
class Exported:
    questions: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)  # questions an earlier export wrote, for exercises now gone
    image_dir: Path | None = None


def question_uuid(pack_id: str, exercise_id: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{pack_id}/{exercise_id}"))


def grading_timeout(exercise) -> int:
    """Seconds for the whole job: the worker's start and torch's import, then
    a reference and a learner run per trial, each bounded by the exercise's timeout."""
    return int(min(MAX_TIMEOUT, 60 + 2 * len(exercise.trials) * exercise.timeout))


def info(pack, exercise, image: str, lang: str = "en") -> dict:
    lesson = pack.lesson_for(exercise.id)
    return {
        "uuid": question_uuid(pack.id, exercise.id),
        "title": exercise.title.get(lang),
        "topic": (lesson.title if lesson else pack.title).get(lang),
        "tags": ["autograd-tutor", pack.id],
        "type": "v3",
        "singleVariant": True,
        "gradingMethod": "External",
        "comment": f"{MARK} {__version__} from exercise '{exercise.id}' of pack '{pack.id}' "
                   f"{pack.manifest.version}. Exporting again rewrites this file, question.html and starter.py.",
        "externalGradingOptions": {
            "enabled": True,
            "image": image,
            "entrypoint": [ENTRYPOINT, exercise.id],
            "serverFilesCourse": [SERVER_DIR + "/"],
            "timeout": grading_timeout(exercise),
        },
    }


def prompt_html(markdown: str) -> str:
    """The prompt's Markdown as HTML. Raw HTML in it is escaped, not passed on
    (markdown-it with ``html`` off), and braces become character references, so
    PrairieLearn's Mustache pass over question.html finds no ``{{``."""
    from markdown_it import MarkdownIt

    rendered = MarkdownIt("commonmark", {"html": False}).render(markdown)
    return rendered.replace("{", "&#123;").replace("}", "&#125;").strip()


def question_html(exercise, lang: str = "en") -> str:
    return install.render("prairielearn-question.html", PROMPT=prompt_html(exercise.prompt.get(lang)),
                          FILE=f"{exercise.id}.py")


def export(target: Path, spec: PackSpec, image: str | None, tutor: str | None = None, lang: str = "en",
           force: bool = False) -> Exported:
    pack = packspec.load(spec)
    image = image or PLACEHOLDER_IMAGE
    install.check_safe(image, "--image")
    questions = target / "questions"
    server = target / "serverFilesCourse" / SERVER_DIR
    _check_ours(target, pack, server, force)
    done = Exported()
    for exercise in pack.exercises.values():
        folder = questions / exercise.id
        folder.mkdir(parents=True, exist_ok=True)
        _write(folder / "info.json", json.dumps(info(pack, exercise, image, lang), indent=2, ensure_ascii=False)
               + "\n")
        _write(folder / "question.html", question_html(exercise, lang))
        _write(folder / "starter.py", exercise.starter)
        done.questions.append(exercise.id)
    done.stale = [q for q in _ours(questions) if q not in pack.exercises]
    pack_args = install.grade_pack_args(spec)
    if spec.kind in ("folder", "installed"):
        files = packfiles.verified(packspec.local_folder(spec), pack)  # type: ignore[arg-type]
        if (server / "pack").exists():
            shutil.rmtree(server / "pack")  # an exercise removed from the pack leaves with it
        packfiles.write(server / "pack", files)
        pack_args = install.grade_pack_args(spec, GRADE_ROOT + "/pack")
    _write(server / "run.sh", install.render("prairielearn-run.sh", VERSION=__version__, PACK_ARGS=pack_args),
           mode=0o755)
    done.image_dir = _image(target / IMAGE_DIR, spec, image, tutor)
    return done


def _image(folder: Path, spec: PackSpec, image: str, tutor: str | None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if tutor:
        tutor_install = f"RUN pip install numpy {install.quote(install.tutor_requirement(tutor))}"
    else:
        name, data = wheel.build()
        for old in folder.glob("autograd_tutor-*.whl"):
            if old.name != name:
                old.unlink()
        (folder / name).write_bytes(data)
        tutor_install = f"COPY {name} /tmp/\nRUN pip install numpy /tmp/{name} && rm /tmp/{name}"
    pack_install = (f"RUN pip install {install.quote(spec.requirement)}" if spec.installs
                    else "# The pack is not in the image: " + ("it ships inside the tutor." if spec.kind == "builtin"
                                                               else f"serverFilesCourse/{SERVER_DIR}/pack/ holds it."))
    _write(folder / "Dockerfile", install.render(
        "prairielearn-Dockerfile", VERSION=__version__, IMAGE=image, PYTHON=install.PYTHON_VERSION,
        TORCH=install.TORCH_REQUIREMENT, TORCH_INDEX=install.TORCH_INDEX, TUTOR_INSTALL=tutor_install,
        PACK_INSTALL=pack_install))
    return folder


def _ours(questions: Path) -> list[str]:
    """Questions an earlier export wrote (their info.json carries its mark)."""
    out = []
    for path in sorted(questions.glob("*/info.json")) if questions.is_dir() else []:
        try:
            comment = json.loads(path.read_text(encoding="utf-8")).get("comment", "")
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(comment, str) and comment.startswith(MARK):
            out.append(path.parent.name)
    return out


def _check_ours(target: Path, pack, server: Path, force: bool) -> None:
    """Refuse to overwrite what an earlier export did not write, unless forced."""
    if force:
        return
    ours = set(_ours(target / "questions"))
    theirs = [f"questions/{e}" for e in pack.exercises if (target / "questions" / e).exists() and e not in ours]
    run = server / "run.sh"
    if server.exists() and not (run.is_file() and MARK in run.read_text(errors="replace")):
        theirs.append(f"serverFilesCourse/{SERVER_DIR}")
    if theirs:
        one = len(theirs) == 1
        raise UserError(f"{target}: {', '.join(theirs)} {'was' if one else 'were'} not written by `autograd-tutor "
                        f"export prairielearn`; pass --force to replace {'it' if one else 'them'}")


def _write(path: Path, text: str, mode: int = 0o644) -> None:
    from tutor.atomic import write_atomic

    try:
        write_atomic(path, text)
        path.chmod(mode)
    except OSError as exc:
        raise UserError(f"{path}: cannot write: {exc.strerror or exc}") from None


def next_steps(done: Exported, image: str | None) -> None:
    print(f"wrote {len(done.questions)} questions; the grader image's Dockerfile is in {done.image_dir}",
          file=sys.stderr)
    if not image:
        print(f"autograd-tutor: info.json names the image {PLACEHOLDER_IMAGE}: export again with "
              "--image YOURNAME/IMAGE (an image on Docker Hub), then build and push it", file=sys.stderr)
    for stale in done.stale:
        print(f"autograd-tutor: questions/{stale} was written by an earlier export, and the pack has no "
              "such exercise now: delete it if no assessment uses it", file=sys.stderr)
