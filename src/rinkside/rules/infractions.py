"""Looking an assessment up in the infraction catalog, and checking its class.

The catalog itself, one :class:`Infraction` per penalty-bearing sub-rule, is
:mod:`rinkside.rules.infraction_catalog`; ``CATALOG`` and ``Infraction`` are
importable from here as well. An assessment is found by its rule, by an
entry's key or name, by the title of its rule or by the words scorekeepers
write for it (:data:`_TITLES`, :data:`_ALIASES`).

Referees have discretion, so the catalog never refuses anything:
:func:`check_assessment` answers with one warning sentence naming the rule,
and the penalty is recorded as assessed.

What an assessment's words mean is worked out once per spelling and kept
(:class:`_Meaning`): at import for every entry as the pickers and the
simulator spell it (its key, the key in words, its name; with its rule and
without), so that the fold's look-up at every penalty is one dict get, with
no regular expression run and no cache filled in the middle of a game
(issue 30: cold caches cost a thousand instructions an event); any other
spelling is worked out the first time it is seen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rinkside.rules.events import PenaltyClass
from rinkside.rules.infraction_catalog import _QUALIFIERS, CATALOG, Infraction

__all__ = ["CATALOG", "Infraction", "assessment_warning", "by_key", "check_assessment", "for_class",
           "lookup"]


# Rule titles as the book prints them: a title names every entry of its rule.
_TITLES: dict[str, str] = {
    "205": "Change of players",
    "206": "Injured players",
    "301": "Sticks",
    "302": "Skates",
    "303": "Goaltender equipment",
    "304": "Protective equipment",
    "407": "Goaltender penalties",
    "601": "Abuse of officials and other misconduct",
    "602": "Adjustment to clothing and equipment",
    "604": "Body checking",
    "606": "Broken stick",
    "610": "Delaying the game",
    "611": "Deliberate injury of opponents",
    "613": "Face-offs",
    "614": "Falling on puck",
    "615": "Fighting and roughing",
    "617": "Handling puck with hands",
    "619": "High sticks",
    "620": "Holding an opponent",
    "624": "Interference",
    "625": "Interference by spectators",
    "626": "Kicking player",
    "629": "Leaving player or penalty bench",
    "631": "Puck must be kept in motion",
    "634": "Refusing to start play and forfeiture",
    "636": "Spearing",
    "638": "Throwing stick",
    "641": "Time outs",
}

# Words scorekeepers write for an infraction, beyond the entries' own names.
_ALIASES: dict[str, tuple[str, ...]] = {
    "abuse of officials": ("unsportsmanlike_conduct", "abuse_of_official",
                           "disrespect_to_official", "physical_harm_to_official"),
    "unsportsmanlike": ("unsportsmanlike_conduct",),
    "delay of game": ("puck_out_of_play", "goaltender_puck_out_of_play",
                      "wrong_number_of_players", "faceoff_position_delay", "displacing_goal",
                      "faceoff_refusing_position", "faceoff_team_delay", "delaying_line_change",
                      "goaltender_holding_puck", "holding_puck_against_boards",
                      "refusing_to_play"),
    "too many players": ("illegal_substitution",),
    "too many men": ("illegal_substitution",),
    "instigating": ("instigator",),
    "punch": ("dropping_gloves_punch",),
    "throwing a punch": ("dropping_gloves_punch",),
    "retaliation": ("roughing",),
    "butt end": ("butt_ending_contact", "butt_ending_attempt"),
    "spear": ("spearing_contact", "spearing_attempt"),
    "head butt": ("head_butting", "head_butting_severe"),
    "slew footing": ("tripping_injury",),
    "leaving the bench": ("leaving_bench_altercation",),
    "illegal equipment": ("illegal_stick", "illegal_skates", "illegal_goaltender_equipment",
                          "equipment_outside_uniform", "illegal_glove", "protective_equipment",
                          "playing_without_helmet"),
}


_NOT_WORD = re.compile(r"[^0-9a-z]")


def _norm(text: str) -> str:
    """Case, spaces, hyphens, underscores and punctuation ignored."""
    return _NOT_WORD.sub("", text.casefold())


_RULE = re.compile(
    r"\s*(?:rule\s*)?(\d{3})\s*(?:\(?\s*([a-z])(?![a-z]))?", re.IGNORECASE | re.ASCII
)


def _parse_rule(text: str) -> tuple[str, str | None] | None:
    """``"Rule 642(a)"``, ``"642 (a)"``, ``"642(a)"`` -> ``("642", "a")``; ``"642"`` -> no letter.

    Anything after the letter is ignored (``"601 (c (4))"`` -> ``("601", "c")``).
    """
    match = _RULE.match(text)
    if match is None:
        return None
    letter = match.group(2)
    return match.group(1), letter.lower() if letter else None


def _shown(rule: str) -> str:
    """A rule as the book numbers it, ``"642(a)"``; the text itself if it is not one."""
    parsed = _parse_rule(rule)
    if parsed is None:
        return rule.strip()
    number, letter = parsed
    return f"{number}({letter})" if letter else number


def _number(entry: Infraction) -> str:
    return entry.rule.split("(", 1)[0]


def _index_by_key() -> dict[str, Infraction]:
    index = {entry.key: entry for entry in CATALOG}
    if len(index) != len(CATALOG):
        raise ValueError("infraction keys must be unique")
    return index


def _index_by_name() -> dict[str, list[Infraction]]:
    """Normalised word -> entries: keys and names first, then titles, then aliases."""
    index: dict[str, list[Infraction]] = {}
    for entry in CATALOG:
        for word in {_norm(entry.key), _norm(entry.name)}:
            index.setdefault(word, []).append(entry)
    for number, title in _TITLES.items():
        index.setdefault(_norm(title), [e for e in CATALOG if _number(e) == number])
    for alias, keys in _ALIASES.items():
        index.setdefault(_norm(alias), [_BY_KEY[key] for key in keys])
    return index


_BY_KEY = _index_by_key()
_BY_NAME = _index_by_name()


def _index_by_rule() -> tuple[dict[str, list[Infraction]], dict[str, list[Infraction]]]:
    """Rule number -> its entries, and sub-rule (``"642(a)"``) -> its entries,
    in book order: an assessment the caches have not seen yet finds its
    entries in one look-up, not a scan of the catalog (issue 30)."""
    by_number: dict[str, list[Infraction]] = {}
    by_rule: dict[str, list[Infraction]] = {}
    for entry in CATALOG:
        by_number.setdefault(_number(entry), []).append(entry)
        by_rule.setdefault(entry.rule, []).append(entry)
    return by_number, by_rule


_BY_NUMBER, _BY_SUB_RULE = _index_by_rule()


def _by_rule(rule: str) -> list[Infraction]:
    parsed = _parse_rule(rule)
    if parsed is None:
        return []
    number, letter = parsed
    wanted = f"{number}({letter})"
    if letter is None or wanted in _QUALIFIERS:
        return list(_BY_NUMBER.get(number, ()))
    return list(_BY_SUB_RULE.get(wanted, ()))


def _candidates(infraction: str, rule: str | None) -> list[Infraction]:
    """The entries an assessment may mean, best first: by rule, then by name."""
    by_name = _BY_NAME.get(_norm(infraction), [])
    if rule is not None:
        by_rule = _by_rule(rule)
        if by_rule:
            named = [e for e in by_rule if e in by_name]
            return named or by_rule
    return list(by_name)


def by_key(key: str) -> Infraction:
    """The entry with this key; ``KeyError`` if there is none."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise KeyError(f"no infraction {key!r} in the catalog") from None


@dataclass(frozen=True, slots=True)
class _Meaning:
    """What one assessment's words (infraction, rule) mean in the catalog."""

    found: tuple[Infraction, ...]
    """The entries it may mean, best first (:func:`_candidates`)."""
    entry: Infraction | None
    """The first of them: the one :func:`lookup` answers."""
    fits: frozenset[PenaltyClass]
    """The classes that fit any of them (:func:`_fitting`): no warning for these."""


def _meaning(infraction: str, rule: str | None) -> _Meaning:
    found = tuple(_candidates(infraction, rule))
    return _Meaning(found, found[0] if found else None,
                    frozenset().union(*(_FITTING[entry.key] for entry in found)))


_MEANINGS: dict[tuple[str, str | None], _Meaning] = {}
_MEANINGS_KEPT = 4096  # spellings kept beyond the catalog's own (free text is unbounded)


def _meant(infraction: str, rule: str | None) -> _Meaning:
    """The meaning of (infraction, rule): kept from import or an earlier call,
    else worked out (and kept, up to :data:`_MEANINGS_KEPT` spellings)."""
    key = (infraction, rule)
    meaning = _MEANINGS.get(key)
    if meaning is None:
        meaning = _meaning(infraction, rule)
        if len(_MEANINGS) < _MEANINGS_KEPT:
            _MEANINGS[key] = meaning
    return meaning


def lookup(infraction: str, rule: str | None = None) -> Infraction | None:
    """The entry meant by an assessment, or None.

    By rule first (``"Rule 642(a)"``, ``"642 (a)"`` and ``"642(a)"`` alike; a
    bare ``"642"`` or a qualifying sub-rule such as ``"609(d)"`` gives the
    rule's entries, the one named by ``infraction`` if any, else the first),
    then by key or name, ignoring case, spaces, hyphens and underscores.
    """
    meaning = _MEANINGS.get((infraction, rule))  # most: one get (the index below)
    return (meaning or _meant(infraction, rule)).entry


_LABELS: dict[PenaltyClass, str] = {
    PenaltyClass.MINOR: "minor",
    PenaltyClass.DOUBLE_MINOR: "double minor",
    PenaltyClass.BENCH_MINOR: "bench minor",
    PenaltyClass.MAJOR: "major",
    PenaltyClass.MISCONDUCT: "misconduct",
    PenaltyClass.GAME_EJECTION: "game ejection",
    PenaltyClass.GAME_MISCONDUCT: "game misconduct",
    PenaltyClass.GROSS_MISCONDUCT: "gross misconduct",
    PenaltyClass.MATCH: "match penalty",
}


def _label(penalty_class: PenaltyClass) -> str:
    return _LABELS.get(penalty_class, str(penalty_class).replace("_", " "))


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _allowed(entry: Infraction) -> str:
    if not entry.classes:
        return "no penalty of its own, only a penalty shot"
    text = _either([_label(c) for c in PenaltyClass if c in entry.classes])
    if entry.companions:
        text += ", with an automatic " + " and ".join(_label(c) for c in entry.companions)
    return text


def _fitting(entry: Infraction) -> frozenset[PenaltyClass]:
    """The classes that fit the entry: the rule's, its companions, and a
    minor where it gives a double minor (one of its two minors, casebook 37:
    the second one of a signalled double minor)."""
    halves = {PenaltyClass.MINOR} if PenaltyClass.DOUBLE_MINOR in entry.classes else set()
    return entry.classes.union(entry.companions, halves)


def check_assessment(infraction: str, penalty_class: PenaltyClass,
                     rule: str | None = None) -> str | None:
    """:func:`assessment_warning` as one sentence, ``Rule X: ...`` (None: allowed)."""
    found = assessment_warning(infraction, penalty_class, rule)
    return None if found is None else f"Rule {found[0]}: {found[1]}"


def assessment_warning(infraction: str, penalty_class: PenaltyClass, rule: str | None = None
                       ) -> tuple[str, str] | None:
    """None when the catalog allows this class for the infraction, else one warning.

    A companion of the entry also fits (the game misconduct of a fight), and
    where the assessment may mean several entries (a bare ``"615"``, the two
    entries of ``"615(d)"``, an alias) any of them fits. The warning names the
    rule; the penalty still stands as the referee's discretion, so this never
    raises.
    """
    meaning = _MEANINGS.get((infraction, rule)) or _meant(infraction, rule)
    if penalty_class in meaning.fits:  # most: allowed, one set look-up
        return None
    if not meaning.found:
        where = f" under Rule {_shown(rule)}" if rule is not None else ""
        return (_shown(rule) if rule is not None else "401(a)",
                (f"'{infraction}'{where} is not in the Section VI catalog"
                " — recorded as the referee's discretion."))
    entry = meaning.found[0]
    label = _label(penalty_class)
    article = "an" if label[:1] in ("a", "e", "i", "o", "u") else "a"
    return (entry.rule, (f"{entry.name} allows {_allowed(entry)}; {article} {label}"
            " was assessed — recorded as the referee's discretion."))


_FITTING = {entry.key: _fitting(entry) for entry in CATALOG}


def _index_meanings() -> None:
    """Every entry as the pickers and the simulator spell it (its key, the
    key in words, its name), with its rule and without: their meanings are
    worked out here, once, not during a game."""
    for entry in CATALOG:
        for words in {entry.key, entry.key.replace("_", " "), entry.name}:
            for rule in (entry.rule, None):
                _MEANINGS[(words, rule)] = _meaning(words, rule)


def for_class(penalty_class: PenaltyClass) -> tuple[Infraction, ...]:
    """The entries a penalty picker offers for a class, in book order.

    Only entries that give the class themselves: a fight's automatic game
    misconduct comes with the fighting major, not as a pick of its own.
    """
    return tuple(entry for entry in CATALOG if penalty_class in entry.classes)


_index_meanings()
