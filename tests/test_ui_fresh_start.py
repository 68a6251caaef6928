"""A change at run time gives exactly the table a fresh start with the same
settings gives: the scene's items (kind, place, size, stacking, visibility) and the
picture the view paints are compared with a window built anew."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from freecell.core import Session
from freecell.engine import BUILTIN_VARIANTS, Variant
from freecell.storage import Settings
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES
from freecell.ui.shell.main_window import MainWindow
from freecell.ui.table.layout import CardSize

DEAL = 617
BASE = Settings(reduce_motion=True, card_size="fit")


def _shown(qtbot: Any, settings: Settings, variant: Variant | None = None) -> MainWindow:
    window = MainWindow(Session(settings, deal_number=DEAL, variant=variant))
    qtbot.addWidget(window)
    window.resize(1100, 800)
    with qtbot.waitExposed(window):
        window.show()
    return window


def _settle(qtbot: Any, window: MainWindow) -> None:
    """Until nothing is pending: no glide, no deck being painted in a worker."""
    window.scene.finish_animations()
    qtbot.waitUntil(lambda: window.scene.pending_deck is None, timeout=10_000)
    for _ in range(3):
        QApplication.processEvents()


def _items(window: MainWindow) -> list[tuple[object, ...]]:
    """Every item of the scene as a comparable row."""
    rows = []
    for item in window.scene.items():
        box = item.sceneBoundingRect()
        rows.append(
            (
                type(item).__name__,
                getattr(getattr(item, "card", None), "name", ""),
                round(box.x(), 1),
                round(box.y(), 1),
                round(box.width(), 1),
                round(box.height(), 1),
                item.zValue(),
                item.isVisible(),
            )
        )
    return sorted(rows, key=repr)


def _picture(window: MainWindow) -> QImage:
    return window.view.viewport().grab().toImage()


def _same_table(qtbot: Any, changed: MainWindow, fresh: MainWindow) -> None:
    _settle(qtbot, changed)
    _settle(qtbot, fresh)
    assert changed.scene.sceneRect() == fresh.scene.sceneRect()
    assert _items(changed) == _items(fresh)


def _same_picture(qtbot: Any, changed: MainWindow, fresh: MainWindow) -> None:
    _same_table(qtbot, changed, fresh)
    assert _picture(changed) == _picture(fresh)


PAIRS = list(itertools.permutations(BUILTIN_VARIANTS, 2))


@pytest.mark.parametrize(("before", "after"), PAIRS, ids=lambda v: v.id)
def test_switching_variant_gives_the_table_of_a_fresh_start(
    qtbot: Any, before: Variant, after: Variant
) -> None:
    window = _shown(qtbot, BASE, before)
    window.session.play_variant(after, DEAL)
    fresh = _shown(qtbot, window.settings)
    assert window.settings.variant == after.id == fresh.bus.game.variant.id
    _same_table(qtbot, window, fresh)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (BUILTIN_VARIANTS[0], next(v for v in BUILTIN_VARIANTS if v.id == "seahaven")),
        (BUILTIN_VARIANTS[0], next(v for v in BUILTIN_VARIANTS if v.id == "eight-off")),
    ],
    ids=lambda v: v.id,
)
def test_the_picture_after_a_variant_switch_is_a_fresh_starts(
    qtbot: Any, before: Variant, after: Variant
) -> None:
    """The slots are painted in the view's cached background: the old variant's
    cells and foundations must not stay on screen."""
    window = _shown(qtbot, BASE, before)
    window.session.play_variant(after, DEAL)
    _same_picture(qtbot, window, _shown(qtbot, window.settings))


CHANGES: list[tuple[str, dict[str, object]]] = [
    ("theme", {"theme": BUILTIN_THEMES[-1].id}),
    ("surface", {"surface": BUILTIN_SURFACES[-1].id}),
    ("card size", {"card_size": CardSize.LARGE.value}),
    ("large print", {"large_print": True}),
    ("large print and small cards", {"large_print": True, "card_size": "small"}),
]


@pytest.mark.parametrize(("what", "changes"), CHANGES, ids=[c[0] for c in CHANGES])
def test_a_looks_change_gives_the_table_of_a_fresh_start(
    qtbot: Any, what: str, changes: dict[str, object]
) -> None:
    window = _shown(qtbot, BASE)
    window.session.change_settings(**changes)
    _same_picture(qtbot, window, _shown(qtbot, window.settings))


def test_a_plugin_switched_off_gives_the_table_of_a_fresh_start(qtbot: Any) -> None:
    from freecell.plugin_host import create_manager

    window = _shown(qtbot, Settings(reduce_motion=True, theme=BUILTIN_THEMES[-1].id))
    manager = create_manager({})
    window.session.attach_plugins(manager)
    manager.set_enabled("themes", False)
    assert window.settings.theme == "classic"
    fresh = MainWindow(Session(window.settings, deal_number=DEAL))
    qtbot.addWidget(fresh)
    fresh.session.attach_plugins(create_manager({"themes": False}))
    fresh.resize(1100, 800)
    with qtbot.waitExposed(fresh):
        fresh.show()
    _same_picture(qtbot, window, fresh)
    assert [t.id for t in window.catalog.themes] == [t.id for t in fresh.catalog.themes]


def test_the_menus_follow_what_the_plugins_offer(qtbot: Any) -> None:
    """Switched off at run time, a variant plugin's variants leave Game > Variant and
    a theme plugin's themes leave View > Card theme, as on a fresh start."""
    from freecell.plugin_host import create_manager

    window = _shown(qtbot, BASE)
    manager = create_manager({})
    window.session.attach_plugins(manager)

    def entries(menu: str, name: str) -> list[str]:
        sub = next(
            a.menu()
            for a in window.menus[menu].actions()
            if a.menu() is not None and a.menu().objectName() == name
        )
        return [a.text() for a in sub.actions()]

    assert entries("game", "variantMenu") == [v.name for v in BUILTIN_VARIANTS]
    manager.set_enabled("variants", False)
    manager.set_enabled("themes", False)
    assert (
        entries("game", "variantMenu") == [v.name for v in window.catalog.variants] == ["FreeCell"]
    )
    assert entries("view", "themeMenu") == [t.name for t in window.catalog.themes]
    assert len(entries("view", "themeMenu")) == 1
