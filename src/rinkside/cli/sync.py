"""``rinkside sync``: a rink laptop and the league server.

On the laptop: ``sync pull URL --rink R --token T`` takes the rink's
tournament from the league server into this store (``--db``); ``sync push``
sends every game's events, sign-off (Rule 616(a)) and written reports
recorded here and not pushed yet, except the games the league refused as
they stand (``--retry-refused``: those too); ``sync status`` lists them,
the league's refusals and the officials not signed in here yet. On the
league server: ``sync token issue`` / ``revoke``, the director's per-rink
tokens (only their hashes are stored); ``sync credential issue --rink R
USER...``, each official's credential for the rink's laptop (the secret
printed once, for the official to log in on the laptop with; the league
keeps its hash and the key that proves the official's acts pushed from the
laptop, :mod:`rinkside.services.sync_proof`).

Exit codes: 1 when the league server refused a game's push (it changed there
meanwhile, or is signed: Rule 616(a); nothing merged) or could not be reached
(run it again: what was pushed stays pushed); 2 for bad input.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

import typer

from rinkside.cli.common import EXIT_FAILED, EXIT_INVALID, DbOption, error, open_service, refusals
from rinkside.present.counts import counted
from rinkside.services import sync, sync_client, sync_local

sync_app = typer.Typer(help="Offline rinks: pull the league's setup, push the games scored.",
                       no_args_is_help=True)
token_app = typer.Typer(help="The per-rink tokens of the sync API (on the league server).",
                        no_args_is_help=True)
credential_app = typer.Typer(help="The officials' credentials for a rink's laptop (on the "
                             "league server).", no_args_is_help=True)

RinkOption = Annotated[str, typer.Option("--rink", help="The rink, by its name in the schedule.")]
TournamentOption = Annotated[int, typer.Option("--tournament", help="The tournament's id.")]


def _now() -> datetime:
    return datetime.now(UTC)


def _failed(message: str, code: int = EXIT_FAILED) -> typer.Exit:
    error(message)
    return typer.Exit(code)


def pull(url: Annotated[str, typer.Argument(help="The league server, http://host:port")],
         rink: RinkOption,
         token: Annotated[str, typer.Option("--token", help="The rink's token.")],
         db: DbOption = None) -> None:
    """Take the rink's tournament (divisions, teams, rosters, its games, their
    users) from the league server into this store."""
    service = open_service(db)
    try:
        summary = sync_client.pull(service, url, token, rink, _now)
    except sync_client.Unreachable as exc:
        raise _failed(f"the league server could not be reached: {exc}") from None
    except sync_client.Refused as exc:
        raise _failed(f"the league server refused the pull ({exc.status}): {exc}") from None
    typer.echo(f"pulled tournament {summary.tournament_id}, rink {summary.rink}: "
               f"{len(summary.games)} games, {summary.new_rows} new rows, "
               f"{summary.revisions} league events")
    for game in summary.kept:
        typer.echo(f"  game {game}: events recorded here wait to be pushed; its log was kept")


def push(url: Annotated[str | None, typer.Argument(
             help="The league server (default: the one pulled from)")] = None,
         retry_refused: Annotated[bool, typer.Option(
             "--retry-refused", help="Send again the games the league refused as they stand."
         )] = False,
         db: DbOption = None) -> None:
    """Send each game's events, sign-off and written reports not pushed yet to
    the league server."""
    service = open_service(db)
    try:
        report = sync_client.push(service, url, retry_refused=retry_refused)
    except sync_client.Unreachable as exc:
        raise _failed(f"the league server could not be reached: {exc}; what was pushed "
                      "stays pushed, run it again to send the rest") from None
    except sync_client.Refused as exc:
        raise _failed(f"the league server refused this laptop ({exc.status}): {exc}") from None
    for game, taken in report.pushed:
        typer.echo(f"game {game}: {taken} events pushed")
    for game, entries, reports, locked in report.signed:
        locks = "; signed and locked on the league server (Rule 616(a))" if locked else ""
        typer.echo(f"game {game}: {entries} sign-off entries and {reports} written reports "
                   f"pushed{locks}")
    for game in report.already:
        typer.echo(f"game {game}: already on the league server")
    for game, why in report.refused:
        error(f"game {game} refused: {why}")
    for game, refusal in report.held:
        error(f"game {game} not sent: {_refusal(refusal)}")
    if not (report.pushed or report.signed or report.already or report.refused or report.held):
        typer.echo("nothing to push")
    if report.refused or report.held:
        raise typer.Exit(EXIT_FAILED)


def _refusal(refusal: sync_local.Refusal) -> str:
    when = f" at {refusal.at.strftime('%H:%M')} UTC" if refusal.at else ""
    rule = f" (Rule {refusal.rule})" if refusal.rule else ""
    return (f"refused by the league{when}{rule}: {refusal.message}; not sent again until it "
            "changes here (rinkside sync push --retry-refused)")


def status(db: DbOption = None) -> None:
    """The games with events, sign-offs or written reports recorded here and
    not pushed yet, the league's refusals, and the league's officials who
    have not signed in here with their credential."""
    service = open_service(db)
    linked = sync_local.link(service)
    if linked is None:
        raise _failed("this store was never pulled from a league server", EXIT_INVALID)
    typer.echo(f"league server {linked.league_url}, rink {linked.rink}")
    waiting = sync_local.pending(service)
    for game in waiting:
        what = [f"{count} {name}" for count, name in (
            (game.unpushed, "events"), (game.signoffs, "sign-off entries"),
            (game.reports, "written reports")) if count]
        typer.echo(f"game {game.game_id}: {', '.join(what)} not pushed yet")
        if game.refusal is not None:
            typer.echo(f"  {_refusal(game.refusal)}")
    if not waiting:
        typer.echo("everything recorded here is on the league server")
    for official in sync_local.officials(service):
        if not official.signed_in:
            why = "has not signed in here" if official.credential else "holds no credential"
            typer.echo(f"{official.username} ({official.role}) {why} for this laptop: the "
                       "league takes what they do here only once they log in with it")


def issue(tournament: TournamentOption, rink: RinkOption, db: DbOption = None) -> None:
    """A new token for the rink's laptop (shown once: only its hash is kept)."""
    try:
        token = sync.issue_token(open_service(db), tournament, rink, _now)
    except sync.SyncRefused as exc:
        raise _failed(exc.message, EXIT_INVALID) from None
    typer.echo(token)


def revoke(tournament: TournamentOption, rink: RinkOption, db: DbOption = None) -> None:
    """Revoke every token of the rink: its laptop can no longer pull or push."""
    try:
        count = sync.revoke_tokens(open_service(db), tournament, rink, _now)
    except sync.SyncRefused as exc:
        raise _failed(exc.message, EXIT_INVALID) from None
    typer.echo(f"{counted(count, 'token')} of rink {rink} revoked")


def issue_credentials(
        tournament: TournamentOption, rink: RinkOption,
        usernames: Annotated[list[str], typer.Argument(
            help="The officials (scorekeepers, referees of the rink's games).")],
        db: DbOption = None) -> None:
    """A new credential of each official for the rink's laptop, replacing
    theirs: printed once (only its hash is kept); the official logs in on the
    laptop with it after its next pull, and the league takes what the laptop
    pushes in their name only with its proof."""
    service = open_service(db)
    issued = []
    for username in usernames:
        try:
            issued.append((username, sync.issue_credential(service, tournament, rink,
                                                           username, _now)))
        except sync.SyncRefused as exc:
            for done, secret in issued:
                typer.echo(f"{done}: {secret}")
            raise _failed(exc.message, EXIT_INVALID) from None
    for username, secret in issued:
        typer.echo(f"{username}: {secret}")


def register(app: typer.Typer) -> None:
    """Add ``sync`` (pull, push, status, token issue / revoke, credential
    issue) to ``rinkside``."""
    checked = refusals()
    for command in (pull, push, status):
        sync_app.command(command.__name__)(checked(command))
    token_app.command("issue")(checked(issue))
    token_app.command("revoke")(checked(revoke))
    credential_app.command("issue")(checked(issue_credentials))
    sync_app.add_typer(token_app, name="token")
    sync_app.add_typer(credential_app, name="credential")
    app.add_typer(sync_app, name="sync")
