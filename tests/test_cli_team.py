"""``rinkside team style``: a team's colour and logo as the scoreboards show
them; a bad colour or an unknown team exits 2 with the reason."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from rinkside.cli import app
from rinkside.services.open import open_tournaments

runner = CliRunner()


def test_a_team_style_is_set_shown_and_refused_when_bad(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'styles.sqlite'}"
    service = open_tournaments(url)
    tournament = service.create_tournament("Cup", None, {})
    team = service.add_team(service.add_division(tournament, "Open"), "Blades")

    done = runner.invoke(app, ["team", "style", str(team), "--colour", "#1E40AF",
                               "--logo", "/static/blades.png", "--db", url])
    assert done.exit_code == 0, done.output
    assert open_tournaments(url).team_styles([team]) == {team: ("#1e40af", "/static/blades.png")}

    bad = runner.invoke(app, ["team", "style", str(team), "--colour", "blue", "--db", url])
    assert bad.exit_code == 2 and "#rrggbb" in bad.output
    unknown = runner.invoke(app, ["team", "style", "999", "--colour", "#000000", "--db", url])
    assert unknown.exit_code == 2 and "999" in unknown.output
