"""The infraction catalog: what each playing rule lets the referee give.

One :class:`Infraction` per penalty-bearing sub-rule of Section VI (Rules
601-642), and of the equipment and bench rules that give penalties outside it
(205, 206, 301-304, 407). Each names the classes the rule allows, the
penalties it makes automatic with them (``companions``), whether it can award
a penalty shot, and any suspension the rule itself sets.

How the book's clauses are folded in:

- "Any major penalty assessed for X may also include a game ejection or game
  misconduct at the Referee's discretion" (604(d), 605(c), 608(d), 609(d),
  612(c), 619(c), 622(c), 628(c), 635(e), 642(d)): both are in the classes of
  every entry of that rule that allows a major.
- "X may also be treated as a match penalty under Rules 603 and 611" (604(f),
  605(d), 607(d), 608(e), 609(e), 612(e), 618(c), 619(d), 628(d), 635(f),
  636(d)): match is in the classes of every entry of that rule.
- "A major penalty and automatic game misconduct" (604(e), 607(c), 615(a),
  618(b), 620(c), 636(c)): classes {major}, companions (game misconduct,).

These qualifying sub-rules have no entry of their own; looked up by number
they resolve to the entries of the rule they qualify (:data:`_QUALIFIERS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rinkside.rules.events import PenaltyClass

__all__ = ["CATALOG", "Infraction"]

# The classes of Rule 401(a) and 404-405, as the catalog's rows name them.
MINOR = PenaltyClass.MINOR
DOUBLE_MINOR = PenaltyClass.DOUBLE_MINOR
BENCH_MINOR = PenaltyClass.BENCH_MINOR
MAJOR = PenaltyClass.MAJOR
MISCONDUCT = PenaltyClass.MISCONDUCT
GAME_EJECTION = PenaltyClass.GAME_EJECTION
GAME_MISCONDUCT = PenaltyClass.GAME_MISCONDUCT
GROSS_MISCONDUCT = PenaltyClass.GROSS_MISCONDUCT
MATCH = PenaltyClass.MATCH


@dataclass(frozen=True, slots=True)
class Infraction:
    """One penalty-bearing sub-rule, as a scorekeeper picks it."""

    key: str
    name: str
    rule: str
    classes: frozenset[PenaltyClass]
    companions: tuple[PenaltyClass, ...] = ()
    penalty_shot: bool = False
    suspension_games: int | None = None
    note: str = ""


def _allows(*classes: PenaltyClass) -> frozenset[PenaltyClass]:
    return frozenset(classes)


_EJECT = (GAME_EJECTION, GAME_MISCONDUCT)  # "may also include a game ejection or GM"
_GM = (GAME_MISCONDUCT,)  # "and automatic game misconduct"
# the rule gives a penalty shot and no penalty of its own
_NONE: frozenset[PenaltyClass] = frozenset()

_I = Infraction

CATALOG: tuple[Infraction, ...] = (
    # Rule 205 - Change of players
    _I("illegal_substitution", "Too many players (illegal substitution)", "205(c)",
       _allows(BENCH_MINOR), penalty_shot=True,
       note="a deliberate one in the last two minutes or overtime: penalty shot (205 note 3)"),
    _I("delaying_line_change", "Delaying a line change", "205(d)", _allows(BENCH_MINOR),
       note="changes at a stoppage not made at once, after a warning"),
    # Rule 206 - Injured players
    _I("illegal_injured_replacement", "Illegal replacement of a penalized injured player",
       "206(d)", _allows(BENCH_MINOR),
       note="the substitute must come from the penalty bench"),
    # Rule 301 - Sticks
    _I("illegal_tape", "Illegal tape on the blade", "301(a)", _allows(MINOR),
       note="only where house rules prohibit tape on the blade"),
    _I("illegal_stick", "Illegal stick", "301(d)", _allows(MINOR),
       note="a stick outside the 301 dimensions, goaltenders included"),
    _I("refusing_stick_measurement", "Refusing stick measurement", "301(e)",
       _allows(MINOR), companions=(MISCONDUCT,),
       note="refusing to surrender the stick: a minor plus a misconduct"),
    # Rule 302 - Skates
    _I("illegal_skates", "Illegal skates", "302(c)", _allows(MINOR),
       note="projections or missing axles/wheels; may not return until corrected"),
    # Rule 303 - Goaltender equipment
    _I("illegal_goaltender_equipment", "Illegal goaltender equipment", "303(g)",
       _allows(MINOR), note="the goaltender leaves until the equipment is corrected"),
    # Rule 304 - Protective equipment
    _I("equipment_outside_uniform", "Protective equipment outside the uniform", "304(b)",
       _allows(MINOR), note="after one warning"),
    _I("illegal_glove", "Illegal glove (cut palm)", "304(e)", _allows(MINOR)),
    _I("protective_equipment", "Protective equipment violation", "304(f)", _allows(MINOR),
       note="the player leaves until the equipment is corrected"),
    # Rule 407 - Goaltender penalties
    _I("goaltender_past_centre", "Goaltender playing past centre", "407(d)", _allows(MINOR)),
    # Rule 601 - Abuse of officials and other misconduct
    _I("unsportsmanlike_conduct", "Unsportsmanlike conduct", "601(a)",
       _allows(MINOR, BENCH_MINOR, MISCONDUCT, GAME_MISCONDUCT),
       note="disputing, abusive language, inciting: minor, then misconduct, then game "
            "misconduct; a team official: bench minor, then game misconduct"),
    _I("shooting_after_whistle", "Shooting the puck after the whistle", "601(b)",
       _allows(MINOR), note="when the player had time to refrain"),
    _I("not_proceeding_to_penalty_bench", "Not proceeding to the penalty bench", "601(c)",
       _allows(MINOR, BENCH_MINOR), note="601(c) 1: or to the dressing room when ordered"),
    _I("throwing_object_onto_surface", "Throwing an object onto the playing surface", "601(c)",
       _allows(MINOR, BENCH_MINOR), note="601(c) 2: from the players' or penalty bench"),
    _I("interfering_with_official", "Interfering with an official", "601(c)",
       _allows(MINOR, BENCH_MINOR), note="601(c) 3: non-physically"),
    _I("not_leaving_altercation", "Not going to the bench during an altercation", "601(c)",
       _allows(MINOR, BENCH_MINOR), note="601(c) 4: a player not involved"),
    _I("abuse_of_official", "Abuse of an official", "601(d)",
       _allows(MISCONDUCT, GAME_MISCONDUCT),
       note="601(d) 1: obscene or abusive language, persisting in disputing a ruling"),
    _I("puck_away_from_official", "Shooting the puck away from an official", "601(d)",
       _allows(MISCONDUCT, GAME_MISCONDUCT), note="601(d) 2: during a stoppage"),
    _I("remaining_in_referees_crease", "Remaining in the referee's crease", "601(d)",
       _allows(MISCONDUCT, GAME_MISCONDUCT), note="601(d) 3: after being asked to leave"),
    _I("touching_official", "Touching or holding an official", "601(d)",
       _allows(MISCONDUCT, GAME_MISCONDUCT), note="601(d) 4: with the hand or stick"),
    _I("banging_boards", "Banging the boards, glass or goal", "601(d)",
       _allows(MISCONDUCT, GAME_MISCONDUCT), note="601(d) 5: intentionally, with a stick"),
    _I("disrespect_to_official", "Disrespect to an official", "601(d)",
       _allows(MISCONDUCT, GAME_MISCONDUCT), note="601(d) 6: language or gestures"),
    _I("physical_harm_to_official", "Physical harm to an official", "601(f)",
       _allows(GROSS_MISCONDUCT),
       note="601(f) 1: inflicting or attempting harm on a game or team official"),
    _I("detrimental_conduct", "Conduct detrimental to the game", "601(f)",
       _allows(GROSS_MISCONDUCT), note="601(f) 2: including spitting"),
    _I("obscene_gestures_or_slurs", "Obscene gestures or racial slurs", "601(f)",
       _allows(GROSS_MISCONDUCT), note="601(f) 3: anywhere in the rink"),
    # Rule 602 - Adjustment to clothing and equipment
    _I("equipment_adjustment_delay", "Delaying the game to adjust equipment", "602(a)",
       _allows(MINOR)),
    _I("playing_without_helmet", "Improper equipment (playing without a helmet)", "602(b)",
       _allows(MINOR), note="602(b) note 1: making a play after losing the helmet"),
    _I("goaltender_equipment_delay", "Goaltender equipment adjustment", "602(d)",
       _allows(MINOR), note="a goaltender's infraction of Rule 602"),
    # Rule 603 - Attempt to injure
    _I("attempt_to_injure", "Attempt to injure", "603(a)", _allows(MATCH),
       note="reported to the Event Directors; substitute after the fifth minute"),
    # Rule 604 - Body checking (majors: 604(d); match: 604(f))
    _I("body_checking", "Body checking", "604(a)",
       _allows(MINOR, MAJOR, *_EJECT, MATCH), note="an intentional body check"),
    _I("contact_after_whistle", "Contact after the whistle", "604(b)",
       _allows(MINOR, MAJOR, *_EJECT, MATCH),
       note="when the player had time to avoid the contact"),
    _I("body_checking_injury", "Body checking causing injury", "604(c)",
       _allows(MAJOR, *_EJECT, MATCH), note="the referee must give a major"),
    _I("checking_from_behind", "Checking from behind", "604(e)",
       _allows(MAJOR, MATCH), companions=_GM),
    # Rule 605 - Boarding (majors: 605(c); match: 605(d))
    _I("boarding", "Boarding", "605(a)", _allows(MINOR, MAJOR, *_EJECT, MATCH),
       note="minor or major by the violence of the impact"),
    _I("boarding_injury", "Boarding causing injury", "605(b)",
       _allows(MAJOR, *_EJECT, MATCH), note="the referee must give a major"),
    # Rule 606 - Broken stick
    _I("broken_stick", "Playing with a broken stick", "606(a)", _allows(MINOR),
       note="a skater must drop it at once; a goaltender may play on (606(b))"),
    _I("receiving_stick_illegally", "Receiving a stick illegally", "606(c)", _allows(MINOR),
       note="a stick thrown onto the floor"),
    # Rule 607 - Butt-ending (attempt: 607(b); match: 607(d))
    _I("butt_ending_attempt", "Attempt to butt-end", "607(a)",
       _allows(MAJOR, GAME_EJECTION, MATCH),
       note="a butt-end gesture, contact or not; may add a game ejection (607(b))"),
    _I("butt_ending_contact", "Butt-ending", "607(c)", _allows(MAJOR, MATCH),
       companions=_GM, note="contact with an opponent"),
    # Rule 608 - Charging (majors: 608(d); match: 608(e))
    _I("charging", "Charging", "608(a)", _allows(MINOR, MAJOR, *_EJECT, MATCH)),
    _I("charging_goaltender", "Charging the goaltender in the crease", "608(b)",
       _allows(MINOR, MAJOR, *_EJECT, MATCH)),
    _I("charging_injury", "Charging causing injury", "608(c)",
       _allows(MAJOR, *_EJECT, MATCH), note="the referee must give a major"),
    # Rule 609 - Cross checking (majors: 609(d); match: 609(e))
    _I("cross_checking", "Cross checking", "609(a)",
       _allows(MINOR, MAJOR, *_EJECT, MATCH)),
    _I("cross_checking_injury", "Cross checking causing injury", "609(b)",
       _allows(MAJOR, *_EJECT, MATCH)),
    _I("cross_checking_goaltender", "Cross checking the goaltender in the crease", "609(c)",
       _allows(MINOR, MAJOR, *_EJECT, MATCH)),
    # Rule 610 - Delaying the game
    _I("puck_out_of_play", "Delay of game (puck out of play)", "610(a)", _allows(MINOR),
       note="deliberately shooting or batting the puck outside the playing area"),
    _I("goaltender_puck_out_of_play", "Goaltender shooting the puck out of play", "610(b)",
       _allows(MINOR), note="directly, where the boards are protected by glass or screen"),
    _I("wrong_number_of_players", "Delay of game (wrong number of players)", "610(c)",
       _allows(BENCH_MINOR), note="after a warning"),
    _I("faceoff_position_delay", "Delay of game (face-off position)", "610(d)",
       _allows(MINOR), note="after a warning"),
    _I("displacing_goal", "Displacing the goal", "610(e)", _allows(MINOR), penalty_shot=True,
       note="penalty shot in the last 2 minutes, in overtime or on a breakaway; may award a goal"),
    _I("unsubstantiated_measurement", "Unsubstantiated equipment measurement", "610(f)",
       _allows(BENCH_MINOR), note="the measured equipment is legal"),
    # Rule 611 - Deliberate injury of opponents
    _I("deliberate_injury", "Deliberate injury of an opponent", "611(a)", _allows(MATCH),
       note="reported to the Event Directors; no substitute for five minutes (611(b))"),
    # Rule 612 - Elbowing (majors: 612(c); match: 612(e))
    _I("elbowing", "Elbowing", "612(a)", _allows(MINOR, MAJOR, *_EJECT, MATCH)),
    _I("elbowing_injury", "Elbowing causing injury", "612(b)",
       _allows(MAJOR, *_EJECT, MATCH)),
    # Rule 613 - Face-offs
    _I("faceoff_refusing_position", "Failing to take face-off position", "613(c)",
       _allows(MINOR), note="613(c) note 1: a delay of game after a warning and replacement"),
    _I("faceoff_contact", "Face-off contact", "613(d)", _allows(MINOR),
       note="contact with an opponent before the face-off is completed"),
    _I("faceoff_second_violation", "Second face-off violation", "613(e)", _allows(MINOR),
       note="during the same face-off"),
    _I("faceoff_team_delay", "Team delaying the face-off", "613(k)", _allows(BENCH_MINOR),
       note="procrastinating while the other team is lined up"),
    # Rule 614 - Falling on puck
    _I("falling_on_puck", "Falling on the puck", "614(a)", _allows(MINOR),
       note="a skater deliberately falling on or gathering the puck"),
    _I("goaltender_falling_on_puck", "Goaltender falling on the puck outside the crease",
       "614(b)", _allows(MINOR), note="also holding the puck against the boards"),
    _I("falling_on_puck_in_crease", "Falling on the puck in the crease", "614(c)", _NONE,
       penalty_shot=True,
       note="a defender other than the goaltender; a goal if the net is empty; no other penalty"),
    # Rule 615 - Fighting and roughing
    _I("fighting", "Fighting", "615(a)", _allows(MAJOR), companions=_GM),
    _I("instigator", "Instigating a fight", "615(a)", _allows(MINOR),
       companions=(MAJOR, GAME_MISCONDUCT),
       note="in addition to the fight; removing the sweater counts as instigating"),
    _I("roughing", "Roughing", "615(b)", _allows(MINOR, DOUBLE_MINOR, MAJOR),
       note="retaliating with a blow; double minor or major for continuing the altercation"),
    _I("fighting_off_surface", "Fighting off the playing surface", "615(c)",
       _allows(GAME_MISCONDUCT)),
    _I("dropping_gloves", "Dropping the gloves", "615(d)", _allows(GAME_MISCONDUCT),
       note="in an aggressive or threatening manner"),
    _I("dropping_gloves_punch", "Dropping the gloves and throwing a punch", "615(d)",
       _allows(GAME_MISCONDUCT), suspension_games=3,
       note="a minimum of three games, subject to review by the Event Directors"),
    _I("first_to_intervene", "First to intervene in an altercation", "615(e)",
       _allows(GAME_EJECTION), note="a peacemaker included"),
    _I("team_not_clearing_altercation", "Team not clearing to the bench during an altercation",
       "615(f)", _allows(BENCH_MINOR), note="to the defensive zone if it is at the bench"),
    _I("resisting_official", "Resisting an official", "615(g)",
       _allows(MISCONDUCT, GAME_MISCONDUCT)),
    _I("goaltender_joining_altercation", "Goaltender leaving the crease for an altercation",
       "615(h)", _allows(MINOR), note="in addition to any penalty of the altercation"),
    # Rule 617 - Handling puck with hands
    _I("goaltender_holding_puck", "Goaltender holding the puck (delay of game)", "617(b)",
       _allows(MINOR), note="after a warning"),
    _I("goaltender_smothering_puck", "Goaltender piling up obstacles or hiding the puck",
       "617(c)", _allows(MINOR), note="dropping it into the pads or onto the net"),
    _I("handling_puck", "Handling the puck", "617(d)", _allows(MINOR),
       note="a skater picking the puck up off the floor"),
    _I("handling_puck_in_crease", "Picking up the puck in the crease", "617(e)", _NONE,
       penalty_shot=True, note="a defender other than the goaltender"),
    # Rule 618 - Head-butting (match: 618(c))
    _I("head_butting", "Head-butting", "618(a)", _allows(MAJOR, MATCH),
       note="contact or an attempt"),
    _I("head_butting_severe", "Head-butting with severe contact", "618(b)",
       _allows(MAJOR, MATCH), companions=_GM),
    # Rule 619 - High sticks (majors: 619(c), which says "must"; match: 619(d))
    _I("high_sticking", "High sticking", "619(a)",
       _allows(MINOR, MAJOR, *_EJECT, MATCH),
       note="a major must add a game ejection or game misconduct (619(c))"),
    _I("high_sticking_injury", "High sticking causing injury", "619(b)",
       _allows(DOUBLE_MINOR, MAJOR, *_EJECT, MATCH),
       note="double minor if accidental, major if careless; a major must add an ejection or GM"),
    # Rule 620 - Holding an opponent
    _I("holding", "Holding", "620(a)", _allows(MINOR)),
    _I("holding_facemask", "Holding the facemask", "620(b)", _allows(MAJOR)),
    _I("holding_facemask_injury", "Holding the facemask causing injury", "620(c)",
       _allows(MAJOR), companions=_GM),
    # Rule 621 - Holding an opponent's stick
    _I("holding_stick", "Holding an opponent's stick", "621(a)", _allows(MINOR)),
    # Rule 622 - Hooking (majors: 622(c))
    _I("hooking", "Hooking", "622(a)", _allows(MINOR)),
    _I("hooking_injury", "Hooking causing injury", "622(b)", _allows(MAJOR, *_EJECT)),
    # Rule 623 - Illegal puck handling
    _I("illegal_puck_handling", "Illegal puck handling (spearing the puck)", "623(a)",
       _allows(MINOR)),
    # Rule 624 - Interference
    _I("interference", "Interference", "624(a)", _allows(MINOR)),
    _I("bench_interference", "Interference from the bench", "624(b)", _allows(MINOR),
       penalty_shot=True, note="from the players' or penalty bench; penalty shot on a breakaway"),
    _I("goaltender_interference", "Interference with the goaltender", "624(c)",
       _allows(MINOR), note="physical contact while the goaltender is in the crease"),
    # Rule 625 - Interference by spectators
    _I("interfering_with_spectator", "Physically interfering with a spectator", "625(b)",
       _allows(GROSS_MISCONDUCT), note="reported to the Event Directors"),
    # Rule 626 - Kicking player
    _I("kicking", "Kicking a player", "626(a)", _allows(MATCH),
       note="a kick or an attempt; substitute after the fifth minute"),
    # Rule 628 - Kneeing (majors: 628(c); match: 628(d))
    _I("kneeing", "Kneeing", "628(a)", _allows(MINOR, MAJOR, *_EJECT, MATCH)),
    _I("kneeing_injury", "Kneeing causing injury", "628(b)", _allows(MAJOR, *_EJECT, MATCH)),
    # Rule 629 - Leaving player or penalty bench
    _I("leaving_bench_altercation", "Leaving the bench to join an altercation", "629(a)",
       _allows(GAME_MISCONDUCT), note="reported to the Event Office"),
    _I("leaving_penalty_bench_early", "Leaving the penalty bench early", "629(c)",
       _allows(MINOR), note="served after the unexpired penalty"),
    _I("leaving_penalty_bench_altercation", "Leaving the penalty bench to join an altercation",
       "629(d)", _allows(MINOR), companions=_GM, note="after serving the unexpired time"),
    _I("illegal_entry_interference", "Interference by a player illegally entering the game",
       "629(g)", _NONE, penalty_shot=True,
       note="on a breakaway; a goal instead if the net is empty (629(i))"),
    _I("team_official_on_floor", "Team official on the floor without permission", "629(j)",
       _allows(BENCH_MINOR, *_EJECT), note="bench minor, possibly an ejection or GM"),
    # Rule 631 - Puck must be kept in motion
    _I("not_advancing_puck", "Failing to advance the puck", "631(b)", _allows(MINOR),
       note="a second violation by the team in the period, after a warning"),
    _I("holding_puck_against_boards", "Holding the puck against the boards", "631(c)",
       _allows(MINOR), note="to delay the game"),
    # Rule 634 - Refusing to start play and forfeiture
    _I("refusing_to_play", "Refusing to play", "634(a)", _allows(BENCH_MINOR),
       note="after a warning and fifteen seconds; a repetition suspends the game"),
    # Rule 635 - Slashing (majors: 635(e); match: 635(f))
    _I("slashing", "Slashing", "635(a)", _allows(MINOR, MAJOR, *_EJECT, MATCH),
       note="includes swinging at an opponent without striking"),
    _I("slashing_injury", "Slashing causing injury", "635(b)",
       _allows(MAJOR, *_EJECT, MATCH)),
    _I("swinging_stick_altercation", "Swinging the stick in an altercation", "635(c)",
       _allows(MATCH)),
    _I("stick_on_covering_goaltender", "Stick contact on a goaltender covering the puck",
       "635(d)", _allows(MINOR, MATCH), note="in the crease, by a player without the puck"),
    # Rule 636 - Spearing (attempt: 636(b); match: 636(d))
    _I("spearing_attempt", "Attempt to spear", "636(a)",
       _allows(MAJOR, GAME_EJECTION, MATCH),
       note="a spearing gesture, contact or not; may add a game ejection (636(b))"),
    _I("spearing_contact", "Spearing", "636(c)", _allows(MAJOR, MATCH), companions=_GM,
       note="contact with an opponent"),
    # Rule 638 - Throwing stick
    _I("throwing_stick_at_puck", "Throwing the stick at the puck in the defending zone",
       "638(a)", _NONE, penalty_shot=True,
       note="penalty shot if no goal is scored; a goal if the net was open"),
    _I("throwing_stick", "Throwing the stick", "638(b)", _allows(MINOR),
       note="toward the puck, in any zone, unless a penalty shot or goal was given"),
    _I("throwing_stick_at_spectators", "Throwing the stick toward spectators", "638(c)",
       _allows(MISCONDUCT, *_EJECT)),
    # Rule 641 - Time outs
    _I("timeout_violation", "Time-out violation", "641(d)", _allows(BENCH_MINOR)),
    # Rule 642 - Tripping (majors: 642(d))
    _I("tripping", "Tripping", "642(a)", _allows(MINOR)),
    _I("diving_trip", "Diving into an opponent", "642(b)", _allows(MINOR),
       note="except to block a shot"),
    _I("tripping_injury", "Tripping causing injury", "642(c)", _allows(MAJOR, *_EJECT),
       note="slew footing included"),
    _I("foul_from_behind", "Foul from behind on a scoring chance", "642(e)", _NONE,
       penalty_shot=True,
       note="the foul's own penalty goes under its rule; 406(h): no minor is served"),
)

# Sub-rules that qualify the entries of their rule rather than name an infraction.
_QUALIFIERS: dict[str, str] = {
    "604(d)": "a body-checking major may add a game ejection or game misconduct",
    "604(f)": "body checking may be a match penalty",
    "605(c)": "a boarding major may add a game ejection or game misconduct",
    "605(d)": "boarding may be a match penalty",
    "607(b)": "an attempt to butt-end may add a game ejection",
    "607(d)": "butt-ending may be a match penalty",
    "608(d)": "a charging major may add a game ejection or game misconduct",
    "608(e)": "charging may be a match penalty",
    "609(d)": "a cross-checking major may add a game ejection or game misconduct",
    "609(e)": "cross checking may be a match penalty",
    "612(c)": "an elbowing major may add a game ejection or game misconduct",
    "612(e)": "elbowing may be a match penalty",
    "618(c)": "head-butting may be a match penalty",
    "619(c)": "a high-sticking major must add a game ejection or game misconduct",
    "619(d)": "high sticking may be a match penalty",
    "622(c)": "a hooking major may add a game ejection or game misconduct",
    "628(c)": "a kneeing major may add a game ejection or game misconduct",
    "628(d)": "kneeing may be a match penalty",
    "635(e)": "a slashing major may add a game ejection or game misconduct",
    "635(f)": "slashing may be a match penalty",
    "636(b)": "an attempt to spear may add a game ejection",
    "636(d)": "spearing may be a match penalty",
    "642(d)": "a tripping major may add a game ejection or game misconduct",
}
