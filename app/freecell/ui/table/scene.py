"""The table as a ``QGraphicsScene``: the surface, the pile slots and 52 card items.

The scene knows no rules.  It is told a position (``show_position``) and puts every
card where the layout says, animating the cards whose place changed; it answers
geometric questions for the input controller (which card or pile is under a point,
which pile a dragged run overlaps most) and draws marks: the selection, the
keyboard focus, the hint's source and destination.

Its parts: the card items and stacking order (:mod:`.items`), the geometry
questions (:mod:`.hit_test`), the cards' glide
(:mod:`.glide`), the marks (:mod:`.marks`) and the cloth under it all
(:mod:`.cloth`); the win's celebration is :mod:`.celebration`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from freecell.engine import DECK, Card, Move, Pile, PileKind, Position, Suit, Variant
from freecell.themes import TableSurface, darkened
from freecell.ui.table import hit_test
from freecell.ui.table.glide import Glide, Leg, glide_delays
from freecell.ui.table.items import Z_CARD, CardItem
from freecell.ui.table.layout import (
    CardSize,
    Rect,
    TableLayout,
    compute_layout,
    fitting_size,
    fixed_card_width,
)
from freecell.ui.table.marks import TableMarks
from freecell.ui.table.picture_cache import table_fingerprint
from freecell.ui.table.renderer import CardRenderer
from freecell.ui.table.text_scale import system_text_scale

# The celebration and the cloth's painting are imported when used: the first frame
# has no win, and its table comes from the picture cache once painted.
if TYPE_CHECKING:
    from freecell.ui.table.celebration import Celebration


class TableScene(QGraphicsScene):
    def __init__(self, renderer: CardRenderer, surface: TableSurface) -> None:
        super().__init__()
        self.renderer = renderer
        self.surface = surface
        self.items_by_card: dict[Card, CardItem] = {}
        for c in DECK:
            item = CardItem(c)
            item.setVisible(False)
            self.addItem(item)
            self.items_by_card[c] = item
        self.variant: Variant | None = None
        self.position: Position | None = None
        self.layout: TableLayout | None = None
        self.view_size = (1000.0, 700.0)
        self.card_size = CardSize.FIT
        # the size shown: card_size, or a smaller one when that does not fit the view
        self.shown_size = CardSize.FIT
        # told (asked, shown) when the size shown changes
        self.on_shown_size: Callable[[CardSize, CardSize], None] | None = None
        self.large_print = False
        self.text_scale = system_text_scale()
        self.dpr = 1.0
        self.reduce_motion = False
        self.dark = False  # the desktop's dark scheme: a darker cloth to match
        self.celebration: Celebration | None = None
        self._glide: Glide | None = None
        self._pixmaps_dirty = True
        self._shown_card_w = 0.0  # the card width the items' pictures were made for
        self.pending_deck: tuple[int, int, float, bool] | None = None
        renderer.signals.ready.connect(self._deck_ready)
        self._background: QPixmap | None = None
        self.marks = TableMarks(self)
        # (what the shrink was for, the card width) while a long column has made
        # the cards narrower than the window gives them
        self._shrunk: tuple[tuple[object, ...], float] | None = None
        self._told = (self.card_size, self.shown_size)

    @property
    def focus_mark(self) -> QGraphicsPathItem:
        """The keyboard focus's outline (``marks.focus_halo`` is its black band)."""
        return self.marks.focus

    # -- configuration ---------------------------------------------------------------
    def configure(
        self,
        *,
        view_size: tuple[float, float] | None = None,
        card_size: CardSize | None = None,
        large_print: bool | None = None,
        dpr: float | None = None,
        surface: TableSurface | None = None,
        dark: bool | None = None,
    ) -> None:
        if dark is not None:
            self.dark = dark
        if view_size is not None:
            self.view_size = view_size
        if card_size is not None:
            self.card_size = card_size
        if large_print is not None:
            self.large_print = large_print
        if dpr is not None:
            self.dpr = dpr
        if surface is not None:
            self.surface = surface
        self.relayout()

    @property
    def shown_surface(self) -> TableSurface:
        """The cloth as painted: the chosen one, darker in the dark scheme."""
        return darkened(self.surface) if self.dark else self.surface

    def relayout(self) -> None:
        """Recompute the geometry and put every card in place at once (no animation)."""
        if self.position is None or self.variant is None:
            return
        self._apply_layout(self.position)
        self._place(self.position, animate=False)

    def layout_for(
        self, view_w: float, view_h: float, position: Position | None = None
    ) -> tuple[CardSize, TableLayout] | None:
        """The size shown and the layout the table would have in a view of this size
        (arithmetic only: nothing moves), or None before the first position."""
        if position is None:
            position = self.position
        if position is None or self.variant is None:
            return None
        shown = fitting_size(
            self.card_size, view_w, view_h, self.variant, None, self.large_print, self.text_scale
        )
        shrunk = self._shrunk
        cap = (
            shrunk[1]
            if shrunk is not None and shrunk[0] == self._shrink_key(view_w, view_h)
            else None
        )
        lay = compute_layout(
            view_w,
            view_h,
            self.variant,
            position,
            self.card_size,
            self.large_print,
            self.text_scale,
            cap,
        )
        return shown, lay

    def _shrink_key(self, view_w: float, view_h: float) -> tuple[object, ...]:
        """What a shrink for a long column holds for: this view, variant and settings."""
        return (view_w, view_h, self.variant, self.card_size, self.large_print, self.text_scale)

    def _apply_layout(self, position: Position) -> None:
        old = self.layout
        planned = self.layout_for(*self.view_size, position)
        assert planned is not None and self.variant is not None
        shown, self.layout = planned
        # Cards shrunk for a column too long for its room stay that size, so
        # taking the column apart does not move every pile again: they grow back
        # with the window (or a new deal, variant or setting), never with the cards.
        given = round(
            fixed_card_width(
                self.card_size,
                *self.view_size,
                self.variant,
                None,
                self.large_print,
                self.text_scale,
            )
        )
        self._shrunk = (
            (self._shrink_key(*self.view_size), self.layout.card_w)
            if self.layout.card_w < given
            else None
        )
        told = (self.card_size, shown)
        self.shown_size = shown
        if told != self._told:  # the size asked for or the size shown changed
            self._told = told
            if self.on_shown_size is not None:
                self.on_shown_size(self.card_size, shown)
        if old is None or (old.card_w, old.card_h) != (self.layout.card_w, self.layout.card_h):
            self._pixmaps_dirty = True  # painted on the next draw, at the final size
        self.setSceneRect(0, 0, self.layout.width, self.layout.height)
        self._background = None
        # The slots are painted in the background: a new layout (another variant's
        # cells and foundations) repaints it, or the old outlines would stay on screen.
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        self.update()

    def ensure_pixmaps(self) -> None:
        """Give the cards their pictures for the current size, if that changed.

        Called just before the view paints, so the several relayouts of a start-up
        or a window resize paint the deck once, at the size that is finally shown.
        """
        if not self._pixmaps_dirty or self.layout is None:
            return
        key = (int(self.layout.card_w), int(self.layout.card_h), self.dpr, self.large_print)
        if not self._shown_card_w or self.renderer.has_deck(*key) or self.renderer.load_deck(*key):
            self._refresh_pixmaps()
            return
        # A new size while playing (the window is being resized): scale the old
        # pictures for a moment and paint the new deck in a worker thread.
        self._pixmaps_dirty = False
        factor = self.layout.card_w / self._shown_card_w
        for item in self.items_by_card.values():
            item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
            item.setScale(factor)
        if key != self.pending_deck:
            self.pending_deck = key
            self.renderer.prepare(*key)

    def _deck_ready(self, key: object) -> None:
        if key != self.pending_deck:
            return
        self.pending_deck = None
        if self.layout is not None and key == (
            int(self.layout.card_w),
            int(self.layout.card_h),
            self.dpr,
            self.large_print,
        ):
            self._refresh_pixmaps()
        else:
            self._pixmaps_dirty = True
            self.update()

    def _refresh_pixmaps(self) -> None:
        assert self.layout is not None
        self._pixmaps_dirty = False
        w, h = int(self.layout.card_w), int(self.layout.card_h)
        self._shown_card_w = self.layout.card_w
        self.renderer.load_deck(w, h, self.dpr, self.large_print)  # faces kept on disk
        for c, item in self.items_by_card.items():
            item.setPixmap(self.renderer.pixmap(c, w, h, self.dpr, self.large_print))
            item.setScale(1.0)
            item.setTransformationMode(Qt.TransformationMode.FastTransformation)
        self.renderer.forget_other_sizes(w, h)
        self.renderer.save_deck_later(w, h, self.dpr, self.large_print)

    def refresh_cards(self) -> None:
        """Repaint every card (after a theme or large-print change)."""
        if self.layout is not None:
            self._refresh_pixmaps()

    # -- showing positions -----------------------------------------------------------
    def show_position(
        self,
        variant: Variant,
        position: Position,
        moves: Iterable[Move] = (),
        before: Position | None = None,
        animate: bool = True,
        dealt: bool = False,
    ) -> None:
        """Show ``position``; cards that moved glide there, those moved by later
        ``moves`` (auto-play after the player's move) a little later.  ``dealt``:
        a new deal, which gives back cards a long column of the last one shrank."""
        self.end_celebration()  # a new deal or an undo during the win's celebration
        new_variant = variant != self.variant
        self.variant = variant
        self.position = position
        if dealt:
            self._shrunk = None
        if new_variant or self.layout is None:
            self._apply_layout(position)
            self._place(position, animate=False)
            return
        self._apply_layout(position)
        delays = glide_delays(before, moves) if before is not None else {}
        self._place(position, animate=animate, delays=delays)

    def spring_back(self) -> None:
        """Glide any card that was dragged away back to its place (a refused drop)."""
        if self.position is not None and self.layout is not None:
            self._place(self.position, animate=True)

    def target_rects(self, position: Position) -> dict[Card, tuple[Rect, int]]:
        """Where each card of ``position`` belongs, with its stacking order."""
        assert self.layout is not None
        lay = self.layout
        out: dict[Card, tuple[Rect, int]] = {}
        for col, cards in enumerate(position.columns):
            for depth, c in enumerate(cards):
                out[c] = (lay.card_rect(col, depth), Z_CARD + depth)
        for i, held in enumerate(position.cells):
            if held is not None:
                out[held] = (lay.cells[i], Z_CARD)
        for suit in Suit:
            top = position.foundations[suit]
            for rank in range(1, top + 1):
                out[DECK[(rank - 1) * 4 + suit]] = (lay.foundations[suit], Z_CARD + rank)
        return out

    def _place(
        self, position: Position, animate: bool, delays: dict[Card, int] | None = None
    ) -> None:
        if self._glide is not None:
            self._glide.finish()
            self._glide = None
        legs: list[Leg] = []
        targets = self.target_rects(position)
        for c, item in self.items_by_card.items():
            placed = targets.get(c)
            if placed is None:
                item.setVisible(False)
                continue
            rect, z = placed
            end = QPointF(rect.x, rect.y)
            item.setData(0, z)
            if animate and not self.reduce_motion and item.isVisible() and item.pos() != end:
                delay = (delays or {}).get(c, 0)
                legs.append((item, item.pos(), end, delay))
                continue
            item.setVisible(True)
            item.setPos(end)
            item.setZValue(z)
        if legs:
            self._glide = Glide(self, legs)
            self._glide.anim.start()
        self.marks.refresh()  # each mark drawn again where its cards now are

    def celebrate(self, on_done: Callable[[], None]) -> None:
        """The win's celebration (see :mod:`freecell.ui.table.celebration`)."""
        from freecell.ui.table.celebration import Celebration

        self.end_celebration()
        self.celebration = Celebration(self, on_done)
        self.celebration.start()

    @property
    def celebrating(self) -> bool:
        return self.celebration is not None and self.celebration.running

    def end_celebration(self) -> None:
        """Skip the rest of a celebration (a key or a click): the cards go home."""
        if self.celebration is not None:
            celebration, self.celebration = self.celebration, None
            celebration.stop()

    def cancel_celebration(self) -> None:
        """Stop a celebration without what follows it (its window is closing)."""
        if self.celebration is not None:
            celebration, self.celebration = self.celebration, None
            celebration.cancel()

    @property
    def animating(self) -> bool:
        glide = self._glide
        return glide is not None and glide.running

    def finish_animations(self) -> None:
        if self._glide is not None:
            self._glide.finish()
            self._glide = None

    # -- geometry questions (answered by hit_test from the layout and position) -------
    def pile_rect(self, pile: Pile) -> Rect:
        assert self.layout is not None
        return hit_test.pile_rect(self.layout, pile)

    def card_at(self, x: float, y: float) -> tuple[Pile, int] | None:
        if self.layout is None or self.position is None:
            return None
        return hit_test.card_at(self.layout, self.position, x, y)

    def pile_at(self, x: float, y: float) -> Pile | None:
        return None if self.layout is None else hit_test.pile_at(self.layout, x, y)

    def drop_target(self, dragged: Rect, source: Pile) -> Pile | None:
        if self.layout is None or self.position is None:
            return None
        return hit_test.drop_target(self.layout, self.position, dragged, source)

    def cards_of(self, pile: Pile, depth: int) -> list[CardItem]:
        """The items of a pile from ``depth`` to its end (the run a drag lifts)."""
        assert self.position is not None
        pos = self.position
        if pile.kind is PileKind.COLUMN:
            return [self.items_by_card[c] for c in pos.columns[pile.index][depth:]]
        if pile.kind is PileKind.CELL:
            held = pos.cells[pile.index]
            return [] if held is None else [self.items_by_card[held]]
        top = pos.foundations[pile.index]
        return [self.items_by_card[DECK[(top - 1) * 4 + pile.index]]] if top else []

    # -- marks (drawn by TableMarks) ----------------------------------------------------
    def set_selection(self, pile: Pile | None, depth: int = 0) -> None:
        self.marks.set_selection(pile, depth)

    def set_focus_mark(self, pile: Pile | None, depth: int = 0) -> None:
        self.marks.set_focus(pile, depth)

    def set_hint(self, move: Move | None) -> None:
        self.marks.set_hint(move)

    def set_drop_mark(self, pile: Pile | None) -> None:
        """Outline where a dragged run would land if released now."""
        self.marks.set_drop(pile)

    @property
    def drop_mark_visible(self) -> bool:
        return self.marks.drop.isVisible()

    @property
    def hint_visible(self) -> bool:
        return self.marks.hint_src.isVisible()

    @property
    def selection_visible(self) -> bool:
        return self.marks.selection.isVisible()

    @property
    def focus_visible(self) -> bool:
        return self.marks.focus.isVisible()

    # -- background -------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        if self._background is None or self._background.size().width() != int(
            self.sceneRect().width() * self.dpr
        ):
            self._background = self._paint_background()
        painter.drawPixmap(self.sceneRect().topLeft(), self._background)

    def _paint_background(self) -> QPixmap:
        """The surface and the empty-pile slots, painted once per layout -- or read
        back from the disk cache when the game has one and this very picture was
        painted before (see :mod:`freecell.ui.table.picture_cache`)."""
        rect = self.sceneRect()
        w, h = max(1, int(rect.width() * self.dpr)), max(1, int(rect.height() * self.dpr))
        cache = self.renderer.pictures
        fingerprint = None
        if cache is not None and self.layout is not None:
            fingerprint = table_fingerprint(
                self.shown_surface, self.layout, w, h, self.dpr, QFont()
            )
            found = cache.load("table", fingerprint, self.dpr)
            if found is not None and 0 in found and found[0].size() == QSize(w, h):
                pm = QPixmap.fromImage(found[0])
                pm.setDevicePixelRatio(self.dpr)
                return pm
        pm = QPixmap(w, h)
        pm.setDevicePixelRatio(self.dpr)
        self._paint_table(pm)
        if cache is not None and fingerprint is not None:
            cache.store_later("table", fingerprint, lambda: {0: pm.toImage()})
        return pm

    def _paint_table(self, pm: QPixmap) -> None:
        from freecell.ui.table.cloth import paint_cloth

        rect = self.sceneRect()
        paint_cloth(pm, rect.width(), rect.height(), self.shown_surface, self.layout)
