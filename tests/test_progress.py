"""The progress store: real SQLite files, real concurrent processes."""

import sqlite3
import subprocess
import sys
import textwrap

import pytest

from tutor.errors import UserError
from tutor.progress import MIGRATIONS, SCHEMA_VERSION, ProgressStore


def test_records_attempts_hints_and_current(tmp_path):
    with ProgressStore(tmp_path / "p.db") as store:
        assert store.exercise("pack", "ex").status == "new"
        store.record_attempt("pack", "ex", score=1, max_score=3)
        assert store.exercise("pack", "ex").status == "attempted"
        assert store.take_hint("pack", "ex") == 1
        assert store.take_hint("pack", "ex") == 2
        store.record_attempt("pack", "ex", score=3, max_score=3)
        store.set_current("pack", "ex")
        store.set_current("pack", "other")
    with ProgressStore(tmp_path / "p.db") as store:  # survives reopening
        state = store.exercise("pack", "ex")
        assert (state.attempts, state.solved, state.best_score, state.hints_taken) == (2, True, 3.0, 2)
        assert state.status == "solved"
        assert store.current("pack") == "other"
        assert store.pack("another-pack") == {}


def test_hints_alone_mark_an_exercise_attempted(tmp_path):
    with ProgressStore(tmp_path / "p.db") as store:
        store.take_hint("pack", "ex")
        assert store.exercise("pack", "ex").status == "attempted"


WRITER = textwrap.dedent(
    """
    import sys
    from tutor.progress import ProgressStore
    path, who, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = ProgressStore(path)
    for i in range(n):
        store.record_attempt("pack", f"ex-{i % 5}", score=i % 2, max_score=1)
        store.take_hint("pack", f"ex-{i % 5}")
        store.set_current("pack", f"{who}-{i}")
    store.close()
    """
)


def test_concurrent_writers_lose_nothing(tmp_path):
    db = tmp_path / "p.db"
    ProgressStore(db).close()
    n, writers = 150, 3
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(db), f"w{k}", str(n)]) for k in range(writers)
    ]
    assert all(p.wait(timeout=120) == 0 for p in procs)
    with ProgressStore(db) as store:
        states = store.pack("pack")
        assert sum(s.attempts for s in states.values()) == n * writers
        assert sum(s.hints_taken for s in states.values()) == n * writers
        assert store.current("pack").endswith(f"-{n - 1}")


def test_corrupt_file_is_moved_aside_and_a_fresh_store_starts(tmp_path):
    db = tmp_path / "p.db"
    db.write_bytes(b"this is not sqlite at all " * 200)
    warnings = []
    with ProgressStore(db, warn=warnings.append) as store:
        store.record_attempt("pack", "ex", score=1, max_score=1)
        assert store.exercise("pack", "ex").solved
    assert len(warnings) == 1 and "moved it to" in warnings[0] and "\n" not in warnings[0]
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1
    assert aside[0].read_bytes().startswith(b"this is not sqlite")  # nothing deleted


def test_a_damaged_page_is_detected(tmp_path):
    db = tmp_path / "p.db"
    with ProgressStore(db) as store:
        for i in range(300):
            store.record_attempt("pack", f"exercise-{i}", score=1, max_score=1)
    # Force everything into the main file, then scribble over a data page.
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    raw = bytearray(db.read_bytes())
    assert len(raw) > 4096 * 3
    raw[4096 * 2 : 4096 * 2 + 512] = b"\xff" * 512
    db.write_bytes(bytes(raw))
    warnings = []
    with ProgressStore(db, warn=warnings.append) as store:
        assert store.pack("pack") == {}
    assert warnings


def test_migrates_a_version_1_database(tmp_path):
    db = tmp_path / "p.db"
    con = sqlite3.connect(db, isolation_level=None)
    MIGRATIONS[0](con)  # the schema as version 1 shipped it
    con.execute("PRAGMA user_version = 1")
    con.execute("INSERT INTO attempts (pack, exercise, passed, at) VALUES ('pack', 'ex', 1, 0)")
    con.execute("INSERT INTO attempts (pack, exercise, passed, at) VALUES ('pack', 'ex2', 0, 0)")
    con.execute("INSERT INTO current VALUES ('pack', 'ex2')")
    con.close()
    with ProgressStore(db) as store:
        assert store.exercise("pack", "ex").solved
        assert store.exercise("pack", "ex").best_score == 1.0
        assert store.exercise("pack", "ex2").status == "attempted"
        assert store.current("pack") == "ex2"
        assert store.take_hint("pack", "ex2") == 1  # a v2 table
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    con.close()


def test_refuses_a_database_from_a_newer_release(tmp_path):
    db = tmp_path / "p.db"
    ProgressStore(db).close()
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    with pytest.raises(UserError, match="newer autograd-tutor"):
        ProgressStore(db)
    assert db.exists()
