"""What the table shows while the player holds cards: the lifted run and where it
may go.

- A dragged card or run *lifts*: it grows a little about the point where the
  pointer took it (its cards show pictures made larger once) and casts a soft
  shadow that fades in, both carried by the cards themselves (the shadow is a child
  of the run's first card), so following the pointer costs no more than moving the
  cards.  On the drop it is back to its size as it glides to its place.
- The *legal destinations* of what is held (dragged, tapped or picked up by keys)
  are outlined in green, and only they: the input controller asks the engine which
  piles they are (:mod:`.destinations`) and hands them here; they are drawn from the
  scene's current layout and position, so a relayout redraws them in place.

Every change of these fades in or out quickly, or happens at once when motion is
reduced (the desktop's setting or the player's choice: ``TableScene.reduce_motion``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from freecell.engine import Pile
from freecell.ui.table.items import Z_MARK, CardItem, qrect

if TYPE_CHECKING:
    from freecell.ui.table.scene import TableScene

LIFT_SCALE = 0.05  # a lifted run is 5 % larger
LIFT_MS = 110
FADE_MS = 140
SHADOW_RINGS = 8  # the shadow's soft edge, drawn as rings of growing transparency
DESTINATION = QColor("#6ee08f")  # apart from the selection's yellow and the hint's blue


class DragFeedback(QObject):
    """The lift of the held run and the outline of its legal destinations."""

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self._scene = scene
        # the destinations' outline: a dark band under a green line (clear on any
        # cloth), one item for every pile so one opacity fades them all
        self.halo = QGraphicsPathItem()
        self.halo.setPen(_pen(QColor(0, 0, 0, 150), 7))
        self.halo.setBrush(QBrush())
        self.halo.setZValue(Z_MARK - 1)
        self.outline = QGraphicsPathItem(self.halo)
        self.outline.setPen(_pen(DESTINATION, 3))
        fill = QColor(DESTINATION)
        fill.setAlpha(46)
        self.outline.setBrush(QBrush(fill, Qt.BrushStyle.SolidPattern))
        for item in (self.halo, self.outline):
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.halo.setVisible(False)
        scene.addItem(self.halo)
        self.destinations: tuple[Pile, ...] = ()
        self._fade: QVariantAnimation | None = None
        # the lift
        self.lifted: list[CardItem] = []
        self.shadow: RunShadow | None = None
        self._shadow_key: tuple[int, int] = (0, 0)
        self._lift_anim: QVariantAnimation | None = None
        self._lift = 0.0  # the shadow: 0 on the table, 1 lifted
        self._pictures: list[QPixmap] = []  # the lifted cards' own pictures
        self._grown: list[int] = []  # the cache keys of the grown ones shown instead
        self._grown_pictures: dict[int, QPixmap] = {}  # by the card picture's cache key

    @property
    def reduce_motion(self) -> bool:
        return self._scene.reduce_motion

    # -- legal destinations ---------------------------------------------------------
    def show_destinations(self, piles: Sequence[Pile]) -> None:
        """Outline ``piles`` (none: the outline fades away)."""
        piles = tuple(piles)
        if not piles:
            self.hide_destinations()
            return
        fresh = not self.halo.isVisible() or self.destinations == ()
        self.destinations = piles
        self.redraw()
        if fresh:
            self._fade_to(1.0)
        elif self._fade is None:
            self.halo.setOpacity(1.0)

    def hide_destinations(self) -> None:
        if not self.destinations:
            return
        self.destinations = ()
        self._fade_to(0.0)

    @property
    def destinations_visible(self) -> bool:
        """Whether the outline is (or is coming) on screen."""
        return bool(self.destinations) and self.halo.isVisible()

    def redraw(self) -> None:
        """Draw the outline again from the scene's layout and position (after a move
        or a relayout): each destination where a card put on it would lie."""
        scene = self._scene
        if not self.destinations or scene.layout is None or scene.position is None:
            return
        path = QPainterPath()
        radius = scene.layout.card_w * 0.07
        for pile in self.destinations:
            path.addRoundedRect(self.landing(pile), radius, radius)
        self.halo.setPath(path)
        self.outline.setPath(path)

    def landing(self, pile: Pile) -> QRectF:
        """Where a card put on ``pile`` lies: a column's last card (or its place)."""
        scene = self._scene
        assert scene.layout is not None and scene.position is not None
        if pile.is_column:
            cards = scene.position.columns[pile.index]
            if cards:
                return qrect(scene.layout.card_rect(pile.index, len(cards) - 1))
        return qrect(scene.pile_rect(pile))

    def _fade_to(self, target: float) -> None:
        if self._fade is not None:
            self._fade.stop()
            self._fade = None
        start = self.halo.opacity() if self.halo.isVisible() else 0.0
        if target > 0:
            self.halo.setOpacity(start)
            self.halo.setVisible(True)
        if self.reduce_motion:
            self._faded(target)
            return
        anim = QVariantAnimation(self)
        anim.setStartValue(start)
        anim.setEndValue(target)
        anim.setDuration(FADE_MS)
        anim.valueChanged.connect(lambda v: self.halo.setOpacity(float(v)))
        anim.finished.connect(lambda: self._faded(target))
        self._fade = anim
        anim.start()

    def _faded(self, target: float) -> None:
        if self._fade is not None:
            self._fade.deleteLater()
            self._fade = None
        self.halo.setOpacity(target)
        self.halo.setVisible(target > 0)

    @property
    def fading(self) -> bool:
        return self._fade is not None

    # -- the lift -------------------------------------------------------------------
    def lift(self, items: Sequence[CardItem], grab: QPointF) -> None:
        """Lift ``items`` (already stacked over the table) about the scene point
        ``grab``: they grow a little and cast a shadow that fades in (at once when
        motion is reduced)."""
        self.drop_now()
        if not items:
            return
        self.lifted = list(items)
        self._pictures = [item.pixmap() for item in items]
        if all(item.scale() == 1.0 for item in items):  # (not mid-resize, scaled)
            grown = 1.0 + LIFT_SCALE
            for item, picture in zip(items, self._pictures, strict=True):
                # A picture made larger once, not a scale transform: a frame of the
                # drag then blits it as it blits any card (a smooth scale on every
                # frame cost 10-15 ms at Extra large).
                item.setPixmap(self._grown_picture(picture, grown))
                # each card grows about the same scene point: the run stays one piece
                item.setOffset((grab - item.pos()) * (1.0 - grown))
            self._grown = [item.pixmap().cacheKey() for item in items]
        self._attach_shadow(items)
        self._animate_lift(1.0)

    def _grown_picture(self, picture: QPixmap, factor: float) -> QPixmap:
        """``picture`` grown, made once per card picture (a lift of 13 Extra large
        cards spends most of its first frame growing them)."""
        key = picture.cacheKey()
        grown = self._grown_pictures.get(key)
        if grown is None:
            if len(self._grown_pictures) >= 26:  # (bounded: a new size or deck, or many)
                self._grown_pictures.clear()
            grown = self._grown_pictures[key] = _grown(picture, factor)
        return grown

    def settle(self) -> None:
        """The run was let go: it is back to its size as it glides to its place, and
        its shadow fades."""
        if not self.lifted:
            return
        self._restore_pictures()
        self._animate_lift(0.0)

    def drop_now(self) -> None:
        """End any lift at once: cards at their size, no shadow."""
        if self._lift_anim is not None:
            self._lift_anim.stop()
            self._lift_anim.deleteLater()
            self._lift_anim = None
        self._restore_pictures()
        self._set_lift(0.0)
        if self.shadow is not None:
            self.shadow.setVisible(False)  # (it stays the card's child, hidden, till the next lift)
        self.lifted = []

    def _restore_pictures(self) -> None:
        for item, picture, key in zip(self.lifted, self._pictures, self._grown, strict=False):
            item.setOffset(QPointF(0, 0))
            if item.pixmap().cacheKey() == key:  # (a new deck painted meanwhile stays)
                item.setPixmap(picture)
        self._pictures, self._grown = [], []

    @property
    def lifting(self) -> bool:
        """Whether a run is lifted (or its shadow still fading)."""
        return bool(self.lifted)

    @property
    def lift_amount(self) -> float:
        """The shadow's strength: 0 on the table, 1 lifted."""
        return self._lift

    def _animate_lift(self, target: float) -> None:
        if self._lift_anim is not None:
            self._lift_anim.stop()
            self._lift_anim.deleteLater()
            self._lift_anim = None
        if self.reduce_motion:
            self._set_lift(target)
            if target == 0.0:
                self.drop_now()
            return
        from PySide6.QtCore import QVariantAnimation

        anim = QVariantAnimation(self)
        anim.setStartValue(self._lift)
        anim.setEndValue(target)
        anim.setDuration(LIFT_MS)
        anim.valueChanged.connect(lambda v: self._set_lift(float(v)))
        if target == 0.0:
            anim.finished.connect(self.drop_now)
        self._lift_anim = anim
        anim.start()

    def _set_lift(self, amount: float) -> None:
        self._lift = amount
        if self.shadow is not None:
            self.shadow.setOpacity(amount)

    def _attach_shadow(self, items: Sequence[CardItem]) -> None:
        scene = self._scene
        if scene.layout is None:
            return
        first, last = items[0], items[-1]
        grown = 1.0 + LIFT_SCALE if self._grown else 1.0
        w = scene.layout.card_w * grown
        h = (last.pos().y() - first.pos().y()) * grown + scene.layout.card_h * grown
        margin = max(4.0, w * 0.06)
        key = (round(w), round(h))
        if self.shadow is None:
            self.shadow = RunShadow()
            self.shadow.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.shadow.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        if key != self._shadow_key:
            self.shadow.set_picture(_shadow_picture(w, h, margin, w * 0.07), margin)
            self._shadow_key = key
        self.shadow.setParentItem(first)
        # below and to the right of the grown run, as if lit from the top left
        self.shadow.setPos(first.offset() + QPointF(-margin + w * 0.04, -margin + w * 0.07))
        self.shadow.setOpacity(0.0)
        self.shadow.setVisible(True)


class RunShadow(QGraphicsItem):
    """The lifted run's shadow, drawn only where it can show: the run's opaque cards
    cover its middle, so only its rim is painted (a third of its area for a long
    run, on every frame of a drag)."""

    def __init__(self) -> None:
        super().__init__()
        self.picture = QPixmap()
        self._margin = 0.0

    def set_picture(self, picture: QPixmap, margin: float) -> None:
        self.prepareGeometryChange()
        self.picture = picture
        self._margin = margin

    def boundingRect(self) -> QRectF:
        ratio = self.picture.devicePixelRatio() or 1.0
        return QRectF(0, 0, self.picture.width() / ratio, self.picture.height() / ratio)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        w, h = self.boundingRect().width(), self.boundingRect().height()
        # the middle left out lies well inside the run (its offset is under one margin)
        m = self._margin
        for strip in (
            QRectF(0, 0, w, 2 * m),
            QRectF(0, h - 3 * m, w, 3 * m),
            QRectF(0, 2 * m, 2 * m, h - 5 * m),
            QRectF(w - 3 * m, 2 * m, 3 * m, h - 5 * m),
        ):
            if strip.width() > 0 and strip.height() > 0:
                painter.drawPixmap(strip, self.picture, strip)


def _grown(picture: QPixmap, factor: float) -> QPixmap:
    """``picture`` made ``factor`` times larger, smoothly, at its pixel ratio."""
    grown = picture.scaled(
        round(picture.width() * factor),
        round(picture.height() * factor),
        Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    grown.setDevicePixelRatio(picture.devicePixelRatio())
    return grown


def _pen(colour: QColor, width: float) -> QPen:
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    return pen


def _shadow_picture(w: float, h: float, margin: float, radius: float) -> QPixmap:
    """A soft shadow of a ``w`` x ``h`` card stack with ``margin`` of blur round it:
    nested rounded rectangles, each a little more opaque, as a blur would fade."""
    image = QImage(round(w + 2 * margin), round(h + 2 * margin), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    for ring in range(SHADOW_RINGS):
        inset = margin * ring / SHADOW_RINGS
        painter.setBrush(QBrush(QColor(0, 0, 0, 22), Qt.BrushStyle.SolidPattern))
        rect = QRectF(inset, inset, w + 2 * (margin - inset), h + 2 * (margin - inset))
        painter.drawRoundedRect(rect, radius + margin - inset, radius + margin - inset)
    painter.end()
    return QPixmap.fromImage(image)
