"""``--pack SPEC`` as the platform commands read it (tutor/platforms/packspec.py)."""

from __future__ import annotations

import pytest

from tutor.errors import UserError
from tutor.platforms.packspec import parse


@pytest.mark.parametrize("text, kind, name, requirement", [
    (None, "builtin", "", ""),
    ("builtin", "builtin", "", ""),
    ("mycourse==1.2", "requirement", "mycourse", "mycourse==1.2"),
    ("mycourse[extra]>=1,<2", "requirement", "mycourse", "mycourse[extra]>=1,<2"),
    ("my-course @ https://example.org/my_course-1.0-py3-none-any.whl", "requirement", "my-course",
     "my-course @ https://example.org/my_course-1.0-py3-none-any.whl"),
    ("mc=git+https://github.com/org/pack@v1", "requirement", "mc", "git+https://github.com/org/pack@v1"),
    ("mc=mycourse==2.0", "requirement", "mc", "mycourse==2.0"),
    ("mycourse", "installed", "mycourse", ""),
])
def test_spec_forms(text, kind, name, requirement):
    spec = parse(text)
    assert (spec.kind, spec.name, spec.requirement) == (kind, name, requirement)


def test_a_folder_is_a_folder_with_or_without_a_slash(course_pack, monkeypatch):
    monkeypatch.chdir(course_pack.parent)
    for text in (course_pack.name, f"./{course_pack.name}", str(course_pack), str(course_pack / "pack.yaml")):
        spec = parse(text)
        assert spec.kind == "folder" and spec.folder == course_pack.resolve(), text


@pytest.mark.parametrize("text, words", [
    ("git+https://github.com/org/pack", "NAME=git+https://"),
    ("./no-such-folder", "no pack folder"),
    ("mc=pkg\n  - run: evil", "line breaks"),
    ("mc=pkg${{ github.token }}", "GitHub Actions expression"),
    ("not a spec!", "not a pack folder"),
])
def test_bad_specs_say_why(text, words):
    with pytest.raises(UserError) as caught:
        parse(text)
    assert words in caught.value.message
    assert "\n" not in caught.value.message
