# rinkside: `make run` sets up and runs it; `make test` sets up and runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
SHARED ?= ../shared
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck unit conformance bench bench-store postgres clean

# The store's tests also run on PostgreSQL when RINKSIDE_TEST_POSTGRES_URL
# names a server (`make test` passes it on; without it those variants are
# skipped, and under CI=true they fail). `make postgres` starts a local
# server (as root, or with sudo) and prints the URL:
#   export RINKSIDE_TEST_POSTGRES_URL="$$(make -s postgres)"
export RINKSIDE_TEST_POSTGRES_URL

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -c requirements.lock -e '.[dev]'
	touch $(STAMP)

# Until the tournament server lands: the public rule-book scenarios, then a
# simulated game replayed through the engine.
run: $(STAMP)
	$(BIN)/rinkside conformance $(SHARED)/conformance/public
	$(BIN)/rinkside simulate --games 1 --seed 7 --out out/demo
	$(BIN)/rinkside replay out/demo/$$(ls out/demo | head -n 1)

test: $(STAMP) lint typecheck unit conformance

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy src/rinkside

unit: $(STAMP)
	$(BIN)/python -m pytest

conformance: $(STAMP)
	@if [ -d $(SHARED)/conformance/public ]; then \
		$(BIN)/rinkside conformance $(SHARED)/conformance/public; \
	else echo "no $(SHARED)/conformance/public here; skipped"; fi

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_engine.py

# Appending one event against a bare one-row commit (SQLite; PostgreSQL too
# when RINKSIDE_TEST_POSTGRES_URL is set).
bench-store: $(STAMP)
	$(BIN)/python benchmarks/bench_store.py

postgres:
	@scripts/postgres-up.sh

clean:
	rm -rf $(VENV) out .pytest_cache .mypy_cache .ruff_cache .hypothesis
