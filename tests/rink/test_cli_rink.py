"""``rinkside rink`` and ``rinkside equipment`` through Typer's CliRunner, on a
local app the commands are registered on."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import typer
from PIL import Image
from rinkkit import Keep
from typer.testing import CliRunner

from rinkside.cli import equipment, rink

runner = CliRunner()
app = typer.Typer()
rink.register(app)
equipment.register(app)

LEGAL = ["--width", "85", "--length", "185", "--corner-radius", "20", "--goal-line", "13",
         "--goal", "6x4"]


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


class TestRinkCheck:
    def test_a_legal_rink(self) -> None:
        code, out = _run("rink", "check", *LEGAL)
        assert code == 0
        assert "meets Rules 101-107" in out

    def test_a_failing_rink_lists_each_rule_and_exits_1(self) -> None:
        code, out = _run("rink", "check", "--width", "58", "--length", "185",
                         "--corner-radius", "20", "--goal-line", "16", "--goal", "5x4")
        assert code == 1
        for rule in ("101(c)", "102(a)", "103(c)"):
            assert rule in out
        assert "fails the book (3 problems)" in out

    def test_advice_alone_passes(self) -> None:
        code, out = _run("rink", "check", "--width", "60", "--length", "160",
                         "--corner-radius", "15", "--goal-line", "12")
        assert code == 0
        assert "104(b)" in out and "advice" in out

    def test_from_a_file_with_options_on_top(self, tmp_path: Path) -> None:
        toml = tmp_path / "rink.toml"
        toml.write_text("width = 85\nlength = 185\ncorner_radius = 20\n"
                        "goal_line_distance = 13\n", encoding="utf-8")
        assert _run("rink", "check", "--file", str(toml))[0] == 0
        assert _run("rink", "check", "--file", str(toml), "--length", "220")[0] == 1
        data = tmp_path / "rink.json"
        data.write_text(json.dumps({"width": 85, "length": 185, "corner_radius": 20,
                                    "goal_line_distance": 11}), encoding="utf-8")
        code, out = _run("rink", "check", "--file", str(data), "--json")
        assert code == 1
        report = json.loads(out)
        assert report["passes"] is False
        assert [p["rule"] for p in report["problems"]] == ["103(c)"]
        assert report["problems"][0]["message"].startswith("Rule 103(c): ")

    @pytest.mark.parametrize(("args", "says"), [
        (["--width", "85"], "length: missing"),
        ([*LEGAL[:-1], "6 by 4"], "WIDTHxHEIGHT"),
        ([*LEGAL, "--width", "-3"], "width: must be more than zero"),
    ])
    def test_bad_input_exits_2(self, args: list[str], says: str) -> None:
        code, out = _run("rink", "check", *args)
        assert code == 2
        assert says in out

    def test_a_bad_file_exits_2(self, tmp_path: Path) -> None:
        bad = tmp_path / "rink.toml"
        bad.write_text("width = \n", encoding="utf-8")
        assert _run("rink", "check", "--file", str(bad))[0] == 2
        unknown = tmp_path / "rink.json"
        unknown.write_text('{"widht": 85}', encoding="utf-8")
        code, out = _run("rink", "check", "--file", str(unknown))
        assert code == 2 and "unknown field 'widht'" in out


class TestRinkDraw:
    def test_draws_svg_and_png_to_scale(self, tmp_path: Path, keep: Keep) -> None:
        svg, png = tmp_path / "cli.svg", tmp_path / "cli.png"
        code, out = _run("rink", "draw", *LEGAL, "--svg", str(svg), "--png", str(png),
                         "--scale", "3")
        assert code == 0, out
        keep("cli-rink.svg", svg.read_text(encoding="utf-8"))
        keep("cli-rink.png", png.read_bytes())
        image = Image.open(io.BytesIO(png.read_bytes()))
        # 185 ft + 16 ft of margin across, at 3 px a foot.
        assert image.size[0] == (185 + 16) * 3
        assert "<svg" in svg.read_text(encoding="utf-8")

    def test_a_failing_rink_is_drawn_and_its_problems_printed(self, tmp_path: Path) -> None:
        svg = tmp_path / "bad.svg"
        code, out = _run("rink", "draw", "--width", "50", "--length", "185",
                         "--corner-radius", "20", "--goal-line", "13", "--svg", str(svg))
        assert code == 0
        assert svg.exists() and "Rule 101(c)" in out

    def test_undrawable_and_nothing_asked(self, tmp_path: Path) -> None:
        code, out = _run("rink", "draw", "--width", "85", "--length", "185", "--corner-radius",
                         "50", "--goal-line", "13", "--svg", str(tmp_path / "x.svg"))
        assert code == 1 and "Rule 101(c)" in out
        assert not (tmp_path / "x.svg").exists()
        assert _run("rink", "draw", *LEGAL)[0] == 2


class TestEquipment:
    def test_a_legal_stick(self) -> None:
        code, out = _run("equipment", "stick", "--length", "63", "--blade-length", "12 1/2",
                         "--blade-width-min", "2", "--blade-width-max", "3")
        assert code == 0 and "Legal stick" in out

    def test_an_illegal_stick_after_a_request(self) -> None:
        code, out = _run("equipment", "stick", "--length", "64", "--requested-by", "home",
                         "--player", "9")
        assert code == 1
        assert "301(b)" in out and "Illegal stick" in out
        assert "Rule 301(d): Illegal stick: minor to away #9." in out

    def test_a_legal_stick_after_a_request_costs_a_bench_minor(self) -> None:
        code, out = _run("equipment", "stick", "--length", "62", "--requested-by", "away")
        assert code == 0
        assert "Rule 610(f)" in out and "bench minor to away" in out

    def test_goaltender_stick_and_gear(self) -> None:
        assert _run("equipment", "stick", "--goaltender", "--blade-length", "15.5",
                    "--heel-width", "4 1/2")[0] == 0
        code, out = _run("equipment", "goaltender", "--blocker-width", "8.5", "--pad-width", "12")
        assert code == 1 and "303(b)" in out and "303(g)" in out

    def test_player_by_age(self) -> None:
        worn = "helmet,elbow-pads,gloves,shin-pads,cup"
        assert _run("equipment", "player", "--age", "19", "--wearing", worn)[0] == 0
        code, out = _run("equipment", "player", "--age", "15", "--wearing", worn)
        assert code == 1 and "304(a)" in out and "under 18" in out
        code, out = _run("equipment", "player", "--age", "15", "--wearing", "visor")
        assert code == 2 and "visor" in out

    def test_skates(self) -> None:
        assert _run("equipment", "skates", "--axles", "4", "--wheels", "4")[0] == 0
        code, out = _run("equipment", "skates", "--axles", "4", "--wheels", "3")
        assert code == 1 and "302(b)" in out

    @pytest.mark.parametrize(("result", "says"), [
        ("legal", "Rule 610(f): Unsubstantiated equipment measurement: bench minor to home."),
        ("illegal", "Rule 301(d): Illegal stick: minor to away #4."),
        ("refused", "Rule 301(e): Refusing stick measurement: minor plus misconduct to away #4."),
    ])
    def test_measure(self, result: str, says: str) -> None:
        code, out = _run("equipment", "measure", "--result", result, "--requested-by", "home",
                         "--player", "4")
        assert code == 0
        assert says in out.replace("\n", " ")

    def test_bad_measures_exit_2(self) -> None:
        assert _run("equipment", "stick", "--length", "sixty")[0] == 2
        assert _run("equipment", "measure", "--result", "legal", "--requested-by", "visitors",
                    "--player", "4")[0] == 2
