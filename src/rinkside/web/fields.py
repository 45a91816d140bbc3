"""The API's text fields as pydantic types: each one checked by
:func:`rinkside.formats.text.check_text` (no lone surrogate, NUL or control
character, a length that suits the field), so that a refusal is the 422 of
request validation naming the field (its ``loc``) and why. The OpenAPI
schema states the length too.

    class Reopening(BaseModel):
        reason: fields.Reason
"""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import AfterValidator, Field

from rinkside.formats.text import NAME, REASON, TextError, TextKind, check_text

# The most events one write may carry: a whole game's log is a few hundred.
MAX_EVENTS: Final = 1000


def _checked(kind: TextKind) -> AfterValidator:
    def check(value: str) -> str:
        try:
            return check_text(value, "text", kind)
        except TextError as exc:
            raise ValueError(exc.problem) from None

    return AfterValidator(check)


Name = Annotated[str, Field(max_length=NAME.limit), _checked(NAME)]
Reason = Annotated[str, Field(max_length=REASON.limit), _checked(REASON)]
