"""What is wrong with a roster file: each :class:`ImportProblem` (where, the
value as written, why, the rule), and the :class:`RosterImportError` that
lists them all when nothing can be imported (Rules 201-203, 307(c))."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = ["ImportProblem", "RosterImportError"]


@dataclass(frozen=True, slots=True)
class ImportProblem:
    """One thing wrong with the file: where (``lines``, ``field``), the value
    as written, why, and the rule where one applies.

    ``kind`` is ``"file"`` (the file as a whole), ``"row"`` (one cell) or
    ``"roster"`` (a whole-roster check, naming the lines concerned).
    """

    kind: Literal["file", "row", "roster"]
    message: str
    lines: tuple[int, ...] = ()
    field: str | None = None
    value: str | None = None
    rule: str | None = None
    team: str | None = None

    def __str__(self) -> str:
        where: list[str] = []
        if self.team:
            where.append(f"team '{self.team}'")
        if self.lines:
            where.append(_lines(self.lines))
        elif self.kind == "roster":
            where.append("roster")
        if self.field:
            where.append(self.field)
        text = f"'{self.value}' {self.message}" if self.value is not None else self.message
        if self.rule:
            text += f" (Rule {self.rule})"
        return f"{', '.join(where)}: {text}" if where else text


def _lines(lines: Sequence[int]) -> str:
    if len(lines) == 1:
        return f"line {lines[0]}"
    shown = [str(n) for n in sorted(set(lines))]
    return "lines " + ", ".join(shown[:-1]) + " and " + shown[-1]


class RosterImportError(ValueError):
    """The file cannot be imported; ``problems`` lists every reason."""

    def __init__(self, source: str, problems: Iterable[ImportProblem]) -> None:
        self.source = source
        self.problems: tuple[ImportProblem, ...] = tuple(problems)
        count = len(self.problems)
        head = f"{source}: " + ("1 problem" if count == 1 else f"{count} problems")
        super().__init__(head + "; nothing was imported:\n"
                         + "\n".join(f"  {p}" for p in self.problems))
