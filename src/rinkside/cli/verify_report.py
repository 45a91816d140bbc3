"""``rinkside verify REPORT.pdf``: a signed game report checked (issue 29):
pyHanko's validation of its signature, and with ``--db`` or ``--league`` its
chain head against the game's current one. Plain words, one line each."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import typer

from rinkside.cli.common import EXIT_FAILED, EXIT_INVALID, error, file_problem, open_service
from rinkside.reports import signing
from rinkside.reports.verdict import current_head_words, verdict_lines
from rinkside.services import chain


def verify_report(path: Path, db: str | None, league: str | None) -> None:
    """Print what the report's signature and chain head say; exit 1 if not valid."""
    try:
        data = path.read_bytes()
        checked = signing.check_report(data, signing.league_certificate(signing.keys_dir()))
    except OSError as exc:
        error(f"error: {file_problem(exc)}")
        raise typer.Exit(EXIT_INVALID) from None
    except signing.NotAPdf as exc:
        error(f"error: {path}: {exc}")
        raise typer.Exit(EXIT_INVALID) from None
    for line in verdict_lines(checked):
        typer.echo(line)
    matches: bool | None = None
    if checked.game_id is not None and (db is not None or league is not None):
        current = (_league_head(league, checked.game_id) if league is not None
                   else _db_head(db, checked.game_id))
        matches = current is not None and current[0] == checked.chain_head
        typer.echo(current_head_words(checked, current))
    if not checked.ok or matches is False:
        raise typer.Exit(EXIT_FAILED)


def _db_head(db: str | None, game_id: int) -> tuple[str, bool] | None:
    service = open_service(db)
    found = chain.check_game(service, game_id)
    return None if found is None else (found.head, found.broken is None)


def _league_head(url: str, game_id: int) -> tuple[str, bool] | None:
    """The game's chain head as the league server publishes it (/api/games/N/chain)."""
    address = f"{url.rstrip('/')}/api/games/{game_id}/chain"
    if not address.startswith(("http://", "https://")):
        error(f"error: {url} is not an http(s) URL")
        raise typer.Exit(EXIT_INVALID)
    try:
        with urllib.request.urlopen(address, timeout=20) as answer:
            body = json.loads(answer.read(65536))
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return None
        error(f"error: {address}: {exc}")
        raise typer.Exit(EXIT_INVALID) from None
    except (OSError, ValueError) as exc:
        error(f"error: {address}: {exc}")
        raise typer.Exit(EXIT_INVALID) from None
    return str(body.get("head", "")), bool(body.get("intact"))
