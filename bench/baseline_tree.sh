#!/usr/bin/env bash
# A copy of the code at REV, runnable beside this checkout for a side-by-side
# bench (bench_grade.py --baseline DIR):
#
#     bench/baseline_tree.sh HEAD~1 /work/base
#
# DIR gets the tree of REV and a .venv of its own that borrows this
# checkout's site-packages (torch and the rest) through a .pth file and
# imports the tutor from DIR. Grading workers run in bubblewrap with a
# cleared environment, so PYTHONPATH cannot point them at the old code;
# the venv's .pth files can, since the sandbox binds what the worker imports.
set -euo pipefail
rev=${1:?REV}; dir=${2:?DIR}
here=$(cd "$(dirname "$0")/.." && pwd)
site=$("$here/.venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
rm -rf "$dir"; mkdir -p "$dir"
git -C "$here" archive "$rev" | tar -x -C "$dir"
python3 -m venv "$dir/.venv"
base_site=$("$dir/.venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$(cd "$dir" && pwd)" > "$base_site/00_baseline_tree.pth"
echo "$site" > "$base_site/01_borrowed_site.pth"
(cd / && "$dir/.venv/bin/python" -c 'import tutor, torch; print("baseline tree:", tutor.__file__)')
