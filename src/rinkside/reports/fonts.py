"""The Unicode font every PDF rinkside makes embeds: DejaVu Sans Condensed
(as narrow as the Helvetica it replaces, so the report still fits its one
page), from Debian's ``fonts-dejavu-extra`` (``scripts/browser-deps.sh``
installs it for ``make run``, ``make test`` and CI), so that a name prints as typed in any
European script ("Łukasz Żółć", "Иван Петров", "Γιώργος Παπαδόπουλος",
"Søren Ærø", "Ðorđe Čačak"); reportlab's built-in Helvetica has Latin-1 only
and prints the rest as black boxes. ``RINKSIDE_FONT_DIR`` names another
folder holding the same two files.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Final

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR: Final = "DejaVuSansCondensed"
BOLD: Final = "DejaVuSansCondensed-Bold"
DEBIAN: Final = Path("/usr/share/fonts/truetype/dejavu")


class FontMissing(RuntimeError):
    """The PDF's font is not installed: saying which and how to install it."""


def font_dir() -> Path:
    return Path(os.environ.get("RINKSIDE_FONT_DIR") or DEBIAN)


@cache
def register() -> tuple[str, str]:
    """DejaVu Sans and its bold registered with reportlab (once), as one
    family (``<b>`` in a paragraph is the bold); their names. FontMissing
    when the files are not there."""
    folder = font_dir()
    files = {name: folder / f"{name}.ttf" for name in (REGULAR, BOLD)}
    missing = [str(path) for path in files.values() if not path.is_file()]
    if missing:
        raise FontMissing(
            f"the PDF needs the DejaVu Sans Condensed font to print every name as typed, "
            f"and {', '.join(missing)} is not there: install Debian's fonts-dejavu-extra "
            f"(scripts/browser-deps.sh does) or set RINKSIDE_FONT_DIR to a folder with "
            f"{REGULAR}.ttf and {BOLD}.ttf")
    for name, path in files.items():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    for bold, italic in ((0, 0), (0, 1), (1, 0), (1, 1)):
        addMapping(REGULAR, bold, italic, BOLD if bold else REGULAR)
    return REGULAR, BOLD
