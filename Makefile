# Two commands do all the set-up on a fresh machine:
#   make run   - install warjudge in .venv and start the play server (SQLite; prints its URL)
#   make test  - install warjudge with its test extras in .venv, lint (ruff's pyflakes checks), type-check (mypy --strict,
#                as pyproject.toml sets it) and run the whole suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test bench clean postgres chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

run: $(BIN)/python
	$(BIN)/pip install --quiet -e .
	$(BIN)/warjudge serve

test: $(BIN)/python postgres chromium
	$(BIN)/pip install --quiet -e '.[test]'
	$(BIN)/python -m ruff check --quiet src tests benchmarks
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -n auto --durations=30   # one worker per core (pytest-xdist); the slowest named, to keep CI short

# The play server's tests also run on a real PostgreSQL server (tests/server/postgres.py
# starts a throwaway one): Debian's postgresql package, installed here if it is missing.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 && ! command -v pg_ctl >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else echo "PostgreSQL is missing and only root can install it: its server tests will be skipped"; fi; \
	fi

# The browser tests (tests/server/web/test_browser_*.py) drive Debian's chromium with
# Playwright (Playwright's own browser download is not used): installed here if missing.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium is missing and only root can install it: the browser tests will be skipped"; fi; \
	fi

# The adjudication benchmark compares warjudge with the `diplomacy` package (MILA);
# it uses its own environment because that package pins old dependencies.
bench: $(BIN)/python
	$(BIN)/pip install --quiet -e .
	$(PYTHON) -m venv .venv-bench
	.venv-bench/bin/pip install --quiet -e '.[bench]'
	.venv-bench/bin/python benchmarks/adjudication.py

clean:
	rm -rf $(VENV) .venv-bench build src/*.egg-info
