"""The table fills its window: "fit" is as large as width and height allow from
the smallest window to 4K, on every resize; a fixed size too big for the window
gives way to the largest that fits, and the player is told."""

from __future__ import annotations

import pytest

from freecell.engine import FREECELL, deal
from freecell.ui.table.layout import (
    CARD_WIDTHS,
    MAX_FIT_WIDTH,
    CardSize,
    compute_layout,
    fitting_size,
)
from ui_helpers import (
    LONG_COLUMNS,
    assert_one_layout,
    count_layouts,
    make_window,
    resize_settled,
)

SCREENS = [(800, 520), (1024, 640), (1366, 640), (1920, 960), (2560, 1320), (3840, 2040)]


@pytest.mark.parametrize(("w", "h"), SCREENS, ids=lambda v: str(v))
@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_fit_fills_width_or_height_and_never_scrolls(w: int, h: int, large_print: bool) -> None:
    position = deal(1, FREECELL)
    lay = compute_layout(w, h, FREECELL, position, CardSize.FIT, large_print)
    assert lay.width <= w and lay.height <= h  # no scroll bar
    # the same cards and piles with a whole suit in a column: the table holds still
    # (large print's taller strips tighten sooner: its cards may shrink for it)
    full = compute_layout(w, h, FREECELL, LONG_COLUMNS, CardSize.FIT, large_print)
    if not large_print:
        assert (full.card_w, full.columns, full.cells) == (lay.card_w, lay.columns, lay.cells)
    right = max(r.x + r.w for r in lay.columns)
    bottom = full.card_rect(0, 12).y + full.card_h
    # one of the two directions is used to its margins (or the cards are as big as
    # allowed): the width, or the height with the room a whole suit needs
    wide = right >= w - lay.card_w * 0.5
    tall = bottom >= h - lay.card_w * 0.6 or large_print
    assert wide or tall or lay.card_w >= MAX_FIT_WIDTH - 1, (w, h, lay.card_w, right, bottom)
    assert full.height <= h or large_print


def test_fit_grows_to_4k() -> None:
    position = deal(1, FREECELL)
    hd = compute_layout(1920, 960, FREECELL, position, CardSize.FIT)
    uhd = compute_layout(3840, 2040, FREECELL, position, CardSize.FIT)
    assert uhd.card_w > 1.8 * hd.card_w


@pytest.mark.parametrize(("w", "h"), SCREENS, ids=lambda v: str(v))
@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_each_size_is_what_it_says_or_fits_and_never_under_fit(
    w: int, h: int, large_print: bool
) -> None:
    """Issue 35: Extra large at 1920 was "shown at Large", smaller than Fit; a fixed
    size is its own width where that fits, else Fit's, never a smaller step."""
    position = deal(1, FREECELL)
    fit = compute_layout(w, h, FREECELL, position, CardSize.FIT, large_print).card_w
    for size, width in CARD_WIDTHS.items():
        lay = compute_layout(w, h, FREECELL, position, size, large_print)
        shown = fitting_size(size, w, h, FREECELL, position, large_print)
        if shown is size:
            assert lay.card_w == width
        else:
            assert width > fit and lay.card_w == max(fit, CARD_WIDTHS[CardSize.SMALL]), size
        assert lay.card_w >= min(width, fit)
    # Extra large too big for the window is Fit's size, never a step below it
    xl = compute_layout(w, h, FREECELL, position, CardSize.EXTRA_LARGE, large_print)
    assert xl.card_w >= fit or xl.card_w == CARD_WIDTHS[CardSize.EXTRA_LARGE]
    # large print does not drop the size
    plain = compute_layout(w, h, FREECELL, position, CardSize.LARGE, False)
    assert compute_layout(w, h, FREECELL, position, CardSize.LARGE, True).card_w >= plain.card_w


def test_extra_large_gives_way_to_fit_and_small_scrolls() -> None:
    position = deal(1, FREECELL)
    # a 1366 x 768 laptop: the table's part of the window
    shown = fitting_size(CardSize.EXTRA_LARGE, 1366, 600, FREECELL, position)
    assert shown is CardSize.FIT
    lay = compute_layout(1366, 600, FREECELL, position, CardSize.EXTRA_LARGE)
    assert lay.width <= 1366 and lay.height <= 600
    # room enough: the size asked for is the size shown
    assert (
        fitting_size(CardSize.EXTRA_LARGE, 2560, 1320, FREECELL, position) is CardSize.EXTRA_LARGE
    )
    # a window too small even for Small cards shows Small ones and scrolls
    assert fitting_size(CardSize.LARGE, 400, 300, FREECELL, position) is CardSize.SMALL


def test_the_window_says_when_the_cards_asked_for_do_not_fit(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, large_print=True)
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.view.viewport().height() < 700)
    window.view.viewport().repaint()
    window.set_card_size(CardSize.EXTRA_LARGE)
    scene, view = window.scene, window.view
    assert scene.shown_size is CardSize.FIT
    assert view.horizontalScrollBar().maximum() == 0
    assert view.verticalScrollBar().maximum() == 0
    note = window.hint_bar.text
    assert "Extra large cards do not fit" in note
    # and the menu says why
    sizes = window._menus.sizes
    sizes.aboutToShow.emit()
    xl = window._menus.size_actions[CardSize.EXTRA_LARGE]
    assert xl.text() == "Extra large (too large for this window)"
    assert window._menus.size_actions[CardSize.SMALL].text() == "Small"
    assert window.settings.card_size == "extra-large"  # the choice is kept ...
    window.resize(2400, 1500)  # ... and shown again where it fits
    qtbot.waitUntil(lambda: scene.shown_size is CardSize.EXTRA_LARGE)
    assert scene.layout is not None and scene.layout.card_w == CARD_WIDTHS[CardSize.EXTRA_LARGE]
    # the note is no longer true: it goes (issue 35: it stayed after going back to Fit)
    assert window.hint_bar.text != note
    sizes.aboutToShow.emit()
    assert xl.text() == "Extra large"


def test_the_note_goes_when_fit_is_chosen_again(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.view.viewport().height() < 700)
    window.view.viewport().repaint()
    window.set_card_size(CardSize.EXTRA_LARGE)
    note = window.hint_bar.text
    assert "Extra large cards do not fit" in note
    window.set_card_size(CardSize.FIT)
    assert window.hint_bar.text != note


def test_fit_follows_every_resize(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    sizes = []
    for w, h in ((900, 640), (1300, 900), (700, 500)):
        window.resize(w, h)
        qtbot.waitUntil(lambda w=w: abs(window.width() - w) < 5)
        assert window.scene.layout is not None
        sizes.append(window.scene.layout.card_w)
        assert window.view.horizontalScrollBar().maximum() == 0
        assert window.view.verticalScrollBar().maximum() == 0
    assert sizes[1] > sizes[0] > sizes[2]


def test_fit_scrolls_only_where_even_its_smallest_cards_do_not_fit(qtbot) -> None:  # type: ignore[no-untyped-def]
    """200 % text on a 1024 x 768 screen leaves the table some 500 x 200 of Qt's
    pixels: the cards under the edge must still be reachable."""
    window = make_window(qtbot)
    view = window.view
    window.resize(520, 330)
    qtbot.waitUntil(lambda: view.verticalScrollBar().maximum() > 0)
    lay = window.scene.layout
    assert lay is not None and lay.height > view.viewport().height()
    window.resize(1100, 800)  # room again: no scroll bars
    qtbot.waitUntil(lambda: view.verticalScrollBar().maximum() == 0)
    assert view.horizontalScrollBar().maximum() == 0
    assert window.scene.layout is not None
    assert window.scene.layout.height <= view.viewport().height()


@pytest.mark.parametrize(
    ("w", "h", "scrolls"),
    [(1000, 700, False), (1366, 768, False), (640, 400, True), (400, 300, True)],
    ids=lambda v: str(v),
)
@pytest.mark.parametrize("card_size", ["fit", "medium"])
def test_one_resize_lays_the_table_out_once(  # type: ignore[no-untyped-def]
    qtbot, monkeypatch: pytest.MonkeyPatch, w: int, h: int, scrolls: bool, card_size: str
) -> None:
    """One resize of the window lays the table out once, at the viewport's final size
    -- also where even the smallest cards do not fit and scroll bars come, which used
    to lay it out at the size without them and again at the size with them, and where
    the message bar takes more lines or fewer at the new width (640 and 400 wide:
    tests/test_ui_table_one_layout.py)."""
    window = make_window(qtbot, card_size=card_size)
    scene, view = window.scene, window.view
    layouts = count_layouts(scene, monkeypatch)
    for size in ((w, h), (1100, 800)):  # there and back again (make_window: 1100 x 800)
        resize_settled(qtbot, window, size, layouts)
        assert_one_layout(window, size, layouts)
        bars = view.horizontalScrollBar().maximum() + view.verticalScrollBar().maximum()
        assert (bars > 0) is (scrolls and size == (w, h)), size
