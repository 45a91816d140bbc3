"""``rinkside keys``: the league's signing key for the official reports (issue 29).

- ``rinkside keys create --league "Metro Roller League"``: a new key and a
  self-signed certificate, kept in ``RINKSIDE_KEYS_DIR`` (else
  ``~/.config/rinkside/keys``), never in the database or the repository
  (``keys init`` is the same command, its first name).
- ``rinkside keys import KEY.pem CERT.pem``: the league's own key and certificate.
- ``rinkside keys show``: where they are and the certificate's fingerprint,
  which the league publishes so that anyone can tell its reports.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from rinkside.cli.common import EXIT_INVALID, error, file_problem
from rinkside.reports import signing

keys_app = typer.Typer(help="The league's key that signs the official reports.",
                       no_args_is_help=True)
DirOption = Annotated[Path | None, typer.Option(
    "--dir", help="Where the key is kept (default: RINKSIDE_KEYS_DIR or "
    "~/.config/rinkside/keys)")]


def _dir(folder: Path | None) -> Path:
    return folder if folder is not None else signing.keys_dir()


@contextmanager
def _refused() -> Iterator[None]:
    """A key refused (one already there, a certificate that does not match) or a
    file that cannot be read or written: said on stderr, and the command exits."""
    try:
        yield
    except signing.KeyProblem as exc:
        error(f"refused: {exc}")
        raise typer.Exit(EXIT_INVALID) from None
    except OSError as exc:
        error(f"error: {file_problem(exc)}")
        raise typer.Exit(EXIT_INVALID) from None


def _told(cert: Path) -> None:
    pem = cert.read_bytes()
    typer.echo(f"certificate {cert}\nfingerprint (SHA-256) {signing.fingerprint(pem)}")


@keys_app.command("create")
def create(league: Annotated[str, typer.Option("--league", help="The league's name, as the "
                                             "certificate names it")],
         folder: DirOption = None,
         force: Annotated[bool, typer.Option("--force", help="Replace a key already there")
                          ] = False) -> None:
    """Make the league's key and a self-signed certificate."""
    with _refused():
        _told(signing.make_key(_dir(folder), league, force=force))


# The command's first name, kept so that a script written with it still runs.
keys_app.command("init", hidden=True, help="The same as `keys create`.")(create)


@keys_app.command("import")
def load(key: Annotated[Path, typer.Argument(help="The league's private key (PEM)")],
         cert: Annotated[Path, typer.Argument(help="Its certificate (PEM)")],
         folder: DirOption = None,
         force: Annotated[bool, typer.Option("--force", help="Replace a key already there")
                          ] = False) -> None:
    """Use the league's own key and certificate."""
    with _refused():
        _told(signing.import_key(_dir(folder), key, cert, force=force))


@keys_app.command("show")
def show(folder: DirOption = None) -> None:
    """Where the league's key is and its certificate's fingerprint."""
    where = _dir(folder)
    if signing.league_certificate(where) is None:
        error(f"error: no league key in {where}: `rinkside keys create --league NAME`")
        raise typer.Exit(EXIT_INVALID)
    _told(where / signing.CERT_FILE)


def register(app: typer.Typer) -> None:
    """Add ``keys`` to the ``rinkside`` app."""
    app.add_typer(keys_app, name="keys")
