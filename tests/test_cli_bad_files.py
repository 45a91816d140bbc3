"""Every command that reads a file, given a bad one: one line naming the
file and the problem, exit 1 or 2, never a traceback, and nothing stored.

The bad files: one that is not there, a folder, binary bytes, Latin-1 text,
JSON of the wrong shape, JSON nested 10,000 deep, and one larger than any
file read (sparse, so it costs no disk)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.formats.files import MAX_FILE_BYTES
from rinkside.services.open import open_tournaments

runner = CliRunner()

BadFile = Callable[[Path], Path]


def _missing(folder: Path) -> Path:
    return folder / "not-there.json"


def _folder(folder: Path) -> Path:
    path = folder / "a-folder.json"
    path.mkdir()
    return path


def _binary(folder: Path) -> Path:
    path = folder / "binary.json"
    path.write_bytes(bytes(range(256)) * 8)
    return path


def _latin1(folder: Path) -> Path:
    path = folder / "latin1.json"
    path.write_bytes('{"name": "Équipe de Montréal"}'.encode("latin-1"))
    return path


def _wrong_shape(folder: Path) -> Path:
    path = folder / "shape.json"
    path.write_text('"a string, not an object"', encoding="utf-8")
    return path


def _deep(folder: Path) -> Path:
    path = folder / "deep.json"
    path.write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")
    return path


def _huge(folder: Path) -> Path:
    path = folder / "huge.json"
    with path.open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)
    return path


BAD_FILES: dict[str, BadFile] = {
    "missing": _missing, "folder": _folder, "binary": _binary, "latin-1": _latin1,
    "wrong shape": _wrong_shape, "nested 10,000 deep": _deep, "huge": _huge,
}


def _as(path: Path, suffix: str) -> Path:
    """The bad file under another suffix (a TOML, a CSV), bad in the same way."""
    if not path.exists() or path.is_dir() or path.suffix == suffix:
        return path.with_suffix(suffix) if not path.exists() else path
    moved = path.with_suffix(suffix)
    path.rename(moved)
    return moved


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A store with a tournament, a division, two teams and one game to play."""
    db = f"sqlite:///{tmp_path_factory.mktemp('cli-bad') / 'cli.sqlite'}"
    for args in (["tournament", "create", "Cup", "--starts", "2026-12-05"],
                 ["tournament", "division", "Division 1", "--tournament", "1"],
                 ["tournament", "team", "Blades", "--division", "1"],
                 ["tournament", "team", "Storm", "--division", "1"],
                 ["schedule", "generate", "--division", "1", "--start", "2026-12-05T08:00"]):
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == 0, result.output
    return db


# Each command that reads a file: its arguments around FILE, and the suffix it reads.
COMMANDS: dict[str, tuple[list[str], str, bool]] = {
    "conformance": (["conformance", "FILE"], ".json", False),
    "replay": (["replay", "FILE"], ".json", False),
    "settings --toml": (["settings", "--toml", "FILE"], ".toml", False),
    "rink check --file": (["rink", "check", "--file", "FILE"], ".json", False),
    "rink draw --file": (["rink", "draw", "--file", "FILE", "--svg", "OUT"], ".toml", False),
    "tournament create --settings": (["tournament", "create", "Open", "--settings", "FILE"],
                                     ".toml", True),
    "tournament division --settings": (["tournament", "division", "D2", "--tournament", "1",
                                        "--settings", "FILE"], ".toml", True),
    "roster import": (["roster", "import", "FILE", "--division", "1"], ".csv", True),
    "game record": (["game", "record", "1", "FILE"], ".json", True),
    "import game": (["import", "game", "1", "FILE"], ".json", True),
}


def _events(db: str) -> int:
    service = open_tournaments(db)
    return service.game_state(1)[0]


# conformance searches a folder it is given for scenarios: a folder is good input there
CASES = [(c, b) for c in COMMANDS for b in BAD_FILES if (c, b) != ("conformance", "folder")]


@pytest.mark.parametrize(("command", "bad"), CASES)
def test_a_bad_file_is_one_line_naming_it_and_exit_1_or_2(
        command: str, bad: str, tmp_path: Path, store: str) -> None:
    args, suffix, stored = COMMANDS[command]
    path = _as(BAD_FILES[bad](tmp_path), suffix)
    given = {"FILE": str(path), "OUT": str(tmp_path / "out.svg")}
    argv = [given.get(a, a) for a in args] + (["--db", store] if stored else [])
    before = _events(store)
    result = runner.invoke(app, argv)
    assert result.exit_code in (1, 2), result.output
    assert isinstance(result.exception, SystemExit), result.exception
    said = [line for line in result.stderr.splitlines() if line.strip()]
    assert said and str(path.name) in said[0], result.stderr
    assert "Traceback" not in result.output
    assert _events(store) == before


def test_a_name_with_a_line_break_is_refused_naming_the_argument(store: str) -> None:
    result = runner.invoke(app, ["tournament", "team", "Blades\r\nX-EVIL:1", "--division", "1",
                                 "--db", store])
    assert result.exit_code == 2
    assert "NAME: character 7: the control character U+000D" in result.stderr


def test_a_game_log_naming_a_team_with_a_control_character_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    log.write_text(json.dumps({"home": {"name": "Blades\u0007"},
                               "events": [{"type": "faceoff", "at": "1 12:00"}]}))
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 2
    assert f"{log}: home.name: character 7: the control character U+0007" in result.stderr


def test_a_report_written_where_no_folder_is_says_so(store: str, tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "report.pdf"
    result = runner.invoke(app, ["report", "1", "--pdf", str(target), "--db", store])
    assert result.exit_code == 2
    assert str(target) in result.stderr and "Traceback" not in result.output
