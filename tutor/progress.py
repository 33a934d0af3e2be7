"""The learner's progress in SQLite: attempts, solved exercises, hints taken,
and where they left off, per pack. Storage only: which exercise to open is
decided from it by tutor.session.

WAL mode and short ``BEGIN IMMEDIATE`` transactions let the app, the REPL and
a ``check`` in another terminal write at once without losing anything. A
corrupt file is moved aside (never deleted) and a fresh store started.
"""

from __future__ import annotations

import sqlite3
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

# Each migration takes the schema from version i to i + 1. Never edit one
# that has shipped: add a new one.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = []


def _migration(fn: Callable[[sqlite3.Connection], None]) -> Callable[[sqlite3.Connection], None]:
    MIGRATIONS.append(fn)
    return fn


@_migration
def _v1(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            pack TEXT NOT NULL,
            exercise TEXT NOT NULL,
            passed INTEGER NOT NULL,
            at REAL NOT NULL)"""
    )
    db.execute("CREATE INDEX attempts_by_exercise ON attempts (pack, exercise)")
    db.execute("CREATE TABLE current (pack TEXT PRIMARY KEY, exercise TEXT NOT NULL)")


@_migration
def _v2(db: sqlite3.Connection) -> None:
    # v2 records scores (partial credit) and hints taken.
    db.execute("ALTER TABLE attempts ADD COLUMN score REAL NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE attempts ADD COLUMN max_score REAL NOT NULL DEFAULT 0")
    db.execute("UPDATE attempts SET score = passed, max_score = 1")
    db.execute(
        """CREATE TABLE hints (
            pack TEXT NOT NULL,
            exercise TEXT NOT NULL,
            taken INTEGER NOT NULL,
            PRIMARY KEY (pack, exercise))"""
    )


SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class ExerciseProgress:
    attempts: int = 0
    solved: bool = False
    best_score: float = 0.0
    hints_taken: int = 0

    @property
    def status(self) -> str:
        """``solved``, ``attempted`` or ``new``, as the lesson list shows it."""
        if self.solved:
            return "solved"
        return "attempted" if self.attempts or self.hints_taken else "new"


class ProgressStore:
    def __init__(self, path: Path, *, warn: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self._warn = warn or (lambda message: print(f"autograd-tutor: {message}", file=sys.stderr))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = self._open()

    # ----------------------------------------------------------------- setup

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect_and_migrate()
        except sqlite3.DatabaseError as exc:
            if not _is_corruption(exc):
                raise
        aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        for suffix in ("", "-wal", "-shm"):
            part = Path(str(self.path) + suffix)
            if part.exists():
                part.replace(Path(str(aside) + suffix))
        self._warn(f"progress database {self.path} was unreadable; moved it to {aside.name} and started afresh")
        return self._connect_and_migrate()

    def _connect_and_migrate(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout = 30000")
            if db.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
                db.execute("PRAGMA journal_mode = DELETE")  # filesystems without shared memory
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("database disk image is malformed")
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                from tutor.errors import UserError

                raise UserError(
                    f"progress database is from a newer autograd-tutor (schema {version} > {SCHEMA_VERSION}); "
                    "upgrade autograd-tutor or set AUTOGRAD_TUTOR_HOME to use another folder"
                )
            for step in MIGRATIONS[version:]:
                step(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "ProgressStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---------------------------------------------------------------- writes

    def _write(self, sql: str, params: tuple) -> None:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute(sql, params)
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def record_attempt(self, pack: str, exercise: str, *, score: float, max_score: float,
                       status: str = "passed") -> None:
        """``status``: the verdict's; a run that scored every point and then raised (`exit()` at its end) is
        no pass, as the check says (round 37's learner found it solved in the store)."""
        passed = status == "passed" and max_score > 0 and score >= max_score
        self._write(
            "INSERT INTO attempts (pack, exercise, passed, score, max_score, at) VALUES (?, ?, ?, ?, ?, ?)",
            (pack, exercise, int(passed), score, max_score, time.time()),
        )

    def take_hint(self, pack: str, exercise: str) -> int:
        """Count one more hint; returns how many have been taken now."""
        self._write(
            """INSERT INTO hints (pack, exercise, taken) VALUES (?, ?, 1)
               ON CONFLICT (pack, exercise) DO UPDATE SET taken = taken + 1""",
            (pack, exercise),
        )
        return self.hints_taken(pack, exercise)

    def set_current(self, pack: str, exercise: str) -> None:
        self._write(
            "INSERT INTO current (pack, exercise) VALUES (?, ?) ON CONFLICT (pack) DO UPDATE SET exercise = excluded.exercise",
            (pack, exercise),
        )

    # ----------------------------------------------------------------- reads

    def current(self, pack: str) -> str | None:
        row = self._db.execute("SELECT exercise FROM current WHERE pack = ?", (pack,)).fetchone()
        return row[0] if row else None

    def hints_taken(self, pack: str, exercise: str) -> int:
        row = self._db.execute("SELECT taken FROM hints WHERE pack = ? AND exercise = ?", (pack, exercise)).fetchone()
        return row[0] if row else 0

    def exercise(self, pack: str, exercise: str) -> ExerciseProgress:
        return self.pack(pack).get(exercise, ExerciseProgress())

    def pack(self, pack: str) -> dict[str, ExerciseProgress]:
        """Progress for every exercise of a pack that has any."""
        out: dict[str, dict] = {}
        for exercise, attempts, solved, best in self._db.execute(
            """SELECT exercise, COUNT(*), MAX(passed), MAX(score) FROM attempts
               WHERE pack = ? GROUP BY exercise""",
            (pack,),
        ):
            out[exercise] = {"attempts": attempts, "solved": bool(solved), "best_score": best or 0.0}
        for exercise, taken in self._db.execute("SELECT exercise, taken FROM hints WHERE pack = ?", (pack,)):
            out.setdefault(exercise, {})["hints_taken"] = taken
        return {name: ExerciseProgress(**fields) for name, fields in out.items()}


def _is_corruption(exc: sqlite3.DatabaseError) -> bool:
    text = str(exc).lower()
    return any(s in text for s in ("not a database", "malformed", "file is encrypted", "corrupt"))


def open_store() -> ProgressStore:
    """The learner's store in the data directory."""
    from tutor.paths import progress_db

    return ProgressStore(progress_db())
