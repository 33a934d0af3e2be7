# One command to set up and start, one to set up and test. See README.md.
PYTHON ?= python3
VENV ?= .venv
# The CPU build of torch by default. CUDA users: see README ("Using a GPU").
TORCH ?= torch==2.13.0
BIN := $(VENV)/bin

.PHONY: start test setup clean

start: $(VENV)/.installed
	$(BIN)/autograd-tutor

test: $(VENV)/.installed
	$(BIN)/python -m pytest

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet $(if $(TORCH),"$(TORCH)") numpy -e ".[test]"
	touch $@

clean:
	rm -rf $(VENV) build dist
