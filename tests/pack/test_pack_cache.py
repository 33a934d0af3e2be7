"""The validated-pack cache (tutor.pack.cache): a hit for an unchanged pack,
a miss for anything changed, and never a wrong answer from a bad cache file."""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.pack import cache, validated
from tutor.pack.outline import PackOutline
from tutor.pack.scaffold import scaffold


@pytest.fixture
def pack(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("AUTOGRAD_TUTOR_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("AUTOGRAD_TUTOR_NO_CACHE", raising=False)
    root = tmp_path / "demo"
    scaffold(str(root), pack_id="demo", title="Demo")
    return root


def entries(root: Path) -> list[Path]:
    return sorted((root.parent / "cache" / "packs").glob("*.bin"))


def test_an_unchanged_pack_comes_from_the_cache(pack: Path) -> None:
    first = validated(str(pack))
    assert not first.from_cache and first.issues == []
    second = validated(str(pack))
    assert second.from_cache and second.issues == []
    assert second.outline == first.outline == PackOutline.of(first.pack())
    cached, fresh = second.pack(), first.pack()
    assert cached.exercises == fresh.exercises and cached.lessons == fresh.lessons
    assert cached.manifest == fresh.manifest and cached.root == Path(str(pack))
    assert len(entries(pack)) == 1


def test_the_cache_keeps_every_field_of_the_models(pack: Path) -> None:
    fresh = validated(str(pack)).pack()
    cached = validated(str(pack)).pack()
    for a, b in zip(fresh.lessons, cached.lessons):
        assert a.model_dump() == b.model_dump()
    for a, b in zip(fresh.exercises.values(), cached.exercises.values()):
        assert a.model_dump() == b.model_dump()


def _validate(capsys, *args: str) -> tuple[int, str]:
    code = main(["pack", "validate", *args])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_an_edited_lesson_is_validated_again(pack: Path, capsys) -> None:
    assert _validate(capsys, str(pack))[0] == 0
    lesson = next((pack / "lessons").glob("*.yaml"))
    text = lesson.read_text()
    lesson.write_text(text.replace("title:", "titel:", 1))
    code, out = _validate(capsys, str(pack))
    assert code == 1
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("title:"))
    assert f"{pack}/lessons/{lesson.name}:{line}:1: " in out
    assert _validate(capsys, str(pack)) == (code, out)  # the same errors, from the cache now
    assert validated(str(pack)).from_cache
    lesson.write_text(text)
    assert _validate(capsys, str(pack))[0] == 0


def test_a_same_size_edit_with_the_old_mtime_is_seen(pack: Path) -> None:
    validated(str(pack))
    exercise = next((pack / "exercises").glob("*.yaml"))
    st = exercise.stat()
    text = exercise.read_text()
    exercise.write_text(text.replace("points: 1", "points: 2", 1) if "points: 1" in text else text.replace("a", "b", 1))
    os.utime(exercise, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert exercise.stat().st_size == st.st_size
    assert not validated(str(pack)).from_cache


def test_an_old_file_rewritten_in_place_is_hashed(pack: Path) -> None:
    """A file whose stat changed but whose bytes did not is still a hit."""
    validated(str(pack))
    manifest = pack / "pack.yaml"
    manifest.write_bytes(manifest.read_bytes())
    assert validated(str(pack)).from_cache


def test_a_new_lesson_file_is_a_change(pack: Path) -> None:
    validated(str(pack))
    (pack / "lessons" / "99-extra.yaml").write_text("id: extra\ntitle: Extra\nbody: x\n")
    result = validated(str(pack))
    assert not result.from_cache
    assert any("not listed" in issue.message for issue in result.issues)


def test_a_missing_solution_file_that_appears_is_a_change(pack: Path) -> None:
    exercise = next((pack / "exercises").glob("*.yaml"))
    text = exercise.read_text()
    solution = next(line for line in text.splitlines() if line.startswith("solution"))
    assert validated(str(pack)).issues == []
    exercise.write_text(text.replace(solution, "solution_file: answer.py", 1).split("solution: |")[0]
                        if "solution: |" in text else text.replace(solution, "solution_file: answer.py", 1))
    first = validated(str(pack))
    if not any("answer.py" in issue.message for issue in first.issues):
        pytest.skip("the scaffold's solution is not a simple block")
    (pack / "exercises" / "answer.py").write_text("pass\n")
    assert not validated(str(pack)).from_cache


@pytest.mark.parametrize("damage", ["truncated", "flipped", "empty", "foreign", "garbage-body", "other-key"])
def test_a_bad_cache_file_is_ignored_and_rebuilt(pack: Path, damage: str) -> None:
    validated(str(pack))
    (entry,) = entries(pack)
    blob = entry.read_bytes()
    if damage == "truncated":
        entry.write_bytes(blob[: len(blob) // 2])
    elif damage == "flipped":
        entry.write_bytes(blob[:-10] + bytes([blob[-10] ^ 0xFF]) + blob[-9:])
    elif damage == "empty":
        entry.write_bytes(b"")
    elif damage == "foreign":
        entry.write_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(200))
    else:
        import marshal

        body = b"\x00\x01not marshal" if damage == "garbage-body" else marshal.dumps({"key": {"format": -1}})
        entry.write_bytes(cache.MAGIC + cache.blake2b(body, digest_size=cache.DIGEST).digest() + body)
    again = validated(str(pack))
    assert not again.from_cache and again.issues == [] and again.pack() is not None
    assert validated(str(pack)).from_cache  # rewritten


def test_a_pickle_of_anything_but_a_pack_is_never_run(pack: Path, tmp_path: Path) -> None:
    """An entry that passes every check but holds a hostile pickle: refused, the pack validated again."""
    import marshal

    validated(str(pack))
    (entry,) = entries(pack)
    blob = entry.read_bytes()
    data = marshal.loads(blob[len(cache.MAGIC) + cache.DIGEST:])
    marker = tmp_path / "ran"

    class Evil:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    data["pack"] = pickle.dumps(Evil())
    body = marshal.dumps(data)
    entry.write_bytes(cache.MAGIC + cache.blake2b(body, digest_size=cache.DIGEST).digest() + body)
    result = validated(str(pack))
    assert result.from_cache
    assert result.pack() is not None and type(result.pack()).__name__ == "Pack"
    assert not marker.exists()


def test_a_cache_file_others_can_write_is_not_trusted(pack: Path) -> None:
    validated(str(pack))
    (entry,) = entries(pack)
    entry.chmod(0o666)
    assert not validated(str(pack)).from_cache


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chown needs root")
def test_another_users_cache_file_is_not_trusted(pack: Path) -> None:
    validated(str(pack))
    (entry,) = entries(pack)
    os.chown(entry, 12345, 12345)
    assert not validated(str(pack)).from_cache


def test_an_unwritable_cache_folder_breaks_nothing(pack: Path, tmp_path: Path, monkeypatch, capsys) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("AUTOGRAD_TUTOR_CACHE", str(blocker / "cache"))
    assert _validate(capsys, str(pack))[0] == 0
    assert _validate(capsys, str(pack))[0] == 0
    assert not validated(str(pack)).from_cache


def test_the_cache_can_be_turned_off(pack: Path, monkeypatch) -> None:
    monkeypatch.setenv("AUTOGRAD_TUTOR_NO_CACHE", "1")
    validated(str(pack))
    assert not validated(str(pack)).from_cache and entries(pack) == []


def test_new_validation_code_is_a_miss(pack: Path, monkeypatch) -> None:
    validated(str(pack))
    monkeypatch.setattr(cache, "_CODE", ["another version of tutor/pack"])
    assert not validated(str(pack)).from_cache


def test_no_cache_validates_again_and_refreshes(pack: Path, capsys) -> None:
    assert _validate(capsys, str(pack))[0] == 0
    (entry,) = entries(pack)
    entry.write_bytes(b"junk")
    assert _validate(capsys, "--no-cache", str(pack))[0] == 0
    assert validated(str(pack)).from_cache


def test_cached_errors_read_exactly_as_fresh_ones(pack: Path, capsys, monkeypatch) -> None:
    exercise = next((pack / "exercises").glob("*.yaml"))
    exercise.write_text(exercise.read_text().replace("checks:", "checks: 3\nold_checks:", 1))
    monkeypatch.setenv("AUTOGRAD_TUTOR_NO_CACHE", "1")
    fresh = _validate(capsys, str(pack))
    monkeypatch.delenv("AUTOGRAD_TUTOR_NO_CACHE")
    assert fresh[0] == 1 and ":" in fresh[1]
    assert _validate(capsys, str(pack)) == fresh  # writes the entry
    assert _validate(capsys, str(pack)) == fresh  # from it
    assert _validate(capsys, "--json", str(pack))[0] == 1


def test_list_answers_from_the_cache_without_the_models(pack: Path, tmp_path: Path) -> None:
    import subprocess

    env = {**os.environ, "AUTOGRAD_TUTOR_HOME": str(tmp_path / "home"),
           "AUTOGRAD_TUTOR_CACHE": str(tmp_path / "cache")}
    probe = ("import sys, runpy; sys.argv = ['autograd-tutor', '--pack', %r, 'list']\n"
             "from tutor.cli import main\ncode = main()\n"
             "print('LOADED', ' '.join(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'yaml')))" % str(pack))
    first = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    second = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    assert "pydantic" in first.stdout.split("LOADED")[1]
    assert second.stdout.split("LOADED")[1].strip() == ""
    assert first.stdout.split("LOADED")[0] == second.stdout.split("LOADED")[0]
