"""How to play shows the rules of the variant on the table (issue 22, item 4):
written from the variant's parameters, or a plugin's own words."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from freecell import i18n
from freecell.engine import (
    BAKERS_GAME,
    EIGHT_OFF,
    FREECELL,
    SEAHAVEN_TOWERS,
    BuildRule,
    EmptyColumnRule,
    Variant,
)
from freecell.plugin_host import create_manager
from freecell.plugin_host.custom import custom_variant
from freecell.ui.panels.rules_page import plugin_rules_html, rules_html
from plugin_helpers import write_plugin
from ui_helpers import make_window


def text_of(html: str) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(html)
    return " ".join(doc.toPlainText().split())


def test_freecell_page_names_its_own_rules(qapp) -> None:  # type: ignore[no-untyped-def]
    text = text_of(rules_html(FREECELL))
    assert "How to play FreeCell" in text
    assert "other colour" in text and "four cells" in text
    assert "takes any card or run" in text
    assert "(empty free cells + 1) \N{MULTIPLICATION SIGN} 2empty columns" in text
    assert "Can move N cards" in text and "Move N." not in text
    assert "stays there" in text  # no take-backs in FreeCell


def test_the_status_bars_words_for_any_number_take_the_general_plural(qapp) -> None:  # type: ignore[no-untyped-def]
    """N is any number: Polish says it as it says 5 cards ("kart"), not 2 ("karty")."""
    i18n.set_language("pl")
    text = text_of(rules_html(FREECELL))
    assert "Można przenieść N kart" in text and "N karty" not in text


def test_seahaven_and_eight_off_are_not_freecell(qapp) -> None:  # type: ignore[no-untyped-def]
    for variant, cells, deal in (
        (SEAHAVEN_TOWERS, "four cells", "five cards in each column, and the last two cards"),
        (EIGHT_OFF, "eight cells", "six cards in each column, and the last four cards"),
    ):
        text = text_of(rules_html(variant))
        assert f"How to play {variant.name}" in text
        assert "same suit" in text and "other colour" not in text
        assert "takes only a King" in text and "any card or run" not in text
        assert "2empty columns" not in text  # empty columns add nothing to a run
        assert "empty free cells + 1" in text and "Empty columns add nothing" in text
        assert cells in text and deal in text
    assert "same suit" in text_of(rules_html(BAKERS_GAME))


def test_custom_variant_page_comes_from_its_parameters(qapp) -> None:  # type: ignore[no-untyped-def]
    variant = custom_variant(2, 10, BuildRule.ANY_SUIT, EmptyColumnRule.NOTHING)
    text = text_of(rules_html(variant))
    assert "two cells" in text and "ten columns" in text
    assert "6 cards in the first 2, 5 in the others" in text
    assert "any suit" in text and "stays empty" in text
    one_at_a_time = Variant(id="single", name="Single", supermove=False, cells=0)
    text = text_of(rules_html(one_at_a_time))
    assert "no free cells" in text and "Only single cards move" in text
    back = Variant(id="back", name="Back", foundation_return=True)
    assert "may come back to a column" in text_of(rules_html(back))


RULES_PLUGIN = """
from freecell import hookimpl
from freecell.engine import EmptyColumnRule, Variant

SUPER = Variant(id="super-challenge", name="Super Challenge",
                empty_column=EmptyColumnRule.KINGS_ONLY)

@hookimpl
def freecell_variants():
    return [SUPER]

@hookimpl
def freecell_variant_rules(variant):
    if variant.id != "super-challenge":
        return None
    return "Only a King fills <an empty column>.\\n\\n- Plan your Kings.\\n- Go."
"""

BROKEN_PLUGIN = """
from freecell import hookimpl

@hookimpl
def freecell_variant_rules(variant):
    raise RuntimeError("boom")
"""


def test_the_hook_gives_a_plugin_variant_its_words(user_dir: Path) -> None:
    write_plugin(user_dir, "rules", RULES_PLUGIN)
    manager = create_manager({"rules": True}, user_plugin_dir=user_dir)
    variant = manager.variant("super-challenge")
    assert manager.variant_rules(variant) == (
        "Only a King fills <an empty column>.\n\n- Plan your Kings.\n- Go."
    )
    assert manager.variant_rules(FREECELL) is None  # not theirs: the page is generated


def test_a_plugin_whose_rules_hook_raises_is_turned_off(user_dir: Path) -> None:
    write_plugin(user_dir, "broken", BROKEN_PLUGIN)
    manager = create_manager({"broken": True}, user_plugin_dir=user_dir)
    assert manager.variant_rules(FREECELL) is None
    assert not manager.plugin("broken").loaded
    assert any("freecell_variant_rules" in str(n) for n in manager.take_notices())


def test_plugin_words_win_and_are_escaped(qapp) -> None:  # type: ignore[no-untyped-def]
    html = plugin_rules_html("Only a King fills <an empty column>.\n\n- Plan your Kings.\n- Go.")
    assert "&lt;an empty column&gt;" in html and "<li>Plan your Kings.</li>" in html
    variant = Variant(
        id="super-challenge", name="Super Challenge", empty_column=EmptyColumnRule.KINGS_ONLY
    )
    text = text_of(rules_html(variant, "Only a King fills an empty column."))
    assert "Rules of Super Challenge" in text and "Only a King fills" in text
    assert "With the keyboard" in text  # the game's own sections follow


def test_f1_shows_the_rules_of_the_variant_on_the_table(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.play_variant(SEAHAVEN_TOWERS)
    window.rules_tool.trigger()
    dialog = window.rules_dialog
    qtbot.waitExposed(dialog)
    text = " ".join(dialog.browser.toPlainText().split())
    assert dialog.windowTitle() == "How to play Seahaven Towers"
    assert "same suit" in text and "takes only a King" in text
    window.play_variant(FREECELL)
    window.rules_tool.trigger()
    assert "other colour" in window.rules_dialog.browser.toPlainText()
    window.session.catalog = dataclasses.replace(
        window.catalog, variant_rules=lambda v: "Words from a plugin."
    )
    window.rules_tool.trigger()
    assert "Words from a plugin." in window.rules_dialog.browser.toPlainText()


def test_a_closed_rules_page_is_deleted(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Each page kept its browser and document for the rest of the session (the
    soak's F1 presses: some 3 MB each); closed, or replaced, a page is gone."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    from freecell.ui.panels.rules_page import RulesDialog

    def pages() -> list[RulesDialog]:
        return [w for w in QApplication.topLevelWidgets() if isinstance(w, RulesDialog)]

    def deleted_later() -> None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    window = make_window(qtbot)
    for _ in range(3):  # each replaces the one before
        window.rules_tool.trigger()
        qtbot.waitExposed(window.rules_dialog)
        deleted_later()
    assert pages() == [window.rules_dialog]
    window.rules_dialog.close()  # the player closes it
    deleted_later()
    assert pages() == []
    window.rules_tool.trigger()  # and opens it again, after it was deleted
    qtbot.waitExposed(window.rules_dialog)
    assert len(pages()) == 1
