"""How a game ended, in words: the status line, the result line of the
pages, of the official report and of the calendar.

Every phrase is built from :class:`~rinkside.rules.state.DecidedBy`'s own
``text`` and ``rule`` (``in overtime``, 639; ``(mercy rule)``, 630), so the
pages, the report and the feeds say it alike.
"""

from __future__ import annotations

from typing import Final

from rinkside.present.clock import clock_text
from rinkside.present.periods import SHOOTOUT_LABEL, current_period
from rinkside.rules.events import Team
from rinkside.rules.state import DecidedBy, GameState, Result

STATUS_TAGS: Final = {
    DecidedBy.REGULATION: "", DecidedBy.OVERTIME: "OT", DecidedBy.SHOOTOUT: SHOOTOUT_LABEL,
    DecidedBy.MERCY: "mercy", DecidedBy.FORFEIT: "forfeit", DecidedBy.TIE: "tie",
}


def cited(decided: DecidedBy | str) -> str:
    """``in overtime (Rule 639)``, ``(mercy rule, Rule 630)``; ``in regulation``
    as it is (the ordinary end of Rule 640(a) needs no citing)."""
    how = DecidedBy(decided)
    if how == DecidedBy.REGULATION:
        return how.text
    if how.text.endswith(")"):
        return f"{how.text[:-1]}, Rule {how.rule})"
    return f"{how.text} (Rule {how.rule})"


def status_text(state: GameState) -> str:
    """One line for a list of games: ``P2 11:42``, ``End of P1``, ``Final (SO)``."""
    label = current_period(state)
    shown = f"P{label}" if label.isdigit() else label  # P1, P2; OT, OT2 and SO as they are
    if state.status == "not_started":
        return "Not started"
    if state.status == "intermission":
        return f"End of {shown}"
    if state.status == "shootout":
        return "Shootout"
    if state.status == "final" and state.result is not None:
        tag = STATUS_TAGS[DecidedBy(state.result.decided_by)]
        return f"Final ({tag})" if tag else "Final"
    return f"{shown} {clock_text(state.left)}"


def result_text(state: GameState) -> str | None:
    """``Blades win in a shootout``, ``Blades win``, ``Tie``; None before the end."""
    result = state.result
    if result is None:
        return None
    if result.winner is None:
        return "Tie"
    winner = state.setup.roster(result.winner).name
    how = DecidedBy(result.decided_by)
    return f"{winner} win" if how == DecidedBy.REGULATION else f"{winner} win {how.text}"


def report_result(result: Result, home: str, away: str) -> str:
    """The official report's line: ``Blades 3, Storm 3 — Blades win in a
    shootout (Rule 639(b))``, ``... — tie (Rule 639(a))``."""
    line = f"{home} {result.score['home']}, {away} {result.score['away']}"
    if result.winner is None:
        return f"{line} — {cited(DecidedBy.TIE)}"
    winner = home if result.winner == "home" else away
    return f"{line} — {winner} win {cited(result.decided_by)}"


def final_score(result: Result, home: str, away: str) -> str:
    """The recorded result in words: "Final: Blades 3 - 2 Storm", with how it
    was decided (639 overtime and shootout, 630 mercy, 634(d) forfeit, 639(a) tie)."""
    names: dict[Team, str] = {"home": home, "away": away}
    text = f"Final: {home} {result.score['home']} - {result.score['away']} {away}"
    how = DecidedBy(result.decided_by)
    if how == DecidedBy.TIE or result.winner is None:
        return f"{text}, a {cited(DecidedBy.TIE)}"
    if how == DecidedBy.FORFEIT:
        loser = away if result.winner == "home" else home
        return f"{text}: {loser} forfeited (Rule {how.rule})"
    if how == DecidedBy.SHOOTOUT:
        return f"{text}: {names[result.winner]} won the shootout (Rule {how.rule})"
    if how == DecidedBy.REGULATION:
        return text
    return f"{text} {cited(how)}"
