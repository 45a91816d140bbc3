"""What a signed report's check says, in plain words (issue 29): the same
sentences for ``rinkside verify`` and the public ``/verify`` page."""

from __future__ import annotations

from rinkside.reports.signing import ReportCheck


def verdict_lines(checked: ReportCheck) -> list[str]:
    """The check of a signed report as sentences, the verdict first."""
    if not checked.signed:
        return ["NOT VALID: the file carries no signature; it is not a signed game report."]
    lines = [("VALID: the signature is valid and covers the whole document, unchanged "
              "since it was signed." if checked.ok else f"NOT VALID: {checked.problem}.")]
    lines.append(f"Signed by: {checked.signer} (certificate SHA-256 "
                 f"{checked.signer_fingerprint}).")
    if checked.league is True:
        lines.append("That is this league's key.")
    elif checked.league is None:
        lines.append("This league's certificate is not known here: compare the fingerprint "
                     "with the one the league publishes.")
    if checked.signed_at is not None:
        lines.append(f"Signed at: {checked.signed_at.isoformat(timespec='seconds')}.")
    if checked.game_id is not None:
        lines.append(f"Game {checked.game_id}; the record's chain head when signed: "
                     f"{checked.chain_head or 'none'}.")
    if checked.supersedes:
        lines.append(f"It supersedes the report signed before it ({checked.supersedes}).")
    return lines


def current_head_words(checked: ReportCheck, current: tuple[str, bool] | None) -> str:
    """Whether the report's chain head is the game's current one."""
    if current is None:
        return f"The store has no game {checked.game_id}."
    head, intact = current
    if not intact:
        return ("The game's record in the store is BROKEN (changed outside rinkside): "
                "its chain cannot vouch for this report.")
    if head == checked.chain_head:
        return "It matches the game's current record (the same chain head)."
    return ("It does NOT match the game's current record: the game changed since this "
            f"report was signed (current chain head {head}); a newer report supersedes it.")
