"""Constructors of the engine's event values for the store's decoder.

An event is a frozen slotted dataclass, whose ``__init__`` sets each field
through ``object.__setattr__`` (a global look-up, an attribute look-up and a
call a field). Decoding is the cold path of every standings page (a log is
read whole, some 70 events a game), so the usual events are built here by
setting their slots directly, what the dataclass does at about half the
cost. The result is the same value: :func:`builder` serves only a class
whose every field is set by its constructor and that checks nothing after
(no ``__post_init__``), and takes every field, in order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["builder"]

E = TypeVar("E")


def builder(cls: type[E]) -> Callable[..., E]:
    """``cls(*fields)``, every field given in order, built slot by slot."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} is not a dataclass")
    fields = dataclasses.fields(cls)
    params = getattr(cls, "__dataclass_params__", None)
    if (params is None or not params.frozen or not hasattr(cls, "__slots__")
            or hasattr(cls, "__post_init__") or not all(f.init for f in fields)):
        raise TypeError(f"{cls.__name__} is not a frozen slotted dataclass set by its "
                        "constructor alone")
    names = [f.name for f in fields]
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    scope.update({f"set_{name}": getattr(cls, name).__set__ for name in names})
    body = "".join(f"    set_{name}(value, {name})\n" for name in names)
    source = f"def build({', '.join(names)}):\n    value = new(cls)\n{body}    return value\n"
    exec(source, scope)  # a fixed template over the class's own field names
    built: Callable[..., E] = scope["build"]
    built.__qualname__ = f"builder({cls.__name__})"
    return built
