"""A KDE deck's ``index.desktop`` written plainly is read without configparser, and
read exactly as configparser reads it; any other index goes to configparser, so a
damaged one is still no deck."""

from __future__ import annotations

import configparser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freecell_builtin_themes.card_decks import KDE_GROUP, plain_group, read_kde_deck

SYSTEM_DECKS = Path("/usr/share/carddecks")


def configparser_says(text: str, name: str) -> dict[str, str] | str:
    """What configparser (as the deck finder configures it) makes of ``text``:
    group ``name``'s keys ({} when it has no such group), or "error"."""
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    try:
        parser.read_string(text)
    except configparser.Error:
        return "error"
    return dict(parser[name]) if parser.has_section(name) else {}


# lines made of what the grammar turns on: brackets, both delimiters, both comment
# marks, indentation, line ends (and a lone \r), Unicode spaces, a BOM, DEFAULT
PIECES = st.sampled_from(
    [
        "[",
        "]",
        "=",
        ":",
        "#",
        ";",
        " ",
        "\t",
        "\r",
        "\x85",
        "\u2028",
        "\ufeff",
        "a",
        "Name",
        "SVG",
        "[KDE Backdeck]",
        "[DEFAULT]",
        "x.svg",
        "\\n",
        "é",
    ]
)
LINES = st.lists(st.lists(PIECES, max_size=6).map("".join), max_size=8).map("\n".join)


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(LINES, st.sampled_from(["KDE Backdeck", "a", "DEFAULT"]))
def test_a_plain_index_reads_as_configparser_reads_it(text: str, name: str) -> None:
    mine = plain_group(text, name)
    if mine is not None:  # (None: configparser reads it instead)
        assert mine == configparser_says(text, name)


@pytest.mark.parametrize(
    "text",
    [
        "[KDE Backdeck]\nName=A\n  continued\nSVG=a.svg\n",  # a continuation line
        "[DEFAULT]\nSVG=a.svg\n[KDE Backdeck]\nName=A\n",  # keys every group inherits
        "Name=A\n[KDE Backdeck]\nSVG=a.svg\n",  # no section first: configparser's error
        "[KDE Backdeck]\nSVG=a.svg\njust words\n",  # neither: configparser's error
        "[KDE Backdeck]\n=a.svg\n",  # no key: configparser's error
    ],
)
def test_any_other_index_is_left_to_configparser(text: str) -> None:
    assert plain_group(text, KDE_GROUP) is None


def test_a_plain_index_keeps_configparsers_reading() -> None:
    text = (
        "# a comment\n[Other]\nSVG=not-this.svg\n[KDE Backdeck]\r\nName = Tiny \n"
        "Name[de]=Winzig\n  ; an indented comment\n\nComment: two: colons\nSVG=a.svg=b\n"
        "[KDE Backdeck]\nName=Tiny again\n"
    )
    assert plain_group(text, KDE_GROUP) == configparser_says(text, KDE_GROUP)
    assert plain_group(text, KDE_GROUP) == {
        "Name": "Tiny again",
        "Name[de]": "Winzig",
        "Comment": "two: colons",
        "SVG": "a.svg=b",
    }


def test_a_damaged_index_is_still_no_deck(tmp_path: Path) -> None:
    (tmp_path / "deck.svg").write_text("<svg/>", encoding="utf-8")
    for text in ("SVG=deck.svg\n", "[KDE Backdeck]\nSVG=deck.svg\nbroken line\n"):
        (tmp_path / "index.desktop").write_text(text, encoding="utf-8")
        assert read_kde_deck(tmp_path) is None
    # configparser's reading, for an index not written plainly
    (tmp_path / "index.desktop").write_text(
        "[DEFAULT]\nName=From default\n[KDE Backdeck]\nSVG=deck.svg\n", encoding="utf-8"
    )
    deck = read_kde_deck(tmp_path)
    assert deck is not None and deck.name == "From default"


def test_the_installed_decks_are_plain_and_read_as_configparser_reads_them() -> None:
    if not SYSTEM_DECKS.is_dir():
        pytest.skip("no KDE card decks installed (apt package kdegames-card-data-kf5)")
    indexes = sorted(SYSTEM_DECKS.glob("*/index.desktop"))
    assert indexes
    for index in indexes:
        text = index.read_text(encoding="utf-8", errors="replace")
        assert plain_group(text, KDE_GROUP) == configparser_says(text, KDE_GROUP), index
