"""A user's role in words: the book's ``official scorer`` (Rule 506), never
the stored ``official_scorer``."""

from __future__ import annotations


def role_words(role: str) -> str:
    """``game_timekeeper`` -> ``game timekeeper`` (Rules 505-507), as every
    page, the report and its PDF name a role; a role of one word unchanged."""
    return role.replace("_", " ")
