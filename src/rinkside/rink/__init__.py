"""The rink and the equipment as specifications: Section I (Rules 101-107)
checked and drawn, Section III (Rules 301-305) and Rule 610(f) checked.

Pure: nothing here reads or writes files; :mod:`.svg` and :mod:`.png` return
text and bytes. Dimensions are feet (see :mod:`.dimensions` for why);
equipment measures are inches, as the book gives them.
"""

from rinkside.rink.dimensions import (
    RinkDimensions,
    RinkFormatError,
    RinkProblem,
    Severity,
    check_rink,
    failures,
    parse_goal,
)
from rinkside.rink.geometry import RinkDrawing, RinkNotDrawable, layout

__all__ = [
    "RinkDimensions",
    "RinkDrawing",
    "RinkFormatError",
    "RinkNotDrawable",
    "RinkProblem",
    "Severity",
    "check_rink",
    "failures",
    "layout",
    "parse_goal",
]
