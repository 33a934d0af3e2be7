"""Huge pages for what every fork of a zygote shares: its heap, and the
code of torch and Python. A fork copies one page-table entry per 2 MiB of
huge page where it copies 512 of 4 KiB pages, and an exit tears down as
few; and code in an anonymous huge page is mapped in the fork already,
where a run faults in the file-backed code it executes again. Speed only:
where the kernel refuses (older kernels, THP off), nothing else changes.
"""

from __future__ import annotations

import ctypes
import os
import struct
import time

_libc = ctypes.CDLL(None, use_errno=True) if os.name == "posix" else None
if _libc is not None and hasattr(_libc, "mremap"):  # this module's own handle: typed once, for copy_code
    for _name, _res, _args in (
            ("mmap", ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                       ctypes.c_long]),
            ("mremap", ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_int,
                                         ctypes.c_void_p]),
            ("mprotect", ctypes.c_int, [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]),
            ("madvise", ctypes.c_int, [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]),
            ("munmap", ctypes.c_int, [ctypes.c_void_p, ctypes.c_size_t])):
        getattr(_libc, _name).restype, getattr(_libc, _name).argtypes = _res, _args

MADV_HUGEPAGE = 14
MADV_COLLAPSE = 25
HUGE = 2 << 20


# NOTE [collapse pays]: folding the zygote's heap into huge pages makes
# every later run cheaper (a fork copies, and an exit tears down, one
# page-table entry per 2 MiB instead of 512): 10 to 16 ms of CPU per run for
# the ~190 MiB of a warm zygote (bench_phases.py, AGT_BENCH_OFF=collapse),
# i.e. about SAVED_PER_MIB_RUN seconds per MiB and run. What it costs
# depends on the machine: a huge page is cheap where the kernel has one at
# hand, and dear where it must be made (in a VM that handed its free memory
# back to the host, each 2 MiB is faulted in again there: 1 ms or 40 ms a
# chunk on this project's VMs, some 3.3 s for the whole heap). So where the
# runs to come are known, the heap is folded 2 MiB at a time, and only while
# the chunks so far cost on average less than the chunk saves over those
# runs: a class of 500 (thousands of runs a worker) folds it all, a single
# student's grade (some 150 runs a worker) only where huge pages are cheap.
SAVED_PER_MIB_RUN = 0.07e-3
PROBE_CHUNKS = 4  # chunks folded before the first decision: one may be slow by chance


def collapse_heap(runs: int | None = None) -> int:
    """Fold this process's heap and anonymous mappings into transparent huge
    pages (``madvise(MADV_HUGEPAGE)`` then ``MADV_COLLAPSE``, Linux 6.1+),
    so that forking it copies one page-table entry per 2 MiB instead of 512.
    ``runs``: the runs this process will fork, where known; then only while
    it pays (NOTE [collapse pays]). Returns the bytes collapsed; 0 where
    the kernel cannot (older kernels, THP off): only speed depends on it."""
    madvise = getattr(_libc, "madvise", None) if _libc is not None else None
    if madvise is None:
        return 0
    madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    try:
        with open("/proc/self/maps") as f:
            lines = f.read().splitlines()
    except OSError:
        return 0
    chunks = []
    for line in lines:
        fields = line.split()
        # Private, writable, anonymous (no file), or the brk heap.
        if len(fields) < 5 or fields[1] != "rw-p" or (len(fields) > 5 and fields[5] != "[heap]"):
            continue
        low, high = (int(x, 16) for x in fields[0].split("-"))
        low, high = (low + HUGE - 1) & ~(HUGE - 1), high & ~(HUGE - 1)
        if high > low:
            madvise(low, high - low, MADV_HUGEPAGE)
            chunks.append((low, high - low))
    if runs is not None:  # 2 MiB at a time, to decide as it goes
        chunks = [(at, HUGE) for low, size in chunks for at in range(low, low + size, HUGE)]
    worth = None if runs is None else runs * SAVED_PER_MIB_RUN * (HUGE >> 20)  # seconds a chunk saves
    done, spent = 0, 0.0
    for n, (low, size) in enumerate(chunks):
        if worth is not None and n >= PROBE_CHUNKS and spent / n > worth:
            break
        started = time.monotonic()
        if madvise(low, size, MADV_COLLAPSE) == 0:
            done += size
        spent += time.monotonic() - started
    return done


# NOTE [the code in huge pages]: a fork copies no page-table entry of a
# file mapping that was never written (docs/grading.md, "What a run costs
# now"), so every run faults torch's and Python's code in again, some 250
# faults a run, 16 pages each. So the zygote copies the 2 MiB stretches of
# their code that it has executed (pages present in its page tables,
# /proc/self/pagemap) into anonymous memory folded into huge pages, made
# read-and-execute, and moved onto the very addresses the code lies at
# (mremap: the file's pages are replaced in one step, and the bytes are
# the same, so nothing that runs or returns there sees a difference). A
# fork then copies one entry per stretch. In forks of a warm torch process (a `Linear` forward and backward and
# a second derivative, medians of 100): 1,076 faults a child became 823, and fork and child together 14.6 ms of
# CPU 12.1 (bench/bench_code_pages.py; docs/grading.md, "The code in huge pages"). A stretch the kernel cannot
# fold stays the file's: 512 small anonymous entries would make every fork dearer (round 12 of issue 19, docs/grading.md). The
# price: some 120 MiB of memory a zygote (one copy for every worker a host forks), and a profiler finds no
# symbol in the code copied. Done before any run exists (zygote.settle) and in a host (host.py).
SAVED_CODE_PER_RUN = 2e-3  # seconds of CPU a run saves with all of the hot code copied
HOT_PAGES = 64  # of a stretch's 512: a stretch the zygote ran less of is left to fault in
COPY_COST = 5e-3  # seconds a stretch's copy takes where huge pages are at hand (up to 40 ms where not)
PROT_READ, PROT_WRITE, PROT_EXEC = 1, 2, 4
MAP_PRIVATE, MAP_ANONYMOUS = 0x02, 0x20
MREMAP_MAYMOVE, MREMAP_FIXED = 1, 2


def _hot_code() -> list[tuple[int, int, int]]:
    """(address, bytes, hot pages) of each run of 2 MiB stretches of
    file-backed code this process has executed enough of, hottest first."""
    regions = []
    with open("/proc/self/maps") as maps, open("/proc/self/pagemap", "rb") as pagemap:
        for line in maps.read().splitlines():
            fields = line.split()
            if len(fields) < 6 or fields[1] != "r-xp" or not fields[5].startswith("/"):
                continue
            low, high = (int(x, 16) for x in fields[0].split("-"))
            low, high = (low + HUGE - 1) & ~(HUGE - 1), high & ~(HUGE - 1)
            if high <= low:
                continue
            pagemap.seek((low >> 12) * 8)
            entries = struct.unpack(f"{(high - low) >> 12}Q", pagemap.read(((high - low) >> 12) * 8))
            hot = [sum(e >> 63 for e in entries[i:i + 512]) for i in range(0, len(entries), 512)]
            first = None
            for n, pages in enumerate(hot + [0]):
                if pages >= HOT_PAGES and first is None:
                    first = n
                elif pages < HOT_PAGES and first is not None:
                    regions.append((low + first * HUGE, (n - first) * HUGE, sum(hot[first:n])))
                    first = None
    return sorted(regions, key=lambda r: -r[2] / r[1])


def _copy_onto(at: int, size: int) -> bool:
    """Replace the code at ``at`` with an anonymous copy in huge pages; False
    (and nothing changed) where the kernel would not fold the copy."""
    libc = _libc
    raw = libc.mmap(None, size + HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    if raw in (None, ctypes.c_void_p(-1).value):
        return False
    copy = (raw + HUGE - 1) & ~(HUGE - 1)  # aligned as the code is, so that it can be huge there too
    moved = False
    try:
        libc.madvise(copy, size, MADV_HUGEPAGE)
        ctypes.memmove(copy, at, size)
        if libc.madvise(copy, size, MADV_COLLAPSE) == 0 and libc.mprotect(copy, size, PROT_READ | PROT_EXEC) == 0:
            moved = libc.mremap(copy, size, size, MREMAP_MAYMOVE | MREMAP_FIXED, at) == at
    finally:
        libc.munmap(raw, copy - raw) if copy > raw else None
        libc.munmap(copy + size, raw + HUGE - copy) if raw + HUGE > copy else None
        if not moved:
            libc.munmap(copy, size)
    return moved


def copy_code(runs: int | None = None) -> int:
    """NOTE [the code in huge pages]: the hot code this process has run,
    copied into huge pages where it lies. ``runs``: the runs this process
    will fork, where known; then only while the copies cost less than the
    runs save (NOTE [collapse pays]). Returns the bytes copied."""
    if _libc is None or not hasattr(_libc, "mremap"):
        return 0
    try:
        regions = _hot_code()
    except (OSError, struct.error):
        return 0
    # What a stretch saves a run is taken as its share of the code's hot pages (a hotter one is run more).
    hot_pages = max(1, sum(r[2] for r in regions))
    done, spent = 0, 0.0
    for at, size, hot in regions:  # the densest first
        if runs is not None:
            per_stretch = spent / (done // HUGE) if done else COPY_COST
            if per_stretch * (size // HUGE) > runs * SAVED_CODE_PER_RUN * hot / hot_pages:
                continue
        started = time.monotonic()
        if _copy_onto(at, size):
            done += size
        spent += time.monotonic() - started
    return done
