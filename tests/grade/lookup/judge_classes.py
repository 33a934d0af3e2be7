"""Run by tests/grade/test_lookup_classes.py in a process of its own: the heap frozen as a grading worker's zygote
freezes it, then each file given run as a learner's code in a fork of its own (as the zygote forks each run), and
``FILE<TAB>verdict`` printed for it: readfirst's lookups.classes_made_to_run() after the code. One torch import
serves every case (each took a process of its own, some 3.5 s of CPU: issue 19's suite)."""
import gc
import os
import sys
import traceback
import warnings

import torch

from tutor.grade import lookups, zygote

warnings.filterwarnings("ignore")
zygote._warm_up(torch)
gc.collect()
gc.freeze()
failed = 0
for path in sys.argv[1:]:
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            started = lookups.note_start()
            space = {"__name__": "__main__"}  # kept, as a run's namespace is while the grader reads it
            exec(compile(open(path).read(), path, "exec"), space)  # noqa: S102 - the test's own files
            made = lookups.classes_made_to_run(started)
            print(f"{path}\t{'made to run' if made else 'nothing made to run'}", flush=True)
            code = 0
        except BaseException:  # noqa: BLE001  (the test shows it)
            traceback.print_exc()
        finally:
            os._exit(code)
    failed += os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0
sys.exit(1 if failed else 0)
