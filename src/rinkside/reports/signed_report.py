"""The official report signed when the last signature locks a game (Rule
616(a); issue 29): made as ``/games/N/report.pdf`` makes it, its game's chain
head printed on it and put in its metadata, signed with the league's key
(:mod:`rinkside.reports.signing`) and kept (:mod:`rinkside.services.signed_reports`).

It runs off the event loop: the sign-off POST answers first and this runs
after it, in a worker thread (the web's background task); the command line
runs it at once.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path

from rinkside.reports.game_report import build_report
from rinkside.reports.pdf import render_pdf
from rinkside.reports.signing import (
    KeyProblem,
    fingerprint,
    league_certificate,
    sign_report,
)
from rinkside.services import signed_reports
from rinkside.services.signed_reports import SignedReport
from rinkside.services.tournaments import Tournaments

log = logging.getLogger(__name__)


def sign_locked(service: Tournaments, game_id: int, keys: Path) -> SignedReport | None:
    """The game's report signed and kept, superseding the one signed before
    (``None``: the league has no key yet; said in the log, nothing kept)."""
    made = build_report(service, game_id)
    cert = league_certificate(keys)
    if cert is None:
        log.warning("game %s: no league key in %s, the report is not signed "
                    "(`rinkside keys create`)", game_id, keys)
        return None
    earlier = signed_reports.of_game(service, game_id)
    try:
        signed = sign_report(render_pdf(made), keys, game_id=game_id,
                             chain_head=made.chain_head,
                             supersedes=earlier[-1].digest if earlier else "")
    except KeyProblem as exc:
        log.warning("game %s: the report is not signed: %s", game_id, exc)
        return None
    return signed_reports.add(service, game_id, signed, made.chain_head, fingerprint(cert),
                              datetime.now(UTC))
