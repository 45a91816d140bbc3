"""The tournament as it is played, from the command line: the tournaments,
rosters and schedule shown, games recorded, shown and dressed, standings,
statistics, suspensions, playoffs and supplementary discipline.

The groups ``tournament``, ``roster`` and ``schedule`` are those of
:mod:`rinkside.cli.setup`; ``game`` is made here (:mod:`rinkside.cli.admin`
adds the sign-off to it). Every command works on the store at ``--db``
(default RINKSIDE_DATABASE_URL, else ``rinkside.sqlite`` in the current
folder) through the one service layer,
:class:`rinkside.services.tournaments.Tournaments`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from rinkside.cli.common import EXIT_FAILED, DbOption, console, error, open_service, refusals, text
from rinkside.cli.setup import roster_app, schedule_app, tournament_app
from rinkside.cli.state import show_state, show_warnings
from rinkside.formats import ScenarioError, decode_event, read_json_file
from rinkside.formats.text import REASON, USERNAME
from rinkside.present.names import with_team_names
from rinkside.present.warnings import fold_warnings
from rinkside.rules.errors import RuleViolation
from rinkside.rules.game import start
from rinkside.services import logs, queries
from rinkside.services.games import number_map
from rinkside.services.tournaments import NotFound, Tournaments
from rinkside.tournament.errors import TournamentRuleError

game_app = typer.Typer(help="Record and show a stored game.", no_args_is_help=True)

_refusals = refusals()


@tournament_app.command("list")
@_refusals
def tournament_list(db: DbOption = None) -> None:
    """Tournaments, divisions and teams with their ids."""
    service = open_service(db)
    table = Table("tournament", "division", "team", "players", title="Tournaments")
    for t in queries.tournament_trees(service):
        table.add_row(f"{t.tournament_id} {t.name}", "", "", "")
        for d in t.divisions:
            table.add_row("", f"{d.division_id} {d.name}", "", "")
            for team in d.teams:
                table.add_row("", "", f"{team.team_id} {team.name}", str(team.players))
    console().print(table)


# -- rosters --------------------------------------------------------------------


@roster_app.command("show")
@_refusals
def roster_show(team: int, db: DbOption = None) -> None:
    """A team's roster."""
    service = open_service(db)
    page = queries.team(service, team)
    table = Table("#", "name", "G", "C/A", title=f"{page.name}")
    for p in page.players:
        table.add_row(str(p.number), p.name, "G" if p.goalie else "", p.captain or "")
    console().print(table)


# -- schedule -------------------------------------------------------------------


@schedule_app.callback()
def schedule_main(ctx: typer.Context, division: Annotated[int | None, typer.Option(
        help="Only this division.")] = None, db: DbOption = None) -> None:
    """Show the schedule (with results), or generate one."""
    if ctx.invoked_subcommand is None:
        _show_schedule(division, db)


@_refusals
def _show_schedule(division: int | None, db: str | None) -> None:
    service = open_service(db)
    table = Table("game", "division", "start", "rink", "home", "away", "score", "result",
                  title="Schedule")
    # By division id, each in schedule order.
    for g in sorted(queries.games(service, division), key=lambda g: g.division_id):
        _, state = service.game_state(g.game_id)
        result = state.result
        score = f"{state.home_score}-{state.away_score}" if state.status != "not_started" else ""
        table.add_row(str(g.game_id), g.division, g.start.strftime("%a %H:%M") if g.start else "",
                      g.rink or "", g.home, g.away, score,
                      result.decided_by if result else state.status.replace("_", " "))
    console().print(table)


# -- games ------------------------------------------------------------------------


@game_app.command("record")
@_refusals
def game_record(game: int, log: Path, by: Annotated[str, typer.Option(
        help="Who records.")] = "scorekeeper", db: DbOption = None) -> None:
    """Append the events of LOG (FORMAT.md JSON: a game log or a list of events)
    to a stored game; each is checked by the engine and all are refused if one is."""
    service = open_service(db)
    version, state = service.game_state(game)
    before = state
    data = read_json_file(log)  # ScenarioError naming the file
    raw = data.get("events") if isinstance(data, dict) else data
    if not isinstance(raw, list):
        raise ScenarioError(log, "expected a list of events or an object with 'events'")
    by = text(by, "--by", USERNAME)
    periods = state.setup.settings.periods
    events = [decode_event(e, i, periods) for i, e in enumerate(raw)]
    try:
        version, state = service.record(game, version, events, by)
    except (RuleViolation, TournamentRuleError) as exc:  # the teams by their names
        error(f"refused: {with_team_names(str(exc), state.setup)}")
        raise typer.Exit(EXIT_FAILED) from None
    typer.echo(f"game {game}: {len(events)} events recorded (version {version}); "
               f"{state.setup.home.name} {state.home_score} - {state.away_score} "
               f"{state.setup.away.name}, {state.status.replace('_', ' ')}")
    _, warnings = fold_warnings(before, events)  # numbered as LOG's events, kept on the record
    show_warnings(state, warnings, events)


@game_app.command("show")
@_refusals
def game_show(game: int, db: DbOption = None) -> None:
    """A stored game's state, recomputed by the engine from its log, with every
    warning the engine gave (numbered as the log's events)."""
    record = logs.game_record(open_service(db), game)
    _, warnings = fold_warnings(start(record.setup), record.events)
    show_state(console(), record.state, warnings, record.events)


@game_app.command("lineup")
@_refusals
def game_lineup(
    game: int,
    team: Annotated[int, typer.Option(help="Team id.")],
    numbers: Annotated[str, typer.Option("--players", help="Jersey numbers dressed, comma "
                                         "separated.")],
    captain: Annotated[int | None, typer.Option(help="Captain's number.")] = None,
    alternates: Annotated[str, typer.Option(help="Alternates' numbers.")] = "",
    starting_goalie: Annotated[int | None, typer.Option(
        help="Number of the dressed goaltender who starts (Rule 204(a)).")] = None,
    db: DbOption = None,
) -> None:
    """Dress players for a game (204, 202(c)) and name the goaltender who
    starts (204(a)); a suspended player is refused with the rule that
    suspended him."""
    service = open_service(db)
    ids = number_map(queries.active_players(service, [team]))

    def pick(text: str) -> list[int]:
        out = []
        for part in (x.strip() for x in text.split(",") if x.strip()):
            if not (part.isascii() and part.isdigit()) or int(part) not in ids:
                raise ValueError(f"#{part} is not on team {team}'s roster (Rule 203(a))")
            out.append(ids[int(part)])
        return out

    check = service.set_lineup(game, team, pick(numbers),
                               captain=pick(str(captain))[0] if captain else None,
                               alternates=pick(alternates),
                               starting_goalie=(pick(str(starting_goalie))[0]
                                                if starting_goalie is not None else None),
                               by="cli")
    for warning in check.warnings:
        typer.echo(f"warning: {warning}")
    if check.forfeit_candidate:
        typer.echo(f"warning: forfeit candidate: {check.forfeit_reason}")
    starts = f", #{starting_goalie} starts in goal" if starting_goalie is not None else ""
    typer.echo(f"game {game}: lineup of team {team} recorded ({check.skaters} skaters, "
               f"{check.goaltenders} goaltenders{starts})")


# -- standings, statistics, suspensions ---------------------------------------------


def _divisions(service: Tournaments, division: int | None) -> list[tuple[int, str]]:
    """Each division (or the one asked for) by id, with its name."""
    found = sorted((d.division_id, d.name) for d in queries.divisions(service)
                   if division is None or d.division_id == division)
    if division is not None and not found:
        raise NotFound(f"no division {division}")
    return found


def _player_names(service: Tournaments) -> dict[int, str]:
    return {pid: f"#{number} {name}"
            for pid, (number, name) in queries.player_labels(service).items()}


def standings(division: Annotated[int | None, typer.Option(help="Division id.")] = None,
              db: DbOption = None) -> None:
    """Standings: 2 points a win, 1 a tie (639(a), 634(d)), with the tiebreak that
    decided each place (casebook 23-24)."""
    service = open_service(db)
    names = queries.team_names(service)
    for did, dname in _divisions(service, division):
        table = Table("#", "team", "GP", "W", "L", "T", "GF", "GA", "GD", "PTS", "PIM",
                      "placed by", title=f"{dname} standings")
        for row in service.standings(did):
            table.add_row(str(row.place), names.get(row.team_id, str(row.team_id)),
                          *(str(v) for v in (row.gp, row.w, row.l, row.t, row.gf, row.ga,
                                             row.gd, f"{row.pts:g}", row.pim)),
                          row.explanation)
        console().print(table)


def stats(division: Annotated[int | None, typer.Option(help="Division id.")] = None,
          top: Annotated[int, typer.Option(help="How many leaders.")] = 10,
          db: DbOption = None) -> None:
    """Scoring leaders, goaltenders and special teams."""
    from rinkside.tournament.stats import leaders

    service = open_service(db)
    teams, players = queries.team_names(service), _player_names(service)
    out = console()
    for did, dname in _divisions(service, division):
        skaters, goalies, team_lines = service.statistics(did)
        table = Table("player", "team", "GP", "G", "A", "P", "PIM", "PPG", "SHG",
                      title=f"{dname}: points leaders")
        for line in leaders(skaters, "points", top):
            table.add_row(players.get(line.player_id, "?"), teams.get(line.team_id, "?"),
                          *(str(v) for v in (line.gp, line.goals, line.assists, line.points,
                                             f"{line.pim:g}", line.ppg, line.shg)))
        out.print(table)
        gtable = Table("goaltender", "team", "GP", "min", "GA", "GAA", "SA", "SV", "SV%",
                       title=f"{dname}: goaltenders")
        for g in sorted(goalies.values(), key=lambda g: (g.gaa or 0)):
            gtable.add_row(players.get(g.player_id, "?"), teams.get(g.team_id, "?"), str(g.gp),
                           f"{g.minutes:.0f}", str(g.goals_against),
                           f"{g.gaa:.2f}" if g.gaa is not None else "",
                           "" if g.shots_against is None else str(g.shots_against),
                           "" if g.saves is None else str(g.saves),
                           "" if g.save_pct is None else f"{g.save_pct:.3f}")
        out.print(gtable)
        ttable = Table("team", "PP opp", "PPG", "PP%", "SH", "PPGA", "PK%",
                       title=f"{dname}: special teams")
        for t in team_lines.values():
            ttable.add_row(teams.get(t.team_id, "?"), str(t.pp_opportunities), str(t.pp_goals),
                           "" if t.pp_pct is None else f"{t.pp_pct:.1f}",
                           str(t.times_short), str(t.pp_goals_against),
                           "" if t.pk_pct is None else f"{t.pk_pct:.1f}")
        out.print(ttable)
        award = service.high_scorer(did)
        if award.winners:
            best = award.ranking[0]
            basis = ("points per game (a forfeit stands: 634(d)4)"
                     if award.basis == "points_per_game" else "points")
            value = f"{float(best.average):.2f}" if best.average is not None else str(best.points)
            out.print(f"{dname} high scorer by {basis}: "
                          + ", ".join(players.get(w, "?") for w in award.winners)
                          + f" ({value})")


def suspensions(tournament: Annotated[int | None, typer.Option(help="Tournament id.")] = None,
                db: DbOption = None) -> None:
    """Players suspended now, with the rule and the games still to serve."""
    service = open_service(db)
    ids = [tournament] if tournament is not None else queries.tournament_ids(service)
    teams, players = queries.team_names(service), _player_names(service)
    table = Table("player", "team", "for", "rule", "served", "remaining", title="Suspensions")
    for tid in ids:
        for status in service.suspensions(tid).values():
            remaining = status.remaining
            table.add_row(players.get(status.player_id, "?"), teams.get(status.team_id, "?"),
                          "; ".join(x.what for x in status.sanctions), status.rule or "",
                          str(status.served), str(remaining))
    console().print(table)


def playoffs(division: Annotated[int, typer.Option(help="Division id.")],
             teams: Annotated[int, typer.Option(help="Teams that qualify.")] = 4,
             schedule_games: Annotated[bool, typer.Option(
                 "--schedule", help="Schedule the games whose teams are known.")] = False,
             db: DbOption = None) -> None:
    """The playoff bracket seeded from the standings (casebook 25); games
    cannot end tied (639)."""
    service = open_service(db)
    if schedule_games:
        created = service.schedule_playoffs(division, teams)
        typer.echo(f"{len(created)} playoff games scheduled")
    bracket, mapping = service.playoffs(division, teams)
    names = queries.team_names(service)
    table = Table("round", "game", "top", "bottom", "winner", title="Playoffs")
    for r in bracket.rounds:
        for g in r.games:
            def who(e: Any) -> str:
                return "" if e is None else f"({e.seed}) {names.get(e.team_id, e.team_id)}"
            game = "bye" if g.game_id is None else str(mapping.get(g.game_id, "to schedule"))
            table.add_row(r.name, game, who(g.top), who(g.bottom), who(g.winner))
    console().print(table)
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
    amount: int | str = int(games) if games.isascii() and games.isdigit() else games
    if amount not in ("rest_of_tournament", "pending_review") and not isinstance(amount, int):
        raise ValueError(f"games: {games!r} is not a number of games, rest_of_tournament or "
                         "pending_review")
    open_service(db).add_supplementary(player, amount, text(reason, "--reason", REASON),
                                       after_game_id=after_game, by=text(by, "--by", USERNAME))
    typer.echo(f"player {player}: {games} (Rule 410(a)) recorded")


def register(app: typer.Typer) -> None:
    """Add ``game`` and the tournament's tables to the ``rinkside`` app."""
    app.add_typer(game_app, name="game")
    app.command("standings")(_refusals(standings))
    app.command("stats")(_refusals(stats))
    app.command("suspensions")(_refusals(suspensions))
    app.command("playoffs")(_refusals(playoffs))
    app.command("discipline")(_refusals(discipline))
