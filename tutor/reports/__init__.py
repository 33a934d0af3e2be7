"""Report formats for the platforms courses run on, and the class report.

Each module turns graded results (``tutor.grade.report``'s ``GradeReport``,
or the JSON report it writes: docs/design.md) into one consumer's format.
Everything a submission controls is data here: each writer escapes it for
its own format. Torch-free, UI-free.
"""
