"""Every entry a laptop pushes (a revision, a sign-off entry, a written
report) is checked alike for its proof and its place and link in the
laptop's chain: one base model (routers/sync.ChainedIn), one schema."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from rinkside.web.routers.sync import ReportIn, RevisionIn, SignOffEntryIn

AT = "2026-03-08T14:30:00+00:00"
ENTRIES: dict[type[BaseModel], dict[str, Any]] = {
    RevisionIn: {"revision": 1, "op": "append", "position": 0, "payload": None, "by": "table 1",
                 "at": AT},
    SignOffEntryIn: {"kind": "sign", "username": "ref", "at": AT},
    ReportIn: {"kind": "incident", "text": "a fan on the ice", "username": "ref", "at": AT},
}
CHAINED = ("proof", "chain_seq", "link")


@pytest.mark.parametrize("model", list(ENTRIES), ids=lambda m: m.__name__)
@pytest.mark.parametrize("bad", [{"link": "not-a-sha256"}, {"link": "A" * 64},
                                 {"chain_seq": 0}, {"proof": "p" * 65}],
                         ids=["link", "link-upper", "chain_seq", "proof"])
def test_a_malformed_chain_field_is_refused_in_every_entry(
        model: type[BaseModel], bad: dict[str, Any]) -> None:
    with pytest.raises(ValidationError) as refused:
        model(**ENTRIES[model], **bad)
    assert [e["loc"] for e in refused.value.errors()] == [(next(iter(bad)),)]


@pytest.mark.parametrize("model", list(ENTRIES), ids=lambda m: m.__name__)
def test_a_well_formed_chain_is_taken_and_none_is_allowed(model: type[BaseModel]) -> None:
    taken = model(**ENTRIES[model], proof="p" * 64, chain_seq=3, link="0f" * 32)
    assert tuple(getattr(taken, f) for f in CHAINED) == ("p" * 64, 3, "0f" * 32)
    bare = model(**ENTRIES[model])
    assert tuple(getattr(bare, f) for f in CHAINED) == (None, None, None)


def test_the_three_entries_describe_their_chain_fields_alike() -> None:
    schemas = [model.model_json_schema()["properties"] for model in ENTRIES]
    assert all({f: s[f] for f in CHAINED} == {f: schemas[0][f] for f in CHAINED}
               for s in schemas)
