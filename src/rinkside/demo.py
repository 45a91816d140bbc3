"""A whole demo tournament: divisions, rosters, a schedule and simulated games
played through the engine and stored, ready for the standings, statistics
and the web pages.

The demo's logins have a published password, so :func:`build_demo_store`
builds only into a new, empty store (never beside a real tournament or
director), all in one transaction (a kill leaves the store as it was), and
marks the store as the demo's: run again, it says so and adds nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from rinkside.present.counts import counted
from rinkside.rules.events import Event, Forfeit
from rinkside.rules.times import GameTime
from rinkside.services import (
    desk_rinks,
    officiating,
    queries,
    rinks,
    schedule_requests,
    store_meta,
)
from rinkside.services.all_or_nothing import all_or_nothing
from rinkside.services.desk_schedule import GAME_MINUTES
from rinkside.services.tournaments import Tournaments
from rinkside.simulate import play_game
from rinkside.tournament.schedule import round_robin
from rinkside.tournament.schedule_values import Window

FIRST = ["Alex", "Sam", "Jordan", "Casey", "Riley", "Morgan", "Taylor", "Jamie", "Drew",
         "Quinn", "Avery", "Reese", "Parker", "Rowan", "Skyler", "Emerson", "Finley", "Hayden"]
LAST = ["Kim", "Novak", "Garcia", "Olsen", "Reyes", "Hughes", "Moreau", "Tanaka", "Silva",
        "Kowalski", "Byrne", "Lindqvist", "Okafor", "Dubois", "Marsh", "Ivanov", "Costa", "Park"]
TEAMS = {
    "Division 1": ["Blades", "Storm", "Wolves", "Rockets", "Outlaws", "Hornets"],
    "14U": ["Jr Blades", "Jr Storm", "Jr Wolves", "Jr Rockets", "Jr Outlaws"],
}
# Two rinks of the book's usual size (Rules 101-105), in feet.
RINKS = {
    "Rink 1": {"width": 85.0, "length": 185.0, "corner_radius": 20.0,
               "goal_line_distance": 13.0, "goal_width": 6.0, "goal_height": 4.0},
    "Rink 2": {"width": 80.0, "length": 180.0, "corner_radius": 18.0,
               "goal_line_distance": 12.0, "goal_width": 6.0, "goal_height": 4.0},
}


def build_demo(service: Tournaments, *, seed: int = 2026,
               progress: Callable[[str], None] | None = None,
               on_game: Callable[[], None] | None = None) -> int:
    """Create and play the demo tournament; returns its id. ``progress`` hears
    what is being built, ``on_game`` is called after each game is stored."""
    rng = random.Random(seed)
    say = progress or (lambda _msg: None)
    starts = date.today()
    tournament = service.create_tournament(
        "RHA Demo Classic", starts, {"overtime": "shootout", "clock": "stop"})
    kickoff = datetime.combine(starts, datetime.min.time(), tzinfo=UTC) + \
        timedelta(hours=8)
    for rink_name, dimensions in RINKS.items():
        rinks.add_rink(service, tournament, rink_name, dimensions)
    crew_rng = random.Random(seed + 1)  # officials drawn apart: the games stay as they were
    crews = _crews(crew_rng, list(RINKS))
    # Each division plays on a rink of its own, a game after another as long
    # as the desk counts a game (GAME_MINUTES), each rink's games worked by
    # its own crew: no rink, team or official is in two games at once (the
    # desk's schedule page, rinkside.tournament.schedule_check).
    named: set[str] = set()  # a name is a person (the careers' identity): one each
    drawn: list[list[list[dict[str, Any]]]] = []  # each division's rosters, as drawn
    playing_referee, his_team = "", 0
    his_starts: list[datetime | None] = []
    for (division_name, team_names), rink in zip(TEAMS.items(), RINKS, strict=True):
        division = service.add_division(tournament, division_name)
        drawn.append([])
        for team_name in team_names:
            team = service.add_team(division, team_name)
            numbers = rng.sample(range(2, 99), 11)
            players = [{"number": 1, "name": _person(rng, named), "goalie": True},
                       {"number": 30, "name": _person(rng, named), "goalie": True}]
            for i, number in enumerate(n for n in numbers if n != 30):
                players.append({"number": number, "name": _person(rng, named),
                                "captain": "C" if i == 0 else "A" if i in (1, 2) else None})
            players = _one_person_each(players, team_name)
            if team_name == PLAYING_REFEREE_TEAM:
                players, playing_referee = _a_skater_who_referees(players)
            drawn[-1].append(players)
            _share_a_player(drawn, kickoff)
            service.set_roster(team, players)
            if team_name == PLAYING_REFEREE_TEAM:
                his_team = team
        games = service.generate_round_robin(division, start=kickoff,
                                             slot_minutes=GAME_MINUTES, rinks=[rink])
        say(f"{division_name}: {len(team_names)} teams, {len(games)} games")
        when = {g.game_id: g.start for g in queries.games(service, division)}
        if division_name == PLAYING_REFEREE_TEAMS_DIVISION:
            his_starts = [g.start for g in queries.games(service, division)
                          if his_team in (g.home_team_id, g.away_team_id)]
        for game_id in games:
            crew = crews[rink]
            start = when[game_id]
            if (division_name == PLAYING_REFEREE_DIVISION and start is not None
                    and all(s is None or abs(start - s) >= timedelta(minutes=GAME_MINUTES)
                            for s in his_starts)):
                # He whistles the other division's games his team's leave him
                # free for, never one of his team's (Rule 501(a)).
                crew = {**crew, "referee": [crew["referee"][0], playing_referee]}
            officiating.set_officials(service, game_id, crew)
            service.dress_eligible(game_id)  # 203(a): no suspended player plays
            version, state = service.game_state(game_id)
            events: list[Event]
            if rng.random() < 0.04:
                events = [Forfeit(GameTime(1, state.setup.settings.period_length), "away",
                                  "could not field four skaters and a goaltender (634(c)1)")]
            else:
                events = play_game(rng, state.setup)
            service.record(game_id, version, events, by="demo scorekeeper")
            if on_game is not None:
                on_game()
    _schedule_requests(service, tournament, crews, kickoff)
    _venues(service, tournament)
    service.start_tournament(tournament)
    return tournament


# A Division 1 skater who referees 14U games (a referee who plays: never his
# own team's game, Rule 501(a); never while his team plays).
PLAYING_REFEREE_TEAMS_DIVISION = "Division 1"
PLAYING_REFEREE_TEAM = "Rockets"
PLAYING_REFEREE_DIVISION = "14U"


def _a_skater_who_referees(players: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], str]:
    """The roster's last skater with no letter is a referee too: his person
    key is his name, the name the officials' list gives him (one person)."""
    k = max(n for n, p in enumerate(players) if not p.get("goalie") and not p.get("captain"))
    him = {**players[k], "person_key": players[k]["name"]}
    return [*players[:k], him, *players[k + 1:]], str(him["name"])


# The venues: Rinks 1 and 2 under one roof, two more rinks across town; the
# travel between venues pair by pair, the rest the default (issue 31).
EXTRA_RINKS = {"Rink 3": "Civic Centre", "Rink 4": "Northside"}
VENUE_OF = {"Rink 1": "Main Arena", "Rink 2": "Main Arena", **EXTRA_RINKS}
TRAVEL_MINUTES = 30
TRAVEL_PAIRS = "Civic Centre / Main Arena: 20\nMain Arena / Northside: 45"


def _venues(service: Tournaments, tournament: int) -> None:
    for name in EXTRA_RINKS:
        rinks.add_rink(service, tournament, name, RINKS["Rink 2"])
    for row in rinks.rinks(service, tournament):
        desk_rinks.set_hours(service, row.id, opening="", closed="", venue=VENUE_OF[row.name],
                             by="demo director")
    desk_rinks.set_travel(service, tournament, TRAVEL_MINUTES, by="demo director")
    desk_rinks.set_travel_pairs(service, tournament, TRAVEL_PAIRS, by="demo director")


# ------------------------------------------------- the schedule's people and requests (issue 31)

def _one_person_each(players: list[dict[str, Any]], team_name: str) -> list[dict[str, Any]]:
    """Namesakes drawn at random are different people: each player gets a
    person key of their own (the schedule keeps one person in one place, and
    the same key on two rosters is one person, Rule 203(a))."""
    return [{**p, "person_key": f"{p['name']} ({team_name} #{p['number']})"} for p in players]


def _slots(teams: int, kickoff: datetime) -> list[set[datetime]]:
    """When each team (by its place in the division) plays: the round robin
    the division gets (:func:`rinkside.tournament.schedule.round_robin`)."""
    plan = round_robin(list(range(teams)), start=kickoff, slot_minutes=GAME_MINUTES,
                       rinks=["rink"])
    return [{p.start for p in plan if team in (p.home_team_id, p.away_team_id)}
            for team in range(teams)]


def _share_a_player(drawn: list[list[list[dict[str, Any]]]], kickoff: datetime) -> None:
    """When the last 14U roster is drawn (not yet stored): one of its
    skaters is a Division 1 skater too, of a team whose games never meet
    theirs (a player on two teams, kept in one place by the schedule), under
    one person key."""
    sizes = [len(t) for t in TEAMS.values()]
    if len(drawn) != 2 or len(drawn[1]) != sizes[1]:
        return
    first, last = _slots(sizes[0], kickoff), _slots(sizes[1], kickoff)[-1]
    span = timedelta(minutes=GAME_MINUTES)
    i = next((i for i in range(sizes[0])
              if all(abs(a - b) >= span for a in first[i] for b in last)), None)
    if i is None:
        return
    him = next(p for p in drawn[0][i] if not p.get("goalie") and not p.get("captain"))
    theirs = drawn[1][-1]
    k = next(n for n, p in enumerate(theirs) if not p.get("goalie") and not p.get("captain"))
    theirs[k] = {**theirs[k], "name": him["name"], "person_key": him["person_key"]}


def _schedule_requests(service: Tournaments, tournament: int,
                       crews: dict[str, dict[str, list[str]]], kickoff: datetime) -> None:
    """A team's blackout (it arrives when its first game starts) and the
    14U rink's referees with hours (that rink's morning) and a most a day."""
    trees = {d.name: d for d in queries.divisions(service, tournament)}
    junior = trees["14U"]
    names = queries.team_names(service, junior.division_id)
    games = queries.games(service, junior.division_id)
    late = max(names, key=lambda t: min(g.start for g in games if g.start is not None
                                        and t in (g.home_team_id, g.away_team_id)))
    arrives = min(g.start for g in games if g.start is not None
                  and late in (g.home_team_id, g.away_team_id))
    schedule_requests.add_team_request(service, tournament, late, "blackout",
                                       start=kickoff - timedelta(hours=2), end=arrives,
                                       by="demo director")
    last = max(g.start for g in games if g.start is not None)
    for referee in crews[list(RINKS)[1]]["referee"]:
        schedule_requests.set_official_hours(
            service, tournament, referee,
            [Window(kickoff, last + timedelta(minutes=GAME_MINUTES))],
            most_a_day=len(games), by="demo director")


def demo_game_count() -> int:
    return sum(len(t) * (len(t) - 1) // 2 for t in TEAMS.values())


def _name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _person(rng: random.Random, named: set[str]) -> str:
    """A name no other player of the demo has: a player's career gathers the
    roster entries of one name (:mod:`rinkside.services.careers`), so two
    players drawn the same name would read as one person on two teams. A
    name drawn twice takes the next last name free, the draws unchanged (the
    games played stay as they were)."""
    first, last = _name(rng).split(" ", 1)
    start = LAST.index(last)
    name = next(f"{first} {LAST[(start + k) % len(LAST)]}" for k in range(len(LAST))
                if f"{first} {LAST[(start + k) % len(LAST)]}" not in named)
    named.add(name)
    return name


def _crews(rng: random.Random, rink_names: list[str]) -> dict[str, dict[str, list[str]]]:
    """A crew for each rink, no person in two: two referees (Rule 501(a)), a
    game timekeeper, a penalty timekeeper and an official scorer (505-507)."""
    people: list[str] = []
    while len(people) < 5 * len(rink_names):
        if (name := _name(rng)) not in people:
            people.append(name)
    return {rink: {"referee": people[5 * i:5 * i + 2], "game_timekeeper": [people[5 * i + 2]],
                   "penalty_timekeeper": [people[5 * i + 3]],
                   "official_scorer": [people[5 * i + 4]]}
            for i, rink in enumerate(rink_names)}


# The demo's console logins (printed by `rinkside demo`; a demo store only).
DEMO_PASSWORD = "rinkside-demo"
DEMO_USERS = {"director": "director", "scorer": "scorekeeper", "referee": "referee"}


def add_game_day(service: Tournaments, tournament: int) -> list[int]:
    """Ready the demo for game day: a final still to play in each division
    between its top two seeds (after the round robin), and a director, a
    scorekeeper and a referee who can log in, the last two assigned to those
    games. Returns the new games.

    The final is a playoff game: stored as a pool game it became its teams'
    last pool game, so a team that forfeited its next to last one (the
    Blades, their 4th of 5) escaped 634(e)1's last seed and headed the
    seeds without a word."""
    from rinkside.services import users

    divisions = sorted(d.division_id for d in queries.divisions(service, tournament))
    last = queries.last_start(service, tournament)
    games: list[int] = []
    for i, division in enumerate(divisions):
        if len(service.standings(division)) < 2:
            continue
        start = last + timedelta(minutes=GAME_MINUTES * (i + 1)) if last else None
        if start is not None and queries.division(service, division).name == BRACKET_DIVISION:
            game = _bracket_under_way(service, division, start)
        else:
            top, second = service.seeds(division, 2)  # casebook 25, 634(e)1
            game = service.add_game(division, top, second, start=start, rink="Rink 1",
                                    stage="playoff", round_name="final")
        officiating.set_officials(service, game, {"referee": ["Demo Referee"],
                                                  "official_scorer": ["Demo Scorer"]})
        games.append(game)
    for username, role in DEMO_USERS.items():
        if username in {u.username for u in users.users(service)}:
            if role != "director":
                users.assign(service, username, games)
        else:
            users.create_user(service, username, DEMO_PASSWORD, role,
                              games if role != "director" else ())
    return games


# The division the demo shows in its playoffs: a public bracket with a game
# played and a place still waiting for its teams.
BRACKET_DIVISION = "14U"


def _bracket_under_way(service: Tournaments, division: int, start: datetime) -> int:
    """The division's playoffs begun, as a desk runs them: its pool's reports
    signed by the demo referee (616(a)), so the pool is final and the seeds
    known (casebook 24-25; a tie the chain leaves to a coin toss drawn by the
    seed's order); semi-final 1 played and signed, semi-final 2 still to play
    (the game returned, the console's), the final on the schedule as a place
    that fills in with the two winners. Rink 2, the division's own."""
    from rinkside.services import desk_playoffs, users

    pool = [g.game_id for g in queries.games(service, division) if g.stage == "pool"]
    referee = next(u for u, role in DEMO_USERS.items() if role == "referee")
    users.create_user(service, referee, DEMO_PASSWORD, "referee", pool)
    for game in pool:
        officiating.sign(service, game, referee)
    desk = desk_playoffs.playoff_desk(service, division, 4)
    while desk.tied:  # casebook 24: the coin toss the chain reached, drawn
        desk_playoffs.coin_toss(service, division, desk.tied, teams=4, by="demo director")
        desk = desk_playoffs.playoff_desk(service, division, 4)
    slot = timedelta(minutes=GAME_MINUTES)
    made = [desk_playoffs.schedule_game(service, division, 4, n, start=start + k * slot,
                                        rink="Rink 2", by="demo director")
            for k, n in enumerate((1, 2, 3))]
    first, second = made[0], made[1]
    if first is None or second is None:
        raise RuntimeError("the demo's semi-finals have their teams once the pool is final")
    officiating.set_officials(service, first, {"referee": ["Demo Referee"],
                                               "official_scorer": ["Demo Scorer"]})
    service.dress_eligible(first)  # 203(a): no suspended player plays
    version, state = service.game_state(first)
    service.record(first, version, play_game(random.Random(len(pool)), state.setup),
                   by="demo scorekeeper")
    users.assign(service, referee, [first])
    officiating.sign(service, first, referee)  # 616(a): the winner goes on to the final
    return second


class StoreNotEmpty(Exception):
    """The store holds tournaments or users: the demo's published logins stay out."""


@dataclass(frozen=True)
class DemoStore:
    """The demo in its store: the tournament, the games still to play, and
    whether it was there already (nothing was added)."""

    tournament: int
    games: tuple[int, ...]
    already: bool = False


def build_demo_store(service: Tournaments, *, seed: int = 2026,
                     progress: Callable[[str], None] | None = None,
                     on_game: Callable[[], None] | None = None) -> DemoStore:
    """The demo tournament and its game day (:func:`build_demo`,
    :func:`add_game_day`) in a new, empty store, in one transaction (a kill or
    an error leaves the store as it was). A store this built before: its demo,
    nothing added. Any other store: :class:`StoreNotEmpty`, nothing added."""
    if (built := check_store(service)) is not None:
        return built
    with all_or_nothing(service) as building:
        if (built := check_store(building)) is not None:  # built meanwhile by another run
            return built
        tournament = build_demo(building, seed=seed, progress=progress, on_game=on_game)
        games = add_game_day(building, tournament)
        store_meta.put(building, store_meta.DEMO_TOURNAMENT,
                       ",".join(map(str, [tournament, *games])))
    return DemoStore(tournament, tuple(games))


def check_store(service: Tournaments) -> DemoStore | None:
    """The store's demo if ``rinkside demo`` built it; None if the store is
    new and empty; :class:`StoreNotEmpty` otherwise."""
    marker = store_meta.get(service, store_meta.DEMO_TOURNAMENT)
    if marker is not None:
        tournament, *games = (int(part) for part in marker.split(","))
        return DemoStore(tournament, tuple(games), already=True)
    tournaments, users = store_meta.contents(service)
    if tournaments or users:
        raise StoreNotEmpty(
            f"this store holds {counted(tournaments, 'tournament')} and "
            f"{counted(users, 'user')}: the demo, "
            "whose logins have a published password, is built only into a new, empty "
            "store (for example --db sqlite:///demo.sqlite); nothing was added")
    return None
