"""Run by tests/grade/test_lookup_classes.py in a process of its own: the heap frozen as a grading worker's zygote
freezes it, then the file given run as a learner's code, then readfirst.classes_made_to_run() printed."""
import gc
import sys
import warnings

import torch

from tutor.grade import lookups, zygote

warnings.filterwarnings("ignore")
zygote._warm_up(torch)
gc.collect()
gc.freeze()
started = lookups.note_start()
spaces = []  # kept, as a run's namespace is while the grader reads it
for path in sys.argv[1:]:
    spaces.append({"__name__": "__main__"})
    exec(compile(open(path).read(), path, "exec"), spaces[-1])  # noqa: S102 - the test's own files
print("made to run" if lookups.classes_made_to_run(started) else "nothing made to run")
