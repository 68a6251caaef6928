"""``freecell-cli plugins`` and ``--variant`` through the plugin manager."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from freecell.cli import main
from freecell.engine import EIGHT_OFF, BuildRule, EmptyColumnRule, Variant, deal, format_board
from freecell.plugin_host import custom_variant
from plugin_helpers import FakeSite

SIX = """
    '''Adds the Six-cell variant.'''
    from freecell import hookimpl
    from freecell.engine import Variant

    @hookimpl
    def freecell_variants():
        return [Variant(id="six-cells", name="Six cells", cells=6)]
"""


def columns(line: str) -> list[str]:
    return re.split(r"\s{2,}", line.strip())


def test_plugins_lists_what_each_plugin_provides(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert columns(lines[0]) == ["PLUGIN", "SOURCE", "STATUS", "KIND", "ID", "NAME"]
    rows = [columns(line) for line in lines[1:]]
    assert ["variants", "built-in", "On", "variant", "eight-off", "Eight Off"] in rows
    assert ["scoring", "built-in", "On", "scoring", "standard", "Standard"] in rows
    assert ["themes", "built-in", "On", "card theme", "four-colour", "Four-colour"] in rows
    assert ["themes", "built-in", "On", "table surface", "green-felt", "Green felt"] in rows
    assert ["solvers", "built-in", "On", "solver", "builtin", "Built-in solver"] in rows


def test_plugins_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    plugins = {p["name"]: p for p in document["plugins"]}
    assert set(plugins) >= {"variants", "scoring", "themes", "solvers"}
    variants = plugins["variants"]
    assert variants["source"] == "built-in" and variants["enabled"] and variants["loaded"]
    kinds = {(p["kind"], p["id"]) for p in variants["provides"]}
    assert ("variant", "seahaven") in kinds
    assert ("card theme", "high-contrast") in {
        (p["kind"], p["id"]) for p in plugins["themes"]["provides"]
    }
    assert document["notices"] == []


def test_a_package_plugin_is_listed_off_and_its_variant_refused_until_enabled(
    site: FakeSite, capsys: pytest.CaptureFixture[str]
) -> None:
    site.install("freecell-six", "freecell_six", SIX, entry_name="six")
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    six = [columns(line) for line in out.splitlines() if line.startswith("six ")]
    hint = "enable with: freecell-cli plugins --enable six"
    assert six == [["six", "installed package", "Off", "variant", "-", hint]]

    assert main(["board", "1", "--variant", "six-cells"]) == 2
    assert "unknown variant 'six-cells'" in capsys.readouterr().err

    assert main(["plugins", "--enable", "six", "--json"]) == 0
    (entry,) = [p for p in json.loads(capsys.readouterr().out)["plugins"] if p["name"] == "six"]
    assert entry["enabled"] and entry["loaded"]
    assert entry["provides"] == [{"kind": "variant", "id": "six-cells", "name": "Six cells"}]

    # remembered: a later command accepts the variant
    assert main(["board", "1", "--variant", "six-cells"]) == 0
    assert capsys.readouterr().out == format_board(deal(1, Variant("six-cells", "Six", cells=6)))

    assert main(["plugins", "--disable", "six"]) == 0
    capsys.readouterr()
    assert main(["board", "1", "--variant", "six-cells"]) == 2


def test_board_accepts_custom_and_builtin_variant_ids(capsys: pytest.CaptureFixture[str]) -> None:
    variant_id = "custom-2cells-10columns-suit-kings"
    assert main(["board", "617", "--variant", variant_id]) == 0
    expected = custom_variant(2, 10, BuildRule.SAME_SUIT, EmptyColumnRule.KINGS_ONLY)
    assert capsys.readouterr().out == format_board(deal(617, expected))
    assert main(["board", "617", "--variant", "eight-off"]) == 0
    assert capsys.readouterr().out == format_board(deal(617, EIGHT_OFF))


def test_disabling_the_variants_plugin_leaves_plain_freecell(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["plugins", "--disable", "variants"]) == 0
    capsys.readouterr()
    assert main(["board", "1", "--variant", "eight-off"]) == 2
    assert main(["board", "1", "--variant", "freecell"]) == 0


def test_unknown_plugin_name_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "--enable", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("freecell-cli: error: no plugin named 'nope'")
    assert err.count("\n") == 1


def test_a_broken_plugin_is_a_warning_not_a_failure(
    site: FakeSite, capsys: pytest.CaptureFixture[str]
) -> None:
    site.install(
        "freecell-bad", "freecell_bad", "raise RuntimeError('bad day')\n", entry_name="bad"
    )
    assert main(["plugins", "--enable", "bad"]) == 0
    captured = capsys.readouterr()
    assert "warning: bad is off for this session" in captured.err
    assert "bad day" in captured.err
    assert main(["board", "1"]) == 0
    assert "warning: bad is off for this session" in capsys.readouterr().err


def test_replay_and_solve_accept_an_enabled_plugin_variant(
    site: FakeSite, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site.install("freecell-six", "freecell_six", SIX, entry_name="six")
    moves = tmp_path / "moves.txt"
    moves.write_text("1a\n", encoding="utf-8")
    replay = ["replay", "617", "--variant", "six-cells", "--moves", str(moves), "-q"]
    assert main(replay) == 2
    assert main(["plugins", "--enable", "six"]) == 0
    capsys.readouterr()
    assert main(replay) == 0
    assert "Freecells: JD - - - - -" in capsys.readouterr().out  # six cells, one used
    assert main(["solve", "617", "--variant", "six-cells"]) == 0
    assert "solved" in capsys.readouterr().out
