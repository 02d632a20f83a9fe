# GPU Advisor. Quick start: `make run` (the product, offline) and `make test` (everything CI checks).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint typecheck unit bench clean

# Installs the pinned lock once; re-runs only when the lock or pyproject changes.
$(STAMP): requirements.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install -q --disable-pip-version-check --no-deps -e .
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/advisor serve --host 127.0.0.1 --port 7860

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy

unit: install
	$(BIN)/pytest

test: lint typecheck unit

bench: install
	$(BIN)/python benchmarks/bench_sizing.py
	$(BIN)/python benchmarks/bench_kb.py

clean:
	rm -rf $(VENV) .data .mypy_cache .ruff_cache
