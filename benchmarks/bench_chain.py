"""What the hash chain costs a console's write, and signing and checking a report.

    python benchmarks/bench_chain.py [--n 1500] [--warmup 100] [--postgres-url URL]
                                     [--no-reports] [--json]

The write: one event (a face-off or a stoppage, alternately) recorded
through the service as the console records it
(:meth:`rinkside.services.tournaments.Tournaments.record`: the engine, the
append, the state cache, the webhooks' outbox, the live view, the commit),
timed ``--n`` times with the game's hash chain (:mod:`rinkside.store.chain`)
and ``--n`` times without it, in one process, the two interleaved round by
round (which goes first alternates) so both see the same machine. Each runs
on a store of its own, built the same way: the store without the chain has
the append trigger of before the chain (migration 0021's: no head moved on)
and, while its write is timed, the append of before the chain (no head
read or linked onto, no link computed, the insert naming the version only).
Both games grow alike: round ``i`` writes the same event to each. The
issue's target is the chain's write at most 1.1x the write without it
(medians).

On SQLite (WAL, temporary files) and, when ``RINKSIDE_TEST_POSTGRES_URL``
(or ``--postgres-url``) names a server, on PostgreSQL (schemas of its own,
dropped after).

Then, unless ``--no-reports``: signing one locked game's official report
with a league key (:func:`rinkside.reports.signing.sign_report`, PAdES by
pyHanko) and checking it (:func:`rinkside.reports.signing.check_report`),
``--reports`` times each.

The load average is printed beside the figures: the machine is shared.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sqlalchemy import Engine, Insert, literal_column, select
from sqlalchemy.engine import make_url
from sqlalchemy.sql import Select

from rinkside.rules.events import Event, FaceOff, Stoppage
from rinkside.rules.times import GameTime
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import chain, eventlog, log_statements, models
from rinkside.store.db import make_engine

TARGET: Final = 1.1
POSTGRES_URL_VARIABLE: Final = "RINKSIDE_TEST_POSTGRES_URL"
PER_GAME: Final = 600  # events per game: one a second of a 12:00 period (640(a))
BY: Final = "bench-scorer"
MIGRATIONS: Final = Path(eventlog.__file__).resolve().parent / "migrations" / "versions"


@dataclass(frozen=True)
class Figures:
    median_us: float
    p95_us: float
    mean_us: float


@dataclass(frozen=True)
class Result:
    database: str
    n: int
    unchained: Figures
    chained: Figures
    append_unchained: Figures
    append_chained: Figures
    load: tuple[float, float, float]

    @property
    def ratio(self) -> float:
        """The write with the chain / without it, medians: the figure with the target."""
        return self.chained.median_us / self.unchained.median_us

    @property
    def append_ratio(self) -> float:
        """The store's append alone with the chain / without it, medians."""
        return self.append_chained.median_us / self.append_unchained.median_us

    @property
    def meets_target(self) -> bool:
        return self.ratio <= TARGET


def figures(samples_ns: list[int]) -> Figures:
    ordered = sorted(samples_ns)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return Figures(median_us=statistics.median(ordered) / 1000, p95_us=p95 / 1000,
                   mean_us=statistics.fmean(ordered) / 1000)


def event(i: int) -> Event:
    """The ``i``-th event of a game: a face-off at 12:00, a stoppage a second
    later, a face-off there, ... (637(a): a period starts with a face-off)."""
    if i % 2 == 0:
        return FaceOff(GameTime(1, 12 * 600 - 10 * (i // 2)))
    return Stoppage(GameTime(1, 12 * 600 - 10 * (i // 2 + 1)))


# --------------------------------------------------------------------------- without the chain


def _migration_0022() -> ModuleType:
    """Migration 0022's module, for the trigger of before the chain it puts back."""
    path = MIGRATIONS / "0022_hash_chain.py"
    spec = importlib.util.spec_from_file_location("rinkside_bench_0022", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def unchain_trigger(engine: Engine) -> None:
    """The append trigger of before the chain (migration 0021's), on this store."""
    migration = _migration_0022()
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql(migration._postgresql_function(chained=False))
        else:
            connection.exec_driver_sql(f"DROP TRIGGER {migration.TRIGGER}")
            connection.exec_driver_sql(migration._sqlite_trigger(chained=False))


def _unchained_append(dialect: str) -> Insert:
    """The append of before the chain: the game's next revision from its row
    at the version read, with no chain column and no chain condition."""
    games = log_statements.GAMES
    columns = log_statements.APPEND_COLUMNS[:-2]  # without chain_seq and link
    written = log_statements._written_by()[:-2]
    rows: Select[Any] = select(games.c.id, games.c.version + 1, literal_column("'append'"),
                  games.c.event_count, *written).where(*log_statements._at_expected_version()[:2])
    return log_statements._insert_revision(dialect, columns, rows)


UNCHAINED_APPEND: Final = {dialect: _unchained_append(dialect)
                           for dialect in log_statements.DIALECTS}
NO_HEAD: Final = (0, "", 0)


@contextmanager
def chain_off() -> Iterator[None]:
    """:func:`rinkside.store.eventlog.append` as it was before the chain: no
    head read, no link computed, the insert of before."""
    off: dict[str, Any] = {"APPEND": UNCHAINED_APPEND,
                           "_head": lambda connection, game_id: NO_HEAD,
                           "_link": lambda *args: (0, "")}
    saved = {name: getattr(eventlog, name) for name in off}
    for name, value in off.items():
        setattr(eventlog, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(eventlog, name, value)


# --------------------------------------------------------------------------- the writes


def engine_of(service: Tournaments) -> Engine:
    bind = service.bind
    assert isinstance(bind, Engine)
    return bind


def dispose(service: Tournaments) -> None:
    engine_of(service).dispose()


class Writer:
    """One store's games, written one event at a time through the service."""

    def __init__(self, service: Tournaments, games: int) -> None:
        self.service = service
        tournament = service.create_tournament("Chain Bench Open", None)
        division = service.add_division(tournament, "Open")
        teams = [service.add_team(division, side) for side in ("Home", "Away")]
        for team in teams:
            service.add_player(team, 1, f"Goalie {team}", goalie=True)
            for number in range(2, 12):
                service.add_player(team, number, f"Skater {team}-{number}")
        self.games = [service.add_game(division, teams[0], teams[1]) for _ in range(games)]
        self.game = -1
        self.version = 0
        self.i = PER_GAME

    def next_game(self) -> None:
        """On to a new game, its first event (the rosters dressed) written untimed."""
        self.game += 1
        self.version, _ = self.service.record(self.games[self.game], 0, [event(0)], BY)
        self.i = 1

    def write(self) -> int:
        """One event, timed (nanoseconds)."""
        game, e = self.games[self.game], event(self.i)
        start = time.perf_counter_ns()
        self.version, _ = self.service.record(game, self.version, [e], BY)
        took = time.perf_counter_ns() - start
        self.i += 1
        return took

    def append(self) -> int:
        """One event appended by the store alone (no engine, no service), on
        a connection of its own and committed, timed (nanoseconds): the
        part of the write the chain is in."""
        game, e = self.games[self.game], event(self.i)
        with engine_of(self.service).connect() as connection:
            start = time.perf_counter_ns()
            self.version = eventlog.append(connection, game, self.version, e, BY, commit=True)
            took = time.perf_counter_ns() - start
        self.i += 1
        return took


def run(database: str, chained_url: str, unchained_url: str, n: int, warmup: int) -> Result:
    total = n + warmup
    games = 2 * (total // (PER_GAME - 1) + 2)
    chained = Writer(open_tournaments(chained_url), games)
    unchained_service = open_tournaments(unchained_url)
    unchain_trigger(engine_of(unchained_service))
    unchained = Writer(unchained_service, games)

    def off() -> int:
        with chain_off():
            return unchained.write()

    def off_append() -> int:
        with chain_off():
            return unchained.append()

    samples: dict[str, list[int]] = {name: [] for name in (
        "chained", "unchained", "append_chained", "append_unchained")}
    for round_ in range(2 * total):
        if chained.i >= PER_GAME or round_ == total:  # the appends: games of their own
            chained.next_game()
            with chain_off():
                unchained.next_game()
        pair: list[tuple[str, Callable[[], int]]] = (
            [("chained", chained.write), ("unchained", off)] if round_ < total else
            [("append_chained", chained.append), ("append_unchained", off_append)])
        if round_ % 2:
            pair.reverse()
        for name, write in pair:
            took = write()
            if round_ % total >= warmup:
                samples[name].append(took)
    load = os.getloadavg()
    _measured_what_it_says(chained, unchained)
    for service in (chained.service, unchained.service):
        dispose(service)
    return Result(database, n, figures(samples["unchained"]), figures(samples["chained"]),
                  figures(samples["append_unchained"]), figures(samples["append_chained"]),
                  (round(load[0], 2), round(load[1], 2), round(load[2], 2)))


def _measured_what_it_says(chained: Writer, unchained: Writer) -> None:
    """The chained store's games are whole chains; the other's revisions
    carry no link (its writes were of before the chain)."""
    with chained.service.read() as s:
        for game in chained.games[:chained.game + 1]:
            checked = chain.verify(s, game)
            assert checked is not None and checked.broken is None and checked.length, checked
    with unchained.service.read() as s:
        links = s.scalars(select(models.EventRevision.link)).all()
        assert links and all(link is None for link in links[1:])


def sqlite_result(n: int, warmup: int) -> Result:
    with tempfile.TemporaryDirectory(prefix="rinkside-bench-chain-") as folder:
        return run("SQLite (WAL, synchronous=NORMAL)",
                   f"sqlite:///{Path(folder) / 'chained.sqlite'}",
                   f"sqlite:///{Path(folder) / 'unchained.sqlite'}", n, warmup)


@contextmanager
def postgres_schema(url: str) -> Iterator[str]:
    """A URL working in a new schema of its own; the schema is dropped after."""
    schema = f"rinkside_bench_{uuid.uuid4().hex[:12]}"
    admin = make_engine(url)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        yield make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}
                                              ).render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


def postgres_result(url: str, n: int, warmup: int) -> Result:
    with postgres_schema(url) as chained, postgres_schema(url) as unchained:
        return run("PostgreSQL", chained, unchained, n, warmup)


# --------------------------------------------------------------------------- reports


def report_figures(times: int) -> dict[str, Any]:
    """Signing one locked game's report and checking it, ``times`` each (ms)."""
    from rinkside.reports import signing

    with tempfile.TemporaryDirectory(prefix="rinkside-bench-sign-") as folder:
        keys = Path(folder) / "keys"
        signing.make_key(keys, "Bench League")
        pdf, head = _official_report(Path(folder))
        certificate = signing.league_certificate(keys)
        signed_ms, checked_ms = [], []
        signed = b""
        for _ in range(times):
            start = time.perf_counter()
            signed = signing.sign_report(pdf, keys, game_id=1, chain_head=head)
            signed_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            checked = signing.check_report(signed, certificate)
            checked_ms.append((time.perf_counter() - start) * 1000)
            assert checked.valid, checked
    return {"pdf_bytes": len(pdf), "signed_bytes": len(signed), "times": times,
            "sign_ms_median": round(statistics.median(signed_ms), 1),
            "check_ms_median": round(statistics.median(checked_ms), 1),
            "load": [round(x, 2) for x in os.getloadavg()]}


def _official_report(folder: Path) -> tuple[bytes, str]:
    """A game's official report PDF (40 events), as the league renders it
    to sign, and its chain head."""
    from rinkside.reports.game_report import build_report
    from rinkside.reports.pdf import render_pdf

    service = open_tournaments(f"sqlite:///{folder / 'report.sqlite'}")
    writer = Writer(service, 1)
    writer.next_game()
    for _ in range(40):
        writer.write()
    made = build_report(service, writer.games[0])
    pdf: bytes = render_pdf(made)
    dispose(service)
    return pdf, made.chain_head


# --------------------------------------------------------------------------- main


def text(result: Result) -> str:
    verdict = "meets" if result.meets_target else "MISSES"
    load = " ".join(f"{x:.2f}" for x in result.load)
    lines = [(f"{result.database}: {result.n} writes of one event each way, interleaved "
              f"(load average {load})"),
             f"  {'':<22}{'median':>10}{'p95':>10}{'mean':>10}   (microseconds per write)"]
    for name, fig in (("without the chain", result.unchained),
                      ("with the chain", result.chained)):
        lines.append(f"  {name:<22}{fig.median_us:>10.1f}{fig.p95_us:>10.1f}"
                     f"{fig.mean_us:>10.1f}")
    lines.append(f"  with / without = {result.ratio:.3f}x (target <= {TARGET}x: {verdict})")
    lines.append("  the store's append alone (eventlog.append, committed), interleaved as well:")
    for name, fig in (("without the chain", result.append_unchained),
                      ("with the chain", result.append_chained)):
        lines.append(f"  {name:<22}{fig.median_us:>10.1f}{fig.p95_us:>10.1f}"
                     f"{fig.mean_us:>10.1f}")
    lines.append(f"  with / without = {result.append_ratio:.3f}x")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=1500, help="timed writes each way")
    parser.add_argument("--warmup", type=int, default=100, help="untimed writes first")
    parser.add_argument("--postgres-url", default=os.environ.get(POSTGRES_URL_VARIABLE, ""),
                        help=f"PostgreSQL to measure too (default: ${POSTGRES_URL_VARIABLE})")
    parser.add_argument("--reports", type=int, default=20, help="reports signed and checked")
    parser.add_argument("--no-reports", action="store_true", help="time the writes only")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    results = [sqlite_result(args.n, args.warmup)]
    if args.postgres_url:
        results.append(postgres_result(args.postgres_url, args.n, args.warmup))
    reports = None if args.no_reports else report_figures(args.reports)
    if args.json:
        print(json.dumps({"writes": [asdict(r) | {"ratio": r.ratio,
                                                  "append_ratio": r.append_ratio,
                                                  "meets_target": r.meets_target}
                                     for r in results], "reports": reports}, indent=2))
    else:
        print("\n\n".join(text(r) for r in results))
        if not args.postgres_url:
            print(f"\n(PostgreSQL not measured: set {POSTGRES_URL_VARIABLE} or --postgres-url)")
        if reports is not None:
            print(f"\nA report ({reports['pdf_bytes']} bytes) signed (PAdES) in "
                  f"{reports['sign_ms_median']} ms, checked in {reports['check_ms_median']} "
                  f"ms (medians of {reports['times']}; load average "
                  f"{' '.join(str(x) for x in reports['load'])})")
    return 0 if all(r.meets_target for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
