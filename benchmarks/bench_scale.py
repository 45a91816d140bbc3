"""What a season's size costs: a game's first write, the desk's and the public
pages, and a cold recompute, on stores of 100, 1,000 and 5,000 played games.

    python benchmarks/bench_scale.py [--sizes 100,1000,5000] [--rounds 5] [--seed 7] [--json]

One SQLite store grows from size to size, laid out as a league's season
(:class:`League`: the divisions one after another, a day's games bounded
by its four rinks, so a larger store is a longer season, not busier days;
the pages' today a full day of finished games; each team a manager and a
coach who log in). The builder is linear: a division's teams, rosters,
team officials and schedule through the service, its starts
moved to the season's slots in one bulk update, its games' events appended
in one transaction a division with :func:`rinkside.store.eventlog.append`
and their states stored in one statement, never game by game through a
console's write. At each size, in ``--rounds`` interleaved rounds (medians):

- first write: :meth:`Tournaments.record` of a game's opening face-off (the
  write that dresses its rosters), by a long-lived warmed service as the
  app's, on a copy of the store (:class:`FirstWrites`: the store the pages
  read keeps no game begun by the bench), beside a bare ``sqlite3`` commit
  with the store's pragmas;
- every page (public: home, schedule, suspensions, the tournament, a
  division's standings and statistics; desk: the tournament, its schedule,
  people, discipline and teams) through the app's test client, logged in as
  the director, beside a bare FastAPI page over the same client; its bytes;
- cold recompute: every division's view from the store with no stored state
  (a new service: each log read and replayed, each state stored).

Each figure is given with its ratio to its floor and its growth against the
smallest size (target: within 1.5x; first write <= 50 ms, pages <= 300 ms
and <= 1 MB at 5,000 games), and the machine's load.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from argon2 import PasswordHasher
from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.testclient import TestClient
from sqlalchemy import delete, select, update

from rinkside.rules.events import FaceOff
from rinkside.rules.game import replay
from rinkside.rules.state import GameState
from rinkside.rules.times import GameTime
from rinkside.services import state_cache, users
from rinkside.services.replay import setup_of
from rinkside.services.tournaments import Tournaments
from rinkside.simulate import play_game
from rinkside.store import eventlog
from rinkside.store.db import make_engine, migrate, session_factory
from rinkside.store.models import Division, Game, GameStateCache
from rinkside.web import auth
from rinkside.web.app import create_app

TEAMS_PER_DIVISION = 16
TEAM_ROLES = ("manager", "coach")  # each team's two team officials, users
SEASON_START = datetime(2026, 9, 5, 8, tzinfo=UTC)
RINKS = ("A", "B", "C", "D")
SLOT_MINUTES = 40
SLOTS_PER_DAY = 12  # 08:00 to 16:00: at most 48 games a day at every size
UNPLAYED_PER_DIVISION = 8  # games left for the first writes
GROWTH_TARGET = 1.5
PRAGMAS = ("journal_mode=WAL", "foreign_keys=ON", "synchronous=NORMAL")  # the store's
PASSWORD = "bench-scale-director-pw-30"


class League:
    """A league's season (or a big festival) grown division by division to a
    number of played games, laid out as a season is: each day's games bounded
    by its rinks.

    The season's days run from :data:`SEASON_START`, each with
    :data:`SLOTS_PER_DAY` slots of :data:`SLOT_MINUTES` on the
    :data:`RINKS`; the divisions play one after another, each taking the
    next free slots (its round robin keeps a team to one game a slot, each
    game of a slot on its own rink). So no rink is booked twice and no day
    holds more than ``len(RINKS) * SLOTS_PER_DAY`` games at any size: a
    larger store is a longer season, not busier days. Today's date (the
    app's clock, :meth:`today`) is the last day whose every game is played,
    a full day of finished games at every size; the games left for the
    first writes are each division's last few (postponed games).

    Why this is fair and not flattering: the pages still read a store
    holding the whole season (every game, log and state, the teams and
    rosters of every division, one tournament), and nothing is indexed or
    cached for the benchmark; a day bounded by its rinks is what a real
    league or festival has (the old builder started each division a day
    after the last on the same four rinks, so a day held more games the
    larger the store, which no real schedule can). Each size's page has as
    much to show for its day; what grows is what the page must not read.

    Linear: a division's schedule is written through the service, its
    starts moved to their slots in one bulk update, its games' events
    appended and states stored in one transaction."""

    def __init__(self, sessions: Any, seed: int) -> None:
        self.sessions = sessions
        self.service = Tournaments(sessions)
        self.rng = random.Random(seed)
        self.tournament_id = self.service.create_tournament(
            "Scale League", SEASON_START.date(), {"overtime": "shootout"})
        self.divisions: list[int] = []
        self.unplayed: list[int] = []
        self.played = 0
        self.slots_used = 0  # the season's slots taken by the divisions so far
        self.played_on: dict[date, list[int]] = {}  # a day's games: [played, scheduled]

    def _when(self, slot: int) -> datetime:
        """The start of the season's ``slot`` (counted over its days)."""
        day, in_day = divmod(slot, SLOTS_PER_DAY)
        return SEASON_START + timedelta(days=day, minutes=in_day * SLOT_MINUTES)

    def today(self) -> datetime:
        """Noon of the last day whose every game is played (the pages'
        today): a full day of finished games at every size."""
        full = max(day for day, (played, scheduled) in self.played_on.items()
                   if played == scheduled)
        return datetime(full.year, full.month, full.day, 12, tzinfo=UTC)

    def _division(self) -> list[int]:
        service = self.service
        did = service.add_division(self.tournament_id, f"Division {len(self.divisions) + 1}")
        self.divisions.append(did)
        for t in range(TEAMS_PER_DIVISION):
            team = service.add_team(did, f"D{did} Team {t + 1}")
            who = f"D{did}T{t + 1}"  # each player his own name (Rule 410(c): a name is a person)
            players: list[dict[str, Any]] = [
                {"number": 1, "name": f"{who} Goalie One", "goalie": True},
                {"number": 30, "name": f"{who} Goalie Two", "goalie": True}]
            players += [{"number": n, "name": f"{who} Skater {n}",
                         "captain": "C" if n == 2 else "A" if n in (3, 4) else None}
                        for n in range(2, 14)]
            service.set_roster(team, players)
            for role in TEAM_ROLES:  # its manager and coach, each a user (Section II)
                users.create_user(service, f"d{did}t{t + 1}{role}", PASSWORD, role,
                                  teams=[team], full_name=f"{who} {role.title()}")
        # The round robin in consecutive slots from SEASON_START, each then
        # moved to the season's next free slot of the same place.
        ids = service.generate_round_robin(did, start=SEASON_START, slot_minutes=SLOT_MINUTES,
                                           rinks=RINKS, rounds=2)
        with self.sessions.begin() as s:
            starts = s.execute(select(Game.id, Game.start).where(Game.division_id == did)).all()
            moved = []
            last = 0
            for game_id, start in starts:
                slot = int((start.replace(tzinfo=UTC) - SEASON_START).total_seconds()
                           // (SLOT_MINUTES * 60))
                last = max(last, slot)
                moved.append({"id": game_id, "start": self._when(self.slots_used + slot)})
                self.played_on.setdefault(moved[-1]["start"].date(), [0, 0])[1] += 1
            s.execute(update(Game), moved)
        self.slots_used += last + 1
        return ids

    def grow(self, played: int) -> float:
        """Played games up to ``played``; the seconds it took."""
        began = time.perf_counter()
        while self.played < played:
            with hashed_once():
                ids = self._division()
            playing = ids[:len(ids) - UNPLAYED_PER_DIVISION][:played - self.played]
            self.unplayed += ids[len(playing):]
            self._play(playing)
        return time.perf_counter() - began

    def _play(self, game_ids: list[int]) -> None:
        """Each game's simulated events appended and its state stored, the
        division's games in one transaction."""
        states: dict[int, tuple[int, GameState]] = {}
        with self.sessions.begin() as s:
            for game_id in game_ids:
                game = s.get(Game, game_id)
                setup = setup_of(s, game)
                events = play_game(self.rng, setup)
                version = 0
                for event in events:
                    version = eventlog.append(s, game_id, version, event, "bench")
                states[game_id] = (version, replay(setup, events))
                assert game.start is not None
                self.played_on[game.start.astimezone(UTC).date()][0] += 1
            state_cache.store_many(s, states)
        self.played += len(game_ids)


@contextmanager
def hashed_once() -> Iterator[None]:
    """argon2 works out the team officials' one password once (each hash
    costs 0.2 s of CPU by design: 700 of them would be most of the build);
    each user still stores a real argon2 hash of it."""
    hashes: dict[str, str] = {}
    original = PasswordHasher.hash

    def once(hasher: PasswordHasher, password: str | bytes, *, salt: bytes | None = None
             ) -> str:
        key = password if isinstance(password, str) else password.decode()
        if key not in hashes:
            hashes[key] = original(hasher, password, salt=salt)
        return hashes[key]

    PasswordHasher.hash = once  # type: ignore[method-assign]
    try:
        yield
    finally:
        PasswordHasher.hash = original  # type: ignore[method-assign]


def bare_sqlite(folder: Path) -> tuple[sqlite3.Connection, Callable[[], None]]:
    """The floor of a write: a bare ``sqlite3`` connection with the store's
    :data:`PRAGMAS` in ``folder``, and one commit of an event's row on it."""
    connection = sqlite3.connect(folder / "bare.sqlite", isolation_level=None)
    for pragma in PRAGMAS:
        connection.execute(f"PRAGMA {pragma}")
    connection.execute("CREATE TABLE IF NOT EXISTS bare_rows (id INTEGER PRIMARY KEY, "
                       "payload TEXT)")

    def commit() -> None:
        connection.execute("BEGIN")
        connection.execute("INSERT INTO bare_rows (payload) VALUES (?)",
                           ('{"type": "faceoff", "at": "1 12:00"}',))
        connection.execute("COMMIT")

    return connection, commit


def bare_app() -> TestClient:
    app = FastAPI()
    page = "<!doctype html><title>floor</title><p>" + "x" * 2000

    @app.get("/floor", response_class=HTMLResponse)
    def floor() -> str:
        return page

    return TestClient(app)


def pages(league: League) -> dict[str, str]:
    tid, did = league.tournament_id, league.divisions[0]
    return {
        "public home": "/",
        "public schedule": "/schedule",
        "public suspensions": "/suspensions",
        "public tournament": f"/tournaments/{tid}",
        "public standings": f"/divisions/{did}/standings",
        "public stats": f"/divisions/{did}/stats",
        "desk tournament": f"/desk/tournaments/{tid}",
        "desk schedule": f"/desk/tournaments/{tid}/schedule",
        "desk people": f"/desk/tournaments/{tid}/people",
        "desk discipline": f"/desk/tournaments/{tid}/discipline",
        "desk teams": f"/desk/tournaments/{tid}/teams",
    }


def timed(operation: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    out = operation()
    return time.perf_counter() - started, out


class FirstWrites:
    """A game's first write measured on a copy of the store (SQLite's backup
    of it, as it is at this size), by a long-lived service warmed by one
    first write there, as the app's is: each measured write begins a game
    of the copy, so the store the pages read is left as it was found, and
    every size and round measures the same thing (the games begun by the
    old bench stayed in play, one more at each round, and the pages showed
    them). The games written are the league's last not begun, the same at
    every size's copy."""

    def __init__(self, league: League, store: Path, copy: Path, rounds: int) -> None:
        copy.unlink(missing_ok=True)
        source, target = sqlite3.connect(store), sqlite3.connect(copy)
        with target:
            source.backup(target)
        source.close()
        target.close()
        self.engine = make_engine(f"sqlite:///{copy}")
        self.service = Tournaments(session_factory(self.engine))
        self.games = list(league.unplayed[-(rounds + 1):])
        if len(self.games) < rounds + 1:
            raise SystemExit(f"{len(self.games)} games not begun, {rounds + 1} needed")
        self.write()  # warm: the service's first write, its statements

    def write(self) -> None:
        """The next game's opening face-off (the write that dresses its rosters)."""
        self.service.record(
            self.games.pop(), 0,
            lambda settings: [FaceOff(GameTime(1, settings.period_length))], by="bench")

    def close(self) -> None:
        self.engine.dispose()


def measure(league: League, app_service: Tournaments, client: TestClient, floor: TestClient,
            commit: Callable[[], None], rounds: int, store: Path) -> dict[str, Any]:
    samples: dict[str, list[float]] = {}
    sizes: dict[str, int] = {}

    def sample(name: str, seconds: float) -> None:
        samples.setdefault(name, []).append(seconds)

    today_ms = int(league.today().timestamp() * 1000)
    app_service.use_clock(lambda: today_ms)  # the pages' today: the last played day
    urls = pages(league)
    for url in urls.values():  # warm: the app's first answers
        client.get(url)
    writes = FirstWrites(league, store, store.with_name("first-writes.sqlite"), rounds)
    writes.service.use_clock(lambda: today_ms)
    for _ in range(rounds):
        sample("bare commit", timed(commit)[0])
        sample("first write", timed(writes.write)[0])
        for name, url in urls.items():
            sample("bare page", timed(lambda: floor.get("/floor"))[0])
            seconds, response = timed(lambda url=url: client.get(url))
            if response.status_code != 200:
                raise SystemExit(f"{name} ({url}): {response.status_code}")
            sample(name, seconds)
            sizes[name] = len(response.content)
    writes.close()
    with league.sessions.begin() as s:
        s.execute(delete(GameStateCache))
    recompute_service = Tournaments(league.sessions)
    sample("cold recompute", timed(
        lambda: [recompute_service.division_view(d) for d in league.divisions])[0])
    medians = {name: statistics.median(t) for name, t in samples.items()}
    return {"medians_s": medians, "bytes": sizes,
            "load": " ".join(Path("/proc/loadavg").read_text().split()[:3])}


def report(results: dict[int, dict[str, Any]]) -> str:
    sizes = sorted(results)
    smallest = results[sizes[0]]["medians_s"]
    names = [n for n in results[sizes[0]]["medians_s"] if n not in ("bare commit", "bare page")]
    lines = []
    for size in sizes:
        r = results[size]
        lines.append(f"{size} played games: load {r['load']}; bare commit "
                     f"{r['medians_s']['bare commit'] * 1e3:.2f} ms, bare page "
                     f"{r['medians_s']['bare page'] * 1e3:.2f} ms")
    head = f"{'':<20}" + "".join(f"{f'{n} ms':>11}{'/floor':>8}{'KB':>7}" for n in sizes)
    lines += ["", head + f"{'growth':>9}"]
    for name in names:
        floor = "bare commit" if name == "first write" else \
            None if name == "cold recompute" else "bare page"
        row = f"{name:<20}"
        for size in sizes:
            m = results[size]["medians_s"]
            ratio = f"{m[name] / m[floor]:>7.1f}x" if floor else f"{'':>8}"
            kb = results[size]["bytes"].get(name)
            row += f"{m[name] * 1e3:>11.1f}{ratio}{(kb or 0) / 1024:>7.0f}"
        growth = results[sizes[-1]]["medians_s"][name] / smallest[name]
        if name == "cold recompute":
            growth /= sizes[-1] / sizes[0]  # per game
        mark = "" if growth <= GROWTH_TARGET else "  (over 1.5x)"
        lines.append(row + f"{growth:>8.2f}x{mark}")
    lines.append(f"\ngrowth: the largest size's median over the smallest's (the cold "
                 f"recompute's per game); target within {GROWTH_TARGET}x")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,5000")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sizes = sorted(int(n) for n in args.sizes.split(","))
    results: dict[int, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="rinkside-scale-") as scratch:
        folder = Path(scratch)
        engine = make_engine(f"sqlite:///{folder / 'league.sqlite'}")
        migrate(engine)
        sessions = session_factory(engine)
        league = League(sessions, args.seed)
        app_service = Tournaments(sessions)
        users.create_user(app_service, "director", PASSWORD, "director")
        app = create_app(app_service)
        bare, commit = bare_sqlite(folder)
        floor = bare_app()
        with TestClient(app) as client:
            client.get("/login")
            client.post("/login", data={"username": "director", "password": PASSWORD,
                                        "csrf_token": client.cookies.get(auth.CSRF_COOKIE) or ""},
                        follow_redirects=False)
            for size in sizes:
                built = league.grow(size)
                print(f"built {size} played games ({built:.0f} s so far this size)",
                      file=sys.stderr)
                results[size] = measure(league, app_service, client, floor, commit,
                                        args.rounds, folder / "league.sqlite")
                results[size]["built_s"] = round(built, 1)
        with sessions() as s:
            assert s.scalar(select(Division.id).limit(1)) is not None
        bare.close()
        engine.dispose()
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(report(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
