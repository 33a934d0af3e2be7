"""The class report `grade --json` rewrites after every batch of 8 students
(a grade killed outright loses one batch): its cost over a whole class.

    .venv/bin/python bench/bench_partial.py [--students 100,500]

Builds N students' reports (bench_report.make_class's mix, read back as
`--resume` reads a report), then writes the partial report after every
batch as a grade does, to a file (atomically, fsync'd, as `grade` writes
it), two ways in the same process, alternating per class size: the whole
class encoded, read back and encoded again each time (before), and each
student's part encoded once (ClassJSON, now). Prints the CPU and wall time
each spent over the whole class, and the ratio; then the whole report written
at the end, encoded as one tree (before) and from the parts (now). The runs of the grade are
not here: this is what the report adds to them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_report import make_class  # noqa: E402

from tutor.atomic import write_atomic  # noqa: E402
from tutor.grade.classroom import BATCH, resumed  # noqa: E402
from tutor.grade.report import ClassJSON, to_json  # noqa: E402


def whole(reports, pack_id: str) -> str:
    """Before: what `grade` wrote after every batch until round 6 of issue 19."""
    data = json.loads(to_json(reports)) if reports else {"pack": pack_id, "submissions": []}
    if "submissions" not in data:
        data = {"pack": data["pack"], "submissions": [data]}
    data["partial"] = True
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def a_grade(reports, pack_id: str, text, path: str) -> tuple[float, float, int]:
    cpu, wall = time.process_time(), time.perf_counter()
    size = 0
    for end in range(BATCH, len(reports) + BATCH, BATCH):
        body = text(reports[:end], pack_id)
        write_atomic(path, body, errors="replace")
        size = len(body)
    return time.process_time() - cpu, time.perf_counter() - wall, size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", default="100,500")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="agt-partial-")
    path = os.path.join(folder, "class.json")
    print(f"partial report rewritten after every batch of {BATCH} students, whole class (CPU s / wall s)")
    for n in (int(x) for x in args.students.split(",")):
        data = make_class(n)
        data.setdefault("isolation", "bwrap")
        reports = list(resumed(data, data["pack"]).values())
        old_cpu, old_wall, size = a_grade(reports, data["pack"], whole, path)
        writer = ClassJSON()
        new_cpu, new_wall, new_size = a_grade(reports, data["pack"], writer.text, path)
        same = whole(reports, data["pack"]) == writer.text(reports, data["pack"])
        t0 = time.process_time()
        old_whole = json.dumps({"pack": data["pack"], "submissions": [r.to_dict() for r in reports],
                                "isolation": "bwrap"}, indent=2, ensure_ascii=False) + "\n"
        t1 = time.process_time()
        new_whole = writer.text(reports, data["pack"], partial=False)
        t2 = time.process_time()
        print(f"  N={n:5}: last report {size / 1e6:5.1f} MB; before {old_cpu:7.2f} / {old_wall:7.2f} s, "
              f"now {new_cpu:6.2f} / {new_wall:6.2f} s; x{old_cpu / max(new_cpu, 1e-9):.1f} CPU; same text: {same}")
        print(f"          the whole report at the end: before {t1 - t0:5.2f} s of CPU, now {t2 - t1:5.2f} s "
              f"(its parts already encoded); same text: {old_whole == new_whole}")
    os.unlink(path)
    os.rmdir(folder)


if __name__ == "__main__":
    main()
