"""The grader: isolated runs of learner and reference code, judged on the
plain data they send back (docs/grading.md; docs/architecture.md for the
module map)."""
