# rinkside: `make run` sets up and runs it; `make test` sets up and runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
SHARED ?= ../shared
STAMP  := $(VENV)/.installed

.PHONY: run test system-deps lint importlint typecheck unit conformance rule-coverage bench bench-store bench-chain bench-tournament bench-instructions bench-scale bench-live bench-schedule soak postgres clean

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

# The demo tournament in rinkside.sqlite (built once), then the server on
# http://127.0.0.1:8000 (`rinkside serve --lan` to reach it from the rink's LAN).
run: $(STAMP)
	@scripts/browser-deps.sh --fonts
	@test -f rinkside.sqlite || $(BIN)/rinkside demo
	$(BIN)/rinkside standings
	$(BIN)/rinkside serve

# The static checks run beside the tests (their outputs kept apart, each
# printed whole when it ends): pytest's two workers leave a core idle while
# the browser tests, one group, run last.
test: $(STAMP) system-deps
	@$(MAKE) --no-print-directory -j4 --output-sync=target lint importlint typecheck unit
	@$(MAKE) --no-print-directory conformance

# Debian's chromium (browser tests), poppler-utils (report PDF to PNG) and the
# DejaVu fonts (every PDF's font), if missing.
system-deps:
	@scripts/browser-deps.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

# The layers (pyproject's [tool.importlinter]): the rules core imports nothing
# of the project, the store nothing above it, and only the application layer
# (rinkside.services) imports the store or SQLAlchemy.
importlint: $(STAMP)
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy src/rinkside

# pytest-xdist's workers: one per core of the usual machine (2); JOBS=0
# runs every test in this one process. The browser tests are one group, run
# last by one worker (tests/conftest.py).
JOBS ?= 2

# The timing tests (a key to every display stopped within 0.2 s) run after
# the parallel run, alone: a second worker's browser would measure the
# machine, not rinkside.
unit: $(STAMP)
	$(BIN)/python -m pytest -n $(JOBS) --dist loadgroup -m "not timing"
	$(BIN)/python -m pytest -m timing

conformance: $(STAMP)
	@if [ -d $(SHARED)/conformance/public ]; then \
		$(BIN)/rinkside conformance $(SHARED)/conformance/public \
			$$([ -d $(SHARED)/conformance/public-second-edition ] && \
			   echo $(SHARED)/conformance/public-second-edition) tests/conformance_second_edition; \
	else $(BIN)/rinkside conformance tests/conformance_second_edition; fi

# docs/rule-coverage.md, generated from the code and the tests (rinkside.book);
# tests/book/test_rule_coverage.py fails when it is not current.
rule-coverage: $(STAMP)
	$(BIN)/rinkside rules --markdown > docs/rule-coverage.md

# Decode and fold, each against its own floor (an orjson-only decode; a bare
# singledispatch fold over the same decoded events); INSTRUCTIONS=40 also
# counts 40 games' instructions under callgrind (minutes).
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_engine.py $(if $(INSTRUCTIONS),--instructions $(INSTRUCTIONS))

# A service write of one event (Tournaments.record) and the append within it,
# against a bare one-row commit of the database's own driver (SQLite's sqlite3
# with the store's pragmas; psycopg too when RINKSIDE_TEST_POSTGRES_URL is set).
bench-store: $(STAMP)
	$(BIN)/python benchmarks/bench_store.py

# The hash chain's cost on a console's write (a whole service write of one
# event with the chain and without it, interleaved; target 1.1x), and signing
# and checking one report (PostgreSQL too when RINKSIDE_TEST_POSTGRES_URL is set).
bench-chain: $(STAMP)
	$(BIN)/python benchmarks/bench_chain.py

# Standings and statistics of a 1,000-game tournament computed from the store
# (`KEEP=folder` keeps the built tournament there and measures it again next time).
bench-tournament: $(STAMP)
	$(BIN)/python benchmarks/bench_tournament.py $(if $(KEEP),--keep $(KEEP))

# The same three figures in instructions (valgrind's callgrind), which the
# machine's load does not move: about ten minutes (KEEP as for bench-tournament).
bench-instructions: $(STAMP)
	$(BIN)/python benchmarks/bench_instructions.py $(if $(KEEP),--keep $(KEEP))

# A game's first write, the desk's and the public pages and a cold recompute
# on stores of 100, 1,000 and 5,000 played games (SIZES=100,1000 for fewer),
# each beside its floor, with the growth from the smallest size.
bench-scale: $(STAMP)
	$(BIN)/python benchmarks/bench_scale.py $(if $(SIZES),--sizes $(SIZES))

# The schedule solver: 64 teams, 8 divisions, 4 rinks, 2 days, under 5 s (CP-SAT);
# then the hard instance (90% of the slots, 8 games fixed, 20 blackouts, 18
# wishes, 10 players on two teams, 16 officials with hours): first feasible in
# 10 s, the gap to the bound, the greedy's objective beside the solver's.
bench-schedule: $(STAMP)
	$(BIN)/python benchmarks/bench_schedule.py
	$(BIN)/python benchmarks/bench_schedule_hard.py

# Live updates to 1,000 scoreboards of one game over the real server
# (`make bench-live CLIENTS=10000` for ten thousand; `WORKERS=1,2` one pass
# per count of server processes, above 1 on RINKSIDE_TEST_POSTGRES_URL), each
# pass beside a bare ASGI fan-out's in the same run (the floor, with ratios).
bench-live: $(STAMP)
	$(BIN)/python benchmarks/bench_live.py --clients $(or $(CLIENTS),1000) --gc-freeze \
		--workers $(or $(WORKERS),1)

# SIGKILL the server at random moments during a scorer's writes, KILLS times
# (default 40) on SQLite, and on PostgreSQL when RINKSIDE_TEST_POSTGRES_URL is
# set: acknowledged vs stored events, and any half-written game. Not a test.
soak: $(STAMP)
	$(BIN)/python benchmarks/soak.py --kills $(or $(KILLS),40) \
		$(if $(SCENARIO),--scenario $(SCENARIO)) $(if $(KILL),--kill $(KILL))

postgres:
	@scripts/postgres-up.sh

clean:
	rm -rf $(VENV) out .pytest_cache .mypy_cache .ruff_cache .import_linter_cache .hypothesis rinkside.sqlite*
