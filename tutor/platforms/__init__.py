"""Course platforms: the files that plug ``autograd-tutor grade`` into GitHub
Classroom, GitLab CI, Gradescope and PrairieLearn (docs/courses.md).

Each module writes one platform's files from templates kept as package data
(``tutor/platforms/templates/``); nothing here imports torch, textual or
prompt_toolkit, and nothing here grades: every generated script calls
``autograd-tutor grade``.
"""
