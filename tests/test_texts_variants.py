"""Variants named and described in the player's language (texts/variants.py), and
Qt's ``&`` marks taken out of a label that is read rather than pressed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from freecell import i18n
from freecell.engine import (
    BAKERS_GAME,
    BUILTIN_VARIANTS,
    EIGHT_OFF,
    BuildRule,
    EmptyColumnRule,
    Variant,
    with_take_backs,
)
from freecell.i18n.mnemonics import without_mnemonic
from freecell.plugin_host.custom import custom_variant
from freecell.texts.variants import variant_description, variant_name


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


CUSTOM = custom_variant(3, 8, BuildRule.SAME_SUIT, EmptyColumnRule.KINGS_ONLY)
KINDS = (*BUILTIN_VARIANTS, CUSTOM, with_take_backs(BAKERS_GAME), with_take_backs(CUSTOM))


@pytest.mark.parametrize("variant", KINDS, ids=lambda v: v.id)
def test_in_english_the_words_are_the_engines(variant: Variant) -> None:
    """The composed English name and description (the CLI's, the logs') and the
    window's are one text."""
    assert variant_name(variant) == variant.name
    assert variant_description(variant) == variant.description


def test_in_german_custom_and_take_backs_variants_are_german() -> None:
    i18n.set_language("de")
    assert variant_name(CUSTOM) == "Eigene Variante (3 Zellen, 8 Spalten, gleiche Farbe)"
    assert variant_description(CUSTOM) == (
        "3 freie Zellen, 8 Spalten; abwärts in derselben Farbe anlegen; nur Könige in leeren "
        "Spalten."
    )
    assert variant_name(with_take_backs(EIGHT_OFF)) == "Acht aus mit Zurücknehmen"
    assert variant_name(with_take_backs(CUSTOM)).startswith("Eigene Variante (3 Zellen")
    assert variant_description(with_take_backs(EIGHT_OFF)).endswith(
        "Karten dürfen von den Ablagestapeln zurück ins Spiel."
    )


def test_polish_counts_cells_with_three_forms() -> None:
    i18n.set_language("pl")
    names = [variant_name(custom_variant(n, 5)) for n in (1, 3, 5)]
    assert [name.split(",")[0] for name in names] == [
        "Własny (1 komórka",
        "Własny (3 komórki",
        "Własny (5 komórek",
    ]


def test_a_plugins_variant_keeps_its_own_words() -> None:
    i18n.set_language("fr")
    theirs = Variant(id="six-cell", name="Six-cell", description="Six free cells.")
    assert (variant_name(theirs), variant_description(theirs)) == ("Six-cell", "Six free cells.")


@pytest.mark.parametrize(
    ("label", "read"),
    [
        ("&Hint", "Hint"),
        ("Lan&guage:", "Language:"),
        ("ヒント(&H)", "ヒント"),
        ("ゲームを選ぶ(&C)…", "ゲームを選ぶ…"),
        ("言語\uff08&G\uff09:", "言語:"),  # full-width brackets
        ("Rock && Roll", "Rock & Roll"),
        ("No mark", "No mark"),
    ],
)
def test_a_read_label_loses_its_shortcut_mark(label: str, read: str) -> None:
    assert without_mnemonic(label) == read
