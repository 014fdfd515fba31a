# The two commands a newcomer runs: `make run` and `make test`. Both build their own venv.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
STAMP     := $(VENV)/.installed-test
# Bytecode at install time, never at a start: an editable install leaves none, and where
# PYTHONDONTWRITEBYTECODE=1 is set (many CI and Docker images) every start would compile the package
# again (~0.7 s for 1.4 MB of generated codecs). Run on every `make run`/`make test`, not only when the
# stamps are rebuilt: sources change between installs, and compileall skips what is up to date.
COMPILE := $(PY) -m compileall -q -j 0 kaflite

.PHONY: run test lint typecheck codegen codegen-check bench clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# `make run` needs only the broker; `make test` adds the clients that judge it, the linters, and the
# `spark` extra so the PySpark analytics tests run (they skip, never fail, where it is absent).
$(RUN_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e .
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e '.[test,dev,java,spark]'
	touch $(STAMP) $(RUN_STAMP)

run: $(RUN_STAMP)
	$(COMPILE)
	$(PY) -m kaflite serve --data-dir ./kaflite-data --admin-port 8092

test: $(STAMP) lint codegen-check
	$(COMPILE)
	$(PY) -m pytest -q

lint: $(STAMP) typecheck
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

# mypy over the whole package, as [tool.mypy] in pyproject.toml says (strict on protocol, storage, coordinator).
typecheck: $(STAMP)
	$(VENV)/bin/mypy

codegen: $(STAMP)
	$(PY) tools/codegen/generate.py

codegen-check: $(STAMP)
	$(PY) tools/codegen/generate.py --check

bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .mypy_cache
