"""Keyboard shortcuts (Qt's ``&`` letters) in every shipped language: within one
window or one menu no two items may share a letter, or Alt+letter reaches only the
first of them (a menu cycles between them and activates none).

Opened in each language: the menu bar and every menu and submenu, the main window
with the solution stepper, Preferences, Plugins, Custom variant, each page of
Statistics, the rules page and the crash dialog.  Only the letters a translator
chose are compared: an item still in English in another language (not yet in its
catalogue) is the pseudo-locale test's to find, and its letter will change with its
translation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel, QMenu, QWidget

from freecell.i18n import SHIPPED
from i18n_windows import (
    RULES_VARIANTS,
    full_window,
    installed,
    open_crash_dialog,
    open_custom_variant,
    open_plugins,
    open_preferences,
    open_rules,
    open_statistics,
    start_stepper,
)

_MNEMONIC = re.compile(r"&(\w)")


def mnemonic(text: str) -> str | None:
    """The shortcut letter of ``text`` (``&&`` is a plain ampersand), lower case."""
    found = _MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).casefold() if found else None


@cache
def catalogue_texts(code: str) -> frozenset[str]:
    """Every translation in ``code``'s catalogue."""
    from babel.messages.pofile import read_po

    po = files("freecell") / "locale" / code / "LC_MESSAGES" / "freecell.po"
    with po.open("rb") as f:
        catalogue = read_po(f, locale=code)
    found: set[str] = set()
    for message in catalogue:
        found.update([message.string] if isinstance(message.string, str) else message.string)
    return frozenset(found)


def chosen(code: str, texts: Iterable[str]) -> list[str]:
    """The texts whose letters were chosen in ``code`` (all of them in English)."""
    if code == "en":
        return list(texts)
    known = catalogue_texts(code)
    return [t for t in texts if t in known]


def clashes(group: str, texts: Iterable[str]) -> list[str]:
    """``group: &Spiel / &Statistik share S`` for each letter used twice."""
    by_letter: dict[str, list[str]] = {}
    for text in texts:
        letter = mnemonic(text)
        if letter is not None:
            by_letter.setdefault(letter, []).append(text)
    return [
        f"{group}: {' / '.join(items)} share {letter.upper()}"
        for letter, items in by_letter.items()
        if len(items) > 1
    ]


def menu_clashes(code: str, name: str, actions: Iterable[QAction]) -> Iterator[str]:
    shown = [a for a in actions if not a.isSeparator() and a.isVisible()]
    yield from clashes(name, chosen(code, [a.text() for a in shown]))
    for action in shown:
        menu = action.menu()
        if isinstance(menu, QMenu):
            yield from menu_clashes(code, f"{name} > {action.text()}", menu.actions())


def window_texts(root: QWidget) -> Iterator[str]:
    """What Alt+letter can reach in a window: buttons, labels' buddies, group boxes."""
    for widget in [root, *root.findChildren(QWidget)]:
        if widget.window() is not root or not widget.isVisibleTo(root):
            continue
        buddied = isinstance(widget, QLabel) and widget.buddy() is not None
        if isinstance(widget, QAbstractButton) or buddied:
            yield widget.text()  # type: ignore[union-attr]
        elif isinstance(widget, QGroupBox) and widget.isCheckable():
            yield widget.title()


@pytest.mark.parametrize("code", [c for c in SHIPPED if c != "en"] + ["en"])
def test_no_two_items_share_a_shortcut_letter(
    code: str, qapp: QApplication, qtbot: Any, tmp_path: Path
) -> None:
    found: list[str] = []
    for _ in installed(qapp, code):
        window = full_window(qtbot)
        start_stepper(window)
        bar = window.menuBar().actions()
        in_window = [a.text() for a in bar] + list(window_texts(window))
        found += clashes("menu bar and window", chosen(code, in_window))
        found += menu_clashes(code, "menu", bar)
        dialogs: list[tuple[str, QWidget]] = [
            ("Preferences", open_preferences(qtbot, window)),
            ("Plugins", open_plugins(qtbot, window)),
            ("Custom variant", open_custom_variant(qtbot, window)),
            ("crash dialog", open_crash_dialog(qtbot, window, tmp_path / "freecell.log")),
        ]
        for variant in RULES_VARIANTS[:1]:
            dialogs.append((f"rules of {variant.id}", open_rules(qtbot, window, variant)))
        for name, dialog in dialogs:
            found += clashes(name, chosen(code, window_texts(dialog)))
            dialog.close()
        for page, name in enumerate(("figures", "games", "charts")):
            stats = open_statistics(qtbot, window, page)
            assert stats.charts is not None
            tabs = [stats.tabs.tabText(i) for i in range(stats.tabs.count())]
            if page == 2:  # the charts' own tabs are reached from there
                tabs += [stats.charts.tabText(i) for i in range(stats.charts.count())]
            found += clashes(f"Statistics, {name}", chosen(code, [*window_texts(stats), *tabs]))
            stats.close()
        window.insight.close()  # type: ignore[attr-defined]
    assert found == [], f"{code}:\n" + "\n".join(found)


def test_the_check_sees_a_clash() -> None:
    assert mnemonic("Rock && &Roll") == "r"
    assert mnemonic("ゲーム(&G)") == "g"
    assert mnemonic("No shortcut") is None
    assert clashes("m", ["&Spiel", "&Statistik…", "&Hilfe"]) == ["m: &Spiel / &Statistik… share S"]
    assert clashes("m", ["&Игра", "&игры"]) != []
