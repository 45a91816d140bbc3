"""The settings table: every choice the book leaves to an event."""

from __future__ import annotations

from pathlib import Path

import pytest

from rinkside.rules.errors import SettingsError
from rinkside.rules.settings import (
    Settings,
    load_settings_toml,
    settings_from_mapping,
    settings_table,
    settings_to_mapping,
)


class TestTable:
    def test_every_setting_has_rule_description_and_default(self) -> None:
        for spec in settings_table():
            assert spec.rule and spec.description
            assert spec.default() == getattr(Settings(), spec.key)

    def test_format_md_defaults(self) -> None:
        shown = settings_to_mapping(Settings())
        assert shown["periods"] == "2"
        assert shown["period_length"] == "12:00"
        assert shown["clock"] == "stop"
        assert shown["late_stop_clock"] == "2:00"
        assert shown["minor"] == "2:00"
        assert shown["major"] == "5:00"
        assert shown["misconduct"] == "10:00"
        assert shown["mercy"] == "8"
        assert shown["overtime"] == "none"
        assert shown["overtime_length"] == "5:00"
        assert shown["shootout_shooters"] == "4"
        assert shown["timeouts"] == "1"
        assert shown["timeout_length"] == "0:30"
        assert shown["points"] == "win 2, tie 1, loss 0"


class TestRule402aMinorLength:
    def test_one_forty_five_minor_refused_citing_402a(self) -> None:
        with pytest.raises(SettingsError, match=r"402\(a\)"):
            settings_from_mapping({"minor": "1:45"})

    def test_one_thirty_allowed(self) -> None:
        assert settings_from_mapping({"minor": "1:30"}).minor == 900


class TestRule403aMajorLength:
    def test_four_minute_major_allowed_three_refused(self) -> None:
        assert settings_from_mapping({"major": "4:00"}).major == 2400
        with pytest.raises(SettingsError, match=r"403\(a\)"):
            settings_from_mapping({"major": "3:00"})


class TestAmendments:
    def test_unknown_setting_refused(self) -> None:
        with pytest.raises(SettingsError, match="unknown setting"):
            settings_from_mapping({"icing": True})

    def test_mercy_off_and_points(self) -> None:
        s = settings_from_mapping({"mercy": None, "points": {"win": 3}})
        assert s.mercy is None
        assert (s.points.win, s.points.tie, s.points.loss) == (3, 1, 0)

    def test_bad_values_name_the_setting(self) -> None:
        for key, value in [("periods", 0), ("clock", "sundial"), ("period_length", "12"),
                           ("overtime", "golden goal"), ("timeouts", -1)]:
            with pytest.raises(SettingsError, match=key):
                settings_from_mapping({key: value})

    def test_toml_amendments_are_checked(self, tmp_path: Path) -> None:
        good = tmp_path / "event.toml"
        good.write_text('[settings]\nclock = "running"\nperiod_length = "17:00"\n'
                        'minor = "1:30"\nmercy = "off"\n')
        s = load_settings_toml(good)
        assert (s.clock, s.period_length, s.minor, s.mercy) == ("running", 10200, 900, None)
        bad = tmp_path / "bad.toml"
        bad.write_text('minor = "1:45"\n')
        with pytest.raises(SettingsError, match=r"402\(a\)"):
            load_settings_toml(bad)
        broken = tmp_path / "broken.toml"
        broken.write_text("minor = \n")
        with pytest.raises(SettingsError, match="not valid TOML"):
            load_settings_toml(broken)


class TestServersNamed:
    """402(c), 404(b), 404(e), 405(a), 407(a): whether the face-off waits for
    the server of each penalty another player serves; off by default (the
    book's scenarios), read as on or off from a TOML file or the desk."""

    def test_off_by_default_and_read_as_on_or_off(self, tmp_path: Path) -> None:
        assert Settings().servers_named is False
        assert settings_to_mapping(Settings(servers_named=True))["servers_named"] == "on"
        for value, read in ((True, True), ("on", True), (False, False), (None, False),
                            ("off", False)):
            assert settings_from_mapping({"servers_named": value}).servers_named is read
        with pytest.raises(SettingsError, match=r"servers_named.*on or off"):
            settings_from_mapping({"servers_named": 2})
        event = tmp_path / "event.toml"
        event.write_text('servers_named = "off"\n')
        assert load_settings_toml(event, base=Settings(servers_named=True)).servers_named \
            is False
