"""Signed reports anyone can verify (issue 29): the last signature locks the
game (616(a)) and its report is signed with the league's key after the
answer (a background task); pyHanko's validation finds it valid, a byte
changed in it not; a reopened and re-signed game has two reports, the first
superseded; ``/verify`` says so in plain words (a non-PDF and a file too big
get a clear answer, never a 500); the CLI says the same; and a record
changed in the database shows a warning on the game page."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from webkit import Demo, keys, logged_in, new_game, record, skaters

from rinkside import cli
from rinkside.reports import signing
from rinkside.rules.events import FaceOff, Goal, PeriodEnd
from rinkside.rules.times import GameTime
from rinkside.services import signed_reports
from rinkside.web import auth

__all__ = ["keys"]  # the league's signing key: a fixture of webkit

runner = CliRunner()


@pytest.fixture(scope="module")
def game(demo: Demo, keys: Path) -> int:
    game = new_game(demo)
    scorer = skaters(demo.service, game, "home")[0]
    record(demo.service, game, FaceOff(GameTime(1, 7200)),
           Goal(GameTime(1, 6000), "home", scorer), FaceOff(GameTime(1, 6000)),
           PeriodEnd(GameTime(1, 0)), FaceOff(GameTime(2, 7200)), PeriodEnd(GameTime(2, 0)))
    auth.create_user(demo.service, "vera", "whistle-7", "referee", games=[game])
    auth.create_user(demo.service, "dora", "director-7", "director")
    return game


@pytest.fixture(scope="module")
def vera(app: FastAPI, game: int) -> Iterator[tuple[TestClient, str]]:
    yield from logged_in(app, "vera", "whistle-7")


@pytest.fixture(scope="module")
def dora(app: FastAPI, game: int) -> Iterator[tuple[TestClient, str]]:
    yield from logged_in(app, "dora", "director-7")


def post(who: tuple[TestClient, str], path: str, body: Any = None) -> Any:
    client, token = who
    return client.post(path, json=body, headers={auth.CSRF_HEADER: token})


def upload(client: TestClient, data: bytes, name: str = "report.pdf") -> Any:
    return client.post("/verify", files={"report": (name, data, "application/pdf")})


@pytest.fixture(scope="module")
def first_pdf(demo: Demo, game: int, vera: tuple[TestClient, str], client: TestClient
              ) -> bytes:
    signed = post(vera, f"/api/games/{game}/sign", {"confirm": "yes"})
    assert signed.status_code == 200 and signed.json()["locked"], signed.text
    kept = signed_reports.of_game(demo.service, game)
    assert len(kept) == 1  # signed after the answer, before the client saw it end
    answer = client.get(f"/games/{game}/signed/{kept[0].id}.pdf")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    return answer.content


def test_the_locking_signature_signs_the_report_and_it_verifies(
        demo: Demo, game: int, first_pdf: bytes, keys: Path, client: TestClient) -> None:
    checked = signing.check_report(first_pdf, signing.league_certificate(keys))
    assert checked.ok and checked.intact and checked.valid and checked.whole
    assert checked.league is True and "Metro Roller League" in checked.signer
    assert checked.game_id == game
    head = client.get(f"/api/games/{game}/chain").json()
    assert head["intact"] and checked.chain_head == head["head"]
    page = client.get(f"/games/{game}")
    assert head["head"] in page.text and "Signed report" in page.text
    answer = upload(client, first_pdf)
    assert answer.status_code == 200
    assert "VALID: the signature is valid" in answer.text
    assert "That is this league&#39;s key." in answer.text
    assert "It matches the game&#39;s current record" in answer.text


def test_one_byte_changed_fails_pyhankos_validation(
        game: int, first_pdf: bytes, keys: Path, client: TestClient) -> None:
    at = first_pdf.index(b"/RinksideChainHead")
    changed = bytearray(first_pdf)
    head_at = first_pdf.index(b"(", at) + 1
    changed[head_at] = ord("0") if changed[head_at] != ord("0") else ord("1")
    checked = signing.check_report(bytes(changed), signing.league_certificate(keys))
    assert not checked.intact and not checked.ok
    answer = upload(client, bytes(changed))
    assert answer.status_code == 200
    assert "NOT VALID: the document was changed after it was signed" in answer.text
    appended = signing.check_report(first_pdf + b"\n% more\n", signing.league_certificate(keys))
    assert not appended.whole and not appended.ok


def test_the_cli_verifies_a_report_and_its_chain(
        demo: Demo, game: int, first_pdf: bytes, tmp_path: Path) -> None:
    pdf = tmp_path / "report.pdf"
    pdf.write_bytes(first_pdf)
    result = runner.invoke(cli.app, ["verify", str(pdf), "--db", f"sqlite:///{demo.path}"])
    assert result.exit_code == 0, result.output
    assert "VALID" in result.output and "It matches the game's current record" in result.output
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(first_pdf.replace(b"/RinksideGame", b"/RinksideGamf", 1))
    result = runner.invoke(cli.app, ["verify", str(bad)])
    assert result.exit_code == 1 and "NOT VALID" in result.output
    text = tmp_path / "notes.txt"
    text.write_text("not a report")
    result = runner.invoke(cli.app, ["verify", str(text)])
    assert result.exit_code == 2 and "not a PDF" in result.output


def test_what_is_not_a_pdf_or_too_big_is_refused_clearly(client: TestClient) -> None:
    answer = upload(client, b"hello, I am a text file", "notes.txt")
    assert answer.status_code == 422
    assert "the file is not a PDF" in answer.text
    big = upload(client, b"%PDF-1.4\n" + b"0" * (signing.MAX_PDF + 10))
    assert big.status_code == 422 and "a game report is at most" in big.text
    huge = upload(client, b"%PDF-1.4\n" + b"0" * (2 * 1024 * 1024))
    assert huge.status_code == 413
    assert client.get("/verify").status_code == 200


def test_reopened_and_signed_again_the_first_report_is_superseded(
        demo: Demo, game: int, first_pdf: bytes, vera: tuple[TestClient, str],
        dora: tuple[TestClient, str], client: TestClient, keys: Path) -> None:
    assert post(dora, f"/api/games/{game}/reopen", {"reason": "wrong scorer"}).status_code == 200
    assert post(vera, f"/api/games/{game}/sign", {"confirm": "yes"}).json()["locked"]
    kept = signed_reports.of_game(demo.service, game)
    assert [r.superseded for r in kept] == [True, False]
    second = client.get(f"/games/{game}/signed/{kept[1].id}.pdf").content
    checked = signing.check_report(second, signing.league_certificate(keys))
    assert checked.ok and checked.supersedes == kept[0].digest
    old = upload(client, first_pdf)
    assert "VALID: the signature is valid" in old.text  # still verifiable
    assert "It was superseded" in old.text and "does NOT match" in old.text
    assert "(superseded)" in client.get(f"/games/{game}").text


def test_a_record_changed_in_the_database_is_warned_of(
        demo: Demo, game: int, first_pdf: bytes, client: TestClient) -> None:
    with sqlite3.connect(demo.path) as db:
        db.execute("UPDATE event_revisions SET recorded_by = 'mallory' "
                   "WHERE game_id = ? AND revision = 2", (game,))
    page = client.get(f"/games/{game}")
    assert page.status_code == 200
    assert "this game's record was changed outside rinkside" in page.text
    assert f"game {game}, entry 2 (event revision 2)" in page.text
    assert client.get(f"/api/games/{game}/chain").json()["intact"] is False
    old = upload(client, first_pdf)
    assert "BROKEN" in old.text
