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
# The compiled build (setup.py): a wheel built with KAFLITE_COMPILE=1 (mypyc compiles kaflite/compiled.py's leaf
# modules), installed into build/compiled; a process run with PYTHONPATH=build/compiled and -P (the checkout off
# sys.path) runs it. Rebuilt when any of the package's files changes (the tree holds the whole package, so it never
# runs an older copy of any module); mypyc's C and the compiler's work are redone only for a changed compiled module.
# Where there is no C compiler, `make run` serves the sources and `make test` tests them alone (they say so).
SOURCES  := $(shell find kaflite -type f \( -name '*.py' -o -name '*.html' -o -name '*.css' -o -name '*.js' \)) \
	setup.py pyproject.toml
COMPILED := build/compiled/.built
CAN_COMPILE := $(PY) tools/can_compile.py
SERVE_ARGS := serve --data-dir ./kaflite-data --admin-port 8092

.PHONY: run test compiled lint typecheck codegen codegen-check bench clean

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

# The start's `kaflite serving` line says which build serves (`code=compiled`, or why the sources run).
run: $(RUN_STAMP)
	$(COMPILE)
	@if $(CAN_COMPILE); then $(MAKE) --no-print-directory compiled \
	  && PYTHONPATH=build/compiled exec $(PY) -P -m kaflite $(SERVE_ARGS); \
	else exec $(PY) -m kaflite $(SERVE_ARGS); fi

compiled: $(COMPILED)

$(COMPILED): $(SOURCES) | $(RUN_STAMP)
	rm -rf build/wheel build/compiled build/lib.* build/bdist.*  # (setuptools keeps a deleted module's copy there)
	KAFLITE_COMPILE=1 $(PY) -m pip wheel --quiet --no-deps -w build/wheel .
	$(PY) -m pip install --quiet --no-deps --target build/compiled build/wheel/kaflite-*.whl
	touch $@

# The whole suite on the sources, on two workers (pytest-xdist: most tests wait on clients' timers; tests/conftest.py
# keeps each module, and all of tests/analytics, on one worker); then the compiled modules' tests (tests/protocol,
# tests/storage) again on the compiled build's tree, where a C compiler exists (tests/protocol/test_build.py checks
# which build each run tested).
test: $(STAMP) lint codegen-check
	$(COMPILE)
	$(PY) -m pytest -q --durations=20 -n 2 --dist loadscope
	@if $(CAN_COMPILE); then $(MAKE) --no-print-directory compiled \
	  && KAFLITE_TEST_BUILD=compiled PYTHONPATH=build/compiled $(PY) -P -m pytest -q --import-mode=append \
	     tests/protocol tests/storage; fi

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
