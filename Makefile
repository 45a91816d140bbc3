# rinkside: `make run` sets up and runs it; `make test` sets up and runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
SHARED ?= ../shared
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck unit conformance bench clean

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

clean:
	rm -rf $(VENV) out .pytest_cache .mypy_cache .ruff_cache .hypothesis
