"""Every catalogue uses its language's glossary: one word for one thing.

The key terms are app/freecell/locale/glossary.toml; each language's words are
locale/<language>/glossary.toml (packaging/i18n/glossary.py, docs/translating.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "freecell_glossary", ROOT / "packaging" / "i18n" / "glossary.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


@pytest.mark.parametrize("language", TOOL.languages())
def test_the_catalogue_uses_the_glossarys_words(language: str) -> None:
    assert TOOL.problems(language) == []


def test_a_term_is_found_as_a_whole_word_and_not_where_it_means_something_else() -> None:
    run = TOOL.terms()["run"]
    assert run.used_in("Drag a card or a run onto its destination.")
    assert not run.used_in("It cannot run on this computer")
    assert run.used_in("Run &picker on the focused column")
    assert not TOOL.terms()["card"].used_in("a scorecard")
    assert TOOL.terms()["game_name"].used_in("Play FreeCell")
    assert not TOOL.terms()["game_name"].used_in("freecell-cli board 1")


def test_a_placeholder_is_a_value_not_the_word() -> None:
    suit = TOOL.terms()["suit"]
    assert not suit.used_in("the ace of {suit}")
    assert not TOOL.terms()["variant"].used_in("Rules of {variant}")
    assert suit.used_in("{n} cards of one suit")


def test_a_word_is_found_by_its_forms_whatever_its_case_and_mnemonic() -> None:
    word = TOOL.Word(word="Karte", forms=("kart",), source="kpat", exceptions=frozenset())
    assert word.used_in("Drei &Karten")
    assert not word.used_in("Drei Blätter")


def test_a_placeholder_named_like_a_term_is_not_the_term() -> None:
    suit = TOOL.terms()["suit"]
    assert not suit.used_in("the ace of {suit}")
    assert suit.used_in("one card of each suit, {n} in all")
