"""The FORMAT.md adapter: files onto the engine's settings, rosters and events."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, strategies

from rinkside.formats import (
    ScenarioError,
    decode_event,
    encode_event,
    encode_settings,
    load_game_log,
    load_scenario,
)
from rinkside.rules.errors import MalformedEvent
from rinkside.rules.events import (
    TEAMS,
    Designate,
    Event,
    FaceOff,
    Forfeit,
    Goal,
    GoalieChange,
    Penalty,
    PenaltyClass,
    PenaltyShot,
    PenaltySignal,
    PeriodEnd,
    ShootoutAttempt,
    Shot,
    Stoppage,
    Team,
    TimeOut,
)
from rinkside.rules.settings import Settings, settings_from_mapping
from rinkside.rules.times import GameTime

PUBLIC = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "public"

BASE: dict[str, Any] = {
    "id": "sample",
    "settings": {"clock": "stop", "period_length": "12:00"},
    "home": {"name": "Home"},
    "away": {"name": "Away"},
    "events": [
        {"type": "faceoff", "at": "1 12:00"},
        {"type": "stoppage", "at": "1 10:30"},
        {"type": "penalty", "at": "1 10:30", "team": "away", "player": 7, "class": "minor",
         "infraction": "tripping", "rule": "642(a)"},
        {"type": "faceoff", "at": "1 10:30"},
    ],
    "expect": [{"after": 3, "skaters": {"home": 4, "away": 3}}],
}


def write(tmp_path: Path, data: dict[str, Any], name: str = "sample.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def variant(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def load_error(tmp_path: Path, data: dict[str, Any]) -> str:
    path = write(tmp_path, data)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    message = str(info.value)
    assert message.startswith(f"{path}: "), message
    return message


# --------------------------------------------------------------------------- decoding

T = GameTime


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"type": "faceoff", "at": "1 12:00"}, FaceOff(T(1, 7200))),
        ({"type": "faceoff", "at": "2 12:00", "spot": "centre"}, FaceOff(T(2, 7200), "centre")),
        ({"type": "stoppage", "at": "1 10:30", "reason": "icing"},
         Stoppage(T(1, 6300), "icing")),
        ({"type": "goal", "at": "1 9:15", "team": "away", "scorer": 9, "assist": 10},
         Goal(T(1, 5550), "away", 9, 10)),
        ({"type": "goal", "at": "2 0:04.5", "team": "home", "scorer": 9, "own_goal": True},
         Goal(T(2, 45), "home", 9, None, own_goal=True)),
        ({"type": "penalty", "at": "1 10:30", "team": "away", "player": 7, "class": "minor",
          "infraction": "tripping", "rule": "642(a)"},
         Penalty(T(1, 6300), "away", 7, PenaltyClass.MINOR, "tripping", "642(a)")),
        ({"type": "penalty", "at": "1 10:30", "team": "home", "bench": True,
          "class": "bench_minor", "infraction": "too many players", "served_by": 12},
         Penalty(T(1, 6300), "home", None, PenaltyClass.BENCH_MINOR, "too many players",
                 served_by=12)),
        ({"type": "penalty", "at": "1 5:00", "team": "away", "player": 4,
          "class": "game_misconduct", "infraction": "fighting", "suspension": 3},
         Penalty(T(1, 3000), "away", 4, PenaltyClass.GAME_MISCONDUCT, "fighting",
                 suspension=3)),
        ({"type": "penalty_signal", "at": "1 8:00", "team": "home", "player": 5,
          "class": "major", "infraction": "slashing"},
         PenaltySignal(T(1, 4800), "home", 5, PenaltyClass.MAJOR, "slashing")),
        ({"type": "penalty_shot", "at": "2 1:00", "team": "home", "shooter": 9,
          "result": "goal"}, PenaltyShot(T(2, 600), "home", 9, True)),
        ({"type": "penalty_shot", "at": "2 1:00", "team": "away", "shooter": 9,
          "result": "no_goal"}, PenaltyShot(T(2, 600), "away", 9, False)),
        ({"type": "timeout", "at": "1 9:00", "team": "home"}, TimeOut(T(1, 5400), "home")),
        ({"type": "goalie", "at": "2 0:45", "team": "away", "in": None},
         GoalieChange(T(2, 450), "away", None)),
        ({"type": "goalie", "at": "2 0:30", "team": "away", "in": 30},
         GoalieChange(T(2, 300), "away", 30)),
        ({"type": "period_end", "at": "1 0:00"}, PeriodEnd(T(1, 0))),
        ({"type": "shootout_attempt", "at": "SO", "team": "away", "shooter": 11,
          "result": "goal"}, ShootoutAttempt("away", 11, True, at=None)),
        ({"type": "forfeit", "at": "1 7:30", "team": "away", "reason": "injuries"},
         Forfeit(T(1, 4500), "away", "injuries")),
        ({"type": "designate", "at": "1 4:00", "team": "home", "player": 6},
         Designate(T(1, 2400), "home", 6)),
        ({"type": "faceoff", "at": "OT 5:00"}, FaceOff(T(3, 3000))),
        ({"type": "faceoff", "at": "OT2 12:00"}, FaceOff(T(4, 7200))),
    ],
)
def test_each_event_type_decodes_to_the_engine_event(raw: dict[str, Any], expected: Event) -> None:
    assert decode_event(raw, 0, 2) == expected


def test_a_forfeit_during_the_shootout_is_read() -> None:
    event = decode_event({"type": "forfeit", "at": "SO", "team": "home", "reason": "left"}, 4, 2)
    assert isinstance(event, Forfeit)
    assert event.team == "home"


@pytest.mark.parametrize(
    ("raw", "field", "text"),
    [
        ({"type": "faceoff", "at": "1 7:6"}, "at", "'1 7:6' is not a game time"),
        ({"type": "faceoff", "at": "3 7:00"}, "at", "past the 2 regulation periods"),
        ({"type": "faceoff", "at": "SO"}, "at", "shootout"),
        ({"type": "timeout", "at": "1 9:00", "team": "visitors"}, "team", "'visitors'"),
        ({"type": "goal", "at": "1 9:00", "team": "home"}, "scorer", "missing"),
        ({"type": "goal", "at": "1 9:00", "team": "home", "scorer": 100}, "scorer", "1-99"),
        ({"type": "goal", "at": "1 9:00", "team": "home", "scorer": 9, "assists": 3},
         "assists", "not a field"),
        ({"type": "penalty", "at": "1 9:00", "team": "home", "class": "minor",
          "infraction": "x"}, "player", "missing"),
        ({"type": "penalty", "at": "1 9:00", "team": "home", "player": 3, "bench": True,
          "class": "minor", "infraction": "x"}, "bench", "not both"),
        ({"type": "penalty", "at": "1 9:00", "team": "home", "player": 3, "class": "minorish",
          "infraction": "x"}, "class", "not a penalty class"),
        ({"type": "penalty_shot", "at": "1 9:00", "team": "home", "shooter": 3,
          "result": "saved"}, "result", "'saved'"),
        ({"type": "penalty", "at": "1 9:00", "team": "home", "player": 3, "class": "minor",
          "infraction": "x", "penalty_shot": False}, "penalty_shot", "only as true"),
        ({"type": "shootout_attempt", "at": "OT 1:00", "team": "home", "shooter": 3,
          "result": "goal"}, "at", "SO"),
        ({"type": "fight", "at": "1 9:00"}, "type", "not an event type"),
    ],
)
def test_a_bad_field_raises_malformed_event_naming_index_and_field(
    raw: dict[str, Any], field: str, text: str
) -> None:
    with pytest.raises(MalformedEvent) as info:
        decode_event(raw, 5, 2)
    assert info.value.index == 5
    assert info.value.field == field
    assert text in str(info.value)


# --------------------------------------------------------------------------- files


def test_a_public_scenario_loads_onto_engine_objects() -> None:
    path = PUBLIC / "402h-situation-3-pairing-leaves-four-against-three.json"
    if not path.exists():
        pytest.skip("shared/conformance/public is not beside the project")
    scenario = load_scenario(path)
    assert scenario.id == "402h-situation-3-pairing-leaves-four-against-three"
    assert scenario.setup.home.name == "Team A"
    assert scenario.setup.home.has(23) and not scenario.setup.home.has(15)
    assert scenario.setup.settings.minor == 1200
    assert len(scenario.events) == len(scenario.raw_events)
    assert isinstance(scenario.events[4], Penalty)
    assert scenario.checks[0].after >= 0


def test_settings_override_defaults_and_default_rosters_are_numbers_1_to_15(
    tmp_path: Path,
) -> None:
    data = variant(settings={"clock": "running", "minor": "1:30", "mercy": None,
                             "points": {"win": 3}})
    del data["home"]
    scenario = load_scenario(write(tmp_path, data))
    st_ = scenario.setup.settings
    assert (st_.clock, st_.minor, st_.mercy, st_.points.win, st_.points.tie) == (
        "running", 900, None, 3, 1)
    home = scenario.setup.home
    assert [p.number for p in home.players] == list(range(1, 16))
    assert home.goalies == (1,) and home.captain == 2


def test_check_fields_are_kept_and_moment_fields_parsed(tmp_path: Path) -> None:
    data = variant(expect=[{"after": 3, "at": "1 9:30", "why": "because",
                            "box": {"away": [{"player": 7, "left": "1:00"}]}}])
    check = load_scenario(write(tmp_path, data)).checks[0]
    assert (check.after, check.at, check.at_text, check.why) == (3, T(1, 5700), "1 9:30",
                                                                 "because")
    assert dict(check.fields) == {"box": {"away": [{"player": 7, "left": "1:00"}]}}


def test_bad_time_names_file_event_and_field(tmp_path: Path) -> None:
    data = variant()
    data["events"][3]["at"] = "1 7:6"
    message = load_error(tmp_path, data)
    assert "events[3].at: '1 7:6' is not a game time" in message


def test_bad_team_names_file_event_and_field(tmp_path: Path) -> None:
    data = variant()
    data["events"][2]["team"] = "visitors"
    assert "events[2].team: 'visitors' is not a team" in load_error(tmp_path, data)


def test_missing_field_names_file_event_and_field(tmp_path: Path) -> None:
    data = variant()
    del data["events"][2]["infraction"]
    assert "events[2].infraction: missing" in load_error(tmp_path, data)


def test_sixteen_players_break_rule_201a(tmp_path: Path) -> None:
    data = variant(home={"roster": [{"number": n} for n in range(1, 17)]})
    message = load_error(tmp_path, data)
    assert "home.roster" in message and "201(a)" in message


def test_a_number_worn_twice_breaks_rule_307c(tmp_path: Path) -> None:
    data = variant(away={"roster": [{"number": 1, "goalie": True}, {"number": 9},
                                    {"number": 9}]})
    message = load_error(tmp_path, data)
    assert "away.roster" in message and "307(c)" in message and "9" in message


def test_a_number_outside_1_to_99_breaks_rule_307c(tmp_path: Path) -> None:
    data = variant(away={"roster": [{"number": 1, "goalie": True}, {"number": 100}]})
    assert "307(c)" in load_error(tmp_path, data)


def test_a_goaltender_as_captain_breaks_rule_202d(tmp_path: Path) -> None:
    data = variant(home={"roster": [{"number": 1, "goalie": True, "captain": "C"},
                                    {"number": 4}]})
    message = load_error(tmp_path, data)
    assert "home.roster" in message and "202(d)" in message


def test_two_captains_break_rule_202(tmp_path: Path) -> None:
    data = variant(home={"roster": [{"number": 2, "captain": "C"}, {"number": 3, "captain": "C"}]})
    assert "202(a)" in load_error(tmp_path, data)


def test_a_1_45_minor_breaks_rule_402a(tmp_path: Path) -> None:
    data = variant(settings={"minor": "1:45"})
    message = load_error(tmp_path, data)
    assert "settings.minor" in message and "402(a)" in message and "1:45" in message


def test_a_setting_the_book_does_not_know_is_named(tmp_path: Path) -> None:
    assert "settings.icing" in load_error(tmp_path, variant(settings={"icing": True}))


def test_a_check_after_past_the_last_event_is_named(tmp_path: Path) -> None:
    message = load_error(tmp_path, variant(expect=[{"after": 4}]))
    assert "expect[0].after" in message and "4" in message


def test_a_check_with_an_unreadable_box_time_is_named(tmp_path: Path) -> None:
    data = variant(expect=[{"after": 3, "box": {"away": [{"player": 7, "left": "2:0"}]}}])
    assert "expect[0].box.away[0].left" in load_error(tmp_path, data)


def test_a_suspension_names_a_player_or_a_team_official_not_both(tmp_path: Path) -> None:
    """FORMAT.md second edition, casebook 59: exactly one of player and official."""
    official = {"team": "home", "official": "Coach", "games": 1}
    scenario = load_scenario(write(tmp_path, variant(
        expect=[{"after": 3, "suspensions": [official]}])))
    assert scenario.checks[0].fields["suspensions"] == [official]
    both = variant(expect=[{"after": 3, "suspensions": [{**official, "player": 7}]}])
    assert "expect[0].suspensions[0]" in load_error(tmp_path, both)
    neither = variant(expect=[{"after": 3, "suspensions": [{"team": "home", "games": 1}]}])
    assert "expect[0].suspensions[0]" in load_error(tmp_path, neither)


def test_a_long_infraction_and_names_are_read(tmp_path: Path) -> None:
    """FORMAT.md second edition: no length limit in the format; at least 200
    characters are taken (the 67-character infraction refused before)."""
    data = variant(home={"name": "H" * 200, "roster": [{"number": 7, "name": "N" * 200}]})
    data["events"][2]["infraction"] = ("Tripping from behind on a clear breakaway toward "
                                       "the goal crease " + "x" * 400)
    scenario = load_scenario(write(tmp_path, data))
    assert scenario.setup.home.name == "H" * 200
    event = scenario.events[2]
    assert isinstance(event, Penalty) and len(event.infraction) > 400


def test_an_unknown_check_field_is_named(tmp_path: Path) -> None:
    data = variant(expect=[{"after": 3, "skaterz": {"home": 4}}])
    assert "expect[0]" in load_error(tmp_path, data)
    assert "skaterz" in load_error(tmp_path, data)


def test_a_scenario_without_expect_is_invalid_but_a_game_log_is_fine(tmp_path: Path) -> None:
    data = variant()
    del data["expect"]
    del data["id"]
    assert "expect" in load_error(tmp_path, data)
    setup, events = load_game_log(write(tmp_path, data, "log.json"))
    assert setup.away.name == "Away"
    assert events[2] == Penalty(T(1, 6300), "away", 7, PenaltyClass.MINOR, "tripping", "642(a)")


def test_a_game_log_with_a_bad_event_names_file_index_and_field(tmp_path: Path) -> None:
    data = variant()
    del data["expect"]
    data["events"][1]["at"] = "1 61:00x"
    path = write(tmp_path, data, "log.json")
    with pytest.raises(ScenarioError) as info:
        load_game_log(path)
    assert str(info.value).startswith(f"{path}: events[1].at:")


def test_text_that_is_not_json_is_named_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"id": "x",\n  "events": [\n}', encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert str(info.value).startswith(f"{path}: not valid JSON")
    assert "line 3" in str(info.value)


# --------------------------------------------------------------------------- round trip


def public_files() -> list[Path]:
    return sorted(PUBLIC.glob("*.json")) if PUBLIC.is_dir() else []


@pytest.mark.parametrize("path", public_files(), ids=lambda p: p.stem)
def test_public_events_encode_back_to_what_was_written(path: Path) -> None:
    scenario = load_scenario(path)
    settings = scenario.setup.settings
    for index, (raw, event) in enumerate(zip(scenario.raw_events, scenario.events, strict=True)):
        assert encode_event(event, settings) == raw
        assert decode_event(encode_event(event, settings), index, settings.periods) == event


def test_overtime_periods_are_written_as_the_game_numbers_them() -> None:
    first_ot = FaceOff(T(3, 3000))
    shootout, unlimited = Settings(overtime="shootout"), Settings(overtime="unlimited")
    assert encode_event(first_ot, shootout)["at"] == "OT 5:00"
    assert encode_event(first_ot, unlimited)["at"] == "OT1 5:00"
    assert encode_event(FaceOff(T(4, 7200)), shootout)["at"] == "OT2 12:00"


def test_second_edition_events_read_and_written_alike() -> None:
    """FORMAT.md second edition: shot, warning, left_box, suspend, resume,
    referee_timeout, and a penalty to a team official."""
    raws: list[dict[str, Any]] = [
        {"type": "shot", "at": "1 1:00", "team": "home", "shooter": 9},
        {"type": "shot", "at": "1 1:00", "team": "away"},
        {"type": "warning", "at": "1 1:00", "team": "home", "player": 7, "rule": "610(d)"},
        {"type": "warning", "at": "1 1:00", "team": "away", "bench": True, "rule": "631(b)"},
        {"type": "warning", "at": "1 1:00", "team": "away", "official": "Coach", "rule": "601(a)"},
        {"type": "left_box", "at": "1 1:00", "team": "home", "player": 10},
        {"type": "left_box", "at": "1 1:00", "team": "home", "player": 10, "error": True},
        {"type": "suspend", "at": "1 1:00", "reason": "wet floor"},
        {"type": "resume", "at": "1 1:00"},
        {"type": "referee_timeout", "at": "1 1:00"},
        {"type": "penalty", "at": "1 1:00", "team": "home", "official": "Coach",
         "class": "bench_minor", "infraction": "unsportsmanlike conduct", "rule": "601(a)",
         "served_by": 9},
        {"type": "penalty", "at": "1 1:00", "team": "away", "player": 5, "class": "minor",
         "infraction": "tripping from behind", "rule": "642(e)", "penalty_shot": True},
    ]
    for raw in raws:
        assert encode_event(decode_event(raw, 0, 2), Settings()) == raw
    assert encode_event(Shot(T(1, 600), "home", 9), Settings())["type"] == "shot"


teams: strategies.SearchStrategy[Team] = strategies.sampled_from(TEAMS)
numbers = strategies.integers(1, 99)
maybe_numbers = strategies.none() | numbers
# text a person types (formats.text: no surrogate, control character or line break)
typed = strategies.characters(exclude_categories=("Cs", "Cc", "Zl", "Zp"))
texts = strategies.text(typed, min_size=1, max_size=12)


@strategies.composite
def moments(draw: strategies.DrawFn) -> GameTime:
    return GameTime(draw(strategies.integers(1, 6)), draw(strategies.integers(0, 12 * 600)))


def _penalty_args(draw: strategies.DrawFn) -> tuple[Any, ...]:
    return (draw(moments()), draw(teams), draw(maybe_numbers),
            draw(strategies.sampled_from(list(PenaltyClass))), draw(texts),
            draw(strategies.none() | strategies.sampled_from(["642(a)", "615(d)"])),
            draw(maybe_numbers), draw(strategies.none() | strategies.integers(1, 5)), None, None,
            draw(strategies.booleans()))


@strategies.composite
def events(draw: strategies.DrawFn) -> Event:
    kind = draw(strategies.integers(0, 12))
    at = draw(moments())
    team = draw(teams)
    match kind:
        case 0:
            return FaceOff(at, draw(strategies.none() | texts))
        case 1:
            return Stoppage(at, draw(strategies.none() | texts))
        case 2:
            return Goal(at, team, draw(numbers), draw(maybe_numbers), draw(strategies.booleans()))
        case 3:
            return Penalty(*_penalty_args(draw))
        case 4:
            return PenaltySignal(*_penalty_args(draw))
        case 5:
            return PenaltyShot(at, team, draw(numbers), draw(strategies.booleans()))
        case 6:
            return TimeOut(at, team)
        case 7:
            return GoalieChange(at, team, draw(maybe_numbers))
        case 8:
            return PeriodEnd(at)
        case 9:
            return ShootoutAttempt(team, draw(numbers), draw(strategies.booleans()))
        case 10:
            return Forfeit(at, team, draw(strategies.text(typed, max_size=12)))
        case _:
            return Designate(at, team, draw(numbers))


@given(event=events(), numbered=strategies.booleans())
def test_decode_inverts_encode_for_every_event(event: Event, numbered: bool) -> None:
    raw = encode_event(event, Settings(overtime="unlimited" if numbered else "shootout"))
    assert decode_event(json.loads(json.dumps(raw)), 0, 2) == event


def test_settings_are_written_as_read_and_unwritable_ones_are_refused_when_strict() -> None:
    settings = settings_from_mapping({"clock": "running", "minor": "1:30", "mercy": None,
                                      "period_length": "15:00"})
    written = encode_settings(settings)
    assert written["minor"] == "1:30" and written["mercy"] is None
    assert settings_from_mapping(written) == settings
    odd = Settings(roster_max=12)  # no key in FORMAT.md
    assert "roster_max" not in encode_settings(odd)
    with pytest.raises(ValueError, match="roster_max"):
        encode_settings(odd, strict=True)
