"""``rinkside keys``: the league's signing key made once, kept outside the
store and the repository, refused to be replaced silently, a league's own
loaded after checking that key and certificate belong together (issue 29)."""

from __future__ import annotations

import stat
from pathlib import Path

from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.reports import signing

runner = CliRunner()


def test_keys_create_makes_a_private_key_and_refuses_to_replace_it(tmp_path: Path) -> None:
    folder = tmp_path / "keys"
    made = runner.invoke(app, ["keys", "create", "--league", "Metro League", "--dir",
                               str(folder)])
    assert made.exit_code == 0, made.output
    assert "fingerprint (SHA-256)" in made.output
    key = folder / signing.KEY_FILE
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    before = key.read_bytes()
    for command in ("create", "init"):  # init: the command's first name, kept
        again = runner.invoke(app, ["keys", command, "--league", "Metro League", "--dir",
                                    str(folder)])
        assert again.exit_code == 2 and "holds a key already" in again.output, command
    assert key.read_bytes() == before
    shown = runner.invoke(app, ["keys", "show", "--dir", str(folder)])
    cert = signing.league_certificate(folder)
    assert cert is not None and signing.fingerprint(cert) in shown.output


def test_keys_init_is_create_under_its_first_name(tmp_path: Path) -> None:
    made = runner.invoke(app, ["keys", "init", "--league", "Metro League", "--dir",
                               str(tmp_path / "keys")])
    assert made.exit_code == 0, made.output
    assert signing.league_certificate(tmp_path / "keys") is not None
    listed = runner.invoke(app, ["keys", "--help"])
    assert "create" in listed.output and "init" not in listed.output


def test_keys_import_checks_the_pair(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    signing.make_key(one, "A")
    signing.make_key(two, "B")
    mixed = runner.invoke(app, ["keys", "import", str(one / signing.KEY_FILE),
                                str(two / signing.CERT_FILE), "--dir", str(tmp_path / "x")])
    assert mixed.exit_code == 2 and "is not the certificate of the key" in mixed.output
    loaded = runner.invoke(app, ["keys", "import", str(one / signing.KEY_FILE),
                                 str(one / signing.CERT_FILE), "--dir", str(tmp_path / "y")])
    assert loaded.exit_code == 0, loaded.output
    assert signing.league_certificate(tmp_path / "y") == signing.league_certificate(one)


def test_keys_live_in_the_config_folder_unless_told(tmp_path: Path) -> None:
    assert signing.keys_dir({"RINKSIDE_KEYS_DIR": str(tmp_path)}) == tmp_path
    assert signing.keys_dir({"XDG_CONFIG_HOME": str(tmp_path)}) == tmp_path / "rinkside" / "keys"
