"""The tournament commands of ``rinkside``: setting up, rosters, the schedule,
recording games, standings, statistics, suspensions and the demo.

Every command works on the store at ``--db`` (default RINKSIDE_DATABASE_URL,
else ``rinkside.sqlite`` in the current folder) through the one service
layer, :class:`rinkside.services.tournaments.Tournaments`.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from datetime import date, datetime
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table
from sqlalchemy import select

from rinkside.formats import ScenarioError, decode_event
from rinkside.rules.errors import MalformedEvent, RuleViolation, SettingsError
from rinkside.rules.settings import load_settings_toml
from rinkside.services.open import open_tournaments
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.store import StaleWrite
from rinkside.store import models as m
from rinkside.tournament.errors import TournamentRuleError
from rinkside.tournament.lineups import LineupError
from rinkside.tournament.roster_import import RosterImportError
from rinkside.tournament.rosters import RosterError
from rinkside.tournament.standings import CRITERIA

DbOption = Annotated[str | None, typer.Option("--db", help="Database URL (default: "
                                              "RINKSIDE_DATABASE_URL or sqlite rinkside.sqlite)")]
P = ParamSpec("P")
R = TypeVar("R")

tournament_app = typer.Typer(help="Create tournaments, divisions and teams.", no_args_is_help=True)
roster_app = typer.Typer(help="Team rosters (Section II).", no_args_is_help=True)
schedule_app = typer.Typer(help="The schedule: generate a round robin, or show it.",
                           invoke_without_command=True)
game_app = typer.Typer(help="Record and show a stored game.", no_args_is_help=True)

_FAILURES: tuple[type[Exception], ...] = (
    RuleViolation, TournamentRuleError, RosterError, RosterImportError, LineupError,
    SettingsError, StaleWrite, NotFound, ScenarioError, MalformedEvent, ValueError,
)


def _console() -> Console:
    return Console(highlight=False, soft_wrap=False)


REFUSED: tuple[type[Exception], ...] = (RuleViolation, TournamentRuleError, StaleWrite)


def refusals(refused: tuple[type[Exception], ...] = REFUSED,
             failures: tuple[type[Exception], ...] = _FAILURES
             ) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A command wrapper: a step the rule book refuses exits 1, bad input
    exits 2, each with its reason; what was recorded before stays as it was
    (each write is one transaction). ``refused`` is checked first."""

    def wrap(command: Callable[P, R]) -> Callable[P, R]:
        @wraps(command)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return command(*args, **kwargs)
            except refused as exc:
                typer.echo(f"refused: {exc}", err=True)
                raise typer.Exit(1) from None
            except failures as exc:
                typer.echo(f"error: {exc}", err=True)
                raise typer.Exit(2) from None

        return run

    return wrap


_refusals = refusals()


def _service(db: str | None) -> Tournaments:
    return open_tournaments(db)


def _amendments(path: Path | None) -> dict[str, Any]:
    """An event's amendments from TOML, checked against the book, kept as
    written (edge values; "off" turns a setting off)."""
    if path is None:
        return {}
    load_settings_toml(path)  # refuses what the book does not allow, naming the rule
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    table = data.get("settings", data)
    return {key: (None if value == "off" else value) for key, value in table.items()}


# -- tournament ----------------------------------------------------------------


@tournament_app.command("create")
@_refusals
def tournament_create(
    name: str,
    starts: Annotated[str | None, typer.Option(help="First day, YYYY-MM-DD.")] = None,
    settings: Annotated[Path | None, typer.Option(help="The event's amendments (TOML).")] = None,
    tiebreaks: Annotated[str, typer.Option(help="Tiebreak chain, comma separated, from: "
                                           + ", ".join(CRITERIA))] = ",".join(CRITERIA),
    db: DbOption = None,
) -> None:
    """Create a tournament (its settings checked against the book)."""
    chain = [c.strip() for c in tiebreaks.split(",") if c.strip()]
    first = date.fromisoformat(starts) if starts else None
    tid = _service(db).create_tournament(name, first, _amendments(settings), chain)
    typer.echo(f"tournament {tid}: {name}")


@tournament_app.command("division")
@_refusals
def tournament_division(
    name: str,
    tournament: Annotated[int, typer.Option(help="Tournament id.")],
    settings: Annotated[Path | None, typer.Option(help="The division's amendments.")] = None,
    db: DbOption = None,
) -> None:
    """Add a division (player coaches by 201(c) follow from its name)."""
    did = _service(db).add_division(tournament, name, _amendments(settings))
    typer.echo(f"division {did}: {name}")


@tournament_app.command("team")
@_refusals
def tournament_team(name: str, division: Annotated[int, typer.Option(help="Division id.")],
                    db: DbOption = None) -> None:
    """Add a team to a division."""
    typer.echo(f"team {_service(db).add_team(division, name)}: {name}")


@tournament_app.command("start")
@_refusals
def tournament_start(tournament: int, db: DbOption = None) -> None:
    """Start the tournament: rosters then change only through the director (203(b))."""
    _service(db).start_tournament(tournament)
    typer.echo(f"tournament {tournament} started")


@tournament_app.command("list")
@_refusals
def tournament_list(db: DbOption = None) -> None:
    """Tournaments, divisions and teams with their ids."""
    service = _service(db)
    table = Table("tournament", "division", "team", "players", title="Tournaments")
    with service.sessions() as s:
        for t in s.scalars(select(m.Tournament).order_by(m.Tournament.id)):
            table.add_row(f"{t.id} {t.name}", "", "", "")
            for d in t.divisions:
                table.add_row("", f"{d.id} {d.name}", "", "")
                for team in d.teams:
                    active = sum(1 for p in team.players if p.active)
                    table.add_row("", "", f"{team.id} {team.name}", str(active))
    _console().print(table)


# -- rosters --------------------------------------------------------------------


@roster_app.command("import")
@_refusals
def roster_import(
    file: Path,
    division: Annotated[int, typer.Option(help="Division id.")],
    team: Annotated[str | None, typer.Option(help="Team name when the file holds one team "
                                             "(otherwise a 'team' column).")] = None,
    reason: Annotated[str | None, typer.Option(help="Why, once the tournament has started "
                                               "(203(b)).")] = None,
    db: DbOption = None,
) -> None:
    """Import rosters from CSV or XLSX: every bad row is reported, nothing is half-imported."""
    counts = _service(db).import_rosters(division, file, team=team, reason=reason)
    for name, n in counts.items():
        typer.echo(f"{name}: {n} players")


@roster_app.command("show")
@_refusals
def roster_show(team: int, db: DbOption = None) -> None:
    """A team's roster."""
    service = _service(db)
    with service.sessions() as s:
        row = s.get(m.Team, team)
        if row is None:
            raise NotFound(f"no team {team}")
        table = Table("#", "name", "G", "C/A", title=f"{row.name}")
        for p in sorted((p for p in row.players if p.active), key=lambda p: p.number):
            table.add_row(str(p.number), p.name, "G" if p.goalie else "", p.captain or "")
    _console().print(table)


# -- schedule -------------------------------------------------------------------


@schedule_app.callback()
def schedule_main(ctx: typer.Context, division: Annotated[int | None, typer.Option(
        help="Only this division.")] = None, db: DbOption = None) -> None:
    """Show the schedule (with results), or generate one."""
    if ctx.invoked_subcommand is None:
        _show_schedule(division, db)


@_refusals
def _show_schedule(division: int | None, db: str | None) -> None:
    service = _service(db)
    table = Table("game", "division", "start", "rink", "home", "away", "score", "result",
                  title="Schedule")
    with service.sessions() as s:
        query = select(m.Game).order_by(m.Game.division_id, m.Game.schedule_order)
        if division is not None:
            query = query.where(m.Game.division_id == division)
        games = list(s.scalars(query))
        rows = [(g.id, g.division.name, g.start, g.rink, g.home_team.name, g.away_team.name)
                for g in games]
    for gid, dname, starts, rink, home, away in rows:
        _, state = service.game_state(gid)
        result = state.result
        score = f"{state.home_score}-{state.away_score}" if state.status != "not_started" else ""
        table.add_row(str(gid), dname, starts.strftime("%a %H:%M") if starts else "",
                      rink or "", home, away, score,
                      result.decided_by if result else state.status.replace("_", " "))
    _console().print(table)


@schedule_app.command("generate")
@_refusals
def schedule_generate(
    division: Annotated[int, typer.Option(help="Division id.")],
    start: Annotated[str, typer.Option(help="First slot, e.g. 2026-12-05T08:00.")],
    slot: Annotated[int, typer.Option(help="Minutes per game slot.")] = 40,
    rinks: Annotated[str, typer.Option(help="Rinks, comma separated.")] = "Rink 1",
    rounds: Annotated[int, typer.Option(help="1: single round robin, 2: double.")] = 1,
    db: DbOption = None,
) -> None:
    """Generate a round robin for a division."""
    first = datetime.fromisoformat(start)
    if first.tzinfo is None:
        first = first.astimezone()
    ids = _service(db).generate_round_robin(
        division, start=first, slot_minutes=slot,
        rinks=[r.strip() for r in rinks.split(",") if r.strip()], rounds=rounds)
    typer.echo(f"{len(ids)} games scheduled")


# -- games ------------------------------------------------------------------------


@game_app.command("record")
@_refusals
def game_record(game: int, log: Path, by: Annotated[str, typer.Option(
        help="Who records.")] = "scorekeeper", db: DbOption = None) -> None:
    """Append the events of LOG (FORMAT.md JSON: a game log or a list of events)
    to a stored game; each is checked by the engine and all are refused if one is."""
    service = _service(db)
    version, state = service.game_state(game)
    try:
        data = json.loads(log.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{log}: cannot read a JSON game log: {exc}") from None
    raw = data.get("events") if isinstance(data, dict) else data
    if not isinstance(raw, list):
        raise ValueError(f"{log}: expected a list of events or an object with 'events'")
    periods = state.setup.settings.periods
    events = [decode_event(e, i, periods) for i, e in enumerate(raw)]
    version, state = service.record(game, version, events, by)
    typer.echo(f"game {game}: {len(events)} events recorded (version {version}); "
               f"{state.setup.home.name} {state.home_score} - {state.away_score} "
               f"{state.setup.away.name}, {state.status.replace('_', ' ')}")


@game_app.command("show")
@_refusals
def game_show(game: int, db: DbOption = None) -> None:
    """A stored game's state, recomputed by the engine from its log."""
    from rinkside.cli import _show_state

    _, state = _service(db).game_state(game)
    _show_state(_console(), state)


@game_app.command("lineup")
@_refusals
def game_lineup(
    game: int,
    team: Annotated[int, typer.Option(help="Team id.")],
    numbers: Annotated[str, typer.Option("--players", help="Jersey numbers dressed, comma "
                                         "separated.")],
    captain: Annotated[int | None, typer.Option(help="Captain's number.")] = None,
    alternates: Annotated[str, typer.Option(help="Alternates' numbers.")] = "",
    db: DbOption = None,
) -> None:
    """Dress players for a game (204, 202(c)); a suspended player is refused
    with the rule that suspended him."""
    service = _service(db)
    with service.sessions() as s:
        ids = {p.number: p.id for p in s.scalars(select(m.Player).where(
            m.Player.team_id == team, m.Player.active.is_(True)))}

    def pick(text: str) -> list[int]:
        out = []
        for part in (x.strip() for x in text.split(",") if x.strip()):
            if not part.isdigit() or int(part) not in ids:
                raise ValueError(f"#{part} is not on team {team}'s roster (Rule 203(a))")
            out.append(ids[int(part)])
        return out

    check = service.set_lineup(game, team, pick(numbers),
                               captain=pick(str(captain))[0] if captain else None,
                               alternates=pick(alternates))
    for warning in check.warnings:
        typer.echo(f"warning: {warning}")
    if check.forfeit_candidate:
        typer.echo(f"warning: forfeit candidate: {check.forfeit_reason}")
    typer.echo(f"game {game}: lineup of team {team} recorded ({check.skaters} skaters, "
               f"{check.goaltenders} goaltenders)")


# -- standings, statistics, suspensions ---------------------------------------------


def _divisions(service: Tournaments, division: int | None) -> list[tuple[int, str]]:
    with service.sessions() as s:
        query = select(m.Division.id, m.Division.name).order_by(m.Division.id)
        if division is not None:
            query = query.where(m.Division.id == division)
        found = [(row.id, row.name) for row in s.execute(query)]
    if division is not None and not found:
        raise NotFound(f"no division {division}")
    return found


def _team_names(service: Tournaments) -> dict[int, str]:
    with service.sessions() as s:
        return {row.id: row.name for row in s.execute(select(m.Team.id, m.Team.name))}


def _player_names(service: Tournaments) -> dict[int, str]:
    with service.sessions() as s:
        return {row.id: f"#{row.number} {row.name}"
                for row in s.execute(select(m.Player.id, m.Player.number, m.Player.name))}


def standings(division: Annotated[int | None, typer.Option(help="Division id.")] = None,
              db: DbOption = None) -> None:
    """Standings: 2 points a win, 1 a tie (639(a), 634(d)), with the tiebreak that
    decided each place (casebook 23-24)."""
    service = _service(db)
    names = _team_names(service)
    for did, dname in _divisions(service, division):
        table = Table("#", "team", "GP", "W", "L", "T", "GF", "GA", "GD", "PTS", "PIM",
                      "placed by", title=f"{dname} standings")
        for row in service.standings(did):
            table.add_row(str(row.place), names.get(row.team_id, str(row.team_id)),
                          *(str(v) for v in (row.gp, row.w, row.l, row.t, row.gf, row.ga,
                                             row.gd, f"{row.pts:g}", row.pim)),
                          row.explanation)
        _console().print(table)


def stats(division: Annotated[int | None, typer.Option(help="Division id.")] = None,
          top: Annotated[int, typer.Option(help="How many leaders.")] = 10,
          db: DbOption = None) -> None:
    """Scoring leaders, goaltenders and special teams."""
    from rinkside.tournament.stats import leaders

    service = _service(db)
    teams, players = _team_names(service), _player_names(service)
    console = _console()
    for did, dname in _divisions(service, division):
        skaters, goalies, team_lines = service.statistics(did)
        table = Table("player", "team", "GP", "G", "A", "P", "PIM", "PPG", "SHG",
                      title=f"{dname}: points leaders")
        for line in leaders(skaters, "points", top):
            table.add_row(players.get(line.player_id, "?"), teams.get(line.team_id, "?"),
                          *(str(v) for v in (line.gp, line.goals, line.assists, line.points,
                                             f"{line.pim:g}", line.ppg, line.shg)))
        console.print(table)
        gtable = Table("goaltender", "team", "GP", "min", "GA", "GAA", "SA", "SV", "SV%",
                       title=f"{dname}: goaltenders")
        for g in sorted(goalies.values(), key=lambda g: (g.gaa or 0)):
            gtable.add_row(players.get(g.player_id, "?"), teams.get(g.team_id, "?"), str(g.gp),
                           f"{g.minutes:.0f}", str(g.goals_against),
                           f"{g.gaa:.2f}" if g.gaa is not None else "",
                           "" if g.shots_against is None else str(g.shots_against),
                           "" if g.saves is None else str(g.saves),
                           "" if g.save_pct is None else f"{g.save_pct:.3f}")
        console.print(gtable)
        ttable = Table("team", "PP opp", "PPG", "PP%", "SH", "PPGA", "PK%",
                       title=f"{dname}: special teams")
        for t in team_lines.values():
            ttable.add_row(teams.get(t.team_id, "?"), str(t.pp_opportunities), str(t.pp_goals),
                           "" if t.pp_pct is None else f"{t.pp_pct:.1f}",
                           str(t.times_short), str(t.pp_goals_against),
                           "" if t.pk_pct is None else f"{t.pk_pct:.1f}")
        console.print(ttable)
        award = service.high_scorer(did)
        if award.winners:
            best = award.ranking[0]
            basis = ("points per game (a forfeit stands: 634(d)4)"
                     if award.basis == "points_per_game" else "points")
            value = f"{float(best.average):.2f}" if best.average is not None else str(best.points)
            console.print(f"{dname} high scorer by {basis}: "
                          + ", ".join(players.get(w, "?") for w in award.winners)
                          + f" ({value})")


def suspensions(tournament: Annotated[int | None, typer.Option(help="Tournament id.")] = None,
                db: DbOption = None) -> None:
    """Players suspended now, with the rule and the games still to serve."""
    service = _service(db)
    with service.sessions() as s:
        ids = [tournament] if tournament is not None else list(
            s.scalars(select(m.Tournament.id).order_by(m.Tournament.id)))
    teams, players = _team_names(service), _player_names(service)
    table = Table("player", "team", "for", "rule", "served", "remaining", title="Suspensions")
    for tid in ids:
        for status in service.suspensions(tid).values():
            remaining = status.remaining
            table.add_row(players.get(status.player_id, "?"), teams.get(status.team_id, "?"),
                          "; ".join(x.what for x in status.sanctions), status.rule or "",
                          str(status.served), str(remaining))
    _console().print(table)


def playoffs(division: Annotated[int, typer.Option(help="Division id.")],
             teams: Annotated[int, typer.Option(help="Teams that qualify.")] = 4,
             schedule_games: Annotated[bool, typer.Option(
                 "--schedule", help="Schedule the games whose teams are known.")] = False,
             db: DbOption = None) -> None:
    """The playoff bracket seeded from the standings (casebook 25); games
    cannot end tied (639)."""
    service = _service(db)
    if schedule_games:
        created = service.schedule_playoffs(division, teams)
        typer.echo(f"{len(created)} playoff games scheduled")
    bracket, mapping = service.playoffs(division, teams)
    names = _team_names(service)
    table = Table("round", "game", "top", "bottom", "winner", title="Playoffs")
    for r in bracket.rounds:
        for g in r.games:
            def who(e: Any) -> str:
                return "" if e is None else f"({e.seed}) {names.get(e.team_id, e.team_id)}"
            game = "bye" if g.game_id is None else str(mapping.get(g.game_id, "to schedule"))
            table.add_row(r.name, game, who(g.top), who(g.bottom), who(g.winner))
    _console().print(table)
    if bracket.champion is not None:
        typer.echo(f"champion: {names.get(bracket.champion.team_id)}")


def discipline(player: Annotated[int, typer.Argument(help="Player id.")],
               games: Annotated[str, typer.Argument(help="Games, or rest_of_tournament / "
                                                    "pending_review.")],
               reason: Annotated[str, typer.Option(help="Why (recorded).")],
               after_game: Annotated[int | None, typer.Option(
                   help="Served from the game after this one.")] = None,
               by: Annotated[str, typer.Option(help="Who decides.")] = "tournament director",
               db: DbOption = None) -> None:
    """Rule 410(a): supplementary discipline by the tournament director."""
    amount: int | str = int(games) if games.isdigit() else games
    if amount not in ("rest_of_tournament", "pending_review") and not isinstance(amount, int):
        raise ValueError(f"games: {games!r} is not a number of games, rest_of_tournament or "
                         "pending_review")
    _service(db).add_supplementary(player, amount, reason, after_game_id=after_game, by=by)
    typer.echo(f"player {player}: {games} (Rule 410(a)) recorded")


def demo(db: DbOption = None, seed: Annotated[int, typer.Option(
        help="The same seed builds the same tournament.")] = 2026) -> None:
    """Build a whole demo tournament (divisions, rosters, a schedule, simulated
    games played through the engine) in the store."""
    from rinkside.demo import DEMO_PASSWORD, DEMO_USERS, add_game_day, build_demo, demo_game_count

    service = _service(db)
    with Progress(console=_console()) as progress:
        task = progress.add_task("playing games", total=demo_game_count())
        tid = build_demo(service, seed=seed, progress=progress.console.print,
                         on_game=lambda: progress.advance(task))
    games = add_game_day(service, tid)
    typer.echo(f"demo tournament {tid} built; games to play in the console: "
               f"{', '.join(map(str, games))}")
    typer.echo(f"demo logins (password {DEMO_PASSWORD!r}; a demo store only): "
               + ", ".join(f"{name} ({role})" for name, role in DEMO_USERS.items()))


def serve(lan: Annotated[bool, typer.Option(
              "--lan", help="Listen on the local network (0.0.0.0) so tablets and the "
              "scoreboard screen can connect; default: this computer only.")] = False,
          port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
          db: DbOption = None) -> None:
    """Game day in the browser: live scores, game pages, standings, statistics,
    suspensions and the scoreboard display (no internet needed)."""
    from rinkside.web.server import ALL_INTERFACES, LOCALHOST
    from rinkside.web.server import serve as run

    run(ALL_INTERFACES if lan else LOCALHOST, port, db)


def register(app: typer.Typer) -> None:
    """Add the tournament commands to the ``rinkside`` app."""
    app.add_typer(tournament_app, name="tournament")
    app.add_typer(roster_app, name="roster")
    app.add_typer(schedule_app, name="schedule")
    app.add_typer(game_app, name="game")
    app.command("standings")(_refusals(standings))
    app.command("stats")(_refusals(stats))
    app.command("suspensions")(_refusals(suspensions))
    app.command("playoffs")(_refusals(playoffs))
    app.command("discipline")(_refusals(discipline))
    app.command("demo")(_refusals(demo))
    app.command("serve")(_refusals(serve))
