"""The run picker: a small panel for choosing where a run starts.

Press and hold on a column (or P on the focused column) opens it.  It offers
exactly the cards whose cards below form a run (the engine's ``run_length`` under
the variant's build rule): held on a buried card that starts no run, it opens on
the run's first card, and its up arrow stops there.  It shows how many cards would
go and, under that, how many can move together now (the supermove limit); sliding
(still pressed) onto the up arrow or clicking it takes one more card, the down
arrow one fewer; Up/Down do the same, Enter confirms, Escape cancels.
:class:`RunPickerItem` draws the panel and says which of its parts lies under a
point; :class:`RunPickerControl` is how it answers, moving the input controller's
selection and focus; :func:`picker_place` is where it goes: inside the part of the
table in view, over none of the cards it chooses among and none of the piles they
could go to.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from freecell.engine import Pile, Position, Variant
from freecell.i18n import ngettext
from freecell.i18n.formatting import format_number
from freecell.ui.table.destinations import movable_now, run_starts
from freecell.ui.table.layout import Rect, TableLayout


class _PickerScene(Protocol):
    layout: TableLayout | None
    variant: Variant | None

    def addItem(self, item: QGraphicsItem) -> None: ...

    def views(self) -> list[QGraphicsView]: ...


class PickerController(Protocol):
    """What the picker moves: the input controller's selection and focus (named
    here, so that the controller, which makes the picker, is not imported back)."""

    @property
    def scene(self) -> _PickerScene: ...

    @property
    def selection(self) -> tuple[Pile, int] | None: ...

    def position(self) -> Position: ...

    def select(self, pile: Pile, depth: int) -> None: ...

    def focus_on(self, pile: Pile, depth: int = -1) -> None: ...

    def clear_selection(self) -> None: ...


class PickerPart(Enum):
    UP = "up"
    DOWN = "down"
    CLOSE = "close"
    BODY = "body"


class RunPickerItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.count = 1
        self.movable = 1  # how many cards can move together now (supermove limit)
        self.can_take_more = False  # the up arrow stops at the run's first card
        self.hot: PickerPart | None = None
        self._w = 120.0
        self._h = 150.0
        self.setZValue(2000)
        self.setVisible(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_scale_for(self, card_w: float) -> None:
        self.prepareGeometryChange()
        # as wide as a card, so it fits its own column's lane
        self._w = max(56.0, card_w)
        self._h = self._w * 1.25

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self._w, self._h)

    # parts, in item coordinates
    def part_rects(self) -> dict[PickerPart, QRectF]:
        w, h = self._w, self._h
        close = w * 0.24
        return {
            PickerPart.CLOSE: QRectF(w - close - 4, 4, close, close),
            PickerPart.UP: QRectF(w * 0.2, h * 0.16, w * 0.6, h * 0.26),
            PickerPart.DOWN: QRectF(w * 0.2, h * 0.70, w * 0.6, h * 0.26),
        }

    def part_at(self, scene_point: QPointF) -> PickerPart | None:
        if not self.isVisible():
            return None
        local = self.mapFromScene(scene_point)
        for part, rect in self.part_rects().items():
            if rect.contains(local):
                return part
        return PickerPart.BODY if self.boundingRect().contains(local) else None

    def set_count(
        self, count: int, hot: PickerPart | None = None, *, movable: int = 0, more: bool = False
    ) -> None:
        self.count = count
        self.movable = movable or count
        self.can_take_more = more
        self.hot = hot
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        w, h = self._w, self._h
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#ffcc33"), 2))
        painter.setBrush(QColor(20, 24, 30, 235))
        painter.drawRoundedRect(QRectF(1, 1, w - 2, h - 2), 10, 10)
        parts = self.part_rects()
        for part in (PickerPart.UP, PickerPart.DOWN):
            r = parts[part]
            # an arrow with nothing more to offer is drawn dim
            able = self.can_take_more if part is PickerPart.UP else self.count > 1
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setOpacity(1.0 if able else 0.35)
            painter.setBrush(QColor("#ffcc33") if self.hot is part else QColor("#3d4654"))
            painter.drawRoundedRect(r, 8, 8)
            arrow = QPainterPath()
            cx, cy = r.center().x(), r.center().y()
            s = r.height() * 0.32
            if part is PickerPart.UP:
                arrow.moveTo(cx, cy - s)
                arrow.lineTo(cx + s * 1.2, cy + s * 0.7)
                arrow.lineTo(cx - s * 1.2, cy + s * 0.7)
            else:
                arrow.moveTo(cx, cy + s)
                arrow.lineTo(cx + s * 1.2, cy - s * 0.7)
                arrow.lineTo(cx - s * 1.2, cy - s * 0.7)
            arrow.closeSubpath()
            painter.setBrush(QColor("#1b1f26") if self.hot is part else QColor("#ffffff"))
            painter.drawPath(arrow)
        painter.setOpacity(1.0)
        close = parts[PickerPart.CLOSE]
        painter.setPen(
            QPen(QColor("#ff8a80") if self.hot is PickerPart.CLOSE else QColor("#dddddd"), 2.5)
        )
        m = close.width() * 0.28
        painter.drawLine(close.topLeft() + QPointF(m, m), close.bottomRight() - QPointF(m, m))
        painter.drawLine(close.topRight() + QPointF(-m, m), close.bottomLeft() + QPointF(m, -m))
        too_many = self.count > self.movable
        _draw_fitted(
            painter,
            self.label(),
            QRectF(0, h * 0.42, w, h * 0.17),
            round(h * 0.15),
            QColor("#ffb74d") if too_many else QColor("#ffffff"),
            bold=True,
        )
        _draw_fitted(
            painter,
            self.movable_label(),
            QRectF(0, h * 0.58, w, h * 0.11),
            round(h * 0.085),
            QColor("#ffb74d") if too_many else QColor("#c9d1dc"),
        )

    def label(self) -> str:
        """What the picker shows between its arrows: how many cards would go."""
        # Translators: the run picker's count, as wide as a card: keep it short
        return ngettext("{n} card", "{n} cards", self.count).format(n=format_number(self.count))

    def movable_label(self) -> str:
        """Under the count: how many cards can move together now."""
        # Translators: under the run picker's count, as wide as a card: keep it short;
        # how many cards can move together now (free cells and empty columns allow)
        return ngettext("{n} can move now", "{n} can move now", self.movable).format(
            n=format_number(self.movable)
        )


def _draw_fitted(
    painter: QPainter, text: str, box: QRectF, size: int, colour: QColor, *, bold: bool = False
) -> None:
    """``text`` centred in ``box``; a longer language's words ("13 Karten") shrink to
    the lane rather than clip."""
    font = QFont(painter.font())
    font.setBold(bold)
    size = max(9, size)
    font.setPixelSize(size)
    wide = QFontMetricsF(font).horizontalAdvance(text)
    if wide > box.width() * 0.92:
        font.setPixelSize(max(7, int(size * box.width() * 0.92 / wide)))
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class RunPickerControl:
    """How the run picker answers: opened on a column with a run selected, one card
    more or fewer from its arrows (hovered while pressed, clicked, or Up/Down), closed
    by its cross or Escape.  The selection and the keyboard focus are the input
    controller's; this moves them."""

    def __init__(self, controller: PickerController) -> None:
        self._controller = controller
        self.item = RunPickerItem()
        controller.scene.addItem(self.item)
        self.column: int | None = None

    @property
    def is_open(self) -> bool:
        return self.item.isVisible()

    def _starts(self, column: int) -> range:
        scene = self._controller.scene
        assert scene.variant is not None
        return run_starts(self._controller.position(), scene.variant, column)

    def open(self, column: int, depth: int) -> bool:
        """Open on a column with the run from ``depth`` selected (from the run's first
        card when ``depth`` starts no run); the keyboard focus goes to that card, so
        the picker's keys work however it was opened.  False when the column is
        empty or the table is not laid out."""
        controller = self._controller
        scene = controller.scene
        lay = scene.layout
        position = controller.position()
        length = len(position.columns[column])
        if lay is None or length == 0 or scene.variant is None:
            return False
        starts = self._starts(column)
        depth = max(starts.start, min(depth, length - 1))
        self.column = column
        self.item.set_scale_for(lay.card_w)
        size = self.item.boundingRect()
        x, y = picker_place(
            lay,
            [len(cards) for cards in position.columns],
            column,
            starts.start,
            size.width(),
            size.height(),
            _visible_rect(scene),
        )
        self.item.setPos(QPointF(x, y))
        self.item.setVisible(True)
        controller.select(Pile.column(column), depth)
        controller.focus_on(Pile.column(column), depth)
        self.show_count()
        return True

    def show_count(self, hot: PickerPart | None = None) -> None:
        controller = self._controller
        selection = controller.selection
        variant = controller.scene.variant
        if selection is None or self.column is None or variant is None:
            return
        pile, depth = selection
        position = controller.position()
        self.item.set_count(
            len(position.columns[pile.index]) - depth,
            hot,
            movable=movable_now(position, variant),
            more=depth > self._starts(pile.index).start,
        )

    def hover(self, part: PickerPart | None) -> None:
        if part is self.item.hot:
            return
        if part in (PickerPart.UP, PickerPart.DOWN):
            self.step(more=part is PickerPart.UP, hot=part)
        else:
            self.show_count(part)

    def step(self, more: bool, hot: PickerPart | None = None) -> None:
        """One card more (the run starts a card higher, never above the run's first
        card) or one fewer; the focus follows the run's first card."""
        controller = self._controller
        if controller.selection is None or self.column is None:
            return
        pile, depth = controller.selection
        length = len(controller.position().columns[pile.index])
        top = self._starts(pile.index).start
        depth = max(top, depth - 1) if more else min(length - 1, depth + 1)
        controller.select(pile, depth)
        controller.focus_on(pile, depth)
        self.show_count(hot)

    def release(self, point: QPointF) -> None:
        if self.item.part_at(point) is PickerPart.CLOSE:
            self._controller.clear_selection()
            return
        # release confirms: the run stays selected, the panel stays for fine tuning
        self.show_count(None)

    def close(self) -> None:
        self.item.setVisible(False)
        self.column = None


def _visible_rect(scene: _PickerScene) -> Rect | None:
    """The part of the table the (first) view shows, in scene coordinates."""
    views = scene.views()
    if not views:
        return None
    view = views[0]
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    return Rect(shown.x(), shown.y(), shown.width(), shown.height())


def picker_place(
    lay: TableLayout,
    lengths: list[int],
    column: int,
    run_start: int,
    width: float,
    height: float,
    visible: Rect | None = None,
) -> tuple[float, float]:
    """Where the picker goes: inside the table's part in view, over none of the cards
    it chooses among (the column's run, from ``run_start``) and over no other pile a
    run could go to (cells, foundations, the other columns' last cards).

    Tried in turn: below the column's last card; in its own lane above the run (over
    the buried cards, which it does not offer); beside the column, right then left,
    over the neighbours' buried cards, as near the run's first card as it can be.
    Where nothing is free (a tiny window), the place that covers the fewest of those
    piles and none of the run.
    """
    area = Rect(0.0, 0.0, lay.width, lay.height)
    if visible is not None:
        left, top = max(area.x, visible.x), max(area.y, visible.y)
        right = min(area.x + area.w, visible.x + visible.w)
        bottom = min(area.y + area.h, visible.y + visible.h)
        if right - left >= width and bottom - top >= height:
            area = Rect(left, top, right - left, bottom - top)
    gap = max(4.0, lay.card_w * 0.06)
    slot = lay.columns[column]
    length = lengths[column]
    run = [lay.card_rect(column, d) for d in range(run_start, length)]
    first, last = run[0], run[-1]
    run_box = Rect(first.x, first.y, first.w, last.y + last.h - first.y)
    targets = [*lay.cells, *lay.foundations]
    targets += [
        lay.card_rect(i, max(0, n - 1)) if n else lay.columns[i]
        for i, n in enumerate(lengths)
        if i != column
    ]

    def inside(x: float, y: float) -> tuple[float, float]:
        x = max(area.x + gap / 2, min(x, area.x + area.w - width - gap / 2))
        y = max(area.y + gap / 2, min(y, area.y + area.h - height - gap / 2))
        return x, y

    lane_x = slot.x + (slot.w - width) / 2
    candidates = [inside(lane_x, last.y + last.h + gap), inside(lane_x, first.y - height - gap)]
    ys = [first.y + k * gap for k in range(0, int(area.h / gap) + 1)]
    ys.sort(key=lambda y: abs(y - first.y))
    for x in (slot.x + slot.w + gap, slot.x - width - gap):
        candidates += [inside(x, y) for y in ys]
    best: tuple[int, tuple[float, float]] | None = None
    for x, y in candidates:
        panel = Rect(x, y, width, height)
        if panel.intersection_area(run_box) > 0:
            continue
        covered = sum(panel.intersection_area(t) > 0 for t in targets)
        if covered == 0:
            return x, y
        if best is None or covered < best[0]:
            best = (covered, (x, y))
    if best is not None:
        return best[1]
    return inside(lane_x, last.y + last.h + gap)
