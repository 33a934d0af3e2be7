# One command to set up and start, one to set up and test. See README.md.
PYTHON ?= python3
VENV ?= .venv
# torch comes from the default package index (PyPI) unless TORCH_INDEX names
# another. On Linux x86_64, PyPI's torch is the CUDA build (the torch wheel is
# about 530 MB, and it pulls NVIDIA's CUDA libraries: several GB in all); on
# macOS and Windows it is the CPU build. For the CPU-only build on Linux:
#   make start TORCH_INDEX=https://download.pytorch.org/whl/cpu
# (about 190 MB). TORCH= installs no torch (bring your own). README: "Which torch".
TORCH ?= torch==2.13.0
TORCH_INDEX ?=
BIN := $(VENV)/bin
# The installer: pip, or uv where UV names one (.ci/run does, where uv can be
# had: pip took some 45 s of a fresh clone's CI, uv some 12). UV_ARGS: what
# uv must be told of the machine's pip configuration (.ci/uv_args.py).
UV ?=
UV_ARGS ?=
ifeq ($(UV),)
INSTALL = $(BIN)/python -m pip install --quiet --no-compile
else
INSTALL = $(UV) pip install --quiet --python $(BIN)/python --index-strategy unsafe-best-match $(UV_ARGS)
endif

.PHONY: start test setup clean

start: $(VENV)/.installed
	$(BIN)/autograd-tutor

# The parallel part, then the tests that must run alone (tests/conftest.py, ALONE):
# two streams that share nothing, the normal user's grading and the app's timed runs.
# First the tutor's bytecode, once: an editable install has none, and the
# suite's hundreds of Python processes (grading workers, kernels, the CLI)
# write none where PYTHONDONTWRITEBYTECODE is set (CI images; every grading
# worker, docs/grading.md), so each compiled what it imported again: some
# 70 ms of CPU for a grading worker's tutor modules (python -X importtime).
test: $(VENV)/.installed
	$(BIN)/python -m compileall -q -j 0 tutor
	$(BIN)/python -m pytest -m "not alone"
	$(BIN)/python -m pytest -n 2 -m alone

setup: $(VENV)/.installed

# Bytecode for what pip installed, on every core (pip compiles one file after
# another: torch's some 30 s of a 72 s setup on 2 cores, 15 s this way).
# Not every file compiles (torch ships a test file in Python 3.12 syntax);
# pip skips those too, hence `|| true`.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(if $(and $(TORCH),$(TORCH_INDEX)),$(INSTALL) --index-url "$(TORCH_INDEX)" "$(TORCH)")
	$(INSTALL) $(if $(TORCH),"$(TORCH)") numpy -e ".[test]"
	$(BIN)/python -m compileall -qq -j 0 "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')" || true
	touch $@

clean:
	rm -rf $(VENV) build dist
