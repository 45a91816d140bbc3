"""The small tournament the sync and the several-workers tests play on (no
tests here): one division, two teams of a goalie and ten skaters each; and
what the sync tests (``tests/sync/``, whose conftest starts the league
server and gives the laptop's store) do with the rink laptop's store and
commands."""

from __future__ import annotations

import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from gamekit import t
from sqlalchemy import select
from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.rules.events import Forfeit
from rinkside.services import officiating, sync_local, users
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import Tournaments
from rinkside.store import chain, codec, eventlog, models

SKATERS = list(range(2, 12))


def two_teams(service: Tournaments, name: str) -> tuple[int, int, list[int]]:
    """A tournament ``name``: its id, its division's, and the two teams' ids."""
    tournament = service.create_tournament(name, None)
    division = service.add_division(tournament, "Open")
    teams = [service.add_team(division, side) for side in ("Home", "Away")]
    for team in teams:
        service.add_player(team, 1, f"Goalie {team}", goalie=True)
        for number in SKATERS:
            service.add_player(team, number, f"Skater {team}-{number}")
    return tournament, division, teams


@dataclass
class League:
    service: Tournaments
    db: str  # its store's URL
    url: str
    tournament: int
    north: list[int]  # the games at rink North
    south: int  # a game at rink South
    token: str
    credentials: dict[str, str]  # each official's secret for North's laptop


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def now() -> datetime:
    return datetime(2026, 12, 5, 9, 0, tzinfo=UTC)


def pull(league: League, laptop: str) -> None:
    """``rinkside sync pull`` on the laptop, then each official with a
    credential signs in there (so the laptop can prove their acts)."""
    pull_only(league, laptop)
    rink = open_tournaments(laptop)
    for who, secret in league.credentials.items():
        sign_in(rink, who, secret)


def pull_only(league: League, laptop: str) -> None:
    """``rinkside sync pull`` on the laptop."""
    result = CliRunner().invoke(app, ["sync", "pull", league.url, "--rink", "North",
                                      "--token", league.token, "--db", laptop])
    assert result.exit_code == 0, result.output


def sign_in(rink: Tournaments, username: str, secret: str) -> None:
    """What the login page does on the laptop: the credential checked against
    its hash, the key it gives kept."""
    user_id = users.authenticate(rink, username, secret)
    assert user_id is not None, f"{username} cannot log in on the laptop"
    assert sync_local.keep_key(rink, user_id, secret)


def push(laptop: str, url: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["sync", "push", *([url] if url else []), "--db", laptop])
    return result.exit_code, result.output


def score(service: Tournaments, game: int, *events: object) -> int:
    version, _ = service.game_state(game)
    version, _ = service.record(game, version, list(events), by="scorer")  # type: ignore[arg-type]
    return version


def log_of(service: Tournaments, game: int) -> list[tuple[int, str, dict[str, object] | None]]:
    with service.read() as s:
        return [(r.revision, r.op, r.payload) for r in s.scalars(
            select(models.EventRevision).where(models.EventRevision.game_id == game)
            .order_by(models.EventRevision.revision))]


def forfeited(service: Tournaments, game: int) -> int:
    """The game over: the away team did not appear (Rule 634(d)); its version."""
    return score(service, game, Forfeit(t("1 12:00"), "away", "did not appear"))


def signed_at_the_rink(rink: Tournaments, game: int) -> int:
    """The game over on the laptop and signed there by its one referee, which
    locks it (Rule 616(a): the referees sign after the game); its version."""
    version = forfeited(rink, game)
    officiating.sign(rink, game, "ref")
    return version


def linked(service: Tournaments, game: int, entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` (a revision, a signature or a written report as the sync API
    takes it) with the place and link the league's hash chain gives it next,
    as a laptop that pulled the league's record sends it (issue 29: a push
    carries its chain, services/sync_chain.py)."""
    at = datetime.fromisoformat(entry["at"])
    with service.read() as s:
        found = chain.head(s, game)
        assert found is not None, game
        head, length = found
        if "revision" in entry:
            kind: chain.Kind = "event"
            entries = eventlog.load(s, game).entries
            op, position = entry["op"], entry["position"]
            previous = (None if op in ("append", "insert")
                        else codec.encode(entries[position].event))
            content = chain.event_content(
                entry["revision"], op, len(entries) if op == "append" else position,
                entry["payload"], previous, entry["by"], at,
                "" if op == "append" else entry["reason"])
        elif "text" in entry:
            kind = "written"
            content = chain.written_content(entry["kind"], entry.get("rule"), entry["text"],
                                            entry["username"], at)
        else:
            kind = "signoff"
            content = chain.signoff_content(entry["kind"], entry["username"], at,
                                            entry.get("reason", ""), entry.get("locks", False))
    return entry | {"chain_seq": length + 1, "link": chain.link(head, length + 1, kind, content)}
