# GPU Advisor. Quick start: `make run` (the product, offline) and `make test` (everything CI checks).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run check test lint typecheck unit bench hooks clean

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

# The fast loop while working: lint, types and the unit tier (about a minute and a half).
unit: install
	$(BIN)/pytest -m unit

check: lint typecheck unit

# Everything CI runs (.ci/run): every tier, with the line coverage of the code it printed.
test: lint typecheck
	$(BIN)/pytest --cov --cov-report=term
	@echo "tiers: pytest -m unit|fuzz|eval|integration|browser|load|faults"

bench: install
	$(BIN)/pip install --quiet --no-deps --target build/bench -r benchmarks/requirements.txt
	$(BIN)/python benchmarks/bench_sizing.py
	$(BIN)/python benchmarks/bench_recommend.py
	$(BIN)/python benchmarks/bench_kb.py

# ruff and mypy before every commit (the hooks run this checkout's pinned tools).
hooks: install
	$(BIN)/pre-commit install

clean:
	rm -rf $(VENV) .data .mypy_cache .ruff_cache .coverage
