"""The table's layout (issue 4): a deal shown card for card, cells top left and
foundations top right, each variant's piles, a resize that keeps the deal, a new
size painted off the GUI thread, long columns compressed to stay on screen."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from freecell.engine import BUILTIN_VARIANTS, FREECELL, Move, MoveCards, NewDeal, Pile, card, deal
from freecell.ui.table.layout import CardSize, compute_layout
from ui_helpers import board, load, make_window

DEALS = Path(__file__).parent / "data" / "deals"


def _columns_on_screen(window) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """Read the columns back from the items' positions alone (x groups, y order)."""
    lay = window.scene.layout
    cols: list[list[tuple[float, str]]] = [[] for _ in lay.columns]
    for c, item in window.scene.items_by_card.items():
        if not item.isVisible() or item.pos().y() < lay.columns[0].y - 1:
            continue
        index = min(range(len(lay.columns)), key=lambda i: abs(lay.columns[i].x - item.pos().x()))
        assert abs(lay.columns[index].x - item.pos().x()) < 0.5
        cols[index].append((item.pos().y(), c.short))
    return [[name for _, name in sorted(col)] for col in cols]


def test_golden_deal_is_shown_card_for_card(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=1)
    expected = [line.split() for line in (DEALS / "deal-1.txt").read_text().splitlines()]
    assert _columns_on_screen(window) == expected
    # all 52 visible, each exactly once, at the same pitch and rising depth
    assert sum(item.isVisible() for item in window.scene.items_by_card.values()) == 52
    assert window.status.text("deal") == "Deal #1 \u00b7 FreeCell"
    assert window.status.text("limit") == "Can move 5 cards"
    assert window.status.text("moves") == "Moves: 0"
    assert window.status.text("home") == "Home: 0/52"


def test_the_limit_never_counts_more_cards_than_are_left(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=1)
    load(window, board(["KS"], home="C-K D-K H-K S-Q"))
    # seven empty columns and four free cells would allow 640: one card is left
    assert window.status.text("limit") == "Can move 1 card"
    window.dispatch(MoveCards(Move(Pile.column(0), Pile.foundation(), 1)))
    assert window.bus.game.is_won
    assert window.status.text("limit") == "All cards home"  # not "Can move 1280 cards"


def test_cells_top_left_foundations_top_right_columns_below(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    lay = window.scene.layout
    assert all(c.y == lay.cells[0].y for c in (*lay.cells, *lay.foundations))
    assert lay.cells[0].x < lay.foundations[0].x
    assert max(c.x for c in lay.cells) < min(f.x for f in lay.foundations)
    assert all(col.y > lay.cells[0].y + lay.card_h for col in lay.columns)
    # near the right edge, or spread as far apart as piles go
    gap = lay.columns[1].x - lay.columns[0].x - lay.card_w
    assert lay.width - (lay.foundations[-1].x + lay.card_w) < lay.card_w or gap >= lay.card_w / 3


@pytest.mark.parametrize("variant", BUILTIN_VARIANTS, ids=lambda v: v.id)
def test_layout_follows_the_variant(qtbot, variant) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.dispatch(NewDeal(617, variant))
    lay = window.scene.layout
    assert len(lay.cells) == variant.cells
    assert len(lay.columns) == variant.columns
    assert _columns_on_screen(window) == [
        [c.short for c in col] for col in deal(617, variant).columns
    ]
    # nothing overlaps sideways and everything is inside the scene
    xs = sorted(r.x for r in lay.columns)
    assert all(b - a >= lay.card_w for a, b in itertools.pairwise(xs))
    assert max(r.x + r.w for r in (*lay.cells, *lay.foundations, *lay.columns)) <= lay.width


def test_resize_relayouts_and_keeps_the_deal(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.dispatch(MoveCards(Move.parse("5a")))
    before = window.bus.game.position
    before_w = window.scene.layout.card_w
    window.resize(1600, 1100)
    qtbot.waitUntil(lambda: window.scene.layout.card_w > before_w)
    assert window.bus.game.position == before
    assert window.bus.game.move_count == 1
    for c, (rect, _z) in window.scene.target_rects(before).items():
        item = window.scene.items_by_card[c]
        assert (item.pos().x(), item.pos().y()) == (rect.x, rect.y)
    window.resize(700, 520)
    qtbot.waitUntil(lambda: window.scene.layout.card_w < before_w)
    assert window.bus.game.position == before
    window.showMaximized()
    qtbot.waitUntil(lambda: window.isMaximized())
    assert window.bus.game.position == before
    window.fullscreen_action.trigger()
    qtbot.waitUntil(window.isFullScreen)
    assert window.fullscreen_action.isChecked()
    assert window.bus.game.position == before
    for c, (rect, _z) in window.scene.target_rects(before).items():
        item = window.scene.items_by_card[c]
        assert (item.pos().x(), item.pos().y()) == (rect.x, rect.y)


def test_a_new_size_is_painted_off_the_gui_thread_and_then_swapped_in(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    item = window.scene.items_by_card[card("AS")]
    old_w = window.scene.layout.card_w
    window.resize(1500, 1050)
    qtbot.waitUntil(lambda: window.scene.layout.card_w > old_w)
    window.view.grab()
    if window.scene.pending_deck is not None:  # meanwhile the old picture is scaled
        assert item.scale() == pytest.approx(window.scene.layout.card_w / old_w)
    qtbot.waitUntil(lambda: window.scene.pending_deck is None, timeout=5000)
    assert item.scale() == 1.0
    assert item.pixmap().width() >= window.scene.layout.card_w


def test_long_columns_compress_to_stay_on_screen() -> None:
    short = compute_layout(900, 560, FREECELL, deal(1, FREECELL), CardSize.LARGE)
    tall = compute_layout(900, 5000, FREECELL, deal(1, FREECELL), CardSize.LARGE)
    assert short.offsets[0] < tall.offsets[0]
    bottom = short.card_rect(0, 6)
    at_floor = short.offsets[0] == math.ceil(short.card_h * 0.22)
    assert bottom.y + bottom.h <= 560 or at_floor
    # never squeezed below the strip that shows each card's index
    tiny = compute_layout(900, 300, FREECELL, deal(1, FREECELL), CardSize.LARGE)
    assert tiny.offsets[0] >= tiny.card_h * 0.22 - 0.01
    assert tiny.height > 300  # the table grows (and scrolls) rather than hide an index
