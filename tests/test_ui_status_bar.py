"""The status bar: the score only when the scheme keeps one, readable at any width,
an empty item takes no room, and no text is cut on a 1024 x 768 screen at 100 %
and 200 % text."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import pytest
from PySide6.QtWidgets import QApplication

from freecell.engine import Move, MoveCards
from ui_helpers import RUNS, load, make_window


def test_status_shows_the_score_only_when_the_scheme_keeps_one(qtbot) -> None:  # type: ignore[no-untyped-def]
    from freecell.core import Session
    from freecell.scoring import STANDARD_SCORING
    from freecell.ui.shell.main_window import MainWindow

    plain = make_window(qtbot)
    assert not plain.status.labels["score"].isVisibleTo(plain)
    window = MainWindow(Session(deal_number=1, scoring=STANDARD_SCORING))
    keeper = window.session.keeper  # prices each move before the window shows it
    qtbot.addWidget(window)
    load(window, RUNS)
    assert window.status.text("score") == "Score: 0"
    window.dispatch(MoveCards(Move.parse("5h")))  # the 6 of clubs goes home
    assert keeper.score > 0
    assert window.status.text("score") == f"Score: {keeper.score}"
    assert window.status.labels["score"].isVisibleTo(window)


def _status_items(window) -> list:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLabel, QLineEdit

    bar = window.statusBar()
    items = [w for w in bar.findChildren(QLabel) + bar.findChildren(QLineEdit) if w.isVisible()]
    return sorted(items, key=lambda w: w.geometry().x())


def _rows(window) -> list[list]:  # type: ignore[no-untyped-def]
    """The visible items of the status bar, row by row, each row left to right."""
    from PySide6.QtCore import QPoint

    bar = window.statusBar()
    rows: dict[int, list] = {}
    for item in _status_items(window):
        top = item.mapTo(bar, QPoint(0, 0)).y()
        key = next((k for k in rows if abs(k - top) < 8), top)
        rows.setdefault(key, []).append(item)
    return [sorted(rows[k], key=lambda w: w.mapTo(bar, QPoint(0, 0)).x()) for k in sorted(rows)]


@pytest.mark.parametrize("width", [1100, 800, 640, 480])
def test_the_status_bar_reads_well_at_any_width(qtbot, width: int) -> None:  # type: ignore[no-untyped-def]
    """Nothing overlaps or is cut: the long live line has a row of its own when the
    first is short of room, and ends after a whole word with "…" only when even
    that row is too narrow (whole in its tooltip and accessible name); the least
    important items are left out first and listed in the deal label's tooltip, and
    they come back when there is room."""
    from PySide6.QtCore import QPoint

    from freecell.ui.accessibility import install_accessibility
    from freecell.ui.panels.status import ElidedLabel

    window = make_window(qtbot, deal=617)
    live = install_accessibility(window).live
    words = "Moved the five of diamonds from column 4 to free cell b, and then some more words."
    live.announce(words)
    window.resize(width, 800)
    qtbot.waitUntil(lambda: window.statusBar().width() == width)
    for _ in range(3):
        QApplication.processEvents()
    bar = window.statusBar()
    for row in _rows(window):
        for left, right in itertools.pairwise(row):
            left_end = left.mapTo(bar, QPoint(left.width() - 1, 0)).x()
            assert left_end < right.mapTo(bar, QPoint(0, 0)).x(), (left, right)
        assert row[-1].mapTo(bar, QPoint(row[-1].width(), 0)).x() <= bar.width()
    for item in _status_items(window):
        assert item.mapTo(bar, QPoint(0, item.height())).y() <= bar.height()
        if not isinstance(item, ElidedLabel) and hasattr(item, "text") and item.text():
            # a short item shows its whole text
            assert item.width() >= item.fontMetrics().horizontalAdvance(item.text())
    status = window.status
    assert status.labels["deal"].isVisible() and live.label.isVisible()
    assert live.label.text() == words and live.label.toolTip() == words
    shown = live.label.shown_text
    if live.label.fontMetrics().horizontalAdvance(words) <= live.label.contentsRect().width():
        assert shown == words
    else:  # whole words only
        assert width < 800  # (from 800 on, its own row has room for all of it)
        assert shown.endswith("\u2026") and words[len(shown) - 1] in " ,", shown
    window.statusBar().grab()  # paints the shortened text
    hidden = [n for n, label in status.labels.items() if label.text() and not label.isVisible()]
    if width >= 1100:
        assert hidden == []
        assert "Not shown" not in status.labels["deal"].toolTip()
    if width <= 640:
        # the least important go first (the long line's own row leaves the first
        # row more room: at 640 the supermove limit stays, at 480 it goes too)
        assert "home" in hidden and ("limit" in hidden or width == 640)
        assert status.text("home") in status.labels["deal"].toolTip()
        priority = status._priority
        shown = [label for label in status.labels.values() if label.isVisible()]
        assert all(priority[status.labels[n]] < priority[label] for n in hidden for label in shown)
    if width == 640:
        assert "moves" not in hidden
    window.resize(1100, 800)
    qtbot.waitUntil(lambda: status.labels["home"].isVisible())


def test_an_empty_status_item_takes_no_room_until_it_has_text(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLabel

    from freecell.ui.panels.status import PRIORITY_RATING

    window = make_window(qtbot)
    rating = QLabel()
    window.status.add_info(rating, PRIORITY_RATING)
    assert not rating.isVisible()
    rating.setText("Easy \u00b7 par 87")  # a hidden label: no layout request of its own
    assert rating.isVisible()
    deal = window.status.labels["deal"]
    qtbot.waitUntil(lambda: rating.geometry().x() > deal.geometry().right())  # after it
    rating.setText("")
    assert not rating.isVisible()


TEXT_SCALE_CHILD = """
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit
from freecell.ui.panels.hint_bar import Button, ButtonId
app = QApplication(sys.argv[:1])
def act():
    window = next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
    if window.insight is None:
        QTimer.singleShot(50, act)
        return
    window.resize(window.screen().availableGeometry().size())  # as maximised
    window.status.labels["rating"] = QLabel("Rated: hard (par 97 moves)")
    from freecell.ui.panels.status import PRIORITY_RATING
    window.status.add_info(window.status.labels["rating"], PRIORITY_RATING)
    window.accessibility.live.announce(
        "Moved the five of diamonds from column 4 to free cell b; two cards can move now."
    )
    window.hint_bar.show_message(
        " ".join(f"Plugin number {i} could not be loaded: it raised an error." for i in range(3)),
        "refused",
        [Button(ButtonId.UNDO, "Undo", window.hint_bar.dismiss),
         Button(ButtonId.REPLAY_DEAL, "Replay deal", window.hint_bar.dismiss)],
    )
    for _ in range(5):
        app.processEvents()
    bar = window.statusBar()
    items = []
    for w in bar.findChildren(QLabel) + bar.findChildren(QLineEdit):
        if not w.isVisible() or not isinstance(w, QLabel) or not w.text():
            continue
        shown = getattr(w, "shown_text", w.text())
        items.append({
            "text": w.text(), "shown": shown, "elided": hasattr(w, "shown_text"),
            "room": w.contentsRect().width(),
            "needs": w.fontMetrics().horizontalAdvance(shown),
            "right": w.mapTo(bar, w.rect().bottomRight()).x(),
            "bottom": w.mapTo(bar, w.rect().bottomRight()).y(),
        })
    label = window.hint_bar.label
    print(json.dumps({
        "bar": [bar.width(), bar.height()], "rows": window.status.rows, "items": items,
        "tip": window.status.labels["deal"].toolTip(),
        "hint": [label.heightForWidth(label.width()), label.height()],
    }), flush=True)
    window.close()
QTimer.singleShot(0, act)
from freecell.ui.shell.app import run
sys.exit(run(deal_number=5))
"""


@pytest.mark.parametrize("dpi", ["96", "192"])
def test_no_status_text_is_cut_at_1024_by_768_in_normal_and_double_text(  # type: ignore[no-untyped-def]
    tmp_path, dpi: str
) -> None:
    """On a 1024 x 768 screen at 100 % and 200 % (QT_FONT_DPI=192: Qt scales the
    window twice, so it is 512 x 384 of its pixels), every item in the status bar shows
    all of its text or is left out and listed in the tooltip; the live line has a
    row of its own and ends only after a whole word; the message bar shows every
    line of a long message."""
    import json
    import shutil

    if shutil.which("xvfb-run") is None:  # (Qt's offscreen platform has no font DPI)
        pytest.skip("needs xvfb-run (apt: xvfb xauth)")
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "QT_FONT_DPI": dpi}
    env["FREECELL_HOME"] = str(tmp_path)
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1024x768x24", sys.executable, "-c", TEXT_SCALE_CHILD],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout.splitlines()[-1])
    width, height = said["bar"]
    assert said["rows"] == 2
    shown = {item["text"] for item in said["items"]}
    for item in said["items"]:
        assert item["needs"] <= item["room"] and item["right"] <= width, item
        assert item["bottom"] <= height, item
        if item["elided"]:
            whole = item["text"]
            assert item["shown"] == whole or (
                item["shown"].endswith("\u2026") and whole[len(item["shown"]) - 1] in " ,;"
            ), item
        else:
            assert item["shown"] == item["text"]
    for text in ("Moves: 0", "Home: 0/52", "Rated: hard (par 97 moves)", "Time: 0:00"):
        assert text in shown or text in said["tip"], (text, said["tip"])
    wanted, has = said["hint"]
    assert wanted <= has
