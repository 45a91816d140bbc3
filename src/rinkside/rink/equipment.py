"""Equipment checks by Section III (Rules 301-305); the call after a
measurement asked for during a game is made by the engine
(:mod:`rinkside.rules.measurement`).

Measures are inches, as the book gives them (floats: its limits are whole or
half inches, exact in binary). Each check takes what the referee measured or
saw and returns :class:`EquipmentProblem` values naming the rule and the
catalog infraction the referee would call (:mod:`rinkside.rules.infractions`);
None where the book forbids the thing but sets no penalty (Rule 305).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

__all__ = [
    "ADULT_AGE",
    "EquipmentProblem",
    "GoaltenderGear",
    "Item",
    "PlayerGear",
    "Skates",
    "Stick",
    "check_goaltender",
    "check_player",
    "check_skates",
    "check_stick",
    "parse_inches",
]

# Rule 301(b): every stick; floor players' blades.
STICK_MAX_LENGTH = 63.0
BLADE_MAX_LENGTH = 12.5
BLADE_MIN_WIDTH = 2.0
BLADE_MAX_WIDTH = 3.0
# Rule 301(c): the goaltender's stick.
GOALIE_BLADE_MAX_LENGTH = 15.5
GOALIE_BLADE_MAX_WIDTH = 3.5
GOALIE_HEEL_MAX_WIDTH = 4.5
GOALIE_WIDENED_MAX_LENGTH = 26.0
GOALIE_WIDENED_MAX_WIDTH = 5.0
# Rule 303(b), (c), (e): gloves and pads.
BLOCKER_MAX_WIDTH = 8.0
BLOCKER_MAX_LENGTH = 16.0
CATCHER_MAX_LENGTH = 17.0
CATCHER_CUFF_MAX_WIDTH = 9.0
PAD_MAX_WIDTH = 12.0
# Rule 304(a): the mandatory list changes at 18.
ADULT_AGE = 18
# Rule 305(b): elbow pads need a soft covering at least 1/2 in thick.
ELBOW_PAD_MIN_COVER = 0.5


@dataclass(frozen=True, slots=True)
class EquipmentProblem:
    """One way a piece of equipment breaks the book. ``infraction`` is the catalog
    key the referee would call (None: prohibited, no penalty set); ``advice`` marks
    what the book only recommends."""

    rule: str
    item: str
    text: str
    infraction: str | None
    advice: bool = False

    @property
    def message(self) -> str:
        return f"Rule {self.rule}: {self.text}"

    def __str__(self) -> str:
        return self.message


def _in(value: float) -> str:
    return f"{value:g} in"


_FRACTION = re.compile(r"^\s*(\d+(?:\.\d+)?)?(?:(?:\s+|-)?(\d+)\s*/\s*(\d+))?\s*(?:in|\"|'')?\s*$")


def parse_inches(text: str) -> float:
    """``"63"``, ``"12.5"``, ``"12 1/2"``, ``"12-1/2"``, ``"1/2 in"`` -> inches."""
    match = _FRACTION.match(text)
    if match is None or (match.group(1) is None and match.group(2) is None):
        raise ValueError(f"{text!r} is not a measure in inches (e.g. 12.5 or 12 1/2)")
    whole = float(match.group(1) or 0)
    if match.group(2) is not None:
        denominator = int(match.group(3))
        if denominator == 0:
            raise ValueError(f"{text!r}: a fraction cannot have 0 below the line")
        whole += int(match.group(2)) / denominator
    return whole


# --------------------------------------------------------------------------- sticks


@dataclass(frozen=True, slots=True)
class Stick:
    """A stick as measured, inches. Widths are the narrowest and widest points of
    the blade; for a goaltender's stick, ``blade_width_max`` is away from the heel,
    and the widened part up the shaft is ``widened_length`` long from the heel
    and ``widened_width`` wide. Unmeasured values are None and not checked."""

    length: float | None = None
    blade_length: float | None = None
    blade_width_min: float | None = None
    blade_width_max: float | None = None
    goaltender: bool = False
    heel_width: float | None = None
    widened_length: float | None = None
    widened_width: float | None = None
    projections: bool = False
    blade_taped: bool = False


def _over(problems: list[EquipmentProblem], rule: str, item: str, what: str,
          value: float | None, limit: float, infraction: str) -> None:
    if value is not None and value > limit:
        problems.append(EquipmentProblem(
            rule, item, f"{what} is {_in(value)}; the most allowed is {_in(limit)}.",
            infraction))


def check_stick(stick: Stick, *, tape_banned: bool = False) -> list[EquipmentProblem]:
    """Rule 301: every way ``stick`` breaks the stick rule (the blade's curvature
    is not restricted, 301(b)). ``tape_banned``: the house rules forbid tape on
    the blade (301(a))."""
    problems: list[EquipmentProblem] = []
    if stick.projections:  # Rule 301(a)
        problems.append(EquipmentProblem("301(a)", "stick", "the stick has projections "
                                         "extending from it.", "illegal_stick"))
    if stick.blade_taped and tape_banned:  # Rule 301(a)
        problems.append(EquipmentProblem("301(a)", "stick", "tape on the blade, which the "
                                         "house rules prohibit.", "illegal_tape"))
    # Rule 301(b): 63 in from the heel to the end of the shaft, for every stick.
    _over(problems, "301(b)", "stick", "the stick's length from the heel to the end of the shaft",
          stick.length, STICK_MAX_LENGTH, "illegal_stick")
    if stick.goaltender:
        # Rule 301(c): the goaltender's blade, heel and widened shaft.
        _over(problems, "301(c)", "stick", "the goaltender's blade length",
              stick.blade_length, GOALIE_BLADE_MAX_LENGTH, "illegal_stick")
        _over(problems, "301(c)", "stick", "the goaltender's blade width (away from the heel)",
              stick.blade_width_max, GOALIE_BLADE_MAX_WIDTH, "illegal_stick")
        _over(problems, "301(c)", "stick", "the goaltender's blade width at the heel",
              stick.heel_width, GOALIE_HEEL_MAX_WIDTH, "illegal_stick")
        _over(problems, "301(c)", "stick", "the widened part up the shaft reaches from the heel",
              stick.widened_length, GOALIE_WIDENED_MAX_LENGTH, "illegal_stick")
        _over(problems, "301(c)", "stick", "the widened part of the shaft's width",
              stick.widened_width, GOALIE_WIDENED_MAX_WIDTH, "illegal_stick")
        return problems
    # Rule 301(b): a floor player's blade, 12 1/2 in long, 2 to 3 in wide at any point.
    _over(problems, "301(b)", "stick", "the blade's length from the heel",
          stick.blade_length, BLADE_MAX_LENGTH, "illegal_stick")
    _over(problems, "301(b)", "stick", "the blade's widest point",
          stick.blade_width_max, BLADE_MAX_WIDTH, "illegal_stick")
    if stick.blade_width_min is not None and stick.blade_width_min < BLADE_MIN_WIDTH:
        problems.append(EquipmentProblem(
            "301(b)", "stick", f"the blade's narrowest point is {_in(stick.blade_width_min)}; "
            f"it must be at least {_in(BLADE_MIN_WIDTH)}.", "illegal_stick"))
    if any(v is not None for v in (stick.heel_width, stick.widened_length,
                                   stick.widened_width)):
        problems.append(EquipmentProblem(
            "301(c)", "stick", "a widened heel or shaft is allowed on a goaltender's stick "
            "only.", "illegal_stick"))
    return problems


# --------------------------------------------------------------------------- skates


@dataclass(frozen=True, slots=True)
class Skates:
    """Skates as inspected (Rule 302)."""

    axle_openings: int | None = None
    wheels: int | None = None
    projections: bool = False
    speed_skates: bool = False
    quads: bool = False


def check_skates(skates: Skates) -> list[EquipmentProblem]:
    """Rule 302: no added projections, an axle and a wheel in every opening, no
    speed skates; quads allowed, not recommended."""
    problems: list[EquipmentProblem] = []
    if skates.projections:
        problems.append(EquipmentProblem("302(a)", "skates", "projections other than the "
                                         "manufacturer's.", "illegal_skates"))
    if skates.axle_openings is not None and skates.wheels is not None and \
            skates.wheels < skates.axle_openings:
        problems.append(EquipmentProblem(
            "302(b)", "skates", f"{skates.axle_openings} axle openings but "
            f"{skates.wheels} wheels; every opening needs an axle and a wheel.",
            "illegal_skates"))
    if skates.speed_skates:
        problems.append(EquipmentProblem("302(d)", "skates", "speed skates (or skates that "
                                         "may cause injury) are prohibited.", "illegal_skates"))
    if skates.quads:
        problems.append(EquipmentProblem("302(e)", "skates", "quad skates are allowed but not "
                                         "recommended.", None, advice=True))
    return problems


# --------------------------------------------------------------------------- protective


class Item(StrEnum):
    """Protective equipment named by Rules 303(f) and 304(a)."""

    HOCKEY_HELMET = "helmet"  # designed for ice hockey, strap fastened
    CERTIFIED_HELMET = "certified-helmet"  # HECC or CSA approved, chin strap fastened
    FULL_FACE_MASK = "full-face-mask"  # HECC or CSA approved, fastened to the helmet
    ELBOW_PADS = "elbow-pads"
    GLOVES = "gloves"
    SHIN_PADS = "shin-pads"
    CUP = "cup"  # protective cup or pelvic protector
    MOUTH_GUARD = "mouth-guard"
    HIP_PADS = "hip-pads"
    LONG_PANTS = "long-pants"  # padded long hockey pants
    CHEST = "chest"
    THROAT = "throat"
    GOALIE_HELMET = "goalie-helmet"  # HECC or CSA approved, for goaltenders, strap fastened
    GOALIE_MASK = "goalie-mask"  # HECC or CSA approved full face, for goaltenders


_DESCRIBED = {
    Item.HOCKEY_HELMET: "a helmet designed for ice hockey, strap fastened",
    Item.CERTIFIED_HELMET: "a HECC or CSA approved helmet, chin strap fastened",
    Item.FULL_FACE_MASK: "a HECC or CSA approved full face mask fastened to the helmet",
    Item.ELBOW_PADS: "elbow pads",
    Item.GLOVES: "hockey gloves",
    Item.SHIN_PADS: "hockey shin pads",
    Item.CUP: "a protective cup or pelvic protector",
    Item.MOUTH_GUARD: "an internal mouth guard",
    Item.HIP_PADS: "hip pads",
    Item.LONG_PANTS: "padded long hockey pants",
    Item.CHEST: "chest protection",
    Item.THROAT: "throat protection",
    Item.GOALIE_HELMET: "a HECC or CSA approved goaltender's helmet, strap fastened",
    Item.GOALIE_MASK: "a HECC or CSA approved goaltender's full-face mask",
}

_PADS = (Item.ELBOW_PADS, Item.GLOVES, Item.SHIN_PADS, Item.CUP)
_RECOMMENDED = (Item.MOUTH_GUARD, Item.HIP_PADS, Item.LONG_PANTS, Item.CHEST, Item.THROAT)


@dataclass(frozen=True, slots=True)
class PlayerGear:
    """What a player wears and the faults the referee saw (Rules 303(f), 304, 305).

    A certified helmet counts as a hockey helmet, a goaltender's helmet and mask
    as helmet and full face mask."""

    age: int
    wearing: frozenset[Item] = frozenset()
    goaltender: bool = False
    youth_division: bool = False  # Midgets and below (304(c))
    equipment_outside_uniform: bool = False  # 304(b)
    glass_lenses: bool = False  # 304(d)
    glove_palm_cut: bool = False  # 304(e)
    hard_cast_or_splint: bool = False  # 305(a)
    metal_protector: bool = False  # 305(a)
    elbow_pad_cover: float | None = None  # inches of soft covering, 305(b)


_PLAYER_FAULTS: Final[tuple[tuple[str, EquipmentProblem], ...]] = (
    ("equipment_outside_uniform", EquipmentProblem(
        "304(b)", "uniform", "protective equipment other than gloves, head gear or "
        "goaltender leg pads must be under the uniform (a minor after one warning).",
        "equipment_outside_uniform")),
    ("glass_lenses", EquipmentProblem(
        "304(d)", "eyewear", "eyeglasses must have plastic, not glass, lenses.",
        "protective_equipment")),
    ("glove_palm_cut", EquipmentProblem(
        "304(e)", "gloves", "a glove with the palm worn out or cut to bare the fingers is "
        "illegal.", "illegal_glove")),
    ("hard_cast_or_splint", EquipmentProblem(
        "305(a)", "cast", "casts or splints of hard material are prohibited, even padded.",
        None)),
    ("metal_protector", EquipmentProblem(
        "305(a)", "pads", "pads or protectors of metal or material likely to injure are "
        "prohibited.", None)),
)
"""Each fault the referee saw (a flag of :class:`PlayerGear`) and the problem it
is, with its rule, in the order they are reported."""


def _worn(gear: PlayerGear) -> set[Item]:
    worn = set(gear.wearing)
    if Item.GOALIE_HELMET in worn:
        worn.add(Item.CERTIFIED_HELMET)
    if Item.CERTIFIED_HELMET in worn:
        worn.add(Item.HOCKEY_HELMET)
    if Item.GOALIE_MASK in worn:
        worn.add(Item.FULL_FACE_MASK)
    return worn


def check_player(gear: PlayerGear) -> list[EquipmentProblem]:
    """Rules 303(f), 304 and 305: the mandatory equipment for the player's age
    and division, worn right, nothing dangerous; recommended items as advice."""
    worn = _worn(gear)
    problems: list[EquipmentProblem] = []

    def missing(rule: str, item: Item, why: str, infraction: str | None = "protective_equipment",
                advice: bool = False) -> None:
        if item not in worn:
            problems.append(EquipmentProblem(rule, item.value, f"not worn: {_DESCRIBED[item]} "
                                             f"({why}).", infraction, advice))

    if gear.age < ADULT_AGE:  # Rule 304(a), players under 18
        missing("304(a)", Item.CERTIFIED_HELMET, "mandatory under 18")
        missing("304(a)", Item.FULL_FACE_MASK, "mandatory under 18")
    else:  # Rule 304(a), players 18 and older
        missing("304(a)", Item.HOCKEY_HELMET, "mandatory")
    for item in _PADS:
        missing("304(a)", item, "mandatory")
    if gear.youth_division and gear.age >= ADULT_AGE:  # Rule 304(c), regardless of age
        missing("304(c)", Item.FULL_FACE_MASK, "mandatory in the Youth Divisions")
    if gear.goaltender:  # Rule 303(f)
        missing("303(f)", Item.GOALIE_HELMET, "mandatory for goaltenders",
                "illegal_goaltender_equipment")
        missing("303(f)", Item.GOALIE_MASK, "mandatory for goaltenders",
                "illegal_goaltender_equipment")
        missing("303(f)", Item.CHEST, "mandatory for goaltenders",
                "illegal_goaltender_equipment")
    for item in _RECOMMENDED:  # Rules 304(a), 303(f): recommended
        if not (gear.goaltender and item is Item.CHEST):
            missing("304(a)", item, "recommended", None, advice=True)
    problems.extend(problem for fault, problem in _PLAYER_FAULTS if getattr(gear, fault))
    if gear.elbow_pad_cover is not None and gear.elbow_pad_cover < ELBOW_PAD_MIN_COVER:
        problems.append(EquipmentProblem(
            "305(b)", Item.ELBOW_PADS.value, f"elbow pads with {_in(gear.elbow_pad_cover)} of "
            f"soft covering are dangerous equipment; at least {_in(ELBOW_PAD_MIN_COVER)}.",
            None))
    return problems


# --------------------------------------------------------------------------- goaltender


@dataclass(frozen=True, slots=True)
class GoaltenderGear:
    """A goaltender's gloves and pads as measured, inches (Rule 303); unmeasured
    values are None and not checked."""

    blocker_width: float | None = None
    blocker_length: float | None = None
    catcher_length: float | None = None
    catcher_cuff_width: float | None = None
    pad_width: float | None = None
    thumb_bar_bent: bool = False
    added_pocket: bool = False
    pads_altered: bool = False
    abdominal_apron: bool = False
    undue_assistance: bool = False


def check_goaltender(gear: GoaltenderGear) -> list[EquipmentProblem]:
    """Rule 303(a)-(e); each breach is a minor and the goaltender leaves until the
    equipment is corrected (303(g))."""
    key = "illegal_goaltender_equipment"
    problems: list[EquipmentProblem] = []
    if gear.undue_assistance:
        problems.append(EquipmentProblem("303(a)", "equipment", "equipment that gives the "
                                         "goaltender undue assistance in tending goal.", key))
    _over(problems, "303(b)", "blocker", "the blocker's width", gear.blocker_width,
          BLOCKER_MAX_WIDTH, key)
    _over(problems, "303(b)", "blocker", "the blocker's length", gear.blocker_length,
          BLOCKER_MAX_LENGTH, key)
    _over(problems, "303(c)", "catcher", "the catching glove's length", gear.catcher_length,
          CATCHER_MAX_LENGTH, key)
    _over(problems, "303(c)", "catcher", "the catching glove's cuff width",
          gear.catcher_cuff_width, CATCHER_CUFF_MAX_WIDTH, key)
    if gear.thumb_bar_bent:
        problems.append(EquipmentProblem("303(c)", "catcher", "the bar between cuff and thumb "
                                         "may only run in a straight line.", key))
    if gear.added_pocket:
        problems.append(EquipmentProblem("303(c)", "catcher", "an added pocket or pouch makes "
                                         "the catching glove illegal.", key))
    if gear.abdominal_apron:
        problems.append(EquipmentProblem("303(d)", "apron", "abdominal aprons down the thighs or "
                                         "outside the pants are prohibited.", key))
    _over(problems, "303(e)", "pads", "the leg pads' width", gear.pad_width, PAD_MAX_WIDTH, key)
    if gear.pads_altered:
        problems.append(EquipmentProblem("303(e)", "pads", "leg pads may not be altered in any "
                                         "way.", key))
    return problems
