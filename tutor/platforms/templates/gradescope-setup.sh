#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image
# (Ubuntu 22.04 or newer). Written by `autograd-tutor export gradescope`
# (autograd-tutor @@VERSION@@; docs/courses.md, "Gradescope").
set -euo pipefail
cd "$(dirname "$0")"  # /autograder/source: the zip's files

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# bubblewrap is the grader's sandbox. Where the container refuses the
# namespaces it needs (Docker's default seccomp profile does), `grade` picks
# the strongest isolation the container allows, and every report says which.
apt-get install -y -qq --no-install-recommends python3 python3-venv python3-pip bubblewrap

# A virtual environment of its own: Ubuntu 24.04's system Python refuses
# pip installs (PEP 668), and nothing here touches the system's packages.
python3 -m venv /opt/autograd-tutor
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
# The CPU build of torch: the grader needs no GPU.
/opt/autograd-tutor/bin/pip install --quiet @@TORCH@@ --index-url @@TORCH_INDEX@@
/opt/autograd-tutor/bin/pip install --quiet numpy @@TUTOR@@
@@PACK_INSTALL@@
ln -sf /opt/autograd-tutor/bin/autograd-tutor /usr/local/bin/autograd-tutor
autograd-tutor --version
