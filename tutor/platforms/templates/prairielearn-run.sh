#!/usr/bin/env bash
# Written by autograd-tutor export prairielearn (autograd-tutor @@VERSION@@):
# the grader entrypoint of its questions (docs/courses.md, "PrairieLearn").
#
# PrairieLearn runs it in the grader image for every submission, as
#   run.sh EXERCISE_ID
# with the student's <exercise-id>.py in /grade/student. It writes
# /grade/results/results.json, a folder PrairieLearn does not make.
set -uo pipefail
exercise=${1:-}
if [ -z "$exercise" ]; then
  echo "run.sh: give the exercise id (the question's externalGradingOptions.entrypoint does)" >&2
  exit 2
fi
mkdir -p /grade/results
# Only the question's exercise is graded and scored; nothing under /grade
# (other files, PrairieLearn's data) is any run's to read.
exec autograd-tutor grade /grade/student@@PACK_ARGS@@ --exercise "$exercise" --private /grade --prairielearn /grade/results/results.json
