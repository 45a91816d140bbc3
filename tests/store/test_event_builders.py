"""The decoder's constructors (store.event_builders): the same value as the
event's own constructor, and none for a class whose constructor does more
than set its fields."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from rinkside.rules.events import FaceOff, Goal, Penalty, PenaltyClass
from rinkside.rules.times import GameTime
from rinkside.store.event_builders import builder


def test_a_built_event_is_the_constructors_value() -> None:
    at = GameTime(2, 4510)
    assert builder(FaceOff)(at, "centre") == FaceOff(at, "centre")
    goal = builder(Goal)(at, "away", 12, None, True)
    assert goal == Goal(at, "away", 12, None, True)
    assert hash(goal) == hash(Goal(at, "away", 12, None, True))
    args = (at, "home", 7, PenaltyClass.MINOR, "hooking", "623", None, None, None, None, True)
    assert builder(Penalty)(*args) == Penalty(*args)


def test_a_built_event_stays_frozen() -> None:
    face_off = builder(FaceOff)(GameTime(1, 7200), None)
    with pytest.raises(AttributeError):
        face_off.spot = "centre"  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Checked:
    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")


@dataclass(slots=True)
class Open:
    value: int


@pytest.mark.parametrize("cls", [Checked, Open])
def test_no_builder_for_a_class_whose_constructor_does_more_or_less(cls: type) -> None:
    with pytest.raises(TypeError, match="frozen slotted dataclass"):
        builder(cls)
