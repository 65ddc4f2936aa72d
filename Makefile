# MemoryHub: `make run` to use it, `make test` to test it. Both need only Python 3.11+ and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
PORT ?= 8000

.PHONY: run test lint format lock stop migrate clean-var

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "MemoryHub needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)

# Installs come from the lock files: every package, transitive ones too, pinned with its hashes.
# requirements.txt and requirements-dev.txt name what we chose; `make lock` resolves them again.
$(VENV)/.runtime-installed: requirements.lock | $(BIN)/python
	$(PIP) --require-hashes -r requirements.lock
	touch $@

# The Python client in clients/python is a local folder, which hash-checking refuses: it installs
# in a step of its own, editable (the tests use the checkout's code), built by the locked flit-core.
$(VENV)/.dev-installed: requirements.lock requirements-dev.lock | $(BIN)/python
	$(PIP) --require-hashes -r requirements-dev.lock
	$(PIP) --no-deps --no-build-isolation --editable ./clients/python
	touch $@ $(VENV)/.runtime-installed

migrate: $(VENV)/.runtime-installed
	$(BIN)/python manage.py migrate --noinput

# Logs as plain text here; JSON (the production default) with `make run MEMORYHUB_LOG_FORMAT=json`.
MEMORYHUB_LOG_FORMAT ?= plain
run: export MEMORYHUB_LOG_FORMAT := $(MEMORYHUB_LOG_FORMAT)
# Migrate, seed the demo (idempotent), load the embedding model (its integer-kernel copy is built
# once per machine), empty the metrics folder of stopped processes, then web + worker + beat
# together under honcho.
run: migrate
	$(BIN)/python manage.py seed_demo
	$(BIN)/python manage.py prepare_embeddings
	$(BIN)/python manage.py metrics_reset
	@echo ""
	@echo "MemoryHub is starting at http://127.0.0.1:$(PORT)/ : log in as 'demo' (passwords: var/demo_logins.txt)"
	@echo "to chat and see your data;"
	@echo "'moderator' moderates the demo community at http://127.0.0.1:$(PORT)/moderation/;"
	@echo "staff ('admin') have the Django admin at http://127.0.0.1:$(PORT)/admin/"
	@echo "Press Ctrl-C to stop web, worker and beat. 'make stop' also stops the embedded database."
	@echo ""
	$(BIN)/honcho start -f Procfile --port $(PORT)

# The suite over TEST_PROCESSES pytest-xdist processes (a test database each), a test file per
# process at a time: a file's module fixtures (a worker, a fake LLM server) start once. The files
# start in the order tests/conftest.py gives them, the slowest first (SLOW_FILES). Three on 2 cores:
# many tests wait for a child process (a worker, a server, a browser), and a third keeps the cores
# busy meanwhile (docs: CONTRIBUTING.md).
TEST_PROCESSES ?= 3
test: $(VENV)/.dev-installed
	$(BIN)/pytest -n $(TEST_PROCESSES) --dist loadfile --no-loadscope-reorder

# Resolve requirements.txt and requirements-dev.txt again into the lock files, keeping the locked
# versions that still fit (`make lock LOCK_FLAGS=--upgrade` takes the newest that do); the dev lock
# keeps the runtime lock's versions. Run it after changing a pin, and commit the files together.
LOCK_FLAGS ?=
LOCK := $(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url \
	--no-emit-find-links $(LOCK_FLAGS)
lock: $(VENV)/.dev-installed
	$(LOCK) -o requirements.lock requirements.txt
	$(LOCK) -c requirements.lock -o requirements-dev.lock requirements-dev.txt

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .

format: $(VENV)/.dev-installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Stop the embedded PostgreSQL (it outlives `make run` so that tests and commands can share it); the one
# in MEMORYHUB_VAR_DIR when that is set, as `make run` used it.
stop:
	$(BIN)/python -c 'import os, pathlib; from memoryhub.embedded import embedded_database_stop as stop; print("stopped" if stop(var_dir=pathlib.Path(os.environ.get("MEMORYHUB_VAR_DIR", "var"))) else "not running")'
