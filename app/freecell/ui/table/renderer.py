"""The card pictures: one image per card and size, painted once, into a cache.

The faces come from the theme's painter (:mod:`freecell.ui.table.card_faces`, or an
SVG deck's: :mod:`freecell.ui.table.svg_deck`) into a ``QImage`` at the device pixel
ratio.  ``QImage`` painting is thread-safe, so a whole deck can be prepared in a
``QThreadPool`` worker after a resize (``prepare``); ``QPixmap`` is only made on
the GUI thread (``pixmap``), from the cached image.
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtGui import QImage, QPixmap

from freecell.engine import DECK, Card
from freecell.themes import CardTheme
from freecell.ui.table.picture_cache import PictureCache, deck_fingerprint

if TYPE_CHECKING:
    from freecell.ui.table.card_faces import CardPainter


def painter_for(theme: CardTheme) -> CardPainter:
    """The painter of a theme: its SVG deck's pictures, or faces painted here."""
    from freecell.ui.table.card_faces import CardPainter

    if theme.deck_file:
        # imported here: QtSvg is loaded only by a player who picked an SVG deck
        from freecell.ui.table.svg_deck import SvgCardPainter

        return SvgCardPainter(theme)
    return CardPainter(theme)


class _Signals(QObject):
    ready = Signal(object)  # the (w, h, dpr, large) key of a deck now in the cache


class _PrepareJob(QRunnable):
    def __init__(self, renderer: CardRenderer, key: tuple[int, int, float, bool]) -> None:
        super().__init__()
        self._renderer = renderer
        self._key = key

    def run(self) -> None:
        w, h, dpr, large = self._key
        for c in DECK:
            if self._renderer.closed:
                return  # the window closed: nothing may paint past the application
            self._renderer.image(c, w, h, dpr, large)
        # the window may have closed while the deck was being painted
        with contextlib.suppress(RuntimeError):
            self._renderer.signals.ready.emit(self._key)


class CardRenderer:
    """The image cache: one ``QImage`` per (card, size, dpr, large print) for the
    current theme, and a ``QPixmap`` made from it on first use on the GUI thread.

    With ``pictures`` (the game sets a disk cache; tests and the bare window do not),
    a deck shown is also kept on disk, and a deck asked for is read from there
    before it is painted: see :mod:`freecell.ui.table.picture_cache`.
    """

    def __init__(self, theme: CardTheme) -> None:
        self.signals = _Signals()
        self.closed = False
        # a pool of its own: closing waits for the decks, not for Qt's own workers
        self._pool = QThreadPool()
        self._pool.setMaxThreadCount(1)
        self._lock = threading.Lock()
        self._images: dict[tuple[int, int, int, float, bool], QImage] = {}
        self._pixmaps: dict[tuple[int, int, int, float, bool], QPixmap] = {}
        self._generation = 0
        self.pictures: PictureCache | None = None
        # (theme generation, deck) of the decks read from or written to the disk
        self._on_disk: set[tuple[int, tuple[int, int, float, bool]]] = set()
        self.set_theme(theme)

    def set_theme(self, theme: CardTheme) -> None:
        self.theme = theme
        with self._lock:
            # made when a card is first painted: a deck read from the picture cache
            # needs none (nor the modules that paint faces and court figures)
            self._painter: CardPainter | None = None
            self._generation += 1  # images painted for the old theme are not kept
            self._images.clear()
        self._pixmaps.clear()

    def has_deck(self, w: int, h: int, dpr: float, large: bool) -> bool:
        """Whether every face at this size is already painted."""
        with self._lock:
            return all(self._key(c, w, h, dpr, large) in self._images for c in DECK)

    @staticmethod
    def _key(
        card: Card | None, w: int, h: int, dpr: float, large: bool
    ) -> tuple[int, int, int, float, bool]:
        return (-1 if card is None else card.index, w, h, dpr, large)

    def image(self, card: Card | None, w: int, h: int, dpr: float, large: bool) -> QImage:
        """The card's image; thread-safe (painting happens outside the lock)."""
        key = self._key(card, w, h, dpr, large)
        with self._lock:
            found = self._images.get(key)
            if found is not None:
                return found
            if self._painter is None:
                self._painter = painter_for(self.theme)
            painter, generation = self._painter, self._generation
        img = painter.image(card, w, h, dpr, large)
        with self._lock:
            if generation != self._generation:
                return img
            return self._images.setdefault(key, img)

    def pixmap(self, card: Card | None, w: int, h: int, dpr: float, large: bool) -> QPixmap:
        """GUI thread only."""
        key = self._key(card, w, h, dpr, large)
        pm = self._pixmaps.get(key)
        if pm is None:
            pm = QPixmap.fromImage(self.image(card, w, h, dpr, large))
            pm.setDevicePixelRatio(dpr)
            self._pixmaps[key] = pm
        return pm

    def prepare(self, w: int, h: int, dpr: float, large: bool) -> None:
        """Paint a whole deck at this size in a worker thread; ``signals.ready`` says
        when.  QPainter on a QImage lets the GIL go while it paints, so the GUI thread
        stays responsive."""
        if not self.closed:
            self._pool.start(_PrepareJob(self, (w, h, dpr, large)))

    def close(self, wait_ms: int = 5000) -> bool:
        """No more decks painted; wait (at most ``wait_ms``) for the one being
        painted, so no worker paints while the application is torn down (issue 36,
        finding 13: at exit, QCoreApplication's destructor waited for a thread pool
        while a deck was being painted in it, and the child hung or crashed).
        Whether the painting stopped in time (GUI thread)."""
        self.closed = True
        waited = 0
        while not self._pool.waitForDone(50):  # short waits: the job needs the GIL
            waited += 50
            if waited >= wait_ms:
                return False
        return True

    def load_deck(self, w: int, h: int, dpr: float, large: bool) -> bool:
        """Take this deck from the disk cache, if it is there and not yet in memory;
        whether it was taken (GUI thread)."""
        cache = self.pictures
        if cache is None or self.has_deck(w, h, dpr, large):
            return False
        with self._lock:
            theme, generation = self.theme, self._generation
        images = cache.load("deck", deck_fingerprint(theme, w, h, dpr, large), dpr)
        if images is None or set(images) != {c.index for c in DECK}:
            return False
        with self._lock:
            if generation != self._generation:
                return False
            for c in DECK:
                self._images.setdefault(self._key(c, w, h, dpr, large), images[c.index])
        self._on_disk.add((generation, (w, h, dpr, large)))
        return True

    def save_deck_later(self, w: int, h: int, dpr: float, large: bool) -> None:
        """Have the disk cache keep the deck now shown (a moment from now: see
        :meth:`PictureCache.store_later`), unless it came from there (GUI thread)."""
        cache = self.pictures
        deck = (w, h, dpr, large)
        if cache is None or (self._generation, deck) in self._on_disk:
            return
        with self._lock:
            theme, generation = self.theme, self._generation

        def images() -> dict[int, QImage] | None:
            with self._lock:
                if generation != self._generation:
                    return None  # another theme came in between
                found = {c.index: self._images.get(self._key(c, *deck)) for c in DECK}
            if any(img is None for img in found.values()):
                return None  # another size came in between
            self._on_disk.add((generation, deck))
            return found  # type: ignore[return-value]

        cache.store_later("deck", deck_fingerprint(theme, *deck), images)

    def forget_other_sizes(self, w: int, h: int) -> None:
        """Drop cached pixmaps of other sizes so a long session does not grow memory."""
        self._pixmaps = {k: v for k, v in self._pixmaps.items() if (k[1], k[2]) == (w, h)}
        with self._lock:
            self._images = {k: v for k, v in self._images.items() if (k[1], k[2]) == (w, h)}
