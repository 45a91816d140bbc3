"""A whole demo tournament: divisions, rosters, a schedule and simulated games
played through the engine and stored, ready for the standings, statistics
and (later) the web pages."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

from rinkside.rules.events import Event, Forfeit
from rinkside.rules.times import GameTime
from rinkside.services.tournaments import Tournaments
from rinkside.simulate import play_game

FIRST = ["Alex", "Sam", "Jordan", "Casey", "Riley", "Morgan", "Taylor", "Jamie", "Drew",
         "Quinn", "Avery", "Reese", "Parker", "Rowan", "Skyler", "Emerson", "Finley", "Hayden"]
LAST = ["Kim", "Novak", "Garcia", "Olsen", "Reyes", "Hughes", "Moreau", "Tanaka", "Silva",
        "Kowalski", "Byrne", "Lindqvist", "Okafor", "Dubois", "Marsh", "Ivanov", "Costa", "Park"]
TEAMS = {
    "Division 1": ["Blades", "Storm", "Wolves", "Rockets", "Outlaws", "Hornets"],
    "14U": ["Jr Blades", "Jr Storm", "Jr Wolves", "Jr Rockets", "Jr Outlaws"],
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
    for division_name, team_names in TEAMS.items():
        division = service.add_division(tournament, division_name)
        for team_name in team_names:
            team = service.add_team(division, team_name)
            numbers = rng.sample(range(2, 99), 11)
            players = [{"number": 1, "name": _name(rng), "goalie": True},
                       {"number": 30, "name": _name(rng), "goalie": True}]
            for i, number in enumerate(n for n in numbers if n != 30):
                players.append({"number": number, "name": _name(rng),
                                "captain": "C" if i == 0 else "A" if i in (1, 2) else None})
            service.set_roster(team, players)
        games = service.generate_round_robin(division, start=kickoff, slot_minutes=40,
                                             rinks=["Rink 1", "Rink 2"])
        say(f"{division_name}: {len(team_names)} teams, {len(games)} games")
        for game_id in games:
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
    service.start_tournament(tournament)
    return tournament


def demo_game_count() -> int:
    return sum(len(t) * (len(t) - 1) // 2 for t in TEAMS.values())


def _name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"
