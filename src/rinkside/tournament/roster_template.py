"""The roster file the desk hands out, and the columns an import reads.

:data:`TEMPLATE_COLUMNS` documents each column of the downloadable template
(what it holds and the rule behind it); :func:`unknown_columns` names the
header cells an import would not read, so that no column is ignored
silently (a misspelt "Goalie" would otherwise make every player a skater).
"""

from __future__ import annotations

from typing import Final

from rinkside.tournament.roster_file import (
    Row,
    _column_letter,  # the letters the import names
    blank_cell,
    map_headers,
)

# (header, what it holds, rule)
TEMPLATE_COLUMNS: Final = (
    ("team", "The team's name, on every row (a file may hold several teams).", "203(a)"),
    ("number", "Jersey number, a whole number 1-99, one per player of a team.", "307(c)"),
    ("name", "The player's name as it goes on the game roster.", "203(b)"),
    ("goalie", "yes for a goaltender (each team names at least one).", "203(a)"),
    ("captain", ("C for the captain (one), A for an alternate (at most two); never a "
                "goaltender or playing coach."), "202"),
    ("playing_coach", ("yes for a player who is also the coach (only in the divisions "
                      "that allow it, 18 or older)."), "201(c)"),
    ("birth_date", "YYYY-MM-DD; needed for a playing coach.", "201(c)"),
)
EXAMPLE_ROWS: Final = (
    ("Team name", "1", "First Goaltender", "yes", "", "no", ""),
    ("Team name", "9", "First Skater", "no", "C", "no", ""),
)


def template_csv() -> str:
    """The template: the header and two example rows."""
    lines = [",".join(h for h, _, _ in TEMPLATE_COLUMNS)]
    lines += [",".join(row) for row in EXAMPLE_ROWS]
    return "\r\n".join(lines) + "\r\n"


def unknown_columns(rows: list[Row]) -> list[str]:
    """Each header cell no column of the import reads: "'Shirt' (column C)"."""
    if not rows:
        return []
    line, header = rows[0]
    columns, _ = map_headers(line, header)
    read = set(columns.values())
    return [f"'{cell}' (column {_column_letter(i)})" for i, cell in enumerate(header)
            if i not in read and not blank_cell(cell)]
