"""The execution kernel: learner code runs in its own process.

``protocol`` (messages and codec) and ``client`` (starts and talks to the
process) are torch-free and used by the UI; ``server`` is the process itself
and is the only module here that imports torch. See docs/architecture.md.
"""
