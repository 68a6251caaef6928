"""Card pictures drawn from an installed SVG card deck (KDE's or Aisleriot's).

The deck's file holds every card as an element named ``<rank>_<suit>`` (``1_club``,
``10_heart``, ``queen_spade``) and the back as ``back``; ``QSvgRenderer`` draws one
element into the card's rectangle.  Like the painted faces, each picture is made
into a ``QImage`` at the device pixel ratio, so the renderer's worker thread can
prepare a whole deck at a new size (one ``QSvgRenderer``, behind a lock: it is not
safe to share between threads, and only one deck is prepared at a time anyway).

Large print lays an enlarged index of our own in the strip the column overlap
shows (the top corners), each figure on a patch of the face's colour, so every
deck keeps the large-print promise and its art stays in sight.  A card the
file lacks, or a file that cannot be read, is painted as the Classic face instead:
a broken deck never costs the game.
"""

from __future__ import annotations

import logging
import threading

from PySide6.QtCore import QByteArray, QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen
from PySide6.QtSvg import QSvgRenderer

from freecell.engine import Card, Suit
from freecell.storage.safe_read import read_bounded, unpack_bounded
from freecell.themes import CardTheme
from freecell.ui.table.card_faces import CardPainter, card_canvas, index_metrics

log = logging.getLogger(__name__)

SUIT_NAMES = {
    Suit.CLUBS: "club",
    Suit.DIAMONDS: "diamond",
    Suit.HEARTS: "heart",
    Suit.SPADES: "spade",
}
COURT_NAMES = {11: "jack", 12: "queen", 13: "king"}

# A deck file is read by us, bounded, and handed to Qt as bytes: given a path, Qt
# opens it itself and waits on a FIFO or reads /dev/zero for good (issue 36).  The
# largest decks KDE and Aisleriot ship are a few MB of SVG.
MAX_DECK_BYTES = 32 * 1024 * 1024
MAX_DECK_UNPACKED_BYTES = 64 * 1024 * 1024
GZIP_MAGIC = b"\x1f\x8b"


def deck_svg(path: str) -> bytes:
    """The SVG text of a deck file (an .svgz unpacked): a regular file, bounded.
    ``OSError`` when it cannot be read, ``ValueError`` when it unpacks to too much."""
    data = read_bounded(path, MAX_DECK_BYTES)
    if data.startswith(GZIP_MAGIC):
        data = unpack_bounded(data, MAX_DECK_UNPACKED_BYTES)
    return data


def element_id(card: Card | None) -> str:
    """The deck file's name for this card (``None`` = the back)."""
    if card is None:
        return "back"
    rank = COURT_NAMES.get(card.rank, str(card.rank))
    return f"{rank}_{SUIT_NAMES[card.suit]}"


class SvgCardPainter(CardPainter):
    """Paints a theme whose ``deck_file`` is an SVG deck; our own shadow under it."""

    def __init__(self, theme: CardTheme) -> None:
        super().__init__(theme)
        self._svg_lock = threading.Lock()
        self._svg: QSvgRenderer | None = None
        self._svg_tried = False

    def _deck(self) -> QSvgRenderer | None:
        """The deck's renderer, read on first use (under ``_svg_lock``)."""
        if not self._svg_tried:
            self._svg_tried = True
            try:
                svg = QSvgRenderer(QByteArray(deck_svg(self.theme.deck_file)))
            except (OSError, ValueError) as error:
                log.warning("card deck %s: %s", self.theme.deck_file, error)
                svg = QSvgRenderer()
            if svg.isValid():
                self._svg = svg
            else:
                log.warning(
                    "card deck %s could not be read; painting faces instead", self.theme.deck_file
                )
        return self._svg

    def has_element(self, card: Card | None) -> bool:
        """Whether the deck file draws this card itself."""
        with self._svg_lock:
            svg = self._deck()
            return svg is not None and svg.elementExists(element_id(card))

    def image(
        self, card: Card | None, card_w: int, card_h: int, dpr: float, large_print: bool
    ) -> QImage:
        img = card_canvas(card_w, card_h, dpr)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.drawImage(QPointF(0, 0), self._shadow(card_w, card_h, dpr))
        body = QRectF(0, 0, card_w, card_h)
        with self._svg_lock:
            svg = self._deck()
            drawn = svg is not None and svg.elementExists(element_id(card))
            if drawn:
                assert svg is not None
                svg.render(p, element_id(card), body)
        if not drawn:
            self._paint_body(p, card_w, card_h)
            if card is None:
                self._paint_back(p, QRectF(0.5, 0.5, card_w - 1, card_h - 1), card_w * 0.07)
            else:
                self._paint_front(p, card, card_w, card_h, large_print)
        elif card is not None and large_print:
            self._paint_large_index(p, card, card_w, card_h)
        p.end()
        return img

    def _paint_large_index(self, p: QPainter, card: Card, w: int, h: int) -> None:
        """Our enlarged index in the strip a column's overlap leaves showing: the
        rank in the top-left corner and the suit in the top-right, each on a patch
        of face colour just large enough for it, so the deck's art shows around and
        below them (its small corner indices are under the patches)."""
        m = index_metrics(w, h, True, self.theme.index_scale)
        place = self._index_place(card, w, m)
        pad = m.margin * 0.5
        # down to the strip's foot, which the overlap never covers (the J's tail)
        foot = min(m.strip, place.rank.bottom() + m.rank_height * 0.3 + pad)
        radius = w * 0.07
        card_shape = QPainterPath()
        card_shape.addRoundedRect(QRectF(0.5, 0.5, w - 1, h - 1), radius, radius)
        patches = QPainterPath()
        corner = m.margin * 0.8
        rank_right = place.rank.right() + pad
        suit_left = place.suit.left() - pad
        if suit_left - rank_right < m.margin:  # too close to part: one band
            patches.addRoundedRect(
                QRectF(-radius, -radius, w + 2 * radius, foot + radius), corner, corner
            )
        else:
            patches.addRoundedRect(
                QRectF(-radius, -radius, rank_right + radius, foot + radius), corner, corner
            )
            patches.addRoundedRect(
                QRectF(suit_left, -radius, w - suit_left + radius, foot + radius), corner, corner
            )
        patches = patches.intersected(card_shape)
        p.setPen(QPen(QColor(self.theme.border), 1.0))
        p.setBrush(QColor(self.theme.face))
        p.drawPath(patches)
        self._paint_index(p, card, w, h, m, self.suit_colour(card.suit, True), True)
