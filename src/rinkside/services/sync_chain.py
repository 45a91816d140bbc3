"""The hash chain a laptop's push carries, checked by the league (issue 29).

A laptop keeps each game's record as one hash chain too
(:mod:`rinkside.store.chain`): a pull takes the league's entries with their
links, and every entry recorded on the laptop (an event revision, a
signature, a written report) is linked on at its end. The push carries each
entry's place in that chain and its link (``chain_seq``, ``link``), and the
laptop pushes its entries in the order of its chain
(:func:`rinkside.services.sync_client.push`): a written report filed between
two events goes between them, so the league, linking each entry it takes at
the end of its own chain, computes the very same links. The league compares
the link it computed with the one carried: an entry whose content was
changed on the laptop behind rinkside's back (its content no longer hashes
to its link), or whose chain does not continue the league's (the league's
record changed since the pull), is refused with the entry named, and
nothing is merged. Every entry pushed must carry its place and link: one
that carries none (a laptop from before the chain, or a row put in the
laptop's database outside rinkside) is refused before anything is taken
(422, :func:`required`), since the league could not tell that it continues
its chain.

Nothing here knows the rules.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Chained:
    """What each entry a laptop pushes (an event revision, a sign-off entry, a
    written report) carries besides its content: its author's proof of it
    (:mod:`rinkside.services.sync_proof`), its place in the laptop's chain and
    its link there (None: not carried, refused by :func:`required`)."""

    proof: str | None = None
    chain_seq: int | None = None
    link: str | None = None


@dataclass(frozen=True, slots=True)
class Carried:
    """An entry's place in the laptop's chain and its link there."""

    seq: int
    link: str


class Unlinked(ValueError):
    """A pushed entry carries no place or no link in the laptop's chain."""


def required(what: str, seq: int | None, link: str | None) -> Carried:
    """The place and link the pushed entry ``what`` carries; :class:`Unlinked`,
    saying why the league needs them, when it lacks either."""
    if seq is None or link is None:
        lacks = " and no ".join(name for name, value in (("place (chain_seq)", seq),
                                                         ("link", link)) if value is None)
        raise Unlinked(
            f"{what} carries no {lacks} in the laptop's hash chain: the league takes only "
            "entries that show they continue its own chain (issue 29: a game scored at the "
            "rink is as verifiable as one scored here); update rinkside on the laptop, pull "
            "the game and push again")
    return Carried(seq, link)


def mismatch(what: str, sent: Carried, seq: int, link: str) -> str | None:
    """Why the entry ``what`` the league linked at ``seq`` with ``link`` does
    not follow the laptop's chain (``None``: it does)."""
    if sent.seq != seq:
        return (f"{what} is entry {sent.seq} of the game's chain on the laptop, but entry "
                f"{seq} of the league's: the game's record changed on the league server since "
                "the laptop pulled it (pull it again, or ask the director)")
    if sent.link != link:
        return (f"{what} does not hash to the link the laptop's chain gave it (entry {seq}): "
                "it was changed on the laptop outside rinkside, or its chain does not "
                "continue the league's")
    return None
