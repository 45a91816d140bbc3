"""Simulated games written as FORMAT.md game logs (``rinkside simulate``)."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rinkside.formats import encode_event, encode_roster, encode_settings
from rinkside.rules.events import Event
from rinkside.rules.roster import GameSetup
from rinkside.simulate.play import simulate_games

__all__ = ["game_document", "write_games"]


def game_document(game_id: str, setup: GameSetup, events: Sequence[Event],
                  title: str = "") -> dict[str, Any]:
    """A game in FORMAT.md's layout, with ``expect: []`` so that it is also a
    valid scenario."""
    st = setup.settings
    doc: dict[str, Any] = {"id": game_id}
    if title:
        doc["title"] = title
    doc["settings"] = encode_settings(st, strict=True)
    doc["home"] = encode_roster(setup.home)
    doc["away"] = encode_roster(setup.away)
    doc["events"] = [encode_event(e, st) for e in events]
    doc["expect"] = []
    return doc


def _dumps(doc: dict[str, Any]) -> str:
    """JSON with one event per line."""
    parts = []
    for key, value in doc.items():
        if key == "events":
            body = ",\n".join("    " + json.dumps(e) for e in value)
            parts.append(f'  "events": [\n{body}\n  ]')
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def write_games(n: int, seed: int, out_dir: Path) -> list[Path]:
    """Write ``n`` simulated games as ``sim-<seed>-<i>.json`` in ``out_dir``."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    width = max(3, math.ceil(math.log10(n + 1)))
    paths: list[Path] = []
    for i, (setup, events) in enumerate(simulate_games(n, seed)):
        game_id = f"sim-{seed}-{i:0{width}d}"
        title = f"Simulated game {i} of seed {seed}: {setup.home.name} v {setup.away.name}"
        path = out_dir / f"{game_id}.json"
        path.write_text(_dumps(game_document(game_id, setup, events, title)), encoding="utf-8")
        paths.append(path)
    return paths
