"""One resize of the window lays the table out once, at its final size: also where
the message bar above it takes another number of lines at the new width, and where
the style's scroll bars are laid over the table or fade out."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleHintReturn,
    QStyleOption,
    QWidget,
)

from freecell.core import Session
from freecell.storage import Settings
from freecell.ui.panels.hint_bar import HintBar
from freecell.ui.shell.app import build_window
from freecell.ui.shell.main_window import MainWindow
from ui_helpers import assert_one_layout, count_layouts, make_window, resize_settled

SETTINGS = Settings(reduce_motion=True, card_size="fit")


def _fresh(
    qtbot: Any, size: tuple[int, int], settings: Settings = SETTINGS, *, live_line: bool = False
) -> MainWindow:
    """A window built and shown at ``size``; with ``live_line``, as the game builds it
    (the status bar's live line from the first frame)."""
    session = Session(settings, deal_number=1)
    window = build_window(session) if live_line else MainWindow(session)
    qtbot.addWidget(window)
    window.resize(*size)
    with qtbot.waitExposed(window):
        window.show()
    return window


def _table(qtbot: Any, window: MainWindow) -> tuple[object, ...]:
    """What the table looks like: the bar above it, the viewport, the layout and
    where every item is, once the deck for its size is painted (in a worker)."""
    window.scene.finish_animations()
    qtbot.waitUntil(lambda: window.scene.pending_deck is None, timeout=10_000)
    for _ in range(3):
        QApplication.processEvents()
    rows = []
    for item in window.scene.items():
        box = item.sceneBoundingRect()
        name = getattr(getattr(item, "card", None), "name", "")
        rows.append((type(item).__name__, name, box.x(), box.y(), box.width(), box.height()))
    viewport = window.view.viewport().size().toTuple()
    label = window.hint_bar.label
    assert label.height() >= label.heightForWidth(label.width())  # no line cut off
    return (
        window.hint_bar.height(),
        label.geometry().getRect(),
        window.statusBar().height(),
        viewport,
        window.scene.view_size,
        window.scene.layout,
        sorted(rows, key=repr),
    )


def _lines(bar: HintBar, window_width: int) -> int:
    """How many lines the idle message takes in a window this wide."""
    margins = bar.layout().contentsMargins()
    room = window_width - margins.left() - margins.right() - bar.layout().spacing()
    return round(bar.label.heightForWidth(room) / bar.label.fontMetrics().lineSpacing())


def test_a_resize_that_rewraps_the_message_lays_the_table_out_once(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The message bar settles its lines for the new width before the table is given
    its room: it used to be given the room the old lines left, then (the bar's new
    height coming a moment later) the room the new ones leave -- two layouts, and the
    cards could be seen to jump."""
    window = make_window(qtbot)
    bar = window.hint_bar
    assert not bar.active  # the idle message, whose lines follow the width
    widths: dict[int, int] = {}
    for width in range(1400, 380, -10):
        widths.setdefault(_lines(bar, width), width)
    assert {1, 2, 3} <= set(widths), widths
    one, two, three = widths[1], widths[2], widths[3]
    layouts = count_layouts(window.scene, monkeypatch)
    heights = []
    # wider and narrower, to one line more or fewer, and within one number of lines
    for width in (one, two, three, two, one, one - 10, two):
        size = (width, 800)
        resize_settled(qtbot, window, size, layouts)
        assert_one_layout(window, size, layouts)
        heights.append(bar.height())
        fresh = _fresh(qtbot, size)
        assert _table(qtbot, window) == _table(qtbot, fresh), size
        fresh.close()
    # (the premise: the bar's height changed with its lines)
    assert heights[0] < heights[1] < heights[2], heights
    assert heights[3] == heights[1] and heights[4] == heights[5] == heights[0], heights


def test_a_longer_message_at_one_width_still_grows_the_bar(qtbot: Any) -> None:
    """The bar's lines follow its text too, not only a new width: a message that
    wraps makes it taller, and the table gives it the room."""
    window = make_window(qtbot)
    bar, view = window.hint_bar, window.view
    idle, room = bar.height(), view.viewport().height()
    bar.show_message(" ".join(["A long message that wraps."] * 12), "info")
    qtbot.waitUntil(lambda: view.viewport().height() < room)
    assert bar.height() > idle
    assert view.viewport().height() == room - (bar.height() - idle)
    bar.dismiss()
    qtbot.waitUntil(lambda: view.viewport().height() == room)
    assert bar.height() == idle


class _OverlayBars(QProxyStyle):
    """Scroll bars that fade out when unused (SH_ScrollBar_Transient), and, with
    ``overlap``, are laid over the contents (PM_ScrollView_ScrollBarOverlap, as
    macOS does) instead of beside them."""

    def __init__(self, overlap: bool) -> None:
        super().__init__()
        self.overlap = overlap

    def styleHint(
        self,
        hint: QStyle.StyleHint,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
        returnData: QStyleHintReturn | None = None,
    ) -> int:
        if hint == QStyle.StyleHint.SH_ScrollBar_Transient:
            return 1
        return super().styleHint(hint, option, widget, returnData)

    def pixelMetric(
        self,
        metric: QStyle.PixelMetric,
        option: QStyleOption | None = None,
        widget: QWidget | None = None,
    ) -> int:
        if metric == QStyle.PixelMetric.PM_ScrollView_ScrollBarOverlap and self.overlap:
            return self.pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, option, widget)
        return super().pixelMetric(metric, option, widget)


@pytest.mark.parametrize("overlap", [False, True], ids=["transient", "transient-overlay"])
def test_transient_scroll_bars_are_planned_as_qt_lays_them_out(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, overlap: bool
) -> None:
    """A table too big for the window asks for the scroll bars it needs; where the
    style lays them over the table, the table is laid out at the whole viewport (no
    room taken for them), and where it lays them beside, at what they leave -- each
    once per resize, and a relayout at the same size changes nothing (no ping-pong).
    (Qt takes room for a bar unless the style says it overlaps; whether it fades out
    does not change the room.)"""
    window = make_window(qtbot, card_size="large")
    view = window.view
    vbar, hbar = view.verticalScrollBar(), view.horizontalScrollBar()
    style = _OverlayBars(overlap)
    for widget in (view, vbar, hbar):  # (a widget's style is not its children's)
        widget.setStyle(style)
    try:
        layouts = count_layouts(window.scene, monkeypatch)
        # too tall only (one bar), too tall and too wide (both), and room again
        for size, bars in (
            ((1000, 480), (False, True)),  # (issue 35: a long column tightens first)
            ((600, 400), (True, True)),
            ((1400, 1000), (False, False)),
        ):
            resize_settled(qtbot, window, size, layouts)
            horizontal, vertical, planned = view._plan()
            assert (horizontal, vertical) == bars, size
            # the bars asked for are there, with something to scroll; the others have
            # nothing -- but where bars are laid over the table: QGraphicsView counts an
            # always-on bar's extent out of the room it scrolls, laid over or not, so a
            # table as wide as the viewport scrolls that much the other way
            for bar, asked, other_on, other_extent in (
                (hbar, horizontal, vertical, vbar.sizeHint().width()),
                (vbar, vertical, horizontal, hbar.sizeHint().height()),
            ):
                assert bar.isVisible() is asked, size
                if asked:
                    assert bar.maximum() > 0, size
                else:
                    assert bar.maximum() <= (other_extent if overlap and other_on else 0), size
            vp = view.viewport()
            assert planned == (vp.width(), vp.height()) == window.scene.view_size, size
            room = (view.width() - vp.width(), view.height() - vp.height())
            if overlap:  # the bars over the table: the viewport is the whole view
                assert room == (0, 0), size
            else:
                assert room == (
                    vbar.sizeHint().width() if vertical else 0,
                    hbar.sizeHint().height() if horizontal else 0,
                ), size
            assert layouts == [planned], (size, layouts)
            layouts.clear()
            view.relayout()
            assert layouts == [], size
    finally:  # (the widgets do not own the style: none may keep it once it is gone)
        for widget in (view, vbar, hbar):
            widget.setStyle(None)  # type: ignore[arg-type]


def test_a_resize_that_changes_the_status_bars_rows_lays_the_table_out_once(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With its live line the status bar has one row on a wide window and two on a
    narrower one; it answers its height for the window's width before the table is
    given its room (it used to take its new rows once it had the new width, and the
    table was laid out for the old rows, then the new ones)."""
    window = _fresh(qtbot, (1100, 800), live_line=True)
    status = window.status
    assert status.rows == 2
    beside = window.statusBar().width() - status.area.width()
    wide = next(w for w in range(1200, 4000, 20) if status.rows_for(w - beside) == 1)
    layouts = count_layouts(window.scene, monkeypatch)
    rows = []
    for width in (wide, 1100, wide + 100, wide - 20):
        size = (width, 800)
        resize_settled(qtbot, window, size, layouts)
        assert_one_layout(window, size, layouts)
        rows.append(status.rows)
        assert window.statusBar().height() == status.bar_height(status.rows)
        fresh = _fresh(qtbot, size, live_line=True)
        assert _table(qtbot, window) == _table(qtbot, fresh), size
        fresh.close()
    assert rows == [1, 2, 1, 1], rows  # (the last inside the band that keeps one row)


def test_a_status_tip_keeps_the_status_bars_height(qtbot: Any) -> None:
    """QStatusBar hides its items while it shows a status tip (a menu entry's): the
    bar keeps its rows' height, and the table its room."""
    window = _fresh(qtbot, (1100, 800), live_line=True)
    bar, view = window.statusBar(), window.view
    height, room = bar.height(), view.viewport().size()
    assert window.status.rows == 2
    bar.showMessage("A status tip")
    qtbot.waitUntil(lambda: not window.status.area.isVisible())
    qtbot.wait(50)
    assert (bar.height(), view.viewport().size()) == (height, room)
    bar.clearMessage()
    qtbot.waitUntil(lambda: window.status.area.isVisible())
    qtbot.wait(50)
    assert (bar.height(), view.viewport().size()) == (height, room)


@pytest.mark.parametrize("size", [(1100, 800), (1366, 768), (2000, 1000)], ids=str)
def test_the_first_frame_is_laid_out_once(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Shown for the first time, the window lays the table out once before its first
    paint, for the bars' final heights (it took two where the status bar has two rows:
    one for a one-row bar, then one for two)."""
    window = build_window(Session(SETTINGS, deal_number=1))
    qtbot.addWidget(window)
    window.resize(*size)
    layouts = count_layouts(window.scene, monkeypatch)
    first: list[tuple[float, float]] = []
    window.view.first_painted.connect(lambda: first.extend(layouts))
    with qtbot.waitExposed(window):
        window.show()
    qtbot.waitUntil(lambda: window.view.painted)
    vp = window.view.viewport()
    assert first == [(vp.width(), vp.height())], (size, first)
