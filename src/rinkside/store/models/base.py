"""The declarative base of every table, its naming convention, and what the
models share: name lengths and the CHECK constraint of an enumerated column.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, ClassVar, Final

from sqlalchemy import Boolean, Integer, MetaData, String, Text, false, true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from rinkside.store.types import UTCDateTime

# Constraint names are fixed by convention so that migrations can name them
# (SQLite's batch mode and PostgreSQL both need a name to drop one).
NAMING_CONVENTION: Final = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

NAME: Final = 200  # length of names (tournaments, teams, players, rinks)
WHO: Final = 100  # length of "by": the user or console that recorded something


def _one_of(column: str, values: tuple[str, ...]) -> str:
    listed = ", ".join(f"'{v}'" for v in values)
    return f"{column} IN ({listed})"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    # Every moment is stored with its zone and read back in UTC.
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: UTCDateTime()}


# The column shapes the tables share (``Mapped[Author | None]`` where one is optional).
Identity = Annotated[int, mapped_column(primary_key=True)]  # the surrogate key ``id``
Author = Annotated[str, mapped_column(String(WHO))]  # who recorded or did something
Label = Annotated[str, mapped_column(String(NAME))]  # a tournament's, team's, rink's name
Tally = Annotated[int, mapped_column(Integer, default=0, server_default="0")]  # from zero
Remark = Annotated[str, mapped_column(Text, default="", server_default="")]  # '' when none
FlagOff = Annotated[bool, mapped_column(Boolean, default=False, server_default=false())]
FlagOn = Annotated[bool, mapped_column(Boolean, default=True, server_default=true())]


class ChainEntry:
    """An entry of a game's record: its place in the game's hash chain and
    its link (:mod:`rinkside.store.chain`), the table's last two columns."""

    chain_seq: Mapped[int | None]
    link: Mapped[str | None] = mapped_column(String(64))
