"""A count in words (present/counts.py): ``1 game``, ``2 games``, never
``game(s)``."""

from __future__ import annotations

import pytest

from rinkside.present.counts import counted, plural


@pytest.mark.parametrize(("count", "noun", "words"), [
    (0, "game", "0 games"), (1, "game", "1 game"), (2, "game", "2 games"),
    (1, "penalty", "1 penalty"), (3, "penalty", "3 penalties"), (2, "day", "2 days"),
    (2, "match", "2 matches"), (2, "person", "2 people"), (1, "person", "1 person"),
])
def test_a_count_says_its_noun_once_in_the_right_number(count: int, noun: str,
                                                       words: str) -> None:
    assert counted(count, noun) == words


def test_an_irregular_plural_is_given() -> None:
    assert counted(2, "goalie", "goalies") == "2 goalies"
    assert counted(1, "goalie", "nobody uses this") == "1 goalie"
    assert plural("box") == "boxes"
