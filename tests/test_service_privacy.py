"""One idiom to reach the store (issue 25): no module reads a private member
of the application layer's service outside ``services/base.py``.

How it decides, from the syntax tree of every module under ``src``,
``tests`` and ``benchmarks``:

- The base's private names are read from ``ServiceBase`` in
  ``services/base.py`` itself: its ``_methods``, its ``_attributes`` set on
  ``self`` and its class-level ``_names``. Reading one of them (``x._name``,
  whatever ``x`` is: ``service``, ``self``, ``self.service``, ``svc``,
  ``demo.service``), or naming it to ``getattr``/``setattr``/``hasattr``
  (``monkeypatch.setattr`` too), is a finding anywhere but the base: the
  sessions are opened by ``read()``/``write()``, the rows found by its
  public helpers. A private name that comes back to the base is therefore
  caught the moment a module reaches for it.
- The private names of the service's other parts (the classes of
  ``Tournaments``' MRO in :mod:`rinkside.services`) are theirs alone: reading
  one through anything but ``self``/``cls`` (``service._state``,
  ``self.service._setup``) is a finding too. A part calling its own (or a
  sibling part's) helper through ``self`` is the class using itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from rinkside.services.tournaments import Tournaments

ROOT: Final = Path(__file__).resolve().parents[1]
BASE: Final = ROOT / "src" / "rinkside" / "services" / "base.py"
SCANNED: Final = ("src", "tests", "benchmarks")

_BY_NAME: Final = frozenset({"getattr", "setattr", "hasattr", "delattr"})


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def base_private_names(source: str) -> frozenset[str]:
    """The private members ``ServiceBase`` defines in ``source``."""
    tree = ast.parse(source)
    base = next(node for node in tree.body
                if isinstance(node, ast.ClassDef) and node.name == "ServiceBase")
    names: set[str] = set()
    for statement in base.body:  # class-level names and methods
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(statement.name)
        elif isinstance(statement, ast.Assign):
            names.update(t.id for t in statement.targets if isinstance(t, ast.Name))
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            names.add(statement.target.id)
    for node in ast.walk(base):  # what its methods set on self
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name) and node.value.id == "self"):
            names.add(node.attr)
    return frozenset(name for name in names if _private(name))


def part_private_names() -> frozenset[str]:
    """The private members of the service's other parts (Tournaments' MRO)."""
    return frozenset(name for cls in Tournaments.__mro__
                     if cls.__module__.startswith("rinkside.services.")
                     and cls.__module__ != "rinkside.services.base"
                     for name in vars(cls) if _private(name))


def private_reads(source: str, base_names: frozenset[str],
                  part_names: frozenset[str]) -> Iterator[tuple[int, str]]:
    """(line, what) for each reach into the service's private members."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            through_self = isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"}
            if node.attr in base_names or (node.attr in part_names and not through_self):
                yield node.lineno, f"{ast.unparse(node.value)}.{node.attr}"
        elif isinstance(node, ast.Call):
            func = node.func
            called = (func.id if isinstance(func, ast.Name)
                      else func.attr if isinstance(func, ast.Attribute) else "")
            if called not in _BY_NAME:
                continue
            for arg in node.args[1:2]:
                if (isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                        and arg.value in base_names | part_names):
                    yield node.lineno, f"{called}(..., {arg.value!r})"


def _modules() -> Iterator[Path]:
    for top in SCANNED:
        yield from sorted((ROOT / top).rglob("*.py"))


def test_the_checker_sees_every_way_of_reaching_in() -> None:
    source = "\n".join([
        "with service._sessions() as s: pass",
        "with self.service._sessions.begin() as s: pass",
        "svc._get(s, Game, 1)",
        "demo.service._state(s, game)",
        "getattr(service, '_sessions')",
        "monkeypatch.setattr(service, '_get', None)",
        "self._state(s, game)",  # a part using itself
        "self._lock.acquire()",  # not the service's
        "subscription._close()",  # not the service's
        "service.read(); service.write(); service.existing_row(s, Game, 1)",
    ])
    found = sorted(line for line, _ in private_reads(source, frozenset({"_sessions", "_get"}),
                                                  frozenset({"_state"})))
    assert found == [1, 2, 3, 4, 5, 6]


def test_the_base_names_its_private_members() -> None:
    names = base_private_names(BASE.read_text(encoding="utf-8"))
    assert "_sessions" in names  # the sessionmaker itself: read() and write() open it
    assert "_state" in part_private_names()  # Tournaments' own replay helper


def test_no_module_reads_a_private_member_of_the_service() -> None:
    base_names = base_private_names(BASE.read_text(encoding="utf-8"))
    part_names = part_private_names()
    found = [f"{path.relative_to(ROOT)}:{line}: {what}"
             for path in _modules() if path != BASE
             for line, what in private_reads(path.read_text(encoding="utf-8"),
                                             base_names, part_names)]
    assert found == [], ("use the service's public read()/write() and row helpers "
                         "(services/base.py):\n" + "\n".join(found))
